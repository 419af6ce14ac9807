// The warp-matrix views on the H100-recorded lesson kernels
// (tests/data/tensor/tc_lessons.ptx): the mma tiles coloured by owning lane,
// the ldmatrix row addresses and arrows, the per-lane sentences, and the
// fragment grid in the SVG export.
#include "ui/views/matrix_view.hpp"

#include <gtest/gtest.h>


#include "tests/ui/ui_test_util.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/files/svg_writer.hpp"
#include "ui/views/views.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

std::vector<std::uint8_t> words(const std::vector<std::uint32_t>& w) { return test::toBytes(w); }

// The lessons' inputs, as tests/data/tensor/tclessons.py writes them.
core::LaunchConfig lessonLaunch(const std::string& entry) {
  core::LaunchConfig cfg;
  cfg.entry = entry;
  cfg.grid = {1, 1, 1};
  cfg.block = {32, 1, 1};
  std::vector<std::uint32_t> in(512, 0);
  if (entry == "lesson_ldmatrix") {
    for (std::uint32_t r = 0; r < 32; ++r)
      for (std::uint32_t c = 0; c < 8; c += 2) in[r * 4 + c / 2] = (100 * r + c) | (100 * r + c + 1) << 16;
    for (std::uint32_t l = 0; l < 32; ++l) in[128 + l] = l < 24 ? l : 55 - l;
  } else {                                   // lesson_mma_m16n8k16: A = 2I, B[k][n] = 10k + n, C = 1000
    auto f16 = [](int v) -> std::uint32_t {  // small exact integers as f16
      if (v == 0) return 0;
      int e = 0;
      while ((v >> (e + 1)) != 0) ++e;
      const std::uint32_t man = static_cast<std::uint32_t>((v << (10 - e)) & 0x3ff);
      return static_cast<std::uint32_t>(e + 15) << 10 | man;
    };
    auto put = [&](std::size_t word0, int idx, std::uint32_t h) {
      in[word0 + static_cast<std::size_t>(idx / 2)] |= h << (16 * (idx % 2));
    };
    for (int r = 0; r < 16; ++r) put(0, r * 16 + r, f16(2));
    for (int k = 0; k < 16; ++k)
      for (int n = 0; n < 8; ++n) put(128, k * 8 + n, f16(10 * k + n));
    for (int i = 0; i < 128; ++i) in[192 + static_cast<std::size_t>(i)] = 0x447a0000;  // 1000.0f
  }
  cfg.buffers.push_back({"in", words(in)});
  cfg.buffers.push_back({"out", words(std::vector<std::uint32_t>(256, 0))});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  return cfg;
}

std::unique_ptr<Session> lesson(const std::string& entry, core::Opcode op) {
  auto s = test::ui::session(test::ui::slurp(ws::test::dataPath("/tensor/tc_lessons.ptx")), lessonLaunch(entry));
  EXPECT_TRUE(s && test::ui::stepUntil(*s, op)) << entry;
  return s;
}

TEST(MatrixView, MmaTilesAreColouredByTheLaneThatHoldsEachElement) {
  auto s = lesson("lesson_mma_m16n8k16", core::Opcode::Mma);
  ASSERT_TRUE(s);
  const auto v = buildMatrixView(s->frame());
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->error.empty()) << v->error;
  EXPECT_TRUE(v->ruleExact);
  ASSERT_EQ(v->tiles.size(), 4u);
  const MatrixTile& a = v->tiles[0];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.rows, 16);
  EXPECT_EQ(a.cols, 16);
  // A[1][2] and A[9][3] are lane 5's (g = 1, t = 1); A[1][1] = 2 on the diagonal.
  EXPECT_EQ(a.at(1, 2).lane, 5);
  EXPECT_EQ(a.at(9, 3).lane, 5);
  EXPECT_EQ(a.at(1, 1).value, "2");
  // D = 1000 + 20 row + 2 col, held by the lane the layout says.
  const MatrixTile& d = v->tiles[3];
  EXPECT_EQ(d.at(9, 3).value, "1186");
  EXPECT_EQ(d.at(9, 3).lane, 4 * 1 + 1);
  EXPECT_TRUE(d.at(9, 3).changed);
  EXPECT_EQ(v->laneText[5].rfind(
                "lane 5 holds A[1][2..3], A[9][2..3], A[1][10..11] and A[9][10..11]; "
                "B[2..3][1] and B[10..11][1]; C[1][2..3] and C[9][2..3] and receives D[1][2..3] and D[9][2..3]",
                0),
            0u)
      << v->laneText[5];

  const ExplanationView e = buildExplanation(s->frame());
  ASSERT_FALSE(e.lanes.empty());
  EXPECT_NE(e.lanes[5].text.find("A[1][10..11]"), std::string::npos) << e.lanes[5].text;
}

TEST(MatrixView, LdmatrixNamesTheLaneOfEveryRowAddress) {
  auto s = lesson("lesson_ldmatrix", core::Opcode::Ldmatrix);
  ASSERT_TRUE(s);
  const auto v = buildMatrixView(s->frame());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->kind, MatrixView::Kind::Ldmatrix);
  ASSERT_EQ(v->tiles.size(), 4u);
  ASSERT_EQ(v->rows.size(), 32u);
  // Lanes 24-31 name rows 31..24: matrix 3 arrives upside down.
  EXPECT_EQ(v->tiles[3].at(0, 0).value, "3100");
  EXPECT_EQ(v->tiles[3].at(7, 5).value, "2405");
  EXPECT_EQ(v->tiles[0].at(2, 5).lane, 10);  // row 2 of each matrix: lanes 8-11
  EXPECT_NE(v->laneText[26].find("row 2 of matrix 3"), std::string::npos) << v->laneText[26];
}

TEST(MatrixView, TheSvgExportContainsTheFragmentGrid) {
  auto s = lesson("lesson_mma_m16n8k16", core::Opcode::Mma);
  ASSERT_TRUE(s);
  const Scene scene = buildScene(s->frame(), nullptr, builtinTheme("light"));
  const std::string svg = toSvg(scene);
  // 256 + 3 x 128 cells, each a rect of the fragment grid naming its tile, lane and value.
  const auto count = [&](std::string_view needle) {
    long n = 0;
    for (auto at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + needle.size())) ++n;
    return n;
  };
  EXPECT_EQ(count("class=\"frag-cell a\""), 256);
  EXPECT_EQ(count("class=\"frag-cell b\""), 128);
  EXPECT_EQ(count("class=\"frag-cell d\""), 128);
  EXPECT_NE(
      svg.find("data-tile=\"D\" data-row=\"9\" data-col=\"3\" data-lane=\"5\" data-reg=\"3\" data-value=\"1186\""),
      std::string::npos);
  EXPECT_NE(svg.find("class=\"frag-tile\""), std::string::npos);
  EXPECT_NE(svg.find("A 16x16 f16"), std::string::npos);

  auto l = lesson("lesson_ldmatrix", core::Opcode::Ldmatrix);
  ASSERT_TRUE(l);
  const std::string svg2 = toSvg(buildScene(l->frame(), nullptr, builtinTheme("light")));
  EXPECT_NE(svg2.find("class=\"flow matrix-row-address\" data-from=\"lane26\" data-to=\"matrix3.row2\""),
            std::string::npos);
  EXPECT_NE(svg2.find("class=\"flow matrix-row-load\""), std::string::npos);
}

}  // namespace
}  // namespace ws::ui
