// A saved schedule's forced switches in the views: the timeline marks the
// step a schedule forced (and no other), its tooltip says what ran instead of
// the scheduler's choice, the step's summary says so, and the mark follows the
// history as the person steps back and forth and cuts the future off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "tests/ui/scheduled_session.hpp"
#include "tests/ui/ui_test_util.hpp"
#include "ui/scene/marker_color.hpp"
#include "ui/scene/theme.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

using test::kForcedAt;
using test::kForcedTip;
using test::scheduledSession;

std::vector<TimelineMarker> switches(const std::vector<TimelineMarker>& markers) {
  std::vector<TimelineMarker> out;
  for (const TimelineMarker& m : markers)
    if (m.kind == MarkerKind::Switch) out.push_back(m);
  return out;
}

TEST(ForcedSwitch, MarkedAtExactlyTheForcedStepWithWhatRan) {
  auto s = scheduledSession();
  ASSERT_TRUE(s);
  for (int i = 0; i < 6; ++i) s->step();
  ASSERT_EQ(s->position(), 6u);
  // The records: warp 1 ran twice in a row, the second time forced, where
  // round-robin turns to warp 0; its neighbours were the policy's.
  EXPECT_EQ(s->history().record(kForcedAt - 1).warp, 1u);
  EXPECT_FALSE(s->history().record(kForcedAt - 1).forced);
  EXPECT_EQ(s->history().record(kForcedAt).warp, 1u);
  EXPECT_TRUE(s->history().record(kForcedAt).forced);
  EXPECT_EQ(s->history().record(kForcedAt + 1).warp, 0u);
  EXPECT_FALSE(s->history().record(kForcedAt + 1).forced);

  const auto sw = switches(s->views().timeline.markers);
  ASSERT_EQ(sw.size(), 1u);
  EXPECT_EQ(sw[0].step, kForcedAt);
  EXPECT_EQ(sw[0].tooltip, kForcedTip);
  EXPECT_EQ(markerKindName(MarkerKind::Switch), "switch");
  EXPECT_EQ(switches(s->index().markers()).size(), 1u);

  // Running to the end adds no other: the schedule has one switch.
  while (!s->finished() && s->position() < 100) s->step();
  ASSERT_TRUE(s->finished());
  EXPECT_EQ(switches(s->index().markers()).size(), 1u);
}

TEST(ForcedSwitch, SummarySaysTheStepWasForced) {
  auto s = scheduledSession();
  ASSERT_TRUE(s);
  for (std::uint64_t i = 0; i <= kForcedAt; ++i) s->step();
  ASSERT_EQ(s->position(), kForcedAt + 1);
  const std::string& at = s->views().diagnostics.summary;
  EXPECT_NE(at.find("Step 3: warp 1 of CTA (0,0,0) ran line 10"), std::string::npos) << at;
  EXPECT_NE(at.find("This step was a forced switch of the saved schedule"), std::string::npos) << at;
  s->step();
  EXPECT_EQ(s->views().diagnostics.summary.find("forced switch"), std::string::npos) << s->views().diagnostics.summary;
  s->seek(kForcedAt);
  EXPECT_EQ(s->views().diagnostics.summary.find("forced switch"), std::string::npos) << s->views().diagnostics.summary;
}

TEST(ForcedSwitch, FollowsTheHistoryBackAndForthAndAcrossACutFuture) {
  auto s = scheduledSession();
  ASSERT_TRUE(s);
  for (int i = 0; i < 6; ++i) s->step();
  // Stepping back keeps the recorded future, and its mark; forward again
  // replays it without marking it twice.
  while (s->position() > 1) ASSERT_TRUE(s->stepBack());
  auto sw = switches(s->views().timeline.markers);
  ASSERT_EQ(sw.size(), 1u);
  EXPECT_EQ(sw[0].step, kForcedAt);
  for (int i = 0; i < 5; ++i) s->step();
  EXPECT_EQ(s->position(), 6u);
  sw = switches(s->views().timeline.markers);
  ASSERT_EQ(sw.size(), 1u);
  EXPECT_EQ(sw[0].tooltip, kForcedTip);

  // A policy change before the switch cuts the future off: the mark goes
  // with it (the index is invalidated from there)...
  s->seek(kForcedAt - 1);
  s->setMode(s->options().mode == core::ExecMode::Strict ? core::ExecMode::Hardware : core::ExecMode::Strict);
  EXPECT_EQ(s->history().size(), kForcedAt - 1);
  EXPECT_TRUE(switches(s->views().timeline.markers).empty());
  EXPECT_TRUE(switches(s->index().markers()).empty());
  EXPECT_EQ(s->index().scanned(), kForcedAt - 1);
  // ... and comes back at the same step when the run gets there again, the
  // schedule still being the engine's.
  s->step();
  EXPECT_TRUE(switches(s->views().timeline.markers).empty());
  s->step();
  sw = switches(s->views().timeline.markers);
  ASSERT_EQ(sw.size(), 1u);
  EXPECT_EQ(sw[0].step, kForcedAt);
  EXPECT_EQ(sw[0].tooltip, kForcedTip);

  // A cut after the switch keeps it.
  s->step();
  s->seek(kForcedAt + 1);
  s->setMode(s->options().mode == core::ExecMode::Strict ? core::ExecMode::Hardware : core::ExecMode::Strict);
  EXPECT_EQ(switches(s->views().timeline.markers).size(), 1u);
}

TEST(ForcedSwitch, AForcedAsyncCompletionNamesTheOperation) {
  auto ob = test::ui::kernelBench("\tcp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r63], [%rd0], 64, [%r73];\n");
  ASSERT_TRUE(ob);
  test::ui::Bench& b = *ob;
  core::StepRecord& r = b.begin(0, b.pc, 0);
  r.completedAsync = true;
  r.forced = true;
  ++b.state.step;
  const HistoryIndex ix = b.index();
  const auto sw = switches(ix.markers());
  ASSERT_EQ(sw.size(), 1u);
  EXPECT_EQ(sw[0].step, 0u);
  const std::uint32_t line = b.program->instrs[b.pc].pos.line;
  EXPECT_EQ(sw[0].tooltip, "step 1: forced switch: the async unit completed the cp.async.bulk of line " + std::to_string(line) +
                               " instead of the scheduler's choice");
  const std::string summary = buildDiagnostics(b.frame()).summary;
  EXPECT_NE(summary.find("the async unit completed an in-flight cp.async.bulk. This step was a forced switch"), std::string::npos)
      << summary;
  // Its async marker stays: a forced switch adds a mark, it takes none away.
  std::size_t async = 0;
  for (const TimelineMarker& m : ix.markers()) async += m.kind == MarkerKind::Async;
  EXPECT_EQ(async, 1u);
}

double contrast(const Color& a, const Color& b) {
  const double la = a.luminance(), lb = b.luminance();
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(ForcedSwitch, ItsColourIsItsOwnAndStandsOutInEveryTheme) {
  for (const std::string& name : builtinThemeNames()) {
    const Theme t = builtinTheme(name);
    const Color c = markerColor(MarkerKind::Switch, t);
    EXPECT_EQ(c, t.forcedSwitch) << name;
    // The timeline's recorded track (lane_ready at 35% over a cell), its
    // panel and the cell: 3:1 or more against each (WCAG's for graphics).
    auto mix = [](std::uint8_t a, std::uint8_t b) { return static_cast<std::uint8_t>(a * 0.65 + b * 0.35 + 0.5); };
    const Color track{mix(t.cell.r, t.laneReady.r), mix(t.cell.g, t.laneReady.g), mix(t.cell.b, t.laneReady.b)};
    EXPECT_GE(contrast(c, track), 3.0) << name;
    EXPECT_GE(contrast(c, t.panel), 3.0) << name;
    EXPECT_GE(contrast(c, t.cell), 3.0) << name;
    // No other kind shares it.
    for (int k = 0; k <= static_cast<int>(MarkerKind::Switch); ++k) {
      const auto kind = static_cast<MarkerKind>(k);
      if (kind == MarkerKind::Switch) continue;
      const Color o = markerColor(kind, t);
      const int d = std::abs(o.r - c.r) + std::abs(o.g - c.g) + std::abs(o.b - c.b);
      EXPECT_GT(d, 60) << name << ": " << markerKindName(kind);
    }
  }
}

}  // namespace
}  // namespace ws::ui
