#include "ui/scene/scene.hpp"

#include <cmath>

namespace ws::ui {
namespace {

// Direction of the curve at its end (unit vector), for the arrowhead.
Point endDirection(const Primitive& p) {
  Point from = p.curved ? p.p2 : p.p0;
  double dx = p.p3.x - from.x, dy = p.p3.y - from.y;
  if (std::abs(dx) + std::abs(dy) < 1e-9) {  // control point on the end: fall back to the chord
    dx = p.p3.x - p.p0.x;
    dy = p.p3.y - p.p0.y;
  }
  const double len = std::sqrt(dx * dx + dy * dy);
  if (len < 1e-9) return {0, 1};
  return {dx / len, dy / len};
}

std::size_t utf8Length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xc0) != 0x80) ++n;
  return n;
}

}  // namespace

std::array<Point, 3> Primitive::arrowHead() const {
  const Point d = endDirection(*this);
  const double len = headSize, half = headSize * 0.45;
  const Point base{p3.x - d.x * len, p3.y - d.y * len};
  return {p3, Point{base.x - d.y * half, base.y + d.x * half}, Point{base.x + d.y * half, base.y - d.x * half}};
}

Point Primitive::shaftEnd() const {
  if (headSize <= 0) return p3;
  const Point d = endDirection(*this);
  return {p3.x - d.x * headSize * 0.8, p3.y - d.y * headSize * 0.8};
}

std::string Primitive::dataValue(std::string_view key) const {
  for (const auto& [k, v] : data)
    if (k == key) return v;
  return {};
}

bool Primitive::hasClass(std::string_view c) const {
  std::string_view s = cls;
  while (!s.empty()) {
    const std::size_t sp = s.find(' ');
    if (s.substr(0, sp) == c) return true;
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
  return false;
}

Primitive& Scene::rect(double x, double y, double w, double h, Color fill, std::string cls) {
  Primitive& p = items.emplace_back();
  p.kind = Primitive::Kind::Rect;
  p.x = x;
  p.y = y;
  p.w = w;
  p.h = h;
  p.fill = fill;
  p.cls = std::move(cls);
  return p;
}

Primitive& Scene::text(double x, double y, std::string s, double size, Color color, TextAnchor a, std::string cls) {
  Primitive& p = items.emplace_back();
  p.kind = Primitive::Kind::Text;
  p.x = x;
  p.y = y;
  p.text = std::move(s);
  p.fontSize = size;
  p.fill = color;
  p.anchor = a;
  p.cls = std::move(cls);
  return p;
}

Primitive& Scene::line(Point a, Point b, Color color, double lineWidth, std::string cls) {
  Primitive& p = items.emplace_back();
  p.kind = Primitive::Kind::Line;
  p.p0 = a;
  p.p3 = b;
  p.hasFill = false;
  p.hasStroke = true;
  p.stroke = color;
  p.strokeWidth = lineWidth;
  p.cls = std::move(cls);
  return p;
}

Primitive& Scene::arrow(Point a, Point b, Color color, double lineWidth, double head, std::string cls) {
  Primitive& p = line(a, b, color, lineWidth, std::move(cls));
  p.kind = Primitive::Kind::Arrow;
  p.headSize = head;
  p.fill = color;
  return p;
}

Primitive& Scene::curve(Point a, Point c1, Point c2, Point b, Color color, double lineWidth, double head, std::string cls) {
  Primitive& p = arrow(a, b, color, lineWidth, head, std::move(cls));
  p.curved = true;
  p.p1 = c1;
  p.p2 = c2;
  return p;
}

std::vector<const Primitive*> Scene::find(std::string_view classes) const {
  std::vector<std::string_view> want;
  std::string_view s = classes;
  while (!s.empty()) {
    const std::size_t sp = s.find(' ');
    if (sp != 0) want.push_back(s.substr(0, sp));
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
  std::vector<const Primitive*> out;
  for (const auto& p : items) {
    bool all = true;
    for (auto c : want) all = all && p.hasClass(c);
    if (all) out.push_back(&p);
  }
  return out;
}

const Primitive* Scene::findId(std::string_view id) const {
  for (const auto& p : items)
    if (p.id == id) return &p;
  return nullptr;
}

double textWidth(std::string_view s, double fontSize, bool mono) {
  return static_cast<double>(utf8Length(s)) * fontSize * (mono ? 0.61 : 0.58);
}

}  // namespace ws::ui
