#include "ui/scene/scene_layout.hpp"

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"

namespace ws::ui::layout {

std::string laneStateShort(LaneState s) {
  switch (s) {
    case LaneState::Absent: return "";
    case LaneState::Executed: return "run";
    case LaneState::GuardFalse: return "skip";
    case LaneState::Ready: return "next";
    case LaneState::Diverged: return "div";
    case LaneState::Waiting: return "wait";
    case LaneState::Spinning: return "spin";
    case LaneState::Exited: return "exit";
  }
  return "";
}

Color laneStateColor(const Theme& t, LaneState s) {
  switch (s) {
    case LaneState::Absent: return t.laneAbsent;
    case LaneState::Executed: return t.laneExecuted;
    case LaneState::GuardFalse: return t.laneGuardFalse;
    case LaneState::Ready: return t.laneReady;
    case LaneState::Diverged: return t.laneDiverged;
    case LaneState::Waiting: return t.laneWaiting;
    case LaneState::Spinning: return t.laneSpinning;
    case LaneState::Exited: return t.laneExited;
  }
  return t.cell;
}

double Grid::fit(const std::string& s, double w, double size, bool mono) const {
  const double need = textWidth(s, size, mono);
  if (need <= w || need <= 0) return size;
  return std::max(7.0, size * w / need);
}

Primitive& Grid::label(double y, const std::string& text, const std::string& tooltip, bool mono) {
  const double size = fit(text, m_t.labelWidth - 12, m_t.fontSize, mono);
  Primitive& p = m_s.text(m_t.margin, y + rowH() / 2 + size * 0.35, text, size, m_t.text, TextAnchor::Start, "row-label");
  p.mono = mono;
  p.tooltip = tooltip;
  return p;
}

Primitive& Grid::cell(int lane, double y, const std::string& text, Color fill, Color textColor, const std::string& cls,
                      const std::string& id, const std::string& tooltip, bool mono) {
  const double x = laneX(lane) + 3, h = rowH() - 6;
  Primitive& r = m_s.rect(x, y + 3, cellW(), h, fill, cls);
  r.hasStroke = true;
  r.stroke = m_t.border;
  r.strokeWidth = 1;
  r.radius = 4;
  r.id = id;
  r.tooltip = tooltip;
  r.data.emplace_back("lane", fmt::format("{}", lane));
  if (!text.empty()) {
    const double size = fit(text, cellW() - 6, m_t.monoSize, mono);
    Primitive& t = m_s.text(laneCenter(lane), y + rowH() / 2 + size * 0.35, text, size, textColor, TextAnchor::Middle, "cell-text");
    t.mono = mono;
  }
  return m_s.items[m_s.items.size() - (text.empty() ? 1 : 2)];
}

double Grid::textLine(double x, double y, const std::string& text, double size, Color c, bool bold, bool mono, const std::string& cls) {
  Primitive& p = m_s.text(x, y + size, text, size, c, TextAnchor::Start, cls);
  p.bold = bold;
  p.mono = mono;
  extend(x + textWidth(text, size, mono));
  return size * 1.45;
}

double laneRows(Grid& g, const Frame& f, const LaneGridView& v, double y, bool compact) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  g.label(y, compact ? fmt::format("warp {} lanes", v.warpInCta) : "lane", v.title);
  for (int l = 0; l < g.lanes(); ++l) {
    const LaneCell& c = v.cells[static_cast<std::size_t>(l)];
    const Color fill = laneStateColor(t, c.state);
    Primitive& r = g.cell(l, y, c.state == LaneState::Absent ? "" : fmt::format("{}", l), fill, t.textOn(fill),
                          fmt::format("lane-state {}", std::string(laneStateName(c.state)) == "guard false" ? "guard-false" : std::string(laneStateName(c.state))),
                          fmt::format("w{}-lane{}", v.warp, l), c.tooltip, false);
    r.data.emplace_back("state", std::string(laneStateName(c.state)));
    if (c.focused) {
      Primitive& ring = s.rect(g.laneX(l) + 1, y + 1, g.cellW() + 4, g.rowH() - 2, t.text, "focus");
      ring.hasFill = false;
      ring.hasStroke = true;
      ring.stroke = t.text;
      ring.strokeWidth = 2.5;
      ring.radius = 5;
    }
  }
  y += g.rowH();
  // State in words too: colour is never the only carrier.
  g.label(y, "state");
  for (int l = 0; l < g.lanes(); ++l) {
    const LaneCell& c = v.cells[static_cast<std::size_t>(l)];
    const std::string st = laneStateShort(c.state);
    if (st.empty()) continue;
    const double size = g.fit(st, g.cellW(), t.smallSize, false);
    Primitive& p = s.text(g.laneCenter(l), y + g.rowH() * 0.45 + size * 0.35, st, size, t.mutedText, TextAnchor::Middle, "lane-state-text");
    p.tooltip = c.stateText;
  }
  y += g.rowH() * 0.75;
  if (compact) return y;
  const bool anyGuard = std::any_of(v.cells.begin(), v.cells.end(), [](const LaneCell& c) { return c.guard >= 0; });
  if (anyGuard) {
    std::string name;
    for (const auto& c : v.cells)
      if (c.guard >= 0) {
        name = c.guardText.substr(0, c.guardText.find(" ="));
        break;
      }
    g.label(y, fmt::format("guard {}", name), "the guard predicate of each lane's instruction", true);
    for (int l = 0; l < g.lanes(); ++l) {
      const LaneCell& c = v.cells[static_cast<std::size_t>(l)];
      if (c.guard < 0) continue;
      g.cell(l, y, c.guard ? "T" : "F", c.guard ? t.cell : t.laneGuardFalse, t.text, c.guard ? "guard true" : "guard false", {}, c.guardText);
    }
    y += g.rowH();
  }
  if (v.diverged) {
    g.label(y, "PTX line", "where each lane stands: the warp has diverged");
    for (int l = 0; l < g.lanes(); ++l) {
      const LaneCell& c = v.cells[static_cast<std::size_t>(l)];
      if (c.pcText.empty()) continue;
      g.cell(l, y, fmt::format("{}", c.line), t.panel, t.text, "lane-pc", {}, c.tooltip);
    }
    y += g.rowH();
  }
  (void)f;
  return y;
}

double maskRows(Grid& g, const MasksView& m, std::uint32_t warp, double y) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  const double h = g.rowH() * 0.7;
  for (const MaskRow& row : m.rows) {
    Primitive& lab = s.text(t.margin, y + h / 2 + t.fontSize * 0.35, row.label, g.fit(row.label, t.labelWidth - 12, t.fontSize, false), t.text,
                            TextAnchor::Start, "row-label mask-label");
    lab.tooltip = row.tooltip;
    const Color on = row.colour >= 0 ? t.groupColor(row.colour) : t.bitOn;
    for (int l = 0; l < g.lanes() && l < m.lanes; ++l) {
      const bool bit = (row.bits >> l) & 1u;
      Primitive& r = s.rect(g.laneX(l) + 3, y + 3, g.cellW(), h - 6, bit ? on : t.bitOff, fmt::format("bit {} mask-{}", bit ? "on" : "off", row.cls));
      r.hasStroke = true;
      r.stroke = t.border;
      r.strokeWidth = 1;
      r.data.emplace_back("lane", fmt::format("{}", l));
      r.data.emplace_back("mask", row.cls);
      const double size = t.smallSize;
      s.text(g.laneCenter(l), y + h / 2 + size * 0.35, bit ? "1" : "0", size, bit ? t.textOn(on) : t.mutedText, TextAnchor::Middle, "bit-text");
    }
    Primitive& hex = s.text(g.right() + 10, y + h / 2 + t.monoSize * 0.35, row.hex, t.monoSize, t.text, TextAnchor::Start, "mask-hex");
    hex.mono = true;
    hex.id = fmt::format("w{}-mask-{}-{}", warp, row.cls, &row - m.rows.data());
    hex.data.emplace_back("bits", row.hex);
    g.extend(g.right() + 16 + textWidth(row.hex, t.monoSize, true));
    y += h;
  }
  return y;
}

double registerRows(Grid& g, const Frame& f, const RegisterTableView& tab, double y, bool before) {
  const Theme& t = g.theme();
  for (std::size_t k = 0; k < tab.columns.size(); ++k) {
    const RegColumn& col = tab.columns[k];
    g.label(y, fmt::format("{} {}", col.name, before ? "before" : col.written ? "after" : ""), fmt::format("{}{}", col.name, col.typeText), true);
    for (int l = 0; l < g.lanes() && l < tab.lanes; ++l) {
      const RegCell& c = tab.at(l, k);
      std::string text = c.text;
      bool written = c.written;
      if (before && c.changed) {
        text = c.before;
        written = c.before != kNeverWritten;
      }
      const bool hi = !before && c.changed;
      const Color fill = hi ? t.changed : written ? t.cell : t.neverWritten;
      const std::string& name = c.reg.empty() ? col.name : c.reg;
      std::string tip = fmt::format("lane {} {} = {}", l, name, text);
      if (hi) tip += fmt::format(" (was {})", c.before);
      g.cell(l, y, text, fill, written ? t.text : t.mutedText, hi ? "cell reg changed" : "cell reg",
             fmt::format("w{}-{}-{}-lane{}", tab.warp, before ? "before" : "after", name.size() > 1 ? name.substr(1) : name, l), tip);
    }
    y += g.rowH();
  }
  (void)f;
  return y;
}

double explanationBox(Grid& g, const ExplanationView& e, const Focus& focus, int maxLines, double x, double y, double w) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  std::vector<const LaneExplanation*> pick;
  if (static_cast<int>(e.lanes.size()) <= maxLines) {
    for (const auto& l : e.lanes) pick.push_back(&l);
  } else {
    // The interesting ones first: lanes that keep their value, the focused lane, then the lowest lanes.
    auto add = [&](const LaneExplanation* l) {
      if (static_cast<int>(pick.size()) < maxLines - 1 && std::find(pick.begin(), pick.end(), l) == pick.end()) pick.push_back(l);
    };
    for (const auto& l : e.lanes)
      if (l.text.find("keeps") != std::string::npos && pick.size() < 2) add(&l);
    for (const auto& l : e.lanes)
      if (l.lane == focus.lane) add(&l);
    for (const auto& l : e.lanes) add(&l);
    std::sort(pick.begin(), pick.end(), [](auto* a, auto* b) { return a->lane < b->lane; });
  }
  const double line = t.fontSize * 1.5;
  const std::size_t notes = std::min<std::size_t>(e.notes.size(), 4);
  // As wide as its longest line.
  w = std::max(w, textWidth(e.headline, t.fontSize * 1.05, false) + 2 * t.gap);
  for (const auto* l : pick) w = std::max(w, textWidth(l->text, t.fontSize, false) + 2 * t.gap);
  for (std::size_t i = 0; i < notes; ++i) w = std::max(w, textWidth(e.notes[i], t.fontSize, false) + 2 * t.gap);
  const bool more = pick.size() < e.lanes.size();
  const double h = t.gap + t.fontSize * 1.6 + line * static_cast<double>(pick.size() + notes + (more ? 1 : 0)) + t.gap;
  Primitive& box = s.rect(x, y, w, h, t.panel, "explanation");
  box.hasStroke = true;
  box.stroke = t.border;
  box.radius = 6;
  const std::size_t boxIndex = s.items.size() - 1;  // text lines below may move the items
  double yy = y + t.gap;
  yy += g.textLine(x + t.gap, yy, e.headline, t.fontSize * 1.05, t.text, true, false, "explanation-headline");
  for (const auto* l : pick) yy += g.textLine(x + t.gap, yy, l->text, t.fontSize, t.text, false, false, "explanation-lane") * 1.0;
  if (more) yy += g.textLine(x + t.gap, yy, fmt::format("\u2026 and {} more lanes", e.lanes.size() - pick.size()), t.fontSize, t.mutedText);
  for (std::size_t i = 0; i < notes; ++i) yy += g.textLine(x + t.gap, yy, e.notes[i], t.fontSize, t.text, false, false, "explanation-note");
  const double hh = std::max(h, yy - y + t.gap * 0.5);
  s.items[boxIndex].h = hh;
  g.extend(x + w);
  return y + hh;
}

double mbarrierBox(Grid& g, const MbarrierRow& m, double x, double y, double& width) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  std::vector<std::pair<std::string, std::string>> lines;  // (text, class)
  if (!m.ringText.empty()) lines.emplace_back(m.ringText, "mbar-ring");
  lines.emplace_back(m.phaseText, "mbar-phase");
  lines.emplace_back(m.pendingText, "mbar-pending");
  lines.emplace_back(m.txText, "mbar-tx");
  if (!m.fields.initialised) lines.emplace_back(m.stateText, "mbar-state");
  if (!m.inflightText.empty()) lines.emplace_back(m.inflightText, "mbar-inflight");
  lines.emplace_back(m.waitingText, "mbar-waiting");
  double w = std::max(textWidth("mbarrier " + m.name, t.fontSize * 1.05, false), textWidth(m.addrText, t.smallSize, false));
  for (const auto& [text, cls] : lines) w = std::max(w, textWidth(text, t.fontSize, false));
  w = std::max(w + 2 * t.gap, 300.0);
  const double line = t.fontSize * 1.45;
  const double timelineH = m.timeline.empty() ? 0 : t.smallSize * 4.2;
  const double h = t.gap + t.fontSize * 1.5 + t.smallSize * 1.5 + line * static_cast<double>(lines.size()) + timelineH + t.gap * 0.5;
  Primitive& box = s.rect(x, y, w, h, t.panel, m.touched ? "mbarrier touched" : "mbarrier");
  box.hasStroke = true;
  box.stroke = m.touched ? t.flowCompleteTx : t.border;
  box.strokeWidth = m.touched ? 3 : 1.5;
  box.radius = 8;
  box.id = fmt::format("mbarrier-cta{}-{:x}", m.cta, m.offset);
  box.data.emplace_back("phase", fmt::format("{}", m.fields.phase));
  box.data.emplace_back("parity", fmt::format("{}", m.fields.parity()));
  box.data.emplace_back("pending", fmt::format("{}", m.fields.pending));
  box.data.emplace_back("expected", fmt::format("{}", m.fields.expected));
  box.data.emplace_back("tx", fmt::format("{}", m.fields.tx));
  if (m.inflightTx) box.data.emplace_back("inflight-tx", fmt::format("{}", m.inflightTx));
  if (m.ringStages) {
    box.data.emplace_back("ring", m.ring);
    box.data.emplace_back("stage", fmt::format("{}", m.ringIndex));
  }
  box.tooltip = fmt::format("mbarrier {} at {}", m.name, m.addrText);
  double yy = y + t.gap * 0.7;
  yy += g.textLine(x + t.gap, yy, "mbarrier " + m.name, t.fontSize * 1.05, t.text, true, false, "mbar-name");
  yy += g.textLine(x + t.gap, yy, m.addrText, t.smallSize, t.mutedText, false, false, "mbar-addr");
  for (const auto& [text, cls] : lines) yy += g.textLine(x + t.gap, yy, text, t.fontSize, t.text, false, false, cls);
  if (!m.timeline.empty()) {
    // A small timeline: one dot per event, filled where a phase completed.
    const double cy = yy + t.smallSize * 0.9, r = t.smallSize * 0.45;
    const double step = std::min(64.0, (w - 2 * t.gap) / static_cast<double>(m.timeline.size()));
    s.line({x + t.gap, cy}, {x + t.gap + step * static_cast<double>(m.timeline.size() - 1) + 1, cy}, t.border, 1.5, "mbar-timeline");
    for (std::size_t i = 0; i < m.timeline.size(); ++i) {
      const MbarrierEvent& e = m.timeline[i];
      const double cx = x + t.gap + step * static_cast<double>(i);
      Primitive& dot = s.rect(cx - r, cy - r, 2 * r, 2 * r, e.phaseCompleted ? t.flowCompleteTx : t.background, "mbar-event");
      dot.radius = r;
      dot.hasStroke = true;
      dot.stroke = t.text;
      dot.tooltip = fmt::format("step {}: {}", e.step + 1, e.what);
      dot.data.emplace_back("step", fmt::format("{}", e.step + 1));
      s.text(cx, cy + r + t.smallSize * 1.1, fmt::format("{}", e.step + 1), t.smallSize * 0.85, t.mutedText, TextAnchor::Middle, "mbar-event-step");
    }
  }
  width = w;
  g.extend(x + w);
  return h;
}

double legend(Grid& g, const std::vector<std::pair<std::string, Primitive>>& entries, double y) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  double x = t.margin;
  for (const auto& [text, proto] : entries) {
    Primitive p = proto;
    p.p0 = {x, y + t.fontSize * 0.6};
    p.p3 = {x + 44, y + t.fontSize * 0.6};
    p.curved = false;
    p.cls = "legend-swatch";
    p.id.clear();
    p.data.clear();
    p.tooltip.clear();
    s.items.push_back(p);
    x += 52;
    s.text(x, y + t.fontSize, text, t.fontSize, t.text, TextAnchor::Start, "legend");
    x += textWidth(text, t.fontSize, false) + 28;
  }
  g.extend(x);
  return y + t.fontSize * 1.8;
}

}  // namespace ws::ui::layout
