// Immediate operands as the executor reads them: PTX float literals keep
// their exact bits (NaN payloads included), integer literals used with float
// types convert by value.
#include <gtest/gtest.h>

#include "tests/core/test_util.hpp"

namespace {

TEST(Immediates, F32NaNLiteralKeepsItsSignallingPayload) {
  auto r = ws::test::runKernel(
      "\tmov.b32 %r1, 0f7F812345;\n\tst.global.u32 [%rd3], %r1;\n", {}, 32, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.words(1)[0], 0x7f812345u);
}

TEST(Immediates, CopysignWithNaNLiteral) {
  // copysign.f32 d, a, b: |b| with the sign of a; b's payload survives.
  auto r = ws::test::runKernel(
      "\tcopysign.f32 %f1, 0fBF800000, 0f7F812345;\n\tmov.b32 %r1, %f1;\n\tst.global.u32 [%rd3], %r1;\n", {}, 32, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.words(1)[0], 0xff812345u);
}

TEST(Immediates, IntegerLiteralsAreValuesForF32AndBitsForF16) {
  auto s = ws::test::runKernel(
      "\tmov.f32 %f0, 0f3F800000;\n\tadd.f32 %f1, %f0, 3;\n\tmov.b32 %r1, %f1;\n\tst.global.u32 [%rd3], %r1;\n"
      "\tmov.b16 %h1, 0x3C00;\n\tadd.f16 %h2, %h1, 0x4000;\n\tcvt.u32.u16 %r2, %h2;\n\tst.global.u32 [%rd3+4], %r2;\n",
      {}, 32, 1);
  ASSERT_EQ(s.error, "");
  EXPECT_EQ(s.words(1)[0], 0x40800000u);  // 1.0f + 3 = 4.0f
  EXPECT_EQ(s.words(1)[1], 0x4200u);      // f16 bits: 1.0 (0x3C00) + 2.0 (0x4000) = 3.0 (0x4200)
}

TEST(Immediates, F16LiteralRoundsToNearestEven) {
  auto s = ws::test::runKernel(
      "\tmov.b16 %h1, 0x0000;\n\tadd.f16 %h2, %h1, 0f3F8CCCCD;\n\tcvt.u32.u16 %r2, %h2;\n\tst.global.u32 [%rd3], %r2;\n",
      {}, 32, 1);
  ASSERT_EQ(s.error, "");
  EXPECT_EQ(s.words(1)[0], 0x3c66u);  // 1.1 in f16 rounds to 0x3c66
}

}  // namespace
