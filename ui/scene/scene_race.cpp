// Races in the lane view: for each race this step reported or took part in,
// a row under the lanes with the memory cell both accesses touched, an arrow
// from the first access's lane into the cell and one from the cell to the
// second access's lane, and a ring on each of those lanes. An access by a
// lane the view does not show (another warp or CTA, or an async operation)
// comes in from the view's edge, labelled with who made it and when.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "ui/scene/scene_parts.hpp"

namespace ws::ui::parts {
namespace {

using layout::Grid;

constexpr double kRowsPerRace = 3.0;  // in row heights: arrows, then the cell

// Where an access's lane is drawn: the lane header cell of its warp, if shown.
const Primitive* laneCell(const Scene& s, const core::RaceAccess& a, int lanes) {
  if (a.lane < 0 || a.lane >= lanes) return nullptr;
  return s.findId(fmt::format("w{}-lane{}", a.warp, a.lane));
}

std::string accessKey(const core::RaceAccess& a) {
  return a.lane < 0 ? fmt::format("w{}.async", a.warp) : fmt::format("w{}.lane{}", a.warp, a.lane);
}

void tagAccess(Primitive& p, const RaceAccessView& v, const core::RaceAccess& a, const RaceView& r) {
  p.data.emplace_back("step", fmt::format("{}", v.position));
  p.data.emplace_back("what", v.what);
  p.data.emplace_back("who", v.who);
  p.data.emplace_back("cta", fmt::format("{}", a.cta));
  p.data.emplace_back("warp", fmt::format("{}", a.warp));
  p.data.emplace_back("lane", fmt::format("{}", a.lane));
  p.data.emplace_back("kind", r.slug);
  p.tooltip = fmt::format("{}: {}\n{}", r.title, v.text, v.instr);
}

void ring(Grid& g, const Primitive& laneRect, const std::string& cls) {
  const Theme& t = g.theme();
  Primitive& r = g.scene().rect(laneRect.x - 3, laneRect.y - 3, laneRect.w + 6, laneRect.h + 6, t.race, cls);
  r.hasFill = false;
  r.hasStroke = true;
  r.stroke = t.race;
  r.strokeWidth = t.strokeWidth * 1.5;
  r.radius = 6;
}

}  // namespace

double raceRowsHeight(const Grid& g, std::size_t races) {
  return static_cast<double>(std::min<std::size_t>(races, kMaxRacesDrawn)) * g.rowH() * kRowsPerRace +
         (races > kMaxRacesDrawn ? g.rowH() * 0.7 : 0.0);
}

void raceRows(Grid& g, const Frame& f, const std::vector<core::Diagnostic>& races, double yTop) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  const double w = t.strokeWidth * 1.6, head = t.arrowHead * 1.2;
  double y = yTop;
  for (std::size_t k = 0; k < races.size() && k < kMaxRacesDrawn; ++k, y += g.rowH() * kRowsPerRace) {
    const core::Diagnostic& d = races[k];
    const RaceView r = describeRace(f, d);
    const core::RaceInfo& ri = *d.race;
    const Primitive* c1 = laneCell(s, ri.first, g.lanes());
    const Primitive* c2 = laneCell(s, ri.second, g.lanes());
    const std::string id = fmt::format("race-{}", k);
    Primitive& lab = s.text(t.margin, y + g.rowH() * 0.55, r.conflict + " race", t.fontSize, t.race, TextAnchor::Start, "race row-label");
    lab.bold = true;
    lab.tooltip = fmt::format("{}: {}\n{}", r.title, r.summary, r.message);

    // The cell both accesses touched.
    const double h = g.rowH() - 6, yCell = y + g.rowH() * 1.9, yMid = yCell + h / 2;
    const double cw = std::max(g.cellW() * 1.6, textWidth(r.cell, t.monoSize, true) + 18);
    const std::string offFirst = fmt::format("{} by {}, step {}", r.first.what, r.first.who, r.first.position);
    const std::string offSecond = fmt::format("{} by {}, step {}", r.second.what, r.second.who, r.second.position);
    const double xa = c1 ? c1->x + c1->w / 2 : -1, xb = c2 ? c2->x + c2->w / 2 : -1;
    double cx = 0;
    if (c1 && c2) {
      cx = (xa + xb) / 2;
      // Lanes in one column (the same lane of two warps): the cell beside them.
      if (std::abs(xa - xb) < cw / 2 + 20) cx = std::max(xa, xb) + t.laneWidth * 1.5;
    } else if (c1 || c2) {
      const double x = c1 ? xa : xb;
      cx = x + t.laneWidth * 2;
      if (cx + cw / 2 > g.right() && x - t.laneWidth * 2 - cw / 2 > g.left()) cx = x - t.laneWidth * 2;
    } else {
      cx = g.left() + (g.right() - g.left()) / 2;
    }
    // An access from outside the view comes in from the left edge, its label
    // above the stub: keep the cell clear of it.
    if (!c1) cx = std::max(cx, t.margin + textWidth(offFirst, t.smallSize, false) + 24 + cw / 2);
    cx = std::max(cx, g.left() + cw / 2);
    Primitive& cell = s.rect(cx - cw / 2, yCell, cw, h, t.panel, "race cell");
    cell.hasStroke = true;
    cell.stroke = t.race;
    cell.strokeWidth = w;
    cell.radius = 4;
    cell.id = id + "-cell";
    cell.tooltip = fmt::format("{}\n{}", r.summary, r.message);
    cell.data.emplace_back("cell", r.cell);
    cell.data.emplace_back("kind", r.slug);
    const double size = g.fit(r.cell, cw - 8, t.monoSize, true);
    Primitive& ct = s.text(cx, yCell + h / 2 + size * 0.35, r.cell, size, t.text, TextAnchor::Middle, "race cell-text");
    ct.mono = true;
    g.extend(cx + cw / 2);

    // First access: lane -> cell.
    const double attach1 = xa >= 0 && xa > cx ? cx + cw / 4 : cx - cw / 4;
    Primitive* a1 = nullptr;
    if (c1 && c1->y < yTop) {
      // From the lane's cell itself, over its state text: the arrow must touch the lane.
      a1 = &s.arrow({xa, c1->y + c1->h + 2}, {attach1, yCell - 1}, t.race, w, head, "race arrow first");
    } else if (c1) {  // a warp drawn further down
      a1 = &s.curve({xa, c1->y - 4}, {xa, c1->y - 60}, {attach1, yCell + h + 60}, {attach1, yCell + h + 1}, t.race, w, head,
                    "race arrow first");
    } else {
      a1 = &s.arrow({t.margin, yMid}, {cx - cw / 2 - 1, yMid}, t.race, w, head, "race arrow first offview");
      Primitive& o = s.text(t.margin, yMid - 6, offFirst, t.smallSize, t.race, TextAnchor::Start, "race offview-label");
      o.bold = true;
    }
    a1->id = id + "-first";
    a1->data.emplace_back("from", accessKey(ri.first));
    a1->data.emplace_back("to", "cell");
    tagAccess(*a1, r.first, ri.first, r);

    // Second access: cell -> lane.
    const double attach2 = xb >= 0 && xb < cx ? cx - cw / 4 : cx + cw / 4;
    Primitive* a2 = nullptr;
    if (c2 && c2->y < yTop) {
      a2 = &s.arrow({attach2, yCell - 1}, {xb, c2->y + c2->h + 2}, t.race, w, head, "race arrow second");
    } else if (c2) {
      a2 = &s.curve({attach2, yCell + h + 1}, {attach2, yCell + h + 60}, {xb, c2->y - 60}, {xb, c2->y - 4}, t.race, w, head,
                    "race arrow second");
    } else {
      const double x0 = cx + cw / 2 + 1, x1 = std::max(g.right() + 20, x0 + 60);
      a2 = &s.arrow({x0, yMid}, {x1, yMid}, t.race, w, head, "race arrow second offview");
      Primitive& o = s.text(x0 + 6, yMid - 6, offSecond, t.smallSize, t.race, TextAnchor::Start, "race offview-label");
      o.bold = true;
      g.extend(std::max(x1 + 8, x0 + 6 + textWidth(offSecond, t.smallSize, false)));
    }
    a2->id = id + "-second";
    a2->data.emplace_back("from", "cell");
    a2->data.emplace_back("to", accessKey(ri.second));
    tagAccess(*a2, r.second, ri.second, r);

    // Numbered labels beside the arrows' lane ends: 1 = the earlier access.
    auto note = [&](double x, bool rightOfCell, const std::string& text) {
      // Left of a lane near the label column the text would run into the row label: go right.
      if (!rightOfCell && x - 10 - textWidth(text, t.smallSize, false) < g.left()) rightOfCell = true;
      Primitive& p = s.text(rightOfCell ? x + 10 : x - 10, y + g.rowH() * 1.1, text, t.smallSize, t.race,
                            rightOfCell ? TextAnchor::Start : TextAnchor::End, "race access-label");
      p.bold = true;
    };
    if (c1 && c1->y < yTop) note(xa, xa > cx, fmt::format("1 {} \u00b7 step {}", r.first.what, r.first.position));
    if (c2 && c2->y < yTop) note(xb, xb >= cx, fmt::format("2 {} \u00b7 step {}", r.second.what, r.second.position));
    if (c1) ring(g, *c1, "race lane-mark first");
    if (c2) ring(g, *c2, "race lane-mark second");
  }
  if (races.size() > kMaxRacesDrawn)
    g.textLine(t.margin, y, fmt::format("and {} more races at this step (Diagnostics panel)", races.size() - kMaxRacesDrawn),
               t.smallSize, t.race, true, false, "race more");
}

}  // namespace ws::ui::parts
