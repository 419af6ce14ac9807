// Scenes of the hardware-golden kernels (tests/data/golden/kernels.ptx, run
// by the real engine on the inputs the H100 got): the arrows, bits, match
// colours, bus results and red.async cells the pictures show must agree with
// what the H100 wrote (golden-h100.json).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <set>

#include "tests/ui/ui_test_util.hpp"
#include "ui/frame/format.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/files/svg_writer.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

struct Golden {
  std::vector<std::uint32_t> in, out;
  std::unique_ptr<Session> session;
};

Golden golden(const std::string& name) {
  Golden g;
  const auto j = nlohmann::json::parse(test::ui::slurp(ws::test::dataPath("/golden/golden-h100.json")));
  for (const auto& t : j["tests"]) {
    if (t["name"] != name) continue;
    g.in = t["in"].get<std::vector<std::uint32_t>>();
    g.out = t["out"].get<std::vector<std::uint32_t>>();
    core::LaunchConfig cfg;
    cfg.entry = name;
    cfg.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
    cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
    const auto cluster = t["cluster"].get<std::uint32_t>();
    if (cluster) cfg.cluster = {cluster, 1, 1};
    cfg.buffers.push_back({"in", test::toBytes(g.in)});
    cfg.buffers.push_back({"out", test::toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
    cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
    g.session = test::ui::session(test::ui::slurp(ws::test::dataPath("/golden/kernels.ptx")), cfg);
  }
  EXPECT_TRUE(g.session) << name;
  return g;
}

// Steps until the step just taken ran an instruction whose text starts with `prefix`.
bool until(Session& s, std::string_view prefix) {
  for (int i = 0; i < 5000; ++i) {
    if (s.step().steps == 0) return false;
    const core::StepRecord* r = s.history().current();
    if (!r || r->userEdit || r->completedAsync) continue;
    const auto& ins = s.program().instrs[r->pc];
    const auto& line = s.program().sourceLines[ins.pos.line - 1];
    if (line.find(prefix) != std::string::npos && line.find(prefix) + 1 >= ins.pos.col) return true;
  }
  return false;
}

Scene scene(Session& s) { return buildScene(s.frame(), &s.index(), builtinTheme("light")); }

TEST(GoldenScenes, ShflBflyArrowsCarryWhatTheH100Read) {
  Golden g = golden("pub_shfl_modes");
  ASSERT_TRUE(g.session && until(*g.session, "shfl.sync.bfly.b32 %r6"));
  const Scene sc = scene(*g.session);
  const auto arrows = sc.find("flow shuffle");
  ASSERT_EQ(arrows.size(), 32u);
  for (const Primitive* a : arrows) {
    const int to = std::stoi(a->dataValue("to").substr(4));
    EXPECT_EQ(a->dataValue("from"), "lane" + std::to_string(to ^ 1));
    // out[64 + lane] is the bfly result the H100 stored.
    EXPECT_EQ(a->dataValue("value"), formatValue(g.out[64 + static_cast<std::size_t>(to)], core::DataType::B32));
  }
}

TEST(GoldenScenes, ShflUpInSegmentsOfEightKeepsTheFirstThreeLanes) {
  Golden g = golden("pub_shfl_modes");
  ASSERT_TRUE(g.session && until(*g.session, "shfl.sync.up.b32 %r10"));
  const Scene sc = scene(*g.session);
  const auto keep = sc.find("flow shuffle keep");
  ASSERT_EQ(keep.size(), 12u);  // lanes 0-2 of each 8-lane segment
  for (const Primitive* a : keep) EXPECT_LT(std::stoi(a->dataValue("to").substr(4)) % 8, 3);
  const auto bounds = sc.find("segment-boundary");
  ASSERT_EQ(bounds.size(), 3u);
  EXPECT_EQ(bounds[0]->dataValue("lane"), "8");
  EXPECT_EQ(bounds[2]->dataValue("lane"), "24");
  for (const Primitive* a : sc.find("flow shuffle")) {
    const int to = std::stoi(a->dataValue("to").substr(4));
    EXPECT_EQ(a->dataValue("value"), formatValue(g.out[128 + static_cast<std::size_t>(to)], core::DataType::B32));
  }
}

TEST(GoldenScenes, BallotBitsAreTheH100Ballot) {
  Golden g = golden("pub_vote_full");
  ASSERT_TRUE(g.session && until(*g.session, "vote.sync.ballot.b32"));
  const Scene sc = scene(*g.session);
  const std::uint32_t ballot = g.out[96];
  ASSERT_EQ(sc.find("flow vote bus").size(), 1u);
  EXPECT_EQ(sc.find("flow vote bus")[0]->dataValue("result"), formatValue(ballot, core::DataType::B32));
  const auto bits = sc.find("bit mask-ballot");
  ASSERT_EQ(bits.size(), 32u);
  for (const Primitive* b : bits) {
    const int lane = std::stoi(b->dataValue("lane"));
    EXPECT_EQ(b->hasClass("on"), ((ballot >> lane) & 1u) != 0) << lane;
    EXPECT_EQ(b->hasClass("on"), (g.in[static_cast<std::size_t>(lane)] & 1u) != 0) << lane;
  }
  EXPECT_EQ(sc.find("flow vote scatter").size(), 32u);
}

TEST(GoldenScenes, MatchGroupsAreTheH100Masks) {
  Golden g = golden("pub_match_full");
  ASSERT_TRUE(g.session && until(*g.session, "match.any.sync.b32"));
  const Theme t = builtinTheme("light");
  const Scene sc = buildScene(g.session->frame(), &g.session->index(), t);
  // One bus per distinct match.any result, in its group's colour, whose members are that result.
  std::set<std::uint32_t> masks(g.out.begin(), g.out.begin() + 32);
  const auto buses = sc.find("flow match bus");
  ASSERT_EQ(buses.size(), masks.size());
  std::set<std::string> colours;
  for (const Primitive* b : buses) {
    const std::uint32_t m = static_cast<std::uint32_t>(std::stoul(b->dataValue("members"), nullptr, 16));
    EXPECT_TRUE(masks.count(m)) << b->dataValue("members");
    EXPECT_EQ(b->stroke, t.groupColor(std::stoi(b->dataValue("group"))));
    colours.insert(b->stroke.hex());
  }
  EXPECT_EQ(colours.size(), buses.size());  // distinct colours per group
  for (const Primitive* a : sc.find("flow match scatter")) {
    const int lane = std::stoi(a->dataValue("to").substr(4));
    for (const Primitive* b : buses)
      if (b->dataValue("group") == a->dataValue("group")) {
        EXPECT_EQ(std::stoul(b->dataValue("members"), nullptr, 16), g.out[static_cast<std::size_t>(lane)]);
      }
  }
}

TEST(GoldenScenes, ReduxBusShowsTheH100Sum) {
  Golden g = golden("pub_redux_full");
  ASSERT_TRUE(g.session && until(*g.session, "redux.sync.add"));
  const Scene sc = scene(*g.session);
  ASSERT_EQ(sc.find("flow reduce bus").size(), 1u);
  EXPECT_EQ(sc.find("flow reduce bus")[0]->dataValue("result"), formatValue(g.out[0], core::DataType::B32));
  EXPECT_EQ(sc.find("flow reduce gather").size(), 32u);
}

TEST(GoldenScenes, RedAsyncCrossesToRankOneAndLandsTheH100Values) {
  Golden g = golden("pub_red_async_add");
  ASSERT_TRUE(g.session && until(*g.session, "red.async"));
  Session& s = *g.session;
  const Scene issued = scene(s);
  const auto flying = issued.find("flow async inflight");
  ASSERT_EQ(flying.size(), 32u);
  for (const Primitive* a : flying) {
    EXPECT_TRUE(a->dashed);
    EXPECT_EQ(a->dataValue("to-cta"), "1");
    EXPECT_EQ(a->dataValue("to"), "acc[" + a->dataValue("from").substr(4) + "]");
  }
  const Primitive* box = issued.find("mbarrier")[0];
  EXPECT_EQ(box->dataValue("expected"), "1");
  EXPECT_EQ(box->dataValue("tx"), "128");  // arrive.expect_tx 128 before any completion
  // Step until everything has completed: solid arrows, the H100's values in the cells.
  std::size_t lastDone = 0;
  for (int i = 0; i < 2000 && !s.state().inflight.empty(); ++i) {
    s.step();
    if (!s.state().inflight.empty() || (s.history().current() && s.history().current()->completedAsync)) {
      const Scene sc = scene(s);
      const std::size_t done = sc.find("flow async done").size();
      EXPECT_GE(done, lastDone);
      EXPECT_EQ(done + sc.find("flow async inflight").size(), 32u);
      lastDone = done;
    }
  }
  ASSERT_TRUE(s.state().inflight.empty());
  EXPECT_EQ(lastDone, 32u);
  const Scene last = scene(s);
  for (std::uint32_t i = 0; i < 32; ++i) {
    const Primitive* cell = last.findId("cell-cta1-acc[" + std::to_string(i) + "]");
    ASSERT_NE(cell, nullptr) << i;
    EXPECT_EQ(cell->dataValue("value"), formatBits(g.out[i], 32, ValueFormat::Auto)) << i;
  }
  const Primitive* after = last.find("mbarrier")[0];
  EXPECT_EQ(after->dataValue("tx"), "0");
  EXPECT_EQ(after->dataValue("phase"), "1");  // the phase completed when the last bytes arrived
  EXPECT_EQ(last.find("flow completetx").size(), 1u);
}

}  // namespace
}  // namespace ws::ui
