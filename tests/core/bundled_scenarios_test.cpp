// Properties every bundled scenario (scenarios/*/*.toml) must have, on top of
// its own expectations (checked by the per-scenario `warpscope-cli run`
// tests): it loads without errors; running to the end and stepping back to
// step 0 restores the launch state exactly, and so does each step back on
// the way; seek(n) reaches the same state as n single steps; two runs give the
// same trace hash; and its expectations pass when checked in-process too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/scenario/expectations.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/trace/history.hpp"
#include "tests/core/recorded_buffers.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {
namespace fs = std::filesystem;

// Long enough for every lesson; a scenario that needs more is not a lesson.
constexpr std::uint64_t kStepCap = 2'000'000;

std::vector<std::string> bundledScenarios() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(ws::test::scenarioPath(), ec)) {
    if (!dir.is_directory(ec)) continue;  // scenarios/course.toml
    for (const auto& f : fs::directory_iterator(dir.path(), ec))
      if (f.path().extension() == ".toml") out.push_back(fs::relative(f.path(), ws::test::scenarioPath()).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Loaded {
  ScenarioLoad load;
  Engine engine() const { return std::get<Engine>(createEngine(*load.prepared)); }
};

Loaded loadBundled(const std::string& rel) {
  Loaded l{loadScenarioFile(ws::test::scenarioPath("/") + rel)};
  return l;
}

// One number for the whole run: every step's state hash, folded in order.
std::uint64_t traceHash(History& h, std::vector<std::uint64_t>* perStep = nullptr) {
  std::uint64_t acc = h.state().hash();
  if (perStep) perStep->push_back(acc);
  // A run ends where a user's Continue ends: at the end, or at the step that
  // stops it (undefined behaviour in strict mode, a deadlock, a trap).
  while (h.position() < kStepCap) {
    const StepResult r = h.forward();
    if (!r.executed) break;
    const std::uint64_t s = h.state().hash();
    if (perStep) perStep->push_back(s);
    acc = (acc ^ s) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
    if (r.stop != StopReason::None) break;
  }
  return acc;
}

class BundledScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(BundledScenario, LoadsAndMeetsItsExpectations) {
  const Loaded l = loadBundled(GetParam());
  std::string errors;
  for (const LoadError& e : l.load.errors) errors += e.str() + "\n";
  ASSERT_TRUE(l.load.ok()) << errors;
  EXPECT_FALSE(l.load.scenario->title.empty()) << "a bundled lesson needs a title";
  EXPECT_FALSE(l.load.scenario->description.empty()) << "a bundled lesson needs a description";
  Engine e = l.engine();
  const RunResult r = e.run(std::min(l.load.prepared->maxSteps, kStepCap));
  const ExpectationReport rep = checkExpectations(*l.load.scenario, *l.load.prepared, e, r.stop, r.diags, r.printed);
  std::string failures;
  for (const auto& f : rep.failures) failures += f + "\n";
  EXPECT_TRUE(rep.ok()) << failures;
}

TEST_P(BundledScenario, RunToEndThenBackToStartRestoresTheLaunchState) {
  const Loaded l = loadBundled(GetParam());
  ASSERT_TRUE(l.load.ok());
  History h(l.engine(), {.checkpointEvery = 64});
  const MachineState initial = h.state();
  traceHash(h);
  ASSERT_GT(h.position(), 0u);
  const std::uint64_t end = h.position();
  const std::uint64_t finalHash = h.state().hash();
  while (h.back()) {
  }
  EXPECT_EQ(h.position(), 0u);
  EXPECT_TRUE(h.state() == initial);
  EXPECT_EQ(h.seek(end), end);
  EXPECT_EQ(h.state().hash(), finalHash);
}

// Every step's journal, not only their sum: stepping back one step at a time
// (all by data: the record cache holds the whole run) must meet the state the
// run had at each step. A control field that a step writes without saying so
// to the journal shows up here at that step, even where a later step's copy
// of the whole control block would hide it from the test above.
TEST_P(BundledScenario, SteppingBackMeetsEveryStepsState) {
  const Loaded l = loadBundled(GetParam());
  ASSERT_TRUE(l.load.ok());
  History h(l.engine(), {.checkpointEvery = kStepCap, .recordCache = 8192});
  std::vector<std::uint64_t> hashes;
  traceHash(h, &hashes);
  ASSERT_LE(h.position(), 8192u) << "the record cache must hold the whole run";
  // A deadlock report is a step that executed nothing: the state it leaves is the one before it.
  if (hashes.size() == h.position()) hashes.push_back(h.state().hash());
  ASSERT_EQ(hashes.size(), h.position() + 1);
  while (h.back()) ASSERT_EQ(h.state().hash(), hashes[h.position()]) << "back to step " << h.position();
  EXPECT_EQ(h.position(), 0u);
}

TEST_P(BundledScenario, SeekEqualsSteppingAndRunsAreDeterministic) {
  const Loaded l = loadBundled(GetParam());
  ASSERT_TRUE(l.load.ok());
  History a(l.engine(), {.checkpointEvery = 16});
  std::vector<std::uint64_t> hashes;
  const std::uint64_t ta = traceHash(a, &hashes);
  History b(l.engine(), {.checkpointEvery = 1000});
  EXPECT_EQ(traceHash(b), ta) << "two runs of one scenario differ";
  History sought(l.engine(), {.checkpointEvery = 16});
  const std::uint64_t last = hashes.size() - 1;
  for (std::uint64_t n : {last, std::uint64_t{0}, last / 2, std::uint64_t{1}, last / 3, last}) {
    if (n > last) continue;
    EXPECT_EQ(sought.seek(n), n);
    EXPECT_EQ(sought.state().hash(), hashes[n]) << "seek(" << n << ")";
  }
}

// Lessons compiled from CUDA keep what the GPU wrote beside kernel.cu:
// hw-h100.json (an H100) and/or hw-h200.json (an H200, the same GH100 chip),
// {"buffer name": [u32 words]} and "printed": what the kernel printed; a
// kernel whose result varies from run to run records {"runs": [{...}, ...]}
// and the lesson must end like one of them. The lesson's run, in the mode
// its file asks for, must end with the same buffers, except strict lessons
// that stop at undefined behaviour (the hardware goes on), and print the
// same lines (as a multiset: CUDA orders no two threads' printf, and the
// GPU's warps take turns their own way).
TEST_P(BundledScenario, EndsWithTheBuffersTheGpuWrote) {
  const fs::path file = fs::path(ws::test::scenarioPath()) / GetParam();
  std::vector<fs::path> recordings;
  for (const char* name : {"hw-h100.json", "hw-h200.json"}) {
    const fs::path hw = file.parent_path() / name;
    if (!fs::exists(hw)) continue;
    // The race lessons keep tests/hwrec/record.cu's per-kernel recordings
    // ({"device", "recorded", kernel: {...}}), which race_corpus_test replays.
    std::ifstream in(hw);
    if (!nlohmann::json::parse(in).contains("recorded")) recordings.push_back(hw);
  }
  if (recordings.empty() || file.stem() == "strict") GTEST_SKIP() << "no GPU recording for this lesson";
  const Loaded l = loadBundled(GetParam());
  ASSERT_TRUE(l.load.ok());
  Engine e = l.engine();
  const RunResult r = e.run(std::min(l.load.prepared->maxSteps, kStepCap));
  ASSERT_EQ(r.stop, StopReason::Finished);
  for (const fs::path& hw : recordings) {
    std::ifstream in(hw);
    const nlohmann::json j = nlohmann::json::parse(in);
    for (const std::string& d : test::recordingMismatches(*l.load.prepared, e, r, j)) ADD_FAILURE() << hw.filename() << ": " << d;
  }
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Gallery, BundledScenario, ::testing::ValuesIn(bundledScenarios()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BundledScenario);

}  // namespace
}  // namespace ws::core
