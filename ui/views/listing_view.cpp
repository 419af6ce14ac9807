// PTX listing of the focused warp's function: where each diverged lane group
// stands, breakpoints, and the CUDA source line beside each instruction.
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {

ListingView buildListing(const Frame& f) {
  ListingView v;
  const core::Program& p = f.prog();
  const auto& s = f.st();
  if (!p.files.empty()) v.file = p.files[0];
  if (p.functions.empty() || f.focus.warp >= s.warps.size()) return v;
  const core::WarpControl& c = s.warps[f.focus.warp].ctl;
  const core::StepRecord* rec = f.recordOfWarp(f.focus.warp);
  const core::LaneMask live = c.live();
  std::uint32_t pc = rec ? rec->pc : 0;
  if (!rec && live) pc = c.pc[static_cast<std::size_t>(((live >> f.focus.lane) & 1u) ? f.focus.lane : std::countr_zero(live))];
  std::uint32_t func = 0;
  for (std::uint32_t i = 0; i < p.functions.size(); ++i)
    if (pc >= p.functions[i].begin && pc < p.functions[i].end) func = i;
  const core::Function& fn = p.functions[func];

  std::uint32_t firstLine = fn.pos.line ? fn.pos.line : 1, lastLine = firstLine;
  for (std::uint32_t i = fn.begin; i < fn.end && i < p.instrs.size(); ++i) {
    firstLine = std::min(firstLine, p.instrs[i].pos.line ? p.instrs[i].pos.line : firstLine);
    lastLine = std::max(lastLine, p.instrs[i].pos.line);
  }
  lastLine = std::min<std::uint32_t>(lastLine + 1, static_cast<std::uint32_t>(std::max<std::size_t>(p.sourceLines.size(), lastLine)));
  if (lastLine < firstLine) return v;
  const std::size_t n = lastLine - firstLine + 1;
  v.lines.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    ListingLine& ln = v.lines[k];
    ln.line = static_cast<std::int32_t>(firstLine + k);
    if (ln.line >= 1 && static_cast<std::size_t>(ln.line) <= p.sourceLines.size()) ln.text = p.sourceLines[static_cast<std::size_t>(ln.line - 1)];
  }
  auto at = [&](std::uint32_t line) -> ListingLine* { return line >= firstLine && line <= lastLine ? &v.lines[line - firstLine] : nullptr; };
  for (std::uint32_t i = fn.begin; i < fn.end && i < p.instrs.size(); ++i) {
    ListingLine* ln = at(p.instrs[i].pos.line);
    if (!ln || ln->pc >= 0) continue;
    ln->pc = static_cast<std::int32_t>(i);
    ln->cuda = cudaLocation(p, p.instrs[i]);
    const core::CudaLoc& loc = p.instrs[i].cuda;
    if (f.sources && loc.file >= 0 && static_cast<std::size_t>(loc.file) < p.files.size())
      if (auto text = f.sources->line(p.files[static_cast<std::size_t>(loc.file)], loc.line)) ln->cudaText = *text;
    ln->tooltip = fmt::format("{}: {}", p.instrs[i].info().mnemonic, p.instrs[i].summary());
    if (p.instrs[i].unsupported >= 0) {
      const core::Unsupported& u = p.unsupported[static_cast<std::size_t>(p.instrs[i].unsupported)];
      ln->notExecuted = fmt::format("{}: not executed by warpscope ({}); a run stops here", u.what, u.reason);
      ln->tooltip += "\n" + ln->notExecuted;
    }
    if (rec && rec->pc == i) ln->executedNow = true;
  }
  if (rec)
    if (ListingLine* ln = at(lineOf(p, rec->pc) > 0 ? static_cast<std::uint32_t>(lineOf(p, rec->pc)) : 0)) ln->executedNow = true;
  for (int l = 0; l < core::kWarpSize; ++l) {
    if (!((live >> l) & 1u)) continue;
    if (ListingLine* ln = at(static_cast<std::uint32_t>(std::max(0, lineOf(p, c.pc[static_cast<std::size_t>(l)]))))) ln->lanesHere |= 1u << l;
  }
  for (auto& ln : v.lines)
    if (ln.lanesHere) ln.lanesText = lanesPhrase(ln.lanesHere);
  if (f.breakpoints) {
    for (const auto& b : *f.breakpoints) {
      if (!b.enabled) continue;
      if (b.kind == core::Breakpoint::Kind::PtxLine) {
        if (ListingLine* ln = at(static_cast<std::uint32_t>(std::max(0, b.line)))) ln->breakpoint = true;
      } else if (b.kind == core::Breakpoint::Kind::Pc && b.pc < p.instrs.size()) {
        if (ListingLine* ln = at(p.instrs[b.pc].pos.line)) ln->breakpoint = true;
      }
    }
  }
  return v;
}

}  // namespace ws::ui
