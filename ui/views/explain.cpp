// The current step in plain words, per lane, with the real values, derived
// from the step's data-flow record (and its register/memory journal when an
// instruction has no flows).
#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "ui/views/matrix_view.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

std::string ordinal(std::uint32_t n) {
  const std::uint32_t t = n % 100;
  const char* suf = (t >= 11 && t <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return fmt::format("{}{}", n, suf);
}

class Explainer {
 public:
  Explainer(const Frame& f, ExplanationView& v) : m_f(f), m_p(f.prog()), m_v(v) {}

  void run() {
    const core::StepRecord* r = m_f.record;
    if (!r) {
      m_v.headline = "At launch: nothing has run yet.";
      return;
    }
    if (r->userEdit) {
      m_v.headline = "A value was edited by hand.";
      for (const auto& c : r->regs)
        m_v.notes.push_back(fmt::format("warp {} lane {}: {} set to {} (was {})", c.warp, c.lane, regName(m_p, static_cast<std::int32_t>(c.reg)),
                                        regText(m_f, c.reg, c.after, true), regText(m_f, c.reg, c.before, c.wasWritten)));
      for (const auto& c : r->mem) m_v.notes.push_back(fmt::format("memory offset {:#x} set to {} (was {})", c.offset, hexMinimal(c.after), hexMinimal(c.before)));
      return;
    }
    if (r->completedAsync) {
      m_v.headline = fmt::format("The async unit completed an in-flight {}.", asyncOpName(m_p, r->pc));
      asyncNotes(*r);
      return;
    }
    m_ins = instrAt(m_p, r->pc);
    if (!m_ins) return;
    m_v.headline = fmt::format("{} (line {}): {}", instrMnemonic(m_p, *m_ins), m_ins->pos.line, m_ins->summary());
    m_rec = r;
    switch (m_ins->op) {
      case core::Opcode::Shfl: shuffle(); break;
      case core::Opcode::Vote: case core::Opcode::Redux: case core::Opcode::Elect: gather(); break;
      case core::Opcode::Match: match(); break;
      case core::Opcode::Call:
        if (m_ins->sysCall != core::SysCall::None && printed()) break;
        if (!flowsGeneric()) generic();
        break;
      case core::Opcode::Ldmatrix: case core::Opcode::Stmatrix: case core::Opcode::Movmatrix:
      case core::Opcode::Mma: case core::Opcode::WmmaMma: case core::Opcode::WmmaLoad: case core::Opcode::WmmaStore:
      case core::Opcode::WgmmaMmaAsync:
        if (matrix()) break;
        [[fallthrough]];
      default:
        if (!flowsGeneric()) generic();
    }
    for (int l = 0; l < core::kWarpSize; ++l)
      if ((r->guardFalse >> l) & 1u) add(l, fmt::format("lane {} skips it: {}", l, guardText(l)));
    std::sort(m_v.lanes.begin(), m_v.lanes.end(), [](const LaneExplanation& a, const LaneExplanation& b) { return a.lane < b.lane; });
    asyncNotes(*r);
    for (const auto& d : r->diags) m_v.notes.push_back(fmt::format("{}: {}", core::diagInfo(d.kind).title, d.message));
  }

 private:
  void add(int lane, std::string text) { m_v.lanes.push_back({lane, m_rec ? m_rec->warp : 0, std::move(text), 1u << lane}); }

  // printf / a failed assert: what each lane printed (the console shows it too).
  bool printed() {
    for (const core::PrintedText& t : m_rec->printed) {
      std::string text = t.text;
      if (!text.empty() && text.back() == '\n') text.pop_back();
      add(t.lane, fmt::format("lane {} prints \"{}\"", t.lane, text));
    }
    return !m_rec->printed.empty();
  }

  std::string guardText(int lane) const {
    if (m_ins->guard < 0) return "";
    const bool v = regBefore(m_f, m_rec->warp, static_cast<std::uint32_t>(m_ins->guard), lane) != 0;
    return fmt::format("@{}{} is {}", m_ins->guardNegated ? "!" : "", regName(m_p, m_ins->guard), (m_ins->guardNegated ? !v : v) ? "true" : "false");
  }

  std::string val(std::int32_t reg, std::uint64_t bits) const {
    return reg >= 0 ? regText(m_f, static_cast<std::uint32_t>(reg), bits, true) : formatBits(bits, 64, ValueFormat::Auto);
  }

  void shuffle() {
    const ShuffleInfo s = shuffleInfo(m_f, *m_rec, *m_ins);
    const bool hasP = !m_ins->ops.empty() && m_ins->ops[0].hasPred;
    const int bval = static_cast<int>(s.b & 0x1fu);
    for (const core::Flow& fl : m_rec->flows) {
      if (fl.kind != core::FlowKind::Shuffle && fl.kind != core::FlowKind::ShuffleKeep) continue;
      const int lane = fl.to.lane;
      const std::string reg = regName(m_p, fl.from.reg);
      const std::string v = val(fl.to.reg, fl.value);
      if (fl.kind == core::FlowKind::Shuffle) {
        std::string t = fl.from.lane == fl.to.lane
                            ? fmt::format("lane {} reads its own {} = {}: {}", lane, reg, v, s.modeText)
                            : fmt::format("lane {} reads lane {}'s {} = {}: {}", lane, fl.from.lane, reg, v, s.modeText);
        if (hasP) t += ", p = true";
        add(lane, std::move(t));
        continue;
      }
      // Out of range: say where the source would have been.
      const int segmask = static_cast<int>(s.segmask);
      const int maxLane = (lane & segmask) | (static_cast<int>(s.clamp) & ~segmask & 0x1f);
      const int minLane = lane & segmask;
      std::string why;
      switch (s.mode) {
        case core::Mod::Up: why = fmt::format("source {} is below the segment start {}", lane - bval, maxLane); break;
        case core::Mod::Down: why = fmt::format("source {} is above the clamp lane {}", lane + bval, maxLane); break;
        case core::Mod::Bfly: why = fmt::format("source {} is beyond the clamp lane {}", lane ^ bval, maxLane); break;
        case core::Mod::Idx: why = fmt::format("source {} is beyond the clamp lane {}", minLane | (bval & ~segmask & 0x1f), maxLane); break;
        default: why = "source out of range"; break;
      }
      add(lane, fmt::format("lane {} keeps its own {} = {}: {}{}", lane, reg, v, why, hasP ? ", p = false" : ""));
    }
  }

  void gather() {
    // members[l]: the lanes whose inputs lane l combined (its own membermask's
    // lanes; lanes of one step may pass different, disjoint masks).
    std::array<core::LaneMask, core::kWarpSize> members{};
    std::array<std::uint64_t, core::kWarpSize> input{};
    std::int32_t fromReg = -1, toReg = -1;
    for (const core::Flow& fl : m_rec->flows) {
      if (fl.kind != core::FlowKind::Vote && fl.kind != core::FlowKind::Reduce) continue;
      members[static_cast<std::size_t>(fl.to.lane)] |= 1u << fl.from.lane;
      input[fl.from.lane] = fl.value;
      fromReg = fl.from.reg;
      toReg = fl.to.reg;
    }
    const std::string mn = instrMnemonic(m_p, *m_ins);
    for (int l = 0; l < core::kWarpSize; ++l) {
      if (!((m_rec->lanes >> l) & 1u)) continue;
      std::string res;
      for (const auto& c : m_rec->regs)
        if (c.warp == m_rec->warp && c.lane == l) {
          res += fmt::format("{}{} = {}", res.empty() ? "" : ", ", regName(m_p, static_cast<std::int32_t>(c.reg)), regText(m_f, c.reg, c.after, true));
        }
      const core::LaneMask over = members[static_cast<std::size_t>(l)];
      if (m_ins->op == core::Opcode::Elect) {
        add(l, fmt::format("lane {}: {} over {} \u2192 {}", l, mn, lanesPhrase(over), res));
        continue;
      }
      const std::string in = fromReg >= 0 ? fmt::format("its {} = {}", regName(m_p, fromReg), val(fromReg, input[l])) : "its input";
      add(l, fmt::format("lane {} gives {}; {} over {} \u2192 {}", l, in, mn, lanesPhrase(over), res.empty() ? "(no result)" : res));
    }
    (void)toReg;
  }

  void match() {
    std::array<std::uint64_t, core::kWarpSize> value{};
    std::array<core::LaneMask, core::kWarpSize> same{};
    std::array<std::uint32_t, core::kWarpSize> group{};
    std::int32_t fromReg = -1;
    for (const core::Flow& fl : m_rec->flows) {
      if (fl.kind != core::FlowKind::Match) continue;
      value[fl.from.lane] = fl.value;
      same[fl.to.lane] |= 1u << fl.from.lane;
      group[fl.to.lane] = fl.group;
      fromReg = fl.from.reg;
    }
    for (int l = 0; l < core::kWarpSize; ++l) {
      if (!((m_rec->lanes >> l) & 1u)) continue;
      std::string res;
      for (const auto& c : m_rec->regs)
        if (c.warp == m_rec->warp && c.lane == l)
          res += fmt::format("{}{} = {}", res.empty() ? "" : ", ", regName(m_p, static_cast<std::int32_t>(c.reg)), regText(m_f, c.reg, c.after, true));
      const auto i = static_cast<std::size_t>(l);
      add(l, fmt::format("lane {} has {} = {}, the same as {} (group {}) \u2192 {}", l, regName(m_p, fromReg), val(fromReg, value[i]),
                         lanesPhrase(same[i]), group[i], res));
    }
  }

  std::size_t addressIndex() const {
    for (std::size_t i = 0; i < m_ins->ops.size(); ++i)
      if (m_ins->ops[i].kind == core::OperandKind::Address) return i;
    return m_ins->ops.size();
  }

  // The scalar destination register d of atom (d, [a], ...); null for red,
  // vector destinations and the sink `_`.
  const core::Operand* atomDestination() const {
    const std::size_t ia = addressIndex();
    if (m_ins->op != core::Opcode::Atom || ia == 0 || ia >= m_ins->ops.size()) return nullptr;
    const core::Operand& d = m_ins->ops[ia - 1];
    return d.kind == core::OperandKind::Reg ? &d : nullptr;
  }

  // The value operand c of atom.cas (d, [a], b, c), or null for other atomics.
  const core::Operand* casSwapOperand() const {
    const std::size_t ia = addressIndex();
    if (m_ins->opMod != core::Mod::Cas || ia + 2 >= m_ins->ops.size()) return nullptr;
    return &m_ins->ops[ia + 2];
  }

  // Atomics, red.async issue, mbarrier operations.
  // Warp-matrix instructions: what each lane holds, gave and received
  // (matrix_view.hpp), and the rule the arithmetic follows.
  bool matrix() {
    const std::optional<MatrixView> mv = buildMatrixView(m_f);
    if (!mv || !mv->error.empty()) return false;
    for (int l = 0; l < core::kWarpSize; ++l)
      if ((m_rec->lanes >> l) & 1u) add(l, mv->laneText[static_cast<std::size_t>(l)]);
    if (!mv->rule.empty())
      m_v.notes.push_back(fmt::format("{}{}", mv->kind != MatrixView::Kind::Mma && mv->kind != MatrixView::Kind::Wgmma ? "Layout: "
                                               : mv->ruleExact               ? "Arithmetic: "
                                                                             : "Arithmetic (approximate: an H100 may differ by a few ulps): ",
                                      mv->rule));
    return true;
  }

  bool flowsGeneric() {
    bool any = false;
    const std::uint32_t total = static_cast<std::uint32_t>(std::count_if(m_rec->flows.begin(), m_rec->flows.end(),
                                                                        [](const core::Flow& fl) { return fl.kind == core::FlowKind::Atomic; }));
    for (const core::Flow& fl : m_rec->flows) {
      // A copy's arrow starts at its source memory; its lane is the issuer.
      const bool async = fl.kind == core::FlowKind::AsyncIssue;
      if (fl.from.kind != core::Endpoint::Kind::Lane && !async) continue;
      const int l = asyncIssuer(fl);
      switch (fl.kind) {
        case core::FlowKind::Atomic: {
          const CellName n = cellName(m_f, fl.to.space, fl.to.cta, fl.to.addr);
          // The old value is read from the destination register itself: the
          // journal has no entry when it equals what the register held.
          std::string old;
          const core::Operand* d = atomDestination();
          const std::uint64_t oldBits = d ? regNow(m_f, m_rec->warp, d->reg, l) : 0;
          if (d) old = fmt::format("; it gets the old value {}", regText(m_f, d->reg, oldBits, true));
          std::string what = fmt::format("{} {}", n.name, val(fl.from.reg, fl.value));
          if (const core::Operand* c = casSwapOperand()) {
            // A compare-and-swap has two operands: b is compared, c is stored.
            const std::int32_t cReg = c->kind == core::OperandKind::Reg ? static_cast<std::int32_t>(c->reg) : -1;
            const std::uint64_t cBits = cReg >= 0 ? regBefore(m_f, m_rec->warp, c->reg, l) : static_cast<std::uint64_t>(c->imm);
            what = fmt::format("{}: if it holds {}, write {}", n.name, val(fl.from.reg, fl.value), val(cReg, cBits));
            if (d) old += oldBits == fl.value ? " (equal: swapped)" : " (different: not swapped)";
          }
          add(l, fmt::format("lane {} ({} of {} in serialization order): {} {}{}", l, ordinal(fl.order + 1), total,
                             instrMnemonic(m_p, *m_ins), what, old));
          any = true;
          break;
        }
        case core::FlowKind::AsyncIssue: {
          const std::string op = std::string(m_ins->info().mnemonic);
          const CellName n = cellName(m_f, fl.to.space, fl.to.cta, fl.to.addr);
          if (fl.to.kind == core::Endpoint::Kind::Mbarrier) {
            add(l, fmt::format("lane {} asks for an arrive-on on {} of {} once its prior cp.async complete ({} #{})", l, n.name,
                               n.region, op, fl.order));
          } else if (fl.from.kind == core::Endpoint::Kind::Lane) {
            add(l, fmt::format("lane {} sends {}{} to {} of {} ({} #{}, in flight until the async unit completes it)", l,
                               fl.from.reg >= 0 ? regName(m_p, fl.from.reg) + " = " : "", val(fl.from.reg, fl.value), n.name, n.region,
                               op, fl.order));
          } else {
            const CellName src = cellName(m_f, fl.from.space, fl.from.cta, fl.from.addr);
            add(l, fmt::format("lane {} starts {} #{}: {} from {} of {} to {} of {} (in flight until the async unit completes it)", l, op,
                               fl.order, asyncAmount(fl), src.name, src.region, n.name, n.region));
          }
          any = true;
          break;
        }
        case core::FlowKind::MbarrierOp: {
          const CellName n = cellName(m_f, core::Space::Shared, fl.to.cta, fl.to.addr);
          add(l, fmt::format("lane {}: {} on {} ({})", l, instrMnemonic(m_p, *m_ins), n.name, n.region));
          any = true;
          break;
        }
        default: break;
      }
    }
    return any;
  }

  void generic() {
    std::string operands;
    const int lanes = std::popcount(m_rec->lanes);
    // Memory writes pair with lanes in ascending order when there is one per lane.
    const bool memPerLane = !m_rec->mem.empty() && static_cast<int>(m_rec->mem.size()) == lanes;
    std::size_t memIndex = 0;
    std::vector<std::pair<core::LaneMask, std::string>> bodies;
    for (int l = 0; l < core::kWarpSize; ++l) {
      if (!((m_rec->lanes >> l) & 1u)) continue;
      std::string parts;
      for (const auto& c : m_rec->regs) {
        if (c.warp != m_rec->warp || c.lane != l) continue;
        parts += fmt::format("{}{} = {}", parts.empty() ? "" : ", ", regName(m_p, static_cast<std::int32_t>(c.reg)), regText(m_f, c.reg, c.after, true));
        if (c.wasWritten) parts += fmt::format(" (was {})", regText(m_f, c.reg, c.before, true));
      }
      if (memPerLane) {
        const auto& mc = m_rec->mem[memIndex++];
        parts += fmt::format("{}writes {} at {:#x}", parts.empty() ? "" : ", ", hexMinimal(mc.after), mc.offset);
      }
      std::vector<std::string> ins;
      for (std::size_t k = 1; k < m_ins->ops.size(); ++k) {
        std::string t = operandValueText(m_f, m_rec->warp, l, m_ins->ops[k], m_ins->type2 != core::DataType::None ? m_ins->type2 : m_ins->type);
        if (t.find(" = ") != std::string::npos) ins.push_back(std::move(t));
      }
      if (m_ins->info().flags & core::kBranch) {
        parts = m_ins->guard >= 0 ? fmt::format("takes the branch ({})", guardText(l)) : "takes the branch";
      }
      if (parts.empty()) parts = "executes it";
      std::string text = parts;
      if (!ins.empty()) {
        text += " \u2190 ";
        for (std::size_t k = 0; k < ins.size(); ++k) text += (k ? ", " : "") + ins[k];
      }
      // Lanes that did exactly the same thing share one line.
      auto same = std::find_if(bodies.begin(), bodies.end(), [&](const auto& b) { return b.second == text; });
      if (same != bodies.end()) same->first |= 1u << l;
      else bodies.emplace_back(1u << l, std::move(text));
    }
    for (const auto& [mask, body] : bodies) {
      const int first = std::countr_zero(mask);
      m_v.lanes.push_back({first, m_rec->warp, fmt::format("{}: {}", lanesPhrase(mask), body), mask});
    }
    if (!memPerLane)
      for (const auto& mc : m_rec->mem) m_v.notes.push_back(fmt::format("memory at offset {:#x} = {} (was {})", mc.offset, hexMinimal(mc.after), hexMinimal(mc.before)));
  }

  void asyncNotes(const core::StepRecord& r) {
    const std::string op = r.completedAsync ? asyncOpName(m_p, r.pc) : "";
    for (const core::Flow& fl : r.flows) {
      if (fl.kind == core::FlowKind::AsyncComplete) {
        const CellName n = cellName(m_f, fl.to.space, fl.to.cta, fl.to.addr);
        if (fl.from.kind == core::Endpoint::Kind::Lane) {
          m_v.notes.push_back(fmt::format("{} #{} from lane {} completes: {} of {} = {}", op, fl.order, asyncIssuer(fl), n.name, n.region,
                                          formatBits(fl.value, 32, ValueFormat::Auto)));
        } else {
          const CellName src = cellName(m_f, fl.from.space, fl.from.cta, fl.from.addr);
          m_v.notes.push_back(fmt::format("{} #{} from lane {} completes: {} from {} of {} into {} of {}", op, fl.order, asyncIssuer(fl),
                                          asyncAmount(fl), src.name, src.region, n.name, n.region));
        }
      } else if (fl.kind == core::FlowKind::AsyncArrive) {
        const CellName n = cellName(m_f, core::Space::Shared, fl.to.cta, fl.to.addr);
        m_v.notes.push_back(fmt::format("{} #{} from lane {}: the arrive-on on {} of {}", op, fl.order, asyncIssuer(fl), n.name, n.region));
      } else if (fl.kind == core::FlowKind::CompleteTx) {
        const CellName n = cellName(m_f, core::Space::Shared, fl.to.cta, fl.to.addr);
        const MbarrierFields d = decodeMbarrier(cellValue(m_f, core::Space::Shared, fl.to.cta, fl.to.addr, 8));
        const std::string state = fmt::format(": now phase {}, tx-count {}", d.phase, d.tx);
        m_v.notes.push_back(fmt::format("complete-tx of {} bytes on {} of {}{}", fl.value, n.name, n.region, state));
      }
    }
  }

  const Frame& m_f;
  const core::Program& m_p;
  ExplanationView& m_v;
  const core::StepRecord* m_rec = nullptr;
  const core::Instr* m_ins = nullptr;
};

}  // namespace

ExplanationView buildExplanation(const Frame& f) {
  ExplanationView v;
  Explainer(f, v).run();
  return v;
}

}  // namespace ws::ui
