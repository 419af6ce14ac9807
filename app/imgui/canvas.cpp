#include "app/imgui/canvas.hpp"

#include <algorithm>
#include <cmath>

#include "app/imgui/style.hpp"
#include "ui/scene/scene_hit.hpp"

namespace ws::imgui {
namespace {

constexpr float kMinZoom = 0.1f, kMaxZoom = 8.0f;

ImFont* fontFor(const ui::Primitive& p, const Fonts& f, float pixels) {
  return f.canvasFont(p.mono ? Fonts::Mono : p.bold ? Fonts::Bold : Fonts::Sans, pixels);
}

}  // namespace

ImVec2 SceneCanvas::toScreen(ui::Point p) const {
  return ImVec2(m_origin.x + (static_cast<float>(p.x) - m_pan.x) * m_zoom,
                m_origin.y + (static_cast<float>(p.y) - m_pan.y) * m_zoom);
}

ui::Point SceneCanvas::toScene(ImVec2 s) const {
  return {static_cast<double>((s.x - m_origin.x) / m_zoom + m_pan.x), static_cast<double>((s.y - m_origin.y) / m_zoom + m_pan.y)};
}

void SceneCanvas::zoomBy(float factor) {
  const ImVec2 centre(m_origin.x + m_size.x / 2, m_origin.y + m_size.y / 2);
  const ui::Point before = toScene(centre);
  m_zoom = std::clamp(m_zoom * factor, kMinZoom, kMaxZoom);
  const ui::Point after = toScene(centre);
  m_pan.x += static_cast<float>(before.x - after.x);
  m_pan.y += static_cast<float>(before.y - after.y);
  m_autoFit = false;
}

void SceneCanvas::paint(ImDrawList& dl, const ui::Primitive& p, const Fonts& fonts) const {
  using K = ui::Primitive::Kind;
  const float z = m_zoom;
  switch (p.kind) {
    case K::Rect: {
      const ImVec2 a = toScreen({p.x, p.y}), b = toScreen({p.x + p.w, p.y + p.h});
      const float r = static_cast<float>(p.radius) * z;
      if (p.hasFill) dl.AddRectFilled(a, b, toU32(p.fill, p.opacity), r);
      const float w = std::max(1.0f, static_cast<float>(p.strokeWidth) * z);
      if (p.hasStroke && p.dashed) {
        const std::vector<ui::Point> edge{{p.x, p.y}, {p.x + p.w, p.y}, {p.x + p.w, p.y + p.h}, {p.x, p.y + p.h}, {p.x, p.y}};
        const ui::DashPattern d = ui::dashPattern(p);
        for (const auto& [u, v] : ui::dashPieces(edge, d.on, d.off)) dl.AddLine(toScreen(u), toScreen(v), toU32(p.stroke, p.opacity), w);
      } else if (p.hasStroke) {
        dl.AddRect(a, b, toU32(p.stroke, p.opacity), r, 0, w);
      }
      break;
    }
    case K::Text: {
      const float size = static_cast<float>(p.fontSize) * z;
      ImFont* font = fontFor(p, fonts, size);
      if (size < 3.0f || p.text.empty()) break;  // unreadable: skip the work
      const char* b = p.text.data();
      const char* e = b + p.text.size();
      const ImVec2 ext = font->CalcTextSizeA(size, FLT_MAX, 0.0f, b, e);
      ImVec2 at = toScreen({p.x, p.y});
      at.y -= font->Ascent * size / font->FontSize;  // the scene gives the baseline
      if (p.anchor == ui::TextAnchor::Middle) at.x -= ext.x / 2;
      else if (p.anchor == ui::TextAnchor::End) at.x -= ext.x;
      dl.AddText(font, size, at, toU32(p.fill, p.opacity), b, e);
      break;
    }
    case K::Line:
    case K::Arrow: {
      const ImU32 col = toU32(p.stroke, p.opacity);
      const float w = std::max(1.0f, static_cast<float>(p.strokeWidth) * z);
      const auto pts = ui::arrowPolyline(p, p.curved ? std::clamp(static_cast<int>(8 + 12 * z), 8, 40) : 1);
      if (p.dashed) {
        const ui::DashPattern d = ui::dashPattern(p);
        for (const auto& [a, b] : ui::dashPieces(pts, d.on, d.off)) dl.AddLine(toScreen(a), toScreen(b), col, w);
      } else {
        ImVec2 buf[48];
        const int n = static_cast<int>(std::min<std::size_t>(pts.size(), 48));
        for (int i = 0; i < n; ++i) buf[i] = toScreen(pts[static_cast<std::size_t>(i)]);
        dl.AddPolyline(buf, n, col, 0, w);
      }
      if (p.kind == K::Arrow && p.headSize > 0) {
        const auto h = p.arrowHead();
        dl.AddTriangleFilled(toScreen(h[0]), toScreen(h[1]), toScreen(h[2]), toU32(p.fill, p.opacity));
      }
      break;
    }
  }
}

CanvasEvents SceneCanvas::draw(const ui::Scene& scene, const Fonts& fonts) {
  CanvasEvents ev;
  m_origin = ImGui::GetCursorScreenPos();
  m_size = ImGui::GetContentRegionAvail();
  m_size.x = std::max(m_size.x, 50.0f);
  m_size.y = std::max(m_size.y, 50.0f);
  ImGui::InvisibleButton("##lanecanvas", m_size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();

  if (m_autoFit && scene.width > 0 && scene.height > 0) {
    // Fit the width: the wheel scrolls a tall scene (several warps) up and down.
    m_zoom = std::clamp(m_size.x / static_cast<float>(scene.width), kMinZoom, kMaxZoom);
    m_pan = ImVec2(0, 0);
  }
  if (hovered && io.MouseWheel != 0.0f) {
    if (io.KeyCtrl) {
      const ui::Point before = toScene(io.MousePos);
      m_zoom = std::clamp(m_zoom * std::pow(1.15f, io.MouseWheel), kMinZoom, kMaxZoom);
      const ui::Point after = toScene(io.MousePos);
      m_pan.x += static_cast<float>(before.x - after.x);
      m_pan.y += static_cast<float>(before.y - after.y);
    } else if (io.KeyShift) {
      m_pan.x -= io.MouseWheel * 60.0f / m_zoom;
    } else {
      m_pan.y -= io.MouseWheel * 60.0f / m_zoom;
    }
    m_autoFit = false;
  }
  if (hovered && io.MouseWheelH != 0.0f) {
    m_pan.x -= io.MouseWheelH * 60.0f / m_zoom;
    m_autoFit = false;
  }
  const bool dragging = ImGui::IsItemActive() &&
                        (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 3.0f));
  if (dragging) {
    m_pan.x -= io.MouseDelta.x / m_zoom;
    m_pan.y -= io.MouseDelta.y / m_zoom;
    m_autoFit = false;
  }

  ImDrawList& dl = *ImGui::GetWindowDrawList();
  const ImVec2 end(m_origin.x + m_size.x, m_origin.y + m_size.y);
  dl.PushClipRect(m_origin, end, true);
  dl.AddRectFilled(m_origin, end, toU32(scene.background));
  // Only what can be seen is painted: several warps make thousands of items.
  const ui::Point lo = toScene(m_origin), hi = toScene(end);
  for (const ui::Primitive& p : scene.items) {
    if (p.kind == ui::Primitive::Kind::Rect &&
        (p.x > hi.x || p.y > hi.y || p.x + p.w < lo.x || p.y + p.h < lo.y))
      continue;
    if (p.kind == ui::Primitive::Kind::Text && (p.y - p.fontSize > hi.y || p.y + p.fontSize < lo.y)) continue;
    paint(dl, p, fonts);
  }
  if (hovered && !dragging) {
    ev.hovered = ui::hitTest(scene, toScene(io.MousePos), 4.0 / m_zoom);
    if (ev.hovered) {
      const ui::Primitive& h = *ev.hovered;
      if (h.kind == ui::Primitive::Kind::Rect)
        dl.AddRect(toScreen({h.x - 1, h.y - 1}), toScreen({h.x + h.w + 1, h.y + h.h + 1}), toU32(ui::okabe_ito::kVermillion),
                   static_cast<float>(h.radius) * m_zoom, 0, 2.0f);
      if (!h.tooltip.empty()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
        ImGui::TextUnformatted(h.tooltip.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::GetMouseDragDelta(ImGuiMouseButton_Left).x == 0 &&
        ImGui::GetMouseDragDelta(ImGuiMouseButton_Left).y == 0)
      ev.clicked = ev.hovered;
  }
  dl.PopClipRect();
  return ev;
}

}  // namespace ws::imgui
