// The title, position and status texts both front ends show.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "tests/ui/ui_test_util.hpp"
#include "ui/session/run_driver.hpp"
#include "ui/session/session.hpp"
#include "ui/session/status_text.hpp"

namespace ws::ui {
namespace {

TEST(StatusText, TitleAndPosition) {
  EXPECT_EQ(windowTitle(nullptr), "warpscope");
  auto s = test::ui::session(test::kernel("\tadd.u32 %r2, %r0, 1;\n"), test::ui::kernelLaunch(32));
  ASSERT_TRUE(s);
  EXPECT_EQ(positionText(*s), "step 0 (0 recorded)");
  s->step();
  s->step();
  s->stepBack();
  EXPECT_EQ(positionText(*s), "step 1 (2 recorded)");
  s->step(core::StepUnit::ToEnd);
  const std::uint64_t end = s->position();
  EXPECT_EQ(positionText(*s), fmt::format("step {} of {}", end, end));
}

TEST(StatusText, RunningAutoplayAndStopped) {
  auto s = test::ui::session(test::kernel("\tadd.u32 %r2, %r0, 1;\n"), test::ui::kernelLaunch(32));
  ASSERT_TRUE(s);
  RunDriver d;
  DebuggerChoices c;
  d.setChunk(1);
  d.start(ActionId::Continue, *s, c);
  ASSERT_TRUE(d.running());
  EXPECT_EQ(runStatusText(d, *s), "Continue: 1 steps so far, step 1 (1 recorded)\u2026 (Esc stops)");
  d.stop();
  d.startAutoplay(2);
  EXPECT_EQ(runStatusText(d, *s), "Autoplay at 2 steps/s, step 1 (1 recorded)");
  d.stopAutoplay();
  d.setChunk(100000);
  d.start(ActionId::RunToEnd, *s, c);
  EXPECT_EQ(runStatusText(d, *s), describeOutcome(s->lastOutcome(), *s));
  EXPECT_NE(runStatusText(d, *s).find("Finished"), std::string::npos);
}

TEST(StatusText, Speeds) {
  EXPECT_EQ(speedText(1), "1 step/s");
  EXPECT_EQ(speedText(2), "2 steps/s");
  EXPECT_EQ(speedText(0.5), "0.5 steps/s");
  EXPECT_EQ(speedText(60), "60 steps/s");
}

}  // namespace
}  // namespace ws::ui
