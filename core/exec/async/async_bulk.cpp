// The bulk asynchronous copies of PTX ISA 9.7.9.25.4: cp.async.bulk,
// cp.reduce.async.bulk and cp.async.bulk.prefetch, and st.async (9.7.9.12).
// Issue checks every rule the ISA states for the operands and records one
// AsyncOp per destination (a multicast copy has one per CTA of ctaMask, each
// completing the mbarrier at the same CTA-relative offset of its CTA).
#include <fmt/format.h>

#include <array>

#include "core/exec/async/async_copy.hpp"

namespace ws::core {
namespace {

constexpr std::uint32_t kBulkAlign = 16;

void unsupported(ExecCtx& ctx, std::string message) { ctx.diag(DiagKind::Unsupported, ctx.lanes(), std::move(message)); }

std::uint32_t rankOf(const ExecCtx& ctx, std::uint32_t cta) { return ctx.state().ctas[cta].clusterRank; }

// The bulk rules: size a multiple of 16, both addresses 16-byte aligned, both
// ranges inside their memory (9.7.9.25.4.1, 9.7.9.25.4.2).
const RangeRules kBulk{DiagKind::BulkCopyRange, DiagKind::BulkCopyAlignment, DiagKind::BulkCopyRange, kBulkAlign};
const RangeRules kMbar{DiagKind::BulkCopyRange, DiagKind::Misaligned, DiagKind::OutOfBounds, 8};

// The operands of one lane's bulk copy or reduction, read before anything is issued.
struct BulkInput {
  int lane = 0;
  ExecCtx::Address dst, src, mbar;
  std::uint32_t size = 0;
  std::uint16_t ctaMask = 0;
};

// One end of a bulk transfer, checked: a global address or a shared location.
// `ownCta`: a .shared::cta operand, which must be the executing CTA's.
std::optional<AsyncLoc> bulkEnd(ExecCtx& ctx, int lane, ExecCtx::Address a, Mod space, std::uint32_t size, bool isDst,
                                DiagBatch& diags) {
  const std::string_view what = isDst ? "destination" : "source";
  if (space == Mod::Global) {
    const auto g = globalRange(ctx, lane, a, size, kBulk, what, diags);
    return g ? std::optional<AsyncLoc>(globalAt(*g)) : std::nullopt;
  }
  const auto s = sharedRange(ctx, lane, a, size, kBulk, what, diags);
  if (!s) return std::nullopt;
  if (space == Mod::SharedCta && s->cta != ctx.warp().cta) {
    // "When the destination of the copy is .shared::cta the destination
    // address has to be in the shared memory of the executing CTA"; a
    // .shared::cta source can only name it.
    diags.add(isDst ? DiagKind::BulkCopyNotLocal : DiagKind::BulkCopyRange, lane,
              fmt::format("lane {}: .shared::cta {} {:#x} is CTA rank {}'s shared memory, not the executing CTA's (rank "
                          "{})",
                          lane, what, a.addr, rankOf(ctx, s->cta), ctx.cta().clusterRank));
    return std::nullopt;
  }
  return sharedAt(*s);
}

Endpoint endpointOf(const AsyncLoc& l) { return Endpoint::ofMemory(l.space, l.space == Space::Shared ? l.cta : 0, l.addr); }

// Reads every lane's operands of a bulk copy or reduction: [dst], [src], size
// and, for the mbarrier forms, [mbar] and (multicast) ctaMask.
bool readBulkInputs(ExecCtx& ctx, bool mbarForm, bool multicast, std::vector<BulkInput>& out) {
  const Instr& ins = ctx.ins();
  const std::size_t need = 3 + (mbarForm ? 1 : 0) + (multicast ? 1 : 0);
  if (ins.ops.size() < need || ins.ops[0].kind != OperandKind::Address || ins.ops[1].kind != OperandKind::Address ||
      (mbarForm && ins.ops[3].kind != OperandKind::Address)) {
    unsupported(ctx, fmt::format("{}: expected [dstMem], [srcMem], size{}", ins.info().mnemonic,
                                 mbarForm ? (multicast ? ", [mbar], ctaMask" : ", [mbar]") : ""));
    return false;
  }
  for (int lane : serialisationOrder(ctx.lanes())) {
    BulkInput in;
    in.lane = lane;
    in.dst = ctx.address(lane, ins.ops[0], spaceOf(ins.space));
    in.src = ctx.address(lane, ins.ops[1], spaceOf(ins.space2));
    in.size = readU32(ctx, lane, ins.ops[2]);
    if (mbarForm) in.mbar = ctx.address(lane, ins.ops[3], Space::Shared);
    if (multicast) in.ctaMask = static_cast<std::uint16_t>(ctx.read(lane, ins.ops[4], DataType::B16));
    out.push_back(in);
  }
  return true;
}

// Checks one lane's transfer and issues it, once per destination CTA.
// `base` carries the kind, the reduction and the completion mechanism.
void issueBulk(ExecCtx& ctx, const BulkInput& in, AsyncOp base, bool multicast, DiagBatch& diags) {
  const Instr& ins = ctx.ins();
  const int lane = in.lane;
  if (in.size % kBulkAlign != 0) {
    diags.add(DiagKind::BulkCopySize, lane, fmt::format("lane {}: size {} is not a multiple of 16", lane, in.size));
    return;
  }
  const auto src = bulkEnd(ctx, lane, in.src, ins.space2, in.size, false, diags);
  if (!src) return;
  const auto dst = bulkEnd(ctx, lane, in.dst, ins.space, in.size, true, diags);
  if (!dst) return;
  const std::uint32_t own = ctx.warp().cta;
  if (ins.space == Mod::SharedCluster && ins.space2 == Mod::SharedCta && dst->cta == own &&
      base.kind == AsyncKind::BulkCopy)
    diags.add(DiagKind::BulkCopyNotRemote, lane,
              fmt::format("lane {}: the .shared::cluster destination {:#x} is the executing CTA's (rank {}) own shared "
                          "memory",
                          lane, in.dst.addr, ctx.cta().clusterRank));
  std::optional<SharedLoc> bar;
  if (base.hasMbar) {
    bar = sharedRange(ctx, lane, in.mbar, 8, kMbar, "mbarrier", diags);
    if (!bar) return;
    if (!multicast && dst->space == Space::Shared && bar->cta != dst->cta)
      diags.add(DiagKind::AsyncMbarrierNotWithData, lane,
                fmt::format("lane {}: the destination is CTA rank {}'s shared memory, the mbarrier CTA rank {}'s; the "
                            "complete-tx goes to offset {:#x} of CTA rank {}",
                            lane, rankOf(ctx, dst->cta), rankOf(ctx, bar->cta), bar->offset, rankOf(ctx, dst->cta)));
  }
  // The destination CTAs: ctaMask's ranks for a multicast, else the one named.
  std::vector<std::uint32_t> ctas;
  if (multicast) {
    const ClusterState& cl = ctx.state().clusters[ctx.cta().cluster];
    for (std::uint32_t r = 0; r < 16; ++r) {
      if (!((in.ctaMask >> r) & 1u)) continue;
      if (r >= cl.numCtas) {
        diags.add(DiagKind::OutOfBounds, lane,
                  fmt::format("lane {}: ctaMask {:#06x} names CTA rank {}, outside this cluster of {} CTAs", lane,
                              in.ctaMask, r, cl.numCtas));
        continue;
      }
      ctas.push_back(cl.firstCta + r);
    }
  } else {
    ctas.push_back(dst->cta);
  }
  for (std::uint32_t cta : ctas) {
    AsyncOp op = base;
    const AsyncOp fresh = newAsyncOp(ctx, lane, base.kind);
    op.id = fresh.id;
    op.issuedStep = fresh.issuedStep;
    op.issuerWarp = fresh.issuerWarp;
    op.issuerLane = fresh.issuerLane;
    op.pc = fresh.pc;
    op.src = *src;
    op.dst = *dst;
    if (dst->space == Space::Shared) op.dst.cta = cta;
    op.size = in.size;
    op.srcSize = in.size;
    if (bar) op.mbar = {Space::Shared, dst->space == Space::Shared ? cta : bar->cta, bar->offset};
    if (multicast) op.ctaMask = in.ctaMask;
    if (ins.has(Mod::BulkGroup)) op.group = ctx.warp().groups.bulk[static_cast<std::size_t>(lane)];
    issueAsync(ctx, op, endpointOf(op.src), 0);
  }
}

}  // namespace

bool bulkReduceFormValid(bool global, Mod op, DataType t, bool noftz) {
  using T = DataType;
  const bool half = t == T::F16 || t == T::BF16;
  if (noftz != (half && op == Mod::Add)) return false;  // f16/bf16 .add "require .noftz"; nothing else takes it
  switch (op) {
    case Mod::Add:
      return t == T::U32 || t == T::S32 || t == T::U64 || (global && (t == T::F32 || t == T::F64 || half));
    case Mod::Min: case Mod::Max:
      return t == T::U32 || t == T::S32 || (global && (t == T::U64 || t == T::S64 || half));
    case Mod::Inc: case Mod::Dec: return t == T::U32;
    case Mod::And: case Mod::Or: case Mod::Xor: return t == T::B32 || (global && t == T::B64);
    default: return false;
  }
}

// cp.async.bulk (9.7.9.25.4.1): global -> shared::cta, global ->
// shared::cluster (optionally .multicast::cluster), shared::cta ->
// shared::cluster, all completing on an mbarrier; shared::cta -> global in a
// bulk async-group.
void execBulkCopy(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const bool mbar = ins.has(Mod::CompleteTxBytes), group = ins.has(Mod::BulkGroup);
  const bool multicast = ins.has(Mod::MulticastCluster);
  const Mod d = ins.space, s = ins.space2;
  const bool valid = mbar != group &&
                     ((mbar && s == Mod::Global && (d == Mod::SharedCluster || (d == Mod::SharedCta && !multicast))) ||
                      (mbar && d == Mod::SharedCluster && s == Mod::SharedCta && !multicast) ||
                      (group && d == Mod::Global && s == Mod::SharedCta && !multicast));
  if (!valid) {
    unsupported(ctx, "cp.async.bulk copies .shared::cta/.shared::cluster <- .global or .shared::cluster <- .shared::cta "
                     "with .mbarrier::complete_tx::bytes, or .global <- .shared::cta with .bulk_group");
    return;
  }
  std::vector<BulkInput> inputs;
  if (!readBulkInputs(ctx, mbar, multicast, inputs)) return;
  DiagBatch diags(ctx);
  AsyncOp base;
  base.kind = AsyncKind::BulkCopy;
  base.hasMbar = mbar;
  for (const BulkInput& in : inputs) issueBulk(ctx, in, base, multicast, diags);
}

// cp.reduce.async.bulk (9.7.9.25.4.2): shared::cta -> shared::cluster with
// an mbarrier, shared::cta -> global in a bulk async-group.
void execBulkReduce(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const bool mbar = ins.has(Mod::CompleteTxBytes), group = ins.has(Mod::BulkGroup);
  const bool toCluster = mbar && !group && ins.space == Mod::SharedCluster && ins.space2 == Mod::SharedCta;
  const bool toGlobal = group && !mbar && ins.space == Mod::Global && ins.space2 == Mod::SharedCta;
  if (!toCluster && !toGlobal) {
    unsupported(ctx, "cp.reduce.async.bulk reduces .shared::cta into .shared::cluster with .mbarrier::complete_tx::bytes, "
                     "or into .global with .bulk_group");
    return;
  }
  std::vector<BulkInput> inputs;
  if (!readBulkInputs(ctx, mbar, false, inputs)) return;
  DiagBatch diags(ctx);
  if (!bulkReduceFormValid(toGlobal, ins.opMod, ins.type, ins.has(Mod::Noftz))) {
    diags.addMask(DiagKind::BulkReduceForm, ctx.lanes(),
                  fmt::format("cp.reduce.async.bulk.{}{}.{} into .{}", modName(ins.opMod), ins.has(Mod::Noftz) ? ".noftz" : "",
                              typeName(ins.type), modName(ins.space)));
    return;
  }
  AsyncOp base;
  base.kind = AsyncKind::BulkReduce;
  base.hasMbar = mbar;
  base.op = ins.opMod;
  base.type = ins.type;
  for (const BulkInput& in : inputs) issueBulk(ctx, in, base, false, diags);
}

// cp.async.bulk.prefetch.L2.global [srcMem], size (9.7.9.25.4.3): a hint with
// no architectural effect; its operand rules still hold.
void execBulkPrefetch(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 2 || ins.ops[0].kind != OperandKind::Address) {
    unsupported(ctx, "cp.async.bulk.prefetch takes [srcMem], size");
    return;
  }
  DiagBatch diags(ctx);
  for (int lane : serialisationOrder(ctx.lanes())) {
    const ExecCtx::Address a = ctx.toSpecific(ctx.address(lane, ins.ops[0], Space::Global));
    const std::uint32_t size = readU32(ctx, lane, ins.ops[1]);
    if (size % kBulkAlign != 0)
      diags.add(DiagKind::BulkCopySize, lane, fmt::format("lane {}: prefetch size {} is not a multiple of 16", lane, size));
    if (a.addr % kBulkAlign != 0)
      diags.add(DiagKind::BulkCopyAlignment, lane,
                fmt::format("lane {}: prefetch address {:#x} is not 16-byte aligned", lane, a.addr));
  }
}

// st.async{.weak}{.shared::cluster}.mbarrier::complete_tx::bytes{.v2,.v4}.type
// [a], b, [mbar] (9.7.9.12): a store of up to 16 bytes into a CTA of the
// cluster, completing with a complete-tx of its size on an mbarrier there.
void execStAsync(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int width = byteWidth(ins.type);
  const bool typeOk = (width == 4 || width == 8) && ins.type != DataType::None;
  // .v2 with the 32- and 64-bit types, .v4 with the 32-bit ones.
  const bool vecOk = ins.vec == 1 || ins.vec == 2 || (ins.vec == 4 && width == 4);
  if (!ins.has(Mod::CompleteTxBytes) || !typeOk || !vecOk || ins.ops.size() != 3 ||
      ins.ops[0].kind != OperandKind::Address || ins.ops[2].kind != OperandKind::Address ||
      (ins.vec > 1 && (ins.ops[1].kind != OperandKind::Vector || ins.ops[1].elems.size() != ins.vec))) {
    unsupported(ctx, "st.async stores .b32/.b64 (or .v2/.v4 of them) with .mbarrier::complete_tx::bytes: [a], b, [mbar]");
    return;
  }
  const auto size = static_cast<std::uint32_t>(width * ins.vec);
  struct LaneInput {
    int lane;
    ExecCtx::Address a, mbar;
    std::array<std::uint64_t, 2> data{};
  };
  std::vector<LaneInput> inputs;
  for (int lane : serialisationOrder(ctx.lanes())) {
    LaneInput in{lane, ctx.address(lane, ins.ops[0]), ctx.address(lane, ins.ops[2]), {}};
    for (int i = 0; i < ins.vec; ++i) {
      const Operand& e = ins.vec == 1 ? ins.ops[1] : ins.ops[1].elems[static_cast<std::size_t>(i)];
      const std::uint64_t v = ctx.read(lane, e, ins.type);
      const int bit = i * width * 8;
      in.data[static_cast<std::size_t>(bit / 64)] |= v << (bit % 64);
    }
    inputs.push_back(in);
  }
  DiagBatch diags(ctx);
  const RangeRules dataRules{DiagKind::StAsyncTarget, DiagKind::Misaligned, DiagKind::OutOfBounds, size};
  const RangeRules barRules{DiagKind::StAsyncTarget, DiagKind::Misaligned, DiagKind::OutOfBounds, 8};
  const std::uint32_t ctasInCluster = ctx.state().clusters[ctx.cta().cluster].numCtas;
  for (const LaneInput& in : inputs) {
    const auto data = sharedRange(ctx, in.lane, in.a, size, dataRules, "st.async destination", diags);
    if (!data) continue;
    const auto bar = sharedRange(ctx, in.lane, in.mbar, 8, barRules, "st.async mbarrier", diags);
    if (!bar) continue;
    if (data->cta != bar->cta || ctasInCluster <= 1) {
      diags.add(DiagKind::StAsyncTarget, in.lane,
                fmt::format("lane {}: destination in CTA rank {}, mbarrier in CTA rank {}, {} CTA{} in the cluster",
                            in.lane, rankOf(ctx, data->cta), rankOf(ctx, bar->cta), ctasInCluster,
                            ctasInCluster == 1 ? "" : "s"));
      if (data->cta != bar->cta) continue;  // one CTA per operation
    }
    AsyncOp op = newAsyncOp(ctx, in.lane, AsyncKind::StAsync);
    op.dst = sharedAt(*data);
    op.size = size;
    op.hasMbar = true;
    op.mbar = sharedAt(*bar);
    op.type = ins.type;
    op.data = in.data;
    const Operand& first = ins.vec == 1 ? ins.ops[1] : ins.ops[1].elems.front();
    issueAsync(ctx, op, Endpoint::ofLane(ctx.warpIndex(), in.lane, operandReg(first)), in.data[0]);
  }
}

}  // namespace ws::core
