// The software rounding core (float_bits) and the correctly rounded
// operations (float_ops), checked against values worked out by hand: ties,
// every rounding mode, subnormals, overflow, flush-to-zero, NaN rules.
#include "core/exec/alu/float_bits.hpp"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>

#include "core/exec/alu/float_ops.hpp"

namespace {

using namespace ws::core;
using namespace ws::core::fp;

constexpr RoundMode kRn = RoundMode::NearestEven, kRz = RoundMode::TowardZero, kRm = RoundMode::Down,
                    kRp = RoundMode::Up, kRna = RoundMode::NearestAway;

std::uint64_t h(double v, RoundMode m = kRn, bool ftz = false) { return fromDouble(v, 0, kF16, m, ftz); }

TEST(FloatBits, FormatsDecodeExactly) {
  EXPECT_EQ(toDouble(0x3c00, kF16), 1.0);
  EXPECT_EQ(toDouble(0x0001, kF16), std::ldexp(1.0, -24));  // smallest f16 subnormal
  EXPECT_EQ(toDouble(0x7bff, kF16), 65504.0);               // largest f16
  EXPECT_EQ(toDouble(0xc000, kF16), -2.0);
  EXPECT_EQ(toDouble(0x3f80, kBF16), 1.0);
  EXPECT_EQ(toDouble(0x0001, kBF16), std::ldexp(1.0, -133));  // smallest bf16 subnormal
  EXPECT_EQ(toDouble(0x00000001, kF32), std::ldexp(1.0, -149));
  EXPECT_TRUE(std::isinf(toDouble(0xfc00, kF16)));
  EXPECT_EQ(canonicalNaN(kF32), 0x7fffffffu);
  EXPECT_EQ(canonicalNaN(kF16), 0x7fffu);
  EXPECT_EQ(canonicalNaN(kBF16), 0x7fffu);
  EXPECT_EQ(canonicalNaN(kF64), 0xfff8000000000000ull);
  EXPECT_EQ(kF16.maxFinite(), 0x7bffu);
  EXPECT_EQ(kBF16.maxFinite(), 0x7f7fu);
}

TEST(FloatBits, F16RoundingTiesAndModes) {
  const double ulp = std::ldexp(1.0, -10);  // f16 ulp at 1.0
  // 1 + ulp/2 is halfway between 0x3c00 and 0x3c01: ties go to the even 0x3c00.
  EXPECT_EQ(h(1 + ulp / 2), 0x3c00u);
  EXPECT_EQ(h(1 + 3 * ulp / 2), 0x3c02u);    // halfway between 0x3c01 and 0x3c02: even is 0x3c02
  EXPECT_EQ(h(1 + ulp / 2, kRna), 0x3c01u);  // ties away from zero
  EXPECT_EQ(h(1 + ulp / 4, kRz), 0x3c00u);
  EXPECT_EQ(h(1 + ulp / 4, kRp), 0x3c01u);
  EXPECT_EQ(h(1 + ulp / 4, kRm), 0x3c00u);
  EXPECT_EQ(h(-1 - ulp / 4, kRm), 0xbc01u);
  EXPECT_EQ(h(-1 - ulp / 4, kRp), 0xbc00u);
  EXPECT_EQ(h(-1 - ulp / 4, kRz), 0xbc00u);
}

TEST(FloatBits, F16OverflowPerMode) {
  // 65520 is halfway between 65504 (max) and 65536 (the first value past it):
  // it rounds to infinity to nearest; directed modes stop at the max toward zero.
  EXPECT_EQ(h(65520.0), 0x7c00u);
  EXPECT_EQ(h(65519.99), 0x7bffu);
  EXPECT_EQ(h(65520.0, kRz), 0x7bffu);
  EXPECT_EQ(h(65520.0, kRm), 0x7bffu);
  EXPECT_EQ(h(65520.0, kRp), 0x7c00u);
  EXPECT_EQ(h(-65520.0, kRm), 0xfc00u);
  EXPECT_EQ(h(-65520.0, kRp), 0xfbffu);
  EXPECT_EQ(h(1e10, kRz), 0x7bffu);
}

TEST(FloatBits, F16Subnormals) {
  const double tiny = std::ldexp(1.0, -24);  // 0x0001
  EXPECT_EQ(h(tiny), 0x0001u);
  EXPECT_EQ(h(tiny / 2), 0x0000u);   // halfway between 0 and 0x0001: even is 0
  EXPECT_EQ(h(-tiny / 2), 0x8000u);  // sign kept
  EXPECT_EQ(h(tiny * 0.75), 0x0001u);
  EXPECT_EQ(h(tiny * 1.5), 0x0002u);  // halfway between 1 and 2: even is 2
  EXPECT_EQ(h(std::ldexp(1.0, -30), kRp), 0x0001u);
  EXPECT_EQ(h(-std::ldexp(1.0, -30), kRm), 0x8001u);
  EXPECT_EQ(h(std::ldexp(1.0, -30), kRz), 0x0000u);
  // 1023.5 units rounds (tie, odd 1023) up into the smallest normal 0x0400.
  EXPECT_EQ(h(1023.5 * tiny), 0x0400u);
}

TEST(FloatBits, Bf16AndF32Rounding) {
  EXPECT_EQ(fromDouble(1 + std::ldexp(1.0, -8), 0, kBF16, kRn, false), 0x3f80u);  // tie to even
  EXPECT_EQ(fromDouble(1 + 3 * std::ldexp(1.0, -8), 0, kBF16, kRn, false), 0x3f82u);
  EXPECT_EQ(fromDouble(1 + std::ldexp(1.0, -24), 0, kF32, kRn, false), 0x3f800000u);  // tie to even
  // The same double with an exact remainder above or below it (twoSum tail).
  EXPECT_EQ(fromDouble(1 + std::ldexp(1.0, -24), +1, kF32, kRn, false), 0x3f800001u);
  EXPECT_EQ(fromDouble(1 + std::ldexp(1.0, -24), -1, kF32, kRn, false), 0x3f800000u);
  EXPECT_EQ(fromDouble(1.0, -1, kF32, kRz, false), 0x3f7fffffu);
  EXPECT_EQ(fromDouble(1.0, -1, kF32, kRn, false), 0x3f800000u);
  EXPECT_EQ(fromDouble(-1.0, +1, kF32, kRz, false), 0xbf7fffffu);
  EXPECT_EQ(fromDouble(1.0, +1, kF64, kRp, false), 0x3ff0000000000001ull);
  EXPECT_EQ(fromDouble(1.0, -1, kF64, kRm, false), 0x3fefffffffffffffull);
}

TEST(FloatBits, FlushToZeroIsTininessAfterRounding) {
  // (2^24 - 1) * 2^-150 has 24 bits: still below 2^-126 after rounding to 24
  // bits with an unbounded exponent, so .ftz flushes it (an H100 gives +0),
  // though rounding into the subnormal range would give 2^-126.
  const double a = std::ldexp(16777215.0, -150);
  EXPECT_EQ(fromDouble(a, 0, kF32, kRn, false), 0x00800000u);
  EXPECT_EQ(fromDouble(a, 0, kF32, kRn, true), 0x00000000u);
  EXPECT_EQ(fromDouble(-a, 0, kF32, kRn, true), 0x80000000u);
  // (2^25 - 1) * 2^-151 rounds to exactly 2^-126 at 24 bits: not tiny, kept.
  const double b = std::ldexp(33554431.0, -151);
  EXPECT_EQ(fromDouble(b, 0, kF32, kRn, true), 0x00800000u);
  EXPECT_EQ(fromDouble(b, 0, kF32, kRz, true), 0x00000000u);  // toward zero it stays tiny
}

TEST(FloatBits, RoundIntegralAndToInteger) {
  EXPECT_EQ(roundIntegral(2.5, kRn), 2.0);
  EXPECT_EQ(roundIntegral(3.5, kRn), 4.0);
  EXPECT_EQ(roundIntegral(-2.5, kRn), -2.0);
  EXPECT_EQ(roundIntegral(-2.5, kRm), -3.0);
  EXPECT_EQ(roundIntegral(2.1, kRp), 3.0);
  EXPECT_EQ(roundIntegral(-2.9, kRz), -2.0);
  EXPECT_TRUE(std::signbit(roundIntegral(-0.3, kRn)));  // -0.3 rounds to -0
  const std::uint64_t f32Nan = 0x7fc00000, f64Nan = 0x7ff8000000000000ull;
  EXPECT_EQ(toInteger(f32Nan, kF32, kRz, 32, true, false), 0u);
  EXPECT_EQ(toInteger(f32Nan, kF32, kRz, 64, true, false), 0x8000000000000000ull);
  EXPECT_EQ(toInteger(f64Nan, kF64, kRz, 32, false, false), 0x80000000u);
  EXPECT_EQ(toInteger(0x4f400000, kF32, kRz, 32, true, false), 0x7fffffffu);           // 3 * 2^30 saturates
  EXPECT_EQ(toInteger(0xbf800000, kF32, kRz, 32, false, false), 0u);                   // -1 -> u32 0
  EXPECT_EQ(toInteger(0xc3000000, kF32, kRz, 8, true, false), 0xffffffffffffff80ull);  // -128 fits s8
  EXPECT_EQ(toInteger(0xc3010000, kF32, kRz, 8, true, false), 0xffffffffffffff80ull);  // -129 saturates
  EXPECT_EQ(toInteger(0x5f800000, kF32, kRz, 64, false, false), ~0ull);                // 2^64 saturates
  EXPECT_EQ(toInteger(0x40200000, kF32, kRn, 32, true, false), 2u);                    // 2.5 -> 2
}

TEST(FloatBits, SaturateAndRelu) {
  EXPECT_EQ(saturate(0x7fffffff, kF32), 0u);
  EXPECT_EQ(saturate(0x80000000, kF32), 0u);  // -0 -> +0
  EXPECT_EQ(saturate(0x40000000, kF32), 0x3f800000u);
  EXPECT_EQ(saturate(0x3f000000, kF32), 0x3f000000u);
  EXPECT_EQ(saturate(0x7f800000, kF32), 0x3f800000u);
  EXPECT_EQ(saturate(0x00000001, kF32), 0x00000001u);
  EXPECT_EQ(relu(0xbc00, kF16), 0u);
  EXPECT_EQ(relu(0x8000, kF16), 0u);
  EXPECT_EQ(relu(0x7e01, kF16), 0x7fffu);
  EXPECT_EQ(relu(0x3c00, kF16), 0x3c00u);
}

TEST(FloatBits, IntegersAndConversions) {
  EXPECT_EQ(fromInteger(16777217, false, kF32, kRn), 0x4b800000u);  // 2^24 + 1: tie to even
  EXPECT_EQ(fromInteger(16777217, false, kF32, kRp), 0x4b800001u);
  EXPECT_EQ(fromInteger(16777219, false, kF32, kRn), 0x4b800002u);  // tie, even is up
  EXPECT_EQ(fromInteger(~0ull, false, kF32, kRn), 0x5f800000u);     // 2^64 - 1 -> 2^64
  EXPECT_EQ(fromInteger(~0ull, false, kF32, kRz), 0x5f7fffffu);
  EXPECT_EQ(fromInteger(65520, false, kF16, kRn), 0x7c00u);
  EXPECT_EQ(fromInteger(1, true, kF16, kRn), 0xbc00u);
  EXPECT_EQ(fromInteger(0, false, kF32, kRn), 0u);
  EXPECT_EQ(convert(0x3f800001, kF32, kF16, kRn, false, false), 0x3c00u);
  EXPECT_EQ(convert(0x3f802000, kF32, kF16, kRn, false, false), 0x3c01u);
  EXPECT_EQ(convert(0x7f7fffff, kF32, kF16, kRz, false, false), 0x7bffu);
  EXPECT_EQ(convert(0x80000001, kF32, kF64, kRn, false, false), 0xb6a0000000000000ull);
  EXPECT_EQ(convert(0x80000001, kF32, kF64, kRn, true, false), 0x8000000000000000ull);    // .ftz input
  EXPECT_EQ(convert(0x3ff0000010000000ull, kF64, kF32, kRn, false, false), 0x3f800000u);  // tie
  EXPECT_EQ(convert(0x3ff0000010000001ull, kF64, kF32, kRn, false, false), 0x3f800001u);
  EXPECT_EQ(convert(0x3690000000000000ull, kF64, kF32, kRn, false, false), 0u);  // 2^-150: tie to 0
  EXPECT_EQ(convert(0x3698000000000000ull, kF64, kF32, kRn, false, false), 1u);  // 1.5 * 2^-150
  EXPECT_EQ(convert(0xff800000, kF32, kBF16, kRn, false, false), 0xff80u);
}

TEST(FloatOps, F32CorrectRoundingInEveryMode) {
  const std::uint64_t one = 0x3f800000, half = 0x33800000;  // 1 and 2^-24
  EXPECT_EQ(add(kF32, one, half, {kRn, false}), 0x3f800000u);
  EXPECT_EQ(add(kF32, one, half, {kRp, false}), 0x3f800001u);
  EXPECT_EQ(add(kF32, 0x3f800001, half, {kRn, false}), 0x3f800002u);
  EXPECT_EQ(sub(kF32, one, half, {kRn, false}), 0x3f7fffffu);  // exact: 1 - 2^-24 is representable
  EXPECT_EQ(sub(kF32, one, one, {kRn, false}), 0x00000000u);
  EXPECT_EQ(sub(kF32, one, one, {kRm, false}), 0x80000000u);  // exact zero is -0 rounding down
  EXPECT_EQ(mul(kF32, 0x7f7fffff, 0x7f7fffff, {kRz, false}), 0x7f7fffffu);
  EXPECT_EQ(mul(kF32, 0x7f7fffff, 0x7f7fffff, {kRn, false}), 0x7f800000u);
  EXPECT_EQ(mul(kF32, 0x00ffffff, 0x3f000000, {kRn, false}), 0x00800000u);
  EXPECT_EQ(mul(kF32, 0x00ffffff, 0x3f000000, {kRn, true}), 0x00000000u);
  // fma rounds once: 3 * 0x3eaaaaab - 1 = 2^-25 exactly, lost if rounded twice.
  EXPECT_EQ(fma(kF32, 0x40400000, 0x3eaaaaab, 0xbf800000, {kRn, false}), 0x33000000u);
  EXPECT_EQ(div(kF32, one, 0x40400000, {kRn, false}), 0x3eaaaaabu);
  EXPECT_EQ(div(kF32, one, 0x40400000, {kRz, false}), 0x3eaaaaaau);
  EXPECT_EQ(div(kF32, one, 0x40400000, {kRm, false}), 0x3eaaaaaau);
  EXPECT_EQ(div(kF32, one, 0x40400000, {kRp, false}), 0x3eaaaaabu);
  EXPECT_EQ(sqrt(kF32, 0x40000000, {kRn, false}), 0x3fb504f3u);
  EXPECT_EQ(sqrt(kF32, 0x40000000, {kRp, false}), 0x3fb504f4u);
  EXPECT_EQ(sqrt(kF32, 0x80000000, {kRn, false}), 0x80000000u);  // sqrt(-0) = -0
  EXPECT_EQ(sqrt(kF32, 0xbf800000, {kRn, false}), 0x7fffffffu);
}

TEST(FloatOps, NaNRules) {
  EXPECT_EQ(add(kF32, 0x7fc12345, 0x3f800000, {}), 0x7fffffffu);  // f32: canonical NaN
  EXPECT_EQ(add(kF32, 0x7f800000, 0xff800000, {}), 0x7fffffffu);
  EXPECT_EQ(mul(kF16, 0x7c00, 0x0000, {}), 0x7fffu);
  // f64 keeps payloads, quieted; for add/sub/mul/fma b's NaN wins, for div a's.
  EXPECT_EQ(add(kF64, 0xfff8000000000000ull, 0x7ff8000000000001ull, {}), 0x7ff8000000000001ull);
  EXPECT_EQ(sub(kF64, 0x3ff0000000000000ull, 0x7ff0000000012345ull, {}), 0x7ff8000000012345ull);
  EXPECT_EQ(div(kF64, 0xfff8000000000000ull, 0x7ff8000000000001ull, {}), 0xfff8000000000000ull);
  EXPECT_EQ(add(kF64, 0x7ff0000000000000ull, 0xfff0000000000000ull, {}), 0xfff8000000000000ull);
  EXPECT_EQ(minMax(kF32, 0x7fc00000, 0x3f800000, false, false, false), 0x3f800000u);
  EXPECT_EQ(minMax(kF32, 0x7fc00000, 0xffc00001, false, false, false), 0x7fffffffu);
  EXPECT_EQ(minMax(kF32, 0x7fc00000, 0x3f800000, true, true, false), 0x7fffffffu);
  EXPECT_EQ(minMax(kF32, 0x00000000, 0x80000000, false, false, false), 0x80000000u);  // -0 < +0
  EXPECT_EQ(minMax(kF32, 0x80000000, 0x00000000, true, false, false), 0x00000000u);
  EXPECT_EQ(negate(kF32, 0x7fc12345, false), 0x7fffffffu);
  EXPECT_EQ(negate(kF64, 0x7ff4000000000000ull, false), 0x7ffc000000000000ull);
  EXPECT_EQ(absolute(kF64, 0xfff8000000000000ull, false), 0xfff8000000000000ull);
  EXPECT_EQ(negate(kF32, 0x00000001, true), 0x80000000u);  // flushed, then negated
}

TEST(FloatOps, F64DirectedRoundingRestoresHostMode) {
  const std::uint64_t one = 0x3ff0000000000000ull, half = 0x3ca0000000000000ull;  // 1 and 2^-53
  EXPECT_EQ(add(kF64, one, half, {kRn, false}), one);
  EXPECT_EQ(add(kF64, one, half, {kRp, false}), 0x3ff0000000000001ull);
  EXPECT_EQ(sub(kF64, one, half, {kRz, false}), 0x3fefffffffffffffull);
  EXPECT_EQ(div(kF64, one, 0x4008000000000000ull, {kRm, false}), 0x3fd5555555555555ull);
  EXPECT_EQ(div(kF64, one, 0x4008000000000000ull, {kRp, false}), 0x3fd5555555555556ull);
  EXPECT_EQ(sqrt(kF64, 0x4000000000000000ull, {kRp, false}), 0x3ff6a09e667f3bcdull);
  EXPECT_EQ(sqrt(kF64, 0x4000000000000000ull, {kRz, false}), 0x3ff6a09e667f3bccull);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

}  // namespace
