// Schedule exploration (core/explore/, docs/explore.md): the engine's
// choices and forced steps, the strategies finding the lost update and the
// hang they were built for, replays that fail the same way every time,
// shards and threads agreeing, and nothing found in correct kernels.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/explore/explorer.hpp"
#include "core/explore/shrink.hpp"
#include "core/explore/strategy.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {
namespace ex = explore;

struct Lesson {
  Scenario scenario;
  PreparedScenario prepared;
  Engine engine() const { return std::get<Engine>(createEngine(prepared)); }
};

Lesson lesson(const std::string& rel) {
  ScenarioLoad l = loadScenarioFile(ws::test::scenarioPath("/") + rel);
  EXPECT_TRUE(l.errors.empty()) << rel;
  return Lesson{*l.scenario, *l.prepared};
}

ex::Result search(const Lesson& l, ex::Options o) { return ex::explore(l.scenario, l.prepared, l.engine(), o); }

// Four warps, lane 0 of each doing count = count + 1 in three
// instructions: the lesson's buggy kernel.
TEST(Explore, PctFindsTheLostUpdateAndShrinksItToOneSwitch) {
  const Lesson l = lesson("lost-update/buggy.toml");
  // The policy (run-to-block) hides it.
  Engine e = l.engine();
  const RunResult r = e.run(kDefaultMaxSteps);
  EXPECT_EQ(r.stop, StopReason::Finished);
  EXPECT_EQ(e.buffer(0)[0], 4u);

  const ex::Result res = search(l, {});
  ASSERT_TRUE(res.found);
  EXPECT_GT(res.found->index, 0u);
  EXPECT_EQ(res.found->failure.kind, ex::Failure::Kind::Expectation);
  // One warp running between another's load and store is the whole bug.
  ASSERT_EQ(res.found->schedule.picks.size(), 1u);
  EXPECT_EQ(res.found->run.forced.size(), 1u);
  EXPECT_GE(res.found->switchesFound, 1u);
  EXPECT_EQ(res.finalStates.size(), 2u);
}

TEST(Explore, AFoundScheduleFailsTheSameWayOnEveryReplay) {
  const Lesson l = lesson("lost-update/buggy.toml");
  const ex::Result res = search(l, {});
  ASSERT_TRUE(res.found);
  const auto schedule = std::make_shared<ForcedSchedule>(res.found->schedule);
  std::set<std::uint64_t> finals;
  for (int i = 0; i < 3; ++i) {
    const ex::Replay rp = ex::replaySchedule(l.scenario, l.prepared, l.engine(), schedule, kDefaultMaxSteps, nullptr);
    ASSERT_TRUE(rp.failure);
    EXPECT_TRUE(rp.failure->sameAs(res.found->failure));
    finals.insert(rp.finalState);
  }
  EXPECT_EQ(finals.size(), 1u);
  // Stepping one step at a time with records, as the viewers do, takes the
  // same steps as run() and marks the forced one.
  Engine stepped = l.engine();
  stepped.setSchedule(schedule);
  StepRecord rec;
  std::uint64_t forced = 0, steps = 0;
  for (;;) {
    rec.reset();
    const StepResult s = stepped.step(&rec);
    if (!s.executed) break;
    ++steps;
    if (rec.forced) {
      ++forced;
      EXPECT_EQ(rec.step, schedule->picks[0].step);
      EXPECT_EQ(rec.warp, schedule->picks[0].pick.warp);
    }
    if (s.stop != StopReason::None) break;
  }
  EXPECT_EQ(forced, 1u);
  EXPECT_EQ(steps, res.found->run.steps);
  EXPECT_EQ(stepped.buffer(0), ([&] {
              Engine e = l.engine();
              e.setSchedule(schedule);
              e.run(kDefaultMaxSteps);
              return e.buffer(0);
            })());
}

// One mbarrier, two phases, a reader that may start late: the policy's
// schedule finishes, some other one hangs (the parity aliases).
TEST(Explore, FindsTheHangOfAnAliasedParity) {
  const Lesson l = lesson("mbarrier-parity-aliasing/buggy.toml");
  Engine e = l.engine();
  EXPECT_EQ(e.run(kDefaultMaxSteps).stop, StopReason::Finished);
  const ex::Result res = search(l, {});
  ASSERT_TRUE(res.found);
  EXPECT_GT(res.found->index, 0u);
  EXPECT_EQ(res.found->failure.kind, ex::Failure::Kind::Diagnostic);
  EXPECT_EQ(res.found->failure.diag, DiagKind::Hang);
  EXPECT_EQ(res.found->schedule.picks.size(), 1u);
  const auto schedule = std::make_shared<ForcedSchedule>(res.found->schedule);
  for (int i = 0; i < 2; ++i) {
    const ex::Replay rp = ex::replaySchedule(l.scenario, l.prepared, l.engine(), schedule, kDefaultMaxSteps, nullptr);
    ASSERT_TRUE(rp.failure);
    EXPECT_EQ(rp.failure->diag, DiagKind::Hang);
  }
  // The lesson's saved copy of it hangs as its [expect] says.
  const Lesson found = lesson("mbarrier-parity-aliasing/found.toml");
  ASSERT_TRUE(found.prepared.schedule);
  Engine replay = found.engine();
  EXPECT_EQ(replay.run(kDefaultMaxSteps).stop, StopReason::Deadlock);
  EXPECT_FALSE(search(lesson("mbarrier-parity-aliasing/fixed.toml"), {}).found);
}

// The rate the issue asks for: among 100 seeds, PCT finds the lost update
// within the first 1,000 schedules in at least 99.
TEST(Explore, PctFindsTheLostUpdateWithin1000SchedulesForAlmostEverySeed) {
  const Lesson l = lesson("lost-update/buggy.toml");
  int foundIn = 0;
  std::uint64_t worst = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    ex::Options o;
    o.seed = seed;
    o.schedules = 1000;
    o.shrink = false;
    const ex::Result res = search(l, o);
    if (res.found) {
      ++foundIn;
      worst = std::max(worst, res.found->index);
    }
  }
  EXPECT_GE(foundIn, 99) << "worst index " << worst;
}

TEST(Explore, RandomWalkAndExhaustiveFindItToo) {
  const Lesson l = lesson("lost-update/buggy.toml");
  ex::Options o;
  o.strategy = ex::Strategy::Random;
  EXPECT_TRUE(search(l, o).found);
  o.strategy = ex::Strategy::Exhaustive;
  o.depth = 1;
  const ex::Result res = search(l, o);
  ASSERT_TRUE(res.found);
  EXPECT_EQ(res.found->schedule.picks.size(), 1u);
}

TEST(Explore, TheAtomicAddFixHasNoFailingScheduleAndOneFinalState) {
  const Lesson l = lesson("lost-update/fixed.toml");
  for (ex::Strategy s : {ex::Strategy::Pct, ex::Strategy::Random}) {
    ex::Options o;
    o.strategy = s;
    o.schedules = 2000;
    o.jobs = 2;
    const ex::Result res = search(l, o);
    EXPECT_FALSE(res.found);
    EXPECT_EQ(res.searched, 2000u);
    EXPECT_EQ(res.finalStates.size(), 1u);
  }
  // Every schedule with at most two forced switches.
  ex::Options o;
  o.strategy = ex::Strategy::Exhaustive;
  o.depth = 2;
  o.schedules = 100000;
  const ex::Result res = search(l, o);
  EXPECT_FALSE(res.found);
  EXPECT_TRUE(res.exhausted);
  EXPECT_GT(res.searched, 10u);
}

TEST(Explore, ThreadsAndShardsAgreeOnTheFirstFailingSchedule) {
  const Lesson l = lesson("lost-update/buggy.toml");
  ex::Options o;
  o.shrink = false;
  o.seed = 7;
  const ex::Result one = search(l, o);
  ASSERT_TRUE(one.found);
  o.jobs = 3;
  const ex::Result three = search(l, o);
  ASSERT_TRUE(three.found);
  EXPECT_EQ(three.found->index, one.found->index);
  // Three shards: the one holding that index finds it; no shard finds a lower one.
  o.jobs = 1;
  o.shards = 3;
  std::uint64_t lowest = UINT64_MAX;
  for (std::uint32_t s = 0; s < 3; ++s) {
    o.shard = s;
    const ex::Result r = search(l, o);
    if (r.found) lowest = std::min(lowest, r.found->index);
  }
  EXPECT_EQ(lowest, one.found->index);
}

TEST(Explore, ShardsSplitTheScheduleIndices) {
  const Lesson l = lesson("lost-update/fixed.toml");
  ex::Options o;
  o.schedules = 100;
  o.shards = 3;
  std::uint64_t total = 0;
  for (std::uint32_t s = 0; s < 3; ++s) {
    o.shard = s;
    total += search(l, o).searched;
  }
  EXPECT_EQ(total, 100u);
}

TEST(Explore, CancelStopsTheSearch) {
  const Lesson l = lesson("lost-update/fixed.toml");
  ex::Hooks h;
  h.cancelled = [] { return true; };
  ex::Options o;
  o.schedules = 1000000;
  const ex::Result res = ex::explore(l.scenario, l.prepared, l.engine(), o, h);
  EXPECT_TRUE(res.interrupted);
  EXPECT_LT(res.searched, 1000000u);
}

// ---------------------------------------------------------------- the engine's choices

constexpr const char* kIfElse = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .pred %p<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %laneid;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra THEN;
  mov.u32 %r2, 2;
  bra JOIN;
THEN:
  mov.u32 %r2, 1;
JOIN:
  ret;
}
)";

TEST(ExploreEngine, BothSidesOfABranchMayRunFirstButNotTheJoin) {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers = {{"out", std::vector<std::uint8_t>(4, 0)}};
  cfg.params = {ParamValue::buf(0)};
  Engine e = test::makeEngine(kIfElse, cfg);
  for (int i = 0; i < 4; ++i) e.step();  // ld.param, mov, setp, the branch: the warp splits
  std::vector<Pick> picks;
  e.picks(picks);
  ASSERT_EQ(picks.size(), 2u);
  EXPECT_EQ(picks[0].lanes | picks[1].lanes, ~0u);
  EXPECT_NE(picks[0].pc, picks[1].pc);
  // The policy (strict: lowest PC first) runs the else side; force the other.
  const std::optional<Pick> policy = e.policyPick();
  ASSERT_TRUE(policy);
  const Pick other = picks[0] == *policy ? picks[1] : picks[0];
  StepRecord rec;
  const StepResult s = e.forcedStep(other, &rec);
  EXPECT_TRUE(s.executed);
  EXPECT_TRUE(rec.forced);
  EXPECT_EQ(rec.lanes, other.lanes);
  // The THEN side now waits at JOIN while the else side can still reach it:
  // it is held, and a forced step of it is refused without a change.
  e.picks(picks);
  ASSERT_EQ(picks.size(), 1u);
  EXPECT_EQ(picks[0].lanes, policy->lanes);
  Pick held = other;
  held.pc = kAnyPc;  // wherever those lanes stand: JOIN
  const std::uint64_t before = e.state().hash();
  EXPECT_FALSE(e.forcedStep(held).executed);
  EXPECT_EQ(e.state().hash(), before);
}

// policyPick() names exactly what step() runs, step after step.
TEST(ExploreEngine, PolicyPickIsWhatStepRuns) {
  for (const char* rel : {"lost-update/buggy.toml", "intra-warp-lock/lock.toml", "bulk-copy-mbarrier/scenario.toml",
                          "red-async-completion-order/lazy.toml"}) {
    const Lesson l = lesson(rel);
    Engine e = l.engine();
    StepRecord rec;
    int steps = 0;
    for (int i = 0; i < 20000; ++i, ++steps) {
      const std::optional<Pick> p = e.policyPick();
      rec.reset();
      const StepResult s = e.step(&rec);
      if (!s.executed) break;
      ASSERT_TRUE(p) << rel << " step " << i;
      if (p->kind == Pick::Kind::Async) {
        EXPECT_TRUE(rec.completedAsync) << rel << " step " << i;
      } else {
        EXPECT_FALSE(rec.completedAsync) << rel << " step " << i;
        EXPECT_EQ(rec.warp, p->warp) << rel << " step " << i;
        EXPECT_EQ(rec.pc, p->pc) << rel << " step " << i;
        EXPECT_EQ(rec.activeBefore, p->lanes) << rel << " step " << i;
      }
      if (s.stop != StopReason::None) break;
    }
    EXPECT_GT(steps, 30) << rel;
  }
}

// A run with a chooser and a replay of the switches it forced end alike.
TEST(ExploreEngine, ARunsForcedSwitchesReplayIt) {
  const Lesson l = lesson("intra-warp-lock/lock.toml");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Engine chosen = l.engine();
    ex::RandomChooser c(seed, 2000);
    const RunResult r = chosen.run(kDefaultMaxSteps, &c);
    Engine replayed = l.engine();
    replayed.setSchedule(std::make_shared<ForcedSchedule>(ForcedSchedule{r.forced}));
    const RunResult r2 = replayed.run(kDefaultMaxSteps);
    EXPECT_EQ(r2.steps, r.steps) << seed;
    EXPECT_EQ(r2.stop, r.stop) << seed;
    EXPECT_EQ(replayed.state().hash(), chosen.state().hash()) << seed;
    EXPECT_EQ(r2.forced.size(), r.forced.size()) << seed;
    EXPECT_GT(r.forced.size(), 0u) << seed;
    EXPECT_EQ(r.stop, StopReason::Finished) << seed;
  }
}

TEST(ExploreShrink, DeltaDebuggingKeepsTheSwitchesThatMatter) {
  std::vector<ForcedPick> all;
  for (std::uint64_t i = 0; i < 40; ++i) all.push_back(ForcedPick{i, Pick{}});
  // Fails while it holds switches 7 and 31.
  auto fails = [](const std::vector<ForcedPick>& c) {
    bool a = false, b = false;
    for (const ForcedPick& f : c) {
      a = a || f.step == 7;
      b = b || f.step == 31;
    }
    return a && b;
  };
  const ex::Shrunk s = ex::shrinkSchedule(all, fails, 1000);
  ASSERT_EQ(s.picks.size(), 2u);
  EXPECT_EQ(s.picks[0].step, 7u);
  EXPECT_EQ(s.picks[1].step, 31u);
  EXPECT_LT(s.tests, 100u);
}

}  // namespace
}  // namespace ws::core
