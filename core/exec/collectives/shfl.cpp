// PTX ISA 9.1, Data Movement and Conversion Instructions: shfl.sync
//   shfl.sync.mode.b32 d[|p], a, b, c, membermask;  .mode = { .up, .down, .bfly, .idx }
//
// Semantics, as the ISA writes them:
//   bval = b[4:0]; cval = c[4:0]; segmask = c[12:8]
//   maxLane = (lane & segmask) | (cval & ~segmask); minLane = lane & segmask
//   .up:   j = lane - bval;                      p = (j >= maxLane)
//   .down: j = lane + bval;                      p = (j <= maxLane)
//   .bfly: j = lane ^ bval;                      p = (j <= maxLane)
//   .idx:  j = minLane | (bval & ~segmask);      p = (j <= maxLane)
//   if (!p) j = lane;  d = SourceA[j];  p is written when d|p is given.
// "Note that results are undefined if a thread sources a register from an
// inactive thread or a thread that is not in membermask.": reported as
// ShflSourceInactive (strict mode stops on it).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "core/exec/collectives/collective_ops.hpp"

namespace ws::core::coll {
namespace {

struct ShflSource {
  int lane = 0;      // j after the range check (own lane when out of range)
  bool inRange = false;
};

// The mode is a template parameter so the loop over the lanes is
// instantiated per mode instead of switching on it for every lane.
template <Mod M>
ShflSource shflSource(int lane, std::uint32_t b, std::uint32_t c) {
  // b is used modulo 32 ("bval[4:0] = b[4:0]"): an out-of-range b may still
  // give a valid source lane, and then p is true.
  const int bval = static_cast<int>(b & 0x1fu);
  const int cval = static_cast<int>(c & 0x1fu);
  const int segmask = static_cast<int>((c >> 8) & 0x1fu);
  const int maxLane = (lane & segmask) | (cval & ~segmask & 0x1f);
  const int minLane = lane & segmask;
  int j = lane;
  bool p = false;
  if constexpr (M == Mod::Up) {
    j = lane - bval;
    p = j >= maxLane;
  } else if constexpr (M == Mod::Down) {
    j = lane + bval;
    p = j <= maxLane;
  } else if constexpr (M == Mod::Bfly) {
    j = lane ^ bval;
    p = j <= maxLane;
  } else if constexpr (M == Mod::Idx) {
    j = minLane | (bval & ~segmask & 0x1f);
    p = j <= maxLane;
  }
  return p ? ShflSource{j, true} : ShflSource{lane, false};
}

using Sources = std::array<ShflSource, kWarpSize>;

// Every lane's source, executing or not: a branch-free pass over the warp
// (the b and c of a lane that does not execute are unspecified, and so is
// its entry, which nobody reads).
template <Mod M>
void shflSources(const std::uint64_t* b, const std::uint64_t* c, Sources& src) {
  for (std::size_t l = 0; l < kWarpSize; ++l)
    src[l] = shflSource<M>(static_cast<int>(l), static_cast<std::uint32_t>(b[l]), static_cast<std::uint32_t>(c[l]));
}

void shflSources(Mod mode, const std::uint64_t* b, const std::uint64_t* c, Sources& src) {
  switch (mode) {
    case Mod::Up: shflSources<Mod::Up>(b, c, src); break;
    case Mod::Down: shflSources<Mod::Down>(b, c, src); break;
    case Mod::Bfly: shflSources<Mod::Bfly>(b, c, src); break;
    case Mod::Idx: shflSources<Mod::Idx>(b, c, src); break;
    default: shflSources<Mod::None>(b, c, src); break;  // no mode: every lane keeps its own value
  }
}

using SourceLanes = std::array<std::uint8_t, kWarpSize>;

// The converged warp with every source a member (see execShfl) and one b
// and one c for all lanes: each lane's value in one pass, with the
// per-instruction part of shflSource() computed once. `from` gets each
// lane's source lane when the step is recorded (for the flows): j where p
// holds, else the lane itself, as shflSource() says.
template <Mod M>
void shflConverged(std::uint32_t b, std::uint32_t c, const std::uint64_t* a, LaneValues& out, LaneValues& inRange,
                   SourceLanes* from) {
  if constexpr (M == Mod::Down || M == Mod::Up) {
    if (((c >> 8) & 0x1fu) == 0) {
      const int bval = static_cast<int>(b & 0x1fu);
      const int cval = static_cast<int>(c & 0x1fu);
      // No segments: maxLane is cval for every lane, so the lanes in range
      // are one run (.down: lane + bval <= cval; .up: lane - bval >= cval)
      // and the rest keep their own value: two straight copies.
      const int first = M == Mod::Down ? 0 : std::min(cval + bval, kWarpSize);
      const int end = M == Mod::Down ? std::max(cval - bval + 1, 0) : kWarpSize;
      const int shift = M == Mod::Down ? bval : -bval;
      std::copy_n(a, kWarpSize, out.begin());
      inRange.fill(0);
      for (int l = first; l < end; ++l) {
        out[static_cast<std::size_t>(l)] = a[static_cast<std::size_t>(l + shift)];
        inRange[static_cast<std::size_t>(l)] = 1;
      }
      if (from) {
        for (int l = 0; l < kWarpSize; ++l) (*from)[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(l);
        for (int l = first; l < end; ++l) (*from)[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(l + shift);
      }
      return;
    }
  }
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    const ShflSource s = shflSource<M>(static_cast<int>(l), b, c);
    out[l] = a[static_cast<std::size_t>(s.lane)];
    inRange[l] = s.inRange ? 1 : 0;
    if (from) (*from)[l] = static_cast<std::uint8_t>(s.lane);
  }
}

void shflConverged(Mod mode, std::uint32_t b, std::uint32_t c, const std::uint64_t* a, LaneValues& out,
                   LaneValues& inRange, SourceLanes* from) {
  switch (mode) {
    case Mod::Up: shflConverged<Mod::Up>(b, c, a, out, inRange, from); break;
    case Mod::Down: shflConverged<Mod::Down>(b, c, a, out, inRange, from); break;
    case Mod::Bfly: shflConverged<Mod::Bfly>(b, c, a, out, inRange, from); break;
    case Mod::Idx: shflConverged<Mod::Idx>(b, c, a, out, inRange, from); break;
    default: shflConverged<Mod::None>(b, c, a, out, inRange, from); break;
  }
}

bool sameInEveryLane(const std::uint64_t* v) {
  std::uint64_t differ = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l) differ |= v[l] ^ v[0];
  return differ == 0;
}

// Why a lane's source does not take part in the shuffle.
enum class BadSource : std::uint8_t { None, NotMember, Exited, Inactive, NoSuchLane };

struct BadRead {
  int reader = 0, source = 0;
  BadSource why = BadSource::None;
  LaneMask mask = 0;  // the reader's membermask
};

std::string describe(const std::vector<BadRead>& reads) {
  std::string pairs;
  for (const BadRead& r : reads) {
    if (!pairs.empty()) pairs += ", ";
    pairs += fmt::format("lane {} reads lane {}", r.reader, r.source);
  }
  const bool one = reads.size() == 1;
  switch (reads.front().why) {
    case BadSource::NotMember:
      return fmt::format("{}, which {} not in membermask {:#010x}", pairs, one ? "is" : "are", reads.front().mask);
    case BadSource::Exited: return fmt::format("{}, which {} exited", pairs, one ? "has" : "have");
    case BadSource::NoSuchLane:
      return fmt::format("{}, which {} not exist in this partial warp", pairs, one ? "does" : "do");
    default:
      return fmt::format("{}, which {} inactive (not executing this shfl.sync)", pairs, one ? "is" : "are");
  }
}

// Definedness of d (and p): a lane receives its source lane's a (its own
// where the source is out of range), so d is undefined where that a was,
// or where the lane's own b, c or membermask was (they choose the source).
// Non-elected lanes passing an unset value into shfl.sync.idx and receiving
// the leader's (cooperative groups' invoke_one_broadcast) get a defined one.
LaneMask undefinedResults(const ExecCtx& ctx, LaneMask lanes, const std::uint64_t* bv, const std::uint64_t* cv) {
  const Instr& ins = ctx.ins();
  auto undefinedAt = [&](int l, const Operand& op) {
    const Operand& own = ctx.laneOp(l, op);
    return own.kind == OperandKind::Reg && ctx.undefinedIn(own.reg, 1u << l) != 0;
  };
  const int mi = membermaskOperand(ins);
  LaneMask aUndefined = 0, chooserUndefined = 0;
  for (LaneMask m = lanes; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (undefinedAt(l, ins.ops[1])) aUndefined |= 1u << l;
    if (undefinedAt(l, ins.ops[2]) || undefinedAt(l, ins.ops[3]) ||
        (mi >= 0 && undefinedAt(l, ins.ops[static_cast<std::size_t>(mi)])))
      chooserUndefined |= 1u << l;
  }
  Sources src;
  shflSources(ins.opMod, bv, cv, src);
  LaneMask undefined = chooserUndefined;
  for (LaneMask m = lanes; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if ((aUndefined >> src[static_cast<std::size_t>(l)].lane) & 1u) undefined |= 1u << l;
  }
  return undefined;
}

}  // namespace

void shflWholeWarp(Mod mode, std::uint32_t b, std::uint32_t c, const std::uint64_t* a, LaneValues& out,
                   LaneValues& inRange) {
  shflConverged(mode, b, c, a, out, inRange, nullptr);
}

void execShfl(ExecCtx& ctx) {
  if (!hasOperands(ctx, 5)) return;
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& a = ins.ops[1];
  const Members m = gatherMembers(ctx);

  // Phase 1: every participating lane's a, b and c.
  LaneValues abuf, bbuf, cbuf;  // operands are read in place where they can be, before anything is written
  const std::uint64_t* av = ctx.row(a, DataType::B32, abuf);
  const std::uint64_t* bv = ctx.row(ins.ops[2], DataType::B32, bbuf);
  const std::uint64_t* cv = ctx.row(ins.ops[3], DataType::B32, cbuf);

  // Source lanes and values. A source that does not take part (exited,
  // inactive, or outside the reader's membermask) is undefined in the ISA;
  // in hardware mode the lane gets what the H100 gave (tests/data/hw/
  // golden-shfl.json, shfl.cu):
  // - a source lane that is not executing this shfl (exited:
  //   shfl_undef_exited_src; in the other branch: shfl_undef_inactive_src)
  //   reads 0, with p computed as usual (true): e.g. lane 15 of
  //   `shfl.sync.down.b32 d|p, a, 1, 0x1f, 0xffffffff` after lanes 16..31
  //   exited got d = 0, p = 1, while lanes 0..14 got their neighbour's a;
  // - a source lane that executes the same shfl but is outside the reader's
  //   membermask (shfl_undef_not_in_mask: halves passing 0x0000ffff and
  //   0xffff0000) hands over its real a.
  // Each lane's source: where the lanes are looked at one by one, or, for
  // the converged warp, just the source lanes of a recorded step's flows.
  Sources src;
  SourceLanes from{};
  LaneValues out{}, inRange{};
  std::vector<BadRead> bad;
  // When every executing lane's membermask holds every executing lane (the
  // usual full mask), a source that executes is a good one.
  LaneMask inEveryMask = ~0u;
  if (m.lanes == ~0u) {
    for (std::size_t l = 0; l < kWarpSize; ++l) inEveryMask &= m.mask[l];
  } else {
    forLanes(m.lanes, [&](int l) { inEveryMask &= m.mask[static_cast<std::size_t>(l)]; });
  }
  const bool membersSeeEachOther = (m.lanes & ~inEveryMask) == 0;
  if (membersSeeEachOther && m.lanes == ~0u && sameInEveryLane(bv) && sameInEveryLane(cv) && !ctx.otherSites()) {
    // The converged warp with one full membermask and one b and c (the usual
    // case): every source lane executes and is a member, so no source can be bad.
    shflConverged(ins.opMod, static_cast<std::uint32_t>(bv[0]), static_cast<std::uint32_t>(cv[0]), av, out, inRange,
                  ctx.record() ? &from : nullptr);
  } else {
    shflSources(ins.opMod, bv, cv, src);
    for (std::size_t l = 0; l < kWarpSize; ++l) {
      from[l] = static_cast<std::uint8_t>(src[l].lane);
      inRange[l] = src[l].inRange ? 1 : 0;
    }
    const LaneMask exited = ctx.warp().ctl.exited;
    const LaneMask valid = ctx.warp().ctl.valid;
    for (LaneMask mm = m.lanes; mm; mm &= mm - 1) {
      const int l = std::countr_zero(mm);
      const auto i = static_cast<std::size_t>(l);
      const ShflSource s = src[i];
      const bool executes = hasLane(m.lanes, s.lane);
      if (s.inRange && s.lane != l && !(executes && membersSeeEachOther)) {
        BadSource why = BadSource::None;
        if (!hasLane(m.mask[i], s.lane)) why = BadSource::NotMember;
        else if (!hasLane(valid, s.lane)) why = BadSource::NoSuchLane;
        else if (hasLane(exited, s.lane)) why = BadSource::Exited;
        else if (!executes) why = BadSource::Inactive;
        if (why != BadSource::None) bad.push_back({l, s.lane, why, m.mask[i]});
      }
      out[i] = executes ? av[static_cast<std::size_t>(s.lane)] : 0u;
    }
  }

  // Phase 2: write d (and p), then the flows and diagnostics.
  if (ctx.undefinedReads() != 0) [[unlikely]] ctx.setUndefinedReads(undefinedResults(ctx, m.lanes, bv, cv));
  ctx.scatterWithPred(dst, out, inRange);
  const std::uint32_t w = ctx.warpIndex();
  if (StepRecord* rec = ctx.record(); rec && !ctx.otherSites()) {
    // One site: every flow has the same registers, so the record keeps the
    // lanes' sources and values (FlowList::addShuffle), not 32 Flows.
    LaneMask inRangeLanes = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) inRangeLanes |= static_cast<LaneMask>(inRange[l]) << l;
    rec->flows.addShuffle(w, regOf(a), destRegOf(dst), m.lanes, inRangeLanes, from.data(), out.data());
  } else if (rec) {
    forLanes(m.lanes, [&](int l) {
      const auto i = static_cast<std::size_t>(l);
      Flow f;
      f.kind = src[i].inRange ? FlowKind::Shuffle : FlowKind::ShuffleKeep;
      f.from = Endpoint::ofLane(w, src[i].lane, regOf(ctx.laneOp(src[i].lane, a)));
      f.to = Endpoint::ofLane(w, l, destRegOf(ctx.laneOp(l, dst)));
      f.value = out[i];
      ctx.flow(f);
    });
  }

  // One diagnostic per (cause, reader membermask), listing every real pair.
  std::vector<bool> done(bad.size(), false);
  for (std::size_t k = 0; k < bad.size(); ++k) {
    if (done[k]) continue;
    std::vector<BadRead> group;
    LaneMask readers = 0;
    for (std::size_t q = k; q < bad.size(); ++q) {
      if (done[q] || bad[q].why != bad[k].why || bad[q].mask != bad[k].mask) continue;
      done[q] = true;
      group.push_back(bad[q]);
      readers |= 1u << bad[q].reader;
    }
    ctx.diag(DiagKind::ShflSourceInactive, readers, describe(group));
  }
}

}  // namespace ws::core::coll
