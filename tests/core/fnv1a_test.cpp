// The project's one hash: addU64 is a shortcut of add over 8 bytes and must
// give the same value for every input (state hashes are compared across
// builds and saved beside scenarios).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "core/util/fnv1a.hpp"

namespace ws::core {
namespace {

std::uint64_t viaBytes(std::uint64_t seed, std::uint64_t u) {
  Fnv1a h;
  h.value = seed;
  unsigned char b[8];
  for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(u >> (8 * i));
  h.add(b, 8);
  return h.value;
}

std::uint64_t viaU64(std::uint64_t seed, std::uint64_t u) {
  Fnv1a h;
  h.value = seed;
  h.addU64(u);
  return h.value;
}

TEST(Fnv1a, KnownValue) {
  Fnv1a h;
  h.add("a");
  EXPECT_EQ(h.value, 0xaf63dc4c8601ec8cull);  // FNV-1a 64 of "a"
}

TEST(Fnv1a, AddU64EqualsAddingTheEightBytes) {
  std::mt19937_64 rng(7);
  const std::uint64_t seed = Fnv1a{}.value;
  for (std::uint64_t u : {0ull, 1ull, 0xffull, 0x100ull, 0x8000ull, 0xffffffffull, 0x100000000ull,
                          0x00ff000000000000ull, 0x8000000000000000ull, ~0ull})
    EXPECT_EQ(viaU64(seed, u), viaBytes(seed, u)) << std::hex << u;
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t s = rng(), u = rng() >> (rng() % 64);
    ASSERT_EQ(viaU64(s, u), viaBytes(s, u)) << std::hex << u;
  }
}

}  // namespace
}  // namespace ws::core
