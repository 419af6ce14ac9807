// red.async (PTX ISA 9.7.13.7), both forms, as asynchronous operations:
// - .relaxed.cluster .mbarrier::complete_tx::bytes: a reduction into another
//   CTA's shared memory, signalled by a complete-tx on an mbarrier of that CTA;
// - .release.{gpu,cluster,sys}.global.add (sm_100): a strong release-ordered
//   add into global memory with no completion mechanism ("the completion of
//   the store synchronizes with the end of the CTA").
// Issue records an AsyncOp; the engine's completion policy later retires it
// through completeAsyncOp, which performs the reduction (and the complete-tx).
#include <fmt/format.h>

#include "core/exec/async/async_copy.hpp"
#include "core/exec/memory/atomic_ops.hpp"

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

// The .release form: add on u32/s32/u64/s64.
bool releaseFormValid(Mod op, DataType t) {
  return op == Mod::Add && (t == DataType::U32 || t == DataType::S32 || t == DataType::U64 || t == DataType::S64);
}

std::uint32_t rankOf(const ExecCtx& ctx, std::uint32_t cta) { return ctx.state().ctas[cta].clusterRank; }

std::string formName(const Instr& ins) {
  return fmt::format("red.async.{}.{}", modName(ins.opMod), typeName(ins.type));
}

// red.async{.mmio}.release.scope{.global}.add.type [a], b (the conditions
// "When .sem is .release", 9.7.13.7).
void execRedAsyncRelease(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int ia = addressOperand(ins);
  if (ia < 0 || static_cast<std::size_t>(ia) + 1 >= ins.ops.size() || !releaseFormValid(ins.opMod, ins.type)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(),
             fmt::format("{} is not a form of red.async.release (add on u32, s32, u64 or s64)", formName(ins)));
    return;
  }
  DiagBatch diags(ctx);
  if (ins.has(Mod::Mmio) && ins.scope != Mod::Sys)
    diags.addMask(DiagKind::RedAsyncMmioScope, ctx.lanes(),
                  fmt::format("red.async.mmio with scope .{}", modName(ins.scope)));
  if (ins.has(Mod::CompleteTxBytes))
    diags.addMask(DiagKind::RedAsyncReleaseCompletion, ctx.lanes(),
                  "red.async.release names .mbarrier::complete_tx::bytes");
  if (ins.space != Mod::None && ins.space != Mod::Global) {
    diags.addMask(DiagKind::RedAsyncReleaseSpace, ctx.lanes(),
                  fmt::format("red.async.release on .{} (it reduces into .global memory)", modName(ins.space)));
    return;
  }
  const Operand& aOp = ins.ops[static_cast<std::size_t>(ia)];
  const Operand& bOp = ins.ops[static_cast<std::size_t>(ia) + 1];
  const auto bytes = static_cast<unsigned>(byteWidth(ins.type));
  struct LaneInput {
    int lane;
    ExecCtx::Address a;
    std::uint64_t value;
  };
  std::vector<LaneInput> inputs;
  for (int lane : serialisationOrder(ctx.lanes())) inputs.push_back({lane, ctx.address(lane, aOp), ctx.read(lane, bOp, ins.type)});
  for (const LaneInput& in : inputs) {
    const ExecCtx::Address where = ctx.toSpecific(in.a);
    if (where.space != Space::Global) {
      diags.add(DiagKind::RedAsyncReleaseSpace, in.lane,
                fmt::format("lane {}: generic address {:#x} is not in the .global window", in.lane, in.a.addr));
      continue;
    }
    if (where.addr % bytes != 0) {
      diags.add(DiagKind::Misaligned, in.lane,
                fmt::format("lane {}: {} address {:#x} is not {}-byte aligned", in.lane, formName(ins), where.addr, bytes));
      continue;
    }
    if (!ctx.inBounds(where, bytes)) {
      diags.add(DiagKind::OutOfBounds, in.lane,
                fmt::format("lane {}: {} address {:#x} is outside every global allocation", in.lane, formName(ins), where.addr));
      continue;
    }
    AsyncOp op = newAsyncOp(ctx, in.lane, AsyncKind::RedAsyncRelease);
    op.dst = globalAt(where.addr);
    op.size = bytes;
    op.op = ins.opMod;
    op.type = ins.type;
    op.data[0] = in.value;
    Endpoint from = Endpoint::ofLane(ctx.warpIndex(), in.lane, operandReg(bOp));
    issueAsync(ctx, op, from, in.value);
  }
}

}  // namespace

void execRedAsync(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.sem == Mod::Release) {
    execRedAsyncRelease(ctx);
    return;
  }
  const int ia = addressOperand(ins);
  const int im = ia < 0 ? -1 : addressOperand(ins, static_cast<std::size_t>(ia) + 1);
  if (ia < 0 || im != ia + 2 || !redAsyncFormValid(ins.opMod, ins.type)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not a form this engine knows", formName(ins)));
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
    AsyncOp op = newAsyncOp(ctx, in.lane, AsyncKind::RedAsync);
    op.dst = sharedAt(*data);
    op.size = bytes;
    op.hasMbar = true;
    op.mbar = sharedAt(*bar);
    op.op = ins.opMod;
    op.type = ins.type;
    op.data[0] = in.value;
    issueAsync(ctx, op, Endpoint::ofLane(ctx.warpIndex(), in.lane, operandReg(bOp)), in.value);
  }
}

// The retirement of one red.async: the reduction, then (the .relaxed form) a
// complete-tx with "completeCount argument equal to the amount of data stored
// in bytes" on its mbarrier (9.7.13.7).
void completeRedAsync(ExecCtx& ctx, const AsyncOp& op) {
  DiagBatch diags(ctx);
  const auto bytes = static_cast<unsigned>(byteWidth(op.type));
  const auto lane = static_cast<int>(op.issuerLane);
  const bool global = op.kind == AsyncKind::RedAsyncRelease;
  const Endpoint cell = Endpoint::ofMemory(op.dst.space, op.dst.cta, op.dst.addr);
  const ExecCtx::Address at{Space::Global, op.dst.addr};
  std::uint64_t old = 0;
  const bool readable = global ? ctx.load(lane, at, bytes, old)
                               : op.dst.cta < ctx.state().ctas.size() &&
                                     ctx.loadShared(op.dst.cta, static_cast<std::uint32_t>(op.dst.addr), bytes, old);
  if (!readable) {
    diags.add(DiagKind::OutOfBounds, lane,
              fmt::format("{} #{}: {} address {:#x} cannot be read", asyncKindName(op.kind), op.id,
                          global ? "global" : "shared", op.dst.addr));
    return;
  }
  atomics::ElementArgs args;
  args.op = op.op;
  args.type = op.type;
  args.b = op.data[0];
  args.global = global;
  const std::uint64_t result = atomics::apply(args, old);
  if (global)
    ctx.store(lane, at, bytes, result);
  else
    ctx.storeShared(op.dst.cta, static_cast<std::uint32_t>(op.dst.addr), bytes, result);
  Flow f;
  f.kind = FlowKind::AsyncComplete;
  f.from = Endpoint::ofLane(op.issuerWarp, lane);
  f.to = cell;
  f.value = result;
  f.order = static_cast<std::uint32_t>(op.id);
  f.bytes = bytes;
  f.issuerLane = static_cast<std::uint8_t>(lane);
  ctx.flow(f);
  if (op.hasMbar)
    mbarrierCompleteTx(ctx, lane, SharedLoc{op.mbar.cta, static_cast<std::uint32_t>(op.mbar.addr)}, bytes, cell, f.order,
                       diags);
}

}  // namespace ws::core
