#pragma once
// Reading the [schedule] section (docs/scenario-format.md). Internal to
// core/scenario, like toml_reader.hpp.
#include <toml++/toml.h>

#include "core/scenario/scenario.hpp"
#include "core/scenario/toml_reader.hpp"

namespace ws::core::detail {

// Reads doc's [schedule], if any, into s.schedule. Whether each warp exists
// is checked when the scenario is prepared, where the launch is known.
void readSchedule(TomlReader& r, const toml::table& doc, Scenario& s);

}  // namespace ws::core::detail
