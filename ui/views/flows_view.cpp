// Data-flow arrows of one step, from the StepRecord's flows, plus red.async
// operations still in flight (drawn dashed until they complete).
#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "core/exec/async/async_op.hpp"
#include "ui/views/history_index.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

std::string_view flowClass(core::FlowKind k) {
  switch (k) {
    case core::FlowKind::Shuffle: return "flow shuffle";
    case core::FlowKind::ShuffleKeep: return "flow shuffle keep";
    case core::FlowKind::Vote: return "flow vote";
    case core::FlowKind::Match: return "flow match";
    case core::FlowKind::Reduce: return "flow reduce";
    case core::FlowKind::Atomic: return "flow atomic";
    case core::FlowKind::AsyncIssue: return "flow async inflight";
    case core::FlowKind::AsyncComplete: return "flow async done";
    case core::FlowKind::CompleteTx: return "flow completetx";
    case core::FlowKind::AsyncArrive: return "flow async arrive";
    case core::FlowKind::MbarrierOp: return "flow mbarrier";
    case core::FlowKind::Load: return "flow load";
    case core::FlowKind::Store: return "flow store";
    case core::FlowKind::RowAddress: return "flow row-address";
  }
  return "flow";
}

class Builder {
 public:
  Builder(const Frame& f, FlowsView& v) : m_f(f), m_v(v) {}

  FlowEnd end(const core::Endpoint& e, bool mbarrierCell = false) {
    FlowEnd r;
    switch (e.kind) {
      case core::Endpoint::Kind::Lane:
        r.kind = FlowEnd::Kind::Lane;
        r.warp = e.warp;
        r.lane = e.lane;
        r.reg = e.reg;
        break;
      case core::Endpoint::Kind::Memory:
      case core::Endpoint::Kind::Mbarrier:
        r.kind = e.kind == core::Endpoint::Kind::Memory && !mbarrierCell ? FlowEnd::Kind::Memory : FlowEnd::Kind::Mbarrier;
        r.space = e.space;
        r.cta = e.cta;
        r.addr = e.addr;
        r.cell = cell(e.space, e.cta, e.addr, r.kind == FlowEnd::Kind::Mbarrier);
        break;
      case core::Endpoint::Kind::None: break;
    }
    return r;
  }

  int cell(core::Space space, std::uint32_t cta, std::uint64_t addr, bool mbarrier) {
    if (space != core::Space::Shared) cta = 0;
    for (std::size_t i = 0; i < m_v.cells.size(); ++i) {
      const MemCell& c = m_v.cells[i];
      if (c.space == space && c.cta == cta && c.addr == addr && c.mbarrier == mbarrier) return static_cast<int>(i);
    }
    MemCell c;
    c.space = space;
    c.cta = cta;
    c.addr = addr;
    c.mbarrier = mbarrier;
    const auto& s = m_f.st();
    c.ctaRank = space == core::Space::Shared && cta < s.ctas.size() ? s.ctas[cta].clusterRank : 0;
    const CellName n = cellName(m_f, space, cta, addr);
    c.name = n.name;
    if (mbarrier) {
      const std::uint64_t word = cellValue(m_f, space, cta, addr, 8);
      const MbarrierFields d = decodeMbarrier(word);
      c.value = d.initialised ? fmt::format("phase {} \u00b7 {}/{} pending \u00b7 tx {}", d.phase, d.pending, d.expected, d.tx)
                              : "not initialised";
      c.tooltip = fmt::format("mbarrier {} ({}, offset {:#x}): {}", c.name, n.region, addr, c.value);
    } else {
      const std::uint64_t val = cellValue(m_f, space, cta, addr, n.elemBytes);
      c.value = formatBits(val, static_cast<int>(n.elemBytes * 8), ValueFormat::Auto);
      c.tooltip = fmt::format("{} ({}, offset {:#x}) = {}", c.name, n.region, addr, c.value);
    }
    m_v.cells.push_back(std::move(c));
    return static_cast<int>(m_v.cells.size() - 1);
  }

  std::string valueText(std::int32_t reg, std::uint64_t bits) {
    if (reg >= 0) return regText(m_f, static_cast<std::uint32_t>(reg), bits, true);
    return formatBits(bits, 64, ValueFormat::Auto);
  }

  void arrow(const core::Flow& fl, bool inFlight, const std::string& tooltip) {
    Arrow a;
    a.kind = fl.kind;
    a.cls = std::string(flowClass(fl.kind));
    if (fl.kind == core::FlowKind::AsyncIssue && !inFlight) a.cls = "flow async done";
    a.from = end(fl.from);
    a.to = end(fl.to, fl.kind == core::FlowKind::CompleteTx || fl.kind == core::FlowKind::MbarrierOp ||
                          fl.kind == core::FlowKind::AsyncArrive);
    a.order = fl.order;
    a.group = fl.kind == core::FlowKind::Match ? static_cast<int>(fl.group) : -1;
    a.inFlight = inFlight;
    a.keep = fl.kind == core::FlowKind::ShuffleKeep;
    const std::int32_t reg = fl.to.kind == core::Endpoint::Kind::Lane ? fl.to.reg : fl.from.reg;
    // A copy carries a region: its size; everything else a value.
    const bool copy = fl.from.kind == core::Endpoint::Kind::Memory &&
                      (fl.kind == core::FlowKind::AsyncIssue || fl.kind == core::FlowKind::AsyncComplete);
    a.label = fl.kind == core::FlowKind::CompleteTx ? fmt::format("{} B", fl.value)
              : copy                               ? asyncAmount(fl)
                                                   : valueText(reg, fl.value);
    a.tooltip = tooltip;
    const auto& s = m_f.st();
    auto ctaOf = [&](const FlowEnd& e) -> std::int64_t {
      if (e.kind == FlowEnd::Kind::Lane) return e.warp < s.warps.size() ? s.warps[e.warp].cta : -1;
      return e.space == core::Space::Shared ? static_cast<std::int64_t>(e.cta) : -1;
    };
    const std::int64_t ca = ctaOf(a.from), cb = ctaOf(a.to);
    if (ca >= 0 && cb >= 0 && ca != cb) m_v.crossCta = true;
    m_v.arrows.push_back(std::move(a));
  }

 private:
  const Frame& m_f;
  FlowsView& m_v;
};

std::string_view shflModeName(core::Mod m) {
  switch (m) {
    case core::Mod::Up: return "up";
    case core::Mod::Down: return "down";
    case core::Mod::Bfly: return "bfly";
    case core::Mod::Idx: return "idx";
    default: return "?";
  }
}

std::uint64_t operandBits(const Frame& f, std::uint32_t warp, int lane, const core::Operand& op) {
  if (op.kind == core::OperandKind::Imm) return static_cast<std::uint64_t>(op.imm);
  if (op.kind == core::OperandKind::Reg) return regBefore(f, warp, op.reg, lane);
  return 0;
}

// The tooltip of an async operation's arrow: "red.async #3 from lane 3: 4
// into acc[3] of CTA rank 1 shared (in flight)", "cp.async.bulk #0 from lane
// 0: 1024 B from in[0] of in into buf[0] of shared (done)".
std::string asyncText(const Frame& f, Builder& b, const core::Flow& fl, const std::string& op, const std::string& state) {
  const CellName n = cellName(f, fl.to.space, fl.to.cta, fl.to.addr);
  if (fl.to.kind == core::Endpoint::Kind::Mbarrier)
    return fmt::format("{} #{} from lane {}: an arrive-on on {} of {} once its prior cp.async complete ({})", op, fl.order,
                       asyncIssuer(fl), n.name, n.region, state);
  if (fl.from.kind == core::Endpoint::Kind::Lane)
    return fmt::format("{} #{} from lane {}: {} into {} of {} ({})", op, fl.order, asyncIssuer(fl),
                       b.valueText(fl.from.reg, fl.value), n.name, n.region, state);
  const CellName src = cellName(f, fl.from.space, fl.from.cta, fl.from.addr);
  return fmt::format("{} #{} from lane {}: {} from {} of {} into {} of {} ({})", op, fl.order, asyncIssuer(fl), asyncAmount(fl),
                     src.name, src.region, n.name, n.region, state);
}

}  // namespace

std::string FlowEnd::key() const {
  switch (kind) {
    case Kind::Lane: return fmt::format("w{}.lane{}", warp, lane);
    case Kind::Memory: case Kind::Mbarrier: return fmt::format("cell{}", cell);
    case Kind::None: break;
  }
  return "none";
}

ShuffleInfo shuffleInfo(const Frame& f, const core::StepRecord& r, const core::Instr& ins) {
  ShuffleInfo s;
  s.mode = ins.opMod;
  // b and c of a lane that executed `ins` itself (not one that joined from
  // another call site, whose operands are other registers).
  const core::LaneMask own = r.lanes & ~r.otherSites ? r.lanes & ~r.otherSites : r.lanes;
  const int lane = own ? std::countr_zero(own) : 0;
  if (ins.ops.size() >= 4) {
    s.b = static_cast<std::uint32_t>(operandBits(f, r.warp, lane, ins.ops[2]));
    s.c = static_cast<std::uint32_t>(operandBits(f, r.warp, lane, ins.ops[3]));
  }
  s.segmask = (s.c >> 8) & 0x1fu;
  s.clamp = s.c & 0x1fu;
  for (int l = 0; l < core::kWarpSize; ++l)
    if ((static_cast<std::uint32_t>(l) & ~s.segmask & 0x1fu) == 0) s.segmentStarts.push_back(l);
  const int segLanes = core::kWarpSize / static_cast<int>(std::max<std::size_t>(1, s.segmentStarts.size()));
  s.modeText = s.mode == core::Mod::Idx ? fmt::format(".idx from lane {}", s.b & 0x1fu)
               : s.mode == core::Mod::Bfly ? fmt::format(".bfly: xor {}", s.b & 0x1fu)
               : fmt::format(".{} by {}", shflModeName(s.mode), s.b & 0x1fu);
  // For .up, c's low bits are the lowest source lane of a segment; for the others, the highest.
  // Only the bits outside the segment mask count (maxLane = (lane & segmask) |
  // (c[4:0] & ~segmask)): CUDA's __shfl_sync(..., width) passes c[4:0] = 31
  // whatever the width, and the clamp is then the segment's last lane.
  const std::uint32_t segLane = s.clamp & ~s.segmask & 0x1fu;
  const std::string segText = s.segmentStarts.size() <= 1 ? "one segment of 32 lanes" : fmt::format("segments of {} lanes", segLanes);
  s.clampText = s.mode == core::Mod::Up ? fmt::format("c = {:#x}: {}, sources below segment lane {} keep their own value", s.c, segText, segLane)
                                        : fmt::format("c = {:#x}: {}, clamp at segment lane {}", s.c, segText, segLane);
  return s;
}

FlowsView buildFlows(const Frame& f, const HistoryIndex* index) {
  FlowsView v;
  Builder b(f, v);
  const core::Program& p = f.prog();
  const auto& s = f.st();
  const core::StepRecord* r = f.record;
  const core::Instr* ins = r && !r->userEdit && !r->completedAsync ? instrAt(p, r->pc) : nullptr;
  auto inflightNow = [&](std::uint64_t id) {
    return std::any_of(s.inflight.begin(), s.inflight.end(), [&](const core::AsyncOp& op) { return op.id == id; });
  };
  // The async operation this step issues or completes, by its instruction.
  const std::string opName = r && !r->userEdit ? asyncOpName(p, r->pc) : std::string("async operation");

  if (r) {
    if (ins && ins->op == core::Opcode::Shfl) v.shuffle = shuffleInfo(f, *r, *ins);
    // vote / redux / elect flows, collected first and grouped into buses below.
    struct {
      core::FlowKind kind = core::FlowKind::Vote;
      std::int32_t fromReg = -1, toReg = -1;
      std::array<core::LaneMask, core::kWarpSize> sources{};  // [to] the lanes feeding it
      std::array<std::uint64_t, core::kWarpSize> input{};     // [from] its contribution
    } gathered;
    for (const core::Flow& fl : r->flows) {
      switch (fl.kind) {
        case core::FlowKind::Shuffle:
        case core::FlowKind::ShuffleKeep: {
          v.srcReg = fl.from.reg;
          v.dstReg = fl.to.reg;
          const std::string val = b.valueText(fl.to.reg, fl.value);
          const std::string tip = fl.kind == core::FlowKind::Shuffle
                                      ? fmt::format("lane {} reads lane {}'s {} = {}", fl.to.lane, fl.from.lane, regName(p, fl.from.reg), val)
                                      : fmt::format("lane {} keeps its own {} = {} (source out of range)", fl.to.lane, regName(p, fl.from.reg), val);
          b.arrow(fl, false, tip);
          break;
        }
        case core::FlowKind::Vote:
        case core::FlowKind::Reduce: {
          v.srcReg = fl.from.reg;
          v.dstReg = fl.to.reg;
          gathered.kind = fl.kind;
          gathered.fromReg = fl.from.reg;
          gathered.toReg = fl.to.reg;
          gathered.sources[static_cast<std::size_t>(fl.to.lane)] |= 1u << fl.from.lane;
          gathered.input[static_cast<std::size_t>(fl.from.lane)] = fl.value;
          break;
        }
        case core::FlowKind::Match: {
          v.srcReg = fl.from.reg;
          v.dstReg = fl.to.reg;
          auto it = std::find_if(v.matchGroups.begin(), v.matchGroups.end(), [&](const MatchGroup& g) { return g.group == fl.group; });
          if (it == v.matchGroups.end()) {
            MatchGroup g;
            g.group = fl.group;
            g.colour = static_cast<int>(fl.group);
            g.value = b.valueText(fl.from.reg, fl.value);
            v.matchGroups.push_back(std::move(g));
            it = v.matchGroups.end() - 1;
          }
          it->lanes |= (1u << fl.to.lane) | (1u << fl.from.lane);
          break;
        }
        case core::FlowKind::Atomic: {
          const CellName n = cellName(f, fl.to.space, fl.to.cta, fl.to.addr);
          b.arrow(fl, false, fmt::format("lane {}: {} with {} ({} in serialization order)", fl.from.lane, n.name,
                                         b.valueText(fl.from.reg, fl.value), fl.order + 1));
          break;
        }
        case core::FlowKind::AsyncIssue: {
          const bool flying = inflightNow(fl.order);
          b.arrow(fl, flying, asyncText(f, b, fl, opName, flying ? "in flight" : "done"));
          break;
        }
        case core::FlowKind::AsyncComplete: {
          b.arrow(fl, false, asyncText(f, b, fl, opName, "completes"));
          break;
        }
        case core::FlowKind::AsyncArrive: {
          const CellName n = cellName(f, core::Space::Shared, fl.to.cta, fl.to.addr);
          b.arrow(fl, false, fmt::format("{} #{} from lane {}: the arrive-on on {} ({})", opName, fl.order, asyncIssuer(fl), n.name,
                                         n.region));
          break;
        }
        case core::FlowKind::CompleteTx: {
          const CellName n = cellName(f, core::Space::Shared, fl.to.cta, fl.to.addr);
          b.arrow(fl, false, fmt::format("complete-tx of {} bytes on {} ({})", fl.value, n.name, n.region));
          break;
        }
        case core::FlowKind::MbarrierOp: {
          const CellName n = cellName(f, core::Space::Shared, fl.to.cta, fl.to.addr);
          b.arrow(fl, false, fmt::format("lane {}: {} on {} ({})", fl.from.lane, ins ? instrMnemonic(p, *ins) : "mbarrier", n.name, n.region));
          break;
        }
        case core::FlowKind::Load:
        case core::FlowKind::Store:
          // ldmatrix/stmatrix rows: drawn by the matrix view (matrix_view.hpp).
          if (ins && ins->family == core::Family::Matrix) break;
          b.arrow(fl, false, "");
          break;
        case core::FlowKind::RowAddress: break;
      }
    }
    // One bus per set of lanes that combine the same members: a single one for
    // the usual one membermask, one per group when lanes pass disjoint masks.
    core::LaneMask grouped = 0;
    for (int to = 0; to < core::kWarpSize; ++to) {
      const core::LaneMask set = gathered.sources[static_cast<std::size_t>(to)];
      if (!set || ((grouped >> to) & 1u)) continue;
      Gather g;
      g.kind = gathered.kind;
      g.op = ins ? instrMnemonic(p, *ins) : "collective";
      g.fromReg = gathered.fromReg;
      g.toReg = gathered.toReg;
      g.inputs.resize(core::kWarpSize);
      for (int l = to; l < core::kWarpSize; ++l)
        if (gathered.sources[static_cast<std::size_t>(l)] == set) g.members |= 1u << l;
      grouped |= g.members;
      g.members |= set;
      for (int l = 0; l < core::kWarpSize; ++l)
        if ((set >> l) & 1u) g.inputs[static_cast<std::size_t>(l)] = b.valueText(g.fromReg, gathered.input[static_cast<std::size_t>(l)]);
      v.gathers.push_back(std::move(g));
    }
    for (auto& g : v.gathers) {
      // The result every member got, when they agree (ballot, redux); else per lane in the explanation.
      std::string common;
      bool same = true;
      for (int l = 0; l < core::kWarpSize && g.toReg >= 0; ++l) {
        if (!((g.members >> l) & 1u)) continue;
        const std::string t = regText(f, static_cast<std::uint32_t>(g.toReg), regNow(f, r->warp, static_cast<std::uint32_t>(g.toReg), l), true);
        if (common.empty()) common = t;
        else if (t != common) same = false;
      }
      g.result = same ? common : "";
    }
  }

  // Async operations still in flight (issued in an earlier step), dashed.
  for (const core::AsyncOp& op : s.inflight) {
    const bool issuedNow = r && std::any_of(r->flows.begin(), r->flows.end(), [&](const core::Flow& fl) {
      return fl.kind == core::FlowKind::AsyncIssue && fl.order == op.id;
    });
    if (issuedNow) continue;
    core::Flow fl;
    fl.kind = core::FlowKind::AsyncIssue;
    fl.from = core::asyncSource(op);
    fl.to = core::asyncDestination(op);
    fl.value = op.data[0];
    fl.order = static_cast<std::uint32_t>(op.id);
    fl.bytes = op.size;
    fl.issuerLane = static_cast<std::uint8_t>(op.issuerLane);
    b.arrow(fl, true, asyncText(f, b, fl, asyncOpName(p, op.pc), fmt::format("issued at step {}, in flight", op.issuedStep + 1)));
  }

  // Completed operations of the same batch, solid, so the picture shows progress.
  if (index && (!s.inflight.empty() || (r && r->completedAsync))) {
    std::uint64_t batchStart = ~0ull;
    for (const auto& [id, life] : index->asyncOps()) {
      const bool flying = inflightNow(id);
      const bool doneNow = life.completeStep >= 0 && static_cast<std::uint64_t>(life.completeStep) + 1 == f.position;
      if (flying || doneNow) batchStart = std::min(batchStart, life.issueStep);
    }
    for (const auto& [id, life] : index->asyncOps()) {
      if (life.issueStep < batchStart || life.issueStep >= f.position || life.completeStep < 0) continue;
      if (static_cast<std::uint64_t>(life.completeStep) + 1 >= f.position) continue;  // this step's: from the record
      core::Flow fl = life.complete;
      const CellName n = cellName(f, fl.to.space, fl.to.cta, fl.to.addr);
      b.arrow(fl, false, fmt::format("{} #{} from lane {} completed at step {}: {} of {}", asyncOpName(p, life.issuePc), id,
                                     asyncIssuer(fl), life.completeStep + 1, n.name, n.region));
    }
  }
  std::sort(v.matchGroups.begin(), v.matchGroups.end(), [](const MatchGroup& a, const MatchGroup& c) { return a.group < c.group; });
  return v;
}

}  // namespace ws::ui
