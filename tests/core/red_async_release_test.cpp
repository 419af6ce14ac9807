// red.async's second form (PTX ISA 9.7.13.7, sm_100):
//   red.async{.mmio}.release.{gpu,cluster,sys}{.global}.add.{u32,s32,u64,s64} [a], b;
// a strong release-ordered add into global memory with no completion
// mechanism, in flight until the completion policy retires it; and the rules
// "When .sem is .release" as typed diagnostics.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>

#include "core/exec/async/async_op.hpp"
#include "tests/core/test_util.hpp"

namespace {

using namespace ws::core;

constexpr std::string_view kTarget = "sm_100a";

std::vector<std::uint32_t> words(std::size_t n, std::uint32_t k, std::uint32_t add) {
  std::vector<std::uint32_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = k * static_cast<std::uint32_t>(i) + add;
  return v;
}

TEST(RedAsyncRelease, ParsesWithTwoOperandsAndAddsIntoGlobalMemory) {
  // Every lane adds in[lane] into out[lane] (u32) and into out[32 + lane % 4] (s32, contended).
  const std::string body = R"(
	ld.global.u32 %r1, [%rd2];
	red.async.release.gpu.global.add.u32 [%rd3], %r1;
	and.b32 %r2, %r0, 3;
	mul.wide.u32 %rd4, %r2, 4;
	add.s64 %rd5, %rd1, %rd4;
	red.async.release.cluster.add.s32 [%rd5+128], %r1;
)";
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions o;
    o.asyncCompletion = policy;
    const auto in = words(32, 3, 5);
    const auto run = ws::test::runKernel(body, in, 36, 32, o, kTarget);
    ASSERT_EQ(run.error, "");
    EXPECT_EQ(run.result.stop, StopReason::Finished);
    for (const auto& d : run.result.diags) ADD_FAILURE() << d.message;
    const auto w = run.words(1);
    for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(w[l], (0xcdcd0000u | l) + in[l]);
    for (std::uint32_t k = 0; k < 4; ++k) {
      std::uint32_t sum = 0xcdcd0000u | (32 + k);
      for (std::uint32_t l = k; l < 32; l += 4) sum += in[l];
      EXPECT_EQ(w[32 + k], sum);
    }
  }
}

TEST(RedAsyncRelease, InFlightUntilRetiredWithoutAnMbarrier) {
  EngineOptions o;
  o.asyncCompletion = AsyncCompletion::Manual;
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {32, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes(words(64, 1, 0))}, {"out", ws::test::toBytes(words(64, 0, 10))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  auto run = ws::test::runPtx(ws::test::kernel("\tmov.u64 %rd6, 0x100000001;\n\tmul.wide.u32 %rd7, %r0, 8;\n"
                                               "\tadd.s64 %rd8, %rd1, %rd7;\n"
                                               "\tred.async.mmio.release.sys.global.add.u64 [%rd8], %rd6;\n",
                                               kTarget),
                              cfg, o, 100);
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  EXPECT_TRUE(e.state().warps[0].ctl.live() == 0);  // the lanes have exited, the adds are still in flight
  ASSERT_EQ(e.state().inflight.size(), 32u);
  EXPECT_FALSE(e.finished());
  const AsyncOp& op = e.state().inflight[4];
  EXPECT_EQ(op.kind, AsyncKind::RedAsyncRelease);
  EXPECT_EQ(op.dst, (AsyncLoc{Space::Global, 0, e.bufferAddress(1) + 32}));
  EXPECT_FALSE(op.hasMbar);
  EXPECT_EQ(op.op, Mod::Add);
  EXPECT_EQ(op.type, DataType::U64);
  EXPECT_EQ(op.data[0], 0x100000001ull);
  std::uint32_t before = 0;
  std::memcpy(&before, e.buffer(1).data() + 32, 4);
  EXPECT_EQ(before, 10u);
  StepRecord rec;
  ASSERT_TRUE(e.completeAsync(op.id, &rec).executed);
  ASSERT_EQ(rec.flows.size(), 1u);  // no complete-tx
  EXPECT_EQ(rec.flows[0].kind, FlowKind::AsyncComplete);
  EXPECT_EQ(rec.flows[0].to.space, Space::Global);
  std::uint64_t after = 0;
  std::memcpy(&after, e.buffer(1).data() + 32, 8);
  EXPECT_EQ(after, 0x0000000b0000000bull);  // words 8 and 9 (10, 10) + 0x1_0000_0001
}

TEST(RedAsyncRelease, TheReleaseRulesAreTypedDiagnostics) {
  struct Case {
    std::string name, body;
    DiagKind kind;
  };
  const Case cases[] = {
      {".mmio with .gpu scope", "\tred.async.mmio.release.gpu.global.add.u32 [%rd3], %r0;\n", DiagKind::RedAsyncMmioScope},
      {".shared::cluster", "\tmov.u32 %r1, 0;\n\tred.async.release.cluster.shared::cluster.add.u32 [%r1], %r0;\n",
       DiagKind::RedAsyncReleaseSpace},
      {"generic address outside .global", "\tmov.u64 %rd6, 0x7e0000000400;\n\tred.async.release.gpu.add.u32 [%rd6], %r0;\n",
       DiagKind::RedAsyncReleaseSpace},
      {"a completion mechanism",
       "\tmov.u32 %r1, 0;\n\tred.async.release.gpu.global.mbarrier::complete_tx::bytes.add.u32 [%rd3], %r0, [%r1];\n",
       DiagKind::RedAsyncReleaseCompletion},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const auto run = ws::test::runKernel(c.body, words(32, 1, 0), 32, 32, {}, kTarget);
    ASSERT_EQ(run.error, "");
    EXPECT_EQ(run.result.stop, StopReason::Diagnostic);
    EXPECT_TRUE(run.hasDiag(c.kind));
  }
}

TEST(RedAsyncRelease, RequiresSm100) {
  auto parsed = parsePtx(ws::test::kernel("\tred.async.release.gpu.global.add.u32 [%rd3], %r0;\n", "sm_90a"), "t.ptx");
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.errors.front().str().find("sm_100"), std::string::npos) << parsed.errors.front().str();
}

}  // namespace
