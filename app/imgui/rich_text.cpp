#include "app/imgui/rich_text.hpp"

#include <cfloat>

namespace ws::imgui {

ImFont* fontOf(const PanelFonts& fonts, const ui::TextStyle& style) {
  ImFont* f = style.code ? fonts.mono : style.strong ? fonts.bold : fonts.regular;
  return f ? f : ImGui::GetFont();
}

ui::MeasureText measureWith(const PanelFonts& fonts) {
  return [fonts](std::string_view text, const ui::TextStyle& style) {
    ImFont* f = fontOf(fonts, style);
    return f->CalcTextSizeA(f->FontSize, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
  };
}

void drawFlowText(const std::vector<ui::RichParagraph>& paragraphs, const PanelFonts& fonts, const FlowColors& colors) {
  const ui::MeasureText measure = measureWith(fonts);
  const float lineHeight = ImGui::GetTextLineHeight();
  const float indentStep = ImGui::GetTreeNodeToLabelSpacing();
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  for (const ui::RichParagraph& p : paragraphs) {
    const float indent = static_cast<float>(p.indent) * indentStep;
    const float width = ImGui::GetContentRegionAvail().x - indent;
    const std::vector<ui::LaidLine> lines = ui::layoutParagraph(p, width, measure);
    if (lines.empty()) continue;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    if (p.bullet) {
      const float r = ImGui::GetFontSize() * 0.20f;
      dl.AddCircleFilled(ImVec2(origin.x + indent - indentStep * 0.5f, origin.y + lineHeight * 0.5f), r, colors.text, 8);
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const float y = origin.y + static_cast<float>(i) * lineHeight;
      for (const ui::LaidPiece& piece : lines[i].pieces) {
        const ui::TextStyle& style = p.runs[piece.run].style;
        ImFont* f = fontOf(fonts, style);
        const ImVec2 at(origin.x + indent + piece.x, y + (lineHeight - f->FontSize) * 0.5f);
        if (style.code && colors.codeBackground)
          dl.AddRectFilled(ImVec2(at.x - 1, y), ImVec2(at.x + piece.width + 1, y + lineHeight), colors.codeBackground, 2.0f);
        dl.AddText(f, f->FontSize, at, colors.text, piece.text.data(), piece.text.data() + piece.text.size());
      }
    }
    ImGui::Dummy(ImVec2(indent + width, lineHeight * static_cast<float>(lines.size())));
  }
}

}  // namespace ws::imgui
