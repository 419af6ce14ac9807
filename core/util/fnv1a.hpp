#pragma once
// FNV-1a, 64 bits: the project's one hash, for determinism checks (the
// machine state's hash, the CLI's trace hash). Bytes are hashed in the order
// given, so equal inputs hash alike on every build and platform.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ws::core {

struct Fnv1a {
  std::uint64_t value = 0xcbf29ce484222325ull;
  void add(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) {
      value ^= b[i];
      value *= kPrime;
    }
  }
  void add(std::string_view s) { add(s.data(), s.size()); }

  // add(&u, 8) for u's little-endian bytes, faster: a zero byte only
  // multiplies (x ^ 0 == x), so the zero bytes above u's highest set byte
  // are one multiplication by a power of the prime. The machine state
  // hashes every byte of memory and every register widened to 64 bits.
  void addU64(std::uint64_t u) {
    const int bytes = (64 - std::countl_zero(u) + 7) / 8;
    for (int i = 0; i < bytes; ++i) {
      value ^= (u >> (8 * i)) & 0xffu;
      value *= kPrime;
    }
    value *= kPrimePowers[static_cast<std::size_t>(8 - bytes)];
  }

 private:
  static constexpr std::uint64_t kPrime = 0x100000001b3ull;
  static constexpr std::array<std::uint64_t, 9> kPrimePowers = [] {
    std::array<std::uint64_t, 9> p{};
    p[0] = 1;
    for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * kPrime;
    return p;
  }();
};

}  // namespace ws::core
