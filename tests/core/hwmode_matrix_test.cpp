// The hardware-mode matrix (tests/data/hwmode, README.md there): 267 kernels
// that misuse warp collectives in every way the PTX ISA rules out, recorded on
// an H100 with 5 runs each. Hardware mode must do what the H100 did:
// - a recorded test: finish and write the same words (or one of the recorded
//   runs where the GPU itself varied, and then say that it varies);
// - a test the H100 stopped with a CUDA error (outcomes.json, "fault"): stop
//   with a HardwareFault diagnostic that names that error;
// - a test the H100 never finished (outcomes.json "hang", or the watchdog's
//   "unspecified launch failure" in the watchdog modules): stop with a
//   HardwareHang diagnostic naming the lanes, or run out of steps with lanes
//   waiting at a collective.
// Strict mode gives every misuse its ISA diagnostic (hwmode_strict_test.cpp).
#include <gtest/gtest.h>

#include <set>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/hwmode_matrix.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

class HwmodeMatrix : public ::testing::TestWithParam<MatrixCase> {};

std::string messages(const core::RunResult& r) {
  std::string s;
  for (const auto& d : r.diags) s += "\n  [" + std::string(core::diagInfo(d.kind).title) + "] " + d.message;
  return s;
}

const core::Diagnostic* findKind(const core::RunResult& r, core::DiagKind k) {
  for (const auto& d : r.diags)
    if (d.kind == k) return &d;
  return nullptr;
}

// Runs a case in hardware mode and expects what the H100 did.
void expectAsTheH100(const MatrixCase& mc) {
  const HwRun r = runInHardwareMode(mc.hw);
  ASSERT_EQ(r.error, "");
  const std::string diags = messages(r.result);

  if (mc.outcome == Outcome::Fault) {
    EXPECT_EQ(r.result.stop, core::StopReason::Diagnostic) << diags;
    const core::Diagnostic* d = findKind(r.result, core::DiagKind::HardwareFault);
    ASSERT_NE(d, nullptr) << "expected the H100's \"" << mc.detail << "\"" << diags;
    EXPECT_NE(d->message.find(mc.detail), std::string::npos) << d->message;
    EXPECT_NE(d->lanes, 0u);
    return;
  }
  if (mc.outcome == Outcome::Hang) {
    if (const core::Diagnostic* d = findKind(r.result, core::DiagKind::HardwareHang)) {
      EXPECT_EQ(r.result.stop, core::StopReason::Deadlock) << diags;
      EXPECT_NE(d->message.find("lanes "), std::string::npos) << d->message;
      EXPECT_NE(d->lanes, 0u);
      return;
    }
    if (const core::Diagnostic* b = findKind(r.result, core::DiagKind::StepBudget)) {
      // Lanes spin while others wait at a collective for them: the H100
      // waits forever, the engine until its step budget is spent.
      EXPECT_NE(b->message.find("the H100 hangs here"), std::string::npos) << b->message;
      return;
    }
    // Warp 0 never finishes and the kernel's watchdog warp traps, as it did
    // on the GPU (b_spin: lanes spin waiting for lanes that wait for them).
    const core::Diagnostic* t = findKind(r.result, core::DiagKind::Trap);
    ASSERT_NE(t, nullptr) << "expected a hang" << diags;
    EXPECT_EQ(t->warp, 1u) << "the trap must be the watchdog's" << diags;
    return;
  }

  EXPECT_EQ(r.result.stop, core::StopReason::Finished) << diags;
  for (const auto& d : r.result.diags)
    if (core::diagInfo(d.kind).severity == core::Severity::Error) ADD_FAILURE() << "diagnostic: " << d.message;
  const bool varies = mc.hw.t().value("runs_differ", false);
  const core::Diagnostic* nd = findKind(r.result, core::DiagKind::HardwareNondeterministic);
  if (varies) {
    ASSERT_NE(nd, nullptr) << "the H100's runs differ here; hardware mode must say so" << diags;
  } else {
    EXPECT_EQ(nd, nullptr) << nd->message;
  }
  const auto diffs = compareRecorded(mc.hw, r.out);
  int shown = 0;
  for (const WordDiff& d : diffs) {
    if (shown++ >= 12) {
      ADD_FAILURE() << "... " << diffs.size() - 12 << " more words differ";
      break;
    }
    ADD_FAILURE() << "out[" << d.index << "] (" << describeWord(mc, d.index) << ") = " << std::hex << "0x" << d.actual
                  << ", the H100 wrote 0x" << d.expected << std::dec;
  }
}

// Two different collectives at two call sites of one warp (rule X2: kinds
// b_other and b_mode, and x_never_arrives_shfl_after_join of the extra
// kernels). The H100 hung on some and paired the two on others (garbage
// values, an illegal instruction, an illegal memory access), as ptxas had
// lowered each side, which the PTX does not determine. Hardware mode stops
// there with hardware-unpredictable, naming both groups (every lane of the
// warp), and the outcome the H100 had must be among those it names.
bool pairsDifferentCollectives(const MatrixCase& mc) {
  const std::string name = mc.hw.name();
  if (name == "x_never_arrives_shfl_after_join") return true;
  if (name.starts_with("x_")) return false;
  const std::string kind = caseOf(name)["kind"].get<std::string>();
  return kind == "b_other" || kind == "b_mode";
}

void expectUnpredictable(const MatrixCase& mc) {
  const HwRun r = runInHardwareMode(mc.hw);
  ASSERT_EQ(r.error, "");
  const std::string diags = messages(r.result);
  EXPECT_EQ(r.result.stop, core::StopReason::Deadlock) << diags;
  EXPECT_EQ(findKind(r.result, core::DiagKind::HardwareHang), nullptr) << diags;
  const core::Diagnostic* d = findKind(r.result, core::DiagKind::HardwareUnpredictable);
  ASSERT_NE(d, nullptr) << diags;
  EXPECT_EQ(d->lanes, 0xffffffffu) << d->message;
  switch (mc.outcome) {
    case Outcome::Hang: EXPECT_NE(d->message.find("hangs"), std::string::npos) << d->message; break;
    case Outcome::Fault:
      EXPECT_NE(d->message.find(mc.detail), std::string::npos) << "names the H100's \"" << mc.detail << "\"";
      break;
    case Outcome::Recorded: EXPECT_NE(d->message.find("garbage values"), std::string::npos) << d->message; break;
  }
  if (mc.hw.name().starts_with("x_")) return;
  // Both instructions, as cases.json lists the sites ("shfl", "vote", "bar", ...).
  for (const auto& site : caseOf(mc.hw.name())["sites"]) {
    if (site["kind"] != "collective") continue;
    const std::string i = site["instr"].get<std::string>();
    EXPECT_NE(d->message.find(i.substr(0, i.find('.'))), std::string::npos) << "names " << i << ": " << d->message;
  }
}

TEST_P(HwmodeMatrix, MatchesTheH100) {
  const MatrixCase& mc = GetParam();
  if (pairsDifferentCollectives(mc)) return expectUnpredictable(mc);
  expectAsTheH100(mc);
}

INSTANTIATE_TEST_SUITE_P(Recorded, HwmodeMatrix, ::testing::ValuesIn(matrixCases()),
                         [](const auto& p) { return p.param.hw.label; });

// The whole matrix is there: every test of cases.json is either recorded or
// has an outcome, and the outcomes are the kinds this file knows.
TEST(HwmodeMatrixData, EveryTestIsCovered) {
  const auto& cases = casesJson()["tests"];
  ASSERT_EQ(cases.size(), 267u);
  std::set<std::string> seen;
  for (const MatrixCase& mc : matrixCases()) seen.insert(mc.hw.name());
  for (const auto& t : cases) EXPECT_TRUE(seen.count(t["name"].get<std::string>())) << t["name"];
  EXPECT_EQ(seen.size(), cases.size());
}

// The kernels of tests/data/hwmode_extra, each asking one question the matrix
// left open (its gen.py): whether a collective after the join hangs
// (x_never_arrives_shfl_after_join), where vote/match/redux fault for lanes
// outside the membermask (x_f2_*: where ptxas cannot prove the warp
// converged), and whether lanes leaving a loop wait for the lanes still in it
// (x_loop_*: not when ptxas put a YIELD in the loop).
class HwmodeExtra : public ::testing::TestWithParam<MatrixCase> {};

TEST_P(HwmodeExtra, MatchesTheH100) {
  const MatrixCase& mc = GetParam();
  if (pairsDifferentCollectives(mc)) return expectUnpredictable(mc);
  expectAsTheH100(mc);
}

INSTANTIATE_TEST_SUITE_P(Recorded, HwmodeExtra, ::testing::ValuesIn(extraCases()),
                         [](const auto& p) { return p.param.hw.label; });

// Every test of the extra plans is recorded or has its outcome.
TEST(HwmodeMatrixData, EveryExtraTestIsCovered) {
  std::set<std::string> planned, seen;
  for (const char* module : {"hwmode_extra", "hwmode_extra2"})
    for (const auto& [name, t] : planTests(ws::test::dataPath("/hwmode_extra"), module)) planned.insert(name);
  ASSERT_EQ(planned.size(), 12u);
  for (const MatrixCase& mc : extraCases()) seen.insert(mc.hw.name());
  EXPECT_EQ(seen, planned);
}

}  // namespace
}  // namespace ws::test
