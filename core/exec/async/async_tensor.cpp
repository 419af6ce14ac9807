// The tensor (TMA) copies of PTX ISA 9.7.9.25.5: cp.async.bulk.tensor
// (global -> shared::cluster/shared::cta with complete-tx on an mbarrier,
// optionally multicast; shared::cta -> global in a bulk async-group),
// cp.reduce.async.bulk.tensor (shared::cta -> global) and
// cp.async.bulk.prefetch.tensor. Issue reads the 128-byte tensor map the
// operand points at (a __grid_constant__ kernel parameter, or const/global
// memory) and the box's coordinates, checks them, and records one AsyncOp
// per destination CTA carrying the map and the coordinates; completion
// (async_complete.cpp) moves the box element by element (tensor_box.hpp).
#include <fmt/format.h>

#include "core/exec/async/async_copy.hpp"
#include "core/exec/async/tensor_box.hpp"
#include "core/exec/memory/atomic_ops.hpp"

namespace ws::core {
namespace {

void unsupported(ExecCtx& ctx, std::string message) { ctx.diag(DiagKind::Unsupported, ctx.lanes(), std::move(message)); }

// The .Nd modifier's N, or 0.
int dimsOf(const Instr& ins) {
  constexpr std::array<Mod, 5> kDims{Mod::Tensor1d, Mod::Tensor2d, Mod::Tensor3d, Mod::Tensor4d, Mod::Tensor5d};
  for (std::size_t i = 0; i < kDims.size(); ++i)
    if (ins.has(kDims[i])) return static_cast<int>(i) + 1;
  return 0;
}

// One lane's tensor operand: the map's bytes (decoded) and the coordinates.
struct TensorInput {
  int lane = 0;
  TensorOperand operand;
  TensorMap map;
};

// Reads and checks [tensorMap, {c0, ...}] for `lane`; nullopt when reported.
std::optional<TensorInput> readTensorOperand(ExecCtx& ctx, int lane, const Operand& op, int dims, DiagBatch& diags) {
  const Instr& ins = ctx.ins();
  TensorInput in;
  in.lane = lane;
  // The tensor map: "the address of the tensor-map object in .param space,
  // .const space or .global space", generic or not.
  const ExecCtx::Address a = ctx.toSpecific(ctx.address(lane, op, Space::Generic));
  if (a.addr % 64 != 0) {
    diags.add(DiagKind::TensorMapInvalid, lane,
              fmt::format("lane {}: the tensor map address {:#x} is not 64-byte aligned", lane, a.addr));
    return std::nullopt;
  }
  for (std::uint32_t i = 0; i < kTensorMapBytes; i += 8) {
    std::uint64_t v = 0;
    if (!ctx.load(lane, {a.space, a.addr + i}, 8, v)) return std::nullopt;  // reported by load
    for (std::uint32_t b = 0; b < 8; ++b) in.operand.map[i + b] = static_cast<std::uint8_t>(v >> (8 * b));
  }
  const auto map = decodeTensorMap(in.operand.map);
  if (!map) {
    diags.add(DiagKind::TensorMapInvalid, lane,
              fmt::format("lane {}: the 128 bytes at {:#x} are not a tensor map (no warpscope tensor-map header: pass "
                          "a [[param]] tensor_map, docs/tma.md)",
                          lane, a.addr));
    return std::nullopt;
  }
  in.map = *map;
  if (in.map.interleave != TensorInterleave::None) {
    // The interleaved layouts await the H200 recordings (docs/tma.md).
    diags.add(DiagKind::Unsupported, lane,
              fmt::format("lane {}: copies through an interleaved tensor map (interleave {}) are not executed yet",
                          lane, tensorInterleaveName(in.map.interleave)));
    return std::nullopt;
  }
  if (auto problem = checkTensorMap(in.map)) {
    diags.add(DiagKind::TensorMapInvalid, lane, fmt::format("lane {}: the tensor map breaks a driver rule: {}", lane,
                                                            problem->message));
    return std::nullopt;
  }
  if (in.map.rank != dims) {
    diags.add(DiagKind::TensorMapInvalid, lane,
              fmt::format("lane {}: .{}d names {} coordinate{}, but the tensor map has rank {}", lane, dims, dims,
                          dims == 1 ? "" : "s", in.map.rank));
    return std::nullopt;
  }
  const bool im2col = ins.has(Mod::Im2col);
  if (im2col != (in.map.layout == TensorLayout::Im2col)) {
    diags.add(DiagKind::TensorMapInvalid, lane,
              fmt::format("lane {}: a .{} copy through a{} map", lane, im2col ? "im2col" : "tile",
                          in.map.layout == TensorLayout::Im2col ? "n im2col" : " tiled"));
    return std::nullopt;
  }
  if (im2col) {
    for (int d = 1; d < in.map.rank; ++d)
      if (in.map.elementStrides[static_cast<std::size_t>(d)] != 1) {
        // The recordings have none: how the base position steps then is not
        // known (tensor_box.hpp).
        diags.add(DiagKind::Unsupported, lane,
                  fmt::format("lane {}: im2col copies with element_strides[{}] = {} are not executed yet (docs/tma.md)",
                              lane, d, in.map.elementStrides[static_cast<std::size_t>(d)]));
        return std::nullopt;
      }
  }
  if (op.elems.size() != 1 || op.elems[0].kind != OperandKind::Vector ||
      op.elems[0].elems.size() != static_cast<std::size_t>(dims)) {
    diags.add(DiagKind::TensorMapInvalid, lane,
              fmt::format("lane {}: .{}d takes [tensorMap, {{{} .s32 coordinates}}]", lane, dims, dims));
    return std::nullopt;
  }
  for (int d = 0; d < dims; ++d)
    in.operand.coords[static_cast<std::size_t>(d)] =
        static_cast<std::int32_t>(ctx.read(lane, op.elems[0].elems[static_cast<std::size_t>(d)], DataType::S32));
  return in;
}

// The form checks every tensor instruction shares; false when reported.
bool tensorFormOk(ExecCtx& ctx, int dims) {
  const Instr& ins = ctx.ins();
  if (dims == 0) {
    unsupported(ctx, fmt::format("{} needs its dimensionality: .1d to .5d", ins.info().mnemonic));
    return false;
  }
  return true;
}

// The shared-memory box of a copy: 128-byte aligned, and aligned to the
// swizzle pattern's span when swizzled (swizzle.hpp).
std::optional<SharedLoc> sharedBox(ExecCtx& ctx, int lane, ExecCtx::Address a, const TensorMap& m, std::string_view what,
                                   DiagBatch& diags) {
  const std::uint32_t align = std::max<std::uint32_t>(128, m.swizzle == Swizzle::None ? 128 : swizzleSpanBytes(m.swizzle));
  const RangeRules rules{DiagKind::BulkCopyRange, DiagKind::TensorCopyAlignment, DiagKind::BulkCopyRange, align};
  return sharedRange(ctx, lane, a, static_cast<std::uint32_t>(m.boxBytes()), rules, what, diags);
}

void issueTensor(ExecCtx& ctx, const TensorInput& in, AsyncOp op, const Endpoint& from) {
  const AsyncOp fresh = newAsyncOp(ctx, in.lane, op.kind);
  op.id = fresh.id;
  op.issuedStep = fresh.issuedStep;
  op.issuerWarp = fresh.issuerWarp;
  op.issuerLane = fresh.issuerLane;
  op.pc = fresh.pc;
  op.tensor = in.operand;
  op.size = static_cast<std::uint32_t>(in.map.boxBytes());
  op.srcSize = op.size;
  issueAsync(ctx, op, from, 0);
}

Endpoint globalBox(const TensorInput& in) { return Endpoint::ofMemory(Space::Global, 0, in.map.globalAddress); }

// The .im2col offsets operand: {o0, ...}, one 16-bit value per spatial dim
// (dims - 2), or a lone register for one; nullopt when malformed.
std::optional<std::array<std::int16_t, 3>> readIm2colOffsets(ExecCtx& ctx, int lane, const Operand& op, int dims) {
  std::array<std::int16_t, 3> out{};
  const auto n = static_cast<std::size_t>(dims - 2);
  const bool vec = op.kind == OperandKind::Vector;
  if (vec ? op.elems.size() != n : n != 1) return std::nullopt;
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<std::int16_t>(ctx.read(lane, vec ? op.elems[i] : op, DataType::U16));
  return out;
}

// The H200 stops a tensor load whose innermost coordinate is not on a
// 16-byte boundary (tests/data/hopper/faulting/tma-coordinate-unaligned-x*:
// f32 x = 3 and -3, f16 x = 4; x = -4 f32 and x = -8 f16 load). The
// recordings are tiled loads; an im2col load's channel coordinate is held to
// the same rule (an inference). False when reported.
bool innerCoordinateAligned(int lane, const TensorInput& in, DiagBatch& diags) {
  const std::int64_t bytes = static_cast<std::int64_t>(in.operand.coords[0]) * tensorElementBytes(in.map.dtype);
  if (bytes % 16 == 0) return true;
  diags.add(DiagKind::TensorCoordinateUnaligned, lane,
            fmt::format("lane {}: the innermost coordinate {} is {} bytes into dim 0 ({}), not a multiple of 16 bytes",
                        lane, in.operand.coords[0], bytes, tensorDataTypeName(in.map.dtype)));
  return false;
}

// global -> shared: [dstMem], [tensorMap, coords], [mbar]{, im2colOffsets}{, ctaMask}.
void loadTensor(ExecCtx& ctx, int dims) {
  const Instr& ins = ctx.ins();
  const bool multicast = ins.has(Mod::MulticastCluster), im2col = ins.has(Mod::Im2col);
  const std::size_t maskAt = im2col ? 4 : 3;
  if (ins.ops.size() < maskAt + (multicast ? 1u : 0u) || ins.ops[0].kind != OperandKind::Address ||
      ins.ops[1].kind != OperandKind::Address || ins.ops[2].kind != OperandKind::Address) {
    unsupported(ctx, fmt::format("cp.async.bulk.tensor.{}d takes [dstMem], [tensorMap, {{coords}}], [mbar]{}{}", dims,
                                 im2col ? ", {im2colOffsets}" : "", multicast ? ", ctaMask" : ""));
    return;
  }
  DiagBatch diags(ctx);
  const RangeRules mbarRules{DiagKind::BulkCopyRange, DiagKind::Misaligned, DiagKind::OutOfBounds, 8};
  for (int lane : serialisationOrder(ctx.lanes())) {
    auto in = readTensorOperand(ctx, lane, ins.ops[1], dims, diags);
    if (!in) continue;
    if (!innerCoordinateAligned(lane, *in, diags)) continue;
    if (im2col) {
      const auto offs = readIm2colOffsets(ctx, lane, ins.ops[3], dims);
      if (!offs) {
        diags.add(DiagKind::TensorMapInvalid, lane,
                  fmt::format("lane {}: .{}d.im2col takes {} 16-bit im2col offset{} after [mbar]", lane, dims, dims - 2,
                              dims == 3 ? "" : "s"));
        continue;
      }
      in->operand.im2colOffsets = *offs;
    }
    const auto dst = sharedBox(ctx, lane, ctx.address(lane, ins.ops[0], spaceOf(ins.space)), in->map, "destination", diags);
    if (!dst) continue;
    const auto bar = sharedRange(ctx, lane, ctx.address(lane, ins.ops[2], Space::Shared), 8, mbarRules, "mbarrier", diags);
    if (!bar) continue;
    if (ins.space == Mod::SharedCta && dst->cta != ctx.warp().cta) {
      diags.add(DiagKind::BulkCopyNotLocal, lane,
                fmt::format("lane {}: the .shared::cta destination is another CTA's shared memory", lane));
      continue;
    }
    if (!multicast && bar->cta != dst->cta)
      diags.add(DiagKind::AsyncMbarrierNotWithData, lane,
                fmt::format("lane {}: the destination and the mbarrier are in different CTAs; the complete-tx goes to "
                            "offset {:#x} of the destination's CTA",
                            lane, bar->offset));
    // The destination CTAs: ctaMask's ranks, each getting the box and the
    // complete-tx at the same offsets ("the same CTA-relative offset as
    // dstMem in the shared memory of each destination CTA").
    std::vector<std::uint32_t> ctas;
    if (multicast) {
      const auto mask = static_cast<std::uint16_t>(ctx.read(lane, ins.ops[maskAt], DataType::B16));
      const ClusterState& cl = ctx.state().clusters[ctx.cta().cluster];
      for (std::uint32_t r = 0; r < 16; ++r) {
        if (!((mask >> r) & 1u)) continue;
        if (r >= cl.numCtas) {
          diags.add(DiagKind::OutOfBounds, lane,
                    fmt::format("lane {}: ctaMask {:#06x} names CTA rank {}, outside this cluster of {} CTAs", lane, mask,
                                r, cl.numCtas));
          continue;
        }
        ctas.push_back(cl.firstCta + r);
      }
    } else {
      ctas.push_back(dst->cta);
    }
    for (std::uint32_t cta : ctas) {
      AsyncOp op;
      op.kind = AsyncKind::BulkCopy;
      op.src = globalAt(in->map.globalAddress);
      op.dst = {Space::Shared, cta, dst->offset};
      op.hasMbar = true;
      op.mbar = {Space::Shared, cta, bar->offset};
      if (multicast) op.ctaMask = static_cast<std::uint16_t>(ctx.read(lane, ins.ops[maskAt], DataType::B16));
      issueTensor(ctx, *in, op, globalBox(*in));
    }
  }
}

// The H200 stops a tensor store whose box is partly outside the tensor
// (tests/data/hopper/faulting/tma-store-2d-partial-oob: 8x8 at (8, 6) and at
// (-4, -5) of 12x10), where a reduction skips the outside elements
// (tma-reduce-add-u32). A box entirely outside was not recorded and is held
// to the same rule. False when reported.
bool storeBoxInBounds(int lane, const TensorInput& in, DiagBatch& diags) {
  std::uint64_t outside = 0;
  const auto moves = tensorTileMoves(in.map, in.operand.coords, 0);
  for (const TensorMove& mv : moves) outside += mv.inBounds ? 0 : 1;
  if (outside == 0) return true;
  std::string at;
  for (int d = 0; d < in.map.rank; ++d) at += fmt::format("{}{}", d ? ", " : "", in.operand.coords[static_cast<std::size_t>(d)]);
  diags.add(DiagKind::TensorStoreOutOfBounds, lane,
            fmt::format("lane {}: the box at ({}) has {} of its {} elements outside the tensor", lane, at, outside,
                        moves.size()));
  return false;
}

// shared -> global (copy or reduction): [tensorMap, coords], [srcMem].
void storeTensor(ExecCtx& ctx, int dims, bool reduce) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 2 || ins.ops[0].kind != OperandKind::Address || ins.ops[1].kind != OperandKind::Address) {
    unsupported(ctx, fmt::format("{}.{}d takes [tensorMap, {{coords}}], [srcMem]", ins.info().mnemonic, dims));
    return;
  }
  if (ins.has(Mod::Im2col)) {
    unsupported(ctx, fmt::format("{}.im2col: tensor stores take .tile (or .im2col_no_offs, not executed yet)",
                                 ins.info().mnemonic));
    return;
  }
  DiagBatch diags(ctx);
  for (int lane : serialisationOrder(ctx.lanes())) {
    auto in = readTensorOperand(ctx, lane, ins.ops[0], dims, diags);
    if (!in) continue;
    if (!reduce && !storeBoxInBounds(lane, *in, diags)) continue;
    const auto src = sharedBox(ctx, lane, ctx.address(lane, ins.ops[1], Space::Shared), in->map, "source", diags);
    if (!src) continue;
    if (src->cta != ctx.warp().cta) {
      diags.add(DiagKind::BulkCopyRange, lane,
                fmt::format("lane {}: the .shared::cta source is another CTA's shared memory", lane));
      continue;
    }
    AsyncOp op;
    op.kind = reduce ? AsyncKind::BulkReduce : AsyncKind::BulkCopy;
    op.src = sharedAt(*src);
    op.dst = globalAt(in->map.globalAddress);
    op.group = ctx.warp().groups.bulk[static_cast<std::size_t>(lane)];
    if (reduce) {
      op.op = ins.opMod;
      op.type = tensorReduceType(in->map.dtype, ins.opMod);
      const bool half = op.type == DataType::F16 || op.type == DataType::BF16;
      if (!bulkReduceFormValid(true, op.op, op.type, half && op.op == Mod::Add)) {
        diags.add(DiagKind::BulkReduceForm, lane,
                  fmt::format("lane {}: cp.reduce.async.bulk.tensor.{} of a {} tensor map", lane, modName(op.op),
                              tensorDataTypeName(in->map.dtype)));
        continue;
      }
    }
    issueTensor(ctx, *in, op, Endpoint::ofMemory(Space::Shared, src->cta, src->offset));
  }
}

}  // namespace

DataType tensorReduceType(TensorDataType t, Mod op) {
  // The bitwise operations name the untyped .b32/.b64.
  if (op == Mod::And || op == Mod::Or || op == Mod::Xor) {
    const std::uint32_t n = tensorElementBytes(t);
    return n == 4 ? DataType::B32 : n == 8 ? DataType::B64 : n == 2 ? DataType::B16 : DataType::B8;
  }
  switch (t) {
    case TensorDataType::U8: return DataType::U8;
    case TensorDataType::U16: return DataType::U16;
    case TensorDataType::U32: return DataType::U32;
    case TensorDataType::S32: return DataType::S32;
    case TensorDataType::U64: return DataType::U64;
    case TensorDataType::S64: return DataType::S64;
    case TensorDataType::F16: return DataType::F16;
    case TensorDataType::BF16: return DataType::BF16;
    case TensorDataType::F64: return DataType::F64;
    default: return DataType::F32;
  }
}

// cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism
// (PTX ISA 9.7.9.25.5.1).
void execTensorCopy(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int dims = dimsOf(ins);
  if (!tensorFormOk(ctx, dims)) return;
  const bool mbar = ins.has(Mod::CompleteTxBytes), group = ins.has(Mod::BulkGroup);
  const Mod d = ins.space, s = ins.space2;
  if (mbar && !group && s == Mod::Global && (d == Mod::SharedCluster || d == Mod::SharedCta) &&
      !(d == Mod::SharedCta && ins.has(Mod::MulticastCluster))) {
    loadTensor(ctx, dims);
  } else if (group && !mbar && d == Mod::Global && s == Mod::SharedCta && !ins.has(Mod::MulticastCluster)) {
    storeTensor(ctx, dims, false);
  } else {
    unsupported(ctx, "cp.async.bulk.tensor copies .global into .shared::cluster (or .shared::cta) with "
                     ".mbarrier::complete_tx::bytes, or .shared::cta into .global with .bulk_group");
  }
}

// cp.reduce.async.bulk.tensor.dim.dst.src.redOp{.load_mode}.completion_mechanism
// (PTX ISA 9.7.9.25.5.2): the element type is the tensor map's.
void execTensorReduce(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int dims = dimsOf(ins);
  if (!tensorFormOk(ctx, dims)) return;
  if (!ins.has(Mod::BulkGroup) || ins.space != Mod::Global || ins.space2 != Mod::SharedCta) {
    unsupported(ctx, "cp.reduce.async.bulk.tensor reduces .shared::cta into .global with .bulk_group");
    return;
  }
  storeTensor(ctx, dims, true);
}

// cp.async.bulk.prefetch.tensor.dim.L2.global (PTX ISA 9.7.9.25.5.3): no
// architectural effect; the tensor map and the coordinates are still read
// and checked.
void execTensorPrefetch(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int dims = dimsOf(ins);
  if (!tensorFormOk(ctx, dims)) return;
  if (ins.ops.empty() || ins.ops[0].kind != OperandKind::Address) {
    unsupported(ctx, "cp.async.bulk.prefetch.tensor takes [tensorMap, {coords}]");
    return;
  }
  DiagBatch diags(ctx);
  for (int lane : serialisationOrder(ctx.lanes())) readTensorOperand(ctx, lane, ins.ops[0], dims, diags);
}

// A tensor copy's completion: the box element by element (tensor_box.hpp).
// Loads fill out-of-bounds elements (zero, or NaN) and write the whole box;
// stores and reductions skip them ("out-of-bound elements are not written").
void completeTensorOp(ExecCtx& ctx, const AsyncOp& op) {
  DiagBatch diags(ctx);
  const auto lane = static_cast<int>(op.issuerLane);
  const auto order = static_cast<std::uint32_t>(op.id);
  const auto map = decodeTensorMap(op.tensor->map);
  const auto moves = tensorOpMoves(op);
  if (!map || !moves) return;  // decoded at issue: cannot happen
  const unsigned es = tensorElementBytes(map->dtype);
  const std::uint64_t fill = tensorOobPattern(*map);
  const bool load = op.dst.space == Space::Shared;
  atomics::ElementArgs args;
  args.op = op.op;
  args.type = op.type;
  args.global = true;
  std::uint64_t first = 0;
  bool any = false;
  for (const TensorMove& mv : *moves) {
    std::uint64_t v = fill;
    if (load) {
      if (mv.inBounds) {
        if (!ctx.load(lane, {Space::Global, mv.global}, es, v)) return;  // reported by load
        v = tensorLoadBits(*map, v);
      }
      if (!ctx.storeShared(op.dst.cta, mv.shared, es, v)) return;
    } else {
      if (!mv.inBounds) continue;
      if (!ctx.loadShared(op.src.cta, mv.shared, es, v)) return;
      if (op.kind == AsyncKind::BulkReduce) {
        std::uint64_t old = 0;
        if (!ctx.load(lane, {Space::Global, mv.global}, es, old)) return;
        args.b = v;
        v = atomics::apply(args, old);
      }
      if (!ctx.store(lane, {Space::Global, mv.global}, es, v)) return;
    }
    if (!any) first = v;
    any = true;
  }
  const Endpoint cell = Endpoint::ofMemory(op.dst.space, op.dst.space == Space::Shared ? op.dst.cta : 0, op.dst.addr);
  Flow f;
  f.kind = FlowKind::AsyncComplete;
  f.from = asyncSource(op);
  f.to = cell;
  f.value = first;
  f.order = order;
  f.bytes = op.size;
  f.issuerLane = static_cast<std::uint8_t>(lane);
  ctx.flow(f);
  // complete-tx counts the whole box, out-of-bounds elements included.
  if (op.hasMbar)
    mbarrierCompleteTx(ctx, lane, SharedLoc{op.mbar.cta, static_cast<std::uint32_t>(op.mbar.addr)}, op.size, cell, order,
                       diags, "cp.async.bulk.tensor");
}

}  // namespace ws::core
