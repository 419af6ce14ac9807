// Floating-point arithmetic handlers: PTX ISA 9.7.3 Floating-Point
// Instructions (add, sub, mul, fma, mad, div, abs, neg, min, max, rcp, sqrt,
// rsqrt, sin, cos, lg2, ex2, tanh, copysign) for f32 and f64, and 9.7.4 Half
// Precision Floating-Point Instructions for f16, f16x2, bf16 and bf16x2 (each
// half of a packed operand computed on its own).
//
// Operations with a rounding modifier are correctly rounded (float_ops.hpp).
// The .approx and .full forms run on the GPU's multi-function unit (MUFU) or
// short instruction sequences; here they are computed with the C++ standard
// functions in double precision and rounded once to the result format, so
// ordinary results may differ from an H100 in the last bit or two, within
// the error bounds the ISA states. Their special values (zeros, infinities,
// NaN, subnormals, out-of-range divisors) follow the ISA's tables and what an
// H100 gave for them (tests/data/hw/approx-alu.json).
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "core/exec/alu/alu_util.hpp"
#include "core/exec/alu/float_ops.hpp"
#include "core/exec/alu/mufu.hpp"

namespace ws::core::alu {
namespace {

struct FloatInstr {
  Opcode op = Opcode::Add;
  fp::Format f = fp::kF32;
  fp::Env env;
  bool sat = false;
  bool relu = false;
  bool nanProp = false;
  bool xorsignAbs = false;  // min/max .xorsign.abs
  bool approx = false;
  bool full = false;
  bool ftzF64 = false;               // rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64
  bool ftzFlag = false;              // .ftz as written, whatever the type
  const MufuTables* mufu = nullptr;  // the recorded MUFU results, when the front end loaded them
};

// f(x) computed in double and rounded to nearest even in format f; a NaN
// result is the format's canonical NaN.
std::uint64_t approxUnary(fp::Format f, std::uint64_t a, double (*fn)(double), bool ftzIn, bool ftzOut,
                          RoundMode m = RoundMode::NearestEven) {
  if (fp::isNaN(a, f)) return fp::canonicalNaN(f);
  if (ftzIn) a = fp::flushSubnormal(a, f);
  const double y = fn(fp::toDouble(a, f));
  if (std::isnan(y)) return fp::canonicalNaN(f);
  return fp::fromDouble(y, 0, f, m, ftzOut);
}

double exp2Fn(double x) { return std::exp2(x); }
// log2(-0) = -inf, as the ISA table says (std::log2 gives -inf too; kept explicit).
double log2Fn(double x) { return x == 0 ? -INFINITY : std::log2(x); }
// sin.approx / cos.approx as an H100 computes them (tests/data/isa,
// tests/data/hw/alu.md). The PTX is compiled to a multiplication by 1/(2 pi)
// in f32, rounded toward zero, and MUFU.SIN/COS of that angle in turns, which
// reduces it in fixed point: sin t = +-sin(2 pi r) where, in the even
// quarters of the turn, r is the distance past the quarter truncated to
// multiples of 2^-25, and in the odd quarters the distance to the next
// quarter truncated to 2^-24; sin is odd, cos t = sin(t + 1/4). This gives
// the H100's exact zeros and their signs (sin of tiny angles is 0, sin(pi_f32)
// is +0, sin of k + 1/2 turns is -0) and its small results (2^-14 gives
// 0x387f43da); other results differ from it by MUFU's own error, within the
// ISA's 2^-20.5.
std::uint64_t sinCosApprox(std::uint64_t a, bool cosine, bool ftz) {
  const fp::Format f = fp::kF32;
  if (fp::isNaN(a, f) || fp::isInf(a, f)) return fp::canonicalNaN(f);
  a = fp::flushSubnormal(a, f);  // subnormal inputs act as zeros on an H100, .ftz or not
  if (fp::isZero(a, f)) return cosine ? f.oneBits() : a;
  constexpr double kInvTwoPi = 0.15915493667125702;  // 0x3e22f983, 1/(2 pi) rounded to f32
  const std::uint64_t turnsBits = fp::fromDouble(fp::toDouble(a, f) * kInvTwoPi, 0, f, RoundMode::TowardZero, true);
  const bool negative = fp::signOf(turnsBits, f);
  const double turns = std::fabs(fp::toDouble(turnsBits, f));
  double t = turns - std::floor(turns);  // exact
  if (cosine) t = t + 0.25 >= 1 ? t - 0.75 : t + 0.25;
  const double quarter = std::floor(4 * t);  // 0..3
  double r = 0;
  if (static_cast<int>(quarter) % 2 == 0)
    r = std::floor((t - quarter / 4) * 0x1p25) * 0x1p-25;
  else
    r = std::floor(((quarter + 1) / 4 - t) * 0x1p24) * 0x1p-24;
  double y = std::sin(2 * std::numbers::pi * r);  // >= +0
  if (quarter >= 2) y = -y;
  if (negative && !cosine) y = -y;
  return fp::fromDouble(y, 0, f, RoundMode::NearestEven, ftz);
}

double tanhFn(double x) { return std::tanh(x); }
// 1/sqrt(-0) = -inf, as the ISA table says. Computed in long double so the
// f64 result is rounded once: rsqrt.approx.f64 is correctly rounded on every
// input an H100 was given (tests/data/isa).
double rsqrtFn(double x) { return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(x))); }
double rcpFn(double x) { return 1.0 / x; }

// div.approx.f32: a * (1/b) where 1/b of |b| in (2^126, 2^128) underflows to
// zero (PTX ISA: the result is then 0, or NaN for an infinite a); otherwise
// the quotient.
std::uint64_t divApprox(const FloatInstr& fi, std::uint64_t a, std::uint64_t b) {
  const fp::Format f = fi.f;
  if (fp::isNaN(a, f) || fp::isNaN(b, f)) return fp::canonicalNaN(f);
  if (fi.env.ftz) {
    a = fp::flushSubnormal(a, f);
    b = fp::flushSubnormal(b, f);
  }
  const double y = fp::toDouble(b, f);
  if (std::isfinite(y) && std::fabs(y) > 0x1p126) {
    if (fp::isInf(a, f)) return fp::canonicalNaN(f);
    return (fp::signOf(a, f) != fp::signOf(b, f)) ? f.signBit() : 0;
  }
  return fp::div(f, a, b, {RoundMode::NearestEven, fi.env.ftz});
}

// rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64 (PTX ISA 9.7.3.14, 9.7.3.17):
// only the upper 32 bits of a are used (1.11.20 format), subnormals flush to
// zero, NaN inputs give 0x7fffffff00000000 and the result's low 32 bits are 0.
std::uint64_t approxFtzF64(std::uint64_t a, bool rsqrt) {
  const std::uint64_t top = a & 0xffffffff00000000ull;
  if (fp::isNaN(top, fp::kF64)) return 0x7fffffff00000000ull;
  const std::uint64_t x = fp::flushSubnormal(top, fp::kF64);
  const double v = std::bit_cast<double>(x);
  if (rsqrt && v < 0) return 0x7fffffff00000000ull;
  const double r = rsqrt ? rsqrtFn(v) : rcpFn(v);
  const std::uint64_t bits = fp::flushSubnormal(std::bit_cast<std::uint64_t>(r), fp::kF64);
  return bits & 0xffffffff00000000ull;
}

// Whether op runs on MUFU (with ptxas' instructions around it) in format f.
bool onMufu(const FloatInstr& fi) {
  switch (fi.op) {
    case Opcode::Rcp:
    case Opcode::Div:
    case Opcode::Sqrt:
      return fi.approx;
    case Opcode::Rsqrt:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Tanh:
      return true;
    default:
      return false;
  }
}

std::uint64_t elementOp(const FloatInstr& fi, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  const fp::Format f = fi.f;
  const bool ftz = fi.env.ftz;
  if (fi.mufu != nullptr && onMufu(fi)) {
    if (auto r = mufu::approx(*fi.mufu, fi.op, f, fi.ftzFlag, a, b)) return *r;
  }
  switch (fi.op) {
    case Opcode::Add:
      return fp::add(f, a, b, fi.env);
    case Opcode::Sub:
      return fp::sub(f, a, b, fi.env);
    case Opcode::Mul:
      return fp::mul(f, a, b, fi.env);
    case Opcode::Fma:
    case Opcode::Mad:
      return fp::fma(f, a, b, c, fi.env);
    case Opcode::Div:
      if (fi.approx) return divApprox(fi, a, b);
      if (fi.full) return fp::div(f, a, b, {RoundMode::NearestEven, ftz});  // div.full: correctly rounded here
      return fp::div(f, a, b, fi.env);
    case Opcode::Min:
    case Opcode::Max:
      if (fi.xorsignAbs) return fp::minMaxXorsignAbs(f, a, b, fi.op == Opcode::Max, fi.nanProp, ftz);
      return fp::minMax(f, a, b, fi.op == Opcode::Max, fi.nanProp, ftz);
    case Opcode::Abs:
      return fp::absolute(f, a, ftz);
    case Opcode::Neg:
      return fp::negate(f, a, ftz);
    case Opcode::Copysign:
      return (a & f.signBit()) | (b & ~f.signBit());  // bits only, NaN payloads too
    case Opcode::Sqrt:
      return fp::sqrt(f, a, fi.approx ? fp::Env{RoundMode::NearestEven, ftz} : fi.env);
    case Opcode::Rcp:
      if (fi.approx) {
        if (f == fp::kF64) return approxFtzF64(a, false);
        // Subnormal inputs act as zeros (an infinite result) only with .ftz:
        // rcp.approx.f32 of 0x007fffff is 0x7e800001 on an H100 (tests/data/isa).
        return approxUnary(f, a, rcpFn, ftz, ftz);
      }
      return fp::div(f, f.oneBits(), a, fi.env);
    case Opcode::Rsqrt:
      if (f == fp::kF64) {
        if (fi.ftzF64) return approxFtzF64(a, true);
        if (fp::isNaN(a, f)) return fp::quieted(a, f);
        if (!fp::isZero(a, f) && fp::signOf(a, f)) return fp::canonicalNaN(f);
      }
      return approxUnary(f, a, rsqrtFn, ftz, ftz);
    case Opcode::Sin:
      return sinCosApprox(a, false, ftz);
    case Opcode::Cos:
      return sinCosApprox(a, true, ftz);
    case Opcode::Lg2:
      return approxUnary(f, a, log2Fn, ftz, ftz);
    case Opcode::Ex2: {
      // ex2.approx.ftz.bf16 flushes tiny results too (fi.env.ftz covers f32 and f16 only).
      const bool flush = ftz || (f == fp::kBF16 && fi.ftzFlag);
      if (f != fp::kF16) return approxUnary(f, a, exp2Fn, flush, flush);
      // ex2.approx.f16 truncates the significand: of 118 recorded results
      // 117 are 2^a rounded toward zero (0xce3d gives 0, not the nearest
      // subnormal 0x0001), but 2^a past the exponent range is infinite.
      const std::uint64_t r = approxUnary(f, a, exp2Fn, flush, flush, RoundMode::TowardZero);
      return r == f.maxFinite() && fp::toDouble(a, f) >= 16 ? f.infBits() : r;
    }
    case Opcode::Tanh:
      return approxUnary(f, a, tanhFn, false, false);
    default:
      return 0;
  }
}

bool isFloatArith(Opcode op) {
  switch (op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Fma:
    case Opcode::Mad:
    case Opcode::Div:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Copysign:
    case Opcode::Sqrt:
    case Opcode::Rcp:
    case Opcode::Rsqrt:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Lg2:
    case Opcode::Ex2:
    case Opcode::Tanh:
      return true;
    default:
      return false;
  }
}

// An add/sub that ptxas fuses with the mul feeding one operand
// (core/ptx/contraction.hpp): one fma of the mul's sources, which still hold
// what the mul multiplied. sub d, a*b, y = fma(a, b, -y); sub d, x, a*b =
// fma(-a, b, x).
void execContracted(ExecCtx& ctx, const FloatInstr& fi, bool packed) {
  const Instr& ins = ctx.ins();
  const Instr& mul = ctx.program().instrs[static_cast<std::size_t>(ins.fusedMul)];
  const std::size_t other = ins.fusedOperand == 1 ? 2 : 1;
  const bool sub = ins.op == Opcode::Sub;
  const std::uint64_t sign = fi.f.signBit();
  forEachLane(ctx.lanes(), [&](int lane) {
    const std::uint64_t a = ctx.read(lane, mul.ops[1], ins.type), b = ctx.read(lane, mul.ops[2], ins.type);
    const std::uint64_t y = ctx.read(lane, ins.ops[other], ins.type);
    auto one = [&](std::uint64_t pa, std::uint64_t pb, std::uint64_t py) {
      if (sub && ins.fusedOperand == 1) py ^= sign;
      if (sub && ins.fusedOperand == 2) pa ^= sign;
      std::uint64_t r = fp::fma(fi.f, pa, pb, py, fi.env);
      if (fi.sat) r = fp::saturate(r, fi.f);
      return r;
    };
    ctx.write(lane, ins.ops[0], packed ? perHalf(a, b, y, one) : one(a, b, y));
  });
}

}  // namespace

void execFloatArith(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const auto fmt = formatOf(ins.type);
  if (!fmt || !isFloatArith(ins.op)) {
    unsupported(ctx, "is not a floating-point form this engine executes");
    return;
  }
  FloatInstr fi;
  fi.op = ins.op;
  fi.f = *fmt;
  fi.env.mode = roundModeOf(ins.rnd);
  // .ftz flushes f32 and f16 subnormals; f64 and bf16 have no such form.
  fi.env.ftz = ins.has(Mod::Ftz) && (fi.f == fp::kF32 || fi.f == fp::kF16);
  fi.sat = ins.has(Mod::Sat);
  fi.relu = ins.has(Mod::Relu);
  fi.nanProp = ins.has(Mod::NaNProp);
  fi.xorsignAbs = ins.has(Mod::Xorsign) && ins.has(Mod::Abs);
  // fma .oob (9.7.4.5) would make the result 0 when an operand is the
  // out-of-bounds NaN 0x7fff; on an H100 (sm_90, ptxas 13.0) it changes
  // nothing: every recorded fma .oob result equals the plain form's, an
  // OOB NaN operand included (tests/data/isa, isa_half_fma_h).
  fi.approx = ins.has(Mod::Approx);
  fi.full = ins.has(Mod::Full);
  fi.ftzFlag = ins.has(Mod::Ftz);
  fi.ftzF64 = fi.ftzFlag && fi.f == fp::kF64;
  fi.mufu = ctx.options().mufu.get();
  if (ins.op == Opcode::Fma && fi.f == fp::kBF16 && fi.env.mode != RoundMode::NearestEven) {
    // fma.rz/.rm/.rp on bf16 (9.7.4.5) as an H100 runs what ptxas 13.0
    // makes of them (tests/data/isa, isa_half_fma_h): .bf16x2 rounds to
    // nearest, the mode is dropped; scalar .bf16 is computed as fma.rn.f16
    // of the same bits (0x3f00 * 0xcf00 gives 0xd220: 1.75 * -28 in f16),
    // and its .relu is dropped too. The PTX ISA asks for the directed
    // rounding; the H100 is followed here.
    fi.env.mode = RoundMode::NearestEven;
    if (!isPacked(ins.type)) {
      fi.f = fp::kF16;
      fi.relu = false;
    }
    ctx.diag(DiagKind::IsaDeviation, ctx.lanes(),
             isPacked(ins.type)
                 ? "fma with a directed rounding on .bf16x2: an H100 rounds to nearest (ptxas 13.0 drops the mode)"
                 : "fma with a directed rounding on .bf16: an H100 computes fma.rn.f16 of the same bits (ptxas 13.0)");
  }
  const bool packed = isPacked(ins.type);
  const std::size_t nsrc = ins.ops.size() - 1;
  if (ins.fusedMul >= 0) {
    execContracted(ctx, fi, packed);
    return;
  }

  forEachLane(ctx.lanes(), [&](int lane) {
    std::uint64_t src[3] = {0, 0, 0};
    for (std::size_t i = 0; i < nsrc && i < 3; ++i) src[i] = ctx.read(lane, ins.ops[i + 1], ins.type);
    auto one = [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
      std::uint64_t r = elementOp(fi, a, b, c);
      if (fi.sat) r = fp::saturate(r, fi.f);
      if (fi.relu) r = fp::relu(r, fi.f);
      return r;
    };
    const std::uint64_t d = packed ? perHalf(src[0], src[1], src[2], one) : one(src[0], src[1], src[2]);
    ctx.write(lane, ins.ops[0], d);
  });
}

}  // namespace ws::core::alu
