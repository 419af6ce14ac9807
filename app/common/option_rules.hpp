#pragma once
// What the front ends' options accept beyond their syntax, decided once so
// warpscope-cli, warpscope-imgui and the Qt app refuse the same values with
// the same words. Toolkit-free: input.cpp wraps these as CLI11 validators,
// the Qt app calls them directly.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ws::app {

inline constexpr std::uint64_t kMaxCount = std::numeric_limits<std::uint64_t>::max();

// `text` as a whole number from `min` to `max`, written in decimal digits
// alone (no sign, no exponent, no rounding of 2^64 to 2^64-1). Else nullopt,
// and `error` says so with the range in digits ("'0' is not a whole number
// between 1 and 18446744073709551615").
std::optional<std::uint64_t> parseWholeNumber(std::string_view text, std::uint64_t min, std::uint64_t max,
                                              std::string& error);

// "" when `name` is a theme the viewers know (light, dark, projector), or a
// theme .toml file where `fileAllowed`; else the error, naming the themes.
std::string themeNameError(std::string_view name, bool fileAllowed);

}  // namespace ws::app
