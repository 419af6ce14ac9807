#include "core/exec/alu/mufu.hpp"

#include <cmath>

#include "core/exec/alu/float_ops.hpp"

namespace ws::core::mufu {
namespace {

constexpr std::uint32_t kSign = 0x80000000u, kInf = 0x7f800000u, kNaN = 0x7fffffffu, kMan = 0x7fffffu;
constexpr std::uint32_t kTwo24 = 0x4b800000u;  // 2^24

int biasedExp(std::uint32_t x) { return static_cast<int>((x >> 23) & 0xffu); }

// A table word (an f32 of exponent near 127) times 2^k, flushed to zero below
// the normal range and infinite above it.
std::uint32_t scaled(std::uint32_t word, int k) {
  const int e = biasedExp(word) + k;
  if (e <= 0) return word & kSign;
  if (e >= 255) return (word & kSign) | kInf;
  return (word & ~(0xffu << 23)) | (static_cast<std::uint32_t>(e) << 23);
}

bool absBelowNormal(std::uint32_t x) { return biasedExp(x) == 0; }  // |x| < 2^-126 (FSETP.GEU |x|, FLT_MIN fails)

std::uint32_t fmul(std::uint32_t a, std::uint32_t b, bool ftz) {
  return static_cast<std::uint32_t>(fp::mul(fp::kF32, a, b, {RoundMode::NearestEven, ftz}));
}

// MUFU.RSQ and MUFU.SQRT: the table covers [1, 4) (exponent parity, then
// mantissa); the exponent's even part halves out.
std::uint32_t rootLike(const MufuTable& t, std::uint32_t x, bool reciprocal) {
  const std::uint32_t s = x & kSign;
  const int e = biasedExp(x);
  const std::uint32_t m = x & kMan;
  if (e == 0) return reciprocal ? s | kInf : s;  // zeros and subnormals
  if (s != 0) return kNaN;
  if (e == 255) return m != 0 ? kNaN : (reciprocal ? 0u : kInf);
  const int unbiased = e - 127;
  const int parity = unbiased & 1;
  const int half = (unbiased - parity) / 2;
  const std::uint32_t w = t.at((static_cast<std::size_t>(parity) << 23) | m);
  return scaled(w, reciprocal ? -half : half);
}

}  // namespace

std::uint32_t rcp(const MufuTables& t, std::uint32_t x) {
  const std::uint32_t s = x & kSign;
  const int e = biasedExp(x);
  const std::uint32_t m = x & kMan;
  if (e == 255) return m != 0 ? kNaN : s;
  if (e == 0) return s | kInf;
  return s | scaled(t.rcp.at(m), -(e - 127));
}

std::uint32_t rsqrt(const MufuTables& t, std::uint32_t x) { return rootLike(t.rsqrt, x, true); }
std::uint32_t sqrt(const MufuTables& t, std::uint32_t x) { return rootLike(t.sqrt, x, false); }

// MUFU.EX2 takes |x| in fixed point with 23 fraction bits (truncated), the
// sign apart: 2^-x is its own table, not 1 / 2^x.
std::uint32_t ex2(const MufuTables& t, std::uint32_t x) {
  const bool neg = (x & kSign) != 0;
  const int e = biasedExp(x);
  const std::uint32_t m = x & kMan;
  if (e == 255) return m != 0 ? kNaN : (neg ? 0u : kInf);
  if (e >= 127 + 7) return neg ? 0u : kInf;  // |x| >= 128
  const std::uint64_t sig = e == 0 ? m : (m | (1u << 23));
  const int shift = (e == 0 ? 1 : e) - 127;  // |x| 2^23 = sig 2^shift
  const std::uint64_t fixed = shift >= 0 ? sig << shift : (shift > -32 ? sig >> -shift : 0);
  const int whole = static_cast<int>(fixed >> 23);
  const std::size_t frac = static_cast<std::size_t>(fixed & kMan);
  return neg ? scaled(t.ex2Neg.at(frac), -whole) : scaled(t.ex2Pos.at(frac), whole);
}

// MUFU.LG2: the recorded [0.5, 2) is exact. Elsewhere the result is the
// exponent plus the fraction's logarithm, truncated to f32 (the fraction's
// logarithm taken from the finer of the two recorded octaves); this is the
// H100's word for about 99.5% of inputs and one ulp above it otherwise
// (tests/REAL_WORLD_MATH.md).
std::uint32_t lg2(const MufuTables& t, std::uint32_t x) {
  const std::uint32_t s = x & kSign;
  const int e = biasedExp(x);
  const std::uint32_t m = x & kMan;
  if (e == 0) return kSign | kInf;  // zeros and subnormals: -inf
  if (s != 0) return kNaN;
  if (e == 255) return m != 0 ? kNaN : kInf;
  if (e == 127) return t.lg2.at((std::size_t{1} << 23) | m);
  if (e == 126) return t.lg2.at(m);
  const double frac = m >= (1u << 22) ? 1.0 + fp::toDouble(t.lg2.at(m), fp::kF32)
                                      : fp::toDouble(t.lg2.at((std::size_t{1} << 23) | m), fp::kF32);
  return static_cast<std::uint32_t>(
      fp::fromDouble(static_cast<double>(e - 127) + frac, 0, fp::kF32, RoundMode::TowardZero, true));
}

// sin.approx/cos.approx (ptxas: FMUL.RZ by 0x3e22f983, then MUFU.SIN/COS).
// MUFU takes the turns in fixed point with 25 fraction bits (truncated, the
// integer turns dropped): quarter q and 23-bit fraction f. The table holds
// the first quarter; the odd quarters read it at the one's complement of f
// (so 1 - 2^-24 turns reads entry 1, not 2), the last two negate, sin is
// odd, and cos adds a quarter.
std::uint32_t sinCos(const MufuTables& t, std::uint32_t x, bool cosine) {
  const int e = biasedExp(x);
  if (e == 255) return kNaN;
  const bool negative = (x & kSign) != 0;
  std::uint32_t turns = 0;
  if (e != 0) {
    constexpr double kInvTwoPi = 0.15915493667125702;                    // 0x3e22f983
    const double prod = fp::toDouble(x & ~kSign, fp::kF32) * kInvTwoPi;  // exact: two 24-bit significands
    turns = static_cast<std::uint32_t>(fp::fromDouble(prod, 0, fp::kF32, RoundMode::TowardZero, true));
  }
  std::uint64_t fixed = 0;  // turns 2^25 mod 2^25
  if (biasedExp(turns) != 0) {
    const std::uint64_t sig = (turns & kMan) | (1u << 23);
    const int shift = biasedExp(turns) - 127 - 23 + 25;
    fixed = shift >= 25 ? 0 : (shift >= 0 ? sig << shift : (shift > -32 ? sig >> -shift : 0));
    fixed &= (std::uint64_t{1} << 25) - 1;
  }
  if (cosine) fixed = (fixed + (std::uint64_t{1} << 23)) & ((std::uint64_t{1} << 25) - 1);
  const unsigned quarter = static_cast<unsigned>(fixed >> 23);
  const std::size_t f = static_cast<std::size_t>(fixed & kMan);
  std::uint32_t y = t.sin.at((quarter & 1u) != 0 ? kMan - f : f);
  bool flip = quarter >= 2;
  if (negative && !cosine) flip = !flip;
  return flip ? y ^ kSign : y;
}

std::optional<std::uint64_t> approx(const MufuTables& t, Opcode op, fp::Format f, bool ftz, std::uint64_t a64,
                                    std::uint64_t b64) {
  if (f == fp::kF16 || f == fp::kBF16) {
    const MufuTable* table = nullptr;
    if (op == Opcode::Ex2) table = f == fp::kF16 ? &t.ex2F16 : &t.ex2BF16;
    if (op == Opcode::Tanh) table = f == fp::kF16 ? &t.tanhF16 : &t.tanhBF16;
    if (table == nullptr || table->empty()) return std::nullopt;
    return table->at(a64 & 0xffffu) & 0xffffu;
  }
  if (f != fp::kF32) return std::nullopt;
  const auto a = static_cast<std::uint32_t>(a64);
  const auto b = static_cast<std::uint32_t>(b64);
  switch (op) {
    case Opcode::Rcp: {
      if (t.rcp.empty()) return std::nullopt;
      if (ftz) return rcp(t, a);
      // rcp.approx.f32: scale |a| < 2^-126 by 2^24 and |a| > 2^126 by 1/4 first.
      const int e = biasedExp(a);
      const std::uint32_t scale =
          e == 0 ? kTwo24 : (e > 253 || (e == 253 && (a & kMan) != 0) ? 0x3e800000u : 0x3f800000u);
      return fmul(scale, rcp(t, fmul(a, scale, false)), false);
    }
    case Opcode::Div: {
      if (t.rcp.empty()) return std::nullopt;
      if (ftz) return fmul(a, rcp(t, b), true);
      std::uint32_t num = a, den = b;
      if (absBelowNormal(den)) {
        den = fmul(den, kTwo24, false);
        num = fmul(num, kTwo24, false);
      }
      return fmul(rcp(t, den), num, false);
    }
    case Opcode::Rsqrt:
    case Opcode::Sqrt: {
      const bool r = op == Opcode::Rsqrt;
      if ((r ? t.rsqrt : t.sqrt).empty()) return std::nullopt;
      if (ftz || !absBelowNormal(a)) return r ? rsqrt(t, a) : sqrt(t, a);
      const std::uint32_t y = r ? rsqrt(t, fmul(a, kTwo24, false)) : sqrt(t, fmul(a, kTwo24, false));
      return fmul(y, r ? 0x45800000u : 0x39800000u, false);  // * 2^12 or 2^-12
    }
    case Opcode::Ex2: {
      if (t.ex2Pos.empty() || t.ex2Neg.empty()) return std::nullopt;
      if (ftz || !(fp::toDouble(a, fp::kF32) < -126.0)) return ex2(t, a);
      const std::uint32_t y = ex2(t, fmul(a, 0x3f000000u, false));  // 2^(a/2), squared
      return fmul(y, y, false);
    }
    case Opcode::Lg2: {
      if (t.lg2.empty()) return std::nullopt;
      if (ftz || !absBelowNormal(a)) return lg2(t, a);
      const std::uint32_t y = lg2(t, fmul(a, kTwo24, false));
      return fp::add(fp::kF32, y, 0xc1c00000u, {RoundMode::NearestEven, false});  // - 24
    }
    case Opcode::Sin:
    case Opcode::Cos:
      if (t.sin.empty()) return std::nullopt;
      return sinCos(t, a, op == Opcode::Cos);
    default:
      return std::nullopt;
  }
}

}  // namespace ws::core::mufu
