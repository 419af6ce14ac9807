#pragma once
// The viewer's fonts: DejaVu Sans / Sans Bold / Sans Mono from assets/fonts
// (else the system's copy, else ImGui's built-in font): one size for panels
// and a ladder of sizes for the lane view, so zoomed text is drawn from the
// nearest rasterised size instead of a blurred or aliased scaled one.
// And text flowed in the panel fonts: ui's styled runs (ui/frame/rich_text.hpp)
// in lines that break at spaces only, bold and code spans in their own faces.
// ImGui's TextWrapped breaks after any '.' ("shfl." / "sync.bfly.b32") and
// keeps a narration's hard line breaks, which cut its sentences in the middle.
#include <array>
#include <string>
#include <vector>

#include "ui/frame/rich_text.hpp"

struct ImFont;
struct ImFontAtlas;
typedef unsigned int ImU32;

namespace ws::imgui {

// The panels' three faces at one size.
struct PanelFonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* mono = nullptr;
};

struct Fonts {
  PanelFonts normal;  // 16 px (times the UI scale)
  PanelFonts large;   // 21 px: the projector theme's panels
  enum Face { Sans, Bold, Mono };
  std::array<std::vector<ImFont*>, 3> canvas;  // per face, ascending size
  std::string source;  // the directory the TTF files came from, or "built-in"

  // The lane-view font of `face` best suited to drawing at `pixels`.
  ImFont* canvasFont(Face face, float pixels) const;
};

// Adds the fonts to `atlas` (before the atlas is built); `scale` multiplies
// every size (high-DPI screens). The first font added (normal.regular) is ImGui's default.
Fonts loadFonts(ImFontAtlas& atlas, float scale, const std::string& fontDir = {});

// assets/fonts of the source tree, or $WARPSCOPE_ASSETS/fonts.
std::string bundledFontDir();

// The face a run is drawn in (the current font where a face is missing).
ImFont* fontOf(const PanelFonts& fonts, const ui::TextStyle& style);
// Text widths as drawFlowText measures them.
ui::MeasureText measureWith(const PanelFonts& fonts);

struct FlowColors {
  ImU32 text = 0;
  ImU32 codeBackground = 0;  // behind `code` spans; 0: none
};

// The paragraphs at the cursor, wrapped to the content region's width.
void drawFlowText(const std::vector<ui::RichParagraph>& paragraphs, const PanelFonts& fonts, const FlowColors& colors);

}  // namespace ws::imgui
