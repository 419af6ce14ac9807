// The viewer's flowing text (narration, step summary, lane explanations)
// measured with the real panel fonts: lines break at spaces only, so an
// instruction such as shfl.sync.bfly.b32 and a bold "1520," stay whole.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/imgui/fonts.hpp"
#include "tests/imgui/headless.hpp"

namespace ws::imgui {
namespace {

// The shfl-bfly-warp-sum lesson's narration, hard line breaks and all.
constexpr const char* kNarration =
    "`shfl.sync.bfly` with b = 16: lane *i* reads lane *i* ^ 16 \u2014 lanes 0-15\n"
    "and 16-31 swap values pairwise (lane 0 gets 49 from lane 16, lane 16 gets 1\n"
    "from lane 0). The predicate `%p1` is true everywhere: every partner is in range.\n"
    "\n"
    "736 + 784 = **1520** in every lane: the sum of 3*i* + 1 over 32 lanes, and the\n"
    "summary reads Step 15: warp 0 of CTA (0,0,0) ran line 45, shfl.sync.bfly.b32\t%r7|%p1.\n";

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

TEST(ImguiFlowText, NarrationWrapsAtWordsWithThePanelFonts) {
  test::Headless h;
  const PanelFonts& fonts = h.fonts.normal;
  ASSERT_NE(fonts.regular, nullptr);
  const ui::MeasureText measure = measureWith(fonts);
  // Bold is wider than regular: each run is measured in its own face.
  EXPECT_GT(measure("1520 in every lane", {.strong = true}), measure("1520 in every lane", {}));
  const std::vector<ui::RichParagraph> ps = ui::parseMarkdown(kNarration);
  ASSERT_EQ(ps.size(), 2u);
  for (const float width : {160.0f, 240.0f, 330.0f, 520.0f}) {
    for (const ui::RichParagraph& p : ps) {
      std::string all;
      for (const ui::TextRun& r : p.runs) all += r.text;
      std::vector<std::string> laid;
      const std::vector<ui::LaidLine> lines = ui::layoutParagraph(p, width, measure);
      for (const ui::LaidLine& l : lines) {
        std::string text;
        for (const ui::LaidPiece& piece : l.pieces) text += piece.text;
        const std::vector<std::string> ws = words(text);
        if (ws.size() > 1) {
          EXPECT_LE(l.width, width + 0.01f) << text;
        }
        laid.insert(laid.end(), ws.begin(), ws.end());
        EXPECT_EQ(text.find('\n'), std::string::npos);
      }
      // The same words in the same order: no break inside one, none lost.
      EXPECT_EQ(laid, words(all)) << "width " << width;
      // A narrow panel takes several lines, a wide one few: it really wraps.
      if (width == 160.0f) {
        EXPECT_GT(lines.size(), 3u);
      }
    }
  }
}

TEST(ImguiFlowText, DrawsEveryLineAndAdvancesTheCursor) {
  test::Headless h;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(260, 600));
  ImGui::Begin("flow");
  const float top = ImGui::GetCursorPosY();
  const std::vector<ui::RichParagraph> ps = ui::parseMarkdown(kNarration);
  const float width = ImGui::GetContentRegionAvail().x;
  std::size_t lines = 0;
  for (const ui::RichParagraph& p : ps) lines += ui::layoutParagraph(p, width, measureWith(h.fonts.normal)).size();
  drawFlowText(ps, h.fonts.normal, {IM_COL32(0, 0, 0, 255), IM_COL32(0, 0, 0, 40)});
  const float advanced = ImGui::GetCursorPosY() - top;
  ImGui::End();
  ImGui::Render();
  EXPECT_GE(lines, 6u);
  EXPECT_GE(advanced, static_cast<float>(lines) * ImGui::GetTextLineHeight());
  EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 400);  // glyphs were drawn
}

}  // namespace
}  // namespace ws::imgui
