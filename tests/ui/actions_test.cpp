// The shared command table and the chunked run driver: every action has a
// unique name and shortcut, the debugger keys are the usual ones, each
// command does what its label says on a real session, and long runs and
// autoplay advance only when ticked.
#include <gtest/gtest.h>

#include <set>

#include "tests/ui/ui_test_util.hpp"
#include "ui/session/actions.hpp"
#include "ui/session/run_driver.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

const char* const kBody = test::ui::kButterflyBody;

std::unique_ptr<Session> twoWarps() {
  return test::ui::session(test::kernel(kBody), test::ui::kernelLaunch(64));
}

std::int32_t lineOf(const Session& s, std::string_view start) {
  for (const auto& ins : s.program().instrs)
    if (ins.op == core::Opcode::Shfl && start == "shfl") return ins.pos.line;
  return 0;
}

TEST(Actions, NamesAndShortcutsAreUnique) {
  std::set<std::string_view> names;
  std::set<std::string> keys;
  for (const ActionInfo& a : allActions()) {
    EXPECT_TRUE(names.insert(a.name).second) << a.name;
    EXPECT_FALSE(a.label.empty());
    EXPECT_FALSE(a.tip.empty());
    if (a.shortcut.key != Key::None) {
      EXPECT_TRUE(keys.insert(shortcutText(a.shortcut)).second) << a.name;
    }
    EXPECT_EQ(actionByName(a.name), a.id);
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(ActionId::Count));
}

TEST(Actions, UsualDebuggerKeys) {
  EXPECT_EQ(shortcutText(actionInfo(ActionId::Continue).shortcut), "F5");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::ReverseContinue).shortcut), "Shift+F5");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::StepOver).shortcut), "F10");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::StepBack).shortcut), "Shift+F10");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::StepInto).shortcut), "F11");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::ToggleBreakpoint).shortcut), "F9");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::RunToCursor).shortcut), "Ctrl+F10");
  EXPECT_EQ(actionForShortcut(Shortcut{Key::F10, false, true, false}), ActionId::StepBack);
  EXPECT_EQ(actionForShortcut(Shortcut{Key::F10, false, false, false}), ActionId::StepOver);
  EXPECT_FALSE(actionForShortcut(Shortcut{}));
}

TEST(Actions, LectureModesToggleTheFrontEndsChoices) {
  auto s = twoWarps();
  ASSERT_TRUE(s);
  DebuggerChoices c;
  EXPECT_EQ(shortcutText(actionInfo(ActionId::Presentation).shortcut), "F12");
  EXPECT_EQ(shortcutText(actionInfo(ActionId::PredictMode).shortcut), "Ctrl+Shift+P");
  EXPECT_EQ(actionForShortcut(Shortcut{Key::F12, false, false, false}), ActionId::Presentation);
  EXPECT_EQ(actionInfo(ActionId::Presentation).menu, "View");
  EXPECT_TRUE(actionInfo(ActionId::PredictMode).checkable);
  EXPECT_FALSE(actionChecked(ActionId::Presentation, *s, c));
  runAction(ActionId::Presentation, *s, c);
  EXPECT_TRUE(c.presenting);
  EXPECT_TRUE(actionChecked(ActionId::Presentation, *s, c));
  runAction(ActionId::PredictMode, *s, c);
  EXPECT_TRUE(c.predicting);
  EXPECT_TRUE(actionChecked(ActionId::PredictMode, *s, c));
  runAction(ActionId::Presentation, *s, c);
  EXPECT_FALSE(c.presenting);
  EXPECT_TRUE(c.predicting);
  EXPECT_EQ(s->position(), 0u);  // neither touches the session
}

TEST(Actions, StepAndStepBackOnARealSession) {
  auto s = twoWarps();
  ASSERT_TRUE(s);
  DebuggerChoices c;
  EXPECT_FALSE(actionEnabled(ActionId::StepBack, *s, c));
  EXPECT_TRUE(actionEnabled(ActionId::StepOver, *s, c));
  runAction(ActionId::StepOver, *s, c);
  runAction(ActionId::StepOver, *s, c);
  EXPECT_EQ(s->position(), 2u);
  runAction(ActionId::StepBack, *s, c);
  EXPECT_EQ(s->position(), 1u);
  runAction(ActionId::Restart, *s, c);
  EXPECT_EQ(s->position(), 0u);
  EXPECT_FALSE(actionEnabled(ActionId::Restart, *s, c));
}

TEST(Actions, StepUnitIsARadioGroup) {
  auto s = twoWarps();
  DebuggerChoices c;
  EXPECT_TRUE(actionChecked(ActionId::UnitWarpInstruction, *s, c));
  runAction(ActionId::UnitCollective, *s, c);
  EXPECT_EQ(c.unit, core::StepUnit::NextCollective);
  EXPECT_TRUE(actionChecked(ActionId::UnitCollective, *s, c));
  EXPECT_FALSE(actionChecked(ActionId::UnitWarpInstruction, *s, c));
  // Step now runs until a shuffle has executed.
  runAction(ActionId::StepOver, *s, c);
  const core::StepRecord* r = s->history().current();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(s->program().instrs[r->pc].op, core::Opcode::Shfl);
}

TEST(Actions, BreakpointAtCursorAndContinue) {
  auto s = twoWarps();
  DebuggerChoices c;
  EXPECT_FALSE(actionEnabled(ActionId::ToggleBreakpoint, *s, c));  // no line selected
  c.cursorLine = lineOf(*s, "shfl");
  ASSERT_GT(c.cursorLine, 0);
  runAction(ActionId::ToggleBreakpoint, *s, c);
  ASSERT_EQ(s->breakpoints().size(), 1u);
  const core::RunOutcome o = runAction(ActionId::Continue, *s, c);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Breakpoint);
  EXPECT_NE(describeOutcome(o, *s).find("PTX line " + std::to_string(c.cursorLine)), std::string::npos)
      << describeOutcome(o, *s);
}

TEST(Actions, ModeAndAsyncOrderAreChecked) {
  auto s = twoWarps();
  DebuggerChoices c;
  EXPECT_TRUE(actionChecked(ActionId::ModeStrict, *s, c));
  runAction(ActionId::ModeHardware, *s, c);
  EXPECT_EQ(s->options().mode, core::ExecMode::Hardware);
  EXPECT_TRUE(actionChecked(ActionId::ModeHardware, *s, c));
  runAction(ActionId::ModeHardware, *s, c);  // Ctrl+H toggles back
  EXPECT_EQ(s->options().mode, core::ExecMode::Strict);
  runAction(ActionId::AsyncManual, *s, c);
  EXPECT_TRUE(actionChecked(ActionId::AsyncManual, *s, c));
  EXPECT_FALSE(actionChecked(ActionId::AsyncOldest, *s, c));
}

TEST(Actions, FocusCyclesThroughLanesAndWarps) {
  auto s = twoWarps();
  DebuggerChoices c;
  runAction(ActionId::PrevLane, *s, c);
  EXPECT_EQ(s->focus().lane, 31);
  runAction(ActionId::NextLane, *s, c);
  EXPECT_EQ(s->focus().lane, 0);
  runAction(ActionId::NextWarp, *s, c);
  EXPECT_EQ(s->focus().warp, 1u);
  runAction(ActionId::NextWarp, *s, c);
  EXPECT_EQ(s->focus().warp, 0u);
  EXPECT_FALSE(actionEnabled(ActionId::NextCta, *s, c));
}

TEST(RunDriver, ContinueRunsInChunksUntilTheEnd) {
  auto s = twoWarps();
  DebuggerChoices c;
  RunDriver d;
  d.setChunk(3);
  const core::RunOutcome first = d.start(ActionId::Continue, *s, c);
  EXPECT_EQ(first.why, core::RunOutcome::Why::Budget);
  EXPECT_EQ(s->position(), 3u);
  EXPECT_TRUE(d.running());
  int ticks = 0;
  while (d.running() && ticks < 1000) {
    d.tick(*s, c, 0.016);
    ++ticks;
  }
  EXPECT_FALSE(d.running());
  EXPECT_EQ(d.lastOutcome().why, core::RunOutcome::Why::Finished);
  EXPECT_TRUE(s->finished());
  EXPECT_EQ(d.stepsSoFar(), s->position());
}

TEST(RunDriver, StopHaltsARun) {
  auto s = twoWarps();
  DebuggerChoices c;
  RunDriver d;
  d.setChunk(2);
  d.start(ActionId::Continue, *s, c);
  d.stop();
  const std::uint64_t at = s->position();
  EXPECT_FALSE(d.tick(*s, c, 1.0));
  EXPECT_EQ(s->position(), at);
}

TEST(RunDriver, AutoplayStepsAtItsSpeed) {
  auto s = twoWarps();
  DebuggerChoices c;
  RunDriver d;
  d.startAutoplay(4.0);  // four steps a second
  d.tick(*s, c, 0.1);
  EXPECT_EQ(s->position(), 0u);  // 0.4 of a step owed
  d.tick(*s, c, 0.2);
  EXPECT_EQ(s->position(), 1u);
  d.tick(*s, c, 0.5);
  EXPECT_EQ(s->position(), 3u);
  d.stopAutoplay();
  d.tick(*s, c, 10.0);
  EXPECT_EQ(s->position(), 3u);
}

}  // namespace
}  // namespace ws::ui

namespace ws::ui {
namespace {

TEST(Actions, SteppingABlockedWarpSaysWhatToDo) {
  auto s = test::ui::session(test::kernel("\tbar.sync 0;\n\tadd.u32 %r3, %r0, 1;\n"), test::ui::kernelLaunch(64));
  ASSERT_TRUE(s);
  s->setFollowExecution(false);
  DebuggerChoices c;  // unit: the focused warp's next instruction
  core::RunOutcome o;
  for (int i = 0; i < 100; ++i) {
    o = runAction(ActionId::StepOver, *s, c);
    if (o.why == core::RunOutcome::Why::NothingToRun) break;
  }
  ASSERT_EQ(o.why, core::RunOutcome::Why::NothingToRun);  // warp 0 waits at bar.sync for warp 1
  const std::string text = describeOutcome(o, *s);
  EXPECT_EQ(text.rfind("Warp 0 cannot run now", 0), 0u) << text;
  EXPECT_NE(text.find("Alt+Down"), std::string::npos) << text;
  EXPECT_NE(text.find("Alt+2"), std::string::npos) << text;
  runAction(ActionId::UnitCycle, *s, c);
  EXPECT_GT(runAction(ActionId::StepOver, *s, c).steps, 0u);  // every warp that can run: warp 1 does
}

}  // namespace
}  // namespace ws::ui
