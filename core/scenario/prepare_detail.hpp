#pragma once
// What loading checks when parts of a document have errors: the program and
// the buffers that did load, so one load reports every problem.
#include <vector>

#include "core/scenario/scenario_io.hpp"

namespace ws::core::detail {

// Parses the program and builds the buffers of params whose `paramLoaded`
// entry is true; returns their errors.
std::vector<LoadError> checkProgramAndBuffers(const Scenario& s, const FileReader& read,
                                              const std::vector<bool>& paramLoaded);

}  // namespace ws::core::detail
