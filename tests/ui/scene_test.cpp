// Golden structure of the lane-view scenes at chosen steps: which arrows
// exist and where they start and end, colours per match group, mask bits,
// mbarrier fields. Set WS_UI_DUMP_DIR to also write each scene as SVG.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "tests/ui/synthetic_steps.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/files/svg_writer.hpp"

namespace ws::ui {
namespace {

using test::ui::Bench;

void dump(const Scene& s, const std::string& name) {
  const char* dir = std::getenv("WS_UI_DUMP_DIR");
  if (!dir) return;
  std::string err;
  EXPECT_TRUE(writeSvgFile(s, std::string(dir) + "/" + name + ".svg", err)) << err;
}

Scene sceneOf(const Bench& b, const Theme& t = builtinTheme("light"), SceneOptions o = {}) {
  const HistoryIndex ix = b.index();
  return buildScene(b.frame(), &ix, t, o);
}

// Centre x of the lane header cell of `lane`.
double laneCentre(const Scene& s, int lane) {
  const Primitive* p = s.findId("w0-lane" + std::to_string(lane));
  EXPECT_NE(p, nullptr);
  return p ? p->x + p->w / 2 : -1;
}

TEST(SceneGolden, ButterflyArrowsConnectPartnerColumns) {
  const Bench b = test::ui::butterflyStep(1);
  const Scene s = sceneOf(b);
  dump(s, "bfly");
  const auto arrows = s.find("flow shuffle");
  ASSERT_EQ(arrows.size(), 32u);
  for (const Primitive* a : arrows) {
    const int from = std::stoi(a->dataValue("from").substr(4)), to = std::stoi(a->dataValue("to").substr(4));
    EXPECT_EQ(from, to ^ 1);
    EXPECT_EQ(a->kind, Primitive::Kind::Arrow);
    EXPECT_NEAR(a->p0.x, laneCentre(s, from), 0.01);
    EXPECT_NEAR(a->p3.x, laneCentre(s, to), 0.01);
    EXPECT_LT(a->p0.y, a->p3.y);  // from the source row down to the destination row
    EXPECT_EQ(a->stroke, builtinTheme("light").flowShuffle);
    EXPECT_FALSE(a->dashed);
    EXPECT_EQ(a->dataValue("value"), std::to_string(10 * from));
  }
  // The destination row holds the new values, highlighted.
  const Primitive* d5 = s.findId("w0-after-r1-lane5");
  ASSERT_NE(d5, nullptr);
  EXPECT_TRUE(d5->hasClass("changed"));
  const Primitive* s5 = s.findId("w0-before-r0-lane5");
  ASSERT_NE(s5, nullptr);
  EXPECT_LT(s5->y, d5->y);
  // The SVG carries the same structure.
  const std::string svg = toSvg(s);
  EXPECT_NE(svg.find("class=\"flow shuffle\" data-from=\"lane4\" data-to=\"lane5\""), std::string::npos);
}

TEST(SceneGolden, ShflUpKeepsLaneZeroWithADashedOwnArrow) {
  const Bench b = test::ui::shflUpStep();
  const Scene s = sceneOf(b);
  dump(s, "shfl_up");
  const auto keep = s.find("flow shuffle keep");
  ASSERT_EQ(keep.size(), 1u);
  EXPECT_EQ(keep[0]->dataValue("from"), "lane0");
  EXPECT_EQ(keep[0]->dataValue("to"), "lane0");
  EXPECT_TRUE(keep[0]->dashed);
  EXPECT_EQ(keep[0]->stroke, builtinTheme("light").flowKeep);
  EXPECT_EQ(s.find("flow shuffle").size(), 8u);
  EXPECT_EQ(s.find("keep-label").size(), 1u);
  // 8 lanes: 8 lane columns only.
  EXPECT_EQ(s.findId("w0-lane8"), nullptr);
  EXPECT_NE(s.findId("w0-lane7"), nullptr);
}

TEST(SceneGolden, BallotBusAndMaskBits) {
  const Bench b = test::ui::ballotStep();
  const Scene s = sceneOf(b);
  dump(s, "ballot");
  ASSERT_EQ(s.find("flow vote bus").size(), 1u);
  EXPECT_EQ(s.find("flow vote bus")[0]->dataValue("result"), "0x55555555");
  EXPECT_EQ(s.find("flow vote gather").size(), 32u);
  const auto scatter = s.find("flow vote scatter");
  ASSERT_EQ(scatter.size(), 32u);
  for (const Primitive* a : scatter) EXPECT_EQ(a->dataValue("from"), "bus");
  // The ballot row: bit i under lane i.
  const auto bits = s.find("bit mask-ballot");
  ASSERT_EQ(bits.size(), 32u);
  for (const Primitive* p : bits) {
    const int lane = std::stoi(p->dataValue("lane"));
    EXPECT_EQ(p->hasClass("on"), lane % 2 == 0) << lane;
    EXPECT_NEAR(p->x + p->w / 2, laneCentre(s, lane), 0.01);
  }
  const Primitive* hex = nullptr;
  for (const Primitive* p : s.find("mask-hex"))
    if (p->id.find("ballot") != std::string::npos) hex = p;
  ASSERT_NE(hex, nullptr);
  EXPECT_EQ(hex->text, "0x55555555");
}

TEST(SceneGolden, ReduxBus) {
  const Bench b = test::ui::reduxStep();
  const Scene s = sceneOf(b);
  dump(s, "redux");
  ASSERT_EQ(s.find("flow reduce bus").size(), 1u);
  EXPECT_EQ(s.find("flow reduce bus")[0]->dataValue("result"), "496");
  EXPECT_EQ(s.find("flow reduce scatter").size(), 32u);
}

TEST(SceneGolden, MatchGroupsHaveDistinctColours) {
  const Bench b = test::ui::matchStep();
  const Theme t = builtinTheme("light");
  const Scene s = sceneOf(b, t);
  dump(s, "match");
  const auto buses = s.find("flow match bus");
  ASSERT_EQ(buses.size(), 3u);
  std::map<std::string, std::string> colourOf;
  for (const Primitive* bus : buses) {
    const int g = std::stoi(bus->dataValue("group"));
    EXPECT_EQ(bus->stroke, t.groupColor(g));
    colourOf[bus->dataValue("group")] = bus->stroke.hex();
  }
  EXPECT_EQ(colourOf.size(), 3u);
  EXPECT_NE(colourOf["0"], colourOf["1"]);
  EXPECT_NE(colourOf["1"], colourOf["2"]);
  EXPECT_NE(colourOf["0"], colourOf["2"]);
  // Each lane's arrow and source cell carry its group's colour.
  const auto scatter = s.find("flow match scatter");
  ASSERT_EQ(scatter.size(), 32u);
  for (const Primitive* a : scatter) {
    const int lane = std::stoi(a->dataValue("to").substr(4));
    EXPECT_EQ(a->dataValue("group"), std::to_string(lane % 3));
    EXPECT_EQ(a->stroke, t.groupColor(lane % 3));
  }
  const auto sources = s.find("cell reg match-group");
  ASSERT_EQ(sources.size(), 32u);
  for (const Primitive* c : sources) EXPECT_EQ(c->fill, t.groupColor(std::stoi(c->dataValue("lane")) % 3));
}

TEST(SceneGolden, AtomicArrowsCarrySerializationOrder) {
  const Bench b = test::ui::atomicStep();
  const Scene s = sceneOf(b);
  dump(s, "atomic");
  const auto arrows = s.find("flow atomic");
  ASSERT_EQ(arrows.size(), 4u);
  const Primitive* cell = s.findId("cell-out[0]");
  ASSERT_NE(cell, nullptr);
  double lastX = 0;
  for (const Primitive* a : arrows) {
    EXPECT_EQ(a->dataValue("to"), "out[0]");
    EXPECT_EQ(a->dataValue("order"), std::to_string(std::stoi(a->dataValue("from").substr(4))));
    // Heads land side by side on the cell's top edge, in lane order.
    EXPECT_GT(a->p3.x, cell->x);
    EXPECT_LT(a->p3.x, cell->x + cell->w);
    EXPECT_GT(a->p3.x, lastX);
    lastX = a->p3.x;
    EXPECT_NEAR(a->p3.y, cell->y, 0.01);
  }
  EXPECT_EQ(s.find("order").size(), 4u);
}

TEST(SceneGolden, RedAsyncClusterViewInFlightThenCompleted) {
  const auto issued = test::ui::redAsyncSteps(0);
  const Scene s = sceneOf(issued.b);
  dump(s, "red_async_issue");
  ASSERT_EQ(s.find("cta-panel").size(), 2u);
  EXPECT_EQ(s.find("cta-panel issuer")[0]->dataValue("cta"), "0");
  EXPECT_EQ(s.find("cta-panel target")[0]->dataValue("cta"), "1");
  const auto flying = s.find("flow async inflight");
  ASSERT_EQ(flying.size(), 32u);
  for (const Primitive* a : flying) {
    EXPECT_TRUE(a->dashed);
    EXPECT_EQ(a->dataValue("to"), "acc[" + a->dataValue("from").substr(4) + "]");
    EXPECT_EQ(a->dataValue("to-cta"), "1");
    const Primitive* cell = s.findId("cell-cta1-" + a->dataValue("to"));
    ASSERT_NE(cell, nullptr);
    EXPECT_NEAR(a->p3.y, cell->y, 0.01);  // ends on the remote cell
    EXPECT_GT(a->p3.y, s.find("cta-panel issuer")[0]->y + s.find("cta-panel issuer")[0]->h);  // crosses into the target panel
  }
  EXPECT_TRUE(s.find("flow async done").empty());
  ASSERT_EQ(s.find("mbarrier").size(), 1u);
  EXPECT_EQ(s.find("mbarrier")[0]->id, "mbarrier-cta1-" + fmt::format("{:x}", issued.bar));

  const auto three = test::ui::redAsyncSteps(3);
  const Scene t = sceneOf(three.b);
  dump(t, "red_async_complete3");
  EXPECT_EQ(t.find("flow async inflight").size(), 29u);
  const auto done = t.find("flow async done");
  ASSERT_EQ(done.size(), 3u);
  for (const Primitive* a : done) EXPECT_FALSE(a->dashed);
  const auto tx = t.find("flow completetx");
  ASSERT_EQ(tx.size(), 1u);  // this step's complete-tx into bar_mem
  EXPECT_EQ(tx[0]->dataValue("from"), "acc[2]");
  EXPECT_EQ(tx[0]->dataValue("to"), "bar_mem");
  const Primitive* box = t.find("mbarrier")[0];
  EXPECT_NEAR(tx[0]->p3.x, box->x, 0.01);
  EXPECT_EQ(box->dataValue("phase"), "0");
  EXPECT_EQ(box->dataValue("expected"), "1");
  EXPECT_EQ(t.findId("cell-cta1-acc[2]")->dataValue("value"), "2003");
}

// While operations are in flight the receiving CTA keeps running (it polls its
// mbarrier, reads its cells). Such a step is drawn in the cluster view; its
// title must name the receiver's warp, not the issuer's, and the receiver's
// lanes and the register it wrote must be visible in its panel.
TEST(SceneGolden, RedAsyncClusterViewShowsTheReceiverThatRan) {
  auto a = test::ui::redAsyncSteps(3);
  Bench& b = a.b;
  b.begin(1, b.pcOfLine("ld.shared.u32 \t%r11, [%r3]"), 0xffffffffu);
  for (int l = 0; l < 32; ++l) b.write("%r11", l, l < 3 ? 1001u * static_cast<unsigned>(l) + 1 : 1000u * static_cast<unsigned>(l));
  b.advance();
  const Scene s = sceneOf(b);
  dump(s, "red_async_receiver_reads");
  ASSERT_EQ(s.find("cta-panel").size(), 2u);  // still the cluster view
  EXPECT_EQ(s.find("flow async inflight").size(), 29u);
  ASSERT_FALSE(s.find("title").empty());
  const std::string title = s.find("title")[0]->text;
  EXPECT_NE(title.find("CTA (1,0,0)"), std::string::npos) << title;
  EXPECT_EQ(title.find("CTA (0,0,0)"), std::string::npos) << title;
  const Primitive* target = s.find("cta-panel target")[0];
  const Primitive* lane5 = s.findId("w1-lane5");
  ASSERT_NE(lane5, nullptr);
  EXPECT_GT(lane5->y, target->y);
  EXPECT_LT(lane5->y + lane5->h, target->y + target->h);
  const Primitive* r1 = s.findId("w1-after-r11-lane1");
  ASSERT_NE(r1, nullptr);
  EXPECT_TRUE(r1->hasClass("changed"));
  const Primitive* r7 = s.findId("w1-after-r11-lane7");
  ASSERT_NE(r7, nullptr);
  EXPECT_LT(r7->y + r7->h, target->y + target->h);
  // The issuer's panel is unchanged: CTA rank 0's lanes, no receiver lanes there.
  EXPECT_NE(s.findId("w0-lane5"), nullptr);
  EXPECT_LT(s.findId("w0-lane5")->y, s.find("cta-panel issuer")[0]->y + s.find("cta-panel issuer")[0]->h);
}

TEST(SceneGolden, ScalesFromOneLaneAndAcrossWarps) {
  auto one = test::ui::kernelBench("\tadd.s32 %r1, %r0, 1;\n", 1);
  ASSERT_TRUE(one);
  one->begin(0, one->pc, 1u);
  one->write("%r1", 0, 1);
  one->advance();
  const Scene s = sceneOf(*one);
  dump(s, "one_lane");
  EXPECT_NE(s.findId("w0-lane0"), nullptr);
  EXPECT_EQ(s.findId("w0-lane1"), nullptr);
  EXPECT_GE(s.width, 600);
  auto four = test::ui::kernelBench("\tadd.s32 %r1, %r0, 1;\n", 128);
  ASSERT_TRUE(four);
  SceneOptions o;
  o.allWarpsOfCta = true;
  const Scene m = sceneOf(*four, builtinTheme("light"), o);
  dump(m, "four_warps");
  for (int w = 0; w < 4; ++w) EXPECT_NE(m.findId("w" + std::to_string(w) + "-lane31"), nullptr) << w;
}

TEST(SceneGolden, ProjectorThemeIsLarger) {
  const Bench b = test::ui::butterflyStep(16);
  const Scene light = sceneOf(b, builtinTheme("light"));
  const Scene proj = sceneOf(b, builtinTheme("projector"));
  dump(proj, "bfly16_projector");
  dump(sceneOf(b, builtinTheme("dark")), "bfly16_dark");
  EXPECT_GT(proj.width, light.width * 1.25);
  EXPECT_GT(proj.find("title")[0]->fontSize, light.find("title")[0]->fontSize);
}

}  // namespace
}  // namespace ws::ui
