#include "app/imgui/style.hpp"

#include <cmath>

namespace ws::imgui {

ui::Color mix(const ui::Color& a, const ui::Color& b, double t) {
  auto m = [t](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>(std::lround(static_cast<double>(x) + (static_cast<double>(y) - x) * t));
  };
  return ui::Color{m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

void applyTheme(const ui::Theme& t, float scale, ImGuiStyle& style) {
  style = ImGuiStyle();
  const bool dark = t.background.luminance() < 0.4;
  if (dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  const bool projector = t.name == "projector";
  style.WindowRounding = 3;
  style.FrameRounding = 3;
  style.GrabRounding = 3;
  style.TabRounding = 3;
  style.WindowBorderSize = 1;
  style.FrameBorderSize = projector ? 1.5f : 1.0f;
  style.ItemSpacing = ImVec2(8, 5);
  style.CellPadding = ImVec2(5, 2);
  style.FramePadding = ImVec2(7, 4);
  const ui::Color accent = t.laneExecuted;
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = toVec4(t.text);
  c[ImGuiCol_TextDisabled] = toVec4(t.mutedText);
  c[ImGuiCol_WindowBg] = toVec4(t.background);
  c[ImGuiCol_ChildBg] = toVec4(t.background);
  c[ImGuiCol_PopupBg] = toVec4(t.panel);
  c[ImGuiCol_Border] = toVec4(t.border, 0.8f);
  c[ImGuiCol_MenuBarBg] = toVec4(t.panel);
  c[ImGuiCol_TitleBg] = toVec4(t.panel);
  c[ImGuiCol_TitleBgActive] = toVec4(mix(t.panel, accent, 0.25));
  c[ImGuiCol_TitleBgCollapsed] = toVec4(t.panel);
  c[ImGuiCol_FrameBg] = toVec4(t.cell);
  c[ImGuiCol_FrameBgHovered] = toVec4(mix(t.cell, accent, 0.15));
  c[ImGuiCol_FrameBgActive] = toVec4(mix(t.cell, accent, 0.3));
  c[ImGuiCol_Button] = toVec4(mix(t.panel, t.border, 0.25));
  c[ImGuiCol_ButtonHovered] = toVec4(mix(t.panel, accent, 0.35));
  c[ImGuiCol_ButtonActive] = toVec4(mix(t.panel, accent, 0.55));
  c[ImGuiCol_Header] = toVec4(mix(t.panel, accent, 0.25));
  c[ImGuiCol_HeaderHovered] = toVec4(mix(t.panel, accent, 0.4));
  c[ImGuiCol_HeaderActive] = toVec4(mix(t.panel, accent, 0.55));
  c[ImGuiCol_CheckMark] = toVec4(accent);
  c[ImGuiCol_SliderGrab] = toVec4(accent);
  c[ImGuiCol_SliderGrabActive] = toVec4(mix(accent, t.text, 0.3));
  c[ImGuiCol_Tab] = toVec4(mix(t.panel, t.border, 0.2));
  c[ImGuiCol_TabHovered] = toVec4(mix(t.panel, accent, 0.4));
  c[ImGuiCol_TabActive] = toVec4(mix(t.panel, accent, 0.3));
  c[ImGuiCol_TabUnfocused] = c[ImGuiCol_Tab];
  c[ImGuiCol_TabUnfocusedActive] = c[ImGuiCol_TabActive];
  c[ImGuiCol_TableHeaderBg] = toVec4(t.panel);
  c[ImGuiCol_TableBorderStrong] = toVec4(t.border);
  c[ImGuiCol_TableBorderLight] = toVec4(mix(t.border, t.background, 0.5));
  c[ImGuiCol_TableRowBg] = toVec4(t.background);
  c[ImGuiCol_TableRowBgAlt] = toVec4(mix(t.background, t.panel, 0.6));
  c[ImGuiCol_TextSelectedBg] = toVec4(accent, 0.35f);
  c[ImGuiCol_ScrollbarBg] = toVec4(t.panel);
  style.ScaleAllSizes(scale * (projector ? 1.15f : 1.0f));
}

}  // namespace ws::imgui
