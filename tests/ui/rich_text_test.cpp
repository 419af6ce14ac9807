// Styled text for front ends that draw words themselves: a narration's
// markdown as paragraphs of runs, and lines that break at spaces only.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/ui/ui_test_util.hpp"
#include "ui/frame/rich_text.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

// A monospace stand-in for a font: 7 px a character, 8 in bold (wider, as
// real bold faces are), multi-byte UTF-8 counted once.
float fixedWidth(std::string_view s, const TextStyle& style) {
  float n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1.0f : 0.0f;
  return n * (style.strong ? 8.0f : 7.0f);
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string lineText(const LaidLine& l) {
  std::string s;
  for (const LaidPiece& p : l.pieces) s += p.text;
  return s;
}

std::string paragraphText(const RichParagraph& p) {
  std::string s;
  for (const TextRun& r : p.runs) s += r.text;
  return s;
}

// The shfl-bfly-warp-sum lesson's narration, with the hard line breaks of its TOML string.
constexpr const char* kNarration =
    "`shfl.sync.bfly` with b = 16: lane *i* reads lane *i* ^ 16 \u2014 lanes 0-15\n"
    "and 16-31 swap values pairwise (lane 0 gets 49 from lane 16, lane 16 gets 1\n"
    "from lane 0). The predicate `%p1` is true everywhere: every partner is in range.\n"
    "\n"
    "736 + 784 = **1520** in every lane: the sum of 3*i* + 1 over 32 lanes.\n";

TEST(RichText, MarkdownParagraphsJoinTheirLinesAndKeepTheirSpans) {
  const std::vector<RichParagraph> ps = parseMarkdown(kNarration);
  ASSERT_EQ(ps.size(), 2u);
  const std::string first = paragraphText(ps[0]);
  EXPECT_EQ(first.find('\n'), std::string::npos) << first;  // soft breaks are spaces
  EXPECT_NE(first.find("lanes 0-15 and 16-31"), std::string::npos) << first;
  EXPECT_EQ(first.find('*'), std::string::npos);  // markup is style, not text
  EXPECT_EQ(first.find('`'), std::string::npos);
  ASSERT_FALSE(ps[0].runs.empty());
  EXPECT_EQ(ps[0].runs[0].text, "shfl.sync.bfly");
  EXPECT_TRUE(ps[0].runs[0].style.code);
  bool bold = false;
  for (const TextRun& r : ps[1].runs) bold |= r.text == "1520" && r.style.strong && !r.style.code;
  EXPECT_TRUE(bold);
  EXPECT_EQ(paragraphText(ps[1]), "736 + 784 = 1520 in every lane: the sum of 3i + 1 over 32 lanes.");

  const std::vector<RichParagraph> list = parseMarkdown("Two cases:\n\n- lane *0* &amp; lane 1\n- the rest\n");
  ASSERT_EQ(list.size(), 3u);
  EXPECT_FALSE(list[0].bullet);
  EXPECT_TRUE(list[1].bullet);
  EXPECT_EQ(list[1].indent, 1);
  EXPECT_EQ(paragraphText(list[1]), "lane 0 & lane 1");
}

TEST(RichText, LinesBreakAtSpacesOnlyAndFitTheWidth) {
  const std::vector<RichParagraph> ps = parseMarkdown(kNarration);
  for (const float width : {90.0f, 150.0f, 230.0f, 400.0f}) {
    for (const RichParagraph& p : ps) {
      const std::vector<LaidLine> lines = layoutParagraph(p, width, fixedWidth);
      ASSERT_FALSE(lines.empty());
      std::vector<std::string> laid;
      for (const LaidLine& l : lines) {
        const std::string text = lineText(l);
        EXPECT_FALSE(text.empty());
        EXPECT_NE(text.front(), ' ') << text;
        EXPECT_NE(text.back(), ' ') << text;
        // Only a word wider than the line may overflow it, alone.
        if (words(text).size() > 1) {
          EXPECT_LE(l.width, width) << text;
        }
        for (const std::string& w : words(text)) laid.push_back(w);
        float x = 0;
        for (const LaidPiece& piece : l.pieces) {
          EXPECT_FLOAT_EQ(piece.x, x);
          EXPECT_FLOAT_EQ(piece.width, fixedWidth(piece.text, p.runs[piece.run].style));
          x += piece.width;
        }
        EXPECT_FLOAT_EQ(l.width, x);
      }
      // Every word whole, in order: no line break fell inside one.
      EXPECT_EQ(laid, words(paragraphText(p))) << "width " << width;
    }
  }
}

TEST(RichText, AWordSpanningRunsStaysTogether) {
  // "**1520**," is one word in two runs; the comma must not start a line.
  RichParagraph p;
  p.runs = {{"the total is ", {}}, {"1520", {.strong = true}}, {", in every lane", {}}};
  for (float width = 60; width <= 200; width += 1) {
    for (const LaidLine& l : layoutParagraph(p, width, fixedWidth)) EXPECT_NE(lineText(l).front(), ',') << width;
  }
  // A word wider than the line is not split: it stands alone.
  const std::vector<LaidLine> lines =
      layoutParagraph(plainParagraph("run red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 now"), 100,
                      fixedWidth);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lineText(lines[1]), "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32");
}

TEST(RichText, TabsAndLineBreaksOfPlainTextAreSpacesAndACodeSpanKeepsItsOwn) {
  const std::vector<LaidLine> one =
      layoutParagraph(plainParagraph("Step 15: ran line 45, shfl.sync.bfly.b32\t%r7|%p1,\n%r4;"), 1000, fixedWidth);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(lineText(one[0]), "Step 15: ran line 45, shfl.sync.bfly.b32 %r7|%p1, %r4;");
  // The spaces inside a code span belong to its piece (its background is unbroken).
  const std::vector<RichParagraph> ps = parseMarkdown("as `x += __shfl_xor_sync(m, x, o)` says");
  ASSERT_EQ(ps.size(), 1u);
  const std::vector<LaidLine> lines = layoutParagraph(ps[0], 1000, fixedWidth);
  ASSERT_EQ(lines.size(), 1u);
  bool whole = false;
  for (const LaidPiece& piece : lines[0].pieces) whole |= piece.text == "x += __shfl_xor_sync(m, x, o)";
  EXPECT_TRUE(whole);
}

TEST(RegisterTable, EachColumnNamesItsLongestValue) {
  auto b = test::ui::kernelBench(test::ui::kButterflyBody);
  ASSERT_TRUE(b);
  b->setReg(0, "%r1", [](int lane) { return lane == 7 ? 4000000000u : static_cast<std::uint64_t>(lane); });
  const RegisterTableView v = buildRegisterTable(b->frame(), 0);
  const int c = v.columnOf(b->reg("%r1"));
  ASSERT_GE(c, 0);
  EXPECT_EQ(v.columns[static_cast<std::size_t>(c)].widest, v.at(7, static_cast<std::size_t>(c)).text);
  EXPECT_EQ(v.columns[static_cast<std::size_t>(c)].widest.size(), v.at(7, static_cast<std::size_t>(c)).text.size());
  for (const RegColumn& col : v.columns) EXPECT_FALSE(col.widest.empty()) << col.name;  // at least the never-written dash
}

}  // namespace
}  // namespace ws::ui
