// Warp collectives: dispatch, the helpers they share, activemask and elect.sync.
// shfl.sync is in shfl.cpp, vote.sync and match.sync in vote_match.cpp,
// redux.sync in redux.cpp.
//
// Contract with the engine: for an instruction flagged kCollective the engine
// has already made the lanes wait until every non-exited lane of the
// membermask arrived, and calls the handler once with lanes() = every
// participating lane (in hardware mode it may go on with missing() lanes that
// can never arrive, and reports that itself, as it does an executing lane that
// is not in its membermask). Every handler reads all inputs first and writes
// afterwards, since a destination may alias a source.
#include <fmt/format.h>

#include "core/exec/collectives/collective_ops.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {

int membermaskOperand(const Instr& ins) {
  int index = -1;
  switch (ins.op) {
    case Opcode::Shfl: index = 4; break;
    case Opcode::Vote:
    case Opcode::Match:
    case Opcode::Redux: index = 2; break;
    case Opcode::BarWarp: index = 0; break;
    case Opcode::Elect: index = 1; break;
    default: return -1;
  }
  // A malformed instruction must not make the engine index past ops.
  return static_cast<std::size_t>(index) < ins.ops.size() ? index : -1;
}

bool sameCollective(const Instr& a, const Instr& b) {
  if (a.op != b.op || (a.family != Family::Collective && a.op != Opcode::BarWarp) || a.type != b.type ||
      a.type2 != b.type2 || a.opMod != b.opMod || a.opMod2 != b.opMod2 || !(a.mods == b.mods) ||
      a.ops.size() != b.ops.size())
    return false;
  // The destination: the same shape (a register or `_`, with or without
  // the predicate half). The sources: any register, immediate or special
  // register, which every handler reads lane by lane through laneOp.
  const auto value = [](const Operand& o) {
    return o.elems.empty() &&
           (o.kind == OperandKind::Reg || o.kind == OperandKind::Imm || o.kind == OperandKind::Special);
  };
  for (std::size_t i = 0; i < a.ops.size(); ++i) {
    const Operand &x = a.ops[i], &y = b.ops[i];
    if (x.negate != y.negate || x.hasPred != y.hasPred) return false;
    if (i == 0 && a.op != Opcode::BarWarp ? (x.kind != y.kind || !x.elems.empty() || !y.elems.empty() ||
                                             (x.kind != OperandKind::Reg && x.kind != OperandKind::Sink))
                                          : !(value(x) && value(y)))
      return false;
  }
  return true;
}

namespace coll {

Members gatherMembers(ExecCtx& ctx) {
  Members m;
  m.lanes = ctx.lanes();
  const int mi = membermaskOperand(ctx.ins());
  if (mi < 0) return m;
  LaneValues buf;
  const std::uint64_t* v = ctx.row(ctx.ins().ops[static_cast<std::size_t>(mi)], DataType::B32, buf);
  if (m.lanes == ~0u) {  // the whole warp: a plain copy
    for (std::size_t l = 0; l < kWarpSize; ++l) m.mask[l] = static_cast<LaneMask>(v[l]);
  } else {
    forLanes(m.lanes, [&](int l) { m.mask[static_cast<std::size_t>(l)] = static_cast<LaneMask>(v[static_cast<std::size_t>(l)]); });
  }
  return m;
}

bool hasOperands(ExecCtx& ctx, std::size_t n) {
  if (ctx.ins().ops.size() >= n) return true;
  ctx.diag(DiagKind::Unsupported, ctx.lanes(),
           fmt::format("{} has {} operands, expected {}", ctx.ins().info().mnemonic, ctx.ins().ops.size(), n));
  return false;
}

std::int32_t regOf(const Operand& op) {
  return op.kind == OperandKind::Reg ? static_cast<std::int32_t>(op.reg) : -1;
}

std::int32_t destRegOf(const Operand& op) {
  if (op.kind == OperandKind::Reg) return static_cast<std::int32_t>(op.reg);
  if (op.hasPred) return static_cast<std::int32_t>(op.reg2);
  return -1;
}

void shareUndefined(ExecCtx& ctx) {
  if (ctx.undefinedReads() & ctx.lanes()) ctx.setUndefinedReads(ctx.lanes());
}

void writePredOut(ExecCtx& ctx, int lane, const Operand& dst, bool p) {
  if (dst.hasPred) ctx.writePred(lane, ctx.laneOp(lane, dst).reg2, p);
}

namespace {

// PTX ISA 9.1, Parallel Synchronization and Communication Instructions:
// activemask. "Active, predicated-on threads contribute 1; exited, inactive,
// or predicated-off threads contribute 0." Not a synchronization point: the
// engine passes exactly the lanes executing it (the current branch, guard
// true), so d is lanes() in every one of them.
void execActivemask(ExecCtx& ctx) {
  if (!hasOperands(ctx, 1)) return;
  const LaneMask active = ctx.lanes();
  forLanes(active, [&](int l) { ctx.write(l, ctx.ins().ops[0], active); });
}

// PTX ISA 9.1, Parallel Synchronization and Communication Instructions:
// elect.sync d|p, membermask. "elects one predicated active leader thread from
// among a set of threads specified by membermask. laneid of the elected thread
// is returned in d ... p is set to True for the leader thread, and False for
// all other threads." The election is deterministic; the leader is the lowest
// participating lane of the membermask.
void execElect(ExecCtx& ctx) {
  if (!hasOperands(ctx, 2)) return;
  const Operand& dst = ctx.ins().ops[0];
  const Members m = gatherMembers(ctx);
  std::array<int, kWarpSize> leader{};
  forLanes(m.lanes, [&](int l) {
    // m.of(l) always holds l; a lane outside its own membermask elects among
    // the lanes that passed the same mask, itself included (as an H100 does:
    // tests/data/hwmode a_extra_elect_*).
    leader[static_cast<std::size_t>(l)] = __builtin_ctz(m.of(l));
  });
  forLanes(m.lanes, [&](int l) {
    const int who = leader[static_cast<std::size_t>(l)];
    ctx.write(l, ctx.laneOp(l, dst), static_cast<std::uint64_t>(who));
    writePredOut(ctx, l, dst, who == l);
  });
  flowAllToAll(ctx, m, FlowKind::Reduce, nullptr, dst,
               [&](int from) { return static_cast<std::uint64_t>(leader[static_cast<std::size_t>(from)]); });
}

}  // namespace
}  // namespace coll

void execCollective(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Shfl: coll::execShfl(ctx); return;
    case Opcode::Vote: coll::execVote(ctx); return;
    case Opcode::Match: coll::execMatch(ctx); return;
    case Opcode::Redux: coll::execRedux(ctx); return;
    case Opcode::Activemask: coll::execActivemask(ctx); return;
    case Opcode::Elect: coll::execElect(ctx); return;
    default:
      ctx.diag(DiagKind::Unsupported, ctx.lanes(),
               fmt::format("{} is not a warp collective", ctx.ins().info().mnemonic));
      return;
  }
}

}  // namespace ws::core
