// The [schedule] section: every broken switch reported at its file:line:col,
// load -> save -> load equal and byte-stable, and the switches handed to the
// engine in its own warp numbering.
#include <gtest/gtest.h>

#include "core/scenario/schedule/schedule.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

// Three CTAs of two warps: warps 0-1 in CTA 0, 2-3 in CTA 1, 4-5 in CTA 2
// (not square, so a CTA and a warp index swapped would show).
constexpr std::string_view kBase = R"(format = 1
title = "schedule"

[program]
ptx = '''
.version 8.7
.target sm_90a
.address_size 64

.visible .entry k(
	.param .u64 k_out
)
{
	ret;
}
'''

[launch]
grid = 3
block = 64

[[param]]
buffer = "out"
words = [0]

[engine]
scheduling = "run-to-block"
)";

std::string withSchedule(std::string_view schedule) { return std::string(kBase) + "\n" + std::string(schedule); }

// The 1-based line and column where `marker` starts in `text` (its first
// occurrence after `after`).
struct Pos {
  std::uint32_t line = 0, col = 0;
};
Pos posOf(std::string_view text, std::string_view marker, std::string_view after = "") {
  const std::size_t from = after.empty() ? 0 : text.find(after);
  const std::size_t at = text.find(marker, from);
  EXPECT_NE(at, std::string_view::npos) << marker;
  Pos p{1, 1};
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.col = 1;
    } else {
      ++p.col;
    }
  }
  return p;
}

::testing::AssertionResult hasError(const ScenarioLoad& r, Pos p, std::string_view needle) {
  for (const auto& e : r.errors)
    if (e.file == "t.toml" && e.line == p.line && e.col == p.col && e.message.find(needle) != std::string::npos)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no error t.toml:" << p.line << ":" << p.col << " containing '" << needle
                                       << "'; got:\n"
                                       << errorsText(r.errors);
}

TEST(ScenarioSchedule, ReadsEverySwitch) {
  const std::string text = withSchedule(R"([schedule]
version = 1
found_by = "explore --strategy pct --seed 1: schedule 37 of 1000"
switches = [
  { step = 17, cta = 1, warp = 1, lanes = "0x00000001" },
  { step = 20, warp = 1 },
  { step = 33, warp = 0, lanes = 0xff00 },
  { step = 40, async = 3 },
]
)");
  auto r = loadText(text);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  ASSERT_TRUE(r.scenario->schedule);
  const ScheduleSpec& s = *r.scenario->schedule;
  EXPECT_EQ(s.version, 1u);
  EXPECT_EQ(s.foundBy, "explore --strategy pct --seed 1: schedule 37 of 1000");
  ASSERT_EQ(s.switches.size(), 4u);
  EXPECT_EQ(s.switches[0], (ScheduleSwitch{17, std::nullopt, 1, 1, 0x1u}));
  EXPECT_EQ(s.switches[1], (ScheduleSwitch{20, std::nullopt, 0, 1, ~0u}));  // cta 0, every lane by default
  EXPECT_EQ(s.switches[2], (ScheduleSwitch{33, std::nullopt, 0, 0, 0xff00u}));
  EXPECT_EQ(s.switches[3], (ScheduleSwitch{40, 3, 0, 0, 0}));

  // The engine's numbering: warp w of CTA c is global warp c * 2 + w, as
  // Engine::create lays them out.
  ASSERT_TRUE(r.prepared->schedule);
  const ForcedSchedule& f = *r.prepared->schedule;
  ASSERT_EQ(f.picks.size(), 4u);
  EXPECT_EQ(f.picks[0].step, 17u);
  EXPECT_EQ(f.picks[0].pick, (Pick{Pick::Kind::Group, 3, 0x1u, kAnyPc, 0, false}));
  EXPECT_EQ(f.picks[1].pick, (Pick{Pick::Kind::Group, 1, ~0u, kAnyPc, 0, false}));
  EXPECT_EQ(f.picks[2].pick, (Pick{Pick::Kind::Group, 0, 0xff00u, kAnyPc, 0, false}));
  EXPECT_EQ(f.picks[3].step, 40u);
  EXPECT_EQ(f.picks[3].pick.kind, Pick::Kind::Async);
  EXPECT_EQ(f.picks[3].pick.asyncId, 3u);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  const MachineState& st = std::get<Engine>(made).state();
  EXPECT_EQ(st.warps[3].cta, 1u);
  EXPECT_EQ(st.warps[3].warpInCta, 1u);
  EXPECT_EQ(std::get<Engine>(made).schedule(), r.prepared->schedule);

  // And back, as the explorer saves what it found.
  EXPECT_EQ(scheduleSpec(f, st, s.foundBy), s);
}

TEST(ScenarioSchedule, NoSectionNoSchedule) {
  auto r = loadText(kBase);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  EXPECT_FALSE(r.scenario->schedule);
  EXPECT_FALSE(r.prepared->schedule);
  EXPECT_EQ(formatScenario(*r.scenario).find("[schedule]"), std::string::npos);
}

TEST(ScenarioSchedule, UnknownKeysNameTheClosest) {
  const std::string text = withSchedule(R"([schedule]
version = 1
switchs = []
)");
  auto r = loadText(text);
  EXPECT_TRUE(hasError(r, posOf(text, "switchs"), "unknown key 'switchs' in [schedule]; did you mean 'switches'?"));

  const std::string inSwitch = withSchedule(R"([schedule]
version = 1
switches = [
  { step = 3, wrap = 1 },
]
)");
  auto s = loadText(inSwitch);
  EXPECT_TRUE(hasError(s, posOf(inSwitch, "wrap"), "unknown key 'wrap' in a [schedule] switch; did you mean 'warp'?"));
  EXPECT_TRUE(hasError(s, posOf(inSwitch, "{ step = 3"), "needs warp = N"));

  const std::string foundBy = withSchedule("[schedule]\nversion = 1\nfoundby = \"pct\"\nswitches = []\n");
  EXPECT_TRUE(hasError(loadText(foundBy), posOf(foundBy, "foundby"), "did you mean 'found_by'?"));
}

TEST(ScenarioSchedule, VersionIsRequiredAndKnown) {
  const std::string newer = withSchedule("[schedule]\nversion = 2\nswitches = []\n");
  auto r = loadText(newer);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(
      hasError(r, posOf(newer, "2", "version = "), "schedule version 2 is not one this build knows (it knows 1)"));

  const std::string missing = withSchedule("[schedule]\nswitches = []\n");
  EXPECT_TRUE(
      hasError(loadText(missing), posOf(missing, "[schedule]"), "[schedule] needs a version (this build knows 1)"));

  const std::string text = withSchedule("[schedule]\nversion = \"1\"\n");
  EXPECT_TRUE(hasError(loadText(text), posOf(text, "\"1\""), "'schedule.version' must be an integer, not a string"));
}

TEST(ScenarioSchedule, AsyncOrWarpNotBoth) {
  const std::string text = withSchedule(R"([schedule]
version = 1
switches = [
  { step = 3, warp = 1 },
  { step = 4, async = 0, warp = 1 },
  { step = 5, async = 0, lanes = "0x1" },
  { step = 6 },
]
)");
  auto r = loadText(text);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(hasError(r, posOf(text, "{ step = 4"), "switch 1 takes async (an operation completes) or warp"));
  EXPECT_TRUE(hasError(r, posOf(text, "\"0x1\""), "lanes goes with warp, not with async"));
  EXPECT_TRUE(hasError(r, posOf(text, "{ step = 6"), "switch 3 needs warp = N"));
  EXPECT_EQ(r.errors.size(), 3u) << errorsText(r.errors);
}

TEST(ScenarioSchedule, StepsRiseStrictly) {
  const std::string text = withSchedule(R"([schedule]
version = 1
switches = [
  { step = 10, warp = 1 },
  { step = 10, warp = 0 },
  { step = 12, async = 0 },
  { step = 11, warp = 1 },
  { warp = 1 },
  { step = -1, warp = 1 },
]
)");
  auto r = loadText(text);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(hasError(r, posOf(text, "10", "{ step = 10, warp = 0"),
                       "switch 1 is at step 10, not after the switch "
                       "before it (step 10): steps must rise strictly"));
  EXPECT_TRUE(hasError(r, posOf(text, "11", "{ step = 11"),
                       "switch 3 is at step 11, not after the switch before it (step 12)"));
  EXPECT_TRUE(hasError(r, posOf(text, "{ warp = 1 }"), "switch 4 needs a step"));
  EXPECT_TRUE(hasError(r, posOf(text, "-1", "{ step = -1"), "'schedule.switches[5].step' is -1, out of range"));
  EXPECT_EQ(r.errors.size(), 4u) << errorsText(r.errors);
}

TEST(ScenarioSchedule, LanesAreANonzeroMask) {
  const std::string text = withSchedule(R"([schedule]
version = 1
switches = [
  { step = 1, warp = 1, lanes = "0x00000000" },
  { step = 2, warp = 1, lanes = 0 },
  { step = 3, warp = 1, lanes = "ffff" },
  { step = 4, warp = 1, lanes = "0x100000000" },
  { step = 5, warp = 1, lanes = 4294967296 },
  { step = 6, warp = 1, lanes = [1] },
]
)");
  auto r = loadText(text);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(
      hasError(r, posOf(text, "\"0x00000000\""), "'schedule.switches[0].lanes' is 0: a switch runs at least one lane"));
  EXPECT_TRUE(hasError(r, posOf(text, "0 }", "{ step = 2"), "'schedule.switches[1].lanes' is 0"));
  EXPECT_TRUE(hasError(r, posOf(text, "\"ffff\""), "'ffff' is not a lane mask like \"0x0000ffff\""));
  EXPECT_TRUE(hasError(r, posOf(text, "\"0x100000000\""), "is not a lane mask"));
  EXPECT_TRUE(hasError(r, posOf(text, "4294967296"), "a lane mask has 32 bits"));
  EXPECT_TRUE(hasError(r, posOf(text, "[1]"), "must be a lane mask like \"0x0000ffff\" or an integer, not an array"));
  EXPECT_EQ(r.errors.size(), 6u) << errorsText(r.errors);
}

TEST(ScenarioSchedule, SwitchesNameWarpsOfTheLaunch) {
  // The launch has CTAs 0-2 of warps 0-1: checked where the launch is known.
  const std::string text = withSchedule(R"([schedule]
version = 1
switches = [
  { step = 1, cta = 1, warp = 1 },
  { step = 2, cta = 3, warp = 0 },
  { step = 3, warp = 2 },
  { step = 4, async = 9 },
]
)");
  auto r = loadText(text);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.prepared);
  EXPECT_TRUE(
      hasError(r, posOf(text, "3, warp = 0"), "CTA 3 does not exist: the launch has 3 CTAs (linear indices 0 to 2)"));
  EXPECT_TRUE(
      hasError(r, posOf(text, "2 }", "step = 3"), "warp 2 does not exist: a CTA of the launch has 2 warps (0 to 1)"));
  EXPECT_EQ(r.errors.size(), 2u) << errorsText(r.errors);  // an async id is whatever the run issues
}

TEST(ScenarioSchedule, RoundTripIsEqualAndByteStable) {
  const std::string text = withSchedule(R"([schedule]
version = 1
found_by = "explore \"quoted\" \\ seed 7"
switches = [
  { step = 0, cta = 1, warp = 0, lanes = 65535 },
  { step = 5, async = 12 },
  { step = 900000000000, warp = 1 },
]
)");
  auto a = loadText(text);
  ASSERT_TRUE(a.ok()) << errorsText(a.errors);
  const std::string saved = formatScenario(*a.scenario);
  EXPECT_NE(saved.find(R"(
[engine]
mode = "strict"
async_completion = "oldest"
scheduling = "run-to-block"
report_uninitialized_reads = true

[schedule]
version = 1
found_by = "explore \"quoted\" \\ seed 7"
switches = [
  { step = 0, cta = 1, warp = 0, lanes = "0x0000ffff" },
  { step = 5, async = 12 },
  { step = 900000000000, cta = 0, warp = 1, lanes = "0xffffffff" },
]
)"),
            std::string::npos)
      << saved;
  auto b = loadText(saved);
  ASSERT_TRUE(b.ok()) << errorsText(b.errors) << saved;
  EXPECT_EQ(*a.scenario, *b.scenario) << saved;
  EXPECT_EQ(formatScenario(*b.scenario), saved);

  // A schedule without switches (or found_by) stays one.
  Scenario empty = *a.scenario;
  empty.schedule = ScheduleSpec{};
  const std::string savedEmpty = formatScenario(empty);
  EXPECT_NE(savedEmpty.find("\n[schedule]\nversion = 1\nswitches = []\n"), std::string::npos) << savedEmpty;
  auto c = loadText(savedEmpty);
  ASSERT_TRUE(c.ok()) << errorsText(c.errors);
  EXPECT_EQ(c.scenario->schedule, ScheduleSpec{});
}

}  // namespace
}  // namespace ws::core
