#include "core/exec/memory/atomic_ops.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace ws::core::atomics {
namespace {

// Round a finite or infinite double to a binary format with `mantBits`
// stored significand bits and `expBits` exponent bits (f16: 10/5, bf16: 7/8),
// to nearest even, with subnormals. The caller handles NaN.
std::uint16_t roundToNarrow(double x, int mantBits, int expBits) {
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const int bias = (1 << (expBits - 1)) - 1;
  const int emin = 1 - bias;
  const int emax = bias;
  const auto infBits = static_cast<std::uint16_t>(sign | (((1 << expBits) - 1) << mantBits));
  const double a = std::fabs(x);
  if (a == 0.0) return sign;
  if (std::isinf(a)) return infBits;
  int e = 0;
  std::frexp(a, &e);                       // a = f * 2^e, f in [0.5, 1)
  int exp = std::max(e - 1, emin);         // binade of a, clamped to the subnormal range
  const double quantum = std::ldexp(1.0, exp - mantBits);
  const double n = a / quantum;            // exact: scaling by a power of two
  double whole = std::floor(n);
  const double frac = n - whole;
  if (frac > 0.5 || (frac == 0.5 && std::fmod(whole, 2.0) != 0.0)) whole += 1.0;
  auto mant = static_cast<std::uint32_t>(whole);
  if (mant >= (2u << mantBits)) {          // rounding carried into the next binade
    mant >>= 1;
    ++exp;
  }
  if (exp > emax) return infBits;
  if (mant < (1u << mantBits)) return static_cast<std::uint16_t>(sign | mant);  // subnormal (exp == emin)
  return static_cast<std::uint16_t>(sign | (static_cast<std::uint32_t>(exp + bias) << mantBits) |
                                    (mant - (1u << mantBits)));
}

// min/max of two narrow floats decoded to double. NaN operands are ignored
// (both NaN gives the canonical NaN) and -0 orders below +0, as min/max.f16
// do (PTX ISA 9.7.4.x).
bool pickFirst(Mod op, double a, double b) {
  if (a == b) return (op == Mod::Min) == std::signbit(a);
  return op == Mod::Min ? a < b : a > b;
}

template <class Decode, class Encode>
std::uint16_t narrowOp(Mod op, std::uint16_t old, std::uint16_t b, Decode decode, Encode encode, std::uint16_t nan) {
  const double x = decode(old), y = decode(b);
  if (op == Mod::Add) {
    const double sum = x + y;  // exact for f16; correctly rounded (innocuous double rounding) for bf16
    return std::isnan(sum) ? nan : encode(sum);
  }
  // Min/Max
  if (std::isnan(x) && std::isnan(y)) return nan;
  if (std::isnan(x)) return b;
  if (std::isnan(y)) return old;
  return pickFirst(op, x, y) ? old : b;
}

std::uint16_t halfOp(Mod op, DataType t, std::uint16_t old, std::uint16_t b) {
  if (t == DataType::F16 || t == DataType::F16x2)
    return narrowOp(op, old, b, halfToDouble, doubleToHalf, kHalfNaN);
  return narrowOp(op, old, b, bf16ToDouble, doubleToBf16, kBf16NaN);
}

template <class U>
std::uint64_t integerOp(const ElementArgs& a, std::uint64_t oldBits) {
  using S = std::make_signed_t<U>;
  const auto o = static_cast<U>(oldBits);
  const auto v = static_cast<U>(a.b);
  const bool isSignedType = isSigned(a.type);
  switch (a.op) {
    case Mod::And: return static_cast<U>(o & v);
    case Mod::Or: return static_cast<U>(o | v);
    case Mod::Xor: return static_cast<U>(o ^ v);
    case Mod::Add: return static_cast<U>(o + v);  // unsigned: wraps, same bits for .s types
    case Mod::Inc: return o >= v ? U{0} : static_cast<U>(o + 1);
    case Mod::Dec: return (o == 0 || o > v) ? v : static_cast<U>(o - 1);
    case Mod::Min:
      if (isSignedType) return static_cast<U>(std::min(static_cast<S>(o), static_cast<S>(v)));
      return std::min(o, v);
    case Mod::Max:
      if (isSignedType) return static_cast<U>(std::max(static_cast<S>(o), static_cast<S>(v)));
      return std::max(o, v);
    case Mod::Exch: return v;
    case Mod::Cas: return o == v ? static_cast<U>(a.c) : o;
    default: return o;
  }
}

std::uint64_t f32Add(std::uint32_t oldBits, std::uint32_t b, bool flush) {
  if (flush) {
    oldBits = flushF32(oldBits);
    b = flushF32(b);
  }
  const float r = std::bit_cast<float>(oldBits) + std::bit_cast<float>(b);
  if (std::isnan(r)) return kF32NaN;
  const auto bits = std::bit_cast<std::uint32_t>(r);
  return flush ? flushF32(bits) : bits;
}

std::uint64_t f64Add(std::uint64_t oldBits, std::uint64_t b, bool global) {
  const double x = std::bit_cast<double>(oldBits), y = std::bit_cast<double>(b);
  if (std::isnan(x) || std::isnan(y)) {
    const std::uint64_t nan = std::isnan(x) ? oldBits : b;
    constexpr std::uint64_t kQuiet = 1ull << 51;
    return global ? nan : (nan | kQuiet);
  }
  const double r = x + y;
  return std::isnan(r) ? kF64NaN : std::bit_cast<std::uint64_t>(r);
}

bool isInt32(DataType t) { return t == DataType::B32 || t == DataType::U32 || t == DataType::S32; }
bool isInt64(DataType t) { return t == DataType::B64 || t == DataType::U64 || t == DataType::S64; }
bool isHalfLike(DataType t) {
  return t == DataType::F16 || t == DataType::BF16 || t == DataType::F16x2 || t == DataType::BF16x2;
}

}  // namespace

double halfToDouble(std::uint16_t h) {
  const int e = (h >> 10) & 0x1f;
  const int m = h & 0x3ff;
  double v = 0.0;
  if (e == 0) v = std::ldexp(m, -24);
  else if (e == 31) v = m != 0 ? std::nan("") : INFINITY;
  else v = std::ldexp(m + 1024, e - 25);
  return (h & 0x8000) ? -v : v;
}

std::uint16_t doubleToHalf(double x) { return std::isnan(x) ? kHalfNaN : roundToNarrow(x, 10, 5); }

double bf16ToDouble(std::uint16_t h) {
  return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16));
}

std::uint16_t doubleToBf16(double x) { return std::isnan(x) ? kBf16NaN : roundToNarrow(x, 7, 8); }

std::uint32_t flushF32(std::uint32_t bits) {
  const bool subnormal = (bits & 0x7f800000u) == 0 && (bits & 0x007fffffu) != 0;
  return subnormal ? (bits & 0x80000000u) : bits;
}

bool opValid(Mod op, DataType t) {
  const bool int32 = isInt32(t), int64 = isInt64(t);
  switch (op) {
    case Mod::And: case Mod::Or: case Mod::Xor: return int32 || int64;
    case Mod::Add: return int32 || int64 || t == DataType::F32 || t == DataType::F64 || isHalfLike(t);
    case Mod::Inc: case Mod::Dec: return t == DataType::U32 || t == DataType::U64;
    case Mod::Min: case Mod::Max: return ((int32 || int64) && typeClass(t) != TypeClass::Bits) || isHalfLike(t);
    case Mod::Exch: return int32 || int64 || t == DataType::B128;
    case Mod::Cas: return int32 || int64 || t == DataType::B16 || t == DataType::B128;
    default: return false;
  }
}

bool vectorFormValid(Mod op, DataType t, int vec) {
  const bool addMinMax = op == Mod::Add || op == Mod::Min || op == Mod::Max;
  switch (t) {
    case DataType::F32: return op == Mod::Add && (vec == 2 || vec == 4);
    case DataType::F16: case DataType::BF16: return addMinMax && (vec == 2 || vec == 4 || vec == 8);
    case DataType::F16x2: case DataType::BF16x2: return addMinMax && (vec == 2 || vec == 4);
    default: return false;
  }
}

std::uint64_t apply(const ElementArgs& a, std::uint64_t old) {
  switch (a.type) {
    case DataType::F32:
      if (a.op == Mod::Add) return f32Add(static_cast<std::uint32_t>(old), static_cast<std::uint32_t>(a.b), a.global);
      return old;
    case DataType::F64:
      if (a.op == Mod::Add) return f64Add(old, a.b, a.global);
      return old;
    case DataType::F16: case DataType::BF16:
      return halfOp(a.op, a.type, static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(a.b));
    case DataType::F16x2: case DataType::BF16x2: {
      // Each half separately (per-element atomicity, 9.7.13.5).
      const std::uint64_t lo = halfOp(a.op, a.type, static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(a.b));
      const std::uint64_t hi =
          halfOp(a.op, a.type, static_cast<std::uint16_t>(old >> 16), static_cast<std::uint16_t>(a.b >> 16));
      return lo | (hi << 16);
    }
    case DataType::B16: return integerOp<std::uint16_t>(a, old);
    default: break;
  }
  if (isInt32(a.type)) return integerOp<std::uint32_t>(a, old);
  return integerOp<std::uint64_t>(a, old);
}

}  // namespace ws::core::atomics
