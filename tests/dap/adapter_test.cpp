// The adapter without I/O: launch arguments as the front ends' options, the
// Warp scope's rows, evaluation over lanes, stepping and time travel.
#include "app/dap/adapter.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/dap/launch_args.hpp"
#include "app/dap/warp_scope.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::dap {
namespace {

const std::string kLesson = ws::test::scenarioPath("/shfl-bfly-warp-sum/scenario.toml");

// An adapter whose messages are kept; request() answers with the response.
struct Client {
  std::vector<Json> sent;
  Adapter adapter{[this](const Json& m) { sent.push_back(m); }};
  int seq = 1;

  Json request(const std::string& command, Json args = Json::object()) {
    const std::size_t before = sent.size();
    adapter.handle({{"seq", seq++}, {"type", "request"}, {"command", command}, {"arguments", args}});
    while (adapter.busy()) adapter.tick();
    for (std::size_t i = before; i < sent.size(); ++i)
      if (sent[i]["type"] == "response") return sent[i];
    return Json();
  }
  std::vector<Json> events(const std::string& name) const {
    std::vector<Json> out;
    for (const Json& m : sent)
      if (m["type"] == "event" && m["event"] == name) out.push_back(m);
    return out;
  }
};

TEST(DapLaunchArgs, AttributesAreTheCommandLineOptions) {
  const Json args = {{"program", "k.ptx"},
                     {"grid", 2},
                     {"block", "64"},
                     {"dynamicSmem", 128},
                     {"buffers", {"zeros:64", "iota:64"}},
                     {"races", false},
                     {"stopOnEntry", true},
                     {"args", {"--scheduling", "run-to-block"}}};
  const auto cl = launchCommandLine(args);
  const std::vector<std::string> want = {"--block",        "64",  "--buffer", "zeros:64", "--buffer",   "iota:64",
                                         "--dynamic-smem", "128", "--grid",   "2",        "--no-races", "--scheduling",
                                         "run-to-block"};
  EXPECT_EQ(cl, want);
  auto parsed = parseLaunchArgs(args);
  ASSERT_TRUE(std::holds_alternative<LaunchArgs>(parsed)) << std::get<std::string>(parsed);
  const LaunchArgs& la = std::get<LaunchArgs>(parsed);
  EXPECT_TRUE(la.stopOnEntry);
  EXPECT_EQ(la.request.path, "k.ptx");
  EXPECT_EQ(la.request.grid, "2");
  EXPECT_EQ(la.request.dynamicSmem, 128u);
  EXPECT_EQ(la.request.races, std::optional<bool>(false));
  EXPECT_EQ(la.request.scheduling, "run-to-block");
}

TEST(DapLaunchArgs, BadValuesGetTheFrontEndsWords) {
  auto bad = parseLaunchArgs({{"program", "k.ptx"}, {"mode", "fast"}});
  ASSERT_TRUE(std::holds_alternative<std::string>(bad));
  EXPECT_NE(std::get<std::string>(bad).find("fast"), std::string::npos);
  auto unknown = parseLaunchArgs({{"program", "k.ptx"}, {"frobnicate", 1}});
  ASSERT_TRUE(std::holds_alternative<std::string>(unknown));
  EXPECT_TRUE(std::holds_alternative<std::string>(parseLaunchArgs({{"grid", 1}})));
}

TEST(DapWarpScope, RowsHoldEveryLane) {
  ui::RegisterTableView t;
  t.lanes = 3;
  t.columns.push_back({});
  t.columns[0].reg = 4;
  t.columns[0].name = "%r4";
  t.columns[0].typeText = ".b32";
  t.columns.push_back({});
  t.columns[1].name = "%p1";
  t.columns[1].reg = 9;
  for (int l = 0; l < 3; ++l) {
    ui::RegCell c;
    c.text = std::to_string(l * 10);
    t.cells.push_back(c);
    ui::RegCell p;
    p.text = l == 1 ? std::string(ui::kNeverWritten) : "1";
    t.cells.push_back(p);
  }
  EXPECT_EQ(laneRowText(t, 0), "[0, 10, 20]");
  EXPECT_EQ(laneRowText(t, 1), "[1, \u2014, 1]");
  VarRefs refs;
  const Json rows = warpVariables(t, refs);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["name"], "%r4");
  EXPECT_EQ(rows[0]["value"], "[0, 10, 20]");
  EXPECT_EQ(rows[0]["indexedVariables"], 3);
  const VarRef* r = refs.find(rows[1]["variablesReference"].get<int>());
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->kind, VarRef::Kind::WarpRow);
  EXPECT_EQ(r->index, 9u);
  const Json lane1 = laneVariables(t, 1);
  EXPECT_EQ(lane1[0]["value"], "10");
  EXPECT_EQ(lane1[0]["evaluateName"], "%r4[lane 1]");
  const Json lanes = registerLaneVariables(t, 0);
  ASSERT_EQ(lanes.size(), 3u);
  EXPECT_EQ(lanes[2]["name"], "lane 2");
  EXPECT_EQ(lanes[2]["value"], "20");
}

TEST(DapAdapter, LessonSessionEndToEnd) {
  Client c;
  EXPECT_EQ(c.request("initialize", {{"adapterID", "warpscope"}})["body"]["supportsStepBack"], true);
  ASSERT_EQ(c.request("launch", {{"program", kLesson}, {"stopOnEntry", true}})["success"], true);
  c.request("configurationDone");
  ASSERT_EQ(c.events("stopped").size(), 1u);
  EXPECT_EQ(c.events("stopped")[0]["body"]["reason"], "entry");

  const Json threads = c.request("threads");
  EXPECT_EQ(threads["body"]["threads"][0]["name"], "CTA (0,0,0) warp 0");
  const Json scopes = c.request("scopes", {{"frameId", 1}});
  const int warpRef = scopes["body"]["scopes"][1]["variablesReference"];
  const Json rows = c.request("variables", {{"variablesReference", warpRef}})["body"]["variables"];
  ASSERT_FALSE(rows.empty());

  // Step ten warp instructions, evaluate, step back ten: the same values.
  for (int i = 0; i < 10; ++i) c.request("stepIn", {{"threadId", 1}});
  const std::uint64_t at = c.adapter.session()->position();
  EXPECT_EQ(at, 10u);
  const Json lanes = c.request("evaluate", {{"expression", "lane + 100"}, {"context", "watch"}});
  EXPECT_EQ(lanes["body"]["result"].get<std::string>().substr(0, 10), "[100, 101,");
  const Json one = c.request("evaluate", {{"expression", "lane + 100 [lane 31]"}});
  EXPECT_EQ(one["body"]["result"], "131");
  for (int i = 0; i < 10; ++i) c.request("stepBack", {{"threadId", 1}});
  EXPECT_EQ(c.adapter.session()->position(), 0u);
  const Json word = c.request("evaluate", {{"expression", "in[2]"}, {"context", "watch"}});
  EXPECT_EQ(word["body"]["result"], "0x40e00000");  // in[i] = 3i + 1 as f32 bits, as the Memory panel shows words
  const Json bad = c.request("evaluate", {{"expression", "%nosuch"}});
  EXPECT_EQ(bad["success"], false);

  c.request("disconnect");
  EXPECT_TRUE(c.adapter.finished());
  EXPECT_EQ(c.adapter.session(), nullptr);
}

}  // namespace
}  // namespace ws::dap
