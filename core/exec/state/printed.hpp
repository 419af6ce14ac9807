#pragma once
// What a kernel printed: one lane's device printf (or a failed assert's
// message) at one step, as the host would print it after the launch.
#include <cstdint>
#include <string>

namespace ws::core {

struct PrintedText {
  std::uint64_t step = 0;
  std::uint32_t cta = 0, warp = 0;  // warp = global warp index
  std::uint8_t lane = 0;
  std::uint32_t pc = 0;
  std::string text;
  bool operator==(const PrintedText&) const = default;
};

}  // namespace ws::core
