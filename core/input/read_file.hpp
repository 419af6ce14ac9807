#pragma once
// Reading a whole input file with a size cap: every file the project reads
// (scenarios, PTX, buffers, themes, settings) goes through readFileCapped.
#include <cstdint>
#include <optional>
#include <string>

namespace ws::core {

// Input file sizes read at most: a scenario file, and the PTX and buffer
// files it (or the command line) names.
inline constexpr std::uint64_t kMaxScenarioFileBytes = 16ull << 20;
inline constexpr std::uint64_t kMaxInputFileBytes = 256ull << 20;

// Reads a whole regular file of at most `maxBytes`; nullopt with `error` set
// (naming the path) otherwise. Devices and FIFOs are refused.
std::optional<std::string> readFileCapped(const std::string& path, std::uint64_t maxBytes, std::string& error);

}  // namespace ws::core
