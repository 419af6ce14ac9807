// mov and cvt through the engine (PTX ISA 9.7.8.3-4, 9.7.8.18, Table 15 of
// 6.5.1), expected values worked out by hand; NaN conventions the ISA leaves
// open are those an H100 showed (golden-alu.json).
#include <gtest/gtest.h>

#include "tests/core/alu_test_util.hpp"

namespace {

using ws::test::Expect;
using ws::test::expectWords;
using ws::test::half;
using ws::test::wide;

TEST(Move, RegistersImmediatesSpecialRegisters) {
  std::vector<Expect> c = {
      {"mov.u32 %r1, 0x12345678;", 0x12345678},
      {"mov.f32 %r1, 0f3F800000;", 0x3f800000},
      {"mov.u32 %r1, %laneid;", 0},
      {"mov.u32 %r1, %ntid.x;", 1},
      {"mov.u32 %r2, 77; mov.b32 %r1, %r2;", 77},
      half("mov.b16 %rs1, 0xabcd;", 0xabcd),
      ws::test::preds("setp.eq.u32 %p3, 1, 1; mov.pred %p1, %p3; mov.pred %p2, %p3;", true, true),
  };
  ws::test::append(c, wide("mov.b64 %rd10, 0x1122334455667788;", 0x1122334455667788ull));
  expectWords(c);
}

TEST(Move, PackAndUnpackVectors) {
  std::vector<Expect> c = {
      // Element 0 holds the lowest bits.
      {"mov.b32 {%rs1, %rs2}, 0x12345678; cvt.u32.u16 %r1, %rs1;", 0x5678},
      {"cvt.u32.u16 %r1, %rs2;", 0x1234},
      {"mov.b16 %rs3, 0xbeef; mov.b16 %rs4, 0xdead; mov.b32 %r1, {%rs3, %rs4};", 0xdeadbeef},
      {"mov.b64 {%r1, _}, 0x1122334455667788;", 0x55667788},
      {"mov.b64 {_, %r1}, 0x1122334455667788;", 0x11223344},
      {"{ .reg .b8 b<4>; mov.b32 {b0, b1, b2, b3}, 0x44332211; mov.b32 %r1, {b3, b2, b1, b0}; }", 0x11223344},
      {"mov.b64 {%rs1, %rs2, %rs3, %rs4}, 0x0004000300020001; cvt.u32.u16 %r1, %rs3;", 3},
  };
  ws::test::append(c, wide("mov.u32 %r10, 0x11111111; mov.u32 %r11, 0x22222222; mov.b64 %rd10, {%r10, %r11};",
                           0x2222222211111111ull));
  expectWords(c);
}

TEST(Move, SymbolAddresses) {
  const std::string body =
      "\tmov.u32 %r1, sbuf;\n\tst.global.u32 [%rd1], %r1;\n"
      "\tmov.u32 %r1, sbuf+8;\n\tst.global.u32 [%rd1+4], %r1;\n";
  auto r = ws::test::runKernel(body, {0}, 2, 1, {}, "sm_90a", ".shared .align 16 .b8 sbuf[64];\n");
  ASSERT_EQ(r.error, "");
  const auto out = r.words(1);
  EXPECT_EQ(out[1] - out[0], 8u);  // the .shared address of the variable, plus the offset
}

TEST(Convert, IntegerToInteger) {
  std::vector<Expect> c = {
      {"cvt.s8.s32 %r1, 0x180;", 0xffffff80},  // chop to 8 bits, then sign-extend into the register
      {"cvt.u8.s32 %r1, 0x180;", 0x80},
      {"cvt.s16.u32 %r1, 0x12348765;", 0xffff8765},
      {"cvt.sat.s8.s32 %r1, 300;", 0x7f},
      {"cvt.sat.s8.s32 %r1, -300;", 0xffffff80},
      {"cvt.sat.u8.s32 %r1, -5;", 0},
      {"cvt.sat.u16.s32 %r1, 70000;", 0xffff},
      {"cvt.sat.s32.u32 %r1, 0x80000000;", 0x7fffffff},
      {"cvt.sat.u32.s32 %r1, 0x80000000;", 0},
      {"cvt.u32.u64 %r1, 0x123456789;", 0x23456789},
      {"cvt.sat.s32.s64 %r1, 0x100000000;", 0x7fffffff},
      {"cvt.sat.s32.s64 %r1, 0xffffffff00000000;", 0x80000000},
      {"cvt.sat.u32.s64 %r1, -1;", 0},
  };
  ws::test::append(c, wide("cvt.u64.s32 %rd10, -1;", ~0ull));  // s32 -> u64 sign-extends (Table 15)
  ws::test::append(c, wide("cvt.u64.u32 %rd10, 0xffffffff;", 0xffffffffull));
  ws::test::append(c, wide("cvt.sat.u64.s32 %rd10, -1;", 0));
  ws::test::append(c, wide("cvt.sat.s64.u64 %rd10, 0x8000000000000000;", 0x7fffffffffffffffull));
  expectWords(c);
}

TEST(Convert, IntegerToFloat) {
  std::vector<Expect> c = {
      {"cvt.rn.f32.s32 %r1, 16777217;", 0x4b800000},  // 2^24 + 1: tie to even
      {"cvt.rp.f32.s32 %r1, 16777217;", 0x4b800001},
      {"cvt.rm.f32.s32 %r1, -16777217;", 0xcb800001},
      {"cvt.rz.f32.s32 %r1, 0x7fffffff;", 0x4effffff},
      {"cvt.rn.f32.s32 %r1, 0x7fffffff;", 0x4f000000},
      {"cvt.rn.f32.u32 %r1, 0xffffffff;", 0x4f800000},
      {"cvt.rz.f32.u32 %r1, 0xffffffff;", 0x4f7fffff},
      {"cvt.rn.f32.s64 %r1, -1;", 0xbf800000},
      half("cvt.rn.f16.u32 %rs1, 65520;", 0x7c00),  // overflows to infinity
      half("cvt.rz.f16.u32 %rs1, 65535;", 0x7bff),
      half("cvt.rn.f16.s32 %rs1, -3;", 0xc200),
      half("cvt.rn.bf16.s32 %rs1, 257;", 0x4380),  // 257 ties between 256 and 258: even is 256
  };
  ws::test::append(c, wide("cvt.rn.f64.s64 %rd10, 0x7fffffffffffffff;", 0x43e0000000000000ull));
  ws::test::append(c, wide("cvt.rz.f64.u64 %rd10, 0xffffffffffffffff;", 0x43efffffffffffffull));
  expectWords(c);
}

TEST(Convert, FloatToIntegerRoundsAndSaturates) {
  std::vector<Expect> c = {
      {"cvt.rzi.s32.f32 %r1, 0fC039999A;", 0xfffffffe},  // -2.9 -> -2
      {"cvt.rni.s32.f32 %r1, 0f40200000;", 2},           // 2.5 -> 2 (even)
      {"cvt.rni.s32.f32 %r1, 0f40600000;", 4},           // 3.5 -> 4
      {"cvt.rmi.s32.f32 %r1, 0fC0200000;", 0xfffffffd},  // -2.5 -> -3
      {"cvt.rpi.s32.f32 %r1, 0f40066666;", 3},           // 2.1 -> 3
      {"cvt.rzi.s32.f32 %r1, 0f7FC00000;", 0},           // NaN -> 0
      {"cvt.rzi.s32.f32 %r1, 0f7F800000;", 0x7fffffff},
      {"cvt.rzi.s32.f32 %r1, 0fFF800000;", 0x80000000},
      {"cvt.rzi.u32.f32 %r1, 0fBF800000;", 0},
      {"cvt.rzi.u32.f32 %r1, 0f4F9502F9;", 0xffffffff},  // 5e9
      {"cvt.rzi.u8.f32 %r1, 0f43960000;", 0xff},         // 300 saturates to 255
      {"cvt.rzi.s8.f32 %r1, 0fC3960000;", 0xffffff80},
      {"cvt.rzi.s32.f64 %r1, 0d7FF8000000000000;", 0x80000000},  // f64 NaN -> 0x80000000 (H100)
      {"cvt.rni.s16.f64 %r1, 0dC0E0001000000000;", 0xffff8000},  // -32768.5 -> -32768 (even)
      half("cvt.rzi.s16.f16 %rs1, 0xFC00;", 0x8000),
  };
  ws::test::append(c, wide("cvt.rzi.s64.f32 %rd10, 0f7FC00000;", 0x8000000000000000ull));  // 64-bit NaN
  ws::test::append(c, wide("cvt.rzi.u64.f64 %rd10, 0d43F0000000000000;", ~0ull));          // 2^64
  expectWords(c);
}

TEST(Convert, FloatToFloat) {
  std::vector<Expect> c = {
      half("cvt.rn.f16.f32 %rs1, 0f477FF000;", 0x7c00),  // 65520 -> inf
      half("cvt.rn.f16.f32 %rs1, 0f477FEFFF;", 0x7bff),
      half("cvt.rz.f16.f32 %rs1, 0f7F7FFFFF;", 0x7bff),
      half("cvt.rm.f16.f32 %rs1, 0fC77FF000;", 0xfc00),
      half("cvt.rp.f16.f32 %rs1, 0f30800000;", 0x0001),   // 2^-30 rounds up to the smallest subnormal
      half("cvt.rn.f16.f32 %rs1, 0f33000000;", 0x0000),   // 2^-25: tie to 0
      half("cvt.rn.f16.f32 %rs1, 0f7FC12345;", 0x7fff),   // f32 -> f16 NaN is canonical
      half("cvt.rn.bf16.f32 %rs1, 0f3F808000;", 0x3f80),  // tie to even
      half("cvt.rn.bf16.f32 %rs1, 0f3F818000;", 0x3f82),
      half("cvt.rz.bf16.f32 %rs1, 0f7F7FFFFF;", 0x7f7f),
      half("cvt.rn.bf16.f32 %rs1, 0fFFC00000;", 0x7fff),
      half("cvt.rn.relu.f16.f32 %rs1, 0fBF800000;", 0x0000),
      half("cvt.rn.relu.f16.f32 %rs1, 0f80000000;", 0x0000),  // -0 -> +0
      half("cvt.rn.relu.f16.f32 %rs1, 0f7FC00000;", 0x7fff),
      half("cvt.rn.f16.f64 %rs1, 0dFFF8000000000000;", 0xfe00),  // f64 NaN payload and sign carried
      half("mov.b16 %rs2, 0x3c01; cvt.rn.bf16.f16 %rs1, %rs2;", 0x3f80),
      half("mov.b16 %rs2, 0x3f81; cvt.rn.f16.bf16 %rs1, %rs2;", 0x3c08),
      {"mov.b16 %rs2, 0x7e01; cvt.f32.f16 %r1, %rs2;", 0x7fffffff},  // canonical NaN
      {"mov.b16 %rs2, 0x0001; cvt.f32.f16 %r1, %rs2;", 0x33800000},
      {"mov.b16 %rs2, 0x7fc1; cvt.f32.bf16 %r1, %rs2;", 0x7fc10000},  // bf16 -> f32 is a shift
      {"cvt.rn.f32.f64 %r1, 0d3FF0000010000000;", 0x3f800000},        // 1 + 2^-24: tie to even
      {"cvt.rp.f32.f64 %r1, 0d3FF0000010000000;", 0x3f800001},
      {"cvt.rz.f32.f64 %r1, 0d7FEFFFFFFFFFFFFF;", 0x7f7fffff},
      {"cvt.rn.f32.f64 %r1, 0d7FEFFFFFFFFFFFFF;", 0x7f800000},
      {"cvt.rn.f32.f64 %r1, 0d7FF8000000012345;", 0x7fc00000},      // payload truncated, quiet
      {"cvt.rn.f32.f64 %r1, 0d3690000000000000;", 0x00000000},      // 2^-150: tie to zero
      {"cvt.rn.ftz.f32.f64 %r1, 0d3800000000000000;", 0x00000000},  // 2^-127 is tiny: flushed
      {"cvt.rni.f32.f32 %r1, 0f40200000;", 0x40000000},             // 2.5 -> 2.0
      {"cvt.rni.f32.f32 %r1, 0fBE99999A;", 0x80000000},             // -0.3 -> -0.0
      {"cvt.rpi.f32.f32 %r1, 0f00000001;", 0x3f800000},
      {"cvt.rpi.ftz.f32.f32 %r1, 0f00000001;", 0x00000000},
      {"cvt.rzi.f32.f32 %r1, 0f7FC12345;", 0x7fffffff},
      {"cvt.f32.f32 %r1, 0f7FC12345;", 0x7fc12345},      // copied as is
      {"cvt.ftz.f32.f32 %r1, 0f7FC12345;", 0x7fffffff},  // .ftz makes it canonical
      {"cvt.ftz.f32.f32 %r1, 0f80000001;", 0x80000000},
      {"cvt.sat.f32.f32 %r1, 0f40000000;", 0x3f800000},
      {"cvt.sat.f32.f32 %r1, 0f80000000;", 0x00000000},
      {"cvt.sat.f32.f32 %r1, 0f7FC00000;", 0x00000000},
      // Packing: a goes to the upper half, b to the lower.
      {"cvt.rn.f16x2.f32 %r1, 0f3F800000, 0f40000000;", 0x3c004000},
      {"cvt.rz.relu.bf16x2.f32 %r1, 0fBF800000, 0f47800080;", 0x00004780},
      {"cvt.rn.bf16x2.f32 %r1, 0f7F800000, 0fFFC00000;", 0x7f807fff},
  };
  ws::test::append(c, wide("cvt.f64.f32 %rd10, 0f7FC12345;", 0x7ff82468a0000000ull));  // payload widened
  ws::test::append(c, wide("cvt.ftz.f64.f32 %rd10, 0fFFC12345;", 0x7fffffffe0000000ull));
  ws::test::append(c, wide("cvt.f64.f32 %rd10, 0f00000001;", 0x36a0000000000000ull));
  ws::test::append(c, wide("cvt.ftz.f64.f32 %rd10, 0f80000001;", 0x8000000000000000ull));
  ws::test::append(c, wide("cvt.rni.f64.f64 %rd10, 0d4004000000000000;", 0x4000000000000000ull));  // 2.5 -> 2
  ws::test::append(c, wide("mov.b16 %rs2, 0x7e00; cvt.f64.f16 %rd10, %rs2;", 0x7ff8000000000000ull));
  expectWords(c);
}

}  // namespace
