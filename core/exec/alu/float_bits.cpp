#include "core/exec/alu/float_bits.hpp"

#include <bit>
#include <cmath>

namespace ws::core::fp {
namespace {

// Where the discarded part of a rounding lies relative to half an ulp.
enum class Rest : std::uint8_t { Zero, BelowHalf, Half, AboveHalf };

// x rounded to a multiple of 2^q, as the integer multiple.
std::uint64_t roundAt(const Exact& x, int q, RoundMode m) {
  const int shift = q - x.exp;
  std::uint64_t kept = 0;
  Rest rest = Rest::Zero;
  if (shift <= 0) {
    kept = x.sig << -shift;  // callers keep the result within 64 bits
    rest = x.sticky ? Rest::BelowHalf : Rest::Zero;
  } else if (shift <= 64) {
    kept = shift == 64 ? 0 : x.sig >> shift;
    const std::uint64_t rem = shift == 64 ? x.sig : x.sig & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (rem == 0)
      rest = x.sticky ? Rest::BelowHalf : Rest::Zero;
    else if (rem < half)
      rest = Rest::BelowHalf;
    else if (rem == half)
      rest = x.sticky ? Rest::AboveHalf : Rest::Half;
    else
      rest = Rest::AboveHalf;
  } else {
    rest = Rest::BelowHalf;  // 0 < x < 2^(q-1)
  }
  bool up = false;
  switch (m) {
    case RoundMode::NearestEven:
      up = rest == Rest::AboveHalf || (rest == Rest::Half && (kept & 1));
      break;
    case RoundMode::NearestAway:
      up = rest == Rest::AboveHalf || rest == Rest::Half;
      break;
    case RoundMode::TowardZero:
      up = false;
      break;
    case RoundMode::Up:
      up = !x.neg && rest != Rest::Zero;
      break;
    case RoundMode::Down:
      up = x.neg && rest != Rest::Zero;
      break;
  }
  return kept + (up ? 1 : 0);
}

std::uint64_t overflow(bool neg, Format f, RoundMode m) {
  const std::uint64_t sign = neg ? f.signBit() : 0;
  bool toInf = true;
  switch (m) {
    case RoundMode::NearestEven:
    case RoundMode::NearestAway:
      toInf = true;
      break;
    case RoundMode::TowardZero:
      toInf = false;
      break;
    case RoundMode::Up:
      toInf = !neg;
      break;
    case RoundMode::Down:
      toInf = neg;
      break;
  }
  if (toInf && f.noInf) return sign | f.expMask() | f.manMask();  // E4M3 has no infinity: NaN
  return sign | (toInf ? f.infBits() : f.maxFinite());
}

}  // namespace

double toDouble(std::uint64_t bits, Format f) {
  if (f == kF64) return std::bit_cast<double>(bits);
  const bool neg = signOf(bits, f);
  const int e = static_cast<int>((bits & f.expMask()) >> f.manBits);
  const std::uint64_t man = bits & f.manMask();
  double v = 0;
  if (e == (1 << f.expBits) - 1 && !(f.noInf && man != f.manMask())) {
    v = man == 0 && !f.noInf ? INFINITY : std::nan("");
  } else if (e == 0) {
    v = std::ldexp(static_cast<double>(man), f.emin() - f.manBits);
  } else {
    v = std::ldexp(static_cast<double>(man | (std::uint64_t{1} << f.manBits)), e - f.bias() - f.manBits);
  }
  return neg ? -v : v;
}

std::uint64_t roundPack(const Exact& x, Format f, RoundMode m, bool ftz) {
  const std::uint64_t sign = x.neg ? f.signBit() : 0;
  if (x.sig == 0) return sign;                             // only a sticky remainder cannot occur; treat as zero
  const int top = x.exp + (63 - std::countl_zero(x.sig));  // exponent of the leading bit
  const int p = f.manBits + 1;
  if (ftz && top < f.emin()) {
    // Tiny unless rounding to p bits with an unbounded exponent carries the
    // value up to exactly 2^emin.
    bool tiny = true;
    if (top == f.emin() - 1) tiny = roundAt(x, top - f.manBits, m) != (std::uint64_t{1} << p);
    if (tiny) return sign;
  }
  const int q = (top > f.emin() ? top : f.emin()) - f.manBits;
  std::uint64_t kept = roundAt(x, q, m);
  if (kept == 0) return sign;
  if (top < f.emin()) return sign | kept;  // subnormal; kept == 2^manBits encodes the smallest normal
  int e = top;
  if (kept == (std::uint64_t{1} << p)) {
    kept >>= 1;
    ++e;
  }
  if (e > f.emax()) return overflow(x.neg, f, m);
  const std::uint64_t r = sign | (static_cast<std::uint64_t>(e + f.bias()) << f.manBits) | (kept & f.manMask());
  if (f.noInf && isNaN(r, f)) return overflow(x.neg, f, m);  // rounded up past the largest finite value
  return r;
}

Exact exactOf(double v, int tail) {
  const std::uint64_t b = std::bit_cast<std::uint64_t>(v);
  const int e = static_cast<int>((b >> 52) & 0x7ff);
  Exact x;
  x.neg = (b >> 63) != 0;
  x.sig = b & 0xfffffffffffffull;
  if (e == 0) {
    x.exp = -1074;
  } else {
    x.sig |= std::uint64_t{1} << 52;
    x.exp = e - 1075;
  }
  // Two guard bits: v - t with 0 < t < half an ulp lies strictly between
  // (4 sig - 1) * 2^(exp-2) and v, which is all a rounding needs to know.
  x.sig <<= 2;
  x.exp -= 2;
  const bool awayFromZero = x.neg ? tail < 0 : tail > 0;
  if (tail != 0) {
    x.sticky = true;
    if (!awayFromZero) x.sig -= 1;
  }
  return x;
}

std::uint64_t fromDouble(double v, int tail, Format f, RoundMode m, bool ftz) {
  if (std::isinf(v)) return (v < 0 ? f.signBit() : 0) | f.infBits();
  if (v == 0 && tail == 0) return std::signbit(v) ? f.signBit() : 0;
  return roundPack(exactOf(v, tail), f, m, ftz);
}

Sum twoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (b - bb);
  return {s, err > 0 ? 1 : (err < 0 ? -1 : 0)};
}

std::uint64_t fromInteger(std::uint64_t magnitude, bool neg, Format f, RoundMode m) {
  if (magnitude == 0) return 0;
  Exact x;
  x.neg = neg;
  x.sig = magnitude;
  x.exp = 0;
  return roundPack(x, f, m, false);
}

std::uint64_t convert(std::uint64_t bits, Format from, Format to, RoundMode m, bool ftzIn, bool ftzOut) {
  const bool neg = signOf(bits, from);
  if (isInf(bits, from)) {
    if (to.noInf) return (neg ? to.signBit() : 0) | to.expMask() | to.manMask();  // E4M3: NaN
    return (neg ? to.signBit() : 0) | to.infBits();
  }
  if (ftzIn) bits = flushSubnormal(bits, from);
  if (isZero(bits, from)) return neg ? to.signBit() : 0;
  return roundPack(exactOf(toDouble(bits, from), 0), to, m, ftzOut);
}

double roundIntegral(double v, RoundMode m) {
  if (!std::isfinite(v) || std::fabs(v) >= 4503599627370496.0) return v;  // 2^52: already integral
  const double t = std::trunc(v);
  const double frac = v - t;  // exact
  double r = t;
  switch (m) {
    case RoundMode::NearestEven:
      if (std::fabs(frac) > 0.5 || (std::fabs(frac) == 0.5 && std::fmod(t, 2.0) != 0)) r = t + (v < 0 ? -1 : 1);
      break;
    case RoundMode::NearestAway:
      if (std::fabs(frac) >= 0.5) r = t + (v < 0 ? -1 : 1);
      break;
    case RoundMode::TowardZero:
      break;
    case RoundMode::Down:
      if (frac < 0) r = t - 1;
      break;
    case RoundMode::Up:
      if (frac > 0) r = t + 1;
      break;
  }
  return r == 0 ? std::copysign(0.0, v) : r;
}

std::uint64_t toInteger(std::uint64_t bits, Format f, RoundMode m, int dstBits, bool dstSigned, bool ftz) {
  const std::uint64_t topBit = std::uint64_t{1} << (dstBits - 1);
  if (isNaN(bits, f)) {
    if (!(f == kF64 || dstBits == 64)) return 0;
    return dstSigned ? ~(topBit - 1) : topBit;  // 0x80..0, sign-extended when signed
  }
  if (ftz) bits = flushSubnormal(bits, f);
  const double r = roundIntegral(toDouble(bits, f), m);
  // Range limits as exact doubles: [-2^(n-1), 2^(n-1)) signed, [0, 2^n) unsigned.
  const double limit = std::ldexp(1.0, dstSigned ? dstBits - 1 : dstBits);
  if (dstSigned) {
    if (r >= limit) return topBit - 1;
    if (r <= -limit) return ~(topBit - 1);
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(r));
  }
  if (r >= limit) return dstBits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << dstBits) - 1;
  if (r <= 0) return 0;
  return static_cast<std::uint64_t>(r);
}

std::uint64_t saturate(std::uint64_t bits, Format f) {
  if (isNaN(bits, f) || signOf(bits, f)) return 0;
  return bits > f.oneBits() ? f.oneBits() : bits;  // positive: bit order is numeric order
}

std::uint64_t relu(std::uint64_t bits, Format f) {
  if (isNaN(bits, f)) return canonicalNaN(f);
  return signOf(bits, f) ? 0 : bits;
}

}  // namespace ws::core::fp
