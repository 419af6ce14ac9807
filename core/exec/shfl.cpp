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
// "If the source thread is inactive or not in membermask, the value read is
// undefined": reported as ShflSourceInactive (strict mode stops on it).
#include <fmt/format.h>

#include <array>
#include <bit>
#include <string>
#include <vector>

#include "core/exec/collective_ops.hpp"

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

template <Mod M>
void shflSources(LaneMask lanes, const LaneValues& b, const LaneValues& c, Sources& src) {
  for (LaneMask m = lanes; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    src[l] = shflSource<M>(static_cast<int>(l), static_cast<std::uint32_t>(b[l]), static_cast<std::uint32_t>(c[l]));
  }
}

void shflSources(Mod mode, LaneMask lanes, const LaneValues& b, const LaneValues& c, Sources& src) {
  switch (mode) {
    case Mod::Up: shflSources<Mod::Up>(lanes, b, c, src); break;
    case Mod::Down: shflSources<Mod::Down>(lanes, b, c, src); break;
    case Mod::Bfly: shflSources<Mod::Bfly>(lanes, b, c, src); break;
    case Mod::Idx: shflSources<Mod::Idx>(lanes, b, c, src); break;
    default: shflSources<Mod::None>(lanes, b, c, src); break;  // no mode: every lane keeps its own value
  }
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

}  // namespace

void execShfl(ExecCtx& ctx) {
  if (!hasOperands(ctx, 5)) return;
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& a = ins.ops[1];
  const Members m = gatherMembers(ctx);

  // Phase 1: every participating lane's a, b and c.
  LaneValues av, bv, cv;
  ctx.gather(a, DataType::B32, av);
  ctx.gather(ins.ops[2], DataType::B32, bv);
  ctx.gather(ins.ops[3], DataType::B32, cv);

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
  Sources src{};
  shflSources(ins.opMod, m.lanes, bv, cv, src);
  LaneValues out{}, inRange{};
  std::vector<BadRead> bad;
  const LaneMask exited = ctx.warp().ctl.exited;
  const LaneMask valid = ctx.warp().ctl.valid;
  // When every executing lane's membermask holds every executing lane (the
  // usual full mask), a source that executes is a good one.
  LaneMask inEveryMask = ~0u;
  forLanes(m.lanes, [&](int l) { inEveryMask &= m.mask[static_cast<std::size_t>(l)]; });
  const bool membersSeeEachOther = (m.lanes & ~inEveryMask) == 0;
  for (LaneMask mm = m.lanes; mm; mm &= mm - 1) {
    const int l = std::countr_zero(mm);
    const auto i = static_cast<std::size_t>(l);
    const ShflSource s = src[i];
    inRange[i] = s.inRange ? 1 : 0;
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

  // Phase 2: write d (and p), then the flows and diagnostics.
  ctx.scatterWithPred(dst, out, inRange);
  const std::uint32_t w = ctx.warpIndex();
  if (ctx.record()) forLanes(m.lanes, [&](int l) {
    const auto i = static_cast<std::size_t>(l);
    Flow f;
    f.kind = src[i].inRange ? FlowKind::Shuffle : FlowKind::ShuffleKeep;
    f.from = Endpoint::ofLane(w, src[i].lane, regOf(a));
    f.to = Endpoint::ofLane(w, l, destRegOf(dst));
    f.value = out[i];
    ctx.flow(f);
  });

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
