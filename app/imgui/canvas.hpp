#pragma once
// The lane view: a ui::Scene painted with ImDrawList, with zoom (Ctrl+wheel,
// around the pointer), pan (drag, wheel, Shift+wheel) and fit-to-window, hover
// text from the scene's tooltips, and clicks reported by element.
#include <imgui.h>

#include "app/imgui/fonts.hpp"
#include "ui/scene/scene.hpp"

namespace ws::imgui {

struct CanvasEvents {
  const ui::Primitive* hovered = nullptr;  // under the pointer (with a tooltip or id)
  const ui::Primitive* clicked = nullptr;  // clicked without dragging
};

class SceneCanvas {
 public:
  // Paints `scene` into the rest of the current window.
  CanvasEvents draw(const ui::Scene& scene, const Fonts& fonts);

  // Fit the scene's width into the window (again on every frame until the
  // person zooms or pans).
  void fit() { m_autoFit = true; }
  bool autoFit() const { return m_autoFit; }
  void zoomBy(float factor);
  float zoom() const { return m_zoom; }
  // Where a scene point was drawn in the last frame, and back.
  ImVec2 toScreen(ui::Point p) const;
  ui::Point toScene(ImVec2 s) const;

 private:
  void paint(ImDrawList& dl, const ui::Primitive& p, const Fonts& fonts) const;

  bool m_autoFit = true;
  float m_zoom = 1.0f;   // screen pixels per scene unit
  ImVec2 m_pan{0, 0};    // scene point at the canvas's top-left corner
  ImVec2 m_origin{0, 0}, m_size{0, 0};
};

}  // namespace ws::imgui
