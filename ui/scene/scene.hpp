#pragma once
// A laid-out picture as plain primitives (rectangles, text, lines, arrows)
// that each front end paints with its own toolkit and the SVG writer emits.
// Coordinates are scene units (CSS pixels), y down. Every element can carry
// an id, classes, a tooltip and data attributes, so tests and front ends can
// find "the shuffle arrow from lane 4 to lane 5" by name.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ui/scene/theme.hpp"

namespace ws::ui {

struct Point {
  double x = 0, y = 0;
};

enum class TextAnchor : std::uint8_t { Start, Middle, End };

struct Primitive {
  enum class Kind : std::uint8_t {
    Rect,   // x, y, w, h; fill, stroke, radius
    Text,   // x, y = baseline anchor point; text, fontSize, anchor, bold, mono
    Line,   // p0 -> p3
    Arrow,  // p0 -> p3, a cubic curve through control points p1, p2 when `curved`; head at p3
  };
  Kind kind = Kind::Rect;
  double x = 0, y = 0, w = 0, h = 0, radius = 0;
  Point p0, p1, p2, p3;
  bool curved = false;
  std::string text;
  double fontSize = 14;
  TextAnchor anchor = TextAnchor::Start;
  bool bold = false, mono = false;
  Color fill{0xff, 0xff, 0xff}, stroke{0, 0, 0};
  bool hasFill = true, hasStroke = false;
  double strokeWidth = 1;
  bool dashed = false;
  double opacity = 1;
  double headSize = 0;  // arrows: arrowhead length (0 = none)
  std::string id, cls, tooltip;
  std::vector<std::pair<std::string, std::string>> data;  // data-<key>="value"

  // The arrowhead triangle of an Arrow: tip, then the two back corners.
  std::array<Point, 3> arrowHead() const;
  // Where the stroke of an arrow ends (the base of its head), so the line does not poke through the tip.
  Point shaftEnd() const;
  std::string dataValue(std::string_view key) const;
  bool hasClass(std::string_view c) const;
};

struct Scene {
  double width = 0, height = 0;
  Color background{0xff, 0xff, 0xff};
  std::string title;
  std::string fontFamily, monoFamily;
  std::vector<Primitive> items;  // painted in order

  Primitive& rect(double x, double y, double w, double h, Color fill, std::string cls = {});
  Primitive& text(double x, double y, std::string s, double size, Color color, TextAnchor a = TextAnchor::Start, std::string cls = {});
  Primitive& line(Point a, Point b, Color color, double lineWidth, std::string cls = {});
  Primitive& arrow(Point a, Point b, Color color, double lineWidth, double head, std::string cls = {});
  Primitive& curve(Point a, Point c1, Point c2, Point b, Color color, double lineWidth, double head, std::string cls = {});

  // Elements whose class list contains every class of `classes` ("flow shuffle").
  std::vector<const Primitive*> find(std::string_view classes) const;
  const Primitive* findId(std::string_view id) const;
};

// Approximate advance width of text, for layout without a font engine: the
// scene is laid out once for every front end, so this is deliberately generous.
double textWidth(std::string_view s, double fontSize, bool mono);

}  // namespace ws::ui
