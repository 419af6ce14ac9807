// CTA barriers (bar / barrier .sync/.arrive) and their diagnostics: an
// aligned barrier reached by part of a warp, and thread counts that are not
// a multiple of the warp size or that disagree between the threads using one
// barrier (PTX ISA, bar/barrier: "Operand b specifies the number of threads
// participating in the barrier ... must be a multiple of the warp size").
#include <gtest/gtest.h>

#include "tests/core/test_util.hpp"

namespace ws::test {
namespace {

using core::DiagKind;
using core::StopReason;

core::EngineOptions hwMode() {
  core::EngineOptions o;
  o.mode = core::ExecMode::Hardware;
  return o;
}

const std::vector<std::uint32_t> kIn = [] {
  std::vector<std::uint32_t> v(64);
  for (std::uint32_t i = 0; i < 64; ++i) v[i] = 1000 + i;
  return v;
}();

// Threads t < 48 of a 64-thread block write s[t] = in[t], pass BARRIER, and
// store out[t] = s[(t + 1) % 48]; threads 48-63 skip it all and exit.
std::string rotate48(const std::string& barrier) {
  return "\tmov.u32 %r1, %tid.x;\n\tsetp.ge.u32 %p1, %r1, 48;\n\t@%p1 bra DONE;\n"
         "\tld.global.u32 %r2, [%rd2];\n\tshl.b32 %r3, %r1, 2;\n\tmov.u32 %r4, s;\n\tadd.s32 %r5, %r4, %r3;\n"
         "\tst.shared.u32 [%r5], %r2;\n\t" +
         barrier +
         "\n\tadd.s32 %r6, %r1, 1;\n\trem.u32 %r6, %r6, 48;\n\tshl.b32 %r6, %r6, 2;\n\tadd.s32 %r6, %r4, %r6;\n"
         "\tld.shared.u32 %r7, [%r6];\n\tst.global.u32 [%rd3], %r7;\nDONE:\n\tret;\n";
}
const std::string kShared = ".shared .align 4 .b32 s[64];\n";

std::vector<std::uint32_t> rotated() {
  std::vector<std::uint32_t> w(64);
  for (std::uint32_t t = 0; t < 64; ++t) w[t] = t < 48 ? 1000 + (t + 1) % 48 : (0xcdcd0000u | t);
  return w;
}

std::vector<core::Diagnostic> ofKind(const ws::test::Run& r, DiagKind k) {
  std::vector<core::Diagnostic> v;
  for (const auto& d : r.result.diags)
    if (d.kind == k) v.push_back(d);
  return v;
}

TEST(Barrier, AlignedBarrierReachedByHalfAWarpIsDivergent) {
  const ws::test::Run r = runKernel(rotate48("bar.sync 0;"), kIn, 64, 64, {}, "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const auto d = ofKind(r, DiagKind::DivergentBarrier);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].warp, 1u);
  EXPECT_EQ(d[0].lanes, 0x0000ffffu);
}

// Hardware mode: the waiting threads are released once threads 48-63 have
// exited (a barrier without a count waits for the CTA's non-exited threads).
TEST(Barrier, DivergentBarrierGoesOnInHardwareMode) {
  const ws::test::Run r = runKernel(rotate48("bar.sync 0;"), kIn, 64, 64, hwMode(), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(ofKind(r, DiagKind::DivergentBarrier).size(), 1u);
  EXPECT_EQ(r.words(1), rotated());
}

TEST(Barrier, CountNotAMultipleOfTheWarpSize) {
  const ws::test::Run strict = runKernel(rotate48("barrier.sync 1, 48;"), kIn, 64, 64, {}, "sm_90a", kShared);
  ASSERT_EQ(strict.error, "");
  EXPECT_EQ(strict.result.stop, StopReason::Diagnostic);
  const auto d = ofKind(strict, DiagKind::BarrierCountMismatch);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].lanes, 0xffffffffu);
  EXPECT_NE(d[0].message.find("thread count 48, which is not a multiple of the warp size (32)"), std::string::npos)
      << d[0].message;
  EXPECT_TRUE(ofKind(strict, DiagKind::DivergentBarrier).empty());  // barrier.sync is not .aligned

  // Hardware mode, rule R: an H200 stopped this kernel with "illegal
  // instruction" (scenarios/ub-barrier-count-mismatch/h200-runs.txt), so
  // the run stops at warp 0's arrival with a hardware fault naming it.
  const ws::test::Run hw = runKernel(rotate48("barrier.sync 1, 48;"), kIn, 64, 64, hwMode(), "sm_90a", kShared);
  ASSERT_EQ(hw.error, "");
  EXPECT_EQ(hw.result.stop, StopReason::Diagnostic);
  ASSERT_EQ(ofKind(hw, DiagKind::BarrierCountMismatch).size(), 1u);
  const auto f = ofKind(hw, DiagKind::HardwareFault);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].warp, 0u);
  EXPECT_EQ(f[0].lanes, 0xffffffffu);
  EXPECT_NE(f[0].message.find("an illegal instruction was encountered"), std::string::npos) << f[0].message;
  EXPECT_NE(f[0].message.find("ub-barrier-count-mismatch/h200-runs.txt"), std::string::npos) << f[0].message;
}

// Warp 0 waits at barrier 1 for 64 threads; warp 1 then arrives saying 96.
TEST(Barrier, CountsThatDisagreeBetweenWarps) {
  const std::string body =
      "\tmov.u32 %r1, %tid.x;\n\tsetp.ge.u32 %p1, %r1, 32;\n\t@%p1 bra W1;\n\tbar.sync 1, 64;\n\tret;\n"
      "W1:\n\tbar.arrive 1, 96;\n\tret;\n";
  const ws::test::Run r = runKernel(body, kIn, 64, 64);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const auto d = ofKind(r, DiagKind::BarrierCountMismatch);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].warp, 1u);
  EXPECT_NE(d[0].message.find("thread count 96, but the 32 threads that arrived before gave 64"), std::string::npos)
      << d[0].message;
}

// `if (lane == 0) {...} __syncthreads();`: lanes 1-31 reach the barrier
// before lane 0, which is still on its way to the same barrier. Waiting for
// it is what the hardware does; nothing is undefined (issue 28).
TEST(Barrier, LanesOnTheirWayToTheSameBarrierAreWaitedFor) {
  const std::string body =
      "\tmov.u32 %r1, %tid.x;\n\tand.b32 %r2, %r1, 31;\n\tsetp.ne.u32 %p1, %r2, 0;\n\t@%p1 bra JOIN;\n"
      "\tshr.u32 %r3, %r1, 5;\n\tshl.b32 %r3, %r3, 2;\n\tmov.u32 %r4, s;\n\tadd.s32 %r4, %r4, %r3;\n"
      "\tst.shared.u32 [%r4], %r1;\nJOIN:\n\tbar.sync 0;\n\tld.shared.u32 %r5, [s+4];\n\tst.global.u32 [%rd3], %r5;\n"
      "\tret;\n";
  for (const auto& opts : {core::EngineOptions{}, hwMode()}) {
    const ws::test::Run r = runKernel(body, kIn, 64, 64, opts, "sm_90a", kShared);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.result.stop, StopReason::Finished);
    EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
    EXPECT_EQ(r.words(1), std::vector<std::uint32_t>(64, 32u));  // warp 1's lane 0 wrote s[1] = 32
  }
}

// if/else with a __syncthreads() in each branch: the halves of the warp wait
// at two different barriers, which the ISA forbids ("all threads in a warp
// must execute the same barrier instruction").
TEST(Barrier, HalvesOfAWarpAtTwoDifferentBarriersAreDivergent) {
  const std::string body =
      "\tmov.u32 %r1, %tid.x;\n\tand.b32 %r2, %r1, 31;\n\tsetp.lt.u32 %p1, %r2, 16;\n\t@%p1 bra LOW;\n"
      "\tbar.sync 0;\n\tbra.uni DONE;\nLOW:\n\tbar.sync 0;\nDONE:\n\tst.global.u32 [%rd3], %r1;\n\tret;\n";
  const ws::test::Run r = runKernel(body, kIn, 64, 64, {}, "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const auto d = ofKind(r, DiagKind::DivergentBarrier);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].warp, 0u);
  EXPECT_NE(d[0].message.find("wait at the barrier of line"), std::string::npos) << d[0].message;
}

}  // namespace
}  // namespace ws::test
