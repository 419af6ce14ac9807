// A module never fails to load because of an instruction the engine does not
// execute: it loads with one warning per kind (file:line:col, what, which
// entries reach it), and only executing one stops the run with an
// `unsupported` diagnostic. Also the other forms real nvcc output uses that
// once stopped loading: indirect calls, function-address initializers,
// jump tables, texture references and call prototypes.
#include <gtest/gtest.h>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/ptx/coverage.hpp"
#include "tests/core/ptx_test_util.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

using core::DiagKind;
using core::Program;

const char* kTwoEntries = R"(.func helper(.param .b64 p)
{
	.reg .b64 %rd<2>;
	.reg .b32 %r<2>;
	ld.param.u64 %rd1, [p];
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], 32;
	ret;
}
.visible .entry uses(.param .u64 a)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [a];
	{
	.param .b64 p0;
	st.param.b64 [p0], %rd1;
	call helper, (p0);
	}
	stacksave.u64 %rd1;
	ret;
}
.visible .entry clean(.param .u64 a)
{
	.reg .b32 %r<3>;
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 1;
	ret;
}
)";

TEST(Unsupported, NotExecutedInstructionsLoadWithOneWarningEach) {
  auto r = core::parsePtx(header("sm_100a", "8.7") + kTwoEntries, "t.ptx");
  ASSERT_TRUE(r.ok()) << errorsOf(r);
  const Program& p = *r.program;
  ASSERT_EQ(p.unsupported.size(), 2u);
  EXPECT_EQ(p.unsupported[0].what, "tcgen05.alloc");
  EXPECT_EQ(p.unsupported[1].what, "stacksave");
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_EQ(p.warnings[0].str(),
            "t.ptx:9:2: warning: 'tcgen05.alloc' is not executed by warpscope (1 use, used by entry uses): warpscope "
            "parses 'tcgen05.alloc' but does not execute it; the module loads, and a run stops with an 'unsupported' "
            "diagnostic if it reaches one");
  EXPECT_TRUE(p.warnings[1].warning);
  // The entry that calls the helper reaches both; the other reaches none.
  const auto cov = core::unsupportedByEntry(p);
  ASSERT_EQ(cov.size(), 2u);
  EXPECT_EQ(p.functions[cov[0].entry].name, "uses");
  EXPECT_EQ(cov[0].uses.size(), 2u);
  EXPECT_EQ(p.functions[cov[1].entry].name, "clean");
  EXPECT_TRUE(cov[1].uses.empty());
}

TEST(Unsupported, AnEntryThatNeverReachesItRunsAndOneThatDoesStops) {
  const std::string ptx = header("sm_100a", "8.7") + kTwoEntries;
  core::LaunchConfig clean;
  clean.entry = "clean";
  clean.buffers.push_back({"a", std::vector<std::uint8_t>(16, 0)});
  clean.params = {core::ParamValue::buf(0)};
  auto ok = runPtx(ptx, clean);
  ASSERT_EQ(ok.error, "");
  EXPECT_EQ(ok.result.stop, core::StopReason::Finished);

  for (core::ExecMode mode : {core::ExecMode::Strict, core::ExecMode::Hardware}) {
    core::LaunchConfig uses = clean;
    uses.entry = "uses";
    core::EngineOptions opts;
    opts.mode = mode;
    auto stopped = runPtx(ptx, uses, opts);
    ASSERT_EQ(stopped.error, "");
    EXPECT_EQ(stopped.result.stop, core::StopReason::Diagnostic);
    ASSERT_TRUE(stopped.hasDiag(DiagKind::Unsupported));
    const auto& d = stopped.result.diags.back();
    EXPECT_EQ(d.lanes, 0xffffffffu);
    EXPECT_NE(d.message.find("line 9 is not executed by warpscope (tcgen05.alloc): warpscope parses "
                             "'tcgen05.alloc' but does not execute it"),
              std::string::npos)
        << d.message;
  }
}

TEST(Unsupported, ModifiersTheIsaAllowsButTheEngineDoesNotExecute) {
  // .rs (stochastic rounding) is valid PTX for cvt; the engine runs cvt
  // without it. The instruction loads and stops only when it executes.
  Program p = parseOk(entryModule("\t.reg .b32 %r<4>;\n\t.reg .f32 %f<2>;\n\tmov.u32 %r1, 1;\n"
                                  "\tcvt.rs.satfinite.e2m1x4.f32 %r2, {%f1, %f1, %f1, %f1}, %r1;\n",
                                  "sm_100a"));
  ASSERT_EQ(p.unsupported.size(), 1u);
  EXPECT_EQ(p.unsupported[0].what.substr(0, 7), "cvt .rs");
  EXPECT_GE(p.instrs[1].unsupported, 0);
  EXPECT_EQ(p.instrs[0].unsupported, -1);
}

TEST(Unsupported, NotExecutedInstructionsTakeAnyOperandForm) {
  // Texture references and long accumulator vectors. (Tensor-map addresses,
  // [tmap, {c0, c1}], are executed forms now: tensor_copy_test.cpp.)
  Program p = parseOk(header("sm_90a", "8.7") + R"(.global .texref tex;
.global .samplerref smp = { filter_mode = nearest, addr_mode_0 = clamp_to_edge };
.visible .entry k(.param .u64 tmap)
{
	.reg .b32 %r<8>;
	.reg .f32 %f<130>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	.shared .align 8 .b64 bar;
	.shared .align 128 .b8 tile[1024];
	tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex, smp, {%f5, %f6}];
	wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd3, %r1, 0, 1, 1, 1, 0, 0;
	ret;
}
)");
  EXPECT_EQ(p.unsupported.size(), 2u);
  EXPECT_EQ(p.warnings.size(), 2u);
}

TEST(Unsupported, CallsToFunctionsWithoutABodyStopOnlyWhenReached) {
  const std::string ptx = header() + R"(.extern .func (.param .b32 rv) ext(.param .b32 a);
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	.reg .b64 %rd<2>;
	mov.u32 %r1, %tid.x;
	setp.gt.u32 %p1, %r1, 100;
	@%p1 bra CALL;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	st.global.u32 [%rd1], 7;
	ret;
CALL:
	{
	.param .b32 p;
	.param .b32 r;
	st.param.b32 [p], %r1;
	call (r), ext, (p);
	}
	ret;
}
)";
  Program p = parseOk(ptx);
  ASSERT_EQ(p.unsupported.size(), 1u);
  EXPECT_EQ(p.unsupported[0].what, "call to ext");
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(4, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto run = runPtx(ptx, cfg);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);  // no lane takes the branch to the call
  EXPECT_EQ(run.words(0)[0], 7u);
}

TEST(Unsupported, IndirectCallsThroughAFunctionTableRun) {
  // nvcc output: a .global table initialized with function addresses, a
  // .callprototype and `call (rv), %rd, (args), prototype`.
  const std::string ptx = readFile(ws::test::dataPath("/ptx/indirect.ptx"));
  Program p = parseOk(ptx);
  EXPECT_TRUE(p.unsupported.empty());
  ASSERT_FALSE(p.relocations.empty());
  core::LaunchConfig cfg;
  cfg.entry = "indirect";
  std::vector<std::uint32_t> in(32);
  for (std::uint32_t i = 0; i < 32; ++i) in[i] = 3 * i + 1;
  cfg.buffers.push_back({"in", toBytes(in)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto run = runPtx(ptx, cfg);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);
  const auto out = run.words(1);
  for (std::uint32_t i = 0; i < 32; ++i) EXPECT_EQ(out[i], in[i] * ((in[i] & 1) ? 3 : 2)) << "lane " << i;

  core::LaunchConfig sw = cfg;
  sw.entry = "sw";
  auto swRun = runPtx(ptx, sw);
  ASSERT_EQ(swRun.error, "");
  const auto r = swRun.words(1);
  for (std::uint32_t i = 0; i < 32; ++i) {
    const std::uint32_t v = in[i];
    std::uint32_t want = 0;
    switch (v & 15) {
      case 0: want = v * 3; break;
      case 1: want = v ^ 77; break;
      case 2: want = v + 9; break;
      case 3: want = v >> 2; break;
      case 4: want = v * 11; break;
      case 5: want = v - 5; break;
      case 6: want = ~v; break;
      case 7: want = v << 3; break;
      case 8: want = v * 7 + 1; break;
      case 9: want = v | 0x100; break;
      default: want = 0;
    }
    EXPECT_EQ(r[i], want) << "lane " << i;
  }
}

TEST(Unsupported, BrxIdxJumpsThroughItsBranchTargets) {
  const std::string ptx = header() + R"(.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %tid.x;
	rem.u32 %r2, %r1, 3;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
$L_brx_0: .branchtargets
	L0,
	L1,
	L2;
	brx.idx %r2, $L_brx_0;
L0:
	st.global.u32 [%rd3], 100;
	ret;
L1:
	st.global.u32 [%rd3], 101;
	ret;
L2:
	st.global.u32 [%rd3], 102;
	ret;
}
)";
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(4, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto run = runPtx(ptx, cfg);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);
  const auto out = run.words(1);
  for (std::uint32_t i = 0; i < 32; ++i) EXPECT_EQ(out[i], 100 + i % 3) << "lane " << i;
}

TEST(Unsupported, AddressInitializersHoldVariableAndFunctionAddresses) {
  const std::string ptx = header() + R"(.global .align 4 .u32 data[4] = {10, 20, 30, 40};
.global .align 8 .u64 ptrs[2] = {data, generic(data)+8};
.func (.param .b32 r) seven()
{
	st.param.b32 [r], 7;
	ret;
}
.global .align 8 .u64 fn = seven;
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<6>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	ld.global.u64 %rd2, [ptrs+8];
	ld.u32 %r1, [%rd2];
	st.global.u32 [%rd1], %r1;
	ld.global.u64 %rd3, [fn];
	{
	.param .b32 rv;
	prototype_0 : .callprototype (.param .b32 _) _ ();
	call (rv), %rd3, (), prototype_0;
	ld.param.b32 %r2, [rv];
	}
	st.global.u32 [%rd1+4], %r2;
	mov.u64 %rd4, seven;
	setp.eq.u64 %p1, %rd4, %rd3;
	ret;
}
)";
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(8, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto run = runPtx(ptx, cfg);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);
  EXPECT_EQ(run.words(0), (std::vector<std::uint32_t>{30, 7}));
}

}  // namespace
}  // namespace ws::test

namespace ws::test {
namespace {

std::uint32_t fibRef(std::uint32_t n) { return n < 2 ? n : fibRef(n - 1) + fibRef(n - 2); }
std::uint32_t walkRef(std::uint32_t depth, std::uint32_t seed) {
  std::uint32_t frame[4];
  for (std::uint32_t i = 0; i < 4; ++i) frame[i] = seed * (i + 1) + depth;
  const std::uint32_t inner = depth == 0 ? 0 : walkRef(depth - 1, seed * 3 + 1);
  return inner + frame[0] + frame[3] * depth;
}

// Recursion: every activation keeps its own registers and .local/.param
// storage (saved in the call frame, restored on return).
TEST(Calls, RecursiveDeviceFunctionsRun) {
  core::LaunchConfig cfg;
  cfg.entry = "recursion";
  std::vector<std::uint32_t> in(32);
  for (std::uint32_t i = 0; i < 32; ++i) in[i] = i * 5 + 3;
  cfg.buffers.push_back({"in", toBytes(in)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(256, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto run = runPtx(readFile(ws::test::dataPath("/ptx/recursion.ptx")), cfg, {}, 5'000'000);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);
  const auto out = run.words(1);
  for (std::uint32_t i = 0; i < 32; ++i) {
    EXPECT_EQ(out[i], fibRef(in[i] % 12)) << "fib, lane " << i;
    EXPECT_EQ(out[32 + i], walkRef(in[i] % 7, in[i])) << "walk, lane " << i;
  }
}

}  // namespace
}  // namespace ws::test
