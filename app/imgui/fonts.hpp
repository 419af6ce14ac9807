#pragma once
// The viewer's fonts: DejaVu Sans / Sans Bold / Sans Mono from assets/fonts
// (else the system's copy, else ImGui's built-in font): one size for panels
// and a ladder of sizes for the lane view, so zoomed text is drawn from the
// nearest rasterised size instead of a blurred or aliased scaled one.
#include <array>
#include <string>
#include <vector>

struct ImFont;
struct ImFontAtlas;

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

}  // namespace ws::imgui
