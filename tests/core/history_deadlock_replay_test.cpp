// A deadlock is recorded as a step that executed nothing (it carries the
// report): replaying it must not move the step counter, or seeking through
// the history would reach another state than running did.
#include <gtest/gtest.h>

#include "core/trace/history.hpp"
#include "core/ptx/parser.hpp"
#include "tests/kernels/crossed_barriers.hpp"

namespace ws::core {
namespace {

TEST(HistoryDeadlockReplay, ReplayingADeadlockReportLeavesTheStateAsRunningDid) {
  // Warp 0 waits at barrier 0, warp 1 at barrier 1: a deadlock after 8 steps.
  auto parsed = parsePtx(test::kCrossedBarriersPtx, "crossed.ptx");
  ASSERT_TRUE(parsed.ok());
  LaunchConfig cfg;
  cfg.entry = "crossed";
  cfg.block = {64, 1, 1};
  for (ExecMode mode : {ExecMode::Strict, ExecMode::Hardware}) {
    EngineOptions o;
    o.mode = mode;
    auto made = Engine::create(std::make_shared<const Program>(*parsed.program), cfg, o);
    ASSERT_TRUE(std::holds_alternative<Engine>(made));
    History h(std::get<Engine>(made), {.checkpointEvery = 64, .maxBytes = 0});
    StepResult r;
    do {
      r = h.forward();
    } while (r.executed && r.stop == StopReason::None);
    ASSERT_EQ(r.stop, StopReason::Deadlock);
    ASSERT_NE(h.current(), nullptr);
    EXPECT_FALSE(h.current()->advanced);
    ASSERT_FALSE(h.current()->diags.empty());
    const MachineState end = h.state();
    const std::uint64_t pos = h.position();
    h.seek(1);
    EXPECT_EQ(h.seek(pos), pos);
    EXPECT_TRUE(h.state() == end) << "step " << h.state().step << " vs " << end.step;
    ASSERT_TRUE(h.back());
    EXPECT_EQ(h.state().step, end.step);  // undoing the report does not move the counter either
  }
}

}  // namespace
}  // namespace ws::core
