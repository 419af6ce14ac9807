// Arithmetic instructions through the engine, one snippet per case, with the
// expected bits worked out by hand from the PTX ISA (9.7.1 integer, 9.7.2
// extended precision, 9.7.3 floating point, 9.7.4 half precision). Where the
// ISA leaves a result unspecified the value an H100 gave is used and said so.
#include <gtest/gtest.h>

#include "tests/core/alu_test_util.hpp"

namespace {

using ws::test::Expect;
using ws::test::expectWords;

TEST(ArithInt, AddSubSaturateAndWrap) {
  expectWords({
      {"add.u32 %r1, 0xffffffff, 2;", 1},
      {"add.sat.s32 %r1, 0x7fffffff, 1;", 0x7fffffff},
      {"add.sat.s32 %r1, 0x80000000, -1;", 0x80000000},
      {"add.sat.s32 %r1, -5, 3;", 0xfffffffe},
      {"sub.sat.s32 %r1, 0x80000000, 1;", 0x80000000},
      {"sub.sat.s32 %r1, 0x7fffffff, -1;", 0x7fffffff},
      {"sub.s32 %r1, 0x80000000, 1;", 0x7fffffff},
      {"add.s16 %rs1, 0x7fff, 1; cvt.u32.u16 %r1, %rs1;", 0x8000},
  });
}

TEST(ArithInt, CarryChains) {
  // 64-bit 0x00000001_ffffffff + 0x00000000_00000001 in 32-bit words.
  expectWords({
      {"add.cc.u32 %r10, 0xffffffff, 1; addc.cc.u32 %r11, 1, 0; addc.u32 %r12, 0, 0; mov.b32 %r1, %r10;", 0},
      {"mov.b32 %r1, %r11;", 2},
      {"mov.b32 %r1, %r12;", 0},
      // 96-bit all-ones + 1 carries out of every word.
      {"add.cc.u32 %r10, 0xffffffff, 1; addc.cc.u32 %r11, 0xffffffff, 0; addc.u32 %r12, 0, 0; mov.b32 %r1, %r12;", 1},
      {"mov.b32 %r1, %r11;", 0},
      // 0 - 1 across two words borrows all the way: 0xffffffff_ffffffff, borrow out.
      {"sub.cc.u32 %r10, 0, 1; subc.cc.u32 %r11, 0, 0; subc.u32 %r12, 0, 0; mov.b32 %r1, %r11;", 0xffffffff},
      {"mov.b32 %r1, %r12;", 0xffffffff},
      {"sub.cc.u32 %r10, 5, 3; subc.u32 %r11, 7, 2; mov.b32 %r1, %r11;", 5},
      // add.cc into subc: an H100 keeps CF = !borrow for subtraction, so subc
      // after a carry of 1 subtracts nothing and after a carry of 0 subtracts 1.
      {"add.cc.u32 %r10, 1, 0xffffffff; subc.u32 %r1, 10, 0;", 10},
      {"add.cc.u32 %r10, 1, 1; subc.u32 %r1, 10, 0;", 9},
      // mad.lo.cc / madc.hi: low word of 0xffffffff^2 + 1 = 0xfffffffe_00000001 + 1.
      {"mad.lo.cc.u32 %r10, 0xffffffff, 0xffffffff, 0xffffffff; madc.hi.u32 %r11, 0xffffffff, 0xffffffff, 0; "
       "mov.b32 %r1, %r10;",
       0},
      {"mov.b32 %r1, %r11;", 0xffffffff},
      {"add.cc.u64 %rd10, 0xffffffffffffffff, 1; addc.u64 %rd11, 0, 0; cvt.u32.u64 %r1, %rd11;", 1},
  });
}

TEST(ArithInt, MultiplyHalvesAndWide) {
  std::vector<Expect> c = {
      {"mul.lo.s32 %r1, 0x10000, 0x10001;", 0x00010000},
      {"mul.hi.s32 %r1, -2, 3;", 0xffffffff},
      {"mul.hi.u32 %r1, 0xffffffff, 0xffffffff;", 0xfffffffe},
      {"mul.hi.s32 %r1, 0x80000000, 0x80000000;", 0x40000000},
      {"mul.wide.u16 %r1, 0xffff, 0xffff;", 0xfffe0001},
      {"mul.wide.s16 %r1, -1, 0x7fff;", 0xffff8001},
      // 0x3fffffff + MAXINT saturates to MAXINT, as the ISA says and an
      // H100 does when ptxas emits mad.hi.sat.s32 alone (tests/data/
      // isa-followup, followup_madsat thread 3: the same operands). It wraps
      // only where ptxas folds it into a mad.wide.s32 of the same operands
      // (tests/data/isa, isa_int_mad thread 40), which this kernel has not.
      {"mad.hi.sat.s32 %r1, 0x7fffffff, 0x7fffffff, 0x7fffffff;", 0x7fffffff},
      {"mad.hi.sat.s32 %r1, 0x7fffffff, 0x80000000, 0x80000000;", 0x80000000},
      {"mad.lo.s32 %r1, 3, 4, -20;", 0xfffffff8},
  };
  ws::test::append(c, ws::test::wide("mul.wide.s32 %rd10, -1, 1;", 0xffffffffffffffffull));
  ws::test::append(c, ws::test::wide("mul.wide.u32 %rd10, 0xffffffff, 0xffffffff;", 0xfffffffe00000001ull));
  ws::test::append(c,
                   ws::test::wide("mul.hi.u64 %rd10, 0xffffffffffffffff, 0xffffffffffffffff;", 0xfffffffffffffffeull));
  ws::test::append(c, ws::test::wide("mul.hi.s64 %rd10, -1, 5;", 0xffffffffffffffffull));
  ws::test::append(c, ws::test::wide("mad.wide.s32 %rd10, -2, 3, 10;", 4));
  expectWords(c);
}

TEST(ArithInt, Mul24AndSad) {
  expectWords({
      // 0x800000 is -2^23 as a signed 24-bit value: -2^23 * 2 = -2^24.
      {"mul24.lo.s32 %r1, 0x00800000, 2;", 0xff000000},
      {"mul24.lo.u32 %r1, 0x00800000, 2;", 0x01000000},
      {"mul24.lo.u32 %r1, 0xff000003, 5;", 15},  // bits 31..24 are ignored
      // 0xffffff^2 = 0xfffffe000001: bits 47..16.
      {"mul24.hi.u32 %r1, 0x00ffffff, 0x00ffffff;", 0xfffffe00},
      {"mul24.hi.s32 %r1, 0x00ffffff, 0x00ffffff;", 0x00000000},  // (-1) * (-1) = 1
      {"mad24.lo.s32 %r1, 0x00ffffff, 2, 10;", 8},                // -2 + 10
      {"mad24.hi.sat.s32 %r1, 0x007fffff, 0x007fffff, 0x7fffffff;", 0x7fffffff},
      {"sad.s32 %r1, -5, 3, 10;", 18},
      {"sad.u32 %r1, 0xfffffffb, 3, 10;", 2},  // 0xfffffff8 + 10 wraps
      {"sad.u16 %rs1, 1, 0xffff, 1; cvt.u32.u16 %r1, %rs1;", 0xffff},
  });
}

TEST(ArithInt, DivRemAbsNegMinMax) {
  expectWords({
      {"div.s32 %r1, 7, -2;", 0xfffffffd},
      {"rem.s32 %r1, 7, -2;", 1},
      {"div.s32 %r1, -7, 2;", 0xfffffffd},
      {"rem.s32 %r1, -7, 2;", 0xffffffff},
      {"div.u32 %r1, 0xfffffff9, 2;", 0x7ffffffc},
      {"div.s32 %r1, 0x80000000, -1;", 0x80000000},  // the one overflowing quotient wraps
      {"rem.s32 %r1, 0x80000000, -1;", 0},
      {"div.s16 %rs1, 0x8000, -1; cvt.u32.u16 %r1, %rs1;", 0x8000},
      {"abs.s32 %r1, -5;", 5},
      {"abs.s32 %r1, 0x80000000;", 0x80000000},
      {"neg.s32 %r1, 0x80000000;", 0x80000000},
      {"neg.s32 %r1, 1;", 0xffffffff},
      {"min.s32 %r1, -1, 1;", 0xffffffff},
      {"min.u32 %r1, -1, 1;", 1},
      {"max.s32 %r1, -1, 1;", 1},
      {"max.u32 %r1, -1, 1;", 0xffffffff},
      {"max.relu.s32 %r1, -7, -3;", 0},
      {"min.relu.s32 %r1, -7, 3;", 0},
      {"max.relu.s32 %r1, 5, -3;", 5},
  });
}

TEST(ArithInt, DivisionByZeroGivesAllOnesAndADiagnostic) {
  // The ISA leaves it unspecified; an H100 gives all ones for the quotient and
  // the remainder (golden-alu.json). Lanes 0..3 divide by zero, 4..31 by 1.
  const std::string body =
      "\tsetp.lt.u32 %p1, %r0, 4;\n\tselp.u32 %r2, 0, 1, %p1;\n"
      "\tdiv.u32 %r3, 7, %r2;\n\trem.s32 %r4, -7, %r2;\n"
      "\tst.global.u32 [%rd3], %r3;\n\tst.global.u32 [%rd3+128], %r4;\n";
  auto r = ws::test::runKernel(body, {0}, 64);
  ASSERT_EQ(r.error, "");
  const auto out = r.words(1);
  EXPECT_EQ(out[0], 0xffffffffu);
  EXPECT_EQ(out[32], 0xffffffffu);
  EXPECT_EQ(out[4], 7u);
  EXPECT_EQ(out[36], 0u);
  bool found = false;
  for (const auto& d : r.result.diags)
    if (d.kind == ws::core::DiagKind::DivideByZero) {
      EXPECT_EQ(d.lanes, 0xfu);
      found = true;
    }
  EXPECT_TRUE(found);
}

TEST(ArithFloat, F32RoundingModesAndTies) {
  expectWords({
      // 1 + 2^-24 is halfway between 1 and 1 + 2^-23.
      {"add.rn.f32 %r1, 0f3F800000, 0f33800000;", 0x3f800000},
      {"add.rz.f32 %r1, 0f3F800000, 0f33800000;", 0x3f800000},
      {"add.rm.f32 %r1, 0f3F800000, 0f33800000;", 0x3f800000},
      {"add.rp.f32 %r1, 0f3F800000, 0f33800000;", 0x3f800001},
      {"add.rn.f32 %r1, 0f3F800001, 0f33800000;", 0x3f800002},  // tie, even is up
      {"add.rm.f32 %r1, 0fBF800000, 0fB3800000;", 0xbf800001},
      {"sub.rn.f32 %r1, 0f3F800000, 0f3F800000;", 0x00000000},
      {"sub.rm.f32 %r1, 0f3F800000, 0f3F800000;", 0x80000000},  // exact zero rounding down is -0
      {"add.f32 %r1, 0f80000000, 0f80000000;", 0x80000000},
      {"mul.rn.f32 %r1, 0f7F7FFFFF, 0f7F7FFFFF;", 0x7f800000},
      {"mul.rz.f32 %r1, 0f7F7FFFFF, 0f7F7FFFFF;", 0x7f7fffff},
      {"mul.rm.f32 %r1, 0fFF7FFFFF, 0f7F7FFFFF;", 0xff800000},
      {"mul.rp.f32 %r1, 0fFF7FFFFF, 0f7F7FFFFF;", 0xff7fffff},
      {"fma.rn.f32 %r1, 0f40400000, 0f3EAAAAAB, 0fBF800000;", 0x33000000},  // one rounding: 2^-25
      {"fma.rm.f32 %r1, 0f3F800000, 0f3F800000, 0fBF800000;", 0x80000000},
      {"mad.rn.f32 %r1, 0f40000000, 0f40400000, 0f3F800000;", 0x40e00000},
      {"div.rn.f32 %r1, 0f3F800000, 0f40400000;", 0x3eaaaaab},
      {"div.rz.f32 %r1, 0f3F800000, 0f40400000;", 0x3eaaaaaa},
      {"div.rp.f32 %r1, 0fBF800000, 0f40400000;", 0xbeaaaaaa},
      {"div.rn.f32 %r1, 0f00000000, 0f00000000;", 0x7fffffff},
      {"div.rn.f32 %r1, 0fBF800000, 0f00000000;", 0xff800000},
      {"sqrt.rn.f32 %r1, 0f40000000;", 0x3fb504f3},
      {"sqrt.rp.f32 %r1, 0f40000000;", 0x3fb504f4},
      {"sqrt.rn.f32 %r1, 0fBF800000;", 0x7fffffff},
      {"rcp.rn.f32 %r1, 0f40400000;", 0x3eaaaaab},
      {"rcp.rz.f32 %r1, 0f00000001;", 0x7f7fffff},  // 2^149 overflows: toward zero stops at max
      {"rcp.rn.f32 %r1, 0f80000000;", 0xff800000},
  });
}

TEST(ArithFloat, F32SubnormalsFtzSatNaN) {
  expectWords({
      {"add.rn.f32 %r1, 0f00000001, 0f00000001;", 0x00000002},
      {"add.rn.ftz.f32 %r1, 0f00000001, 0f00000001;", 0x00000000},
      {"add.rn.ftz.f32 %r1, 0f00800000, 0f80000001;", 0x00800000},  // the subnormal input is flushed
      {"add.rn.ftz.f32 %r1, 0f00800001, 0f80800000;", 0x00000000},  // a subnormal result is flushed
      {"mul.rn.f32 %r1, 0f00FFFFFF, 0f3F000000;", 0x00800000},      // rounds up to the smallest normal
      // ... but .ftz judges tininess after rounding to 24 bits with an
      // unbounded exponent: (2^24-1)*2^-150 stays tiny (an H100 gives +0) ...
      {"mul.rn.ftz.f32 %r1, 0f00FFFFFF, 0f3F000000;", 0x00000000},
      // ... while (2^25-1)*2^-151 rounds to 2^-126 and is kept.
      {"mul.rn.ftz.f32 %r1, 0f1E918E00, 0f21612000;", 0x00800000},
      {"mul.rn.ftz.f32 %r1, 0f9E918E00, 0f21612000;", 0x80800000},
      {"add.rn.sat.f32 %r1, 0f3FC00000, 0f3F800000;", 0x3f800000},
      {"add.rn.sat.f32 %r1, 0fBF000000, 0f3E800000;", 0x00000000},
      {"add.rn.sat.f32 %r1, 0f80000000, 0f80000000;", 0x00000000},  // -0 saturates to +0
      {"add.rn.sat.f32 %r1, 0f7F800000, 0fFF800000;", 0x00000000},  // NaN saturates to +0
      {"add.rn.sat.f32 %r1, 0f00000001, 0f00000001;", 0x00000002},
      {"add.rn.f32 %r1, 0f7FC12345, 0f3F800000;", 0x7fffffff},  // NaN results are canonical
      {"mul.rn.f32 %r1, 0f7F800000, 0f00000000;", 0x7fffffff},
      {"neg.f32 %r1, 0f7FC12345;", 0x7fffffff},
      {"abs.f32 %r1, 0fFFC00000;", 0x7fffffff},
      {"neg.f32 %r1, 0f00000001;", 0x80000001},
      {"neg.ftz.f32 %r1, 0f00000001;", 0x80000000},
      {"abs.f32 %r1, 0fBF800000;", 0x3f800000},
      {"mov.b32 %r2, 0x7f812345; copysign.f32 %r1, 0fBF800000, %r2;", 0xff812345},  // bits only, sNaN untouched
  });
}

TEST(ArithFloat, MinMax) {
  expectWords({
      {"min.f32 %r1, 0f7FC00000, 0f3F800000;", 0x3f800000},  // a NaN operand is ignored
      {"max.f32 %r1, 0f3F800000, 0f7FC00000;", 0x3f800000},
      {"min.f32 %r1, 0f7FC00000, 0fFFC00001;", 0x7fffffff},  // two NaNs: canonical NaN
      {"min.NaN.f32 %r1, 0f7FC00000, 0f3F800000;", 0x7fffffff},
      {"max.NaN.f32 %r1, 0f3F800000, 0f40000000;", 0x40000000},
      {"min.f32 %r1, 0f00000000, 0f80000000;", 0x80000000},  // -0.0 < +0.0
      {"max.f32 %r1, 0f80000000, 0f00000000;", 0x00000000},
      {"min.ftz.f32 %r1, 0f80000001, 0f00000000;", 0x80000000},
      {"min.f32 %r1, 0f80000001, 0f00000000;", 0x80000001},
      {"max.f32 %r1, 0fFF800000, 0fFF7FFFFF;", 0xff7fffff},
      {"mov.b16 %rs2, 0x7e00; mov.b16 %rs3, 0x3c00; min.f16 %rs1, %rs2, %rs3; cvt.u32.u16 %r1, %rs1;", 0x3c00},
      {"mov.b16 %rs2, 0x7e00; mov.b16 %rs3, 0x7d01; max.f16 %rs1, %rs2, %rs3; cvt.u32.u16 %r1, %rs1;", 0x7fff},
      {"min.f16x2 %r1, 0x8000BC00, 0x00003C00;", 0x8000bc00},
      {"max.NaN.bf16x2 %r1, 0x7FC13F80, 0x3F804000;", 0x7fff4000},
  });
}

TEST(ArithFloat, HalfPrecisionPerHalf) {
  expectWords({
      // {hi, lo} = {65504, 1.0} + {65504, 2^-11}: lo ties to even 1.0, hi overflows.
      {"add.rn.f16x2 %r1, 0x7BFF3C00, 0x7BFF1000;", 0x7c003c00},
      {"add.rn.f16x2 %r1, 0x3C013C00, 0x10001001;", 0x3c023c01},
      {"sub.rn.f16x2 %r1, 0x3C003C00, 0x3C00BC00;", 0x00004000},
      {"mul.rn.f16x2 %r1, 0x7C000001, 0x00003C00;", 0x7fff0001},  // inf * 0 is NaN; 2^-24 * 1 kept
      {"mul.rn.ftz.f16x2 %r1, 0x7C000001, 0x00003C00;", 0x7fff0000},
      // 63*2^-13 * 65*2^-13 = 4095*2^-26: tiny before rounding, 2^-14 after: kept.
      {"mul.rn.ftz.f16x2 %r1, 0x9FE01FE0, 0x20102010;", 0x84000400},
      {"fma.rn.f16x2 %r1, 0x3C004000, 0x3C004000, 0xC4003C00;", 0xc2004500},  // {1*1-4, 2*2+1}
      {"fma.rn.relu.f16x2 %r1, 0xBC003C00, 0x3C003C00, 0x00000000;", 0x00003c00},
      {"fma.rn.relu.f16x2 %r1, 0x7E003C00, 0x3C003C00, 0x00000000;", 0x7fff3c00},
      {"add.rn.sat.f16x2 %r1, 0x3E00B800, 0x3C000000;", 0x3c000000},
      {"neg.f16x2 %r1, 0x7E00BC00;", 0x7fff3c00},
      {"abs.bf16x2 %r1, 0xFF80BF80;", 0x7f803f80},
      // bf16: 1 + 2^-8 ties to even (1.0); 0x3f81 + 2^-8 ties up to 0x3f82.
      {"add.rn.bf16x2 %r1, 0x3F813F80, 0x3B803B80;", 0x3f823f80},
      {"mul.rn.bf16x2 %r1, 0x7F7F4000, 0x40004000;", 0x7f804080},
      {"fma.rn.bf16x2 %r1, 0x3F803F80, 0xBF803F80, 0x3F80BF80;", 0x00000000},
      {"mov.b16 %rs2, 0x3c00; mov.b16 %rs3, 0x1000; add.f16 %rs1, %rs2, %rs3; cvt.u32.u16 %r1, %rs1;", 0x3c00},
  });
}

TEST(ArithFloat, F64RoundingAndNaNPayloads) {
  std::vector<Expect> c;
  const std::string one = "0d3FF0000000000000", half = "0d3CA0000000000000";  // 1, 2^-53
  ws::test::append(c, ws::test::wide("add.rn.f64 %rd10, " + one + ", " + half + ";", 0x3ff0000000000000ull));
  ws::test::append(c, ws::test::wide("add.rp.f64 %rd10, " + one + ", " + half + ";", 0x3ff0000000000001ull));
  ws::test::append(c, ws::test::wide("sub.rz.f64 %rd10, " + one + ", " + half + ";", 0x3fefffffffffffffull));
  ws::test::append(c,
                   ws::test::wide("div.rm.f64 %rd10, 0d3FF0000000000000, 0d4008000000000000;", 0x3fd5555555555555ull));
  ws::test::append(c,
                   ws::test::wide("div.rp.f64 %rd10, 0d3FF0000000000000, 0d4008000000000000;", 0x3fd5555555555556ull));
  ws::test::append(c, ws::test::wide("fma.rn.f64 %rd10, 0d4008000000000000, 0d3FD5555555555555, 0dBFF0000000000000;",
                                     0xbc90000000000000ull));  // 3 * 0x3fd5555555555555 - 1 = -2^-54
  ws::test::append(c, ws::test::wide("sqrt.rz.f64 %rd10, 0d4000000000000000;", 0x3ff6a09e667f3bccull));
  ws::test::append(c,
                   ws::test::wide("add.rn.f64 %rd10, 0d7FF0000000000000, 0dFFF0000000000000;", 0xfff8000000000000ull));
  // b's NaN wins for add/mul/fma (quieted, payload kept); a's for div.
  ws::test::append(c,
                   ws::test::wide("add.rn.f64 %rd10, 0dFFF8000000000000, 0d7FF0000000000001;", 0x7ff8000000000001ull));
  ws::test::append(c,
                   ws::test::wide("div.rn.f64 %rd10, 0dFFF8000000000000, 0d7FF0000000000001;", 0xfff8000000000000ull));
  ws::test::append(c, ws::test::wide("neg.f64 %rd10, 0d7FF8000000012345;", 0x7ff8000000012345ull));
  ws::test::append(c, ws::test::wide("abs.f64 %rd10, 0dBFF0000000000000;", 0x3ff0000000000000ull));
  ws::test::append(c, ws::test::wide("min.f64 %rd10, 0d7FF8000000000000, 0dC000000000000000;", 0xc000000000000000ull));
  ws::test::append(c, ws::test::wide("rcp.rn.f64 %rd10, 0d4000000000000000;", 0x3fe0000000000000ull));
  ws::test::append(c,
                   ws::test::wide("add.rn.f64 %rd10, 0d0000000000000001, 0d0000000000000001;", 2));  // subnormals kept
  expectWords(c);
}

TEST(ArithFloat, ApproximationsAtExactPoints) {
  std::vector<Expect> c = {
      {"ex2.approx.f32 %r1, 0f40000000;", 0x40800000},
      {"ex2.approx.f32 %r1, 0fFF800000;", 0x00000000},
      {"lg2.approx.f32 %r1, 0f41000000;", 0x40400000},
      {"lg2.approx.f32 %r1, 0f80000000;", 0xff800000},
      {"sqrt.approx.f32 %r1, 0f40800000;", 0x40000000},
      {"rsqrt.approx.f32 %r1, 0f40800000;", 0x3f000000},
      {"rsqrt.approx.f32 %r1, 0f80000000;", 0xff800000},
      {"rcp.approx.f32 %r1, 0f00000001;", 0x7f800000},  // subnormal inputs act as zero
      {"rcp.approx.f32 %r1, 0fFF800000;", 0x80000000},
      {"sin.approx.f32 %r1, 0f80000000;", 0x80000000},
      {"sin.approx.f32 %r1, 0f00000001;", 0x00000000},
      {"cos.approx.f32 %r1, 0f00000000;", 0x3f800000},
      {"sin.approx.f32 %r1, 0f7F800000;", 0x7fffffff},
      {"tanh.approx.f32 %r1, 0fFF800000;", 0xbf800000},
      {"tanh.approx.f32 %r1, 0f00000001;", 0x00000001},
      // |b| > 2^126: 1/b underflows, the quotient is 0 (NaN for an infinite a).
      {"div.approx.f32 %r1, 0f40000000, 0f7F000000;", 0x00000000},
      {"div.approx.f32 %r1, 0f7F800000, 0f7F000000;", 0x7fffffff},
      {"div.full.f32 %r1, 0f40000000, 0f7F000000;", 0x00800000},
      {"ex2.approx.f16x2 %r1, 0x3C000000;", 0x40003c00},
  };
  ws::test::append(c, ws::test::wide("rcp.approx.ftz.f64 %rd10, 0d4000000000000000;", 0x3fe0000000000000ull));
  ws::test::append(c, ws::test::wide("rsqrt.approx.ftz.f64 %rd10, 0dBFF0000000000000;", 0x7fffffff00000000ull));
  expectWords(c);
}

}  // namespace
