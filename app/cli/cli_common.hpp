#pragma once
// Shared pieces of warpscope-cli's commands: reading a PTX file, parsing
// launch shapes and buffer files, and printing results.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine.hpp"
#include "core/exec/launch.hpp"

namespace ws::cli {

// Conventional exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;    // the program ran into a diagnostic / expectations failed
inline constexpr int kExitUsage = 2;     // bad command line or unreadable/malformed input

// "2", "2,1,1" or "2x1x1" -> {2, 1, 1}; nullopt with `error` set when malformed.
std::optional<core::Dim3> parseDim3(const std::string& text, std::string& error);

// A buffer file: a JSON array of 32-bit words, or {"words": [...]}. Errors
// carry file:line:col.
std::optional<std::vector<std::uint32_t>> readWordsFile(const std::string& path, std::string& error);

// A whole input file, at most core::kMaxInputFileBytes; devices and FIFOs are refused.
std::optional<std::string> readTextFile(const std::string& path, std::string& error);

std::string stopName(core::StopReason r);

}  // namespace ws::cli
