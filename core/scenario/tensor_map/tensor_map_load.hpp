#pragma once
// The tensor-map keys of a [[param]] (docs/tma.md): read, then checked
// against every rule cuTensorMapEncodeTiled/Im2col enforces, each broken
// rule reported at the key (or the list element) it concerns. Internal to
// core/scenario.
#include <string>

#include "core/scenario/toml_reader.hpp"

namespace ws::core::detail {

// Reads the map's fields of table `p` (at `path`, "param[0]") into `map`;
// false when anything was reported.
bool readTensorMapFields(TomlReader& r, const toml::table& p, const std::string& path, TensorMap& map);

}  // namespace ws::core::detail
