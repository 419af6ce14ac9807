// The Hopper pictures on the bundled lessons, run on the real engine: the
// tensor copy's global box and its swizzled shared tile, the warpgroup's
// A x B -> D tiles with D owned by the four warps, and the full/empty
// mbarrier rings of the warp-specialized GEMM, in the view models and in
// the scene (what both front ends and the SVG draw).
#include <gtest/gtest.h>

#include <set>

#include "ui/frame/step_facts.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/session/session.hpp"
#include "ui/views/matrix_view.hpp"
#include "ui/views/views.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

std::unique_ptr<Session> lesson(const std::string& name) {
  auto made = loadScenarioSession(ws::test::scenarioPath("/") + name + "/scenario.toml");
  if (auto* err = std::get_if<std::string>(&made)) {
    ADD_FAILURE() << name << ": " << *err;
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<Session>>(made));
}

// Steps until a warp executes an instruction whose text starts with `prefix`.
bool stepUntil(Session& s, std::string_view prefix) {
  for (int guard = 0; guard < 100000 && !s.finished(); ++guard) {
    if (s.step(core::StepUnit::Step).steps == 0) return false;
    const core::StepRecord* r = s.history().current();
    const core::Instr* ins = r && !r->completedAsync ? instrAt(s.program(), r->pc) : nullptr;
    if (ins && instrMnemonic(s.program(), *ins).starts_with(prefix)) return true;
  }
  return false;
}

std::size_t countPrims(const Scene& sc, std::string_view cls) {
  std::size_t n = 0;
  for (const auto& p : sc.items) n += p.cls.find(cls) != std::string::npos;
  return n;
}

TEST(HopperViews, TensorCopyShowsTheBoxAndTheSwizzledTile) {
  auto s = lesson("tma-2d-tile-swizzle");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "cp.async.bulk.tensor"));
  const auto v = buildMatrixView(s->frame());
  ASSERT_TRUE(v);
  ASSERT_EQ(v->kind, MatrixView::Kind::TensorCopy);
  ASSERT_EQ(v->tiles.size(), 2u);
  const MatrixTile& box = v->tiles[0];
  const MatrixTile& tile = v->tiles[1];
  // A 32 x 16 f32 box: 16 rows of 32; in shared memory, 128-byte rows of 32 words.
  EXPECT_EQ(box.rows, 16);
  EXPECT_EQ(box.cols, 32);
  EXPECT_EQ(tile.cols, 32);
  EXPECT_EQ(tile.rows, 16);
  // The box's columns keep their chunk (4 f32 per 16 bytes); the tile's row r
  // holds chunk c at position c ^ (r % 8): the 128B swizzle.
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c) {
      EXPECT_EQ(box.at(r, c).chunk, c / 4);
      EXPECT_EQ(tile.at(r, c).chunk, (c / 4) ^ (r % 8)) << r << "," << c;
      EXPECT_FALSE(box.at(r, c).oob);
    }
  // The values are the global box's words (a[i] = i, the box at (32, 8)):
  // row 1, column 0 is a[9 * 64 + 32] = 608, shown as the f32 it is.
  EXPECT_NE(box.at(1, 0).tooltip.find("(32, 9)"), std::string::npos) << box.at(1, 0).tooltip;
  const Scene sc = buildScene(s->frame(), &s->index(), builtinTheme("light"), {});
  EXPECT_EQ(countPrims(sc, "frag-cell tile"), 2u * 512u);
}

TEST(HopperViews, WarpgroupTilesComeFromTheDescriptorsAndTheFourWarps) {
  auto s = lesson("wgmma-one-warpgroup");
  ASSERT_TRUE(s);
  ASSERT_TRUE(stepUntil(*s, "wgmma.mma_async"));
  const auto v = buildMatrixView(s->frame());
  ASSERT_TRUE(v);
  ASSERT_EQ(v->kind, MatrixView::Kind::Wgmma);
  ASSERT_TRUE(v->error.empty()) << v->error;
  ASSERT_EQ(v->tiles.size(), 3u);
  const MatrixTile& a = v->tiles[0];
  const MatrixTile& b = v->tiles[1];
  const MatrixTile& d = v->tiles[2];
  EXPECT_EQ(a.rows, 64);
  EXPECT_EQ(a.cols, 16);
  EXPECT_EQ(b.rows, 16);
  EXPECT_EQ(b.cols, 32);
  EXPECT_EQ(d.rows, 64);
  EXPECT_EQ(d.cols, 32);
  // A and B are read from shared memory: every cell has an address, none an owner lane.
  for (const MatrixCell& c : a.cells) {
    EXPECT_GE(c.addr, 0);
    EXPECT_EQ(c.lane, -1);
  }
  // D: warp q of the warpgroup owns rows 16q..16q+15; thread 4g + t of a
  // warp holds row 16q + g (+8), columns 2t, 2t + 1 (+8i).
  const std::uint32_t first = s->frame().st().ctas[0].firstWarp;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 32; ++c) {
      const MatrixCell& cell = d.at(r, c);
      EXPECT_EQ(cell.warp, static_cast<int>(first) + r / 16) << r << "," << c;
      EXPECT_EQ(cell.lane, 4 * (r % 8) + (c % 8) / 2) << r << "," << c;
    }
  const Scene sc = buildScene(s->frame(), &s->index(), builtinTheme("light"), {});
  EXPECT_EQ(countPrims(sc, "frag-cell d"), 64u * 32u);
  EXPECT_EQ(countPrims(sc, "frag-cell a"), 64u * 16u);
}

TEST(HopperViews, MbarrierRingsOfTheGemmAreRowsOfStages) {
  auto s = lesson("warp-specialized-gemm");
  ASSERT_TRUE(s);
  s->seek(300);
  const MbarrierPanelView p = buildMbarrierPanel(s->frame(), s->index());
  ASSERT_EQ(p.objects.size(), 4u);
  // Initialised full[0], empty[0], full[1], empty[1]; shown ring by ring.
  const char* names[] = {"full[0]", "full[1]", "empty[0]", "empty[1]"};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_NE(p.objects[i].name.find(names[i]), std::string::npos) << p.objects[i].name;
    EXPECT_EQ(p.objects[i].ringStages, 2u);
    EXPECT_EQ(p.objects[i].ringIndex, static_cast<std::uint32_t>(i % 2));
  }
  EXPECT_NE(p.objects[1].ringText.find("stage 1 of the 2-stage ring"), std::string::npos) << p.objects[1].ringText;
}

}  // namespace
}  // namespace ws::ui
