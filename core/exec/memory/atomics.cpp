// atom and red (PTX ISA 9.7.13.5, 9.7.13.6): atomic read-modify-write of
// global or shared memory, one lane at a time; red.async lives in
// red_async.cpp, the value semantics in atomic_ops.cpp.
#include <fmt/format.h>

#include <array>

#include "core/exec/memory/atomic_exec.hpp"
#include "core/exec/memory/atomic_ops.hpp"

namespace ws::core {
namespace {

constexpr int kMaxVec = 8;

struct LaneInput {
  int lane = 0;
  ExecCtx::Address addr;
  std::array<std::uint64_t, kMaxVec> b{};
  std::uint64_t c = 0;
};

std::string formName(const Instr& ins) {
  std::string s(ins.info().mnemonic);
  if (ins.vec > 1) s += fmt::format(".v{}", ins.vec);
  s += fmt::format(".{}.{}", modName(ins.opMod), typeName(ins.type));
  return s;
}

// The `.b` operand element i of a vector form, or the scalar operand.
const Operand* element(const Operand& op, int i, int vec) {
  if (vec == 1) return &op;
  if (op.kind != OperandKind::Vector || static_cast<int>(op.elems.size()) < vec) return nullptr;
  return &op.elems[static_cast<std::size_t>(i)];
}

ExecCtx::Address offsetBy(ExecCtx::Address a, std::uint64_t bytes) {
  a.addr += bytes;
  return a;
}

// createpolicy (PTX ISA 9.7.9.17): the policy is an opaque 64-bit value that
// only feeds .L2::cache_hint operands, which this machine (it has no caches)
// accepts and ignores. The value names the form so that a register view can
// tell policies apart: bits [3:0] the priorities given (evict_normal,
// evict_first, evict_last, evict_unchanged), bit 8 the .range form, bits
// [63:32] the fraction's f32 bits (1.0 when omitted) of the .fractional form.
void execCreatepolicy(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.empty()) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), "createpolicy needs a destination");
    return;
  }
  if (ins.has(Mod::CvtOp)) {
    // createpolicy.cvt.L2.b64 d, a: converts an access property made by the
    // CUDA runtime into a policy; both are opaque here, so d = a.
    LaneValues a;
    ctx.gather(ins.ops[1], DataType::B64, a);
    ctx.scatter(ins.ops[0], a);
    return;
  }
  std::uint64_t form = (ins.has(Mod::L2EvictNormal) ? 1u : 0u) | (ins.has(Mod::L2EvictFirst) ? 2u : 0u) |
                       (ins.has(Mod::L2EvictLast) ? 4u : 0u) | (ins.has(Mod::L2EvictUnchanged) ? 8u : 0u);
  if (ins.has(Mod::Range)) form |= 1u << 8;
  for (int lane : serialisationOrder(ctx.lanes())) {
    std::uint64_t v = form;
    if (!ins.has(Mod::Range)) {
      const std::uint64_t fraction = ins.ops.size() > 1 ? ctx.read(lane, ins.ops[1], DataType::F32) : 0x3f800000u;
      v |= fraction << 32;
    }
    ctx.write(lane, ins.ops[0], v);
  }
}

}  // namespace

void execAtomic(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::RedAsync: execRedAsync(ctx); break;
    case Opcode::Createpolicy: execCreatepolicy(ctx); break;
    default: execAtomRed(ctx); break;
  }
}

// atom: 9.7.13.5; red: 9.7.13.6 (also red.async.release.global, which has no
// completion mechanism and may take effect at once).
void execAtomRed(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const bool isAtom = ins.op == Opcode::Atom;
  const Mod op = ins.opMod;
  const DataType type = ins.type;
  const int vec = ins.vec;
  const int ia = addressOperand(ins);
  const int needed = ia + 2 + (op == Mod::Cas ? 1 : 0);
  const bool formOk = vec == 1 ? atomics::opValid(op, type) : atomics::vectorFormValid(op, type, vec);
  if (ia < 0 || static_cast<int>(ins.ops.size()) < needed || !formOk || vec > kMaxVec) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not an atomic operation this engine knows", formName(ins)));
    return;
  }
  if (type == DataType::B128) {
    // .b128 registers exist (ExecCtx::read128/write128), but the atomic
    // path carries at most 64 bits per element: exch/cas.b128 are not
    // executed yet.
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{}: 128-bit atomics are not executed", formName(ins)));
    return;
  }
  const Operand& addrOp = ins.ops[static_cast<std::size_t>(ia)];
  const Operand& bOp = ins.ops[static_cast<std::size_t>(ia) + 1];
  const Operand* cOp = op == Mod::Cas ? &ins.ops[static_cast<std::size_t>(ia) + 2] : nullptr;
  const Operand* dOp = isAtom && ia >= 1 ? &ins.ops[static_cast<std::size_t>(ia) - 1] : nullptr;
  const auto elemBytes = static_cast<unsigned>(byteWidth(type));

  // Gather every lane's address and operands before any memory changes.
  std::vector<LaneInput> inputs;
  for (int lane : serialisationOrder(ctx.lanes())) {
    LaneInput in;
    in.lane = lane;
    in.addr = ctx.address(lane, addrOp);
    for (int i = 0; i < vec; ++i) {
      const Operand* e = element(bOp, i, vec);
      if (!e) {
        ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{}: operand b is not a {}-element vector", formName(ins), vec));
        return;
      }
      in.b[static_cast<std::size_t>(i)] = ctx.read(lane, *e, type);
    }
    if (cOp) in.c = ctx.read(lane, *cOp, type);
    inputs.push_back(in);
  }

  DiagBatch diags(ctx);
  std::uint32_t order = 0;
  for (const LaneInput& in : inputs) {
    const ExecCtx::Address where = ctx.toSpecific(in.addr);
    const std::uint64_t vecBytes = static_cast<std::uint64_t>(elemBytes) * static_cast<std::uint64_t>(vec);
    if (vec > 1 && where.addr % vecBytes != 0) {
      // A vector access is aligned to its whole size (Addresses as Operands, 6.4.1).
      diags.add(DiagKind::Misaligned, in.lane,
                fmt::format("lane {}: {} address {:#x} is not {}-byte aligned", in.lane, formName(ins), in.addr.addr, vecBytes));
      continue;
    }
    atomics::ElementArgs args;
    args.op = op;
    args.type = type;
    args.c = in.c;
    // "atom/red.add.f32 on global memory flushes subnormal inputs and results
    // to sign-preserving zero; on shared memory [it] doesn't" (9.7.13.5/6):
    // the memory decides, so a generic address counts by where it points.
    args.global = where.space == Space::Global;
    std::array<std::uint64_t, kMaxVec> olds{};
    bool done = true;
    // Each element is its own atomic access (per-element atomicity of packed
    // and vector forms, 9.7.13.5).
    for (int i = 0; i < vec && done; ++i) {
      const ExecCtx::Address ea = offsetBy(in.addr, static_cast<std::uint64_t>(i) * elemBytes);
      std::uint64_t old = 0;
      if (!ctx.load(in.lane, ea, elemBytes, old)) {
        done = false;
        break;
      }
      args.b = in.b[static_cast<std::size_t>(i)];
      if (!ctx.store(in.lane, ea, elemBytes, atomics::apply(args, old))) done = false;
      olds[static_cast<std::size_t>(i)] = old;
    }
    if (!done) continue;
    Flow f;
    f.kind = FlowKind::Atomic;
    f.from = Endpoint::ofLane(ctx.warpIndex(), in.lane, operandReg(bOp));
    f.to = memoryEndpoint(ctx, in.addr);
    f.value = in.b[0];
    f.order = order++;
    ctx.flow(f);
    if (!dOp) continue;
    for (int i = 0; i < vec; ++i) {
      const Operand* d = element(*dOp, i, vec);
      if (d) ctx.write(in.lane, *d, olds[static_cast<std::size_t>(i)]);
    }
  }
}

}  // namespace ws::core
