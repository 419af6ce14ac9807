// Golden structure of the pictures of bundled lessons, run on the real
// engine: the arrows and their endpoints, one colour per match group, mask
// bits, the gather into every member, the red.async cluster view and the
// mbarrier's fields, at the steps a teacher would stop at. Set
// WS_UI_DUMP_DIR to also write each scene as SVG.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <map>
#include <set>

#include "ui/session/scenario_session.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/files/svg_writer.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

std::unique_ptr<Session> lesson(const std::string& name) {
  auto made = loadScenarioSession(ws::test::scenarioPath("/") + name);
  if (auto* err = std::get_if<std::string>(&made)) {
    ADD_FAILURE() << name << ": " << *err;
    return nullptr;
  }
  auto s = std::move(std::get<std::unique_ptr<Session>>(made));
  s->seek(0);
  return s;
}

std::string mnemonicOf(const Session& s, const core::StepRecord& r) {
  const core::Instr* ins = instrAt(s.program(), r.pc);
  return ins ? instrMnemonic(s.program(), *ins) : std::string{};
}

// Steps until a step whose instruction text starts with `prefix` (the
// `n`-th such step) has executed.
bool stepUntil(Session& s, std::string_view prefix, int n = 1) {
  for (int guard = 0; guard < 200000 && !s.finished(); ++guard) {
    if (s.step(core::StepUnit::Step).steps == 0) return false;
    const core::StepRecord* r = s.history().current();
    if (r && !r->userEdit && !r->completedAsync && mnemonicOf(s, *r).starts_with(prefix) && --n == 0) return true;
  }
  return false;
}

Scene sceneOf(Session& s, const std::string& dumpName) {
  Scene scene = buildScene(s.frame(), &s.index(), builtinTheme("light"), {});
  if (const char* dir = std::getenv("WS_UI_DUMP_DIR")) {
    std::string err;
    EXPECT_TRUE(writeSvgFile(scene, std::string(dir) + "/" + dumpName + ".svg", err)) << err;
  }
  return scene;
}

int laneOf(const std::string& endpoint) { return std::stoi(endpoint.substr(endpoint.find("lane") + 4)); }

TEST(GalleryScenes, ButterflyStagesPairLanesAcrossTheXorDistance) {
  auto s = lesson("shfl-bfly-warp-sum/scenario.toml");
  ASSERT_TRUE(s);
  // The five stages exchange across 16, 8, 4, 2 and 1 lanes.
  for (int stage = 0; stage < 5; ++stage) {
    ASSERT_TRUE(stepUntil(*s, "shfl.sync.bfly")) << "stage " << stage;
    const Scene scene = sceneOf(*s, fmt::format("bfly_stage{}", stage));
    const auto arrows = scene.find("flow shuffle");
    ASSERT_EQ(arrows.size(), 32u) << "stage " << stage;
    std::set<int> into;
    for (const Primitive* a : arrows) {
      const int from = laneOf(a->dataValue("from")), to = laneOf(a->dataValue("to"));
      EXPECT_EQ(from ^ to, 16 >> stage) << "stage " << stage;
      into.insert(to);
      // The arrow leaves the source lane's column and enters the destination's.
      const Primitive* src = scene.findId(fmt::format("w0-lane{}", from));
      const Primitive* dst = scene.findId(fmt::format("w0-lane{}", to));
      ASSERT_TRUE(src && dst);
      EXPECT_NEAR(a->p0.x, src->x + src->w / 2, src->w / 2);
      EXPECT_NEAR(a->p3.x, dst->x + dst->w / 2, dst->w / 2);
    }
    EXPECT_EQ(into.size(), 32u);
  }
}

// The CUDA guide's two call sites of one __shfl_xor_sync: lanes 0-15 wait
// at theirs, and when lanes 16-31 reach the other the step draws one
// shuffle of the whole warp, arrows crossing between the halves.
TEST(GalleryScenes, TwoCallSitesOfOneShuffleDrawOneExchange) {
  auto s = lesson("shfl-two-call-sites/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "shfl.sync.bfly"));  // lanes 0-15 arrive and wait
  EXPECT_TRUE(sceneOf(*s, "two_sites_wait").find("flow shuffle").empty());
  ASSERT_TRUE(stepUntil(*s, "shfl.sync.bfly"));  // lanes 16-31 arrive: one collective
  const Scene scene = sceneOf(*s, "two_sites_joint");
  const auto arrows = scene.find("flow shuffle");
  ASSERT_EQ(arrows.size(), 32u);
  std::set<int> into;
  for (const Primitive* a : arrows) {
    const int from = laneOf(a->dataValue("from")), to = laneOf(a->dataValue("to"));
    EXPECT_EQ(from ^ to, 16);
    into.insert(to);
  }
  EXPECT_EQ(into.size(), 32u);
  // The operand rows show each lane's own register: lanes 0-15 shuffle %r11
  // into %r15, lanes 16-31 %r6 into %r10.
  for (const auto& [id, text] : std::map<std::string, std::string>{{"w0-before-r11-lane3", "8"},
                                                                    {"w0-before-r6-lane19", "120"},
                                                                    {"w0-after-r15-lane3", "120"},
                                                                    {"w0-after-r10-lane19", "8"}}) {
    const Primitive* cell = scene.findId(id);
    ASSERT_NE(cell, nullptr) << id;
    EXPECT_NE(cell->tooltip.find(" = " + text), std::string::npos) << id << ": " << cell->tooltip;
  }
}

TEST(GalleryScenes, BallotBusAndMaskBitsMatchTheVotes) {
  auto s = lesson("vote-all-any-ballot/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "vote.sync.ballot"));
  const Scene scene = sceneOf(*s, "ballot");
  const auto bus = scene.find("flow vote bus");
  ASSERT_EQ(bus.size(), 1u);
  const std::string result = bus[0]->dataValue("result");
  const std::uint32_t ballot = static_cast<std::uint32_t>(std::stoul(result, nullptr, 16));
  EXPECT_EQ(ballot, 0xa5b4b4b4u);  // derived in the lesson from its input
  EXPECT_EQ(scene.find("flow vote gather").size(), 32u);
  EXPECT_EQ(scene.find("flow vote scatter").size(), 32u);
  const auto bits = scene.find("bit mask-ballot");
  ASSERT_EQ(bits.size(), 32u);
  // Bit i sits under lane i and is on exactly when lane i voted yes.
  for (const Primitive* b : bits) {
    const int lane = std::stoi(b->dataValue("lane"));
    EXPECT_EQ(b->hasClass("on"), ((ballot >> lane) & 1u) != 0) << "lane " << lane;
    const Primitive* col = scene.findId(fmt::format("w0-lane{}", lane));
    ASSERT_NE(col, nullptr);
    EXPECT_NEAR(b->x + b->w / 2, col->x + col->w / 2, col->w / 2);
  }
}

TEST(GalleryScenes, MatchAnyGroupsGetOneColourEach) {
  auto s = lesson("match-any-all/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "match.any.sync"));
  const Scene scene = sceneOf(*s, "match_any");
  const auto buses = scene.find("flow match bus");
  ASSERT_GE(buses.size(), 2u);
  std::map<std::string, std::string> colour;  // group -> stroke
  std::set<std::string> colours;
  for (const Primitive* b : buses) {
    colour[b->dataValue("group")] = b->stroke.hex();
    colours.insert(b->stroke.hex());
  }
  EXPECT_EQ(colours.size(), buses.size()) << "two match groups share a colour";
  // Every lane receives from its own group's bus, drawn in that group's colour.
  const auto scatter = scene.find("flow match scatter");
  EXPECT_EQ(scatter.size(), 32u);
  for (const Primitive* a : scatter) EXPECT_EQ(a->stroke.hex(), colour[a->dataValue("group")]);
}

TEST(GalleryScenes, ReduxGathersEightLanesIntoEach) {
  auto s = lesson("redux-add-s32-eight-lanes/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "redux.sync.add"));
  const Scene scene = sceneOf(*s, "redux_add");
  const auto bus = scene.find("flow reduce bus");
  ASSERT_EQ(bus.size(), 1u);
  EXPECT_EQ(bus[0]->dataValue("result"), "44");
  EXPECT_EQ(scene.find("flow reduce gather").size(), 8u);
  const auto scatter = scene.find("flow reduce scatter");
  ASSERT_EQ(scatter.size(), 8u);
  for (const Primitive* a : scatter) EXPECT_LT(laneOf(a->dataValue("to")), 8);
}

TEST(GalleryScenes, RedAsyncCrossesIntoTheOtherCtaAndCompletesIntoItsMbarrier) {
  auto s = lesson("red-async-cluster/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "red.async"));
  const Scene issued = sceneOf(*s, "red_async_issued");
  ASSERT_EQ(issued.find("cta-panel").size(), 2u);
  const auto flying = issued.find("flow async inflight");
  ASSERT_FALSE(flying.empty());
  const Primitive* issuer = issued.find("cta-panel issuer")[0];
  const std::string target = issued.find("cta-panel target")[0]->dataValue("cta");
  EXPECT_NE(issuer->dataValue("cta"), target);
  for (const Primitive* a : flying) {
    EXPECT_TRUE(a->dashed);
    EXPECT_EQ(a->dataValue("to-cta"), target);
    EXPECT_GT(a->p3.y, issuer->y + issuer->h);  // ends in the target CTA's panel
  }
  ASSERT_FALSE(issued.find("mbarrier").empty());
  // Run until the first operation has completed: a solid arrow and a complete-tx.
  bool completed = false;
  for (int guard = 0; guard < 10000 && !completed && s->step(core::StepUnit::Step).steps; ++guard)
    completed = s->history().current()->completedAsync;
  ASSERT_TRUE(completed);
  const Scene done = sceneOf(*s, "red_async_completed");
  ASSERT_FALSE(done.find("flow async done").empty());
  for (const Primitive* a : done.find("flow async done")) EXPECT_FALSE(a->dashed);
  const auto tx = done.find("flow completetx");
  ASSERT_EQ(tx.size(), 1u);
  const Primitive* box = done.find("mbarrier")[0];
  EXPECT_NEAR(tx[0]->p3.x, box->x, 0.01);
  EXPECT_FALSE(box->dataValue("phase").empty());
}

// red.async's release form (sm_100): the issue step draws one dashed arrow
// per lane into its global counter out[lane % 4]; after the lanes exit, each
// retired add is a solid arrow into the same cell.
TEST(GalleryScenes, RedAsyncReleaseArrowsIntoGlobalCounters) {
  auto s = lesson("red-async-release-global/scenario.toml");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "red.async"));
  const Scene issued = sceneOf(*s, "red_async_release_issue");
  const auto flying = issued.find("flow async inflight");
  ASSERT_EQ(flying.size(), 32u);
  for (const Primitive* a : flying) {
    EXPECT_TRUE(a->dashed);
    const int lane = laneOf(a->dataValue("from"));
    EXPECT_EQ(a->dataValue("to"), fmt::format("out[{}]", lane % 4));
    const Primitive* cell = issued.findId(a->dataValue("to").insert(0, "cell-"));
    ASSERT_NE(cell, nullptr);
    EXPECT_NEAR(a->p3.y, cell->y, 0.01);  // ends on the memory cell's top edge
  }
  EXPECT_TRUE(issued.find("flow async done").empty());
  while (!s->finished() && s->step(core::StepUnit::Step).steps != 0) {
  }
  const Scene landed = sceneOf(*s, "red_async_release_done");
  EXPECT_TRUE(landed.find("flow async inflight").empty());
  EXPECT_EQ(landed.find("flow async done").size(), 32u);
  const Primitive* out0 = landed.findId("cell-out[0]");
  ASSERT_NE(out0, nullptr);
  EXPECT_EQ(out0->dataValue("value"), "120");
}

}  // namespace
}  // namespace ws::ui
