// Time travel and determinism over real nvcc output: the hardware-golden
// kernels. Stepping back to 0 restores the launch state exactly; seek(n)
// equals n single steps; two runs of one launch give the same state hash.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/trace/history.hpp"
#include "core/trace/run_control.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using ws::core::Engine;
using ws::core::History;

std::vector<ws::test::GoldenCase> sharedCases() {
  return ws::test::loadGoldenFile(ws::test::dataPath("/golden/golden-h100.json"), ws::test::dataPath("/golden/kernels.ptx"), "");
}

Engine makeEngine(const ws::test::GoldenCase& c) {
  const auto& t = c.json;
  ws::core::LaunchConfig cfg;
  cfg.entry = t["name"].get<std::string>();
  cfg.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
  cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
  if (t["cluster"].get<std::uint32_t>() > 0) cfg.cluster = {t["cluster"].get<std::uint32_t>(), 1, 1};
  cfg.buffers.push_back({"in", ws::test::toBytes(t["in"].get<std::vector<std::uint32_t>>())});
  cfg.buffers.push_back({"out", ws::test::toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
  cfg.params = {ws::core::ParamValue::buf(0), ws::core::ParamValue::buf(1)};
  auto parsed = ws::core::parsePtx(ws::test::slurp(c.ptxPath), "kernels.ptx");
  EXPECT_TRUE(parsed.ok());
  auto program = std::make_shared<const ws::core::Program>(std::move(*parsed.program));
  ws::core::EngineOptions o;
  o.mode = ws::core::ExecMode::Hardware;
  return std::get<Engine>(Engine::create(program, cfg, o));
}

class HistoryOnGolden : public ::testing::TestWithParam<ws::test::GoldenCase> {};

TEST_P(HistoryOnGolden, RunToEndThenBackToStartRestoresTheLaunchState) {
  History h(makeEngine(GetParam()), {.checkpointEvery = 64});
  const ws::core::MachineState initial = h.state();
  std::uint64_t n = 0;
  while (h.forward().executed) ++n;
  ASSERT_GT(n, 0u);
  EXPECT_TRUE(h.engine().finished());
  const auto finalHash = h.state().hash();
  while (h.back()) {
  }
  EXPECT_EQ(h.position(), 0u);
  EXPECT_TRUE(h.state() == initial);
  // Replaying the recorded future reaches the same final state.
  h.seek(h.size());
  EXPECT_EQ(h.state().hash(), finalHash);
}

TEST_P(HistoryOnGolden, SeekEqualsSteppingAndIsDeterministic) {
  History stepped(makeEngine(GetParam()), {.checkpointEvery = 16});
  std::vector<std::uint64_t> hashes{stepped.state().hash()};
  while (stepped.forward().executed) hashes.push_back(stepped.state().hash());
  // A second engine, moved around with seek (checkpoints + replay, back and forth).
  History sought(makeEngine(GetParam()), {.checkpointEvery = 16});
  sought.seek(hashes.size() - 1);
  EXPECT_EQ(sought.state().hash(), hashes.back());  // same launch, same final hash
  for (std::uint64_t n : {std::uint64_t{0}, hashes.size() / 2, std::uint64_t{1}, hashes.size() - 1, hashes.size() / 3}) {
    sought.seek(n);
    EXPECT_EQ(sought.position(), n);
    EXPECT_EQ(sought.state().hash(), hashes[n]) << "seek(" << n << ")";
  }
}

// The history keeps how each step was chosen and executes again to make a
// record it no longer holds: with a tiny cache every record is made again,
// and must equal the one made when the step first ran.
TEST_P(HistoryOnGolden, RecordsMadeAgainEqualTheOriginals) {
  History h(makeEngine(GetParam()), {.checkpointEvery = 16, .recordCache = 4});
  std::vector<ws::core::StepRecord> originals;
  h.setObserver([&](std::uint64_t i, const ws::core::StepRecord& r) {
    EXPECT_EQ(i, originals.size());
    originals.push_back(r);
  });
  while (h.forward().executed) {
  }
  ASSERT_EQ(originals.size(), h.size());
  for (std::uint64_t i = 0; i < h.size(); ++i) EXPECT_TRUE(h.record(i) == originals[i]) << "record " << i;
  // Backwards too (each step back may rebuild the cache from a checkpoint).
  for (std::uint64_t i = h.size(); i-- > 0;) {
    ASSERT_TRUE(h.back());
    ASSERT_NE(h.current() == nullptr, i > 0);
    if (i > 0) {
      EXPECT_TRUE(*h.current() == originals[i - 1]) << "current at " << i;
    }
  }
}

TEST_P(HistoryOnGolden, SteppingBackWithATinyCacheRestoresEveryState) {
  History stepped(makeEngine(GetParam()), {.checkpointEvery = 8, .recordCache = 3});
  std::vector<std::uint64_t> hashes{stepped.state().hash()};
  while (stepped.forward().executed) hashes.push_back(stepped.state().hash());
  for (std::uint64_t i = hashes.size() - 1; i-- > 0;) {
    ASSERT_TRUE(stepped.back());
    EXPECT_EQ(stepped.state().hash(), hashes[i]) << "back to " << i;
  }
  for (std::uint64_t i = 1; i < hashes.size(); ++i) {
    stepped.forward();
    EXPECT_EQ(stepped.state().hash(), hashes[i]) << "forward to " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, HistoryOnGolden, ::testing::ValuesIn(sharedCases()),
                         [](const auto& p) { return p.param.label; });

TEST(Determinism, SameLaunchTwiceGivesTheSameStateHash) {
  for (const auto& c : sharedCases()) {
    Engine a = makeEngine(c), b = makeEngine(c);
    a.run(1'000'000);
    b.run(1'000'000);
    EXPECT_EQ(a.state().hash(), b.state().hash()) << c.label;
    EXPECT_TRUE(a.state() == b.state()) << c.label;
  }
}

TEST(HistoryEdits, EditingInThePastCutsOffTheFuture) {
  const auto cases = sharedCases();
  History h(makeEngine(cases.front()));
  for (int i = 0; i < 20; ++i) h.forward();
  h.seek(5);
  ASSERT_EQ(h.size(), 20u);
  h.editRegister(0, 3, 0, 0x1234);
  EXPECT_EQ(h.size(), 6u);  // 5 steps + the edit
  EXPECT_EQ(h.state().warps[0].regs[3], 0x1234u);
  h.back();
  EXPECT_NE(h.state().warps[0].regs[3], 0x1234u);
}

// Steps recorded under different policies are executed again under the
// policy each was recorded with.
TEST(HistoryEdits, ReplaysUseThePoliciesOfTheirTime) {
  const auto cases = sharedCases();
  const auto it = std::find_if(cases.begin(), cases.end(), [](const ws::test::GoldenCase& c) { return c.json["block"].get<int>() > 32; });
  ASSERT_NE(it, cases.end());  // a launch of several warps, where the scheduling policy changes the order
  History h(makeEngine(*it), {.checkpointEvery = 8, .recordCache = 2});
  std::vector<std::uint64_t> hashes{h.state().hash()};
  for (int i = 0; i < 12 && h.forward().executed; ++i) hashes.push_back(h.state().hash());
  ws::core::EngineOptions o = h.engine().options();
  o.scheduling = o.scheduling == ws::core::WarpScheduling::RoundRobin ? ws::core::WarpScheduling::RunToBlock
                                                                      : ws::core::WarpScheduling::RoundRobin;
  h.setOptions(o);
  while (h.forward().executed) hashes.push_back(h.state().hash());
  ASSERT_GT(hashes.size(), 13u);
  for (std::uint64_t n : {std::uint64_t{0}, hashes.size() - 1, std::uint64_t{5}, std::uint64_t{13}, hashes.size() / 2}) {
    h.seek(n);
    EXPECT_EQ(h.state().hash(), hashes[n]) << "seek(" << n << ")";
  }
  EXPECT_TRUE(h.engine().options() == o);  // the policy for new steps is still the chosen one
}

TEST(RunControl, BreakpointOnAPtxLineStopsBeforeIt) {
  const auto cases = sharedCases();
  History h(makeEngine(cases.front()));  // pub_shfl_modes
  const auto& p = h.program();
  std::uint32_t shflPc = 0;
  for (std::uint32_t i = 0; i < p.instrs.size(); ++i)
    if (p.instrs[i].op == ws::core::Opcode::Shfl) { shflPc = i; break; }
  ws::core::Breakpoint bp;
  bp.kind = ws::core::Breakpoint::Kind::PtxLine;
  bp.line = static_cast<std::int32_t>(p.instrs[shflPc].pos.line);
  ws::core::RunRequest req;
  req.unit = ws::core::StepUnit::ToEnd;
  auto out = ws::core::runForward(h, {bp}, req);
  EXPECT_EQ(out.why, ws::core::RunOutcome::Why::Breakpoint);
  EXPECT_EQ(ws::core::peekNext(h).pc, shflPc);
  // Continue to the end, then reverse-continue back to the breakpoint.
  out = ws::core::runForward(h, {}, req);
  EXPECT_EQ(out.why, ws::core::RunOutcome::Why::Finished);
  out = ws::core::runBackward(h, {bp}, 1'000'000);
  EXPECT_EQ(out.why, ws::core::RunOutcome::Why::Breakpoint);
  EXPECT_EQ(ws::core::peekNext(h).pc, shflPc);
}

}  // namespace
