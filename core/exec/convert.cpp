// Data movement and conversion handlers: PTX ISA 9.7.8.3 mov (registers,
// immediates, special registers, symbol addresses), 9.7.8.4 mov (vector
// packing and unpacking), 9.7.8.18 cvt, with the conversion rules of 6.5
// (Table 15: chop / sign- and zero-extension, int <-> float, float <-> float)
// and 9.4.1 (a destination wider than the type receives the value sign- or
// zero-extended).
#include <fmt/format.h>

#include <cstdint>

#include "core/exec/alu_util.hpp"

namespace ws::core {
namespace {

using namespace alu;

__extension__ typedef __int128 S128;

DataType bitType(int bits) {
  switch (bits) {
    case 8:
      return DataType::B8;
    case 16:
      return DataType::B16;
    case 32:
      return DataType::B32;
    case 64:
      return DataType::B64;
    default:
      return DataType::None;
  }
}

std::uint64_t widthMask(int bits) { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

void execMov(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& src = ins.ops[1];
  const DataType t = ins.type;
  if (t == DataType::B128) {
    unsupported(ctx, "(128-bit registers) is not executed by this engine");
    return;
  }
  const bool unpack = dst.kind == OperandKind::Vector;
  const bool pack = src.kind == OperandKind::Vector;
  const Operand& vec = unpack ? dst : src;
  const int n = static_cast<int>(vec.elems.size());
  const int w = (unpack || pack) && n > 0 ? bitWidth(t) / n : 0;
  if ((unpack || pack) && (n == 0 || bitType(w) == DataType::None || w * n != bitWidth(t))) {
    unsupported(ctx, fmt::format("cannot split into {} elements", n));
    return;
  }
  if (!unpack && !pack) {
    LaneValues v;
    if (t == DataType::Pred) {
      ctx.gatherPred(src, v);
    } else {
      ctx.gather(src, t, v);
    }
    ctx.scatter(dst, v);
    return;
  }
  forEachLane(ctx.lanes(), [&](int lane) {
    if (unpack) {
      // Element 0 takes the lowest bits; `_` elements are skipped by write().
      const std::uint64_t v = ctx.read(lane, src, t);
      for (int i = 0; i < n; ++i)
        ctx.write(lane, dst.elems[static_cast<std::size_t>(i)], (v >> (i * w)) & widthMask(w));
    } else if (pack) {
      std::uint64_t v = 0;
      for (int i = 0; i < n; ++i) v |= ctx.read(lane, src.elems[static_cast<std::size_t>(i)], bitType(w)) << (i * w);
      ctx.write(lane, dst, v);
    }
  });
}

// Integer source value, extended by the source type's signedness.
S128 intValue(std::uint64_t bits, DataType t) {
  const int n = bitWidth(t);
  if (isSigned(t) && n < 64 && ((bits >> (n - 1)) & 1u))
    return static_cast<S128>(bits | ~widthMask(n)) - (S128{1} << 64);
  if (isSigned(t) && n == 64) return static_cast<std::int64_t>(bits);
  return static_cast<S128>(bits & widthMask(n));
}

// The NaN a float-to-float cvt writes (recorded on an H100): conversions to or
// from f64 keep the payload (truncated or widened, quieted); bf16 -> f32 is a
// plain shift; an f32 source under .ftz is first made the canonical NaN; all
// other pairs give the destination's canonical NaN.
std::uint64_t convertNaN(std::uint64_t bits, fp::Format from, fp::Format to, bool ftz) {
  if (ftz && from == fp::kF32) bits = fp::canonicalNaN(fp::kF32);
  const bool keepPayload = from == fp::kF64 || to == fp::kF64 || (ftz && from == fp::kF32);
  if (from == fp::kBF16 && to == fp::kF32) return bits << 16;
  if (!keepPayload) return fp::canonicalNaN(to);
  const std::uint64_t man = bits & from.manMask();
  const std::uint64_t moved =
      to.manBits >= from.manBits ? man << (to.manBits - from.manBits) : man >> (from.manBits - to.manBits);
  const std::uint64_t sign = fp::signOf(bits, from) ? to.signBit() : 0;
  return sign | to.infBits() | to.quietBit() | moved;
}

struct CvtInstr {
  DataType dst = DataType::None;
  DataType src = DataType::None;
  Mod rnd = Mod::None;
  bool sat = false;
  bool ftz = false;
  bool relu = false;
};

std::uint64_t convertOne(const CvtInstr& c, std::uint64_t bits) {
  const auto sf = formatOf(c.src);
  const auto df = formatOf(c.dst);
  const int dn = bitWidth(c.dst);
  if (!sf && !df) {  // integer -> integer: chop to the destination, or clamp with .sat
    S128 v = intValue(bits, c.src);
    if (c.sat) {
      const S128 lo = isSigned(c.dst) ? -(S128{1} << (dn - 1)) : 0;
      const S128 hi = (S128{1} << (isSigned(c.dst) ? dn - 1 : dn)) - 1;
      v = v < lo ? lo : (v > hi ? hi : v);
    }
    const std::uint64_t chopped = static_cast<std::uint64_t>(v) & widthMask(dn);
    return isSigned(c.dst) ? static_cast<std::uint64_t>(intValue(chopped, c.dst)) : chopped;
  }
  if (!sf) {  // integer -> float
    const S128 v = intValue(bits, c.src);
    const bool neg = v < 0;
    const std::uint64_t mag = static_cast<std::uint64_t>(neg ? -v : v);
    std::uint64_t r = fp::fromInteger(mag, neg, *df, roundModeOf(c.rnd));
    if (c.sat) r = fp::saturate(r, *df);
    if (c.relu) r = fp::relu(r, *df);
    return r;
  }
  if (!df) {  // float -> integer: rounds as asked (a C-style .rzi when no modifier is given) and saturates
    const RoundMode m = c.rnd == Mod::None ? RoundMode::TowardZero : roundModeOf(c.rnd);
    return fp::toInteger(bits, *sf, m, dn, isSigned(c.dst), c.ftz && *sf == fp::kF32);
  }
  // float -> float
  const bool ftzIn = c.ftz && *sf == fp::kF32;
  const bool ftzOut = c.ftz && *df == fp::kF32;
  std::uint64_t r = 0;
  if (fp::isNaN(bits, *sf)) {
    if (*sf != *df) {
      r = convertNaN(bits, *sf, *df, c.ftz);
    } else if (isIntegerRounding(c.rnd)) {
      r = *sf == fp::kF64 ? fp::quieted(bits, *sf) : fp::canonicalNaN(*sf);
    } else {
      r = ftzIn ? fp::canonicalNaN(*sf) : bits;  // cvt.f32.f32 copies a NaN; with .ftz it is made canonical
    }
  } else if (*sf == *df && isIntegerRounding(c.rnd)) {  // cvt.rni.f32.f32 and friends: round to an integral value
    const std::uint64_t x = ftzIn ? fp::flushSubnormal(bits, *sf) : bits;
    r = fp::fromDouble(fp::roundIntegral(fp::toDouble(x, *sf), roundModeOf(c.rnd)), 0, *df, RoundMode::NearestEven,
                       false);
  } else {
    r = fp::convert(bits, *sf, *df, roundModeOf(c.rnd), ftzIn, ftzOut);
  }
  if (c.sat) r = fp::saturate(r, *df);
  if (c.relu) r = fp::relu(r, *df);
  return r;
}

void execCvt(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  CvtInstr c;
  c.dst = ins.type;
  c.src = ins.type2;
  c.rnd = ins.rnd;
  c.sat = ins.has(Mod::Sat);
  c.ftz = ins.has(Mod::Ftz);
  c.relu = ins.has(Mod::Relu);
  const bool packed = isPacked(c.dst);
  const auto valid = [](DataType t) {
    const TypeClass k = typeClass(t);
    return k == TypeClass::Signed || k == TypeClass::Unsigned || k == TypeClass::Float ||
           (k == TypeClass::Bits && bitWidth(t) <= 64);
  };
  if (!valid(c.dst) || !valid(c.src) || isPacked(c.src) || (packed && (c.src != DataType::F32 || ins.ops.size() < 3))) {
    unsupported(ctx, fmt::format("from .{} is not a conversion this engine executes", typeName(c.src)));
    return;
  }
  if (packed) c.dst = c.dst == DataType::F16x2 ? DataType::F16 : DataType::BF16;
  forEachLane(ctx.lanes(), [&](int lane) {
    std::uint64_t d = 0;
    if (packed) {
      // cvt.f16x2.f32 d, a, b: a goes to the upper half, b to the lower half.
      const std::uint64_t hi = convertOne(c, ctx.read(lane, ins.ops[1], c.src));
      const std::uint64_t lo = convertOne(c, ctx.read(lane, ins.ops[2], c.src));
      d = ((hi & 0xffff) << 16) | (lo & 0xffff);
    } else {
      d = convertOne(c, ctx.read(lane, ins.ops[1], c.src));
    }
    ctx.write(lane, ins.ops[0], d);
  });
}

}  // namespace

void execMove(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Mov:
      execMov(ctx);
      break;
    case Opcode::Cvt:
      execCvt(ctx);
      break;
    default:
      unsupported(ctx, "is not a move or conversion");
      break;
  }
}

}  // namespace ws::core
