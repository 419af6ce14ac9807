#pragma once
// Reading a lesson's goal, prerequisites and [[question]] tables
// (docs/scenario-format.md). Internal to core/scenario, like toml_reader.hpp.
#include <toml++/toml.h>

#include "core/scenario/scenario.hpp"
#include "core/scenario/toml_reader.hpp"

namespace ws::core::detail {

// Reads doc's goal, prerequisites and questions into s.lesson. `format` is
// the version the file declared: these keys are format 2.
void readLesson(TomlReader& r, const toml::table& doc, std::int64_t format, Scenario& s);

}  // namespace ws::core::detail
