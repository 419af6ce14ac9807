#include "app/imgui/fonts.hpp"

#include <cfloat>
#include <filesystem>
#include <vector>

#include <imgui.h>

#include "ui/frame/bundled_dirs.hpp"

namespace ws::imgui {
namespace fs = std::filesystem;

namespace {

// Latin-1, Greek, general punctuation (em dash, ellipsis), arrows, maths and
// box drawing: the characters the view models write.
const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2190, 0x21FF,
                           0x2200, 0x22FF, 0x2500, 0x25FF, 0};
// The lane view's texts: Latin-1, punctuation, arrows and a few maths signs.
const ImWchar kCanvasRanges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x2264, 0};

bool hasFonts(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / "DejaVuSans.ttf", ec) && fs::exists(dir / "DejaVuSans-Bold.ttf", ec) &&
         fs::exists(dir / "DejaVuSansMono.ttf", ec);
}

}  // namespace

ImFont* Fonts::canvasFont(Face face, float pixels) const {
  const auto& ladder = canvas[static_cast<std::size_t>(face)];
  if (ladder.empty()) return normal.regular;
  // The smallest size at least as big (scaling down a little stays sharp).
  for (ImFont* font : ladder)
    if (font->FontSize >= pixels * 0.92f) return font;
  return ladder.back();
}

std::string bundledFontDir() {
  return (fs::path(ui::bundledAssetDir()) / "fonts").string();
}

Fonts loadFonts(ImFontAtlas& atlas, float scale, const std::string& fontDir) {
  Fonts f;
  std::vector<fs::path> candidates;
  if (!fontDir.empty()) candidates.emplace_back(fontDir);
  candidates.emplace_back(bundledFontDir());
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu");
  fs::path dir;
  for (const auto& c : candidates)
    if (hasFonts(c)) {
      dir = c;
      break;
    }
  if (dir.empty()) {
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * scale;
    ImFont* builtin = atlas.AddFontDefault(&cfg);
    f.normal = f.large = PanelFonts{builtin, builtin, builtin};
    for (auto& ladder : f.canvas) ladder = {builtin};
    f.source = "built-in";
    return f;
  }
  auto add = [&](const char* file, float px, const ImWchar* ranges = kRanges) {
    ImFontConfig cfg;
    cfg.OversampleH = px * scale < 16.0f ? 2 : 1;  // small text gains from subpixel positions, large does not
    cfg.OversampleV = 1;
    return atlas.AddFontFromFileTTF((dir / file).string().c_str(), px * scale, &cfg, ranges);
  };
  atlas.Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  f.normal = PanelFonts{add("DejaVuSans.ttf", 16.0f), add("DejaVuSans-Bold.ttf", 16.0f), add("DejaVuSansMono.ttf", 15.0f)};
  f.large = PanelFonts{add("DejaVuSans.ttf", 21.0f), add("DejaVuSans-Bold.ttf", 21.0f), add("DejaVuSansMono.ttf", 20.0f)};
  const char* files[] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"};
  for (std::size_t face = 0; face < 3; ++face)
    for (float px : {9.0f, 11.0f, 13.0f, 16.0f, 20.0f, 26.0f}) f.canvas[face].push_back(add(files[face], px, kCanvasRanges));
  f.source = dir.string();
  return f;
}

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
