// Comparison and selection through the engine (PTX ISA 9.7.5, 9.7.6, and the
// operators of 9.3.1), expected values worked out by hand.
#include <gtest/gtest.h>

#include "tests/core/alu_test_util.hpp"

namespace {

using ws::test::Expect;
using ws::test::expectWords;
using ws::test::preds;

TEST(Compare, IntegerOperatorsAndSignedness) {
  expectWords({
      // p|q: q is the complement of the comparison.
      preds("setp.lt.s32 %p1|%p2, -1, 1;", true, false),
      preds("setp.lt.u32 %p1|%p2, -1, 1;", false, true),
      preds("setp.lo.u32 %p1|%p2, -1, 1;", false, true),
      preds("setp.hi.u32 %p1, -1, 1;", true),
      preds("setp.hs.u32 %p1, 5, 5;", true),
      preds("setp.ls.u32 %p1, 6, 5;", false),
      preds("setp.le.s32 %p1, 5, 5;", true),
      preds("setp.gt.s32 %p1, 0x80000000, 0x7fffffff;", false),
      preds("setp.ge.s64 %p1, -1, 0;", false),
      preds("setp.eq.b32 %p1, 0xffffffff, -1;", true),
      preds("setp.ne.b64 %p1, 1, 0x100000001;", true),
      preds("setp.lt.s16 %p1, 0x8000, 0;", true),
      preds("setp.lt.u16 %p1, 0x8000, 0;", false),
  });
}

TEST(Compare, BoolOpCombinesBothResults) {
  // p = BoolOp(t, c), q = BoolOp(!t, c), with c = %p3 (true) or !%p3.
  const std::string pTrue = "setp.eq.u32 %p3, 1, 1; ";
  expectWords({
      preds(pTrue + "setp.lt.and.s32 %p1|%p2, 1, 2, %p3;", true, false),
      preds(pTrue + "setp.lt.and.s32 %p1|%p2, 1, 2, !%p3;", false, false),
      preds(pTrue + "setp.lt.or.s32 %p1|%p2, 3, 2, %p3;", true, true),
      preds(pTrue + "setp.lt.or.s32 %p1|%p2, 3, 2, !%p3;", false, true),
      preds(pTrue + "setp.lt.xor.s32 %p1|%p2, 1, 2, %p3;", false, true),
      preds(pTrue + "setp.gt.xor.s32 %p1|%p2, 1, 2, !%p3;", false, true),
  });
}

TEST(Compare, FloatOrderedUnorderedAndNaN) {
  const std::string nan = "0f7FC00000", one = "0f3F800000";
  expectWords({
      preds("setp.lt.f32 %p1|%p2, " + nan + ", " + one + ";", false, true),  // q = !t even for NaN
      preds("setp.ne.f32 %p1, " + nan + ", " + one + ";", false),            // ordered ne is false on NaN
      preds("setp.neu.f32 %p1, " + nan + ", " + one + ";", true),
      preds("setp.equ.f32 %p1, " + nan + ", " + nan + ";", true),
      preds("setp.ltu.f32 %p1, 0f40000000, " + one + ";", false),
      preds("setp.geu.f32 %p1, 0f40000000, " + one + ";", true),
      preds("setp.num.f32 %p1, " + one + ", " + nan + ";", false),
      preds("setp.nan.f32 %p1, " + one + ", " + nan + ";", true),
      preds("setp.num.f32 %p1, " + one + ", 0f7F800000;", true),
      preds("setp.eq.f32 %p1, 0f80000000, 0f00000000;", true),  // -0 == +0
      preds("setp.lt.f32 %p1, 0f80000000, 0f00000000;", false),
      // .ftz flushes a subnormal operand to zero before comparing.
      preds("setp.eq.f32 %p1, 0f00000001, 0f00000000;", false),
      preds("setp.eq.ftz.f32 %p1, 0f00000001, 0f00000000;", true),
      preds("setp.lt.f64 %p1, 0dFFF0000000000000, 0dC000000000000000;", true),
      preds("setp.nan.f64 %p1, 0d7FF0000000000001, 0d0000000000000000;", true),
  });
}

TEST(Compare, HalfPrecision) {
  expectWords({
      // f16x2: p from the low halves, q from the high halves.
      preds("setp.lt.f16x2 %p1|%p2, 0x40003C00, 0x3C004000;", true, false),
      preds("setp.lt.f16x2 %p1|%p2, 0x3C004000, 0x40003C00;", false, true),
      preds("setp.equ.f16x2 %p1|%p2, 0x7E003C00, 0x3C003C00;", true, true),
      preds("setp.gt.bf16x2 %p1|%p2, 0x3F80BF80, 0xBF803F80;", false, true),
      preds("mov.b16 %rs2, 0x0001; mov.b16 %rs3, 0x0000; setp.gt.f16 %p1, %rs2, %rs3;", true),
      preds("mov.b16 %rs2, 0x0001; mov.b16 %rs3, 0x0000; setp.gt.ftz.f16 %p1, %rs2, %rs3;", false),
  });
}

TEST(Compare, SetWritesAllOnesOrOne) {
  expectWords({
      {"set.lt.u32.s32 %r1, -1, 1;", 0xffffffff},
      {"set.lt.u32.u32 %r1, -1, 1;", 0},
      {"set.lt.s32.s32 %r1, -1, 1;", 0xffffffff},
      {"set.lt.f32.s32 %r1, -1, 1;", 0x3f800000},
      {"set.gt.f32.f32 %r1, 0f7FC00000, 0f3F800000;", 0},
      {"set.gtu.f32.f32 %r1, 0f7FC00000, 0f3F800000;", 0x3f800000},
      {"setp.eq.u32 %p3, 1, 1; set.lt.and.u32.s32 %r1, -1, 1, !%p3;", 0},
      {"setp.eq.u32 %p3, 1, 1; set.gt.or.u32.s32 %r1, -1, 1, %p3;", 0xffffffff},
      {"set.eq.f16x2.f16x2 %r1, 0x3C003C00, 0x3C004000;", 0x3c000000},
      {"set.lt.u32.f16x2 %r1, 0x3C003C00, 0x40000000;", 0xffff0000},  // lo: 1 < 0, hi: 1 < 2
      {"mov.b16 %rs2, 0x3c00; mov.b16 %rs3, 0x4000; set.lt.f16.f16 %rs1, %rs2, %rs3; cvt.u32.u16 %r1, %rs1;", 0x3c00},
      {"mov.b16 %rs2, 0x3c00; mov.b16 %rs3, 0x4000; set.lt.u16.f16 %rs1, %rs2, %rs3; cvt.u32.u16 %r1, %rs1;", 0xffff},
  });
}

TEST(Compare, SelpAndSlct) {
  std::vector<Expect> c = {
      {"setp.eq.u32 %p3, 1, 1; selp.b32 %r1, 7, 9, %p3;", 7},
      {"setp.eq.u32 %p3, 1, 1; selp.b32 %r1, 7, 9, !%p3;", 9},
      {"slct.u32.s32 %r1, 7, 9, 0;", 7},
      {"slct.u32.s32 %r1, 7, 9, -1;", 9},
      {"slct.u32.s32 %r1, 7, 9, 0x7fffffff;", 7},
      {"slct.b32.f32 %r1, 7, 9, 0f80000000;", 7},      // -0.0 >= 0
      {"slct.b32.f32 %r1, 7, 9, 0f7FC00000;", 9},      // NaN: unordered, b
      {"slct.b32.f32 %r1, 7, 9, 0f80000001;", 9},      // a negative subnormal is < 0 ...
      {"slct.ftz.b32.f32 %r1, 7, 9, 0f80000001;", 7},  // ... unless flushed to -0
      {"slct.f32.s32 %r1, 0f3F800000, 0f40000000, -5;", 0x40000000},
  };
  ws::test::append(c, ws::test::wide("setp.eq.u32 %p3, 1, 0; selp.b64 %rd10, 1, 0x123456789, %p3;", 0x123456789ull));
  expectWords(c);
}

}  // namespace
