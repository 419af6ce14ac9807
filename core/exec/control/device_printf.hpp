#pragma once
// CUDA's device printf (the vprintf system call): the format string and the
// argument buffer nvcc packs (each argument at the next offset aligned to its
// size: int, char and short as 4 bytes, long, pointers and double as 8,
// float promoted to double) become the text the host prints.
//
// What an H100 does, from tests/data/printf (recorded): the device side
// walks the format and copies one argument per conversion it accepts, and
// printf returns how many it copied; the host side formats them as C's
// printf does. The device accepts `%` [flags -+ #0] [width: digits or `*`]
// [precision: `.` digits] [length h, l, ll] conversion d i u o x X c s p f F
// e E g G a A, and `%` with anything before it as a literal percent sign. Any
// other spec (`%hhd`, `%zu`, `%Lf`, `%.*f`) ends at its first character
// outside that grammar and copies nothing; the H100's host then prints
// either the spec as written or bytes that are not arguments (varying run to
// run). Here such a spec is printed as written and reported.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::core {

struct DevicePrintf {
  std::string text;
  int returned = 0;                     // what printf returns: the arguments copied
  std::vector<std::string> unsupported; // specs outside CUDA's grammar, as written
  std::string error;                    // an argument or string could not be read
};

// `argument(bytes)` reads the next argument of `bytes` (4 or 8) from the
// buffer (aligned to its size); `string(address)` reads a NUL-terminated
// string at a generic address. Either returns nullopt when it cannot, and
// formatting stops there with `error` set.
DevicePrintf formatDevicePrintf(std::string_view format,
                                const std::function<std::optional<std::uint64_t>(unsigned bytes)>& argument,
                                const std::function<std::optional<std::string>(std::uint64_t address)>& string);

}  // namespace ws::core
