#pragma once
// Geometry a front end needs to paint and point at a Scene the same way as
// every other: arrows flattened into polylines (for toolkits without cubic
// curves or dash patterns), dashes split off a polyline, and which element is
// under the pointer (for hover text and click-to-focus).
#include <optional>
#include <vector>

#include "ui/frame/frame.hpp"
#include "ui/scene/scene.hpp"

namespace ws::ui {

// The arrow's shaft from p0 to shaftEnd(), through the control points when
// curved, as `segments` + 1 points (a straight arrow gives two points).
std::vector<Point> arrowPolyline(const Primitive& arrow, int segments = 24);
// The dash pattern of a dashed stroke (scene units), the same in SVG and on screen.
struct DashPattern {
  double on = 0, off = 0;
};
DashPattern dashPattern(const Primitive& p);
// Dash pieces along a polyline: `dash` units drawn, `gap` units skipped.
std::vector<std::pair<Point, Point>> dashPieces(const std::vector<Point>& line, double dash, double gap);

// The topmost element under `p` (scene units) that has a tooltip or an id:
// rectangles by area, text by its approximate box, lines and arrows within
// `tolerance` of the stroke. Null when nothing is there.
const Primitive* hitTest(const Scene& scene, Point p, double tolerance = 4.0);

// The lane an element stands for ("w3-lane5", "w3-after-r1-lane5"): clicking
// it focuses that lane of that warp.
std::optional<Focus> laneOfElement(const Primitive& p);

}  // namespace ws::ui
