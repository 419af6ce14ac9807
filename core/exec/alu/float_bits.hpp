#pragma once
// IEEE binary formats as raw register bits (f16, bf16, f32, f64) and exact
// rounding between them, in software: every conversion and every correctly
// rounded f16/bf16/f32 operation ends in roundPack(), which rounds an exact
// value (or an exact value plus a sticky remainder) once, in any PTX rounding
// mode, with subnormals, overflow and flush-to-zero as an H100 does them.
// No host floating-point environment is involved, so results never depend on
// the host's rounding mode or on double rounding.
#include <cstdint>

#include "core/exec/alu/rounding.hpp"

namespace ws::core::fp {

struct Format {
  int expBits;
  int manBits;
  // OCP FP8 E4M3 ("fn"): no infinities; the all-ones exponent holds finite
  // values, and only S.1111.111 is NaN (max 448). Everything else is IEEE-like.
  bool noInf = false;

  constexpr int width() const { return 1 + expBits + manBits; }
  constexpr int bias() const { return (1 << (expBits - 1)) - 1; }
  constexpr int emin() const { return 1 - bias(); }  // exponent of the smallest normal number
  constexpr int emax() const { return noInf ? bias() + 1 : bias(); }
  constexpr std::uint64_t signBit() const { return std::uint64_t{1} << (width() - 1); }
  constexpr std::uint64_t manMask() const { return (std::uint64_t{1} << manBits) - 1; }
  constexpr std::uint64_t expMask() const { return ((std::uint64_t{1} << expBits) - 1) << manBits; }
  constexpr std::uint64_t infBits() const { return expMask(); }  // (noInf formats: not a value)
  constexpr std::uint64_t maxFinite() const {
    return noInf ? expMask() | (manMask() - 1) : expMask() - (std::uint64_t{1} << manBits) + manMask();
  }
  constexpr std::uint64_t quietBit() const { return std::uint64_t{1} << (manBits - 1); }
  constexpr std::uint64_t oneBits() const { return static_cast<std::uint64_t>(bias()) << manBits; }
  constexpr bool operator==(const Format&) const = default;
};

inline constexpr Format kF16{5, 10};
inline constexpr Format kBF16{8, 7};
inline constexpr Format kF32{8, 23};
inline constexpr Format kF64{11, 52};
inline constexpr Format kE4M3{4, 3, true};  // cvt .e4m3x2 elements (PTX ISA 5.2.5.1)
inline constexpr Format kE5M2{5, 2};        // cvt .e5m2x2 elements

constexpr bool signOf(std::uint64_t b, Format f) { return (b & f.signBit()) != 0; }
constexpr bool isNaN(std::uint64_t b, Format f) {
  if (f.noInf) return (b & ~f.signBit()) == (f.expMask() | f.manMask());
  return (b & f.expMask()) == f.expMask() && (b & f.manMask()) != 0;
}
constexpr bool isInf(std::uint64_t b, Format f) { return !f.noInf && (b & ~f.signBit()) == f.expMask(); }
constexpr bool isZero(std::uint64_t b, Format f) { return (b & ~f.signBit()) == 0; }
constexpr bool isSubnormal(std::uint64_t b, Format f) { return (b & f.expMask()) == 0 && (b & f.manMask()) != 0; }
// .ftz on an input: a subnormal becomes a zero of the same sign.
constexpr std::uint64_t flushSubnormal(std::uint64_t b, Format f) { return isSubnormal(b, f) ? (b & f.signBit()) : b; }
constexpr std::uint64_t quieted(std::uint64_t b, Format f) { return b | f.quietBit(); }

// The NaN an H100 writes for a NaN result of an f32, f16 or bf16 operation
// (0x7fffffff, 0x7fff: the PTX ISA's canonical NaN), and the one an f64
// operation creates from non-NaN operands (inf - inf, 0 / 0, sqrt(-1)):
// 0xfff8000000000000, as recorded on an H100 (tests/data/hw/golden-alu.json).
constexpr std::uint64_t canonicalNaN(Format f) { return f == kF64 ? 0xfff8000000000000ull : f.signBit() - 1; }

// Exact value of finite bits (any of the four formats fits in a double).
double toDouble(std::uint64_t bits, Format f);

// A finite, nonzero magnitude sig * 2^exp; `sticky` adds a positive amount
// smaller than 2^exp (an inexact remainder that only breaks ties).
struct Exact {
  bool neg = false;
  int exp = 0;
  std::uint64_t sig = 0;
  bool sticky = false;
};

// Rounds once to format f in mode m. With ftz, a result that is tiny after
// rounding to f's precision with an unbounded exponent (IEEE "tininess after
// rounding", which is what the H100 does: see float_bits_test) becomes a zero
// of its sign. Overflow gives infinity or the largest finite value as the
// mode says.
std::uint64_t roundPack(const Exact& x, Format f, RoundMode m, bool ftz);

// The exact value v + t, where t is a remainder smaller than half an ulp of v
// whose sign is `tail` (-1, 0, +1); v finite and nonzero. Error-free
// transformations (twoSum, fma remainders) produce such pairs.
Exact exactOf(double v, int tail);

// v + tail rounded to f. v may be zero (then tail must be 0: the zero keeps
// its sign) or infinite (an exact infinity); not NaN.
std::uint64_t fromDouble(double v, int tail, Format f, RoundMode m, bool ftz);

// s = a + b rounded to nearest, and the sign of the exact error (a + b) - s.
struct Sum {
  double s;
  int tail;
};
Sum twoSum(double a, double b);

// Integer magnitude with sign, rounded to f (an exact zero is +0).
std::uint64_t fromInteger(std::uint64_t magnitude, bool neg, Format f, RoundMode m);

// Float to float conversion of a non-NaN value (infinities and zeros keep
// their sign); ftzIn/ftzOut flush subnormal inputs / tiny results.
std::uint64_t convert(std::uint64_t bits, Format from, Format to, RoundMode m, bool ftzIn, bool ftzOut);

// A finite double rounded to an integral value in mode m; the sign of a zero
// result is the sign of v (IEEE roundToIntegral).
double roundIntegral(double v, RoundMode m);

// Float (any format) to an integer of dstBits (8..64) bits, rounded in mode m
// and saturated to the destination range (PTX cvt: "float-to-integer
// conversions saturate"). NaN gives 0 for f32/f16/bf16 sources into <= 32-bit
// integers and 0x80..0 of the destination width for f64 sources or 64-bit
// destinations (measured on an H100). Signed results come back sign-extended
// to 64 bits.
std::uint64_t toInteger(std::uint64_t bits, Format f, RoundMode m, int dstBits, bool dstSigned, bool ftz);

// Saturation (.sat): NaN -> +0, results clamped to [+0.0, 1.0] (-0.0 -> +0.0).
std::uint64_t saturate(std::uint64_t bits, Format f);
// .relu: negative results (and -0.0) -> +0.0, NaN -> the canonical NaN.
std::uint64_t relu(std::uint64_t bits, Format f);

}  // namespace ws::core::fp
