// A saved schedule replays the lost update it was saved for: six warps each
// read, increment and write back one counter without an atomic. Run to
// block, each warp finishes before the next starts and the counter ends at
// 6; a switch from warp 0 to another warp between warp 0's load and its
// store loses updates. Engine::run and step-by-step recording (what the
// viewers do) replay the same schedule to the same state.
#include <gtest/gtest.h>

#include <cstring>

#include "core/scenario/schedule/schedule.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

// Three CTAs of two warps.
constexpr std::string_view kLostUpdate = R"(format = 1
title = "lost update"

[program]
ptx = '''
.version 8.7
.target sm_90a
.address_size 64

.visible .entry k(
	.param .u64 k_counter
)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [k_counter];
	ld.global.u32 %r1, [%rd1];
	add.u32 %r2, %r1, 1;
	st.global.u32 [%rd1], %r2;
	ret;
}
'''

[launch]
grid = 3
block = 64

[[param]]
buffer = "counter"
words = [0]

[engine]
scheduling = "run-to-block"
)";

// Step 2 comes right after warp 0's load (step 1; checked below): there the
// first warp of CTA 1 (global warp 2) runs instead, and run-to-block goes on
// from it before warp 0 stores what it loaded.
constexpr std::string_view kSwitch = R"(
[schedule]
version = 1
found_by = "by hand: warp 0 is overtaken between its load and its store"
switches = [
  { step = 2, cta = 1, warp = 0 },
]
)";

std::uint32_t counter(const Engine& e) {
  std::uint32_t v = 0;
  std::memcpy(&v, e.buffer(0).data(), sizeof v);
  return v;
}

Engine engineFor(std::string_view text) {
  auto r = loadText(text);
  EXPECT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  if (auto* err = std::get_if<std::string>(&made)) ADD_FAILURE() << *err;
  return std::move(std::get<Engine>(made));
}

TEST(ScenarioScheduleReplay, WithoutAScheduleEveryUpdateLands) {
  Engine e = engineFor(kLostUpdate);
  EXPECT_FALSE(e.schedule());
  // Where the switch goes: step 1 is warp 0's load.
  StepRecord rec;
  ASSERT_TRUE(e.step(&rec).executed);
  rec.reset();
  ASSERT_TRUE(e.step(&rec).executed);
  EXPECT_EQ(rec.step, 1u);
  EXPECT_EQ(rec.warp, 0u);
  const Instr& ins = e.program().instrs[rec.pc];
  EXPECT_EQ(ins.op, Opcode::Ld);
  EXPECT_EQ(ins.space, Mod::Global);
  EXPECT_FALSE(rec.forced);
  const RunResult r = e.run(1000);
  EXPECT_EQ(r.stop, StopReason::Finished);
  EXPECT_EQ(counter(e), 6u);
}

TEST(ScenarioScheduleReplay, TheSavedSwitchLosesAnUpdate) {
  const std::string text = std::string(kLostUpdate) + std::string(kSwitch);
  Engine run = engineFor(text);
  ASSERT_TRUE(run.schedule());
  const RunResult r = run.run(1000);
  EXPECT_EQ(r.stop, StopReason::Finished);
  // Warps 2-5 run on from the switch and leave 4; warp 0 then stores the 1
  // it computed from its load at step 1, and warp 1 makes that 2.
  EXPECT_EQ(counter(run), 2u);
  ASSERT_EQ(r.forced.size(), 1u);
  EXPECT_EQ(r.forced[0].step, 2u);
  EXPECT_EQ(r.forced[0].pick.warp, 2u);  // CTA 1 warp 0

  // Step by step with records, as the viewers record a history.
  Engine stepped = engineFor(text);
  std::vector<std::uint64_t> forcedSteps;
  StepRecord rec;
  for (int i = 0; i < 1000 && !stepped.finished(); ++i) {
    if (stepped.state().step == 2) {
      // What runs next is the saved switch, not the policy's warp 0.
      const std::optional<Pick> next = stepped.policyPick();
      ASSERT_TRUE(next);
      EXPECT_EQ(next->warp, 2u);
      EXPECT_EQ(next->lanes, ~0u);
    }
    rec.reset();
    const StepResult s = stepped.step(&rec);
    ASSERT_TRUE(s.executed);
    if (rec.forced) {
      forcedSteps.push_back(rec.step);
      EXPECT_EQ(rec.warp, 2u);
      EXPECT_EQ(stepped.state().warps[rec.warp].cta, 1u);
      EXPECT_EQ(stepped.state().warps[rec.warp].warpInCta, 0u);
    }
  }
  EXPECT_TRUE(stepped.finished());
  EXPECT_EQ(forcedSteps, std::vector<std::uint64_t>{2});
  EXPECT_EQ(counter(stepped), 2u);
  EXPECT_TRUE(stepped.state() == run.state());
}

// A switch that cannot run where it stands is skipped: the policy runs that
// step. Here warp 0 of CTA 1 has finished by step 9 (it ran steps 2-6).
TEST(ScenarioScheduleReplay, ASwitchThatCannotRunIsSkipped) {
  const std::string text = std::string(kLostUpdate) + R"(
[schedule]
version = 1
switches = [
  { step = 2, cta = 1, warp = 0 },
  { step = 9, cta = 1, warp = 0 },
]
)";
  Engine e = engineFor(text);
  const RunResult r = e.run(1000);
  EXPECT_EQ(r.stop, StopReason::Finished);
  EXPECT_EQ(counter(e), 2u);
  ASSERT_EQ(r.forced.size(), 1u);
  EXPECT_EQ(r.forced[0].step, 2u);
}

}  // namespace
}  // namespace ws::core
