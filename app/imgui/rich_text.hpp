#pragma once
// ui's styled text (frame/rich_text.hpp) drawn with the panel fonts: lines
// break at spaces only, bold and code spans in their own faces. ImGui's
// TextWrapped breaks after any '.' ("shfl." / "sync.bfly.b32") and keeps a
// narration's hard line breaks, which cut its sentences in the middle.
#include <imgui.h>

#include <vector>

#include "app/imgui/fonts.hpp"
#include "ui/frame/rich_text.hpp"

namespace ws::imgui {

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
