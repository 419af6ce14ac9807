// The membermask rules of the warp-synchronous instructions (PTX ISA, e.g.
// shfl.sync): "All threads in membermask must execute the instruction with
// the same qualifiers and the same membermask value" and "the behavior is
// undefined if the executing thread is not in the membermask". Tiles of a
// converged warp that each pass their own mask keep the first rule; a lane
// named in another lane's membermask that passes a different one breaks it.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace ws::test::coll