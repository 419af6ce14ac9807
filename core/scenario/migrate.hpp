#pragma once
// Scenario format versions. A file says `format = N`. Loading migrates a
// document of an older format forward one version at a time (each step
// rewrites the TOML table: renames keys, moves tables, fills new required
// keys), then reads it as the current format; saving always writes the
// current format. A newer format than this build knows is an error, never a
// guess. docs/scenario-format.md lists the versions and what each step does.
#include <toml++/toml.h>

#include "core/scenario/toml_reader.hpp"

namespace ws::core {

// Optional keys that no existing file uses (the tensor-map [[param]]s,
// docs/tma.md) join the current format without a new number: an older build
// refuses such a file with a message instead of misreading it.

// The oldest format this build still reads.
inline constexpr int kOldestScenarioFormat = 1;

// Checks `format` and applies the migration steps. Reports problems through
// `r`; false when the document cannot be read at all.
bool migrateScenario(toml::table& doc, detail::TomlReader& r);

}  // namespace ws::core
