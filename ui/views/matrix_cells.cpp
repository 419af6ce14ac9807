#include "ui/views/matrix_cells.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/exec/tensor/matrix_numerics.hpp"

namespace ws::ui {

std::string compactFloat(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  if (v == std::trunc(v) && std::fabs(v) < 1e6) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.4g}", v);
}

std::string elemText(core::mx::Elem e, std::uint64_t bits) {
  switch (e) {
    case core::mx::Elem::S8:
      return fmt::format("{}", static_cast<std::int8_t>(bits & 0xff));
    case core::mx::Elem::U8:
      return fmt::format("{}", bits & 0xff);
    case core::mx::Elem::S4:
      return fmt::format("{}", static_cast<int>((bits & 0xf) ^ 0x8) - 8);
    case core::mx::Elem::U4:
      return fmt::format("{}", bits & 0xf);
    case core::mx::Elem::B1:
      return fmt::format("{}", bits & 1u);
    case core::mx::Elem::S32:
      return fmt::format("{}", static_cast<std::int32_t>(bits & 0xffffffffu));
    case core::mx::Elem::None:
      return fmt::format("{}", bits);  // b16 of ldmatrix
    default:
      return compactFloat(core::mx::elemValue(e, bits));
  }
}

}  // namespace ws::ui
