#include "ui/scene/scene_hit.hpp"

#include <charconv>
#include <cmath>
#include <string_view>

namespace ws::ui {
namespace {

Point cubic(const Point& a, const Point& b, const Point& c, const Point& d, double t) {
  const double u = 1 - t;
  const double w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
  return {w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x, w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y};
}

double distToSegment(Point p, Point a, Point b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = std::fmax(0.0, std::fmin(1.0, t));
  const double ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
  return std::sqrt(ex * ex + ey * ey);
}

bool textContains(const Primitive& t, Point p) {
  const double w = textWidth(t.text, t.fontSize, t.mono);
  double x0 = t.x;
  if (t.anchor == TextAnchor::Middle) x0 -= w / 2;
  else if (t.anchor == TextAnchor::End) x0 -= w;
  return p.x >= x0 && p.x <= x0 + w && p.y >= t.y - t.fontSize && p.y <= t.y + t.fontSize * 0.3;
}

bool hits(const Primitive& e, Point p, double tol) {
  switch (e.kind) {
    case Primitive::Kind::Rect: return p.x >= e.x && p.x <= e.x + e.w && p.y >= e.y && p.y <= e.y + e.h;
    case Primitive::Kind::Text: return textContains(e, p);
    case Primitive::Kind::Line: return distToSegment(p, e.p0, e.p3) <= tol + e.strokeWidth / 2;
    case Primitive::Kind::Arrow: {
      const auto pts = arrowPolyline(e, 16);
      for (std::size_t i = 1; i < pts.size(); ++i)
        if (distToSegment(p, pts[i - 1], pts[i]) <= tol + e.strokeWidth / 2) return true;
      const auto head = e.arrowHead();
      return distToSegment(p, head[0], e.shaftEnd()) <= tol + e.headSize / 2;
    }
  }
  return false;
}

}  // namespace

DashPattern dashPattern(const Primitive& p) { return {p.strokeWidth * 4, p.strokeWidth * 3}; }

std::vector<Point> arrowPolyline(const Primitive& a, int segments) {
  const Point end = a.kind == Primitive::Kind::Arrow && a.headSize > 0 ? a.shaftEnd() : a.p3;
  if (!a.curved || segments < 1) return {a.p0, end};
  std::vector<Point> out;
  out.reserve(static_cast<std::size_t>(segments) + 1);
  for (int i = 0; i <= segments; ++i) out.push_back(cubic(a.p0, a.p1, a.p2, end, static_cast<double>(i) / segments));
  return out;
}

std::vector<std::pair<Point, Point>> dashPieces(const std::vector<Point>& line, double dash, double gap) {
  std::vector<std::pair<Point, Point>> out;
  if (line.size() < 2 || dash <= 0) return out;
  if (gap <= 0) {
    for (std::size_t i = 1; i < line.size(); ++i) out.emplace_back(line[i - 1], line[i]);
    return out;
  }
  bool on = true;
  double left = dash;  // of the current dash or gap
  for (std::size_t i = 1; i < line.size(); ++i) {
    Point a = line[i - 1];
    const Point b = line[i];
    double segLen = std::hypot(b.x - a.x, b.y - a.y);
    while (segLen > 0) {
      const double take = std::fmin(left, segLen);
      const double f = take / segLen;
      const Point m{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
      if (on) {
        if (!out.empty() && out.back().second.x == a.x && out.back().second.y == a.y) out.back().second = m;
        else out.emplace_back(a, m);
      }
      a = m;
      segLen -= take;
      left -= take;
      if (left <= 1e-9) {
        on = !on;
        left = on ? dash : gap;
      }
    }
  }
  return out;
}

const Primitive* hitTest(const Scene& scene, Point p, double tolerance) {
  for (auto it = scene.items.rbegin(); it != scene.items.rend(); ++it)
    if ((!it->tooltip.empty() || !it->id.empty()) && hits(*it, p, tolerance)) return &*it;
  return nullptr;
}

std::optional<Focus> laneOfElement(const Primitive& p) {
  std::string_view id = p.id;
  if (id.size() < 2 || id[0] != 'w') return std::nullopt;
  const std::size_t lanePos = id.rfind("-lane");
  if (lanePos == std::string_view::npos) return std::nullopt;
  Focus f;
  const char* wb = id.data() + 1;
  const char* we = id.data() + id.find('-');
  const auto [wp, wec] = std::from_chars(wb, we, f.warp);
  const char* lb = id.data() + lanePos + 5;
  const char* le = id.data() + id.size();
  const auto [lp, lec] = std::from_chars(lb, le, f.lane);
  if (wec != std::errc() || wp != we || lec != std::errc() || lp != le || f.lane < 0 || f.lane >= 32)
    return std::nullopt;
  return f;
}

}  // namespace ws::ui
