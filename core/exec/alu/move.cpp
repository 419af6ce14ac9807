// Data movement handlers: PTX ISA 9.7.9 Data Movement and Conversion
// Instructions: mov (registers, immediates, special registers, symbol
// addresses; .v2/.v4 vectors of registers) and mov (packing elements into a
// wider register and unpacking them, .b128 registers included); and the
// dispatch of the Move family (cvt and cvt.pack live in convert.cpp).
#include <fmt/format.h>

#include <cstdint>

#include "core/exec/alu/alu_util.hpp"

namespace ws::core {
namespace {

using namespace alu;

DataType bitType(int bits) {
  switch (bits) {
    case 8: return DataType::B8;
    case 16: return DataType::B16;
    case 32: return DataType::B32;
    case 64: return DataType::B64;
    case 128: return DataType::B128;
    default: return DataType::None;
  }
}

U128 widthMask128(int bits) { return bits >= 128 ? ~U128{0} : (U128{1} << bits) - 1; }

// An operand's bits as a value of up to 128 bits.
U128 read(ExecCtx& ctx, int lane, const Operand& op, DataType t) {
  if (t != DataType::B128) return ctx.read(lane, op, t);
  const auto [lo, hi] = ctx.read128(lane, op);
  return (static_cast<U128>(hi) << 64) | lo;
}

void write(ExecCtx& ctx, int lane, const Operand& dst, DataType t, U128 v) {
  if (t != DataType::B128) {
    ctx.write(lane, dst, static_cast<std::uint64_t>(v));
    return;
  }
  ctx.write128(lane, dst, static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64));
}

// mov.v2 / mov.v4 (9.7.9.4): element i of the destination vector gets
// element i of the source vector; every source is read before any write.
void movVector(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& src = ins.ops[1];
  if (dst.kind != OperandKind::Vector || src.kind != OperandKind::Vector || dst.elems.size() != ins.vec ||
      src.elems.size() != ins.vec) {
    unsupported(ctx, fmt::format("with .v{} needs two vectors of {} elements", ins.vec, ins.vec));
    return;
  }
  forEachLane(ctx.lanes(), [&](int lane) {
    const LaneMask bit = 1u << lane;
    std::array<std::uint64_t, 4> v{};
    std::array<bool, 4> undefined{};  // element by element: each is its own value
    for (std::size_t i = 0; i < ins.vec; ++i) {
      const Operand& e = src.elems[i];
      undefined[i] = e.kind == OperandKind::Reg && ctx.undefinedIn(e.reg, bit) != 0;
      v[i] = ctx.read(lane, e, ins.type);
    }
    for (std::size_t i = 0; i < ins.vec; ++i) {
      ctx.setUndefinedReads((ctx.undefinedReads() & ~bit) | (undefined[i] ? bit : 0u));
      ctx.write(lane, dst.elems[i], v[i]);
    }
  });
}

void execMov(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.vec > 1) {
    movVector(ctx);
    return;
  }
  const Operand& dst = ins.ops[0];
  const Operand& src = ins.ops[1];
  const DataType t = ins.type;
  const bool unpack = dst.kind == OperandKind::Vector;
  const bool pack = src.kind == OperandKind::Vector;
  if (!unpack && !pack && t != DataType::B128) {
    LaneValues v;
    if (t == DataType::Pred) {
      ctx.gatherPred(src, v);
      ctx.scatter(dst, v);
    } else if (src.kind == OperandKind::Imm) {
      const std::uint64_t imm = ctx.read(0, src, t);  // the same for every lane, never reported
      ctx.writeLanes(dst, [&](std::size_t) { return imm; });
    } else {
      const std::uint64_t* row = ctx.row(src, t, v);
      ctx.writeLanes(dst, [&](std::size_t l) { return row[l]; });
    }
    return;
  }
  const Operand& vec = unpack ? dst : src;
  const int n = unpack || pack ? static_cast<int>(vec.elems.size()) : 1;
  const int w = n > 0 ? bitWidth(t) / n : 0;
  if (n == 0 || bitType(w) == DataType::None || w * n != bitWidth(t)) {
    unsupported(ctx, fmt::format("cannot split into {} elements", n));
    return;
  }
  const DataType et = bitType(w);
  forEachLane(ctx.lanes(), [&](int lane) {
    if (unpack) {
      // Element 0 takes the lowest bits; `_` elements are skipped by write().
      const U128 v = read(ctx, lane, src, t);
      for (int i = 0; i < n; ++i)
        write(ctx, lane, dst.elems[static_cast<std::size_t>(i)], et, (v >> (i * w)) & widthMask128(w));
    } else {
      U128 v = 0;
      if (pack) {
        bool someDefined = false;
        for (int i = 0; i < n; ++i) {
          const Operand& e = src.elems[static_cast<std::size_t>(i)];
          someDefined = someDefined || e.kind != OperandKind::Reg || ctx.undefinedIn(e.reg, 1u << lane) == 0;
          v |= read(ctx, lane, e, et) << (i * w);
        }
        // One definedness bit per register cannot say which part is
        // defined. nvcc packs a defined half with an undefined one
        // (`mov.b64 %rd11, {%r604, %r614}`) and takes the defined half out
        // again, so a pack with any defined part counts as defined rather
        // than cry wolf where that half is used.
        if (someDefined) ctx.setUndefinedReads(ctx.undefinedReads() & ~(1u << lane));
      } else {
        v = read(ctx, lane, src, t);
      }
      write(ctx, lane, dst, t, v);
    }
  });
}

}  // namespace

void execMove(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Mov: execMov(ctx); break;
    case Opcode::Cvt: alu::execCvt(ctx); break;
    case Opcode::CvtPack: alu::execCvtPack(ctx); break;
    default: unsupported(ctx, "is not a move or conversion"); break;
  }
}

}  // namespace ws::core
