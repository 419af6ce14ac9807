// atom and red (PTX ISA 9.7.13.5, 9.7.13.6): every operation and type, with
// expected values worked out by hand from the ISA's semantics
//   inc(r, s) = (r >= s) ? 0 : r+1;  dec(r, s) = (r == 0 || r > s) ? s : r-1;
//   cas(r, s, t) = (r == s) ? t : r
// plus round-to-nearest-even for the float adds, the global-only subnormal
// flush of f32 add, and the serialisation order of same-address atomics.
#include <gtest/gtest.h>

#include <variant>

#include "core/exec/memory/atomic_ops.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"

namespace {

using namespace ws::core;
using ws::test::runKernel;

// ---------------------------------------------------------------- value semantics

std::uint64_t ap(Mod op, DataType t, std::uint64_t old, std::uint64_t b, std::uint64_t c = 0, bool global = false) {
  atomics::ElementArgs a;
  a.op = op;
  a.type = t;
  a.b = b;
  a.c = c;
  a.global = global;
  return atomics::apply(a, old);
}

TEST(AtomicOps, IncWrapTable) {
  // inc(r, s) = (r >= s) ? 0 : r+1
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 0, 3), 1u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 2, 3), 3u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 3, 3), 0u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 9, 3), 0u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 0, 0), 0u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 0xfffffffe, 0xffffffff), 0xffffffffu);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 0xffffffff, 0xffffffff), 0u);
  EXPECT_EQ(ap(Mod::Inc, DataType::U32, 0x80000000, 5), 0u);  // unsigned comparison
}

TEST(AtomicOps, DecWrapTable) {
  // dec(r, s) = (r == 0 || r > s) ? s : r-1
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 0, 3), 3u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 1, 3), 0u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 3, 3), 2u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 4, 3), 3u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 7, 0), 0u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 0, 0), 0u);
  EXPECT_EQ(ap(Mod::Dec, DataType::U32, 0x80000000, 5), 5u);
}

TEST(AtomicOps, CasHitAndMiss) {
  EXPECT_EQ(ap(Mod::Cas, DataType::B32, 7, 7, 99), 99u);
  EXPECT_EQ(ap(Mod::Cas, DataType::B32, 7, 8, 99), 7u);
  EXPECT_EQ(ap(Mod::Cas, DataType::B64, 0x1234567800000000ull, 0x1234567800000000ull, 5), 5u);
  EXPECT_EQ(ap(Mod::Cas, DataType::B64, 0x1234567800000000ull, 0, 5), 0x1234567800000000ull);
  EXPECT_EQ(ap(Mod::Cas, DataType::B16, 0xbeef, 0xbeef, 0x1234), 0x1234u);
  EXPECT_EQ(ap(Mod::Cas, DataType::B16, 0xbeef, 0xbeee, 0x1234), 0xbeefu);
}

TEST(AtomicOps, MinMaxSignedness) {
  EXPECT_EQ(ap(Mod::Min, DataType::U32, 0xffffffff, 1), 1u);
  EXPECT_EQ(ap(Mod::Min, DataType::S32, 0xffffffff, 1), 0xffffffffu);
  EXPECT_EQ(ap(Mod::Max, DataType::U32, 0xffffffff, 1), 0xffffffffu);
  EXPECT_EQ(ap(Mod::Max, DataType::S32, 0xffffffff, 1), 1u);
  EXPECT_EQ(ap(Mod::Min, DataType::S32, 0x80000000, 0x7fffffff), 0x80000000u);
  EXPECT_EQ(ap(Mod::Min, DataType::U64, 0x8000000000000000ull, 2), 2u);
  EXPECT_EQ(ap(Mod::Min, DataType::S64, 0x8000000000000000ull, 2), 0x8000000000000000ull);
  EXPECT_EQ(ap(Mod::Max, DataType::S64, 0xfffffffffffffffeull, 0xffffffffffffffffull), 0xffffffffffffffffull);
}

TEST(AtomicOps, BitwiseAddExch) {
  EXPECT_EQ(ap(Mod::And, DataType::B32, 0xf0f0, 0xff00), 0xf000u);
  EXPECT_EQ(ap(Mod::Or, DataType::B32, 0xf0f0, 0xff00), 0xfff0u);
  EXPECT_EQ(ap(Mod::Xor, DataType::B32, 0xf0f0, 0xff00), 0x0ff0u);
  EXPECT_EQ(ap(Mod::Xor, DataType::B64, 0xffffffff00000000ull, 0xffffffffffffffffull), 0x00000000ffffffffull);
  EXPECT_EQ(ap(Mod::Add, DataType::U32, 0xffffffff, 2), 1u);
  EXPECT_EQ(ap(Mod::Add, DataType::S32, 0x7fffffff, 1), 0x80000000u);
  EXPECT_EQ(ap(Mod::Add, DataType::U64, 0xffffffffull, 1), 0x100000000ull);
  EXPECT_EQ(ap(Mod::Exch, DataType::B32, 5, 6), 6u);
}

TEST(AtomicOps, F16AddRoundsToNearestEven) {
  // 1 + 2^-11 is halfway between 1 (0x3c00, even) and 1 + 2^-10: stays 1.
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x3c00, 0x1000), 0x3c00u);
  // (1 + 2^-10) + 2^-11 is halfway between 0x3c01 (odd) and 0x3c02: goes up.
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x3c01, 0x1000), 0x3c02u);
  // 1 + 1 = 2, -2 + 1 = -1
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x3c00, 0x3c00), 0x4000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0xc000, 0x3c00), 0xbc00u);
  // Subnormals are kept (.noftz): 2^-24 + 2^-24 = 2^-23.
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x0001, 0x0001), 0x0002u);
  // The largest subnormal plus the smallest subnormal is the smallest normal.
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x03ff, 0x0001), 0x0400u);
  // 65504 + 65504 overflows to +inf; inf + -inf is the canonical NaN.
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x7bff, 0x7bff), 0x7c00u);
  EXPECT_EQ(ap(Mod::Add, DataType::F16, 0x7c00, 0xfc00), 0x7fffu);
}

TEST(AtomicOps, Bf16AddRoundsToNearestEven) {
  // 1 + 2^-8 is half an ulp of bf16 at 1: ties to the even 1.0 (0x3f80).
  EXPECT_EQ(ap(Mod::Add, DataType::BF16, 0x3f80, 0x3b80), 0x3f80u);
  // 0x3f81 + 2^-8 ties up to 0x3f82.
  EXPECT_EQ(ap(Mod::Add, DataType::BF16, 0x3f81, 0x3b80), 0x3f82u);
  // 1 + 1.5*2^-8 is above the tie: 0x3f81.
  EXPECT_EQ(ap(Mod::Add, DataType::BF16, 0x3f80, 0x3bc0), 0x3f81u);
  // bf16 subnormals are kept: 2^-133 + 2^-133.
  EXPECT_EQ(ap(Mod::Add, DataType::BF16, 0x0001, 0x0001), 0x0002u);
  EXPECT_EQ(ap(Mod::Add, DataType::BF16, 0x8001, 0x0001), 0x0000u);
}

TEST(AtomicOps, PackedHalvesAddIndependently) {
  // lo: 1 + 1 = 2 (0x4000); hi: -2 + 1 = -1 (0xbc00).
  EXPECT_EQ(ap(Mod::Add, DataType::F16x2, 0xc0003c00u, 0x3c003c00u), 0xbc004000u);
  // bf16x2: lo 1 + 1 = 2 (0x4000), hi 2 + 2 = 4 (0x4080).
  EXPECT_EQ(ap(Mod::Add, DataType::BF16x2, 0x40003f80u, 0x40003f80u), 0x40804000u);
}

TEST(AtomicOps, HalfMinMax) {
  EXPECT_EQ(ap(Mod::Min, DataType::F16, 0x3c00, 0xbc00), 0xbc00u);
  EXPECT_EQ(ap(Mod::Max, DataType::F16, 0x3c00, 0xbc00), 0x3c00u);
  EXPECT_EQ(ap(Mod::Min, DataType::F16, 0x7e00, 0x3c00), 0x3c00u);  // NaN ignored
  EXPECT_EQ(ap(Mod::Max, DataType::F16, 0x3c00, 0x7e00), 0x3c00u);
  EXPECT_EQ(ap(Mod::Min, DataType::F16, 0x0000, 0x8000), 0x8000u);  // -0 < +0
  EXPECT_EQ(ap(Mod::Max, DataType::F16, 0x8000, 0x0000), 0x0000u);
  EXPECT_EQ(ap(Mod::Min, DataType::BF16, 0x4000, 0x3f80), 0x3f80u);
  EXPECT_EQ(ap(Mod::Max, DataType::BF16x2, 0x3f80c000u, 0x40003f80u), 0x40003f80u);
}

TEST(AtomicOps, F32AddFlushesSubnormalsOnlyWhenAsked) {
  // 2^-127 + 2^-127 = 2^-126: exact on shared memory...
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00400000, 0x00400000, 0, false), 0x00800000u);
  // ...but global memory flushes both inputs to zero first.
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00400000, 0x00400000, 0, true), 0x00000000u);
  // A subnormal input alone: 2^-126 + (-2^-127) is 2^-127 on shared memory; on
  // global memory the input is flushed first and the sum stays 2^-126.
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00800000, 0x80400000, 0, false), 0x00400000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00800000, 0x80400000, 0, true), 0x00800000u);
  // Normal inputs, subnormal result: 1.5*2^-126 - 2^-126 = 2^-127, flushed on
  // global memory to a zero of the result's sign.
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00c00000, 0x80800000, 0, false), 0x00400000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x00c00000, 0x80800000, 0, true), 0x00000000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x80c00000, 0x00800000, 0, false), 0x80400000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x80c00000, 0x00800000, 0, true), 0x80000000u);
  // Round to nearest even: 1 + 2^-24 ties to 1; (1 + 2^-23) + 2^-24 ties up.
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x3f800000, 0x33800000), 0x3f800000u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x3f800001, 0x33800000), 0x3f800002u);
  EXPECT_EQ(ap(Mod::Add, DataType::F32, 0x7f800000, 0xff800000), 0x7fffffffu);
}

TEST(AtomicOps, F64AddKeepsSubnormals) {
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 1, 1), 2u);
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 1, 1, 0, true), 2u);
  // 1 + 2^-53 ties to 1.
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x3ff0000000000000ull, 0x3ca0000000000000ull), 0x3ff0000000000000ull);
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x3ff0000000000000ull, 0x3ff0000000000000ull), 0x4000000000000000ull);
}

TEST(AtomicOps, F64NaNsAsTheH100MakesThem) {
  // Recorded on the H100 (tests/data/hw/README.md): inf - inf is
  // 0xfff8000000000000, a NaN operand's payload is kept, and a signalling NaN
  // stays signalling on global memory but is quieted on shared memory.
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x7ff0000000000000ull, 0xfff0000000000000ull), 0xfff8000000000000ull);
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x7ff8000000012345ull, 0x3ff0000000000000ull, 0, true), 0x7ff8000000012345ull);
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x3ff0000000000000ull, 0x7ff0000000012345ull, 0, true), 0x7ff0000000012345ull);
  EXPECT_EQ(ap(Mod::Add, DataType::F64, 0x3ff0000000000000ull, 0x7ff0000000012345ull, 0, false), 0x7ff8000000012345ull);
}

TEST(AtomicOps, LegalForms) {
  EXPECT_TRUE(atomics::opValid(Mod::Inc, DataType::U32));
  EXPECT_FALSE(atomics::opValid(Mod::Inc, DataType::S32));
  EXPECT_FALSE(atomics::opValid(Mod::Min, DataType::B32));
  EXPECT_FALSE(atomics::opValid(Mod::Min, DataType::F32));
  EXPECT_TRUE(atomics::vectorFormValid(Mod::Add, DataType::F32, 4));
  EXPECT_FALSE(atomics::vectorFormValid(Mod::Min, DataType::F32, 4));
  EXPECT_TRUE(atomics::vectorFormValid(Mod::Max, DataType::F16, 8));
  EXPECT_FALSE(atomics::vectorFormValid(Mod::Add, DataType::F16x2, 8));
}

// ---------------------------------------------------------------- kernels

// One warp: cell = out[lane] (global) or a shared word, preset to in[lane];
// operand b = in[32 + lane], cas new value = in[64 + lane]. out[lane] = final
// cell, out[32 + lane] = returned old value.
struct Result32 {
  std::vector<std::uint32_t> cells, olds;
  ws::test::Run run;
};

Result32 runAtom32(const std::string& form, const std::vector<std::uint32_t>& init, const std::vector<std::uint32_t>& b,
                   const std::vector<std::uint32_t>& c = {}, bool shared = false) {
  std::vector<std::uint32_t> in(96, 0);
  for (std::size_t i = 0; i < init.size(); ++i) in[i] = init[i];
  for (std::size_t i = 0; i < b.size(); ++i) in[32 + i] = b[i];
  for (std::size_t i = 0; i < c.size(); ++i) in[64 + i] = c[i];
  const bool cas = form.find("cas") != std::string::npos;
  std::string body = "\tld.global.u32 %r1, [%rd2];\n\tld.global.u32 %r2, [%rd2+128];\n\tld.global.u32 %r4, [%rd2+256];\n";
  const std::string operands = cas ? ", %r2, %r4;\n" : ", %r2;\n";
  if (shared) {
    body += "\tmov.u32 %r10, cells;\n\tshl.b32 %r11, %r0, 2;\n\tadd.u32 %r12, %r10, %r11;\n";
    body += "\tst.shared.u32 [%r12], %r1;\n";
    body += "\tatom.shared." + form + " %r3, [%r12]" + operands;
    body += "\tld.shared.u32 %r5, [%r12];\n\tst.global.u32 [%rd3], %r5;\n";
  } else {
    body += "\tst.global.u32 [%rd3], %r1;\n";
    body += "\tatom.global." + form + " %r3, [%rd3]" + operands;
  }
  body += "\tst.global.u32 [%rd3+128], %r3;\n";
  Result32 r;
  r.run = runKernel(body, in, 64, 32, {}, "sm_90a", ".shared .align 8 .b8 cells[128];\n");
  const auto w = r.run.words(1);
  if (w.size() == 64) {
    r.cells.assign(w.begin(), w.begin() + 32);
    r.olds.assign(w.begin() + 32, w.end());
  }
  return r;
}

void expectClean(const ws::test::Run& run) {
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
}

struct Case32 {
  const char* form;
  std::uint32_t init, b, c, cell;  // cell = expected final value (old = init)
};

class Atom32 : public ::testing::TestWithParam<bool> {};

TEST_P(Atom32, EveryOperationOnGlobalAndShared) {
  const bool shared = GetParam();
  const Case32 cases[] = {
      {"add.u32", 0xfffffffe, 3, 0, 1},
      {"add.s32", 0x7fffffff, 1, 0, 0x80000000},
      {"inc.u32", 3, 3, 0, 0},
      {"inc.u32", 2, 3, 0, 3},
      {"dec.u32", 0, 5, 0, 5},
      {"dec.u32", 9, 5, 0, 5},
      {"dec.u32", 5, 5, 0, 4},
      {"min.u32", 0xffffffff, 7, 0, 7},
      {"min.s32", 0xffffffff, 7, 0, 0xffffffff},
      {"max.u32", 0xffffffff, 7, 0, 0xffffffff},
      {"max.s32", 0xffffffff, 7, 0, 7},
      {"and.b32", 0x0ff0, 0x00ff, 0, 0x00f0},
      {"or.b32", 0x0ff0, 0x00ff, 0, 0x0fff},
      {"xor.b32", 0x0ff0, 0x00ff, 0, 0x0f0f},
      {"exch.b32", 0x1234, 0x5678, 0, 0x5678},
      {"cas.b32", 42, 42, 77, 77},
      {"cas.b32", 42, 41, 77, 42},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.form);
    // Every lane does the same case on its own cell.
    const auto r = runAtom32(tc.form, std::vector<std::uint32_t>(32, tc.init), std::vector<std::uint32_t>(32, tc.b),
                             std::vector<std::uint32_t>(32, tc.c), shared);
    expectClean(r.run);
    ASSERT_EQ(r.cells.size(), 32u);
    for (int l = 0; l < 32; ++l) {
      EXPECT_EQ(r.cells[l], tc.cell) << "lane " << l;
      EXPECT_EQ(r.olds[l], tc.init) << "lane " << l;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Spaces, Atom32, ::testing::Values(false, true),
                         [](const auto& p) { return p.param ? std::string("Shared") : std::string("Global"); });

TEST(Atomics, IncDecPerLaneTable) {
  // Lane l: cell l % 8, bound b = 4: inc gives 1,2,3,4,0,0,0,0.
  std::vector<std::uint32_t> init(32), b(32, 4);
  for (int l = 0; l < 32; ++l) init[l] = static_cast<std::uint32_t>(l % 8);
  const auto inc = runAtom32("inc.u32", init, b);
  expectClean(inc.run);
  const auto dec = runAtom32("dec.u32", init, b);
  expectClean(dec.run);
  const std::uint32_t incWant[8] = {1, 2, 3, 4, 0, 0, 0, 0};
  const std::uint32_t decWant[8] = {4, 0, 1, 2, 3, 4, 4, 4};
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(inc.cells[l], incWant[l % 8]) << "lane " << l;
    EXPECT_EQ(dec.cells[l], decWant[l % 8]) << "lane " << l;
  }
}

TEST(Atomics, SixtyFourBitForms) {
  // Lane 0 only: cell = out[0..1] preset to in[0..1], b = in[2..3], c = in[4..5].
  struct Case64 {
    const char* form;
    std::uint64_t init, b, c, cell;
  } cases[] = {
      {"add.u64", 0xffffffffull, 1, 0, 0x100000000ull},
      {"min.u64", 0x8000000000000000ull, 5, 0, 5},
      {"min.s64", 0x8000000000000000ull, 5, 0, 0x8000000000000000ull},
      {"max.u64", 0x8000000000000000ull, 5, 0, 0x8000000000000000ull},
      {"max.s64", 0x8000000000000000ull, 5, 0, 5},
      {"and.b64", 0xff00ff00ff00ff00ull, 0x0ff00ff00ff00ff0ull, 0, 0x0f000f000f000f00ull},
      {"or.b64", 0xff00000000000000ull, 0xffull, 0, 0xff000000000000ffull},
      {"xor.b64", 0xffffffffffffffffull, 0x00000000ffffffffull, 0, 0xffffffff00000000ull},
      {"exch.b64", 1, 0x123456789abcdef0ull, 0, 0x123456789abcdef0ull},
      {"cas.b64", 0x100000001ull, 0x100000001ull, 9, 9},
      {"cas.b64", 0x100000001ull, 1, 9, 0x100000001ull},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.form);
    const bool cas = std::string(tc.form).find("cas") != std::string::npos;
    const std::vector<std::uint32_t> in = {static_cast<std::uint32_t>(tc.init), static_cast<std::uint32_t>(tc.init >> 32),
                                           static_cast<std::uint32_t>(tc.b), static_cast<std::uint32_t>(tc.b >> 32),
                                           static_cast<std::uint32_t>(tc.c), static_cast<std::uint32_t>(tc.c >> 32)};
    std::string body = "\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra DONE;\n";
    body += "\tld.global.u64 %rd10, [%rd0];\n\tld.global.u64 %rd11, [%rd0+8];\n\tld.global.u64 %rd12, [%rd0+16];\n";
    body += "\tst.global.u64 [%rd1], %rd10;\n";
    body += std::string("\tatom.global.") + tc.form + " %rd13, [%rd1], %rd11" + (cas ? ", %rd12;\n" : ";\n");
    body += "\tst.global.u64 [%rd1+8], %rd13;\nDONE:\n";
    const auto run = runKernel(body, in, 4);
    expectClean(run);
    const auto w = run.words(1);
    ASSERT_EQ(w.size(), 4u);
    EXPECT_EQ(w[0] | (static_cast<std::uint64_t>(w[1]) << 32), tc.cell);
    EXPECT_EQ(w[2] | (static_cast<std::uint64_t>(w[3]) << 32), tc.init);
  }
}

TEST(Atomics, CasB16OnAHalfWord) {
  // Lane 0: cell = low half of out[0] (preset 0xcdcd0000): compare 0x0000 ->
  // hit, new 0xbeef; lane 1 on out[1]'s low half (0x0001) compares 0x0000 -> miss.
  const std::string body =
      "\tsetp.gt.u32 %p1, %r0, 1;\n\t@%p1 bra DONE;\n"
      "\tmov.b16 %h1, 0;\n\tmov.b16 %h2, 0xbeef;\n"
      "\tatom.global.cas.b16 %h3, [%rd3], %h1, %h2;\n"
      "\tcvt.u32.u16 %r3, %h3;\n\tst.global.u32 [%rd3+128], %r3;\nDONE:\n";
  const auto run = runKernel(body, {}, 64);
  expectClean(run);
  const auto w = run.words(1);
  EXPECT_EQ(w[0], 0xcdcdbeefu);
  EXPECT_EQ(w[1], 0xcdcd0001u);
  EXPECT_EQ(w[32], 0x0000u);
  EXPECT_EQ(w[33], 0x0001u);
}

TEST(Atomics, RedWritesNoResult) {
  const std::string body =
      "\tld.global.u32 %r1, [%rd2];\n"
      "\tst.global.u32 [%rd3], %r1;\n"
      "\tred.global.add.u32 [%rd3], 10;\n"
      "\tmov.u32 %r2, cells;\n\tshl.b32 %r3, %r0, 2;\n\tadd.u32 %r4, %r2, %r3;\n"
      "\tst.shared.u32 [%r4], %r1;\n"
      "\tred.shared::cta.max.s32 [%r4], -5;\n"
      "\tld.shared.u32 %r5, [%r4];\n\tst.global.u32 [%rd3+128], %r5;\n";
  std::vector<std::uint32_t> in(32);
  for (int l = 0; l < 32; ++l) in[l] = static_cast<std::uint32_t>(l) - 10u;  // -10 .. 21
  const auto run = runKernel(body, in, 64, 32, {}, "sm_90a", ".shared .align 4 .b8 cells[128];\n");
  expectClean(run);
  const auto w = run.words(1);
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(w[l], static_cast<std::uint32_t>(l)) << "lane " << l;  // (l - 10) + 10
    const std::int32_t v = l - 10;
    EXPECT_EQ(w[32 + l], static_cast<std::uint32_t>(v < -5 ? -5 : v)) << "lane " << l;
  }
}

TEST(Atomics, GenericAddressingReachesGlobalAndShared) {
  const std::string body =
      "\tmov.u32 %r9, 100;\n\tst.global.u32 [%rd3], %r9;\n"
      "\tcvta.global.u64 %rd10, %rd3;\n"
      "\tatom.add.u32 %r1, [%rd10], %r0;\n"
      "\tmov.u32 %r2, cells;\n\tshl.b32 %r3, %r0, 2;\n\tadd.u32 %r4, %r2, %r3;\n"
      "\tmov.u32 %r9, 7;\n\tst.shared.u32 [%r4], %r9;\n"
      "\tcvta.shared.u64 %rd11, cells;\n\tmul.wide.u32 %rd12, %r0, 4;\n\tadd.s64 %rd13, %rd11, %rd12;\n"
      "\tred.or.b32 [%rd13], 0x100;\n"
      "\tld.shared.u32 %r5, [%r4];\n\tst.global.u32 [%rd3+128], %r5;\n\tst.global.u32 [%rd3+256], %r1;\n";
  const auto run = runKernel(body, {}, 96, 32, {}, "sm_90a", ".shared .align 4 .b8 cells[128];\n");
  expectClean(run);
  const auto w = run.words(1);
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(w[l], 100u + static_cast<std::uint32_t>(l));
    EXPECT_EQ(w[32 + l], 0x107u);
    EXPECT_EQ(w[64 + l], 100u);
  }
}

TEST(Atomics, SemScopeAndCacheHintSpellings) {
  const std::string body =
      "\tmov.u32 %r9, 1;\n\tst.global.u32 [%rd3], %r9;\n"
      "\tatom.relaxed.cta.global.add.u32 %r1, [%rd3], 1;\n"
      "\tatom.acquire.gpu.global.add.u32 %r1, [%rd3], 1;\n"
      "\tatom.release.sys.global.add.u32 %r1, [%rd3], 1;\n"
      "\tatom.acq_rel.cluster.global.add.u32 %r1, [%rd3], 1;\n"
      "\tred.relaxed.gpu.global.add.u32 [%rd3], 1;\n"
      "\tred.release.cluster.global.add.u32 [%rd3], 1;\n"
      "\tmov.b64 %rd20, 0;\n"
      "\tatom.global.add.L2::cache_hint.u32 %r1, [%rd3], 1, %rd20;\n"
      "\tst.global.u32 [%rd3+128], %r1;\n";
  const auto run = runKernel(body, {}, 64);
  expectClean(run);
  EXPECT_EQ(run.words(1)[0], 8u);
  EXPECT_EQ(run.words(1)[32], 7u);
}

TEST(Atomics, CreatepolicyFeedsCacheHintOperands) {
  // The policy is opaque; warpscope writes the priorities given (bit 0
  // evict_normal, 1 evict_first, 2 evict_last, 3 evict_unchanged), bit 8 for
  // .range, and the fraction's f32 bits in [63:32].
  const std::string body =
      "\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra DONE;\n"
      "\tcreatepolicy.fractional.L2::evict_last.b64 %rd20, 1.0;\n"
      "\tcreatepolicy.fractional.L2::evict_first.b64 %rd21, 0.5;\n"
      "\tcreatepolicy.range.global.L2::evict_last.L2::evict_unchanged.b64 %rd22, [%rd1], 64, 128;\n"
      "\tst.global.u64 [%rd1+8], %rd20;\n\tst.global.u64 [%rd1+16], %rd21;\n\tst.global.u64 [%rd1+24], %rd22;\n"
      "\tmov.u32 %r1, 5;\n\tst.global.u32 [%rd1], %r1;\n"
      "\tatom.global.add.L2::cache_hint.u32 %r2, [%rd1], 1, %rd20;\n"
      "\tred.global.add.L2::cache_hint.u32 [%rd1], 1, %rd21;\n"
      "\tst.global.u32 [%rd1+4], %r2;\nDONE:\n";
  const auto run = runKernel(body, {}, 8);
  expectClean(run);
  const auto w = run.words(1);
  EXPECT_EQ(w[0], 7u);
  EXPECT_EQ(w[1], 5u);
  EXPECT_EQ(w[2], 0x4u);
  EXPECT_EQ(w[3], 0x3f800000u);
  EXPECT_EQ(w[4], 0x2u);
  EXPECT_EQ(w[5], 0x3f000000u);
  EXPECT_EQ(w[6], 0x10cu);
  EXPECT_EQ(w[7], 0u);
}

TEST(Atomics, F32AddFlushesOnGlobalNotShared) {
  // Every lane adds 2^-127 into a cell holding 2^-127.
  const std::string body =
      "\tmov.b32 %r1, 0x00400000;\n"
      "\tst.global.u32 [%rd3], %r1;\n"
      "\tmov.b32 %f1, 0x00400000;\n"
      "\tatom.global.add.f32 %f2, [%rd3], %f1;\n"
      "\tmov.u32 %r2, cells;\n\tshl.b32 %r3, %r0, 2;\n\tadd.u32 %r4, %r2, %r3;\n"
      "\tst.shared.u32 [%r4], %r1;\n"
      "\tred.shared.add.f32 [%r4], %f1;\n"
      "\tld.shared.u32 %r5, [%r4];\n\tst.global.u32 [%rd3+128], %r5;\n"
      "\tmov.b32 %r6, %f2;\n\tst.global.u32 [%rd3+256], %r6;\n";
  const auto run = runKernel(body, {}, 96, 32, {}, "sm_90a", ".shared .align 4 .b8 cells[128];\n");
  expectClean(run);
  const auto w = run.words(1);
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(w[l], 0x00000000u) << "global: inputs flushed";
    EXPECT_EQ(w[32 + l], 0x00800000u) << "shared: 2^-126 exactly";
    EXPECT_EQ(w[64 + l], 0x00400000u) << "the returned old value is the raw memory";
  }
}

TEST(Atomics, HalfPrecisionForms) {
  // Lane 0: f16 add at out[0] low half, bf16 add at out[1] low half, f16x2 at
  // out[2], bf16x2 at out[3], f64 add at out[4..5].
  const std::string body =
      "\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra DONE;\n"
      "\tmov.b32 %r10, 0x00003c01;\n\tmov.b32 %r11, 0x00003f81;\n\tmov.b32 %r12, 0xc0003c00;\n"
      "\tmov.b32 %r13, 0x40003f80;\n\tst.global.v4.u32 [%rd1], {%r10, %r11, %r12, %r13};\n"
      "\tmov.b64 %rd10, 0x3ff0000000000000;\n\tst.global.u64 [%rd1+16], %rd10;\n"
      "\tmov.b16 %h1, 0x1000;\n\tatom.global.add.noftz.f16 %h2, [%rd1], %h1;\n"
      "\tmov.b16 %h3, 0x3b80;\n\tred.global.add.noftz.bf16 [%rd1+4], %h3;\n"
      "\tmov.b32 %r1, 0x3c003c00;\n\tatom.global.add.noftz.f16x2 %r2, [%rd1+8], %r1;\n"
      "\tmov.b32 %r3, 0x40003f80;\n\tred.global.add.noftz.bf16x2 [%rd1+12], %r3;\n"
      "\tmov.b64 %fd1, 0x3ff0000000000000;\n\tatom.global.add.f64 %fd2, [%rd1+16], %fd1;\n"
      "\tcvt.u32.u16 %r4, %h2;\n\tst.global.u32 [%rd1+24], %r4;\n\tst.global.u32 [%rd1+28], %r2;\n"
      "DONE:\n";
  const auto run = runKernel(body, {}, 8);
  expectClean(run);
  const auto w = run.words(1);
  EXPECT_EQ(w[0], 0x00003c02u);  // (1 + 2^-10) + 2^-11 ties up
  EXPECT_EQ(w[1], 0x00003f82u);  // 0x3f81 + 2^-8 ties up
  EXPECT_EQ(w[2], 0xbc004000u);
  EXPECT_EQ(w[3], 0x40804000u);
  EXPECT_EQ(w[4], 0x00000000u);  // 2.0 = 0x4000000000000000
  EXPECT_EQ(w[5], 0x40000000u);
  EXPECT_EQ(w[6], 0x3c01u);      // old f16
  EXPECT_EQ(w[7], 0xc0003c00u);  // old f16x2
}

TEST(Atomics, VectorForms) {
  // Lane 0: red.global.v4.f32.add at out[0..3]; atom.global.v2.f32.add at
  // out[4..5]; atom.global.v8.f16.max.noftz at out[8..11]; atom v4.f16x2.min
  // at out[12..15]. Olds of the atoms at out[16..].
  const std::string body =
      "\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra DONE;\n"
      "\tmov.b32 %r10, 0x3f800000;\n\tmov.b32 %r11, 0x40000000;\n\tmov.b32 %r12, 0x40400000;\n"
      "\tmov.b32 %r13, 0x40800000;\n\tst.global.v4.u32 [%rd1], {%r10, %r11, %r12, %r13};\n"
      "\tmov.b32 %r14, 0xbf800000;\n\tst.global.v2.u32 [%rd1+16], {%r10, %r14};\n"
      "\tmov.b32 %r20, 0x3c00bc00;\n\tmov.b32 %r21, 0x00008000;\n\tmov.b32 %r22, 0x7e000000;\n"
      "\tmov.b32 %r23, 0x4000c000;\n\tst.global.v4.u32 [%rd1+32], {%r20, %r21, %r22, %r23};\n"
      "\tst.global.v4.u32 [%rd1+48], {%r20, %r21, %r22, %r23};\n"
      "\tmov.b32 %f1, 0x3f800000;\n"
      "\tred.global.v4.f32.add [%rd1], {%f1, %f1, %f1, %f1};\n"
      "\tatom.global.v2.f32.add {%f2, %f3}, [%rd1+16], {%f1, %f1};\n"
      "\tmov.b16 %h0, 0x0000;\n\tmov.b16 %h1, 0x3c00;\n"
      "\tatom.global.v8.f16.max.noftz {%h10, %h11, %h12, %h13, %h14, %h15, %h16, %h17}, [%rd1+32],"
      " {%h0, %h0, %h0, %h0, %h1, %h1, %h1, %h1};\n"
      "\tmov.b32 %r1, 0x3c003c00;\n"
      "\tatom.global.v4.f16x2.min.noftz {%r2, %r3, %r4, %r5}, [%rd1+48], {%r1, %r1, %r1, %r1};\n"
      "\tmov.b32 %r6, %f2;\n\tmov.b32 %r7, %f3;\n\tst.global.v2.u32 [%rd1+64], {%r6, %r7};\n"
      "\tmov.b32 %r8, {%h10, %h11};\n\tmov.b32 %r9, {%h16, %h17};\n\tst.global.v2.u32 [%rd1+72], {%r8, %r9};\n"
      "\tst.global.v4.u32 [%rd1+80], {%r2, %r3, %r4, %r5};\n"
      "DONE:\n";
  const auto run = runKernel(body, {}, 32);
  expectClean(run);
  const auto w = run.words(1);
  EXPECT_EQ(w[0], 0x40000000u);  // 1 + 1
  EXPECT_EQ(w[1], 0x40400000u);  // 2 + 1
  EXPECT_EQ(w[2], 0x40800000u);  // 3 + 1
  EXPECT_EQ(w[3], 0x40a00000u);  // 4 + 1
  EXPECT_EQ(w[4], 0x40000000u);
  EXPECT_EQ(w[5], 0x00000000u);  // -1 + 1 = +0
  // v8.f16.max with {0,0,0,0,1,1,1,1} over halves
  // {-1, 1, -0, 0, 0, NaN, -2, 2} (low half first):
  // max(-1,0)=0, max(1,0)=1, max(-0,0)=+0, max(0,0)=0, max(0,1)=1, max(NaN,1)=1,
  // max(-2,1)=1, max(2,1)=2.
  EXPECT_EQ(w[8], 0x3c000000u);
  EXPECT_EQ(w[9], 0x00000000u);
  EXPECT_EQ(w[10], 0x3c003c00u);
  EXPECT_EQ(w[11], 0x40003c00u);
  // v4.f16x2.min with 1.0 in every half:
  // min(-1,1)=-1, min(1,1)=1, min(-0,1)=-0, min(0,1)=0, min(0,1)=0, min(NaN,1)=1,
  // min(-2,1)=-2, min(2,1)=1.
  EXPECT_EQ(w[12], 0x3c00bc00u);
  EXPECT_EQ(w[13], 0x00008000u);
  EXPECT_EQ(w[14], 0x3c000000u);
  EXPECT_EQ(w[15], 0x3c00c000u);
  EXPECT_EQ(w[16], 0x3f800000u);  // olds of v2.f32
  EXPECT_EQ(w[17], 0xbf800000u);
  EXPECT_EQ(w[18], 0x3c00bc00u);  // olds of v8.f16, halves 0-1 and 6-7
  EXPECT_EQ(w[19], 0x4000c000u);
  EXPECT_EQ(w[20], 0x3c00bc00u);  // olds of v4.f16x2
  EXPECT_EQ(w[23], 0x4000c000u);
}

TEST(Atomics, B128FormsAreReported) {
  // exch/cas.b128: the atomic path carries at most 64 bits per element, so
  // they are not executed yet: reported, memory untouched.
  const std::string ptx = ws::test::kernel("\t.reg .b128 %q<3>;\n\tatom.global.exch.b128 %q1, [%rd1], %q0;\n");
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes({1, 2, 3, 4})}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  const auto run = ws::test::runPtx(ptx, cfg);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::Unsupported));
  EXPECT_EQ(run.words(1), (std::vector<std::uint32_t>{1, 2, 3, 4}));
}

TEST(Atomics, MisalignedVectorIsReported) {
  const std::string body =
      "\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra DONE;\n"
      "\tmov.b32 %f1, 0x3f800000;\n"
      "\tred.global.v4.f32.add [%rd1+4], {%f1, %f1, %f1, %f1};\nDONE:\n";
  EngineOptions hw;
  hw.mode = ExecMode::Hardware;
  const auto run = runKernel(body, {}, 8, 32, hw);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::Misaligned));
  EXPECT_EQ(run.words(1)[1], 0xcdcd0001u);  // nothing written
}

// ---------------------------------------------------------------- serialisation

TEST(Atomics, SameAddressLanesSerialiseInAscendingLaneOrder) {
  // Every lane: ticket = atom.add 1 on out[0]; pred = atom.exch lane on out[1].
  const std::string body =
      "\tatom.global.add.u32 %r1, [%rd1], 1;\n"
      "\tatom.global.exch.b32 %r2, [%rd1+4], %r0;\n"
      "\tmov.b32 %r5, 1;\n\tshl.b32 %r3, %r5, %r0;\n"
      "\tatom.global.add.u32 %r4, [%rd1+8], %r3;\n"
      "\tst.global.u32 [%rd3+16], %r1;\n\tst.global.u32 [%rd3+144], %r2;\n\tst.global.u32 [%rd3+272], %r4;\n";
  const auto run = runKernel(body, {}, 4 + 96);
  expectClean(run);
  const auto w = run.words(1);
  EXPECT_EQ(w[0], 0xcdcd0000u + 32u);
  EXPECT_EQ(w[1], 31u);                    // the last lane's exchange stays
  EXPECT_EQ(w[2], 0xcdcd0002u + 0xffffffffu);  // + sum of 1 << lane, wrapped
  for (std::uint32_t l = 0; l < 32; ++l) {
    EXPECT_EQ(w[4 + l], 0xcdcd0000u + l) << "ticket of lane " << l;
    EXPECT_EQ(w[36 + l], l == 0 ? 0xcdcd0001u : l - 1) << "predecessor of lane " << l;
    EXPECT_EQ(w[68 + l], 0xcdcd0002u + ((1u << l) - 1u)) << "partial sum seen by lane " << l;
  }
}

TEST(Atomics, AtomicFlowsNameTheSerialisationOrder) {
  const std::string ptx = ws::test::kernel("\tatom.global.add.u32 %r1, [%rd1], %r0;\n");
  auto parsed = parsePtx(ptx, "t.ptx");
  ASSERT_TRUE(parsed.ok());
  auto prog = std::make_shared<const Program>(std::move(*parsed.program));
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes({0})}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  auto made = Engine::create(prog, cfg);
  ASSERT_TRUE(std::holds_alternative<Engine>(made));
  Engine& eng = std::get<Engine>(made);
  bool seen = false;
  for (int i = 0; i < 100 && !eng.finished(); ++i) {
    StepRecord rec;
    eng.step(&rec);
    if (prog->instrs[rec.pc].op != Opcode::Atom) continue;
    seen = true;
    ASSERT_EQ(rec.flows.size(), 32u);
    for (std::uint32_t l = 0; l < 32; ++l) {
      const Flow& f = rec.flows[l];
      EXPECT_EQ(f.kind, FlowKind::Atomic);
      EXPECT_EQ(f.order, l);
      EXPECT_EQ(f.from.lane, l);
      EXPECT_EQ(f.value, l);
      EXPECT_EQ(f.to.kind, Endpoint::Kind::Memory);
      EXPECT_EQ(f.to.space, Space::Global);
      EXPECT_EQ(f.to.addr, eng.bufferAddress(1));
    }
  }
  EXPECT_TRUE(seen);
  EXPECT_EQ(eng.buffer(1)[0], static_cast<std::uint8_t>(31 * 32 / 2 & 0xff));
}

TEST(Atomics, ClusterSharedAtomicOnAnotherCta) {
  // Cluster of 2: CTA 1 adds its lane into CTA 0's cells via shared::cluster.
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 k_in, .param .u64 k_out)
{
	.reg .b32 %r<20>;
	.reg .b64 %rd<10>;
	.reg .pred %p<4>;
	.shared .align 4 .b8 cells[128];
	ld.param.u64 %rd1, [k_out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r0, %tid.x;
	mov.u32 %r1, %cluster_ctarank;
	mov.u32 %r2, cells;
	shl.b32 %r3, %r0, 2;
	add.u32 %r4, %r2, %r3;
	mov.u32 %r8, 1000;
	st.shared.u32 [%r4], %r8;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	setp.ne.u32 %p0, %r1, 1;
	@%p0 bra SKIP;
	mapa.shared::cluster.u32 %r5, %r4, 0;
	atom.shared::cluster.add.u32 %r6, [%r5], %r0;
SKIP:
	barrier.cluster.arrive;
	barrier.cluster.wait;
	@%p0 bra OUT;
	bra END;
OUT:
	ld.shared.u32 %r7, [%r4];
	mul.wide.u32 %rd2, %r0, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r7;
END:
	ret;
}
)";
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = {2, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(32, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  const auto run = ws::test::runPtx(ptx, cfg);
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(w[l], 1000u + l);
}

}  // namespace
