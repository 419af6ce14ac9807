// Untyped registers that carry float bits are shown as floats: the butterfly
// sum as nvcc writes it moves the float through .b32 registers.
#include "ui/frame/float_registers.hpp"

#include <gtest/gtest.h>

#include "tests/ui/ui_test_util.hpp"
#include "ui/frame/format.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

using ws::test::ui::kernelBench;

constexpr const char* kBody =
    "\tld.global.f32 %f1, [%rd2];\n"
    "\tmov.b32 %r5, %f1;\n"                                       // float bits
    "\tshfl.sync.bfly.b32 %r6|%p1, %r5, 16, 0x1f, 0xffffffff;\n"  // a shuffle of them
    "\tmov.b32 %f2, %r6;\n"
    "\tand.b32 %r7, %r5, 0x7fffffff;\n"                           // bit arithmetic: not a float any more
    "\tmov.b32 %r8, 0f3F800000;\n"                                // a float immediate
    "\tmov.b32 %r9, %r8;\n"
    "\tmov.b32 %r9, 7;\n"                                         // ... and an integer into the same register
    "\tmov.b32 %r10, %r1;\n";                                     // a copy of an integer (%r1 is never written)

TEST(FloatRegisters, MovesAndShufflesOfFloatsCarryFloatBits) {
  auto b = kernelBench(kBody);
  ASSERT_TRUE(b);
  const std::vector<bool> f = floatCarryingRegisters(*b->program);
  ASSERT_EQ(f.size(), b->program->regs.size());
  EXPECT_TRUE(f[b->reg("%r5")]);
  EXPECT_TRUE(f[b->reg("%r6")]);
  EXPECT_TRUE(f[b->reg("%r8")]);
  EXPECT_FALSE(f[b->reg("%r7")]);
  EXPECT_FALSE(f[b->reg("%r9")]);
  EXPECT_FALSE(f[b->reg("%r10")]);
  EXPECT_FALSE(f[b->reg("%f1")]);  // typed registers speak for themselves
  EXPECT_FALSE(f[b->reg("%r0")]);  // the lane id
}

TEST(FloatRegisters, RegisterViewsShowThemAsFloatsWithTheBitsOneChoiceAway) {
  auto b = kernelBench(kBody);
  ASSERT_TRUE(b);
  ViewOptions o;
  o.floatBits = floatCarryingRegisters(*b->program);
  EXPECT_EQ(o.formatOf(b->reg("%r5"), core::DataType::B32), ValueFormat::Float);
  EXPECT_EQ(o.formatOf(b->reg("%r7"), core::DataType::B32), ValueFormat::Auto);
  EXPECT_EQ(formatValue(0x3f800000u, core::DataType::B32, o.formatOf(b->reg("%r5"), core::DataType::B32)), "1");
  EXPECT_EQ(formatCaption(core::DataType::B32, o.formatOf(b->reg("%r5"), core::DataType::B32)), ".b32 as float");
  o.regFormats.emplace_back(b->reg("%r5"), ValueFormat::Hex);  // the person asks for the bits
  EXPECT_EQ(o.formatOf(b->reg("%r5"), core::DataType::B32), ValueFormat::Hex);
}

}  // namespace
}  // namespace ws::ui
