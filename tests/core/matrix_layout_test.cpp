// Fragment layouts of the warp-matrix instructions (core/exec/matrix_layout),
// the arithmetic rules (matrix_numerics) on hand-worked values, and the
// engine's handling of the warp-wide wait. The H100 corpus
// (tensor_replay_test) checks every form against the hardware; these say
// the same things in a form a reader can check against the PTX ISA tables.
#include "core/exec/tensor/matrix_layout.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "core/exec/tensor/matrix_numerics.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/test_util.hpp"

namespace ws::core::mx {
namespace {

MmaForm decodeOk(const std::string& line) {
  auto r = parsePtx(
      ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<64>;\n.reg .f64 "
      "%fd<32>;\n" +
          line + "\n}\n",
      "t.ptx");
  EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front().str());
  if (!r.program) return {};
  auto d = decodeMma(r.program->instrs.front());
  if (auto* e = std::get_if<std::string>(&d)) {
    ADD_FAILURE() << line << ": " << *e;
    return {};
  }
  return std::get<MmaForm>(d);
}

std::string regs(int n, int first = 0) {
  std::string s = "{";
  for (int i = 0; i < n; ++i) s += (i ? ", %r" : "%r") + std::to_string(first + i);
  return s + "}";
}

// Every element of every operand is held by exactly one (lane, reg, slot),
// and the fragment registers cover rows x cols x problems elements.
void expectBijection(const MmaForm& f) {
  for (MatOp o : {MatOp::A, MatOp::B, MatOp::C, MatOp::D}) {
    const FragShape s = fragShape(f, o);
    EXPECT_EQ(32 * s.regs * s.perReg, f.rows(o) * f.cols(o) * f.problems()) << f.describe() << " " << operandName(o);
    std::set<std::tuple<int, int, int>> seen;
    forEachFragElement(f, o, [&](int lane, int reg, int slot, Cell c) {
      EXPECT_TRUE(c.row >= 0 && c.row < f.rows(o) && c.col >= 0 && c.col < f.cols(o))
          << f.describe() << " " << operandName(o) << " lane " << lane << " reg " << reg << " slot " << slot;
      EXPECT_TRUE(seen.insert({c.problem, c.row, c.col}).second)
          << f.describe() << " " << operandName(o) << " element held twice: lane " << lane << " reg " << reg;
    });
  }
}

TEST(MatrixLayout, EveryMmaFormOfSm90IsABijection) {
  const std::vector<std::string> forms = {"m8n8k4.row.col.f32.f16.f16.f32",
                                          "m8n8k4.col.row.f16.f16.f16.f16",
                                          "m8n8k4.row.col.f64.f64.f64.f64",
                                          "m16n8k8.row.col.f32.f16.f16.f32",
                                          "m16n8k16.row.col.f16.f16.f16.f16",
                                          "m16n8k16.row.col.f32.bf16.bf16.f32",
                                          "m16n8k4.row.col.f32.tf32.tf32.f32",
                                          "m16n8k8.row.col.f32.tf32.tf32.f32",
                                          "m16n8k16.row.col.f64.f64.f64.f64",
                                          "m16n8k32.row.col.f32.e4m3.e5m2.f32",
                                          "m16n8k16.row.col.f16.e5m2.e5m2.f16",
                                          "m8n8k16.row.col.s32.s8.u8.s32",
                                          "m16n8k32.row.col.satfinite.s32.u8.u8.s32",
                                          "m16n8k64.row.col.s32.s4.s4.s32",
                                          "m8n8k32.row.col.s32.u4.s4.s32",
                                          "m8n8k128.row.col.s32.b1.b1.s32.xor.popc",
                                          "m16n8k256.row.col.s32.b1.b1.s32.and.popc"};
  for (const std::string& form : forms) {
    // Register counts from the form itself.
    MmaForm probe;
    {
      auto r = parsePtx(
          ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<64>;\n"
          "mma.sync.aligned." +
              form + " {%r0}, {%r1}, {%r2}, {%r3};\n}\n",
          "t.ptx");
      ASSERT_TRUE(r.ok()) << form;
      auto d = decodeMma(r.program->instrs.front());
      ASSERT_TRUE(std::holds_alternative<MmaForm>(d)) << form << ": " << std::get<std::string>(d);
      probe = std::get<MmaForm>(d);
    }
    expectBijection(probe);
  }
}

// PTX ISA 9.7.14.5.8, "Matrix fragments for mma.m16n8k16 with floating point
// type", figure of the A fragment: groupID = lane >> 2, threadID_in_group =
// lane % 4; a0,a1: (groupID, 2t..2t+1), a2,a3: (groupID + 8, ...), a4,a5:
// (groupID, 2t+8..), a6,a7: (groupID + 8, 2t+8..).
TEST(MatrixLayout, M16n8k16F16FragmentsFollowTheIsaFigures) {
  const MmaForm f = decodeOk("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 " + regs(4) + ", " + regs(4, 4) + ", " +
                             regs(2, 8) + ", " + regs(4, 10) + ";");
  // lane 5: g = 1, t = 1
  EXPECT_EQ(fragCell(f, MatOp::A, 5, 0, 0), (Cell{0, 1, 2}));
  EXPECT_EQ(fragCell(f, MatOp::A, 5, 0, 1), (Cell{0, 1, 3}));
  EXPECT_EQ(fragCell(f, MatOp::A, 5, 1, 0), (Cell{0, 9, 2}));
  EXPECT_EQ(fragCell(f, MatOp::A, 5, 2, 0), (Cell{0, 1, 10}));
  EXPECT_EQ(fragCell(f, MatOp::A, 5, 3, 1), (Cell{0, 9, 11}));
  // B: b0,b1: (2t..2t+1, g), b2,b3: (2t+8.., g).
  EXPECT_EQ(fragCell(f, MatOp::B, 5, 0, 1), (Cell{0, 3, 1}));
  EXPECT_EQ(fragCell(f, MatOp::B, 5, 1, 0), (Cell{0, 10, 1}));
  // C/D f32: c0,c1: (g, 2t..2t+1), c2,c3: (g + 8, ...).
  EXPECT_EQ(fragCell(f, MatOp::D, 5, 1, 0), (Cell{0, 1, 3}));
  EXPECT_EQ(fragCell(f, MatOp::D, 5, 2, 0), (Cell{0, 9, 2}));
}

TEST(MatrixLayout, M8n8k4QuadPairsAndTheirF32Accumulator) {
  const MmaForm f = decodeOk("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 " + regs(8) + ", " + regs(2, 8) + ", " +
                             regs(2, 10) + ", " + regs(8, 12) + ";");
  EXPECT_TRUE(f.quadPairs());
  EXPECT_EQ(f.problems(), 4);
  // Lanes 4..7 and 20..23 are quad-pair 1; lane 21 (t = 1, h = 1) holds row 5 of its A.
  EXPECT_EQ(fragCell(f, MatOp::A, 21, 1, 1), (Cell{1, 5, 3}));
  EXPECT_EQ(fragCell(f, MatOp::B, 21, 0, 0), (Cell{1, 0, 5}));  // .col B: column t + 4h
  // f32 C: row (t & 1) + (i & 2) + 4h, column (i & 4) + (t & 2) + (i & 1).
  EXPECT_EQ(fragCell(f, MatOp::C, 3, 6, 0), (Cell{0, 3, 6}));
}

TEST(MatrixLayout, WmmaF16FragmentsHoldTheirRegistersTwice) {
  WmmaLdSt w;
  w.frag = MatOp::A;
  w.shape = {16, 16, 16};
  w.type = Elem::F16;
  const MmaForm f = w.mmaForm();
  EXPECT_EQ(fragShape(f, MatOp::A).regs, 8);
  for (int lane = 0; lane < 32; ++lane)
    for (int r = 0; r < 4; ++r) EXPECT_EQ(fragCell(f, MatOp::A, lane, r, 1), fragCell(f, MatOp::A, lane, r + 4, 1));
  w.type = Elem::BF16;
  EXPECT_EQ(fragShape(w.mmaForm(), MatOp::A).regs, 4);
}

MmaForm decodeWmma(const std::string& form, int a, int b, int c, bool f64 = false) {
  const std::string cls = f64 ? "%fd" : "%r";
  auto list = [&](int n, int first) {
    std::string s = "{";
    for (int i = 0; i < n; ++i) s += (i ? ", " : "") + cls + std::to_string(first + i);
    return s + "}";
  };
  return decodeOk("wmma.mma" + form + " " + list(c, 0) + ", " + list(a, 8) + ", " + list(b, 16) + ", " + list(c, 24) +
                  ";");
}

// wmma: the first `unique` registers hold every element once; the others
// (f16 A and B: always 8 registers) repeat register r % unique.
void expectWmmaLayout(const MmaForm& f) {
  for (MatOp o : {MatOp::A, MatOp::B, MatOp::C, MatOp::D}) {
    const FragShape s = fragShape(f, o);
    EXPECT_EQ(32 * s.unique * s.perReg, f.rows(o) * f.cols(o)) << f.describe() << " " << operandName(o);
    std::set<std::pair<int, int>> seen;
    forEachFragElement(f, o, [&](int lane, int reg, int slot, Cell c) {
      EXPECT_TRUE(c.row >= 0 && c.row < f.rows(o) && c.col >= 0 && c.col < f.cols(o))
          << f.describe() << " " << operandName(o) << " lane " << lane << " reg " << reg << " slot " << slot;
      if (reg >= s.unique) {
        EXPECT_EQ(c, fragCell(f, o, lane, reg % s.unique, slot)) << f.describe() << " " << operandName(o);
        return;
      }
      EXPECT_TRUE(seen.insert({c.row, c.col}).second)
          << f.describe() << " " << operandName(o) << " element held twice: lane " << lane << " reg " << reg;
    });
  }
}

TEST(MatrixLayout, EveryWmmaFormOfSm90IsABijection) {
  struct Form {
    std::string text;
    int a, b, c;
    bool f64 = false;
  };
  const std::vector<Form> forms = {
      {".sync.aligned.row.col.m16n16k16.f32.f16", 8, 8, 4},
      {".sync.aligned.col.row.m32n8k16.f16.f32", 8, 8, 8},
      {".sync.aligned.row.row.m8n32k16.f32.f32", 8, 8, 8},
      {".sync.aligned.row.col.m32n8k16.f32.bf16.bf16.f32", 8, 2, 8},
      {".sync.aligned.col.col.m8n32k16.f32.bf16.bf16.f32", 2, 8, 8},
      {".sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite", 2, 2, 8},
      {".sync.aligned.row.col.m32n8k16.s32.u8.u8.s32", 4, 1, 8},
      {".sync.aligned.col.row.m8n32k16.s32.s8.s8.s32", 1, 4, 8},
      {".sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32", 4, 4, 8},
      {".sync.aligned.col.row.m8n8k4.f64.f64.f64.f64.rz", 1, 1, 2, true},
      {".sync.aligned.row.col.m8n8k32.s32.u4.u4.s32", 1, 1, 2},
      {".and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", 1, 1, 2},
  };
  for (const Form& form : forms) {
    const MmaForm f = decodeWmma(form.text, form.a, form.b, form.c, form.f64);
    EXPECT_EQ(fragShape(f, MatOp::A).regs, form.a) << form.text;
    EXPECT_EQ(fragShape(f, MatOp::B).regs, form.b) << form.text;
    EXPECT_EQ(fragShape(f, MatOp::C).regs, form.c) << form.text;
    expectWmmaLayout(f);
  }
}

// The H100's layouts (tests/data/tensor/golden-tc_wmma2.json.gz, `python3
// tcwmma2.py --layouts`), at lane 13: g = 3, t = 1.
TEST(MatrixLayout, WmmaShapesAreMmaM16n8LayoutsSideBySideStackedOrTransposed) {
  // m32n8k16: two m16n8k16 stacked; registers 4-7 of A and C are rows 16-31,
  // B is one m16n8k16 B in 2 registers, repeated.
  const MmaForm m32 = decodeWmma(".sync.aligned.row.col.m32n8k16.f32.f32", 8, 8, 8);
  EXPECT_EQ(fragCell(m32, MatOp::A, 13, 5, 1), (Cell{0, 3 + 8 + 16, 3}));
  EXPECT_EQ(fragCell(m32, MatOp::A, 13, 2, 0), (Cell{0, 3, 2 + 8}));
  EXPECT_EQ(fragCell(m32, MatOp::B, 13, 1, 1), (Cell{0, 3 + 8, 3}));
  EXPECT_EQ(fragCell(m32, MatOp::B, 13, 7, 1), (Cell{0, 3 + 8, 3}));
  EXPECT_EQ(fragShape(m32, MatOp::B).unique, 2);
  EXPECT_EQ(fragCell(m32, MatOp::D, 13, 5, 0), (Cell{0, 3 + 16, 3}));
  EXPECT_EQ(fragCell(m32, MatOp::D, 13, 7, 0), (Cell{0, 3 + 24, 3}));
  // m8n32k16 computes D^T = B^T A^T as an m32n8k16: A holds A^T as that
  // product's B, B holds B^T as its A, C/D hold the transpose.
  const MmaForm m8 = decodeWmma(".sync.aligned.row.col.m8n32k16.f32.f32", 8, 8, 8);
  EXPECT_EQ(fragCell(m8, MatOp::A, 13, 1, 0), (Cell{0, 3, 2 + 8}));
  EXPECT_EQ(fragCell(m8, MatOp::A, 13, 3, 0), (Cell{0, 3, 2 + 8}));
  EXPECT_EQ(fragCell(m8, MatOp::B, 13, 6, 1), (Cell{0, 3 + 8, 3 + 16}));
  EXPECT_EQ(fragCell(m8, MatOp::C, 13, 3, 0), (Cell{0, 3, 3 + 8}));
  // m16n16k8 tf32: two m16n8k8 side by side.
  const MmaForm tf = decodeWmma(".sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32", 4, 4, 8);
  EXPECT_EQ(fragCell(tf, MatOp::A, 13, 3, 0), (Cell{0, 3 + 8, 1 + 4}));
  EXPECT_EQ(fragCell(tf, MatOp::B, 13, 3, 0), (Cell{0, 1 + 4, 3 + 8}));
  EXPECT_EQ(fragCell(tf, MatOp::D, 13, 6, 0), (Cell{0, 3 + 8, 2 + 8}));
  // m8n8k4 f64, m8n8k32, m8n8k128: the mma.sync layouts.
  const MmaForm f64 = decodeWmma(".sync.aligned.col.col.m8n8k4.f64.f64.f64.f64", 1, 1, 2, true);
  EXPECT_EQ(fragCell(f64, MatOp::A, 13, 0, 0), (Cell{0, 3, 1}));
  EXPECT_EQ(fragCell(f64, MatOp::B, 13, 0, 0), (Cell{0, 1, 3}));
  EXPECT_EQ(fragCell(f64, MatOp::C, 13, 1, 0), (Cell{0, 3, 3}));
  const MmaForm b1 = decodeWmma(".xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", 1, 1, 2);
  EXPECT_EQ(fragCell(b1, MatOp::A, 13, 0, 31), (Cell{0, 3, 63}));
}

TEST(MatrixLayout, WmmaFormsOutsideSm90AreRejectedWithAReason) {
  // ptxas 13 for sm_90: mixed s8/u8, .satfinite on floating point, .rn on tf32.
  for (const std::string form : {".sync.aligned.row.col.m16n16k16.s32.s8.u8.s32 {%r0}, {%r1}, {%r2}, {%r3};",
                                 ".sync.aligned.row.col.m16n16k16.f32.f32.satfinite {%r0}, {%r1}, {%r2}, {%r3};",
                                 ".sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32.rn {%r0}, {%r1}, {%r2}, {%r3};",
                                 ".sync.aligned.col.col.m8n8k32.s32.s4.s4.s32 {%r0}, {%r1}, {%r2}, {%r3};"}) {
    auto r =
        parsePtx(".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<64>;\nwmma.mma" +
                     form + "\n}\n",
                 "t.ptx");
    ASSERT_TRUE(r.ok()) << form;
    auto d = decodeMma(r.program->instrs.front());
    ASSERT_TRUE(std::holds_alternative<std::string>(d)) << form;
    EXPECT_NE(std::get<std::string>(d).find("not a wmma.mma form of sm_90"), std::string::npos) << form;
  }
}

// PTX ISA 9.7.14.5.15: "each thread receives ... elements (row = lane / 4,
// col = 2 * (lane % 4) + i)"; .trans reads the matrix column-major.
TEST(MatrixLayout, LdmatrixRowsAndTheirTranspose) {
  EXPECT_EQ(ldmatrixCell(false, 13, 2, 1), (MatCell{2, 3, 3}));
  EXPECT_EQ(ldmatrixCell(true, 13, 2, 1), (MatCell{2, 3, 3}));
  EXPECT_EQ(ldmatrixCell(true, 6, 0, 0), (MatCell{0, 4, 1}));
  EXPECT_EQ(rowAddressLane(3, 7), 31);
}

TEST(MatrixLayout, FormsOutsideSm90AreRejectedWithAReason) {
  auto r = parsePtx(
      ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<64>;\n"
      "mma.sync.aligned.m16n8k16.row.col.f16.bf16.bf16.f16 {%r0, %r1}, {%r2, %r3, %r4, %r5}, {%r6, %r7}, "
      "{%r8, %r9};\n}\n",
      "t.ptx");
  ASSERT_TRUE(r.ok());
  auto d = decodeMma(r.program->instrs.front());
  ASSERT_TRUE(std::holds_alternative<std::string>(d));
  EXPECT_NE(std::get<std::string>(d).find("not an mma.sync form of sm_90"), std::string::npos);
}

// ---- arithmetic on worked values

MmaForm f16Form(Elem acc) {
  MmaForm f;
  f.shape = {16, 8, 16};
  f.a = f.b = Elem::F16;
  f.c = f.d = acc;
  return f;
}

TEST(MatrixNumerics, BlockRuleTruncatesBelowTwentyFiveBitsOfTheLargestExponent) {
  const MmaForm f = f16Form(Elem::F32);
  std::vector<std::uint64_t> a(16, 0), b(16, 0x3c00);  // b = 1
  // c = 1.0, one product 2^-24 (f16 0x0001 * 1): 24 bits below c's exponent: kept,
  // then the f32 sum 1 + 2^-24 truncates to 1.0 (no rounding up).
  a[15] = 0x0001;
  EXPECT_EQ(dotElement(f, a, b, 0x3f800000), 0x3f800000u);
  // c = -1.0: -1 + 2^-24 is 1 - 2^-24 in magnitude: exact in f32.
  EXPECT_EQ(dotElement(f, a, b, 0xbf800000), 0xbf7fffffu);
  // c = 2^24 aligns at 2^-1: two products of 2^-18 are each truncated to 0.
  a[15] = 0x0040;
  a[14] = 0x0040;
  EXPECT_EQ(dotElement(f, a, b, 0x4b800000), 0x4b800000u);
}

TEST(MatrixNumerics, ExactZerosArePositiveAndOverflowIsInfinite) {
  const MmaForm f = f16Form(Elem::F32);
  std::vector<std::uint64_t> a(16, 0x8000), b(16, 0x3c00);  // -0 * 1
  EXPECT_EQ(dotElement(f, a, b, 0x80000000), 0u);
  std::vector<std::uint64_t> big(16, 0x7bff), one(16, 0x3c00);      // 16 x 65504
  EXPECT_EQ(dotElement(f16Form(Elem::F16), big, one, 0), 0x7c00u);  // beyond f16: +inf
}

TEST(MatrixNumerics, F64IsAnFmaChainWithTheAccumulatorsNaNFirst) {
  MmaForm f;
  f.shape = {8, 8, 4};
  f.a = f.b = f.c = f.d = Elem::F64;
  const std::uint64_t one = 0x3ff0000000000000ull, big = 0x4340000000000000ull;  // 2^53
  // c = 2^53, products 1, 1, 1, 1 added one at a time: each 2^53 + 1 rounds to even (2^53).
  std::vector<std::uint64_t> a(4, one), b(4, one);
  EXPECT_EQ(dotElement(f, a, b, big), big);
  a[0] = 0x7ff8000000000001ull;
  EXPECT_EQ(dotElement(f, a, b, 0x7ff0000000000004ull), 0x7ff8000000000004ull);
}

TEST(MatrixNumerics, WmmaTf32ChainsTwoK4StepsThroughF32) {
  // ptxas runs wmma.mma .m16n16k8 .tf32 as HMMA.1684 twice: k = 0..3, then
  // k = 4..7 with that f32 result as the accumulator.
  MmaForm f;
  f.op = Opcode::WmmaMma;
  f.shape = {16, 16, 8};
  f.a = f.b = Elem::TF32;
  f.c = f.d = Elem::F32;
  std::vector<std::uint64_t> a(8, 0), b(8, 0x3f800000);  // b = 1
  a[0] = 0x3f800000;                                     // 1
  a[1] = 0x33800000;                                     // 2^-24
  a[4] = 0x33800000;
  // k = 0..3: 1 + 2^-24 rounds toward zero to 1; k = 4..7: 1 + 2^-24 again 1.
  // One block of 8 would keep both: 1 + 2^-23.
  EXPECT_EQ(dotElement(f, a, b, 0), 0x3f800000u);
  f.op = Opcode::Mma;
  f.shape = {16, 8, 8};
  EXPECT_EQ(dotElement(f, a, b, 0), 0x3f800001u);
}

TEST(MatrixNumerics, WgmmaFp8AlignsThirteenBitsAndKeepsFourteenBitsOfAnF32Sum) {
  // The H200's wgmma fp8 rule (tests/data/hopper/wgmma-e4m3-*, -e5m2-*), not
  // mma.sync's two 25-bit passes.
  MmaForm f;
  f.op = Opcode::WgmmaMmaAsync;
  f.shape = {64, 8, 32};
  f.a = f.b = Elem::E4M3;
  f.c = f.d = Elem::F32;
  std::vector<std::uint64_t> a(32, 0), b(32, 0);
  a[0] = b[0] = 0x38;  // 1
  a[1] = b[1] = 0x04;  // 2^-7 (subnormal): the product 2^-14 is 14 bits below 1
  EXPECT_EQ(dotElement(f, a, b, 0), 0x3f800000u);
  MmaForm m = f;
  m.op = Opcode::Mma;
  m.shape = {16, 8, 32};
  EXPECT_EQ(dotElement(m, a, b, 0), 0x3f800200u);  // mma.sync keeps it: 1 + 2^-14
  // 1 + 1 + 1 + 2^-13: the product is kept (13 bits below 1), but the sum 3 + 2^-13
  // has 15 significant bits and is truncated to 14: 3.
  a[1] = b[1] = a[2] = b[2] = 0x38;
  a[3] = 0x08;  // 2^-6
  b[3] = 0x04;  // 2^-7
  EXPECT_EQ(dotElement(f, a, b, 0), 0x40400000u);
  // An f16 accumulator rounds the aligned sum to nearest: 3 + 2^-13 is 3.
  f.c = f.d = Elem::F16;
  EXPECT_EQ(dotElement(f, a, b, 0), 0x4200u);
  // 1 + 2^-1 x 2^-9 = 1 + 2^-10: exact in f16.
  std::vector<std::uint64_t> a2(32, 0), b2(32, 0);
  a2[0] = b2[0] = 0x38;
  a2[1] = 0x30;  // 2^-1
  b2[1] = 0x01;  // 2^-9 (the smallest subnormal)
  EXPECT_EQ(dotElement(f, a2, b2, 0), 0x3c01u);
}

TEST(MatrixNumerics, WmmaF64RoundsEveryFmaAsRndAsks) {
  MmaForm f;
  f.op = Opcode::WmmaMma;
  f.shape = {8, 8, 4};
  f.a = f.b = f.c = f.d = Elem::F64;
  const std::uint64_t one = 0x3ff0000000000000ull, tiny = 0x3c30000000000000ull;  // 2^-60
  std::vector<std::uint64_t> a = {one, one, 0, 0}, b = {tiny, tiny, 0, 0};
  EXPECT_EQ(dotElement(f, a, b, one), one);  // .rn: each 1 + 2^-60 rounds back to 1
  f.rnd = Mod::Rz;
  EXPECT_EQ(dotElement(f, a, b, one), one);
  f.rnd = Mod::Rp;  // each step rounds up: 1 + 2^-52, then 1 + 2^-51
  EXPECT_EQ(dotElement(f, a, b, one), one + 2);
}

TEST(MatrixNumerics, IntegerSatfiniteClampsOnceAtTheEnd) {
  MmaForm f;
  f.shape = {8, 8, 16};
  f.a = f.b = Elem::S8;
  f.c = f.d = Elem::S32;
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[0] = 127;
  b[0] = 127;  // +16129
  a[1] = 0x81;
  b[1] = 127;  // -16129
  // c = INT32_MAX: the running sum passes INT32_MAX + 16129 on the way, the end result is INT32_MAX.
  f.satfinite = true;
  EXPECT_EQ(dotElement(f, a, b, 0x7fffffff), 0x7fffffffu);
  a[1] = 0;
  EXPECT_EQ(dotElement(f, a, b, 0x7fffffff), 0x7fffffffu);  // clamped
  f.satfinite = false;
  EXPECT_EQ(dotElement(f, a, b, 0x7fffffff), static_cast<std::uint32_t>(0x7fffffffu + 16129u));  // wraps
}

// ---- the engine: every lane of the warp takes part

TEST(MatrixEngine, MovmatrixWaitsForTheWholeWarpAndTransposes) {
  // Lanes 16-31 take a detour before the movmatrix: the first half waits for them.
  const std::string body =
      "\tshl.b32 %r1, %r0, 16;\n\tor.b32 %r1, %r1, %r0;\n"  // both halves: the lane number
      "\tsetp.lt.u32 %p1, %r0, 16;\n\t@%p1 bra DONE;\n\tadd.u32 %r2, %r0, 1;\nDONE:\n"
      "\tmovmatrix.sync.aligned.m8n8.trans.b16 %r3, %r1;\n\tst.global.u32 [%rd3], %r3;\n";
  const ws::test::Run r = ws::test::runKernel(body, {}, 32);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const auto out = r.words(1);
  // Element (row, col) of the source is the lane holding it: lane 4*row + col/2.
  for (int l = 0; l < 32; ++l) {
    const MatCell lo = ldmatrixCell(true, l, 0, 0), hi = ldmatrixCell(true, l, 0, 1);
    const std::uint32_t want =
        static_cast<std::uint32_t>(4 * lo.row + lo.col / 2) | static_cast<std::uint32_t>(4 * hi.row + hi.col / 2) << 16;
    EXPECT_EQ(out[static_cast<std::size_t>(l)], want) << "lane " << l;
  }
}

TEST(MatrixEngine, ExitedLanesAreReportedAndReadAsZero) {
  const std::string body =
      "\tsetp.ge.u32 %p1, %r0, 30;\n\t@%p1 exit;\n\tmov.b32 %r1, 0x00010001;\n"
      "\tmovmatrix.sync.aligned.m8n8.trans.b16 %r3, %r1;\n\tst.global.u32 [%rd3], %r3;\n";
  EngineOptions o;
  o.mode = ExecMode::Hardware;
  const ws::test::Run r = ws::test::runKernel(body, {}, 32, 32, o);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.hasDiag(DiagKind::MatrixPartialWarp));
  // Lane 1 gets column 0 rows 2, 3: from lanes 8 and 12 (present): 1 | 1 << 16.
  EXPECT_EQ(r.words(1)[1], 0x00010001u);
  // Lane 27 gets rows 6, 7 of column 6 from lanes 27 and 31 (exited): the high half reads 0.
  EXPECT_EQ(r.words(1)[27], 0x00000001u);
}

}  // namespace
}  // namespace ws::core::mx
