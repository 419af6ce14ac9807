#pragma once
// The shared-memory swizzle patterns of Hopper's tensor memory accelerator
// (TMA) and of wgmma matrix descriptors: one rule, used by both.
//
// A swizzled layout permutes the 16-byte chunks of each row of a repeating
// pattern: chunk bits [4, 4+b) of the byte address are XORed with the bits
// [7, 7+b) above them, b = 1, 2, 3 for the 32-, 64- and 128-byte modes (the
// CuTe Swizzle<b,4,3> functors). The pattern is a function of the absolute
// shared-memory address, which is why TMA demands that a swizzled box start
// on a multiple of the pattern's span (256, 512 and 1024 bytes).
#include <cstdint>
#include <optional>
#include <string_view>

namespace ws::core {

enum class Swizzle : std::uint8_t { None, B32, B64, B128 };

// How many chunk bits the mode permutes (0 for None).
constexpr unsigned swizzleBits(Swizzle s) { return static_cast<unsigned>(s); }

// The swizzle width in bytes: a row of the pattern (16 for None).
constexpr std::uint32_t swizzleRowBytes(Swizzle s) { return 16u << swizzleBits(s); }

// The address span after which the pattern repeats (and the alignment TMA
// requires of a swizzled destination): 8 rows of the mode.
constexpr std::uint32_t swizzleSpanBytes(Swizzle s) { return s == Swizzle::None ? 16u : 128u << swizzleBits(s); }

// Where the byte at (unswizzled) shared-memory address `addr` is stored.
// An involution: applying it twice gives `addr` back.
constexpr std::uint64_t swizzleAddress(std::uint64_t addr, Swizzle s) {
  const unsigned b = swizzleBits(s);
  if (b == 0) return addr;
  const std::uint64_t mask = ((1ull << b) - 1) << 4;
  return addr ^ ((addr >> 3) & mask);
}

constexpr std::string_view swizzleName(Swizzle s) {
  switch (s) {
    case Swizzle::None: return "none";
    case Swizzle::B32: return "32B";
    case Swizzle::B64: return "64B";
    case Swizzle::B128: return "128B";
  }
  return "none";
}

inline std::optional<Swizzle> parseSwizzle(std::string_view n) {
  for (Swizzle s : {Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128})
    if (n == swizzleName(s)) return s;
  return std::nullopt;
}

static_assert(swizzleAddress(swizzleAddress(0x3f0, Swizzle::B128), Swizzle::B128) == 0x3f0);
static_assert(swizzleAddress(0x80, Swizzle::B128) == 0x90);   // row 1, chunk 0 -> chunk 1
static_assert(swizzleAddress(0x380, Swizzle::B64) == 0x3b0);  // row 7: chunk bits 4-5 ^= 0b11
static_assert(swizzleAddress(0x80, Swizzle::B32) == 0x90);

}  // namespace ws::core
