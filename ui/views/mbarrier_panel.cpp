// mbarrier panel: every mbarrier object that an executed mbarrier.init
// created, decoded, with the lanes waiting on it and its recent phases.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/exec/memory/memory_map.hpp"
#include "core/ptx/shared_layout.hpp"
#include "ui/views/history_index.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

bool isMbarrierWait(const core::Instr& ins) {
  return ins.op == core::Opcode::Mbarrier && (ins.has(core::Mod::TryWait) || ins.has(core::Mod::TestWait));
}

// The (CTA, offset) an mbarrier instruction addresses for one lane; false if unknown.
bool mbarrierTarget(const Frame& f, std::uint32_t warp, int lane, const core::Instr& ins, std::uint32_t& cta, std::uint64_t& offset) {
  const auto& s = f.st();
  const core::Operand* a = nullptr;
  for (const auto& op : ins.ops)
    if (op.kind == core::OperandKind::Address) { a = &op; break; }
  if (!a) return false;
  std::uint64_t addr = static_cast<std::uint64_t>(a->imm);
  if (a->hasBase) addr += regNow(f, warp, a->reg, lane);
  else if (a->symbol >= 0 && static_cast<std::size_t>(a->symbol) < f.prog().symbols.size())
    addr += f.prog().symbols[static_cast<std::size_t>(a->symbol)].offset;
  if (core::memmap::inWindow(addr, core::memmap::kSharedWindow)) addr -= core::memmap::kSharedWindow;
  const std::uint32_t own = s.warps[warp].cta;
  if (addr < core::memmap::kClusterSharedBase) {
    cta = own;
    offset = addr;
    return true;
  }
  const std::uint64_t rank = addr / core::memmap::kClusterSharedBase - 1;
  const auto& c = s.ctas[own];
  if (c.cluster >= s.clusters.size() || rank >= s.clusters[c.cluster].numCtas) return false;
  cta = s.clusters[c.cluster].firstCta + static_cast<std::uint32_t>(rank);
  offset = addr % core::memmap::kClusterSharedBase;
  return true;
}

// The wait a lane is spinning on: the mbarrier wait at its PC, or, for a lane
// whose last wait failed (it goes on to the loop's branch), the nearest wait
// instruction a few instructions back in the same function.
const core::Instr* waitOf(const core::Program& p, const core::WarpControl& c, int lane) {
  const std::uint32_t pc = c.pc[static_cast<std::size_t>(lane)];
  const core::Instr* here = instrAt(p, pc);
  if (here && isMbarrierWait(*here)) return here;
  if (!((c.yielded >> lane) & 1u)) return nullptr;
  for (std::uint32_t k = 1; k <= 8 && k <= pc; ++k) {
    const core::Instr* ins = instrAt(p, pc - k);
    if (!ins || (here && ins->func != here->func)) break;
    if (isMbarrierWait(*ins)) return ins;
  }
  return nullptr;
}

// The parity a lane's `.parity` wait waits for (the operand after the
// address), or -1 for a wait on a state token (whose phase the token holds).
int waitedParity(const Frame& f, std::uint32_t warp, int lane, const core::Instr& ins) {
  if (!ins.has(core::Mod::Parity)) return -1;
  for (std::size_t i = 0; i + 1 < ins.ops.size(); ++i) {
    if (ins.ops[i].kind != core::OperandKind::Address) continue;
    const core::Operand& p = ins.ops[i + 1];
    if (p.kind == core::OperandKind::Imm) return static_cast<int>(p.imm & 1);
    if (p.kind == core::OperandKind::Reg) return static_cast<int>(regNow(f, warp, p.reg, lane) & 1u);
    return -1;
  }
  return -1;
}

// "full_bar[2]" -> ("full_bar", 2); a name without an index is no ring member.
bool ringMember(const std::string& name, std::string& ring, std::uint32_t& index) {
  const auto open = name.rfind('[');
  if (open == std::string::npos || open == 0 || name.back() != ']') return false;
  std::uint32_t v = 0;
  for (std::size_t i = open + 1; i + 1 < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return false;
    v = v * 10 + static_cast<std::uint32_t>(name[i] - '0');
  }
  ring = name.substr(0, open);
  index = v;
  return true;
}

std::string eventText(const HistoryIndex::MbarrierTouch& t, const MbarrierFields& before, const MbarrierFields& after) {
  if (t.op == "init") return fmt::format("init({})", after.expected);
  std::string s = t.op;
  if (after.tx != before.tx) s += fmt::format(" (tx {} \u2192 {})", before.tx, after.tx);
  if (after.phase != before.phase) s += fmt::format(": phase {} completes", before.phase);
  return s;
}

}  // namespace

MbarrierPanelView buildMbarrierPanel(const Frame& f, const HistoryIndex& index) {
  MbarrierPanelView v;
  const auto& s = f.st();
  const auto& objects = index.mbarriers();
  for (std::uint32_t k = 0; k < objects.size(); ++k) {
    const auto& o = objects[k];
    if (o.initStep >= f.position || o.cta >= s.ctas.size()) continue;
    MbarrierRow row;
    row.cta = o.cta;
    row.ctaRank = s.ctas[o.cta].clusterRank;
    row.offset = o.offset;
    const CellName n = cellName(f, core::Space::Shared, o.cta, o.offset);
    row.name = n.name;
    // An array of mbarriers is an array of 8-byte objects, whatever type the
    // PTX declares it with (nvcc: .b8 full[16]): name the element by that.
    if (const core::Symbol* sym = core::sharedSymbolAt(f.prog(), f.launch ? f.launch->entry : "", o.offset);
        sym && sym->size >= 16 && sym->size % 8 == 0 && (o.offset - sym->offset) % 8 == 0)
      row.name = fmt::format("{}[{}]", shortSymbolName(sym->name), (o.offset - sym->offset) / 8);
    row.addrText = fmt::format("{}, offset {:#x}", n.region, o.offset);
    const std::uint64_t word = cellValue(f, core::Space::Shared, o.cta, o.offset, 8);
    const MbarrierFields d = decodeMbarrier(word);
    row.fields = d;
    row.stateText = d.initialised ? "initialised" : "not initialised (invalidated)";
    row.phaseText = fmt::format("phase {} (parity {})", d.phase, d.parity());
    row.pendingText = fmt::format("{} of {} arrivals pending", d.pending, d.expected);
    row.txText = fmt::format("tx-count {}", d.tx);
    if (f.record)
      for (const auto& c : f.record->mem)
        if (c.region == core::MemRegion::Shared && c.index == o.cta && c.offset == o.offset) row.touched = true;

    // Lanes waiting on it, across the warps of every CTA (remote waits are legal in a cluster).
    for (std::uint32_t w = 0; w < s.warps.size(); ++w) {
      const core::WarpControl& c = s.warps[w].ctl;
      core::LaneMask lanes = 0;
      std::array<core::LaneMask, 3> byParity{};  // parity 0, parity 1, a state token
      for (int l = 0; l < core::kWarpSize; ++l) {
        if (!((c.live() >> l) & 1u)) continue;
        const core::Instr* wait = waitOf(f.prog(), c, l);
        std::uint32_t cta = 0;
        std::uint64_t off = 0;
        if (!wait || !mbarrierTarget(f, w, l, *wait, cta, off) || cta != o.cta || off != o.offset) continue;
        lanes |= 1u << l;
        const int parity = waitedParity(f, w, l, *wait);
        byParity[static_cast<std::size_t>(parity < 0 ? 2 : parity)] |= 1u << l;
      }
      if (!lanes) continue;
      row.waiting.emplace_back(w, lanes);
      // Which phase each waiter waits for: the question a wrong parity turns
      // into a hang (waiting for a phase that completed long ago returns at
      // once; one that never comes spins forever).
      for (std::size_t p = 0; p < byParity.size(); ++p) {
        if (!byParity[p]) continue;
        // Short: the box sits beside the lanes and its width scales the picture.
        const std::string what = p == 2                ? "wait on a token"
                                 : p == d.parity() ? fmt::format("wait for parity {}: this phase", p)
                                                   : fmt::format("wait for parity {}: done", p);
        row.waitingText += fmt::format("{}warp {} {} {}", row.waitingText.empty() ? "" : "; ", w, lanesPhrase(byParity[p]), what);
      }
    }
    if (row.waitingText.empty()) row.waitingText = "no lane waits on it";
    ringMember(row.name, row.ring, row.ringIndex);

    // The async operations that will complete it.
    for (const core::AsyncOp& op : s.inflight) {
      if (!op.hasMbar || op.mbar.cta != o.cta || op.mbar.addr != o.offset) continue;
      if (op.kind == core::AsyncKind::CpAsyncArrive) {
        ++row.inflightArrivals;
      } else {
        ++row.inflightCopies;
        row.inflightTx += op.size;
      }
    }
    if (row.inflightCopies)
      // Short: the panel sits beside the lanes and its width scales the picture.
      row.inflightText = fmt::format("{} B in flight ({} async op{})", row.inflightTx, row.inflightCopies,
                                     row.inflightCopies == 1 ? "" : "s");
    if (row.inflightArrivals)
      row.inflightText += fmt::format("{}{} cp.async arrive-on{} pending", row.inflightText.empty() ? "" : "; ",
                                      row.inflightArrivals, row.inflightArrivals == 1 ? "" : "s");

    // Its recent history, newest last.
    std::vector<MbarrierEvent> events;
    for (const auto& t : index.touches()) {
      if (t.object != k || t.step >= f.position) continue;
      const auto b = decodeMbarrier(t.before), a = decodeMbarrier(t.after);
      MbarrierEvent e;
      e.step = t.step;
      e.what = eventText(t, b, a);
      e.phaseCompleted = a.phase != b.phase;
      e.phaseAfter = a.phase;
      events.push_back(std::move(e));
    }
    const std::size_t keep = std::max<std::size_t>(1, f.options.mbarrierTimelinePhases);
    if (events.size() > keep) events.erase(events.begin(), events.end() - static_cast<std::ptrdiff_t>(keep));
    row.timeline = std::move(events);
    v.objects.push_back(std::move(row));
  }
  // Rings: a pipeline's full/empty barriers are arrays (full[0..S-1]); a
  // name seen with two or more indices in one CTA is a ring of that many stages.
  for (MbarrierRow& r : v.objects) {
    if (r.ring.empty()) continue;
    r.ringStages = static_cast<std::uint32_t>(std::count_if(v.objects.begin(), v.objects.end(), [&](const MbarrierRow& o) {
      return o.cta == r.cta && o.ring == r.ring;
    }));
    if (r.ringStages < 2) {
      r.ring.clear();
      r.ringStages = 0;
      continue;
    }
    r.ringText = fmt::format("stage {} of the {}-stage ring {}[]", r.ringIndex, r.ringStages, r.ring);
  }
  // A ring's stages together, in stage order, where its first-initialised
  // stage stood (pipelines initialise full[i] and empty[i] in turn).
  std::vector<MbarrierRow> ordered;
  ordered.reserve(v.objects.size());
  std::vector<bool> taken(v.objects.size(), false);
  for (std::size_t i = 0; i < v.objects.size(); ++i) {
    if (taken[i]) continue;
    const MbarrierRow& head = v.objects[i];
    std::vector<std::size_t> members{i};
    if (head.ringStages)
      for (std::size_t j = i + 1; j < v.objects.size(); ++j)
        if (!taken[j] && v.objects[j].cta == head.cta && v.objects[j].ring == head.ring) members.push_back(j);
    std::stable_sort(members.begin(), members.end(),
                     [&](std::size_t a, std::size_t b) { return v.objects[a].ringIndex < v.objects[b].ringIndex; });
    for (std::size_t m : members) {
      taken[m] = true;
      ordered.push_back(std::move(v.objects[m]));
    }
  }
  v.objects = std::move(ordered);
  return v;
}

}  // namespace ws::ui
