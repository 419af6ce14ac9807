#include "core/exec/state/machine_state.hpp"

#include <array>
#include <type_traits>
#include <vector>

#include "core/exec/state/state_visit.hpp"
#include "core/util/fnv1a.hpp"

namespace ws::core {
namespace {

// FNV-1a over the little-endian bytes of every visited field.
struct Hasher {
  Fnv1a h;
  void bytes(const void* p, std::size_t n) { h.add(p, n); }
  template <class T>
  void operator()(const T& x) {
    if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
      h.addU64(static_cast<std::uint64_t>(x));
    } else if constexpr (requires { x.size(); x.data(); }) {
      const std::uint64_t n = x.size();
      bytes(&n, sizeof n);
      for (const auto& e : x) (*this)(e);
    }
  }
};

}  // namespace

std::uint64_t MachineState::hash() const {
  Hasher h;
  visitFields(*this, h);
  return h.h.value;
}

}  // namespace ws::core
