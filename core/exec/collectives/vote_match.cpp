// vote.sync and match.sync: each lane combines one value of every
// participating lane of its membermask.
#include <fmt/format.h>

#include "core/exec/collectives/collective_ops.hpp"

namespace ws::core::coll {

// PTX ISA 9.1, Parallel Synchronization and Communication Instructions: vote.sync
//   vote.sync.mode.pred d, {!}a, membermask;  .mode = { .all, .any, .uni }
//   vote.sync.ballot.b32 d, {!}a, membermask;
// .all: a is true for all non-exited threads in membermask; .any: for any;
// .uni: a has the same value in all non-exited threads in membermask;
// .ballot: bit i of d is the predicate of lane i, non-member lanes give 0.
// `!a` negates the source predicate before the vote (.none = .all of !a,
// .not_all = .any of !a); readPred applies it.
void execVote(ExecCtx& ctx) {
  if (!hasOperands(ctx, 3)) return;
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& a = ins.ops[1];
  const Members m = gatherMembers(ctx);

  // Phase 1: every participating lane's predicate, as a ballot of all of them.
  LaneMask votes = 0;
  forLanes(m.lanes, [&](int l) {
    if (ctx.readPred(l, ctx.laneOp(l, a))) votes |= 1u << l;
  });

  // Phase 2: each lane's result over its own membermask.
  shareUndefined(ctx);
  forLanes(m.lanes, [&](int l) {
    const LaneMask set = m.of(l);
    const LaneMask yes = votes & set;
    std::uint64_t d = 0;
    switch (ins.opMod) {
      case Mod::Ballot: d = yes; break;
      case Mod::All: d = yes == set ? 1 : 0; break;
      case Mod::Any: d = yes != 0 ? 1 : 0; break;
      case Mod::Uni: d = (yes == 0 || yes == set) ? 1 : 0; break;
      default: break;
    }
    ctx.write(l, ctx.laneOp(l, dst), d);
  });
  flowAllToAll(ctx, m, FlowKind::Vote, &a, dst,
               [&](int from) { return static_cast<std::uint64_t>(hasLane(votes, from) ? 1 : 0); });
}

// PTX ISA 9.1, Parallel Synchronization and Communication Instructions: match.sync
//   match.any.sync.type d, a, membermask;
//   match.all.sync.type d[|p], a, membermask;  .type = { .b32, .b64 }
// "performs broadcast and compare of operand a across all non-exited threads
// in membermask". .any: d = mask of those threads whose a equals this
// thread's a. .all: d = mask of those threads if all of them have the same a,
// else 0; p = whether they all match. d or p may be the sink `_`.
void execMatch(ExecCtx& ctx) {
  if (!hasOperands(ctx, 3)) return;
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& a = ins.ops[1];
  const DataType t = ins.type == DataType::B64 ? DataType::B64 : DataType::B32;
  const Members m = gatherMembers(ctx);

  // Phase 1: every participating lane's a.
  std::array<std::uint64_t, kWarpSize> v{};
  forLanes(m.lanes, [&](int l) { v[static_cast<std::size_t>(l)] = ctx.read(l, ctx.laneOp(l, a), t); });

  // The lanes of l's membermask whose a equals l's.
  auto equal = [&](int l) {
    LaneMask eq = 0;
    forLanes(m.of(l), [&](int j) {
      if (v[static_cast<std::size_t>(j)] == v[static_cast<std::size_t>(l)]) eq |= 1u << j;
    });
    return eq;
  };

  // Phase 2: results.
  std::array<LaneMask, kWarpSize> eq{};
  forLanes(m.lanes, [&](int l) { eq[static_cast<std::size_t>(l)] = equal(l); });
  shareUndefined(ctx);
  forLanes(m.lanes, [&](int l) {
    const auto i = static_cast<std::size_t>(l);
    if (ins.opMod == Mod::All) {
      const bool all = eq[i] == m.of(l);
      ctx.write(l, ctx.laneOp(l, dst), all ? m.of(l) : 0u);
      writePredOut(ctx, l, dst, all);
    } else {
      ctx.write(l, ctx.laneOp(l, dst), eq[i]);
    }
  });

  // Flows: lane -> lane within each group of equal values (over the same
  // membermask); groups are numbered 0, 1, 2... by their lowest lane.
  std::array<std::uint32_t, kWarpSize> group{};
  std::array<bool, kWarpSize> numbered{};
  std::uint32_t next = 0;
  forLanes(m.lanes, [&](int l) {
    const auto i = static_cast<std::size_t>(l);
    if (numbered[i]) return;
    forLanes(m.lanes, [&](int j) {
      const auto k = static_cast<std::size_t>(j);
      if (!numbered[k] && v[k] == v[i] && m.mask[k] == m.mask[i]) {
        group[k] = next;
        numbered[k] = true;
      }
    });
    ++next;
  });
  const std::uint32_t w = ctx.warpIndex();
  if (ctx.record()) forLanes(m.lanes, [&](int from) {
    forLanes(m.lanes, [&](int to) {
      if (!hasLane(eq[static_cast<std::size_t>(to)], from)) return;
      Flow f;
      f.kind = FlowKind::Match;
      f.from = Endpoint::ofLane(w, from, regOf(ctx.laneOp(from, a)));
      f.to = Endpoint::ofLane(w, to, destRegOf(ctx.laneOp(to, dst)));
      f.value = v[static_cast<std::size_t>(from)];
      f.group = group[static_cast<std::size_t>(to)];
      ctx.flow(f);
    });
  });
}

}  // namespace ws::core::coll
