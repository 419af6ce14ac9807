// Pointing at a scene: hover and click find the element a person sees under
// the pointer, lane elements name their lane, curved and dashed arrows
// flatten to the same geometry in every front end.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/ui/ui_test_util.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/scene/scene_hit.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

TEST(SceneHit, RectsTextAndArrows) {
  Scene s;
  Primitive& r = s.rect(10, 10, 50, 20, Color{1, 2, 3});
  r.id = "box";
  Primitive& a = s.arrow({0, 100}, {100, 100}, Color{}, 2, 8);
  a.tooltip = "arrow";
  s.text(200, 50, "no tooltip", 14, Color{});  // neither id nor tooltip: never hit
  EXPECT_EQ(hitTest(s, {20, 20}), &s.items[0]);
  EXPECT_EQ(hitTest(s, {61, 20}), nullptr);
  EXPECT_EQ(hitTest(s, {50, 103}), &s.items[1]);
  EXPECT_EQ(hitTest(s, {50, 110}), nullptr);
  EXPECT_EQ(hitTest(s, {210, 45}), nullptr);
  // The later (painted on top) element wins.
  Primitive& over = s.rect(15, 15, 5, 5, Color{});
  over.tooltip = "top";
  EXPECT_EQ(hitTest(s, {17, 17})->tooltip, "top");
}

TEST(SceneHit, CurvedArrowFollowsItsCurve) {
  Primitive a;
  a.kind = Primitive::Kind::Arrow;
  a.curved = true;
  a.p0 = {0, 0};
  a.p1 = {0, 100};
  a.p2 = {100, 100};
  a.p3 = {100, 0};
  a.headSize = 0;
  const auto pts = arrowPolyline(a, 10);
  ASSERT_EQ(pts.size(), 11u);
  EXPECT_DOUBLE_EQ(pts.front().x, 0);
  EXPECT_DOUBLE_EQ(pts.back().x, 100);
  EXPECT_DOUBLE_EQ(pts[5].y, 75);  // the cubic's midpoint: (0 + 3*100 + 3*100 + 0) / 8
  Scene s;
  a.tooltip = "curve";
  s.items.push_back(a);
  EXPECT_NE(hitTest(s, {50, 74}), nullptr);
  EXPECT_EQ(hitTest(s, {50, 20}), nullptr);  // the chord is not the curve
}

TEST(SceneHit, DashesCoverHalfTheLengthAcrossSegments) {
  const std::vector<Point> line{{0, 0}, {10, 0}, {10, 10}};
  const auto pieces = dashPieces(line, 3, 2);
  double drawn = 0;
  for (const auto& [p, q] : pieces) drawn += std::hypot(q.x - p.x, q.y - p.y);
  // 20 units: dash 0-3, 5-8, 10-13 (turning the corner), 15-18 -> 12 units drawn.
  EXPECT_NEAR(drawn, 12.0, 1e-9);
  EXPECT_EQ(pieces.size(), 4u);
  EXPECT_EQ(dashPieces(line, 3, 0).size(), 2u);  // no gap: the line itself
}

TEST(SceneHit, LaneElementsNameTheirLane) {
  Primitive p;
  p.id = "w3-lane17";
  ASSERT_TRUE(laneOfElement(p));
  EXPECT_EQ(laneOfElement(p)->warp, 3u);
  EXPECT_EQ(laneOfElement(p)->lane, 17);
  p.id = "w0-after-r12-lane5";
  ASSERT_TRUE(laneOfElement(p));
  EXPECT_EQ(laneOfElement(p)->lane, 5);
  for (const char* id : {"w0-mask-active-0", "cell-cta1-acc[3]", "mbarrier-cta1-98", "w-lane3", "w1-lane40", ""}) {
    p.id = id;
    EXPECT_FALSE(laneOfElement(p)) << id;
  }
}

TEST(SceneHit, EveryLaneCellOfARealSceneIsFound) {
  auto s = test::ui::session(test::kernel("\tshfl.sync.bfly.b32 %r2, %r0, 1, 0x1f, 0xffffffff;\n"),
                             test::ui::kernelLaunch(32));
  ASSERT_TRUE(s);
  s->step();
  const Scene scene = buildScene(s->frame(), &s->index(), builtinTheme("light"));
  int found = 0;
  for (int l = 0; l < 32; ++l) {
    const Primitive* cell = scene.findId("w0-lane" + std::to_string(l));
    ASSERT_NE(cell, nullptr) << l;
    const Primitive* hit = hitTest(scene, {cell->x + cell->w / 2, cell->y + cell->h / 2});
    ASSERT_NE(hit, nullptr);
    const auto f = laneOfElement(*hit);
    if (f && f->lane == l) ++found;
  }
  EXPECT_EQ(found, 32);
}

}  // namespace
}  // namespace ws::ui
