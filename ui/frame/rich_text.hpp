#pragma once
// Text with inline emphasis laid out in lines, for a front end that draws
// words itself (ImGui: its TextWrapped breaks after '.', inside
// "shfl.sync.bfly.b32", and keeps the hard line breaks of a TOML string).
// Markdown (a narration) becomes paragraphs of styled runs: soft line breaks
// are spaces, **strong**, *emphasis* and `code` are runs of their own. The
// layout breaks lines at spaces only, never inside a word, and a word may
// span runs ("**1520**," is one word), so a bold number keeps its comma.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::ui {

struct TextStyle {
  bool strong = false;
  bool emphasis = false;
  bool code = false;
  bool operator==(const TextStyle&) const = default;
};

struct TextRun {
  std::string text;
  TextStyle style;
};

struct RichParagraph {
  std::vector<TextRun> runs;
  bool bullet = false;  // a list item
  int indent = 0;       // list nesting, 0 outside lists
};

// Markdown's paragraphs, list items and headings (strong) as paragraphs of
// runs. Raw HTML is kept as text; a code block is one paragraph per line.
std::vector<RichParagraph> parseMarkdown(std::string_view markdown);
// Plain text as one paragraph in one style (line breaks and tabs are spaces).
RichParagraph plainParagraph(std::string_view text, TextStyle style = {});

// One run's text on one line, drawn from x (0 = the line's start).
struct LaidPiece {
  std::size_t run = 0;  // index into the paragraph's runs
  std::string text;
  float x = 0;
  float width = 0;
};
struct LaidLine {
  std::vector<LaidPiece> pieces;
  float width = 0;
};

// The width of text drawn in a style (the front end's font metrics).
using MeasureText = std::function<float(std::string_view text, const TextStyle& style)>;

// Lines of at most `width` (a word wider than that stands alone on its line,
// whole). Any run of spaces, tabs and line breaks between words is one space,
// and none starts or ends a line.
std::vector<LaidLine> layoutParagraph(const RichParagraph& p, float width, const MeasureText& measure);

}  // namespace ws::ui
