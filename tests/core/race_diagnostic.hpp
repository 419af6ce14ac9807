#pragma once
// A race diagnostic made by hand, for the tests of what shows races (views,
// panels, check's report), so they do not depend on the detector finding one.
#include <string>

#include "core/exec/diagnostics/diagnostic.hpp"

namespace ws::test {

// `second` found the race with `first` on `bytes` bytes at region/index/offset.
inline core::Diagnostic raceDiagnostic(core::DiagKind kind, const core::RaceAccess& first,
                                       const core::RaceAccess& second, core::MemRegion region, std::uint32_t index,
                                       std::uint64_t offset, std::uint8_t bytes, std::string message = "a race") {
  core::Diagnostic d;
  d.kind = kind;
  d.step = second.step;
  d.cta = second.cta;
  d.warp = second.warp;
  d.lanes = second.lane >= 0 ? 1u << second.lane : 0u;
  d.pc = second.pc;
  d.message = std::move(message);
  d.race = core::RaceInfo{first, second, region, index, offset, bytes};
  return d;
}

}  // namespace ws::test
