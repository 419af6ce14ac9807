// warpscope-cli's budgets on what grows with every step (issue 27): a trace
// of JSON lines and a render of a step range stop at their caps with a
// message, and Ctrl-C during a render leaves no partial file.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_test_util.hpp"
#include "tests/kernels/spin.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;
using ws::test::cli::slurp;

const char* const kSpin = ws::test::kSpinPtx;

std::size_t countLines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TEST(CliBudget, ATraceOfJsonLinesHasItsOwnDefaultStepBudget) {
  Dir d;
  const std::string k = d.write("spin.ptx", kSpin);
  // Steps before --from run silently, so this reaches the budget quickly.
  auto r = cli({"trace", k, "--from", "199999"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "200000 steps is the default budget of a trace without --hash")) << r.err;
  EXPECT_TRUE(contains(r.err, "--max-steps")) << r.err;
  EXPECT_EQ(countLines(r.out), 3u) << r.out;  // steps 199999 and 200000 (counted from 1), then the end line
  const auto end = nlohmann::json::parse(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1));
  EXPECT_EQ(end["stop"], "step-budget") << end.dump();
  EXPECT_EQ(end["steps"], 200000) << end.dump();
  // An explicit budget is the user's: it replaces the default.
  auto more = cli({"trace", k, "--from", "300001", "--max-steps", "300001"});
  EXPECT_EQ(more.code, 1);
  EXPECT_EQ(countLines(more.out), 2u) << more.out;
  EXPECT_FALSE(contains(more.err, "default budget of a trace")) << more.err;
}

TEST(CliBudget, TheHelpSaysTheBudgets) {
  EXPECT_TRUE(contains(cli({"trace", "--help"}).out, "200000 steps")) << cli({"trace", "--help"}).out;
  EXPECT_TRUE(contains(cli({"trace", "--help"}).out, "2000000 step lines"));
  EXPECT_TRUE(contains(cli({"render", "--help"}).out, "at most 1000 files")) << cli({"render", "--help"}).out;
}

TEST(CliBudget, ARenderOfAStepRangeStopsAtItsFileCap) {
  Dir d;
  const std::string k = d.write("spin.ptx", kSpin);
  const std::string out = d.file("frames");
  auto r = cli({"render", k, "--steps", "0:25906", "-o", out});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "stopped after 1000 files, the most one render --steps writes; render the rest with "
                              "--steps 1000:25906"))
      << r.err;
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(out)) ++files;
  EXPECT_EQ(files, 1000u);
}

TEST(CliBudget, CtrlCDuringARenderLeavesOnlyWholeFiles) {
  Dir d;
  const std::string k = d.write("spin.ptx", kSpin);
  const std::string out = d.file("frames");
  auto r = cli({"render", k, "--steps", "0:999", "-o", out}, 300);
  EXPECT_EQ(r.code, 130) << r.err;
  ASSERT_TRUE(std::filesystem::is_directory(out));
  for (const auto& e : std::filesystem::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    EXPECT_TRUE(name.starts_with("step-") && name.ends_with(".svg")) << name;
    EXPECT_TRUE(slurp(e.path().string()).ends_with("</svg>\n")) << name;
  }
}

}  // namespace
