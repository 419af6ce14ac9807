#pragma once
// Numbers and lists of names as messages show them. A hostile module can
// declare 200,000 kernels; a message listing them all would be megabytes, so
// every list of names in a message goes through joinNames, which caps it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ws::core {

// How many names a message lists before "... and N more".
inline constexpr std::size_t kNamesShown = 8;

// 2000000 -> "2,000,000".
std::string groupDigits(std::uint64_t n);

// "a, b, c" or, past `shown` names, "a, b, c, ... and 199,997 more".
std::string joinNames(const std::vector<std::string>& names, std::size_t shown = kNamesShown);

}  // namespace ws::core
