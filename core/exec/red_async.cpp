// red.async (PTX ISA 9.7.13.7): a reduction into another CTA's shared memory
// that completes later, signalled by a complete-tx on an mbarrier of that CTA.
// Issue records an AsyncOp; the engine's completion policy later retires it
// through completeAsyncOp, which performs the reduction and the complete-tx.
#include <fmt/format.h>

#include "core/exec/atomic_exec.hpp"
#include "core/exec/atomic_ops.hpp"

namespace ws::core {
namespace {

// The .mbarrier::complete_tx::bytes forms: add on u32/s32/u64, min/max on
// u32/s32, inc/dec on u32, and/or/xor on b32.
bool redAsyncFormValid(Mod op, DataType t) {
  switch (op) {
    case Mod::Add: return t == DataType::U32 || t == DataType::S32 || t == DataType::U64;
    case Mod::Min: case Mod::Max: return t == DataType::U32 || t == DataType::S32;
    case Mod::Inc: case Mod::Dec: return t == DataType::U32;
    case Mod::And: case Mod::Or: case Mod::Xor: return t == DataType::B32;
    default: return false;
  }
}

std::uint32_t rankOf(const ExecCtx& ctx, std::uint32_t cta) { return ctx.state().ctas[cta].clusterRank; }

}  // namespace

void execRedAsync(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int ia = addressOperand(ins);
  const int im = ia < 0 ? -1 : addressOperand(ins, static_cast<std::size_t>(ia) + 1);
  // red.async.release{.mmio}.{gpu,cluster}.global.add [a], b (sm_100): no
  // mbarrier, completion "synchronizes with the end of the CTA". Taking
  // effect at issue is one of the orders the program must already allow.
  if (ia >= 0 && im < 0 && ins.space != Mod::SharedCluster) {
    execAtomRed(ctx);
    return;
  }
  if (ia < 0 || im != ia + 2 || !redAsyncFormValid(ins.opMod, ins.type)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(),
             fmt::format("red.async.{}.{} is not a form this engine knows", modName(ins.opMod), typeName(ins.type)));
    return;
  }
  const Operand& aOp = ins.ops[static_cast<std::size_t>(ia)];
  const Operand& bOp = ins.ops[static_cast<std::size_t>(ia) + 1];
  const Operand& mOp = ins.ops[static_cast<std::size_t>(im)];
  const auto bytes = static_cast<unsigned>(byteWidth(ins.type));

  struct LaneInput {
    int lane;
    ExecCtx::Address a, mbar;
    std::uint64_t value;
  };
  std::vector<LaneInput> inputs;
  for (int lane : serialisationOrder(ctx.lanes()))
    inputs.push_back({lane, ctx.address(lane, aOp), ctx.address(lane, mOp), ctx.read(lane, bOp, ins.type)});

  DiagBatch diags(ctx);
  const std::uint32_t own = ctx.warp().cta;
  for (const LaneInput& in : inputs) {
    const auto data = resolveShared(ctx, in.lane, in.a, bytes, "red.async destination", diags, DiagKind::RedAsyncNotRemote);
    if (!data) continue;
    const auto bar = resolveShared(ctx, in.lane, in.mbar, 8, "red.async mbarrier", diags, DiagKind::RedAsyncNotRemote);
    if (!bar) continue;
    // Conditions (9.7.13.7): a and mbar in the same CTA, not the executing
    // thread's, within the cluster.
    if (data->cta != bar->cta || data->cta == own) {
      diags.add(DiagKind::RedAsyncNotRemote, in.lane,
                fmt::format("lane {}: destination in CTA rank {}, mbarrier in CTA rank {}, executing CTA rank {}",
                            in.lane, rankOf(ctx, data->cta), rankOf(ctx, bar->cta), rankOf(ctx, own)));
      // One target CTA per operation: a split destination cannot be carried
      // out; the executing CTA's own memory can (and is, in hardware mode).
      if (data->cta != bar->cta) continue;
    }
    AsyncOp op;
    op.id = ctx.takeAsyncId();
    op.issuedStep = ctx.step();
    op.issuerWarp = ctx.warpIndex();
    op.issuerLane = static_cast<std::uint32_t>(in.lane);
    op.pc = ctx.warp().ctl.pc[static_cast<std::size_t>(in.lane)];
    op.targetCta = data->cta;
    op.dataOffset = data->offset;
    op.mbarOffset = bar->offset;
    op.op = ins.opMod;
    op.type = ins.type;
    op.value = in.value;
    ctx.inflight().push_back(op);
    Flow f;
    f.kind = FlowKind::AsyncIssue;
    f.from = Endpoint::ofLane(op.issuerWarp, in.lane, operandReg(bOp));
    f.to = Endpoint::ofMemory(Space::Shared, data->cta, data->offset);
    f.value = in.value;
    f.order = static_cast<std::uint32_t>(op.id);
    ctx.flow(f);
  }
}

// The retirement of one red.async: the reduction into the target CTA's
// shared memory, then a complete-tx with "completeCount argument equal to the
// amount of data stored in bytes" on its mbarrier (9.7.13.7).
void completeAsyncOp(ExecCtx& ctx, const AsyncOp& op) {
  DiagBatch diags(ctx);
  const auto bytes = static_cast<unsigned>(byteWidth(op.type));
  const auto lane = static_cast<int>(op.issuerLane);
  const Endpoint cell = Endpoint::ofMemory(Space::Shared, op.targetCta, op.dataOffset);
  std::uint64_t old = 0;
  if (op.targetCta >= ctx.state().ctas.size() || !ctx.loadShared(op.targetCta, op.dataOffset, bytes, old)) {
    diags.add(DiagKind::OutOfBounds, lane,
              fmt::format("red.async #{}: shared offset {:#x} of CTA {} cannot be read", op.id, op.dataOffset, op.targetCta));
    return;
  }
  atomics::ElementArgs args;
  args.op = op.op;
  args.type = op.type;
  args.b = op.value;
  const std::uint64_t result = atomics::apply(args, old);
  ctx.storeShared(op.targetCta, op.dataOffset, bytes, result);
  Flow f;
  f.kind = FlowKind::AsyncComplete;
  f.from = Endpoint::ofLane(op.issuerWarp, lane);
  f.to = cell;
  f.value = result;
  f.order = static_cast<std::uint32_t>(op.id);
  ctx.flow(f);
  mbarrierCompleteTx(ctx, lane, SharedLoc{op.targetCta, op.mbarOffset}, bytes, cell, f.order, diags);
}

}  // namespace ws::core
