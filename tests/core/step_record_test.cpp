// StepRecord::reset keeps its vectors' storage but must empty every field: a
// history reuses its records, and a field it forgot would leak one step's
// facts (a diagnostic, a printed line) into the next.
#include <gtest/gtest.h>

#include "core/trace/step_record.hpp"

namespace ws::core {
namespace {

TEST(StepRecord, ResetEmptiesEveryField) {
  StepRecord r;
  r.step = 7;
  r.warp = 3;
  r.pc = 9;
  r.lanes = r.guardFalse = r.activeBefore = r.membermask = r.otherSites = 0xff;
  r.completedAsync = r.userEdit = true;
  r.advanced = false;
  r.regs.push_back({1, 2, 3, true, 4, 5});
  r.mem.push_back({});
  r.warpCtl.push_back({});
  r.warpPcs.push_back({});
  r.ctaCtl.push_back({});
  r.clusterCtl.push_back({});
  r.groups.push_back({});
  r.inflight.emplace();
  r.nextWarpBefore = r.nextWarpAfter = 1;
  r.nextAsyncIdBefore = r.nextAsyncIdAfter = 1;
  r.trappedBefore = r.trappedAfter = true;
  r.flows.push_back({});
  r.diags.push_back({});
  r.printed.push_back({1, 0, 0, 2, 3, "text"});
  r.reset();
  EXPECT_EQ(r, StepRecord{});
}

}  // namespace
}  // namespace ws::core
