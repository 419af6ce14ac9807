// The scalar video instructions where an H100 departs from the PTX ISA's
// pseudocode (9.7.16.1): one recorded word per rule (tests/data/video, the
// thread named), the result and the isa-deviation warning that says so. The
// whole recorded matrix is replayed by video_matrix_test.cpp.
#include <gtest/gtest.h>

#include "tests/core/alu_test_util.hpp"

namespace {

using ws::core::DiagKind;
using ws::test::Expect;

// a, b, c into %r2, %r3, %r4, then the form (which writes %r1).
std::string with(std::uint32_t a, std::uint32_t b, std::uint32_t c, const std::string& form) {
  return fmt::format("mov.b32 %r2, {:#x}; mov.b32 %r3, {:#x}; mov.b32 %r4, {:#x}; {}", a, b, c, form);
}

TEST(VideoScalar, AnH100DepartsFromTheIsaText) {
  const auto r = ws::test::expectWords({
      // d.h1 takes bits 16..31 of the result: 1 (ne) puts 0 there. ISA: 0x19768 (video_vset thread 0).
      {with(0, 0xff, 0x1c129768, "vset.u32.u32.ne %r1.h1, %r2.h1, %r3, %r4;"), 0x9768},
      // .u32 .sat of a word wraps past 0xffffffff. ISA: 0xffffffff (video_vadd thread 2).
      {with(0xffffffff, 0x7fff, 0, "vadd.u32.u32.u32.sat %r1, %r2, %r3;"), 0x7ffe},
      // .sat into a byte: 0 + -1 gives 0x7f, the maximum. ISA: 0xff, -1 (video_vadd thread 0).
      {with(0, 0xff, 0xf1515e40, "vadd.s32.u32.s32.sat %r1.b0, %r2, %r3.b0, %r4;"), 0xf1515e7f},
      // .min: vadd's 0x800080fe counts as negative, so above c. ISA: 0x800080fe (video_vadd thread 16).
      {with(0x00ff00ff, 0x80007fff, 0xfb86b67f, "vadd.u32.u32.u32.min %r1, %r2.b2, %r3, %r4;"), 0xfb86b67f},
      // vshl .sat clamps the low 34 bits: 1 << 32 is past the maximum (ISA: the
      // same), 0xffffffff << 32 is negative there (ISA: 0xffffffff) (video_vshl threads 1, 2).
      {with(1, 0x100, 0, "vshl.u32.u32.u32.sat.clamp %r1, %r2, %r3;"), 0xffffffff},
      {with(0xffffffff, 0x7fff, 0, "vshl.u32.u32.u32.sat.clamp %r1, %r2, %r3;"), 0},
      // vmad multiplies 0x80000000 as .s32: negative, so .sat gives 0. ISA: 0xffffffff (video_vmad thread 4).
      {with(0x80000000, 0xffff, 0x4e37f757, "vmad.u32.u32.u32.sat %r1, %r2, %r3, %r4;"), 0},
      // (-1 * 0x7fff + 0x44a69b77) >> 15, logically in 64 bits. ISA: 0xfffe894c (video_vmad thread 2).
      {with(0xffffffff, 0x7fff, 0x44a69b77, "vmad.u32.u32.u32.shr15 %r1, %r2, %r3, %r4;"), 0x894c},
  });
  EXPECT_TRUE(r.hasDiag(DiagKind::IsaDeviation));
}

TEST(VideoScalar, AgreeingFormsAreNotFlagged) {
  const auto r = ws::test::expectWords({
      {with(0xffffffff, 2, 0, "vadd.u32.u32.u32 %r1, %r2, %r3;"), 1},
      {with(0x12345678, 0x10, 0xaabbccdd, "vadd.u32.u32.u32 %r1.b3, %r2.b0, %r3.b0, %r4;"), 0x88bbccdd},
      {with(5, 3, 0, "vsub.s32.s32.s32.sat %r1, %r3, %r2;"), 0xfffffffe},
      {with(7, 9, 0, "vmad.u32.u32.u32 %r1, %r2, %r3, %r4;"), 63},
  });
  EXPECT_FALSE(r.hasDiag(DiagKind::IsaDeviation));
}

}  // namespace
