// The rules around wgmma and setmaxnreg: the warpgroup must run the same
// instructions (.aligned), and setmaxnreg's per-CTA register pool
// (PTX ISA 9.7.15.5.2, 9.7.19.5).
#include <gtest/gtest.h>
#include <fmt/format.h>

#include "tests/core/test_util.hpp"

namespace ws::test {
namespace {

const std::string kSmem = ".shared .align 1024 .b8 smem[4096];\n";

// One m64n8k16 wgmma with descriptors of a zeroed shared buffer.
std::string wgmmaAt(const std::string& d) {
  return "\twgmma.fence.sync.aligned;\n\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 " + d +
         ", %rd20, %rd20, 0, 1, 1, 0, 0;\n\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n";
}
const std::string kDesc = "\tmov.u32 %r1, smem;\n\tcvt.u64.u32 %rd20, %r1;\n\tshr.u64 %rd20, %rd20, 4;\n";

TEST(WgmmaRules, WholeWarpgroupRunsCleanly) {
  const ws::test::Run r = runKernel(kDesc + wgmmaAt("{%r32, %r33, %r34, %r35}") + "\tst.global.u32 [%rd3], %r32;\n", {}, 128, 128,
                          {}, "sm_90a", kSmem);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const auto& d : r.result.diags) ADD_FAILURE() << d.message;
  for (std::uint32_t v : r.words(1)) EXPECT_EQ(v, 0u);  // 0 x 0 with scale-d 0
}

TEST(WgmmaRules, WarpgroupOfTwoWarpsIsReported) {
  const ws::test::Run r = runKernel(kDesc + wgmmaAt("{%r32, %r33, %r34, %r35}"), {}, 64, 64, {}, "sm_90a", kSmem);
  EXPECT_TRUE(r.hasDiag(core::DiagKind::WgmmaNotAligned));
}

TEST(WgmmaRules, WarpsAtDifferentWgmmaInstructionsAreReported) {
  // Warp 1 runs another wgmma.mma_async instruction than warps 0, 2, 3.
  const std::string body = kDesc +
                           "\tshr.u32 %r2, %r127, 5;\n\tsetp.eq.u32 %p3, %r2, 1;\n\t@%p3 bra OTHER;\n" +
                           wgmmaAt("{%r32, %r33, %r34, %r35}") + "\tbra DONE;\nOTHER:\n" +
                           wgmmaAt("{%r32, %r33, %r34, %r35}") + "DONE:\n";
  const ws::test::Run r = runKernel(body, {}, 128, 128, {}, "sm_90a", kSmem);
  EXPECT_TRUE(r.hasDiag(core::DiagKind::WgmmaNotAligned));
}

TEST(WgmmaRules, AccumulatingIntoThePendingRegistersIsAllowed) {
  // Two wgmma.mma_async into the same accumulators without a wait between:
  // the second accumulates onto the first (the ISA orders them).
  const std::string body =
      kDesc + "\twgmma.fence.sync.aligned;\n" +
      "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r32, %r33, %r34, %r35}, %rd20, %rd20, 0, 1, 1, 0, 0;\n"
      "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r32, %r33, %r34, %r35}, %rd20, %rd20, 1, 1, 1, 0, 0;\n"
      "\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n";
  const ws::test::Run r = runKernel(body, {}, 128, 128, {}, "sm_90a", kSmem);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const auto& d : r.result.diags) ADD_FAILURE() << d.message;
}

TEST(WgmmaRules, OverlappingAccumulatorsAreReported) {
  const std::string body =
      kDesc + "\twgmma.fence.sync.aligned;\n" +
      "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r32, %r33, %r34, %r35}, %rd20, %rd20, 0, 1, 1, 0, 0;\n"
      "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r34, %r35, %r36, %r37}, %rd20, %rd20, 1, 1, 1, 0, 0;\n"
      "\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n";
  EXPECT_TRUE(runKernel(body, {}, 128, 128, {}, "sm_90a", kSmem).hasDiag(core::DiagKind::WgmmaPendingAccess));
}

// ---- setmaxnreg

std::string specialized(const std::string& producer, const std::string& consumer) {
  return "\tshr.u32 %r2, %r127, 7;\n\tsetp.eq.u32 %p3, %r2, 0;\n\t@%p3 bra PRODUCER;\n" + consumer +
         "\tbra DONE;\nPRODUCER:\n" + producer + "DONE:\n";
}

const core::CtaState& cta0(const Run& r) { return r.engine->state().ctas[0]; }

TEST(Setmaxnreg, WarpSpecializedPoolBalances) {
  // CUTLASS's warp-specialized split: 384 threads start at 168 registers;
  // the producer warpgroup gives 128 per thread back (4 warps x 128), the
  // two consumer warpgroups take 64 each (8 warps x 64): the pool ends empty.
  // The consumers come first and wait for the producer's registers.
  const ws::test::Run r = runKernel(specialized("\tsetmaxnreg.dec.sync.aligned.u32 40;\n",
                                      "\tsetmaxnreg.inc.sync.aligned.u32 232;\n"),
                          {}, 384, 384);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const auto& d : r.result.diags) ADD_FAILURE() << d.message;
  const core::RegisterPool& pool = cta0(r).ctl.regs;
  ASSERT_EQ(pool.perWarp.size(), 12u);
  EXPECT_EQ(pool.free, 0u);
  for (std::size_t w = 0; w < 12; ++w) EXPECT_EQ(pool.perWarp[w], w < 4 ? 40 : 232) << w;
}

TEST(Setmaxnreg, IncThatNothingCanSatisfyHangs) {
  // .maxnreg 64 and every warp asks for 128: the pool is empty and nobody
  // gives registers back.
  std::string ptx = kernel("\tsetmaxnreg.inc.sync.aligned.u32 128;\n");
  ptx.replace(ptx.find(")\n{"), 3, ")\n.maxnreg 64\n{");
  const ws::test::Run r = runPtx(ptx, kernelLaunch({}, 128, 128));
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_TRUE(r.hasDiag(core::DiagKind::SetmaxnregHang));
  for (const auto& d : r.result.diags)
    if (d.kind == core::DiagKind::SetmaxnregHang) {
      EXPECT_NE(d.message.find("needs 64 registers per thread"), std::string::npos) << d.message;
      EXPECT_NE(d.message.find("which has 0"), std::string::npos) << d.message;
    }
}

TEST(Setmaxnreg, CountRulesOfTheIsa) {
  // Not a multiple of 8 / out of range.
  EXPECT_TRUE(runKernel("\tsetmaxnreg.dec.sync.aligned.u32 100;\n", {}, 128, 128).hasDiag(core::DiagKind::SetmaxnregCount));
  EXPECT_TRUE(runKernel("\tsetmaxnreg.dec.sync.aligned.u32 16;\n", {}, 128, 128).hasDiag(core::DiagKind::SetmaxnregCount));
  // .inc below the current count (128 threads: 256 registers each, the
  // module's largest setmaxnreg count, which ptxas would allocate).
  EXPECT_TRUE(runKernel("\tsetmaxnreg.inc.sync.aligned.u32 128;\n\tret;\n\tsetmaxnreg.inc.sync.aligned.u32 256;\n", {}, 128, 128)
                  .hasDiag(core::DiagKind::SetmaxnregCount));
  // A warpgroup of one warp.
  EXPECT_TRUE(runKernel("\tsetmaxnreg.dec.sync.aligned.u32 128;\n", {}, 32, 32).hasDiag(core::DiagKind::SetmaxnregNotAligned));
  // .dec then .inc back within the pool: fine.
  const ws::test::Run ok = runKernel("\tsetmaxnreg.dec.sync.aligned.u32 128;\n\tsetmaxnreg.inc.sync.aligned.u32 256;\n", {}, 128, 128);
  for (const auto& d : ok.result.diags) ADD_FAILURE() << d.message;
}

}  // namespace
}  // namespace ws::test
