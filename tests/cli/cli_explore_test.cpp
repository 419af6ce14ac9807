// `warpscope-cli explore` end to end: it finds the lesson's lost update,
// saves a scenario that `run` fails the same way every time, finds nothing
// in the atomicAdd fix, speaks JSON, takes a bare PTX launch, refuses bad
// input with exit code 2 and stops cleanly on Ctrl-C.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test::cli {
namespace {

const std::string kLessons = ws::test::scenarioPath("/lost-update/");

TEST(CliExplore, FindsTheLostUpdateAndSavesASchedulesThatFailsOnEveryRun) {
  Dir d;
  const std::string found = d.file("found.toml");
  const Result r = cli({"explore", kLessons + "buggy.toml", "-o", found, "--jobs", "2"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "fails: expectation not met")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 forced switch")) << r.out;
  EXPECT_TRUE(contains(r.out, "saved to " + found)) << r.out;
  const std::string text = slurp(found);
  EXPECT_TRUE(contains(text, "[schedule]")) << text;
  EXPECT_TRUE(contains(text, "scheduling = \"run-to-block\"")) << text;
  // The saved file names the lesson's PTX from its own folder.
  const Result a = cli({"run", found, "--allow-files", kLessons});
  const Result b = cli({"run", found, "--allow-files", kLessons});
  EXPECT_EQ(a.code, 1) << a.out << a.err;
  EXPECT_TRUE(contains(a.err, "expectation failed")) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_FALSE(contains(a.out, "count: [4]")) << a.out;
}

TEST(CliExplore, TheFixHasNoFailingSchedule) {
  const Result r = cli({"explore", kLessons + "fixed.toml", "--schedules", "500"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "no failing schedule in 500 schedules (1 distinct final state)")) << r.out;
  const Result e = cli({"explore", kLessons + "fixed.toml", "--strategy", "exhaustive", "--schedules", "100000"});
  EXPECT_EQ(e.code, 0) << e.out << e.err;
  EXPECT_TRUE(contains(e.out, "that is every schedule with at most 2 forced switches")) << e.out;
}

TEST(CliExplore, JsonNamesTheScheduleAndItsSwitches) {
  const Result r = cli({"explore", kLessons + "buggy.toml", "--json", "--seed", "3"});
  ASSERT_EQ(r.code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["strategy"], "pct");
  EXPECT_EQ(j["seed"], 3);
  EXPECT_GE(j["searched"].get<int>(), 2);
  EXPECT_EQ(j["final_states"], j["final_state_hashes"].size());
  const auto& f = j["found"];
  EXPECT_GT(f["schedule"].get<int>(), 0);
  EXPECT_EQ(f["failure"]["kind"], "expectation");
  ASSERT_EQ(f["switches"].size(), 1u);
  EXPECT_EQ(f["switches"][0]["cta"], 0);
  EXPECT_TRUE(f["switches"][0].contains("lanes"));
  EXPECT_TRUE(f["switches"][0].contains("ptx_line"));
}

// A bare PTX launch with no expectations: the race detector (on by
// default) names the bug in the policy's own schedule; without it, a
// schedule whose final count differs from the policy's is the failure.
TEST(CliExplore, APtxLaunchFailsByRaceOrByDifferingBuffers) {
  const std::vector<std::string> launch = {kLessons + "kernel.ptx", "--entry", "_Z11lost_updatePj",
                                           "--block", "128", "--buffer", "zeros:1"};
  std::vector<std::string> args = {"explore", "--json"};
  args.insert(args.end(), launch.begin(), launch.end());
  Result r = cli(args);
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["found"]["schedule"], 0);
  EXPECT_EQ(j["found"]["failure"]["kind"], "diagnostic");
  EXPECT_TRUE(contains(j["found"]["failure"]["what"].get<std::string>(), "race-global"));
  args.push_back("--no-races");
  r = cli(args);
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["found"]["schedule"].get<int>(), 0);
  EXPECT_EQ(j["found"]["failure"]["kind"], "differs");
  EXPECT_TRUE(contains(j["found"]["failure"]["what"].get<std::string>(), "under the scheduling policy"));
}

// A saved schedule replays only under the policies it was found with:
// `check` keeps the scenario's mode for it (and finds the hang the schedule
// leads to), and --mode/--scheduling that would change them are refused.
TEST(CliExplore, ASavedScheduleKeepsItsPolicies) {
  const std::string found = ws::test::scenarioPath("/mbarrier-parity-aliasing/found.toml");
  const Result c = cli({"check", found});
  EXPECT_EQ(c.code, 1) << c.out << c.err;
  EXPECT_TRUE(contains(c.out + c.err, ": hang: every live thread polls")) << c.out << c.err;
  EXPECT_TRUE(contains(c.out, "1 diagnostic; the run deadlock")) << c.out;
  const Result r = cli({"run", found, "--mode", "hardware"});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "holds a [schedule] found under strict mode and round-robin scheduling")) << r.err;
  EXPECT_EQ(cli({"run", found, "--scheduling", "run-to-block"}).code, 2);
  EXPECT_EQ(cli({"run", found, "--mode", "strict"}).code, 0);
}

TEST(CliExplore, BadInputIsExitCode2) {
  EXPECT_EQ(cli({"explore", kLessons + "no-such.toml"}).code, 2);
  EXPECT_EQ(cli({"explore", kLessons + "fixed.toml", "--shard", "3/2"}).code, 2);
  EXPECT_EQ(cli({"explore", kLessons + "fixed.toml", "--shard", "x"}).code, 2);
  EXPECT_EQ(cli({"explore", kLessons + "fixed.toml", "--strategy", "exhaustive", "--shard", "0/2"}).code, 2);
  EXPECT_EQ(cli({"explore", kLessons + "fixed.toml", "--strategy", "dfs"}).code, 2);
  EXPECT_EQ(cli({"explore", kLessons + "fixed.toml", "--schedules", "0"}).code, 2);
}

TEST(CliExplore, ShardsSplitOneSearch) {
  int total = 0;
  for (int s = 0; s < 3; ++s) {
    const Result r = cli({"explore", kLessons + "fixed.toml", "--schedules", "90", "--shard", std::to_string(s) + "/3", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    total += nlohmann::json::parse(r.out)["searched"].get<int>();
  }
  EXPECT_EQ(total, 90);
}

TEST(CliExplore, CtrlCPrintsWhatWasSearched) {
  const Result r = cli({"explore", kLessons + "fixed.toml", "--schedules", "1000000000", "--jobs", "1"}, 400);
  EXPECT_EQ(r.code, 130) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "before the search was interrupted")) << r.out;
}

}  // namespace
}  // namespace ws::test::cli
