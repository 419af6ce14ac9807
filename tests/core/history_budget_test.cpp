// The history's memory budget: past it the oldest steps are folded into the
// earliest reachable state, which stays exact; everything after it still
// moves back and forth as before, and a note says what was dropped.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"
#include "tests/kernels/crossed_barriers.hpp"

namespace ws::core {
namespace {

// Two warps loop 300 times, each iteration writing a register and a word of memory.
Engine loopEngine() {
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry loop(.param .u64 loop_out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [loop_out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	mov.u32 %r2, 0;
$L_top:
	add.u32 %r2, %r2, 1;
	mad.lo.u32 %r3, %r2, 3, %r1;
	st.global.u32 [%rd3], %r3;
	setp.lt.u32 %p1, %r2, 300;
	@%p1 bra $L_top;
	ret;
}
)";
  LaunchConfig cfg;
  cfg.entry = "loop";
  cfg.block = {64, 1, 1};
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(256, 0)});
  cfg.params = {ParamValue::buf(0)};
  return test::makeEngine(ptx, cfg);
}

// State hashes after every step, with no budget.
std::vector<std::uint64_t> referenceHashes() {
  History h(loopEngine(), {.checkpointEvery = 64, .maxBytes = 0});
  std::vector<std::uint64_t> out{h.state().hash()};
  while (h.forward().executed) out.push_back(h.state().hash());
  return out;
}

TEST(HistoryBudget, WithoutABudgetNothingIsDropped) {
  History h(loopEngine(), {.checkpointEvery = 64, .maxBytes = 0});
  while (h.forward().executed) {
  }
  EXPECT_EQ(h.earliest(), 0u);
  EXPECT_EQ(h.droppedNote(), "");
  EXPECT_EQ(h.seek(0), 0u);
}

TEST(HistoryBudget, DropsTheOldestStepsAndStaysWithinTheBudget) {
  const auto ref = referenceHashes();
  ASSERT_GT(ref.size(), 2000u);
  const std::uint64_t budget = 256u << 10;
  History h(loopEngine(), {.checkpointEvery = 64, .maxBytes = budget});
  while (h.forward().executed) EXPECT_LE(h.memoryBytes(), budget);
  const std::uint64_t end = h.position();
  EXPECT_EQ(end, ref.size() - 1);
  EXPECT_EQ(h.state().hash(), ref.back());
  ASSERT_GT(h.earliest(), 0u);
  EXPECT_LT(h.earliest(), end);

  // The note names the budget and the first step still reachable.
  const std::string note = h.droppedNote();
  EXPECT_NE(note.find("budget"), std::string::npos) << note;
  EXPECT_NE(note.find(std::to_string(h.earliest())), std::string::npos) << note;

  // Dropped records are gone; the rest are there.
  EXPECT_THROW(h.record(h.earliest() - 1), std::out_of_range);
  EXPECT_NO_THROW(h.record(h.earliest()));

  // Stepping back stops at the earliest kept step, in the exact state of that step.
  std::uint64_t backs = 0;
  while (h.back()) ++backs;
  EXPECT_EQ(backs, end - h.earliest());
  EXPECT_EQ(h.position(), h.earliest());
  EXPECT_EQ(h.current(), nullptr);
  EXPECT_EQ(h.state().hash(), ref[h.earliest()]);

  // Seeking before it lands on it; seeking anywhere after it is exact.
  EXPECT_EQ(h.seek(0), h.earliest());
  EXPECT_EQ(h.state().hash(), ref[h.earliest()]);
  for (std::uint64_t n : {end, h.earliest() + 1, (h.earliest() + end) / 2, end - 1, h.earliest() + (end - h.earliest()) / 3}) {
    ASSERT_EQ(h.seek(n), n);
    EXPECT_EQ(h.state().hash(), ref[n]) << "seek(" << n << ")";
  }
}

TEST(HistoryBudget, EditsAfterDroppingCutTheFutureAndKeepCounting) {
  History h(loopEngine(), {.checkpointEvery = 16, .maxBytes = 64u << 10});
  for (int i = 0; i < 1500; ++i) h.forward();
  const std::uint64_t earliest = h.earliest();
  ASSERT_GT(earliest, 0u);
  const std::uint64_t full = h.memoryBytes();
  h.seek(earliest + 10);
  h.editRegister(1, 7, 2, 0xabcd);
  EXPECT_EQ(h.size(), earliest + 11);
  EXPECT_LT(h.memoryBytes(), full);  // the cut-off future is no longer counted
  EXPECT_EQ(h.state().warps[1].regs[2 * 32 + 7], 0xabcdu);
  ASSERT_TRUE(h.back());
  EXPECT_NE(h.state().warps[1].regs[2 * 32 + 7], 0xabcdu);
  // Running on from the edit keeps the budget.
  for (int i = 0; i < 1500; ++i) h.forward();
  EXPECT_LE(h.memoryBytes(), 64u << 10);
  EXPECT_GT(h.earliest(), earliest);
}

TEST(HistoryBudget, ABudgetSmallerThanOneStepKeepsOnlyThePresent) {
  History h(loopEngine(), {.checkpointEvery = 64, .maxBytes = 1});
  for (int i = 0; i < 100; ++i) h.forward();
  EXPECT_EQ(h.earliest(), h.position());
  EXPECT_EQ(h.memoryBytes(), 0u);
  EXPECT_FALSE(h.back());
  EXPECT_NE(h.droppedNote(), "");
}

TEST(HistoryBudget, ADeadlockWhoseReportWasDroppedIsStillReportedOnce) {
  // Warp 0 waits at barrier 0, warp 1 at barrier 1: nothing can run after 8 steps.
  auto parsed = parsePtx(test::kCrossedBarriersPtx, "crossed.ptx");
  ASSERT_TRUE(parsed.ok());
  LaunchConfig cfg;
  cfg.entry = "crossed";
  cfg.block = {64, 1, 1};
  auto made = Engine::create(std::make_shared<const Program>(std::move(*parsed.program)), cfg);
  // A budget smaller than one record: every record is dropped as soon as it is made.
  History h(std::get<Engine>(made), {.checkpointEvery = 2, .maxBytes = 1});
  StepResult r;
  do {
    r = h.forward();
  } while (r.executed && r.stop == StopReason::None);
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_EQ(h.earliest(), h.size());
  const std::uint64_t size = h.size();
  r = h.forward();
  EXPECT_FALSE(r.executed);
  EXPECT_EQ(r.stop, StopReason::Deadlock);
  EXPECT_EQ(h.size(), size);
}

}  // namespace
}  // namespace ws::core
