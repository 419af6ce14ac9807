// Bit and logic instructions through the engine, expected bits worked out by
// hand from the PTX ISA (9.7.7 logic and shift, 9.7.1 popc/clz/bfind/fns/
// brev/bfe/bfi/dp4a/dp2a, 9.7.8.7 prmt), plus the H100's own behaviour where
// it departs from the ISA's pseudo-code (64-bit bfe/bfi operands).
#include <gtest/gtest.h>

#include "tests/core/alu_test_util.hpp"

namespace {

using ws::test::Expect;
using ws::test::expectWords;

TEST(Bits, LogicOps) {
  std::vector<Expect> c = {
      {"and.b32 %r1, 0xff00ff00, 0x0ff00ff0;", 0x0f000f00},
      {"or.b32 %r1, 0xff00ff00, 0x0ff00ff0;", 0xfff0fff0},
      {"xor.b32 %r1, 0xff00ff00, 0x0ff00ff0;", 0xf0f0f0f0},
      {"not.b32 %r1, 0x0000ffff;", 0xffff0000},
      {"not.b16 %rs1, 0x00ff; cvt.u32.u16 %r1, %rs1;", 0xff00},
      {"cnot.b32 %r1, 0;", 1},
      {"cnot.b32 %r1, 0x80000000;", 0},
      {"cnot.b16 %rs1, 0; cvt.u32.u16 %r1, %rs1;", 1},
      // lop3 truth tables: ta = 0xF0, tb = 0xCC, tc = 0xAA.
      {"lop3.b32 %r1, 0xF0, 0xCC, 0xAA, 0x80;", 0x80},  // a & b & c
      {"lop3.b32 %r1, 0xF0, 0xCC, 0xAA, 0x1A;", 0x1a},  // (a & b | c) ^ a
      {"lop3.b32 %r1, 0x12345678, 0x9abcdef0, 0x0f0f0f0f, 0x96;", 0x12345678u ^ 0x9abcdef0u ^ 0x0f0f0f0fu},
      {"lop3.b32 %r1, 0xffff0000, 0xff00ff00, 0xf0f0f0f0, 0xe8;", 0xfff0f000},  // majority
      {"lop3.b32 %r1, 0x12345678, 0x9abcdef0, 0x0f0f0f0f, 0x00;", 0},
      {"lop3.b32 %r1, 0x12345678, 0x9abcdef0, 0x0f0f0f0f, 0xff;", 0xffffffff},
  };
  c.push_back(ws::test::preds(
      "setp.eq.u32 %p3, 1, 1; setp.eq.u32 %p4, 1, 0; and.pred %p1, %p3, %p4; or.pred %p2, %p3, %p4;", false, true));
  c.push_back(ws::test::preds("setp.eq.u32 %p3, 1, 1; xor.pred %p1, %p3, %p3; not.pred %p2, %p1;", false, true));
  ws::test::append(c, ws::test::wide("xor.b64 %rd10, 0xffffffff00000000, 0x0000ffffffff0000;", 0xffff0000ffff0000ull));
  expectWords(c);
}

TEST(Bits, ShiftsClampAtTheWidth) {
  std::vector<Expect> c = {
      {"shl.b32 %r1, 0x80000001, 31;", 0x80000000},
      {"shl.b32 %r1, 1, 32;", 0},
      {"shl.b32 %r1, 1, 0xffffffff;", 0},  // the amount is unsigned
      {"shr.u32 %r1, 0x80000000, 31;", 1},
      {"shr.u32 %r1, 0x80000000, 32;", 0},
      {"shr.b32 %r1, 0x80000000, 4;", 0x08000000},
      {"shr.s32 %r1, 0x80000000, 4;", 0xf8000000},
      {"shr.s32 %r1, 0x80000000, 40;", 0xffffffff},  // sign fill
      {"shr.s32 %r1, 0x7fffffff, 40;", 0},
      {"shr.s16 %rs1, 0x8000, 20; cvt.u32.u16 %r1, %rs1;", 0xffff},
      {"shr.u16 %rs1, 0x8000, 15; cvt.u32.u16 %r1, %rs1;", 1},
      {"shl.b16 %rs1, 0x0001, 16; cvt.u32.u16 %r1, %rs1;", 0},
      // shf: {b, a} = 0x89abcdef_01234567 shifted by n.
      {"shf.l.wrap.b32 %r1, 0x01234567, 0x89abcdef, 8;", 0xabcdef01},
      {"shf.l.wrap.b32 %r1, 0x01234567, 0x89abcdef, 40;", 0xabcdef01},   // 40 & 31 = 8
      {"shf.l.clamp.b32 %r1, 0x01234567, 0x89abcdef, 40;", 0x01234567},  // min(40, 32) = 32
      {"shf.l.clamp.b32 %r1, 0x01234567, 0x89abcdef, 0;", 0x89abcdef},
      {"shf.r.wrap.b32 %r1, 0x01234567, 0x89abcdef, 8;", 0xef012345},
      {"shf.r.clamp.b32 %r1, 0x01234567, 0x89abcdef, 32;", 0x89abcdef},
      {"shf.r.clamp.b32 %r1, 0x01234567, 0x89abcdef, 0xffffffff;", 0x89abcdef},
      {"shf.r.wrap.b32 %r1, 0x01234567, 0x01234567, 4;", 0x70123456},  // rotate right
  };
  ws::test::append(c, ws::test::wide("shl.b64 %rd10, 1, 63;", 0x8000000000000000ull));
  ws::test::append(c, ws::test::wide("shl.b64 %rd10, 1, 64;", 0));
  ws::test::append(c, ws::test::wide("shr.s64 %rd10, 0x8000000000000000, 100;", ~0ull));
  ws::test::append(c, ws::test::wide("shr.u64 %rd10, 0x8000000000000000, 63;", 1));
  expectWords(c);
}

TEST(Bits, CountAndFind) {
  expectWords({
      {"popc.b32 %r1, 0xf0f0f0f1;", 17},
      {"popc.b64 %r1, 0xffffffffffffffff;", 64},
      {"clz.b32 %r1, 0;", 32},
      {"clz.b32 %r1, 1;", 31},
      {"clz.b32 %r1, 0x80000000;", 0},
      {"clz.b64 %r1, 0;", 64},
      {"clz.b64 %r1, 0x100000000;", 31},
      {"bfind.u32 %r1, 0;", 0xffffffff},
      {"bfind.u32 %r1, 1;", 0},
      {"bfind.u32 %r1, 0x80000000;", 31},
      {"bfind.s32 %r1, -1;", 0xffffffff},  // no non-sign bit
      {"bfind.s32 %r1, 0x80000000;", 30},  // most significant 0 of a negative value
      {"bfind.s32 %r1, 0xfffffff0;", 3},
      {"bfind.shiftamt.u32 %r1, 1;", 31},
      {"bfind.shiftamt.u32 %r1, 0;", 0xffffffff},
      {"bfind.s64 %r1, 0xffffffff00000000;", 31},
      {"bfind.shiftamt.s64 %r1, 1;", 63},
      {"brev.b32 %r1, 0x00000001;", 0x80000000},
      {"brev.b32 %r1, 0x12345678;", 0x1e6a2c48},
      {"brev.b64 %rd10, 1; mov.b64 {%r2, %r1}, %rd10;", 0x80000000},
      // fns: the PTX ISA's own examples.
      {"fns.b32 %r1, 0xaaaaaaaa, 3, 1;", 3},
      {"fns.b32 %r1, 0xaaaaaaaa, 3, -1;", 3},
      {"fns.b32 %r1, 0xaaaaaaaa, 2, 1;", 3},
      {"fns.b32 %r1, 0xaaaaaaaa, 2, -1;", 1},
      {"fns.b32 %r1, 0xaaaaaaaa, 0, 0;", 0xffffffff},
      {"fns.b32 %r1, 0x80000001, 0, 2;", 31},
      {"fns.b32 %r1, 0x80000001, 31, -2;", 0},
      {"fns.b32 %r1, 0x80000001, 0, 3;", 0xffffffff},
  });
}

TEST(Bits, FnsBaseAboveThirtyOneIsDiagnosed) {
  auto r = ws::test::runKernel("\tfns.b32 %r1, 0xffffffff, 40, 1;\n\tst.global.u32 [%rd3], %r1;\n", {0}, 32, 1,
                               {ws::core::ExecMode::Hardware});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.hasDiag(ws::core::DiagKind::FnsBaseRange));
}

TEST(Bits, BitFieldExtractAndInsert) {
  std::vector<Expect> c = {
      {"bfe.u32 %r1, 0x0000f000, 12, 4;", 0xf},
      {"bfe.s32 %r1, 0x0000f000, 12, 4;", 0xffffffff},  // the field's msb is replicated
      {"bfe.s32 %r1, 0x00007000, 12, 4;", 7},
      {"bfe.u32 %r1, 0x12345678, 4, 0;", 0},  // length 0
      {"bfe.s32 %r1, 0x80000000, 4, 0;", 0},
      {"bfe.u32 %r1, 0x80000000, 32, 8;", 0},           // start past the msb
      {"bfe.s32 %r1, 0x80000000, 32, 8;", 0xffffffff},  // ... fills with a[31]
      {"bfe.s32 %r1, 0x40000000, 28, 8;", 4},           // field runs past the msb: sign is a[31] = 0
      {"bfe.s32 %r1, 0x80000000, 28, 8;", 0xfffffff8},
      {"bfe.u32 %r1, 0x12345678, 0x104, 0x108;", 0x67},  // only the low 8 bits of b and c count
      {"bfi.b32 %r1, 0xff, 0x12345678, 8, 8;", 0x1234ff78},
      {"bfi.b32 %r1, 0xff, 0x00000000, 28, 8;", 0xf0000000},  // clipped at the msb
      {"bfi.b32 %r1, 0xff, 0x12345678, 8, 0;", 0x12345678},
      {"bfi.b32 %r1, 0xff, 0x12345678, 32, 8;", 0x12345678},
      {"bfi.b32 %r1, 0xab, 0x12345678, 0x100, 0x104;", 0x1234567b},  // low 8 bits: pos 0, len 4
  };
  // The 64-bit forms on an H100 use all 32 bits of the position and length
  // operands (golden-alu.json): length 0x803 takes every bit, position 0x100
  // is past the msb.
  ws::test::append(c, ws::test::wide("bfe.u64 %rd10, 0xfffffffffffffff9, 0, 0x1f01;", 0xfffffffffffffff9ull));
  ws::test::append(c, ws::test::wide("bfe.s64 %rd10, 7, 0, 0x803;", 7));
  ws::test::append(c, ws::test::wide("bfe.s64 %rd10, 0x8000000000000000, 0x100, 1;", ~0ull));
  ws::test::append(c, ws::test::wide("bfe.u64 %rd10, 0x123456789abcdef0, 32, 16;", 0x5678));
  ws::test::append(c, ws::test::wide("bfi.b64 %rd10, 0xffffffffffffffff, 0, 60, 0x100;", 0xf000000000000000ull));
  expectWords(c);
}

TEST(Bits, Permute) {
  // {b, a} = {0x8f9fafbf, 0x0c1d2e3f}: bytes 0..3 = 3f 2e 1d 0c, 4..7 = bf af 9f 8f.
  const std::string ab = "0x0c1d2e3f, 0x8f9fafbf";
  expectWords({
      {"prmt.b32 %r1, " + ab + ", 0x3210;", 0x0c1d2e3f},
      {"prmt.b32 %r1, " + ab + ", 0x7654;", 0x8f9fafbf},
      {"prmt.b32 %r1, " + ab + ", 0x0123;", 0x3f2e1d0c},
      {"prmt.b32 %r1, " + ab + ", 0x4444;", 0xbfbfbfbf},
      {"prmt.b32 %r1, " + ab + ", 0xc840;", 0xff00bf3f},      // 8, c: sign of byte 0 (0), byte 4 (1)
      {"prmt.b32 %r1, " + ab + ", 0xfff76540;", 0x9fafbf3f},  // only c[15:0] selects
      {"prmt.b32.f4e %r1, " + ab + ", 1;", 0xbf0c1d2e},
      {"prmt.b32.f4e %r1, " + ab + ", 3;", 0x9fafbf0c},
      {"prmt.b32.b4e %r1, " + ab + ", 0;", 0xaf9f8f3f},
      {"prmt.b32.b4e %r1, " + ab + ", 2;", 0x8f3f2e1d},
      {"prmt.b32.rc8 %r1, " + ab + ", 2;", 0x1d1d1d1d},
      {"prmt.b32.ecl %r1, " + ab + ", 1;", 0x0c1d2e2e},
      {"prmt.b32.ecr %r1, " + ab + ", 2;", 0x1d1d2e3f},
      {"prmt.b32.rc16 %r1, " + ab + ", 1;", 0x0c1d0c1d},
      {"prmt.b32.rc16 %r1, " + ab + ", 6;", 0x2e3f2e3f},  // only c[1:0]: row 2
  });
}

TEST(Bits, DotProducts) {
  expectWords({
      {"dp4a.u32.u32 %r1, 0x01020304, 0x01010101, 10;", 20},
      {"dp4a.s32.s32 %r1, 0xffffffff, 0x01020304, 0;", 0xfffffff6},  // -(1+2+3+4)
      {"dp4a.u32.s32 %r1, 0x000000ff, 0x000000ff, 0;", 0xffffff01},  // 255 * -1
      {"dp4a.s32.u32 %r1, 0x000000ff, 0x000000ff, 0;", 0xffffff01},  // -1 * 255
      {"dp4a.u32.u32 %r1, 0xffffffff, 0xffffffff, 0;", 4 * 255 * 255},
      // dp2a: halfwords of a with bytes 0,1 (.lo) or 2,3 (.hi) of b.
      {"dp2a.lo.u32.u32 %r1, 0x00020003, 0x04030201, 0;", 3 * 1 + 2 * 2},
      {"dp2a.hi.u32.u32 %r1, 0x00020003, 0x04030201, 1;", 3 * 3 + 2 * 4 + 1},
      {"dp2a.lo.s32.s32 %r1, 0xffff0002, 0x0000ff05, 0;", 2 * 5 + 1},   // 2*5 + (-1)(-1)
      {"dp2a.hi.s32.u32 %r1, 0x8000ffff, 0xff010000, 0;", 0xff807fff},  // -1*1 + -32768*255
  });
}

}  // namespace
