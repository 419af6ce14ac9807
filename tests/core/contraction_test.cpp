// ptxas contracts a mul and an add/sub without rounding modifiers into one
// fma (core/ptx/contraction.hpp); the engine computes what that fma gives.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "tests/core/test_util.hpp"

namespace ws::core {
namespace {

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// a = b = 1 + 2^-12, c = 1 + 2^-11: a*b = 1 + 2^-11 + 2^-24 rounds (a tie, to
// even) to c, so mul then sub gives 0, while one fma gives 2^-24 exactly.
constexpr float kA = 1.0f + 0x1p-12f, kC = 1.0f + 0x1p-11f;

TEST(Contraction, MulThenSubIsOneFma) {
  const std::string body = R"(
	ld.global.f32 %f1, [%rd0];
	ld.global.f32 %f2, [%rd0+4];
	ld.global.f32 %f3, [%rd0+8];
	mul.f32 %f4, %f1, %f2;
	ld.global.f32 %f13, [%rd0+12];
	mul.f32 %f5, %f3, %f13;
	sub.f32 %f6, %f4, %f5;
	st.global.f32 [%rd1], %f6;
	mul.rn.f32 %f7, %f1, %f2;
	sub.f32 %f8, %f7, %f3;
	st.global.f32 [%rd1+4], %f8;
	mul.f32 %f9, %f1, %f2;
	sub.f32 %f10, %f3, %f9;
	st.global.f32 [%rd1+8], %f10;
	mul.f32 %f11, %f1, %f2;
	st.global.f32 [%rd1+12], %f11;
	sub.f32 %f12, %f11, %f3;
	st.global.f32 [%rd1+16], %f12;
)";
  const auto run = ws::test::runKernel(body, {bits(kA), bits(kA), bits(kC), bits(1.0f)}, 5, 1);
  ASSERT_EQ(run.error, "");
  const auto w = run.words(1);
  EXPECT_EQ(w[0], bits(0x1p-24f));   // fused: fma(a, b, -(c*1))
  EXPECT_EQ(w[1], bits(0.0f));       // mul.rn is never contracted
  EXPECT_EQ(w[2], bits(-0x1p-24f));  // the product as the second operand: fma(-a, b, c)
  EXPECT_EQ(w[3], bits(kC));         // a product with another use stays rounded ...
  EXPECT_EQ(w[4], bits(0.0f));       // ... and is not fused
}

TEST(Contraction, OnlyWithinABasicBlockAndUnclobberedSources) {
  const std::string body = R"(
	ld.global.f32 %f1, [%rd0];
	ld.global.f32 %f2, [%rd0+4];
	ld.global.f32 %f3, [%rd0+8];
	mul.f32 %f4, %f1, %f2;
	bra $Ljoin;
$Ljoin:
	sub.f32 %f6, %f4, %f3;
	st.global.f32 [%rd1], %f6;
	mul.f32 %f7, %f1, %f2;
	mov.f32 %f1, %f3;
	sub.f32 %f8, %f7, %f3;
	st.global.f32 [%rd1+4], %f8;
)";
  const auto run = ws::test::runKernel(body, {bits(kA), bits(kA), bits(kC)}, 2, 1);
  ASSERT_EQ(run.error, "");
  const auto w = run.words(1);
  EXPECT_EQ(w[0], bits(0.0f));
  EXPECT_EQ(w[1], bits(0.0f));
}

}  // namespace
}  // namespace ws::core
