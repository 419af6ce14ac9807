// The asynchronous copies of PTX ISA 9.7.9.25.3 (cp.async, its cp.async-groups)
// and cp.async.mbarrier.arrive (9.7.13.15.15), the dispatch of every Async
// row of opcodes.def, and the bookkeeping the bulk forms share with them:
// issuing an operation and the async-group instructions. Each lane's copy is
// its own in-flight AsyncOp (machine_state.hpp); the engine's completion
// policy retires it through completeAsyncOp (async_complete.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/exec/async/async_copy.hpp"
#include "core/exec/races/race_checker.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {

AsyncOp newAsyncOp(ExecCtx& ctx, int lane, AsyncKind kind) {
  AsyncOp op;
  op.id = ctx.takeAsyncId();
  op.issuedStep = ctx.step();
  op.issuerWarp = ctx.warpIndex();
  op.issuerLane = static_cast<std::uint32_t>(lane);
  op.pc = ctx.warp().ctl.pc[static_cast<std::size_t>(lane)];
  op.kind = kind;
  return op;
}

void issueAsync(ExecCtx& ctx, const AsyncOp& op, const Endpoint& from, std::uint64_t value) {
  ctx.inflight().push_back(op);
  if (race::RaceChecker* r = ctx.races())
    r->asyncIssue(op.id, op.issuerWarp, static_cast<int>(op.issuerLane),
                  op.kind == AsyncKind::BulkCopy || op.kind == AsyncKind::BulkReduce, asyncKindName(op.kind));
  Flow f;
  f.kind = FlowKind::AsyncIssue;
  f.from = from;
  f.to = asyncDestination(op);
  f.value = value;
  f.order = static_cast<std::uint32_t>(op.id);
  f.bytes = op.size;
  f.issuerLane = static_cast<std::uint8_t>(op.issuerLane);
  ctx.flow(f);
}

std::optional<SharedLoc> sharedRange(ExecCtx& ctx, int lane, ExecCtx::Address a, std::uint32_t bytes,
                                     const RangeRules& rules, std::string_view what, DiagBatch& diags) {
  const ExecCtx::Address s = ctx.toSpecific(a);
  if (s.space != Space::Shared || s.addr > 0xffffffffull) {
    diags.add(rules.outside, lane, fmt::format("lane {}: {} address {:#x} is not in shared memory", lane, what, a.addr));
    return std::nullopt;
  }
  SharedLoc loc;
  if (!ctx.sharedTarget(static_cast<std::uint32_t>(s.addr), loc.cta, loc.offset)) {
    diags.add(rules.outside, lane,
              fmt::format("lane {}: {} address {:#x} names CTA rank {}, outside this cluster of {} CTAs", lane, what,
                          s.addr, s.addr / memmap::kClusterSharedBase - 1, ctx.state().clusters[ctx.cta().cluster].numCtas));
    return std::nullopt;
  }
  if (rules.align > 1 && loc.offset % rules.align != 0) {
    diags.add(rules.misaligned, lane,
              fmt::format("lane {}: {} address {:#x} is not {}-byte aligned", lane, what, s.addr, rules.align));
    return std::nullopt;
  }
  const std::size_t size = ctx.state().ctas[loc.cta].shared.size();
  if (static_cast<std::uint64_t>(loc.offset) + bytes > size) {
    diags.add(rules.overflow, lane,
              fmt::format("lane {}: {} at shared offset {:#x} (+{} bytes) is past the {} bytes of CTA rank {}'s shared "
                          "memory",
                          lane, what, loc.offset, bytes, size, ctx.state().ctas[loc.cta].clusterRank));
    return std::nullopt;
  }
  return loc;
}

std::optional<std::uint64_t> globalRange(ExecCtx& ctx, int lane, ExecCtx::Address a, std::uint32_t bytes,
                                         const RangeRules& rules, std::string_view what, DiagBatch& diags) {
  const ExecCtx::Address s = ctx.toSpecific(a);
  if (s.space != Space::Global) {
    diags.add(rules.outside, lane, fmt::format("lane {}: {} address {:#x} is not in global memory", lane, what, a.addr));
    return std::nullopt;
  }
  if (rules.align > 1 && s.addr % rules.align != 0) {
    diags.add(rules.misaligned, lane,
              fmt::format("lane {}: {} address {:#x} is not {}-byte aligned", lane, what, s.addr, rules.align));
    return std::nullopt;
  }
  if (bytes > 0 && !ctx.inBounds(s, bytes)) {
    diags.add(rules.overflow, lane,
              fmt::format("lane {}: {} [{:#x}, {:#x}) is not inside one global allocation", lane, what, s.addr,
                          s.addr + bytes));
    return std::nullopt;
  }
  return s.addr;
}

std::uint32_t readU32(ExecCtx& ctx, int lane, const Operand& op) {
  return static_cast<std::uint32_t>(ctx.read(lane, op, DataType::U32));
}

namespace {

void unsupported(ExecCtx& ctx, std::string message) { ctx.diag(DiagKind::Unsupported, ctx.lanes(), std::move(message)); }

bool overlaps(const AsyncLoc& a, std::uint32_t an, const AsyncLoc& b, std::uint32_t bn) {
  return a.space == b.space && a.cta == b.cta && a.addr < b.addr + bn && b.addr < a.addr + an;
}

}  // namespace

// cp.async.{ca,cg}.shared{::cta}.global [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}
// (9.7.9.25.3.1).
void execCpAsync(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const bool spaces = (ins.space == Mod::Shared || ins.space == Mod::SharedCta) && ins.space2 == Mod::Global;
  if (!spaces || ins.ops.size() < 3 || ins.ops[0].kind != OperandKind::Address ||
      ins.ops[1].kind != OperandKind::Address || ins.ops[2].kind != OperandKind::Imm) {
    unsupported(ctx, "cp.async copies [dst], [src], cp-size from .global to .shared{::cta}");
    return;
  }
  const auto cpSize = static_cast<std::uint32_t>(ins.ops[2].imm);
  if (cpSize != 4 && cpSize != 8 && cpSize != 16) {
    unsupported(ctx, fmt::format("cp.async cp-size {} (\"cp-size can only be 4, 8 and 16\")", ins.ops[2].imm));
    return;
  }
  if (ins.has(Mod::Cg) && cpSize != 16) {
    unsupported(ctx, fmt::format("cp.async.cg copies 16 bytes, not {}", cpSize));
    return;
  }
  // The operand after cp-size, when there is one besides the cache policy:
  // src-size (an integer) or ignore-src (a predicate).
  const std::size_t extra = ins.ops.size() - 3 - (ins.has(Mod::L2CacheHint) ? 1 : 0);
  const Operand* sizeOp = nullptr;
  const Operand* ignoreOp = nullptr;
  if (extra >= 1) {
    const Operand& o = ins.ops[3];
    const bool pred = o.kind == OperandKind::Reg && ctx.program().regs[o.reg].type == DataType::Pred;
    (pred ? ignoreOp : sizeOp) = &o;
  }
  struct LaneInput {
    int lane;
    ExecCtx::Address dst, src;
    std::uint32_t srcSize;
  };
  std::vector<LaneInput> inputs;
  for (int lane : serialisationOrder(ctx.lanes())) {
    LaneInput in{lane, ctx.address(lane, ins.ops[0], Space::Shared), ctx.address(lane, ins.ops[1], Space::Global), cpSize};
    if (sizeOp) in.srcSize = readU32(ctx, lane, *sizeOp);
    if (ignoreOp && ctx.readPred(lane, *ignoreOp)) in.srcSize = 0;  // "zeros will be copied to destination dst"
    inputs.push_back(in);
  }
  DiagBatch diags(ctx);
  const RangeRules rules{DiagKind::OutOfBounds, DiagKind::Misaligned, DiagKind::OutOfBounds, cpSize};
  const std::uint32_t own = ctx.warp().cta;
  for (LaneInput& in : inputs) {
    if (in.srcSize > cpSize) {
      diags.add(DiagKind::CpAsyncSrcSize, in.lane,
                fmt::format("lane {}: src-size {} is larger than cp-size {}", in.lane, in.srcSize, cpSize));
      in.srcSize = cpSize;
    }
    const auto dst = sharedRange(ctx, in.lane, in.dst, cpSize, rules, "cp.async destination", diags);
    if (!dst) continue;
    if (dst->cta != own) {
      diags.add(DiagKind::OutOfBounds, in.lane,
                fmt::format("lane {}: cp.async destination {:#x} is CTA rank {}'s shared memory, outside the executing "
                            "CTA's .shared::cta window",
                            in.lane, in.dst.addr, ctx.state().ctas[dst->cta].clusterRank));
      continue;
    }
    const auto src = globalRange(ctx, in.lane, in.src, in.srcSize, rules, "cp.async source", diags);
    if (!src) continue;
    AsyncOp op = newAsyncOp(ctx, in.lane, AsyncKind::CpAsync);
    op.src = globalAt(*src);
    op.dst = sharedAt(*dst);
    op.size = cpSize;
    op.srcSize = in.srcSize;
    op.group = ctx.warp().groups.cpAsync[static_cast<std::size_t>(in.lane)];
    // "two or more cp.async operations within a cp.async-group copying data
    // to the same location results in undefined behavior" (9.7.9.25.3.2).
    // Seen here among the operations of the group still in flight.
    for (const AsyncOp& o : ctx.state().inflight) {
      if (o.kind != AsyncKind::CpAsync || o.issuerWarp != op.issuerWarp || o.issuerLane != op.issuerLane ||
          o.group != op.group || !overlaps(o.dst, o.size, op.dst, op.size))
        continue;
      diags.add(DiagKind::CpAsyncGroupOverlap, in.lane,
                fmt::format("lane {}: cp.async #{} into shared offset {:#x} overlaps cp.async #{} (offset {:#x}) of the "
                            "same cp.async-group",
                            in.lane, op.id, op.dst.addr, o.id, o.dst.addr));
      break;
    }
    issueAsync(ctx, op, Endpoint::ofMemory(Space::Global, 0, *src), 0);
  }
}

// cp.async.commit_group (9.7.9.25.3.2) and cp.async.bulk.commit_group
// (9.7.9.25.6.1): each executing lane closes its current group; the
// operations it issued since belong to it (their group number is the count).
void execAsyncCommit(ExecCtx& ctx, bool bulk) {
  AsyncGroups& g = ctx.groups();
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) ++(bulk ? g.bulk : g.cpAsync)[static_cast<std::size_t>(std::countr_zero(m))];
  if (race::RaceChecker* r = ctx.races()) r->asyncCommit(ctx.warpIndex(), ctx.lanes(), bulk);
}

// cp.async.wait_group N / cp.async.wait_all (9.7.9.25.3.3) and
// cp.async.bulk.wait_group{.read} N (9.7.9.25.6.2): when some executing lane's
// older groups still have operations in flight, the executing lanes wait
// (past the instruction) until the async unit has completed them for every
// one of them, and go on together: a warp waits as one, as the hardware's
// scoreboard wait does, so the lanes stay converged for what follows (an
// aligned bar.sync). Waiting longer than its own groups need is one of the
// schedules the ISA allows. .read waits for the reads of the sources; this
// machine reads them when it writes the destinations, so it waits as long.
void execAsyncWait(ExecCtx& ctx, bool bulk, bool all) {
  const Instr& ins = ctx.ins();
  std::uint32_t n = 0;
  if (all) {
    execAsyncCommit(ctx, false);  // "cp.async.wait_all is equivalent to: cp.async.commit_group; cp.async.wait_group 0;"
  } else if (ins.ops.size() != 1 || ins.ops[0].kind != OperandKind::Imm || ins.ops[0].imm < 0) {
    unsupported(ctx, fmt::format("{} takes an integer constant N", ins.info().mnemonic));
    return;
  } else {
    n = static_cast<std::uint32_t>(std::min<std::int64_t>(ins.ops[0].imm, 0xffffffff));
  }
  bool pending = false;
  for (LaneMask m = ctx.lanes(); m && !pending; m &= m - 1)
    pending = !asyncGroupsDone(ctx.state(), ctx.warpIndex(), std::countr_zero(m), bulk, n);
  if (pending) ctx.block(ctx.lanes(), bulk ? WaitKind::BulkGroup : WaitKind::AsyncGroup, n);
  // Lanes that go on at once have seen their groups complete (the others
  // when the engine releases them: Engine::releaseGroupWaits).
  else if (race::RaceChecker* r = ctx.races()) r->asyncWaitPassed(ctx.warpIndex(), ctx.lanes(), bulk, n);
}

// cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr] (9.7.13.15.15).
void execCpAsyncArrive(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() != 1 || ins.ops[0].kind != OperandKind::Address) {
    unsupported(ctx, "cp.async.mbarrier.arrive takes one address operand");
    return;
  }
  std::vector<std::pair<int, ExecCtx::Address>> inputs;
  for (int lane : serialisationOrder(ctx.lanes())) inputs.emplace_back(lane, ctx.address(lane, ins.ops[0]));
  DiagBatch diags(ctx);
  const RangeRules rules{DiagKind::CpAsyncArriveNotShared, DiagKind::Misaligned, DiagKind::OutOfBounds, 8};
  for (const auto& [lane, a] : inputs) {
    const auto loc = sharedRange(ctx, lane, a, 8, rules, "cp.async.mbarrier.arrive mbarrier", diags);
    if (!loc) continue;
    if (loc->cta != ctx.warp().cta) {
      diags.add(DiagKind::CpAsyncArriveNotShared, lane,
                fmt::format("lane {}: mbarrier address {:#x} is CTA rank {}'s shared memory, outside the .shared::cta "
                            "window",
                            lane, a.addr, ctx.state().ctas[loc->cta].clusterRank));
      continue;
    }
    // Without .noinc the pending count goes up now, so the asynchronous
    // arrive-on makes no net change in this phase.
    if (!ins.has(Mod::Noinc)) mbarrierIncrementPending(ctx, lane, *loc, diags);
    AsyncOp op = newAsyncOp(ctx, lane, AsyncKind::CpAsyncArrive);
    op.hasMbar = true;
    op.mbar = sharedAt(*loc);
    issueAsync(ctx, op, Endpoint::ofLane(ctx.warpIndex(), lane), 1);
  }
}

void execAsync(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::CpAsync: execCpAsync(ctx); break;
    case Opcode::CpAsyncCommitGroup: execAsyncCommit(ctx, false); break;
    case Opcode::CpAsyncWaitGroup: execAsyncWait(ctx, false, false); break;
    case Opcode::CpAsyncWaitAll: execAsyncWait(ctx, false, true); break;
    case Opcode::CpAsyncMbarrierArrive: execCpAsyncArrive(ctx); break;
    case Opcode::CpAsyncBulk: execBulkCopy(ctx); break;
    case Opcode::CpReduceAsyncBulk: execBulkReduce(ctx); break;
    case Opcode::CpAsyncBulkPrefetch: execBulkPrefetch(ctx); break;
    case Opcode::CpAsyncBulkCommitGroup: execAsyncCommit(ctx, true); break;
    case Opcode::CpAsyncBulkWaitGroup: execAsyncWait(ctx, true, false); break;
    case Opcode::StAsync: execStAsync(ctx); break;
    case Opcode::CpAsyncBulkTensor: execTensorCopy(ctx); break;
    case Opcode::CpReduceAsyncBulkTensor: execTensorReduce(ctx); break;
    case Opcode::CpAsyncBulkPrefetchTensor: execTensorPrefetch(ctx); break;
    default: unsupported(ctx, fmt::format("{} has no handler in this engine", ctx.ins().info().mnemonic)); break;
  }
}

}  // namespace ws::core
