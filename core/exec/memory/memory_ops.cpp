// ld, ldu, st (PTX ISA 9.7.9.8-9.7.9.10), cvta (9.7.9.18), mapa (9.7.9.21),
// isspacep (9.7.9.17), getctarank (9.7.9.22), prefetch (9.7.9.15).
#include <bit>
#include <optional>

#include <fmt/format.h>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {
namespace {

std::uint64_t windowOf(Space s) {
  switch (s) {
    case Space::Shared: return memmap::kSharedWindow;
    case Space::Local: case Space::ParamFunc: return memmap::kLocalWindow;
    case Space::Const: return memmap::kConstWindow;
    case Space::Param: return memmap::kParamWindow;
    default: return 0;
  }
}

unsigned elemBytes(const Instr& ins) {
  const int b = byteWidth(ins.type);
  return b <= 0 ? 4u : static_cast<unsigned>(b);
}

// Registers an ld/st moves: the elements of a vector operand, or the operand.
const Operand* elems(const Operand& op, std::size_t& n) {
  if (op.kind == OperandKind::Vector) {
    n = op.elems.size();
    return op.elems.data();
  }
  n = 1;
  return &op;
}

std::uint64_t signExtend(std::uint64_t v, unsigned bytes) {
  if (bytes >= 8) return v;
  const unsigned bits = bytes * 8;
  const std::uint64_t sign = 1ull << (bits - 1);
  return (v ^ sign) - sign;
}

// True when every lane of a warp that loads from address `a` (the same for
// every lane) reads the same bytes: the warp's lanes share every space but
// the per-thread ones.
bool sharedByTheWarp(const ExecCtx& ctx, ExecCtx::Address a) {
  const Space s = ctx.toSpecific(a).space;
  return s == Space::Global || s == Space::Shared || s == Space::Const || s == Space::Param;
}

// ld/st .v8 of 8- or 16-bit elements: ptxas 13.0 accepts them (the PTX ISA
// has .v8 for 32-bit elements only) and an H100 runs them as a scalar access
// of element 0: ld gives every destination the first element, st stores the
// first element only (tests/data/isa, isa_move_ld / isa_move_st).
bool narrowV8(ExecCtx& ctx, bool load) {
  const Instr& ins = ctx.ins();
  if (ins.vec != 8 || byteWidth(ins.type) > 2) return false;
  ctx.diag(DiagKind::IsaDeviation, ctx.lanes(),
           fmt::format("{}.v8.{}: an H100 {} (ptxas 13.0 compiles .v8 of {}-bit elements as a scalar access)",
                       load ? "ld" : "st", typeName(ins.type),
                       load ? "loads the first element into every destination" : "stores the first element only",
                       bitWidth(ins.type)));
  return true;
}

void execLoad(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const unsigned eb = elemBytes(ins);
  const bool v8Scalar = narrowV8(ctx, true);
  const bool b128 = ins.type == DataType::B128;
  LaneMask lanes = ctx.lanes();
  if (lanes && !ins.ops[1].hasBase && ins.ops[0].kind != OperandKind::Vector && !b128) {
    // A scalar load of one address (no register base: ld.param, a variable
    // named directly) for the whole warp: load once. If that fails, the first
    // lane has reported it and the others go on one by one below, as they
    // would have.
    const int lead = std::countr_zero(lanes);
    const ExecCtx::Address a = ctx.address(lead, ins.ops[1]);
    if (sharedByTheWarp(ctx, a)) {
      std::uint64_t v = 0;
      if (ctx.load(lead, a, eb, v)) {
        if (isSigned(ins.type)) v = signExtend(v, eb);
        LaneValues all;
        all.fill(v);
        ctx.scatter(ins.ops[0], all);
        return;
      }
      lanes &= lanes - 1;
    }
  }
  if (lanes == ctx.lanes() && ins.ops[1].kind == OperandKind::Address && ins.ops[1].hasBase &&
      ins.ops[0].kind != OperandKind::Vector && !b128) {
    // A scalar load from [register + imm]: every lane's address and value in
    // one pass, then one write of the lanes that loaded.
    LaneValues v{};
    if (const std::optional<LaneMask> loaded = ctx.loadLanes(ins.ops[1], eb, v)) {
      if (isSigned(ins.type))
        for (auto& x : v) x = signExtend(x, eb);
      ctx.scatter(ins.ops[0], v, *loaded);
      return;
    }
  }
  for (LaneMask m = lanes; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    std::size_t n = 0;
    const Operand* dst = elems(ins.ops[0], n);
    ExecCtx::Address a = ctx.address(l, ins.ops[1]);
    if (v8Scalar) {
      std::uint64_t v = 0;
      if (!ctx.load(l, a, eb, v)) continue;
      if (isSigned(ins.type)) v = signExtend(v, eb);
      for (std::size_t i = 0; i < n; ++i) ctx.write(l, dst[i], v);
      continue;
    }
    const unsigned total = static_cast<unsigned>(n) * eb;
    if (n > 1 && a.addr % total != 0) {
      // Vector accesses must be aligned to the whole vector; report it via a
      // load of the full width so the message names the real size.
      std::uint64_t dummy = 0;
      ctx.load(l, a, total > 8 ? 8 : total, dummy);
      if (total > 8) ctx.diag(DiagKind::Misaligned, 1u << l,
                              fmt::format("lane {} loads a {}-byte vector at {:#x}, not {}-byte aligned", l, total, a.addr, total));
      continue;
    }
    if (b128 && a.addr % total != 0) {
      ctx.diag(DiagKind::Misaligned, 1u << l,
               fmt::format("lane {} loads {} bytes at {:#x}, not {}-byte aligned", l, total, a.addr, total));
      continue;
    }
    for (std::size_t i = 0; i < n; ++i) {
      ExecCtx::Address ai{a.space, a.addr + i * eb};
      if (b128) {  // a .b128 register: two 8-byte halves, low first (little-endian)
        std::uint64_t lo = 0, hi = 0;
        if (!ctx.load(l, ai, 8, lo) || !ctx.load(l, {ai.space, ai.addr + 8}, 8, hi)) break;
        ctx.write128(l, dst[i], lo, hi);
        continue;
      }
      std::uint64_t v = 0;
      if (!ctx.load(l, ai, eb, v)) break;
      if (isSigned(ins.type)) v = signExtend(v, eb);
      ctx.write(l, dst[i], v);
    }
  }
}

void execStore(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const unsigned eb = elemBytes(ins);
  const bool v8Scalar = narrowV8(ctx, false);
  if (!v8Scalar && ins.ops[0].kind == OperandKind::Address && ins.ops[0].hasBase &&
      ins.ops[1].kind != OperandKind::Vector && ins.type != DataType::B128 &&
      ctx.storeLanes(ins.ops[0], ins.ops[1], ins.type, eb))
    return;  // a scalar store to [register + imm]: one pass over the lanes
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    std::size_t n = 0;
    const Operand* src = elems(ins.ops[1], n);
    if (v8Scalar) n = 1;
    ExecCtx::Address a = ctx.address(l, ins.ops[0]);
    const unsigned total = static_cast<unsigned>(n) * eb;
    if (n > 1 && a.addr % total != 0) {
      ctx.diag(DiagKind::Misaligned, 1u << l,
               fmt::format("lane {} stores a {}-byte vector at {:#x}, not {}-byte aligned", l, total, a.addr, total));
      continue;
    }
    if (ins.type == DataType::B128 && a.addr % total != 0) {
      ctx.diag(DiagKind::Misaligned, 1u << l,
               fmt::format("lane {} stores {} bytes at {:#x}, not {}-byte aligned", l, total, a.addr, total));
      continue;
    }
    // Read every source first (a store may not see its own partial writes);
    // a .b128 element is stored as two 8-byte halves, low first.
    const unsigned parts = ins.type == DataType::B128 ? 2 : 1;
    const unsigned pb = eb / parts;
    std::uint64_t vals[16] = {};
    for (std::size_t i = 0; i < n && i * parts < 16; ++i) {
      if (src[i].kind == OperandKind::Sink) continue;
      if (parts == 2) {
        const auto [lo, hi] = ctx.read128(l, src[i]);
        vals[2 * i] = lo;
        vals[2 * i + 1] = hi;
      } else {
        vals[i] = ctx.read(l, src[i], ins.type);
      }
    }
    for (std::size_t k = 0; k < n * parts && k < 16; ++k) {
      if (src[k / parts].kind == OperandKind::Sink) continue;
      if (!ctx.store(l, {a.space, a.addr + k * pb}, pb, vals[k])) break;
    }
  }
}

void execCvta(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const Space s = spaceOf(ins.space);
  const bool toSpace = ins.has(Mod::To);
  const DataType t = ins.type == DataType::None ? DataType::U64 : ins.type;
  const std::uint64_t base = s != Space::Global ? windowOf(s) : 0;
  auto convert = [&](std::uint64_t a) {
    if (s == Space::Global) return a;  // the global window is the identity
    if (toSpace) return memmap::inWindow(a, base) ? a - base : a;
    return a + base;
  };
  if (ctx.lanes() == ~0u && ins.ops[1].kind == OperandKind::Reg) {
    // The whole warp: one pass over the source row (gathered, reporting lane
    // by lane as read() does, where it cannot be read in place).
    LaneValues buf;
    const std::uint64_t* a = ctx.row(ins.ops[1], t, buf);
    ctx.writeLanes(ins.ops[0], [&](std::size_t l) { return convert(a[l]); });
    return;
  }
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    ctx.write(l, ins.ops[0], convert(ctx.read(l, ins.ops[1], t)));
  }
}

void execMapa(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType t = ins.type == DataType::None ? DataType::U32 : ins.type;
  const std::uint32_t nctas = ctx.state().clusters[ctx.cta().cluster].numCtas;
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint64_t a = ctx.read(l, ins.ops[1], t);
    const std::uint32_t rank = static_cast<std::uint32_t>(ctx.read(l, ins.ops[2], DataType::U32));
    // Generic addresses map within the shared window; shared addresses map to
    // the ::cluster address of the same offset in CTA `rank`.
    const bool generic = ins.space != Mod::SharedCluster;
    const std::uint64_t sa = generic ? a - memmap::kSharedWindow : a;
    const std::uint32_t offset = static_cast<std::uint32_t>(sa % memmap::kClusterSharedBase);
    if (rank >= nctas) {
      ctx.diag(DiagKind::OutOfBounds, 1u << l,
               fmt::format("lane {} maps to CTA rank {}, but the cluster has {} CTAs", l, rank, nctas));
      continue;
    }
    std::uint64_t r = static_cast<std::uint64_t>(memmap::kClusterSharedBase) * (rank + 1) + offset;
    if (generic) r += memmap::kSharedWindow;
    ctx.write(l, ins.ops[0], r);
  }
}

void execIsspacep(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const Space s = spaceOf(ins.space);
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint64_t a = ctx.read(l, ins.ops[1], DataType::U64);
    const ExecCtx::Address sp = ctx.toSpecific({Space::Generic, a});
    bool in = sp.space == s;
    if (in && s == Space::Shared && ins.space != Mod::SharedCluster) in = sp.addr < memmap::kClusterSharedBase;
    ctx.writePred(l, ins.ops[0].reg, in);
  }
}

void execGetctarank(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType t = ins.type == DataType::None ? DataType::U32 : ins.type;
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    std::uint64_t a = ctx.read(l, ins.ops[1], t);
    if (ins.space != Mod::SharedCluster) a -= memmap::kSharedWindow;
    std::uint32_t cta = 0, off = 0;
    if (!ctx.sharedTarget(static_cast<std::uint32_t>(a), cta, off)) {
      ctx.diag(DiagKind::OutOfBounds, 1u << l, fmt::format("lane {}: address {:#x} is not in the cluster's shared memory", l, a));
      continue;
    }
    ctx.write(l, ins.ops[0], ctx.state().ctas[cta].clusterRank);
  }
}

}  // namespace

void execMemory(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Ld: case Opcode::Ldu: execLoad(ctx); break;
    case Opcode::St: execStore(ctx); break;
    case Opcode::Cvta: execCvta(ctx); break;
    case Opcode::Mapa: execMapa(ctx); break;
    case Opcode::Isspacep: execIsspacep(ctx); break;
    case Opcode::Getctarank: execGetctarank(ctx); break;
    case Opcode::Prefetch:       // cache hints: no architectural effect
    case Opcode::Prefetchu:
    case Opcode::Applypriority:
    case Opcode::Discard:        // the line's contents become undefined: keeping them is one outcome
      break;
    default:
      ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not a memory instruction", ctx.ins().info().mnemonic));
  }
}

}  // namespace ws::core
