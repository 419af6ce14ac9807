#pragma once
// Rounding modes of the PTX ISA (section 6.5.2, Rounding Modifiers) as one
// enum for the float helpers, and their mapping from the instruction's
// rounding modifier.
#include <cstdint>

#include "core/isa/isa.hpp"

namespace ws::core {

// .rn/.rni, .rz/.rzi, .rm/.rmi, .rp/.rpi, .rna.
enum class RoundMode : std::uint8_t { NearestEven, TowardZero, Down, Up, NearestAway };

// The rounding an instruction asks for; an instruction without a rounding
// modifier rounds to nearest even (the PTX default where one is optional).
constexpr RoundMode roundModeOf(Mod m) {
  switch (m) {
    case Mod::Rz:
    case Mod::Rzi:
      return RoundMode::TowardZero;
    case Mod::Rm:
    case Mod::Rmi:
      return RoundMode::Down;
    case Mod::Rp:
    case Mod::Rpi:
      return RoundMode::Up;
    case Mod::Rna:
      return RoundMode::NearestAway;
    default:
      return RoundMode::NearestEven;
  }
}

// .rni/.rzi/.rmi/.rpi: round to an integral value (cvt only).
constexpr bool isIntegerRounding(Mod m) { return m == Mod::Rni || m == Mod::Rzi || m == Mod::Rmi || m == Mod::Rpi; }

}  // namespace ws::core
