// Conversion handlers: PTX ISA 9.7.9 Data Movement and Conversion
// Instructions: cvt, with the conversion rules of 6.5 (Table 15: chop /
// sign- and zero-extension, int <-> float, float <-> float) and 9.4.1 (a
// destination wider than the type receives the value sign- or
// zero-extended), the narrow formats of 5.2.5 (.tf32, the fp8 pairs .e4m3x2
// / .e5m2x2) with .relu and .satfinite; and cvt.pack.
#include <fmt/format.h>

#include <cstdint>

#include "core/exec/alu/alu_util.hpp"

namespace ws::core::alu {
namespace {

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
// plain shift, but with .ftz the canonical NaN; an f32 source under .ftz is
// first made the canonical NaN; all other pairs give the destination's
// canonical NaN.
std::uint64_t convertNaN(std::uint64_t bits, fp::Format from, fp::Format to, bool ftz) {
  if (ftz && from == fp::kF32) bits = fp::canonicalNaN(fp::kF32);
  const bool keepPayload = from == fp::kF64 || to == fp::kF64 || (ftz && from == fp::kF32);
  if (from == fp::kBF16 && to == fp::kF32) return ftz ? fp::canonicalNaN(to) : bits << 16;
  if (!keepPayload) return fp::canonicalNaN(to);
  const std::uint64_t man = bits & from.manMask();
  const std::uint64_t moved =
      to.manBits >= from.manBits ? man << (to.manBits - from.manBits) : man >> (from.manBits - to.manBits);
  const std::uint64_t sign = fp::signOf(bits, from) ? to.signBit() : 0;
  return sign | to.infBits() | to.quietBit() | moved;
}

// What one cvt element conversion does.
struct CvtInstr {
  DataType dst = DataType::None;
  DataType src = DataType::None;
  Mod rnd = Mod::None;
  bool sat = false;
  bool ftz = false;
  bool relu = false;
  bool satfinite = false;
};

// Float to float (f16, bf16, tf32, f32, f64 and the fp8 elements), with
// .ftz, .sat, .relu and .satfinite.
std::uint64_t floatToFloat(const CvtInstr& c, std::uint64_t bits, fp::Format sf, fp::Format df) {
  // .ftz flushes f32 subnormals, but an H100 converts a subnormal f32 to f16
  // as it is under .ftz too: cvt.rm.ftz.f16.f32 of -2^-149 is 0x8001.
  const bool ftzIn = c.ftz && sf == fp::kF32 && df != fp::kF16;
  const bool ftzOut = c.ftz && df == fp::kF32;
  std::uint64_t r = 0;
  if (fp::isNaN(bits, sf)) {
    if (sf != df) {
      r = convertNaN(bits, sf, df, c.ftz);
    } else if (isIntegerRounding(c.rnd)) {
      r = sf == fp::kF64 ? fp::quieted(bits, sf) : fp::canonicalNaN(sf);
    } else {
      // cvt.f32.f32 and cvt.f64.f64 copy a NaN (with .ftz it is made
      // canonical); cvt.f16.f16 and cvt.bf16.bf16 make it canonical.
      const bool copy = (sf == fp::kF32 && !ftzIn) || sf == fp::kF64;
      r = copy ? bits : fp::canonicalNaN(sf);
    }
  } else if (sf == df && isIntegerRounding(c.rnd)) {  // cvt.rni.f32.f32 and friends: round to an integral value
    const std::uint64_t x = ftzIn ? fp::flushSubnormal(bits, sf) : bits;
    r = fp::fromDouble(fp::roundIntegral(fp::toDouble(x, sf), roundModeOf(c.rnd)), 0, df, RoundMode::NearestEven,
                       false);
  } else {
    r = fp::convert(bits, sf, df, roundModeOf(c.rnd), ftzIn, ftzOut);
    // .satfinite: an infinite input or a result that overflowed (to an
    // infinity, or to NaN in E4M3, which has no infinity) is the largest
    // finite value of its sign.
    if (c.satfinite && (fp::isInf(r, df) || fp::isNaN(r, df))) r = (r & df.signBit()) | df.maxFinite();
  }
  if (c.sat) r = fp::saturate(r, df);
  if (c.relu) r = fp::relu(r, df);
  return r;
}

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
  return floatToFloat(c, bits, *sf, *df);
}

// The element format of an fp8 pair modifier.
fp::Format fp8Format(Mod m) { return m == Mod::E4m3x2 ? fp::kE4M3 : fp::kE5M2; }

constexpr fp::Format kTF32{8, 10};  // .tf32: an f32 with 10 mantissa bits (the low 13 bits are 0)

// cvt.rna{.satfinite}.tf32.f32 as an H100 computes it (tests/data/isa,
// isa_cvt_tf32, and tests/data/isa-followup, followup_tf32): integer
// arithmetic on the bits. A number (infinities included) gets half a tf32 ulp
// added and its low 13 bits cleared; a NaN only has its low 13 bits cleared
// (0x7fffffff -> 0x7fffe000, 0x7f801000 -> 0x7f800000: a NaN whose payload
// lies in those bits becomes an infinity). .satfinite then steps a result
// whose exponent is all ones down by one tf32 ulp (inf -> 0x7f7fe000, NaN
// 0x7fc00000 -> 0x7fbfe000, 0x7f802000 -> 0x7f800000). The PTX ISA's rule
// (NaN stays NaN, inf -> MAX) agrees only for infinities.
std::uint64_t tf32Rna(std::uint64_t f32, bool satfinite) {
  const auto x = static_cast<std::uint32_t>(f32);
  const bool nan = (x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu) != 0;
  std::uint32_t r = (nan ? x : x + 0x1000u) & ~std::uint32_t{0x1fff};
  if (satfinite && (r & 0x7f800000u) == 0x7f800000u) r -= 0x2000u;
  return r;
}

// cvt with a narrow format (5.2.5): .tf32 from f32, fp8 pairs from two f32
// (a to the upper byte, as for f16x2) or from an f16x2, and f16x2 from an fp8
// pair. Returns false for a form it does not know.
bool narrowConvert(ExecCtx& ctx, const CvtInstr& c, Mod format, bool formatIsDst) {
  const Instr& ins = ctx.ins();
  if (format == Mod::Tf32 && formatIsDst && c.src == DataType::F32) {
    forEachLane(ctx.lanes(), [&](int lane) {
      const std::uint64_t a = ctx.read(lane, ins.ops[1], DataType::F32);
      ctx.write(lane, ins.ops[0],
                c.rnd == Mod::Rna ? tf32Rna(a, c.satfinite) : floatToFloat(c, a, fp::kF32, kTF32) << 13);
    });
    return true;
  }
  if (format != Mod::E4m3x2 && format != Mod::E5m2x2) return false;
  const fp::Format f8 = fp8Format(format);
  if (formatIsDst && c.src == DataType::F32 && ins.ops.size() >= 3) {
    forEachLane(ctx.lanes(), [&](int lane) {
      const std::uint64_t hi = floatToFloat(c, ctx.read(lane, ins.ops[1], DataType::F32), fp::kF32, f8);
      const std::uint64_t lo = floatToFloat(c, ctx.read(lane, ins.ops[2], DataType::F32), fp::kF32, f8);
      ctx.write(lane, ins.ops[0], ((hi & 0xffu) << 8) | (lo & 0xffu));
    });
    return true;
  }
  if (formatIsDst && c.src == DataType::F16x2) {
    forEachLane(ctx.lanes(), [&](int lane) {
      const std::uint64_t a = ctx.read(lane, ins.ops[1], DataType::F16x2);
      const std::uint64_t lo = floatToFloat(c, a & 0xffffu, fp::kF16, f8);
      const std::uint64_t hi = floatToFloat(c, (a >> 16) & 0xffffu, fp::kF16, f8);
      ctx.write(lane, ins.ops[0], ((hi & 0xffu) << 8) | (lo & 0xffu));
    });
    return true;
  }
  if (!formatIsDst && c.dst == DataType::F16x2) {
    forEachLane(ctx.lanes(), [&](int lane) {
      const std::uint64_t a = ctx.read(lane, ins.ops[1], DataType::B16);
      const std::uint64_t lo = floatToFloat(c, a & 0xffu, f8, fp::kF16);
      const std::uint64_t hi = floatToFloat(c, (a >> 8) & 0xffu, f8, fp::kF16);
      ctx.write(lane, ins.ops[0], ((hi & 0xffffu) << 16) | (lo & 0xffffu));
    });
    return true;
  }
  return false;
}

}  // namespace

void execCvt(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  CvtInstr c;
  c.dst = ins.type;
  c.src = ins.type2;
  c.rnd = ins.rnd;
  c.sat = ins.has(Mod::Sat);
  c.ftz = ins.has(Mod::Ftz);
  c.relu = ins.has(Mod::Relu);
  c.satfinite = ins.has(Mod::Satfinite);
  if (ins.format != Mod::None) {
    // The one type modifier is the source when the format comes first.
    const bool formatIsDst = ins.formatPos == 0;
    if (formatIsDst) std::swap(c.dst, c.src);
    if (!narrowConvert(ctx, c, ins.format, formatIsDst))
      unsupported(ctx, fmt::format("with .{} is not a conversion this engine executes", modName(ins.format)));
    return;
  }
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

// cvt.pack.sat (PTX ISA 9.7.9.22): a and b (.s32) saturated to the narrow
// type and packed, a above b; the 2-, 4- and 8-bit forms put the pair in the
// low bits of d and the low bits of c above it.
void execCvtPack(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  int size = 0;
  bool isSignedDst = false;
  switch (ins.format) {  // .u2 .s2 .u4 .s4 are formats; .u8 .s8 .u16 .s16 types
    case Mod::U2:
      size = 2;
      break;
    case Mod::S2:
      size = 2, isSignedDst = true;
      break;
    case Mod::U4:
      size = 4;
      break;
    case Mod::S4:
      size = 4, isSignedDst = true;
      break;
    default:
      size = bitWidth(ins.type);
      isSignedDst = isSigned(ins.type);
      break;
  }
  const bool withC = size < 16;
  if (size != 2 && size != 4 && size != 8 && size != 16) {
    unsupported(ctx, "is not a cvt.pack form this engine executes");
    return;
  }
  const std::int64_t lo = isSignedDst ? -(std::int64_t{1} << (size - 1)) : 0;
  const std::int64_t hi = (std::int64_t{1} << (isSignedDst ? size - 1 : size)) - 1;
  const auto narrow = [&](std::uint64_t bits) {
    const std::int64_t v = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
    return static_cast<std::uint64_t>(v < lo ? lo : (v > hi ? hi : v)) & widthMask(size);
  };
  forEachLane(ctx.lanes(), [&](int lane) {
    std::uint64_t d =
        (narrow(ctx.read(lane, ins.ops[1], DataType::S32)) << size) | narrow(ctx.read(lane, ins.ops[2], DataType::S32));
    if (withC && ins.ops.size() > 3) d |= ctx.read(lane, ins.ops[3], DataType::B32) << (2 * size);
    ctx.write(lane, ins.ops[0], d & 0xffffffffu);
  });
}

}  // namespace ws::core::alu
