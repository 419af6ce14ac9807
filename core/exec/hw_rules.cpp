#include "core/exec/hw_rules.hpp"

#include <bit>

namespace ws::core::hw {

LaneMask releasedLanes(LaneMask arrived, const MaskOf& maskOf, LaneMask live) {
  LaneMask go = 0, seen = 0;
  for (LaneMask m = arrived; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if ((seen >> l) & 1u) continue;
    const LaneMask mask = maskOf[static_cast<std::size_t>(l)];
    // The arrived lanes passing this same mask, found in one pass.
    LaneMask same = 0;
    for (LaneMask k = arrived; k; k &= k - 1) {
      const int o = std::countr_zero(k);
      if (maskOf[static_cast<std::size_t>(o)] == mask) same |= 1u << o;
    }
    seen |= same;
    if ((mask & live & ~same) == 0) go |= same;
  }
  return go;
}

std::string_view cudaErrorText(CudaError e) {
  switch (e) {
    case CudaError::IllegalInstruction: return "an illegal instruction was encountered";
    case CudaError::IllegalAddress: return "an illegal memory access was encountered";
  }
  return "unspecified launch failure";
}

std::optional<Fault> collectiveFault(Opcode op, LaneMask exec, const MaskOf& maskOf, LaneMask live, LaneMask valid) {
  LaneMask noLive = 0, outside = 0;
  for (LaneMask m = exec; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const LaneMask mask = maskOf[static_cast<std::size_t>(l)];
    if ((mask & live) == 0) noLive |= 1u << l;
    if (!((mask >> l) & 1u)) outside |= 1u << l;
  }
  if (noLive)
    return Fault{CudaError::IllegalInstruction, noLive,
                 "its membermask names no live lane (every lane it names has exited or does not exist)"};
  const bool warpSyncFirst = op == Opcode::Vote || op == Opcode::Match || op == Opcode::Redux;
  if (warpSyncFirst && outside && exec != valid)
    return Fault{CudaError::IllegalInstruction, outside,
                 "these lanes are not in their own membermask and the warp is not converged: ptxas syncs the "
                 "membermask first (WARPSYNC), which faults for a lane outside it"};
  return std::nullopt;
}

}  // namespace ws::core::hw
