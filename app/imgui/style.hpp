#pragma once
// A ui::Theme as ImGui colours and spacing, so panels match the lane view
// (light, dark, projector: bigger type and thicker frames).
#include <imgui.h>

#include "ui/scene/theme.hpp"

namespace ws::imgui {

inline ImU32 toU32(const ui::Color& c, double opacity = 1.0) {
  const auto a = static_cast<unsigned>(opacity <= 0 ? 0 : opacity >= 1 ? 255 : opacity * 255.0 + 0.5);
  return IM_COL32(c.r, c.g, c.b, a);
}
inline ImVec4 toVec4(const ui::Color& c, float a = 1.0f) {
  return ImVec4(static_cast<float>(c.r) / 255.0f, static_cast<float>(c.g) / 255.0f, static_cast<float>(c.b) / 255.0f, a);
}
// `a` moved `t` of the way towards `b`.
ui::Color mix(const ui::Color& a, const ui::Color& b, double t);

// Replaces `style` with the theme's colours, scaled by `scale` (high DPI).
void applyTheme(const ui::Theme& theme, float scale, ImGuiStyle& style);

}  // namespace ws::imgui
