// A run that ends in a deadlock ends with one report: the history records it
// (so its diagnostic can be shown) as one step, replaying the record leaves
// the state as the live engine left it, and stepping again neither moves nor
// piles up more reports — for a plain deadlock and for strict mode's
// membermask lanes that never arrive alike.
#include <gtest/gtest.h>

#include "core/trace/history.hpp"
#include "tests/core/collectives_util.hpp"

namespace ws::test::coll {
namespace {

using core::DiagKind;
using core::History;
using core::StopReason;

// Warp 0 waits at named barrier 1 for 64 threads; warp 1 exits.
const std::string kBarrierForever =
    "\tmov.u32 %r1, %tid.x;\n\tsetp.ge.u32 %p1, %r1, 32;\n\t@%p1 bra DONE;\n\tbar.sync 1, 64;\nDONE:\n\tret;\n";

// Lanes 0-15 reduce with the full membermask; lanes 16-31 wait at a full-mask
// bar.warp.sync for them: membermask lanes that never arrive.
const std::string kHalvesWaitForEachOther =
    "\tsetp.lt.u32 %p1, %r0, 16;\n\t@!%p1 bra UPPER;\n\tredux.sync.add.u32 %r6, %r0, 0xffffffff;\n\tbra.uni JOIN;\n"
    "UPPER:\n\tbar.warp.sync 0xffffffff;\nJOIN:\n\tret;\n";

int countDiags(const History& h, DiagKind k) {
  int n = 0;
  for (std::uint64_t i = 0; i < h.size(); ++i)
    for (const auto& d : h.record(i).diags) n += d.kind == k;
  return n;
}

TEST(HistoryDeadlock, ThePlainReportIsRecordedOnce) {
  Loaded ld = load(kBarrierForever, std::vector<std::uint32_t>(64), 64, {}, "sm_90a", 64);
  ASSERT_TRUE(ld.engine);
  History h(std::move(*ld.engine));
  std::uint64_t executed = 0;
  core::StepResult r;
  while ((r = h.forward()).executed) ++executed;
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  ASSERT_EQ(h.size(), executed + 1);  // the steps, then the deadlock report
  EXPECT_EQ(countDiags(h, DiagKind::Deadlock), 1);
  const std::uint64_t live = h.state().hash();
  r = h.forward();
  EXPECT_FALSE(r.executed);
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_EQ(h.size(), executed + 1);
  EXPECT_EQ(h.state().hash(), live);
  while (h.back()) {
  }
  EXPECT_EQ(h.seek(h.size()), executed + 1);
  EXPECT_EQ(h.state().hash(), live);
}

TEST(HistoryDeadlock, StrictNeverArrivingMembersStopOnce) {
  Loaded ld = load(kHalvesWaitForEachOther, std::vector<std::uint32_t>(32), 32);
  ASSERT_TRUE(ld.engine);
  History h(std::move(*ld.engine));
  core::StepResult r;
  while ((r = h.forward()).executed && r.stop == StopReason::None) {
  }
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_LT(h.size(), 30u);
  EXPECT_EQ(countDiags(h, DiagKind::MembermaskNeverArrives), 1);
  const std::uint64_t size = h.size(), at = h.state().hash();
  for (int i = 0; i < 3; ++i) {
    r = h.forward();  // stepping again neither moves nor reports again
    EXPECT_FALSE(r.executed);
    EXPECT_EQ(r.stop, StopReason::Deadlock);
  }
  EXPECT_EQ(h.size(), size);
  EXPECT_EQ(h.state().hash(), at);
  EXPECT_EQ(countDiags(h, DiagKind::MembermaskNeverArrives), 1);
}

// Live members of the membermask that wait at another collective (lanes
// 0-15 at a full-mask redux.sync, lanes 16-31 at a full-mask shfl.sync): the
// H100 hangs or pairs the two as ptxas lowered them (rule X2), so hardware
// mode stops there with hardware-unpredictable, once, naming both halves;
// stepping on neither moves nor reports again.
TEST(HistoryDeadlock, HardwareModeStopsWhereTwoCollectivesMeet) {
  core::EngineOptions o = hardwareMode();
  Loaded ld = load(kHalvesWaitForEachOther, std::vector<std::uint32_t>(32), 32, o);
  ASSERT_TRUE(ld.engine);
  const core::RunResult res = ld.engine->run(10'000);
  EXPECT_EQ(res.stop, StopReason::Deadlock);
  ASSERT_EQ(res.diags.size(), 1u);
  EXPECT_EQ(res.diags[0].kind, DiagKind::HardwareUnpredictable);
  EXPECT_EQ(res.diags[0].lanes, 0xffffffffu);

  Loaded again = load(kHalvesWaitForEachOther, std::vector<std::uint32_t>(32), 32, o);
  History h(std::move(*again.engine));
  core::StepResult r;
  while ((r = h.forward()).executed && r.stop == StopReason::None) {
  }
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  const std::uint64_t size = h.size(), at = h.state().hash();
  for (int i = 0; i < 3; ++i) {
    r = h.forward();
    EXPECT_FALSE(r.executed);
    EXPECT_EQ(r.stop, StopReason::Deadlock);
  }
  EXPECT_EQ(h.size(), size);
  EXPECT_EQ(h.state().hash(), at);
  EXPECT_EQ(countDiags(h, DiagKind::HardwareUnpredictable), 1);
}

// Going back and switching to hardware mode drops the recorded future, the
// strict report with it: stepping on reports hardware mode's instead.
TEST(HistoryDeadlock, ChangingModeInThePastForgetsTheDeadlock) {
  Loaded ld = load(kHalvesWaitForEachOther, std::vector<std::uint32_t>(32), 32);
  ASSERT_TRUE(ld.engine);
  History h(std::move(*ld.engine));
  core::StepResult r;
  while ((r = h.forward()).executed && r.stop == StopReason::None) {
  }
  ASSERT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_EQ(countDiags(h, DiagKind::MembermaskNeverArrives), 1);
  ASSERT_TRUE(h.back());
  core::EngineOptions o = h.engine().options();
  o.mode = core::ExecMode::Hardware;
  h.setOptions(o);
  while ((r = h.forward()).executed && r.stop == StopReason::None) {
  }
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_EQ(countDiags(h, DiagKind::MembermaskNeverArrives), 0);
  EXPECT_EQ(countDiags(h, DiagKind::HardwareUnpredictable), 1);
}

}  // namespace
}  // namespace ws::test::coll
