// A session whose history outgrows its memory budget: the views keep
// building, moving before the earliest kept step says so (AtStart), and the
// note the front ends show names what was dropped.
#include <gtest/gtest.h>

#include "core/ptx/parser.hpp"
#include "tests/ui/ui_test_util.hpp"
#include "ui/session/actions.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"
#include "ui/files/svg_writer.hpp"

namespace ws::ui {
namespace {

// Every lane loops 200 times, storing and shuffling each time.
const char* kLoop =
    "\tmov.u32 %r1, 0;\n"
    "$L_top:\n"
    "\tadd.u32 %r1, %r1, 1;\n"
    "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"
    "\tst.global.u32 [%rd3], %r2;\n"
    "\tsetp.lt.u32 %p1, %r1, 200;\n"
    "\t@%p1 bra $L_top;\n";

std::unique_ptr<Session> loopSession(std::uint64_t budget) {
  auto parsed = core::parsePtx(test::kernel(kLoop), "loop.ptx");
  EXPECT_TRUE(parsed.ok());
  SessionSource src;
  src.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  src.launch = test::ui::kernelLaunch(64);
  auto made = Session::create(std::move(src), {.checkpointEvery = 32, .maxBytes = budget});
  EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made));
  return std::move(std::get<std::unique_ptr<Session>>(made));
}

TEST(SessionBudget, DroppedHistoryIsAnnouncedAndTheViewsStillBuild) {
  auto s = loopSession(128u << 10);
  EXPECT_EQ(s->historyNote(), "");
  while (s->continueFor(10'000).why == core::RunOutcome::Why::Budget) {
  }
  ASSERT_TRUE(s->finished());
  const std::uint64_t earliest = s->history().earliest();
  ASSERT_GT(earliest, 0u);
  EXPECT_NE(s->historyNote().find(std::to_string(earliest)), std::string::npos) << s->historyNote();

  // Views and the scene at the end, at the earliest kept step, and between.
  for (std::uint64_t pos : {s->position(), earliest, earliest + 1, (earliest + s->position()) / 2}) {
    ASSERT_EQ(s->seek(pos), pos);
    const ViewSet& v = s->views();
    EXPECT_EQ(v.timeline.position, pos);
    EXPECT_EQ(v.timeline.earliest, earliest);
    EXPECT_FALSE(toSvg(buildScene(s->frame(), &s->index(), Theme{})).empty());
  }

  // Before the earliest kept step: the session stops there and says why.
  EXPECT_EQ(s->seek(0), earliest);
  EXPECT_EQ(s->lastOutcome().why, core::RunOutcome::Why::AtStart);
  const std::string status = describeOutcome(s->lastOutcome(), *s);
  EXPECT_NE(status.find("the earliest step kept: history memory budget"), std::string::npos) << status;
  EXPECT_FALSE(s->stepBack());
  EXPECT_EQ(s->lastOutcome().why, core::RunOutcome::Why::AtStart);
  EXPECT_EQ(s->reverseContinueFor(1000).why, core::RunOutcome::Why::AtStart);
}

TEST(SessionBudget, TheDefaultBudgetKeepsASmallRunWhole) {
  auto s = loopSession(core::kDefaultHistoryBytes);
  while (s->continueFor(10'000).why == core::RunOutcome::Why::Budget) {
  }
  EXPECT_EQ(s->history().earliest(), 0u);
  EXPECT_EQ(s->historyNote(), "");
  EXPECT_EQ(s->seek(0), 0u);
  EXPECT_EQ(s->lastOutcome().why, core::RunOutcome::Why::Done);
}

}  // namespace
}  // namespace ws::ui
