// Masks strip: 32-bit lane masks of one warp at this step, bit i under lane i.
#include <bit>

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"
#include "ui/frame/warp_facts.hpp"

namespace ws::ui {
namespace {

MaskRow row(std::string label, std::string cls, core::LaneMask bits, int lanes, std::string tooltip, int colour = -1) {
  MaskRow r;
  r.label = std::move(label);
  r.cls = std::move(cls);
  r.bits = bits;
  r.hex = formatMask(bits);
  r.laneBits = maskBitsLaneOrder(bits, lanes);
  r.colour = colour;
  r.tooltip = std::move(tooltip);
  return r;
}

// The destination register a collective wrote for each executing lane, as a mask of lanes
// where it is non-zero (predicates) or the value of the lowest lane (masks).
struct DestValues {
  std::int32_t reg = -1;
  std::array<std::uint64_t, core::kWarpSize> value{};
  core::LaneMask written = 0;
};

DestValues destValues(const Frame& f, std::uint32_t warp, const core::StepRecord& rec, std::int32_t reg) {
  DestValues d;
  d.reg = reg;
  if (reg < 0) return d;
  for (int l = 0; l < core::kWarpSize; ++l) {
    if (!((rec.lanes >> l) & 1u)) continue;
    d.value[static_cast<std::size_t>(l)] = regNow(f, warp, static_cast<std::uint32_t>(reg), l);
    d.written |= 1u << l;
  }
  return d;
}

core::LaneMask nonZeroLanes(const DestValues& d) {
  core::LaneMask m = 0;
  for (int l = 0; l < core::kWarpSize; ++l)
    if (((d.written >> l) & 1u) && d.value[static_cast<std::size_t>(l)]) m |= 1u << l;
  return m;
}

}  // namespace

MasksView buildMasks(const Frame& f, std::uint32_t warp) {
  MasksView v;
  const auto& s = f.st();
  if (warp >= s.warps.size()) return v;
  const core::WarpControl& c = s.warps[warp].ctl;
  v.lanes = std::max(1, 32 - std::countl_zero(c.valid));
  const core::StepRecord* rec = f.recordOfWarp(warp);
  const core::Program& p = f.prog();

  if (rec) {
    v.rows.push_back(row("activemask", "active", rec->lanes, v.lanes, "lanes that executed this instruction (guard true)"));
    if (rec->guardFalse)
      v.rows.push_back(row("guard false", "guard", rec->guardFalse, v.lanes, "lanes at this instruction whose guard predicate was false"));
  } else {
    v.rows.push_back(row("runs next", "active", nextGroupLanes(f.engine, s, warp), v.lanes, "lanes the next step of this warp will run"));
  }
  v.rows.push_back(row("exited", "exited", c.exited & c.valid, v.lanes, "lanes that have exited"));
  if (rec && rec->membermask) {
    // Lanes passing different (disjoint) membermasks get a row per mask.
    const std::vector<MembermaskGroup> groups = membermaskGroups(f, *rec);
    if (groups.size() <= 1)
      v.rows.push_back(row("membermask", "member", rec->membermask, v.lanes, "the membermask operand of this collective"));
    else
      for (const MembermaskGroup& g : groups)
        v.rows.push_back(row(fmt::format("membermask {}", laneList(g.lanes)), "member", g.mask, v.lanes,
                             fmt::format("the membermask {} passed; lanes of one step may pass different, disjoint masks",
                                         lanesPhrase(g.lanes))));
  }

  const core::Instr* ins = rec ? instrAt(p, rec->pc) : nullptr;
  if (!ins || ins->ops.empty()) return v;
  const core::Operand& d = ins->ops[0];
  const std::int32_t dreg = d.kind == core::OperandKind::Reg ? static_cast<std::int32_t>(d.reg) : -1;
  const std::int32_t preg = d.kind == core::OperandKind::Reg && d.hasPred ? static_cast<std::int32_t>(d.reg2) : -1;
  const std::string mn = instrMnemonic(p, *ins);
  switch (ins->op) {
    case core::Opcode::Vote: {
      const DestValues dv = destValues(f, warp, *rec, dreg);
      if (ins->opMod == core::Mod::Ballot) {
        const core::LaneMask b = dv.written ? static_cast<core::LaneMask>(dv.value[static_cast<std::size_t>(std::countr_zero(dv.written))]) : 0;
        v.rows.push_back(row(fmt::format("ballot \u2192 {}", regName(p, dreg)), "ballot", b, v.lanes,
                             "bit i is lane i's predicate (members only)"));
      } else {
        v.rows.push_back(row(fmt::format("{} \u2192 {}", mn, regName(p, dreg)), "vote", nonZeroLanes(dv), v.lanes,
                             "lanes whose result is true"));
      }
      break;
    }
    case core::Opcode::Match: {
      // One row per group of lanes that hold the same value.
      int group = 0;
      core::LaneMask seen = 0;
      for (int l = 0; l < core::kWarpSize; ++l) {
        if (!((rec->lanes >> l) & 1u) || ((seen >> l) & 1u) || dreg < 0) continue;
        const auto m = static_cast<core::LaneMask>(regNow(f, warp, static_cast<std::uint32_t>(dreg), l));
        if (ins->opMod == core::Mod::All) {
          v.rows.push_back(row(fmt::format("match.all \u2192 {}", regName(p, dreg)), "match", m, v.lanes,
                               "every member holds the same value: the membermask, else 0", 0));
          break;
        }
        const core::LaneMask grp = m ? m : (1u << l);
        seen |= grp;
        v.rows.push_back(row(fmt::format("match group {}", group), "match", grp, v.lanes,
                             fmt::format("lanes {} hold the same value", laneList(grp)), group));
        ++group;
      }
      break;
    }
    case core::Opcode::Activemask: {
      const DestValues dv = destValues(f, warp, *rec, dreg);
      const core::LaneMask m = dv.written ? static_cast<core::LaneMask>(dv.value[static_cast<std::size_t>(std::countr_zero(dv.written))]) : 0;
      v.rows.push_back(row(fmt::format("activemask \u2192 {}", regName(p, dreg)), "ballot", m, v.lanes, "the mask activemask returned"));
      break;
    }
    case core::Opcode::Elect: {
      const DestValues dv = destValues(f, warp, *rec, preg >= 0 ? preg : dreg);
      v.rows.push_back(row("elected", "vote", nonZeroLanes(dv), v.lanes, "the lane elected leader"));
      break;
    }
    case core::Opcode::Shfl:
      if (preg >= 0) {
        const DestValues dv = destValues(f, warp, *rec, preg);
        v.rows.push_back(row(fmt::format("source in range \u2192 {}", regName(p, preg)), "vote", nonZeroLanes(dv), v.lanes,
                             "p: the source lane was inside the segment / clamp"));
      }
      break;
    default: break;
  }
  return v;
}

}  // namespace ws::ui
