#include "core/exec/races/race_report.hpp"

#include <fmt/format.h>

#include <bit>

#include "core/exec/diagnostics/wait_report.hpp"

namespace ws::core::race {
namespace {

std::string who(const RaceAccess& a) {
  if (a.lane < 0) return fmt::format("an asynchronous operation issued by warp {} (CTA {})", a.warp, a.cta);
  return fmt::format("lane {} of warp {} (CTA {})", a.lane, a.warp, a.cta);
}

std::string_view verb(const RaceAccess& a, bool past) {
  switch (a.what) {
    case RaceAccess::What::Read: return past ? "read" : "reads";
    case RaceAccess::What::Write: return past ? "wrote" : "writes";
    case RaceAccess::What::Atomic: return past ? "updated atomically" : "updates atomically";
  }
  return "";
}

std::string where(const Program& p, std::uint32_t pc) {
  if (pc >= p.instrs.size()) return "?";
  std::string s = lineOf(p, pc);
  const CudaLoc& c = p.instrs[pc].cuda;
  if (c.line > 0) s += fmt::format(" (CUDA line {})", c.line);
  return s;
}

}  // namespace

std::string memoryName(const Program& p, const MachineState& st, MemRegion region, std::uint32_t index,
                       std::uint64_t offset) {
  if (region == MemRegion::Shared) {
    std::string name = fmt::format("shared offset {:#x}", offset);
    for (const Symbol& s : p.symbols) {
      if (s.space != Space::Shared) continue;
      if (offset >= s.offset && (s.isExtern || offset < s.offset + s.size)) {
        name = offset == s.offset ? s.name : fmt::format("{}+{}", s.name, offset - s.offset);
        if (!s.isExtern) break;  // a static variable is exact; the dynamic window may be overlapped by none
      }
    }
    return fmt::format("{} (shared memory of CTA {})", name, index);
  }
  if (index < st.global.size()) return fmt::format("{}, byte {}", st.global[index].name, offset);
  return fmt::format("global buffer {}, byte {}", index, offset);
}

std::string raceMessage(const Program& p, const MachineState& st, const Finding& f, LaneMask lanes) {
  const RaceInfo& r = f.info;
  const int more = std::popcount(lanes) - 1;
  const std::string others = more > 0 ? fmt::format(" (and {} more lane{} of this step)", more, more == 1 ? "" : "s") : "";
  const std::string mem = memoryName(p, st, r.region, r.index, r.offset);
  // How long before, not the step's number: the viewers count steps from 1
  // on their timeline, the CLI from 0, and this text appears in both.
  const std::uint64_t ago = r.second.step - r.first.step;
  std::string msg = fmt::format("{}{} {} {} ({} byte{}) at {}; {} {} it at {} ({} step{} earlier)", who(r.second),
                                others, verb(r.second, false), mem, r.bytes, r.bytes == 1 ? "" : "s",
                                where(p, r.second.pc), who(r.first), verb(r.first, true), where(p, r.first.pc), ago,
                                ago == 1 ? "" : "s");
  if (f.kind == DiagKind::MemoryModelNoAcquire)
    return msg + fmt::format(", ordered only because the reader saw a flag written after a fence and has no acquire "
                             "after reading it: current NVIDIA GPUs honour this, the PTX memory model does not "
                             "promise it. Needed: {}",
                             f.remedy);
  if (f.sameWarp && r.first.strong && r.second.strong)
    return msg + fmt::format(", and nothing orders the two: both are .volatile, which makes each access strong but "
                             "orders no lane after another. Needed: {}",
                             f.remedy);
  return msg + fmt::format(", and nothing orders the two. Needed: {}", f.remedy);
}

}  // namespace ws::core::race
