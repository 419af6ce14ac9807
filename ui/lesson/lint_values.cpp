#include "ui/lesson/lint_values.hpp"

#include <fmt/format.h>

#include "core/scenario/values.hpp"

namespace ws::ui::lint {

std::string stepName(std::uint64_t step) { return step == 0 ? "step 0 (the launch)" : fmt::format("step {}", step); }

std::string warpName(const core::MachineState& st, std::uint32_t w) {
  if (st.ctas.size() <= 1) return fmt::format("warp {}", w);
  return fmt::format("warp {} of CTA {}", st.warps[w].warpInCta, st.warps[w].cta);
}

std::optional<std::uint32_t> findRegister(const core::Program& p, const std::string& name, std::uint32_t func) {
  std::optional<std::uint32_t> any;
  std::size_t count = 0;
  for (std::uint32_t r = 0; r < p.regs.size(); ++r) {
    if (p.regs[r].name != name) continue;
    if (p.regs[r].func == func) return r;
    any = r;
    ++count;
  }
  return count == 1 ? any : std::nullopt;
}

std::string describeValue(std::uint64_t v, core::DataType t, QuotedNumber::Kind kind) {
  const int width = core::bitWidth(t);
  if (kind == QuotedNumber::Kind::Hex && width >= 8 && width <= 64)
    return fmt::format("0x{:0{}x}", width == 64 ? v : v & ((1ull << width) - 1), width / 4);
  if (kind == QuotedNumber::Kind::Decimal && !core::isFloat(t)) {
    if (width == 32) return core::formatValue(v, core::DataType::F32);
    if (width == 64) return core::formatValue(v, core::DataType::F64);
    if (width == 16) return core::formatValue(v, core::DataType::F16);
  }
  return core::formatValue(v, t);
}

}  // namespace ws::ui::lint
