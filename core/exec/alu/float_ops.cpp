#include "core/exec/alu/float_ops.hpp"

#include <bit>
#include <cmath>
#include <initializer_list>

#include "core/exec/alu/f64_fenv.hpp"

namespace ws::core::fp {
namespace {

std::uint64_t signedZero(bool neg, Format f) { return neg ? f.signBit() : 0; }
std::uint64_t signedInf(bool neg, Format f) { return signedZero(neg, f) | f.infBits(); }
double asDouble(std::uint64_t b) { return std::bit_cast<double>(b); }
std::uint64_t bitsOf(double d) { return std::bit_cast<std::uint64_t>(d); }
int signum(double d) { return d > 0 ? 1 : (d < 0 ? -1 : 0); }

// The NaN result when one of `ops` (in priority order) is a NaN.
bool nanOperand(Format f, std::initializer_list<std::uint64_t> ops, std::uint64_t& out) {
  for (std::uint64_t x : ops) {
    if (isNaN(x, f)) {
      out = f == kF64 ? quieted(x, f) : canonicalNaN(f);
      return true;
    }
  }
  return false;
}

std::uint64_t flushIf(bool ftz, std::uint64_t x, Format f) { return ftz && f != kF64 ? flushSubnormal(x, f) : x; }

// Sign of an exactly zero sum of operands with signs sa and sb (IEEE 754
// 6.3): -0 only when both are negative, or in round-down when they differ.
bool zeroSumNegative(bool sa, bool sb, RoundMode m) { return (sa && sb) || (m == RoundMode::Down && (sa || sb)); }

// f16/bf16/f32 sum of exact doubles, rounded once.
std::uint64_t roundedSum(Format f, double x, bool sx, double y, bool sy, Env e) {
  if (std::isinf(x) || std::isinf(y)) {
    if (std::isinf(x) && std::isinf(y) && (x < 0) != (y < 0)) return canonicalNaN(f);
    return signedInf(std::isinf(x) ? x < 0 : y < 0, f);
  }
  const Sum s = twoSum(x, y);
  if (s.s == 0 && s.tail == 0) return signedZero(zeroSumNegative(sx, sy, e.mode), f);
  return fromDouble(s.s, s.tail, f, e.mode, e.ftz);
}

}  // namespace

std::uint64_t add(Format f, std::uint64_t a, std::uint64_t b, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {b, a}, nan)) return nan;
  if (f == kF64) return bitsOf(f64Add(asDouble(a), asDouble(b), e.mode));
  a = flushIf(e.ftz, a, f);
  b = flushIf(e.ftz, b, f);
  return roundedSum(f, toDouble(a, f), signOf(a, f), toDouble(b, f), signOf(b, f), e);
}

std::uint64_t sub(Format f, std::uint64_t a, std::uint64_t b, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {b, a}, nan)) return nan;
  return add(f, a, b ^ f.signBit(), e);
}

std::uint64_t mul(Format f, std::uint64_t a, std::uint64_t b, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {b, a}, nan)) return nan;
  if (f == kF64) return bitsOf(f64Mul(asDouble(a), asDouble(b), e.mode));
  a = flushIf(e.ftz, a, f);
  b = flushIf(e.ftz, b, f);
  const bool neg = signOf(a, f) != signOf(b, f);
  if ((isInf(a, f) && isZero(b, f)) || (isZero(a, f) && isInf(b, f))) return canonicalNaN(f);
  if (isInf(a, f) || isInf(b, f)) return signedInf(neg, f);
  if (isZero(a, f) || isZero(b, f)) return signedZero(neg, f);
  // Two <= 24-bit significands: the product is exact in a double.
  return fromDouble(toDouble(a, f) * toDouble(b, f), 0, f, e.mode, e.ftz);
}

std::uint64_t fma(Format f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {b, c, a}, nan)) return nan;
  if (f == kF64) return bitsOf(f64Fma(asDouble(a), asDouble(b), asDouble(c), e.mode));
  a = flushIf(e.ftz, a, f);
  b = flushIf(e.ftz, b, f);
  c = flushIf(e.ftz, c, f);
  if ((isInf(a, f) && isZero(b, f)) || (isZero(a, f) && isInf(b, f))) return canonicalNaN(f);
  const double p = toDouble(a, f) * toDouble(b, f);  // exact, or an exact infinity
  return roundedSum(f, p, signOf(a, f) != signOf(b, f), toDouble(c, f), signOf(c, f), e);
}

std::uint64_t div(Format f, std::uint64_t a, std::uint64_t b, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {a, b}, nan)) return nan;
  if (f == kF64) return bitsOf(f64Div(asDouble(a), asDouble(b), e.mode));
  a = flushIf(e.ftz, a, f);
  b = flushIf(e.ftz, b, f);
  const bool neg = signOf(a, f) != signOf(b, f);
  if ((isZero(a, f) && isZero(b, f)) || (isInf(a, f) && isInf(b, f))) return canonicalNaN(f);
  if (isInf(a, f) || isZero(b, f)) return signedInf(neg, f);
  if (isZero(a, f) || isInf(b, f)) return signedZero(neg, f);
  const double x = toDouble(a, f), y = toDouble(b, f);
  const double q = x / y;
  // a - q b is exact for f32-sized operands, and q + r / b is the quotient.
  const double r = std::fma(-q, y, x);
  return fromDouble(q, signum(r) * signum(y), f, e.mode, e.ftz);
}

std::uint64_t sqrt(Format f, std::uint64_t a, Env e) {
  std::uint64_t nan = 0;
  if (nanOperand(f, {a}, nan)) return nan;
  if (f == kF64) {
    if (!isZero(a, f) && signOf(a, f)) return canonicalNaN(f);
    return bitsOf(f64Sqrt(asDouble(a), e.mode));
  }
  a = flushIf(e.ftz, a, f);
  if (isZero(a, f)) return a;
  if (signOf(a, f)) return canonicalNaN(f);
  if (isInf(a, f)) return a;
  const double x = toDouble(a, f);
  const double s = std::sqrt(x);
  const double r = std::fma(-s, s, x);  // exact remainder
  return fromDouble(s, signum(r), f, e.mode, e.ftz);
}

std::uint64_t minMax(Format f, std::uint64_t a, std::uint64_t b, bool isMax, bool nanProp, bool ftz) {
  a = flushIf(ftz, a, f);
  b = flushIf(ftz, b, f);
  const bool an = isNaN(a, f), bn = isNaN(b, f);
  if (an && bn) return f == kF64 ? quieted(b, f) : canonicalNaN(f);
  if (nanProp && (an || bn)) return canonicalNaN(f);
  if (an) return b;
  if (bn) return a;
  const double x = toDouble(a, f), y = toDouble(b, f);
  if (x == y) {  // equal values, or +0 and -0: min takes the negative one
    const bool aFirst = signOf(a, f) != isMax;
    return aFirst ? a : b;
  }
  return (x < y) != isMax ? a : b;
}

std::uint64_t minMaxXorsignAbs(Format f, std::uint64_t a, std::uint64_t b, bool isMax, bool nanProp, bool ftz) {
  const std::uint64_t r = minMax(f, a & ~f.signBit(), b & ~f.signBit(), isMax, nanProp, ftz);
  return isNaN(r, f) ? r : r | ((a ^ b) & f.signBit());
}

std::uint64_t negate(Format f, std::uint64_t a, bool ftz) {
  if (isNaN(a, f)) return f == kF64 ? quieted(a, f) : canonicalNaN(f);
  return flushIf(ftz, a, f) ^ f.signBit();
}

std::uint64_t absolute(Format f, std::uint64_t a, bool ftz) {
  if (isNaN(a, f)) return f == kF64 ? quieted(a, f) : canonicalNaN(f);
  return flushIf(ftz, a, f) & ~f.signBit();
}

}  // namespace ws::core::fp
