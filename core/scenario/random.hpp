#pragma once
// The seeded random fill of scenario buffers: Marsaglia's xorshift32
// (13, 17, 5), so the same seed gives the same words on every platform and in
// every implementation that follows docs/scenario-format.md.
#include <cstdint>

namespace ws::core {

class XorShift32 {
 public:
  // A zero state would stay zero forever, so seed 0 (and any seed whose low
  // 32 bits are zero) starts from the documented constant 0x9e3779b9.
  explicit XorShift32(std::uint64_t seed) {
    const auto s = static_cast<std::uint32_t>(seed ^ (seed >> 32));
    m_state = s ? s : 0x9e3779b9u;
  }
  std::uint32_t next() {
    std::uint32_t x = m_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    m_state = x;
    return x;
  }

 private:
  std::uint32_t m_state;
};

}  // namespace ws::core
