#pragma once
// A buffer parameter's initial contents as bytes: words, iota, fill, seeded
// random, or a file (JSON array of words, or raw little-endian bytes).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ptx/diagnostic.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::core {

// Errors are reported at the scenario positions under `path` ("param[0]"),
// or inside the named file for JSON syntax errors.
std::optional<std::vector<std::uint8_t>> bufferBytes(const BufferParam& b, const Scenario& s, const std::string& path,
                                                     const FileReader& read, std::vector<LoadError>& errors);

// A JSON buffer file's words ("[1, 2]" or {"words": [...]}); errors carry the
// file's own line:col.
std::optional<std::vector<std::uint32_t>> parseWordsJson(std::string_view text, const std::string& fileName,
                                                         WordType type, std::vector<LoadError>& errors);

}  // namespace ws::core
