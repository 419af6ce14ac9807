// The membermask rules of the warp-synchronous instructions: PTX ISA
// shfl.sync, "shfl.sync will cause executing thread to wait until all
// non-exited threads corresponding to membermask have executed shfl.sync with
// the same qualifiers and same membermask value before resuming execution."
// and "The behavior of shfl.sync is undefined if the executing thread is not
// in the membermask."; the CUDA C++ Programming Guide adds that "all
// non-exited threads named in mask must execute the same intrinsic with the
// same mask, or the result is undefined." Tiles of a converged warp that each
// pass their own mask keep that rule; a lane named in another lane's
// membermask that passes a different one breaks it.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/core/collectives_util.hpp"

namespace ws::test::coll {
namespace {

using core::DiagKind;
using core::StopReason;

const std::vector<std::uint32_t> kIn = laneValues([](auto l) { return 100u + l; });

const core::Diagnostic* findDiag(const ws::test::Run& r, DiagKind k) {
  for (const auto& d : r.result.diags)
    if (d.kind == k) return &d;
  return nullptr;
}

// Membermask %r9 = lanes < 16 ? A : B, then redux.sync.add of in[l] into row 0.
std::string halves(const char* a, const char* b) {
  return std::string("\tld.global.u32 %r5, [%rd2];\n\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, ") + a + ", " + b +
         ", %p2;\n\tredux.sync.add.u32 %r6, %r5, %r9;\n" + store(0, "%r6");
}

// cg::tiled_partition<8> in a converged warp: every tile passes its own mask
// (0xff << 8 * tile) to shfl.sync.idx reading the tile's first lane.
TEST(Membermask, TilesPassingTheirOwnMaskAreDefined) {
  const std::string body =
      "\tld.global.u32 %r5, [%rd2];\n\tand.b32 %r7, %r0, 24;\n\tshl.b32 %r9, 255, %r7;\n"
      "\tshfl.sync.idx.b32 %r6, %r5, 0, 0x181f, %r9;\n" +
      store(0, "%r6");
  const ws::test::Run r = runRows(body, kIn, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return 100u + (l & ~7u); }));
}

TEST(Membermask, HalvesPassingTheirOwnHalfAreDefined) {
  const ws::test::Run r = runRows(halves("0x0000ffff", "0xffff0000"), kIn, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  // 100 * 16 + (0 + ... + 15) = 1720; 100 * 16 + (16 + ... + 31) = 1976.
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? 1720u : 1976u; }));
}

// Lanes 0-15 name the whole warp, lanes 16-31 pass 0xffff0000: lanes 16-31
// are in lane 0's membermask with a different value. Strict mode stops there.
TEST(Membermask, MismatchReportsTheLanesNamedWithADifferentMask) {
  const ws::test::Run r = runRows(halves("0xffffffff", "0xffff0000"), kIn, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  ASSERT_EQ(r.result.diags.size(), 1u);
  const core::Diagnostic& d = r.result.diags[0];
  EXPECT_EQ(d.kind, DiagKind::MembermaskMismatch);
  EXPECT_EQ(d.lanes, 0xffff0000u);
  EXPECT_NE(d.message.find("lanes 16-31 are in lane 0's membermask 0xffffffff"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("lane 16: 0xffff0000"), std::string::npos) << d.message;
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return untouched(0, l); }));  // stopped before the store
}

TEST(Membermask, MismatchGoesOnInHardwareMode) {
  const ws::test::Run r = runRows(halves("0xffffffff", "0xffff0000"), kIn, 1, hardwareMode());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const core::Diagnostic* d = findDiag(r, DiagKind::MembermaskMismatch);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0xffff0000u);
}

// The whole warp executes shfl.sync with membermask 0x0000ffff: lanes 16-31
// are not in it. Strict mode stops before the instruction executes.
TEST(Membermask, ExecutingLaneNotInMembermaskStopsBeforeExecuting) {
  const std::string body = "\tld.global.u32 %r5, [%rd2];\n\tmov.u32 %r6, 7;\n"
                           "\tshfl.sync.bfly.b32 %r6, %r5, 1, 0x1f, 0x0000ffff;\n" +
                           store(0, "%r6");
  const ws::test::Run r = runRows(body, kIn, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const core::Diagnostic* d = findDiag(r, DiagKind::NotInMembermask);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0xffff0000u);
  EXPECT_EQ(findDiag(r, DiagKind::MembermaskMismatch), nullptr);
  std::size_t r6 = 0;
  while (r6 < r.program->regs.size() && r.program->regs[r6].name != "%r6") ++r6;
  ASSERT_LT(r6, r.program->regs.size());
  for (std::size_t l = 0; l < 32; ++l) EXPECT_EQ(r.engine->state().warps[0].regs[r6 * 32 + l], 7u) << l;
}

// The CUDA guide's if/else __shfl_xor_sync(FULL, v, 16): lanes 0-15 at one
// call site, lanes 16-31 at another with other registers. From sm_70 they
// run it as one collective (the ISA asks for "the same shfl.sync instruction
// in convergence" only for sm_6x and below), each lane reading its own
// site's source and writing its own destination.
std::string twoCallSites() {
  return "\tld.global.u32 %r5, [%rd2];\n\tadd.u32 %r7, %r5, 1000;\n\tsetp.lt.u32 %p2, %r0, 16;\n"
         "\t@!%p2 bra ELSE;\n\tshfl.sync.bfly.b32 %r6, %r5, 16, 0x1f, 0xffffffff;\n\tbra.uni JOIN;\n"
         "ELSE:\n\tshfl.sync.bfly.b32 %r8, %r7, 16, 0x1f, 0xffffffff;\n\tmov.b32 %r6, %r8;\n"
         "JOIN:\n" +
         store(0, "%r6");
}

TEST(Membermask, TwoCallSitesOfOneShuffleRunAsOneCollective) {
  for (const core::ExecMode mode : {core::ExecMode::Strict, core::ExecMode::Hardware}) {
    core::EngineOptions opts;
    opts.mode = mode;
    const ws::test::Run r = runRows(twoCallSites(), kIn, 1, opts);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.result.stop, StopReason::Finished);
    // Lane l < 16 reads lane l + 16's %r7 (in + 1000), lane l >= 16 lane l - 16's %r5.
    EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? 100u + (l + 16) + 1000u : 100u + (l - 16); }));
    // No warning: this test asserted one before, but the ISA's rule ("For
    // .target sm_6x or below, all threads in membermask must execute the
    // same shfl.sync ... instruction in convergence") does not apply to sm_90.
    EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
  }
}

// For sm_6x the same program is undefined: the lanes of each site wait for
// the others, which never come to theirs.
TEST(Membermask, TwoCallSitesAreUndefinedBeforeSm70) {
  const ws::test::Run r = runRows(twoCallSites(), kIn, 1, {}, "sm_61");
  ASSERT_EQ(r.error, "");
  EXPECT_NE(r.result.stop, StopReason::Finished);
  EXPECT_NE(findDiag(r, DiagKind::MembermaskNeverArrives), nullptr);
  // The rule they break, naming both sites (this test asserted its absence
  // while the warning was given on sm_70+ instead, where it does not apply).
  const core::Diagnostic* d = findDiag(r, DiagKind::CollectiveAcrossSites);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0xffff0000u) << d->message;  // the lanes reaching the second site
  EXPECT_NE(d->message.find("lanes 0-15"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("sm_61"), std::string::npos) << d->message;
  EXPECT_EQ(std::count_if(r.result.diags.begin(), r.result.diags.end(),
                          [](const auto& x) { return x.kind == DiagKind::CollectiveAcrossSites; }),
            1);  // once, when the second site is reached
}

// Two vote.sync modes are different instructions: no joint collective.
TEST(Membermask, DifferentQualifiersAtTwoCallSitesDoNotMeet) {
  const std::string body =
      "\tld.global.u32 %r5, [%rd2];\n\tsetp.ne.u32 %p3, %r5, 0;\n\tsetp.lt.u32 %p2, %r0, 16;\n"
      "\t@!%p2 bra ELSE;\n\tvote.sync.ballot.b32 %r6, %p3, 0xffffffff;\n\tbra.uni JOIN;\n"
      "ELSE:\n\tvote.sync.any.pred %p4, %p3, 0xffffffff;\n"
      "JOIN:\n" +
      store(0, "%r0");
  const ws::test::Run r = runRows(body, kIn, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_NE(r.result.stop, StopReason::Finished);
  EXPECT_EQ(findDiag(r, DiagKind::CollectiveAcrossSites), nullptr);
  EXPECT_NE(findDiag(r, DiagKind::MembermaskNeverArrives), nullptr);
}

}  // namespace
}  // namespace ws::test::coll