#pragma once
// Internal to the warp-collective handlers (collectives.cpp, shfl.cpp,
// vote_match.cpp, redux.cpp): who takes part in one collective, and the
// helpers every one of them uses. Not part of the handler API.
#include <array>
#include <bit>
#include <cstdint>

#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core::coll {

// One collective instruction as the handlers see it after the engine has
// resolved the waiting: the executing lanes and the membermask each of them
// passed. Membermasks are kept per lane because PTX lets lanes of one
// converged warp pass different (disjoint) masks; each lane then computes over
// its own mask (the H100 records in tests/data/hw/*_split_mask show it).
struct Members {
  LaneMask lanes = 0;                       // executing lanes (ctx.lanes())
  std::array<LaneMask, kWarpSize> mask{};   // membermask each executing lane passed

  // The lanes whose inputs lane `l` combines: the executing lanes that
  // passed the same membermask value as l. Exited lanes and lanes that never
  // arrived are not in `lanes`, so "non-exited threads in membermask" falls
  // out of it. Where lanes disagree on the membermask (undefined; reported)
  // only lanes that passed the same value take part, as on an H100 (rule W
  // in core/exec/diagnostics/hw_rules.hpp): lanes 0-15 passing 0xffffffff beside lanes
  // 16-31 passing 0xffff0000 reduce over 0-15 alone
  // (scenarios/ub-membermask-mismatch/hw-h100.json). Membership in the mask
  // is not checked: a converged warp whose 32 lanes pass 0x0000ffff votes,
  // reduces and elects over all 32 on an H100 (tests/data/hwmode a_all_*,
  // a_extra_elect_*); in strict mode that stops before it executes.
  LaneMask of(int l) const {
    const LaneMask own = mask[static_cast<std::size_t>(l)];
    LaneMask same = 0;
    for (LaneMask m = lanes; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      if (mask[static_cast<std::size_t>(j)] == own) same |= 1u << j;
    }
    return same;
  }
};

// shfl.sync's d and p for a converged warp whose every lane is a member of
// every lane's membermask and passes the same b and c: what execShfl()
// computes then (no source can be bad), for the engine's whole-warp form
// (core/exec/engine/uniform_op.hpp). `a` is the 32 lanes' a as .b32.
void shflWholeWarp(Mod mode, std::uint32_t b, std::uint32_t c, const std::uint64_t* a, LaneValues& out,
                   LaneValues& inRange);

// Phase one of every collective: read each executing lane's membermask.
Members gatherMembers(ExecCtx& ctx);

// False (after a diagnostic) when the parser left fewer operands than the
// instruction's shape needs; handlers then do nothing.
bool hasOperands(ExecCtx& ctx, std::size_t n);

// The register an operand names, for flow endpoints (-1 for immediates and `_`).
std::int32_t regOf(const Operand& op);
// The register a `d|p` destination's arrow points at: d, or p when d is `_`.
std::int32_t destRegOf(const Operand& op);

inline bool hasLane(LaneMask m, int l) { return ((m >> l) & 1u) != 0; }

// Calls f(lane) for every lane of m in ascending order.
template <class F>
void forLanes(LaneMask m, F&& f) {
  for (int l = 0; l < kWarpSize; ++l)
    if (hasLane(m, l)) f(l);
}

// Definedness of a result every member computes from every member's input
// (vote, match, redux): undefined in all of them if any input was.
void shareUndefined(ExecCtx& ctx);

// Writes the optional predicate half of a `d|p` destination.
void writePredOut(ExecCtx& ctx, int lane, const Operand& dst, bool p);

// Records one all-to-all flow of kind k: every lane of members.of(to) feeds
// lane `to`, for every executing lane `to`; value(from) is the contribution,
// read from operand `src` (none: nullptr) into destination `dst`, each lane's
// own (a collective across call sites names other registers per site).
template <class V>
void flowAllToAll(ExecCtx& ctx, const Members& m, FlowKind k, const Operand* src, const Operand& dst, V&& value) {
  if (!ctx.record()) return;  // flows are for the views: nothing to do when the step is not recorded
  const std::uint32_t w = ctx.warpIndex();
  forLanes(m.lanes, [&](int from) {
    forLanes(m.lanes, [&](int to) {
      if (!hasLane(m.of(to), from)) return;
      Flow f;
      f.kind = k;
      f.from = Endpoint::ofLane(w, from, src ? regOf(ctx.laneOp(from, *src)) : -1);
      f.to = Endpoint::ofLane(w, to, destRegOf(ctx.laneOp(to, dst)));
      f.value = value(from);
      ctx.flow(f);
    });
  });
}

void execShfl(ExecCtx& ctx);
void execVote(ExecCtx& ctx);
void execMatch(ExecCtx& ctx);
void execRedux(ExecCtx& ctx);

}  // namespace ws::core::coll
