// The cluster view: a step whose data crosses CTAs (red.async into another
// CTA's shared memory). The issuing CTA's lanes on top, the target CTA's
// shared-memory cells and mbarrier below, the arrows crossing between the two
// panels: dashed while the operation is in flight, solid once completed, and
// the complete-tx from the cell into the mbarrier.
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "ui/views/history_index.hpp"
#include "ui/scene/scene_parts.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui::parts {

using layout::Grid;

namespace {

bool crossing(const Arrow& a) {
  return a.kind == core::FlowKind::AsyncIssue || a.kind == core::FlowKind::AsyncComplete ||
         (a.from.kind == FlowEnd::Kind::Lane && a.to.kind == FlowEnd::Kind::Memory && a.to.space == core::Space::Shared);
}

std::size_t panel(Scene& s, const Theme& t, double x, double y, double w, const std::string& cls) {
  Primitive& p = s.rect(x, y, w, 10, t.panel, cls);
  p.hasStroke = true;
  p.stroke = t.border;
  p.strokeWidth = 1.5;
  p.radius = 10;
  return s.items.size() - 1;
}

}  // namespace

Scene buildClusterScene(const Frame& f, const HistoryIndex* index, const Theme& t, const SceneOptions& o, const FlowsView& flows) {
  Scene s;
  s.background = t.background;
  s.fontFamily = t.fontFamily;
  s.monoFamily = t.monoFamily;
  const auto& st = f.st();

  // The issuing warp and the CTA the data goes to.
  std::uint32_t issuer = std::min<std::uint32_t>(f.focus.warp, static_cast<std::uint32_t>(st.warps.size() - 1));
  std::uint32_t target = 0;
  std::int32_t sentReg = -1;
  for (const Arrow& a : flows.arrows) {
    if (!crossing(a)) continue;
    issuer = a.from.warp;
    target = a.to.cta;
    if (a.from.reg >= 0) sentReg = a.from.reg;
    break;
  }
  if (sentReg < 0 && index)
    for (const auto& [id, life] : index->asyncOps())
      if (life.issue.from.warp == issuer && life.issue.from.reg >= 0) sentReg = life.issue.from.reg;
  const std::uint32_t issuerCta = st.warps[issuer].cta;
  const int lanes = std::max(1, 32 - std::countl_zero(st.warps[issuer].ctl.valid));
  Grid g(s, t, lanes);
  s.title = fmt::format("warpscope: step {} of {} (cluster view)", f.position, f.launch ? f.launch->entry : std::string("kernel"));
  // While operations are in flight other warps keep running (the receiver
  // polls its mbarrier, reads the cells): the header names the warp that ran
  // this step, not the issuer drawn below it.
  const core::StepRecord* rec = f.record && !f.record->userEdit && !f.record->completedAsync ? f.record : nullptr;
  const std::uint32_t ran = rec && rec->warp < st.warps.size() ? rec->warp : issuer;
  double y = header(g, f, ran, t.margin);

  // ---- the issuing CTA
  const double px = t.margin * 0.5, pw = g.right() - px + t.margin * 0.5;
  const std::size_t panelA = panel(s, t, px, y, pw, "cta-panel issuer");
  s.items[panelA].data.emplace_back("cta", fmt::format("{}", st.ctas[issuerCta].clusterRank));
  y += t.gap * 0.6;
  y += g.textLine(t.margin, y, fmt::format("CTA rank {} \u00b7 {} \u00b7 warp {}: issues red.async", st.ctas[issuerCta].clusterRank, ctaText(st, issuerCta),
                              st.warps[issuer].warpInCta),
                  t.fontSize * 1.15, t.text, true, false, "cta-title");
  const LaneGridView lg = buildLaneGrid(f, issuer);
  y = layout::laneRows(g, f, lg, y, false);
  double ySrc = y;
  if (sentReg >= 0) {
    const auto tab = buildRegisterTable(f, issuer, {static_cast<std::uint32_t>(sentReg)});
    y = layout::registerRows(g, f, tab, y, false);
  } else {
    y += g.rowH();
  }
  y += t.gap * 0.6;
  s.items[panelA].h = y - s.items[panelA].y;

  // ---- the target CTA's cells, under the lanes that send to them when one each
  std::vector<int> cells;
  std::vector<int> laneOf;
  for (const Arrow& a : flows.arrows) {
    if (!crossing(a) || a.to.cell < 0) continue;
    auto it = std::find(cells.begin(), cells.end(), a.to.cell);
    if (it == cells.end()) {
      cells.push_back(a.to.cell);
      laneOf.push_back(a.from.lane);
    } else if (laneOf[static_cast<std::size_t>(it - cells.begin())] != a.from.lane) {
      laneOf[static_cast<std::size_t>(it - cells.begin())] = -1;
    }
  }
  std::vector<int> lanesUsed;
  bool aligned = true;
  for (int l : laneOf) {
    if (l < 0 || l >= lanes || std::find(lanesUsed.begin(), lanesUsed.end(), l) != lanesUsed.end()) aligned = false;
    lanesUsed.push_back(l);
  }
  std::vector<double> cx(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i)
    cx[i] = aligned ? g.laneCenter(laneOf[i]) : g.left() + (g.right() - g.left()) * (static_cast<double>(i) + 0.5) / static_cast<double>(cells.size());
  const double cw = aligned ? g.cellW() : std::max(g.cellW(), (g.right() - g.left()) / static_cast<double>(std::max<std::size_t>(1, cells.size())) - 8);

  const double zoneTop = y;
  y += g.rowH() * 3.2;
  const std::size_t panelB = panel(s, t, px, y, pw, "cta-panel target");
  const std::uint32_t targetRank = target < st.ctas.size() ? st.ctas[target].clusterRank : 0;
  s.items[panelB].data.emplace_back("cta", fmt::format("{}", targetRank));
  y += t.gap * 0.6;
  y += g.textLine(t.margin, y, fmt::format("CTA rank {} \u00b7 {}: shared memory", targetRank, ctaText(st, target)), t.fontSize * 1.15, t.text, true,
                  false, "cta-title");
  const double yCells = y;
  g.label(yCells, "shared", "the target CTA's shared-memory cells");
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const MemCell& c = flows.cells[static_cast<std::size_t>(cells[i])];
    bool changedNow = false;
    if (f.record)
      for (const auto& mc : f.record->mem)
        if (mc.region == core::MemRegion::Shared && mc.index == c.cta && mc.offset == c.addr) changedNow = true;
    Primitive& r = s.rect(cx[i] - cw / 2, yCells + 3, cw, g.rowH() - 6, changedNow ? t.changed : t.cell, changedNow ? "cell memory changed" : "cell memory");
    r.hasStroke = true;
    r.stroke = t.border;
    r.radius = 4;
    r.id = fmt::format("cell-cta{}-{}", c.ctaRank, c.name);
    r.tooltip = c.tooltip;
    r.data.emplace_back("name", c.name);
    r.data.emplace_back("cta", fmt::format("{}", c.ctaRank));
    r.data.emplace_back("value", c.value);
    const double size = g.fit(c.value, cw - 6, t.monoSize, true);
    Primitive& tx = s.text(cx[i], yCells + g.rowH() / 2 + size * 0.35, c.value, size, t.text, TextAnchor::Middle, "cell-text");
    tx.mono = true;
    const double ns = g.fit(c.name, cw + 4, t.smallSize, false);
    s.text(cx[i], yCells + g.rowH() + ns * 1.1, c.name, ns, t.mutedText, TextAnchor::Middle, "cell-name");
  }
  y = yCells + g.rowH() + t.smallSize * 1.8;

  // A warp of the target CTA ran this step: its lanes and the registers its
  // instruction names, under the cells it may be reading.
  if (ran != issuer && st.warps[ran].cta == target) {
    y += t.gap * 0.5;
    y += g.textLine(t.margin, y, fmt::format("warp {} runs line {}", st.warps[ran].warpInCta, lineOf(f.prog(), rec->pc)), t.fontSize * 1.05,
                    t.text, true, false, "warp-title");
    y = layout::laneRows(g, f, buildLaneGrid(f, ran), y, false);
    if (const core::Instr* ins = instrAt(f.prog(), rec->pc)) {
      std::vector<std::uint32_t> regs = instrRegisters(*ins);
      std::stable_partition(regs.begin(), regs.end(), [&](std::uint32_t r) {
        return std::any_of(rec->regs.begin(), rec->regs.end(), [&](const core::RegChange& c) { return c.warp == ran && c.reg == r; });
      });
      if (!regs.empty()) y = layout::registerRows(g, f, buildRegisterTable(f, ran, regs), y + t.gap * 0.3, false);
    }
    y += t.gap * 0.3;
  }

  // The target's mbarriers, right of its cells.
  std::vector<std::pair<MbarrierRow, Point>> boxes;
  double boxBottom = y;
  if (index && o.showMbarriers) {
    const MbarrierPanelView mp = buildMbarrierPanel(f, *index);
    double by = yCells - t.gap;
    for (const MbarrierRow& m : mp.objects) {
      if (m.cta != target) continue;
      double bw = 0;
      const double bx = g.right() + t.margin * 2.5;
      const double bh = layout::mbarrierBox(g, m, bx, by, bw);
      boxes.push_back({m, Point{bx, by + bh / 2}});
      by += bh + t.gap;
      boxBottom = std::max(boxBottom, by);
    }
  }
  y = std::max(y, boxBottom) + t.gap * 0.3;
  s.items[panelB].h = y - s.items[panelB].y;
  s.items[panelB].w = std::max(pw, g.maxX() - px + t.margin * 0.5);
  s.items[panelA].w = s.items[panelB].w;

  // ---- arrows crossing from the lanes to the cells
  int k = 0;
  bool anyFlying = false, anyDone = false, anyTx = false;
  for (const Arrow& a : flows.arrows) {
    if (!crossing(a) || a.to.cell < 0 || a.from.lane >= lanes) continue;
    const auto i = static_cast<std::size_t>(std::find(cells.begin(), cells.end(), a.to.cell) - cells.begin());
    const Point p0{g.laneCenter(a.from.lane), ySrc + g.rowH() - 2}, p3{cx[i], yCells + 3};
    const Color c = arrowColor(t, a);
    Primitive& p = (p0.x == p3.x) ? s.arrow(p0, p3, c, t.strokeWidth, t.arrowHead)
                                  : s.curve(p0, {p0.x, (p0.y + p3.y) / 2}, {p3.x, (p0.y + p3.y) / 2}, p3, c, t.strokeWidth, t.arrowHead);
    tagArrow(p, a, flows);
    p.id = fmt::format("flow-{}", k++);
    (a.inFlight ? anyFlying : anyDone) = true;
  }
  (void)zoneTop;
  // complete-tx: from the completed cell into its mbarrier.
  for (const Arrow& a : flows.arrows) {
    if (a.kind != core::FlowKind::CompleteTx) continue;
    for (const auto& [m, at] : boxes) {
      if (m.cta != a.to.cta || m.offset != a.to.addr) continue;
      double sx = g.right() - g.cellW() / 2, sy = yCells + g.rowH() - 3;
      if (a.from.kind == FlowEnd::Kind::Memory || a.from.kind == FlowEnd::Kind::Mbarrier) {
        const auto it = std::find(cells.begin(), cells.end(), a.from.cell);
        if (it != cells.end()) sx = cx[static_cast<std::size_t>(it - cells.begin())];
      } else if (a.from.kind == FlowEnd::Kind::Lane) {
        for (std::size_t i = 0; i < cells.size(); ++i)
          if (laneOf[i] == a.from.lane) sx = cx[i];
      }
      const Point p0{sx, sy}, p3{at.x, at.y};
      Primitive& p = s.curve(p0, {p0.x, p0.y + 70}, {p3.x - 90, p3.y}, p3, t.flowCompleteTx, t.strokeWidth * 1.3, t.arrowHead * 1.2);
      tagArrow(p, a, flows);
      p.id = fmt::format("flow-{}", k++);
      // Above the head, clear of the cells' names.
      Primitive& lab = s.text(p3.x - t.arrowHead * 1.5, p3.y - t.smallSize * 0.8, fmt::format("complete-tx {}", a.label), t.smallSize,
                              t.flowCompleteTx, TextAnchor::End, "completetx-label");
      lab.bold = true;
      anyTx = true;
    }
  }

  // ---- legend and explanation
  std::vector<std::pair<std::string, Primitive>> items;
  auto add = [&](const std::string& text, Color c, bool dashed) { items.emplace_back(text, legendArrow(t, c, dashed)); };
  if (anyFlying) add("red.async in flight", t.flowAsync, true);
  if (anyDone) add("red.async completed", t.flowAsyncDone, false);
  if (anyTx) add("complete-tx into the mbarrier", t.flowCompleteTx, false);
  y += t.gap;
  if (o.showLegend && !items.empty()) y = layout::legend(g, items, y);
  y += g.textLine(t.margin, y, fmt::format("{} in flight now", st.inflight.size() == 1 ? "1 red.async" : fmt::format("{} red.async operations", st.inflight.size())),
                  t.fontSize, t.text, false, false, "inflight-count");
  if (o.showExplanation) {
    y += t.gap * 0.5;
    y = layout::explanationBox(g, buildExplanation(f), f.focus, o.maxExplanationLines, t.margin, y, std::max(g.maxX(), g.right()) - t.margin);
  }
  s.width = std::ceil(std::max(g.maxX(), 600.0) + t.margin);
  s.height = std::ceil(y + t.margin);
  return s;
}

}  // namespace ws::ui::parts
