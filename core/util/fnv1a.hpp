#pragma once
// FNV-1a, 64 bits: the project's one hash, for determinism checks (the
// machine state's hash, the CLI's trace hash). Bytes are hashed in the order
// given, so equal inputs hash alike on every build and platform.
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
      value *= 0x100000001b3ull;
    }
  }
  void add(std::string_view s) { add(s.data(), s.size()); }
};

}  // namespace ws::core
