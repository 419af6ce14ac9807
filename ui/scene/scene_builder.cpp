// The lane view of one step: title, lanes of each shown warp, the registers
// the instruction touches, data-flow arrows between the lane rows, masks,
// mbarriers and the explanation. The cluster view lives in scene_cluster.cpp.
#include "ui/scene/scene_builder.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include <fmt/format.h>

#include "ui/views/history_index.hpp"
#include "ui/scene/scene_layout.hpp"
#include "ui/scene/scene_parts.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui {

using layout::Grid;

namespace parts {

std::string laneKey(const FlowEnd& e) { return fmt::format("lane{}", e.lane); }

void tagArrow(Primitive& p, const Arrow& a, const FlowsView& v) {
  auto key = [&](const FlowEnd& e) {
    if (e.kind == FlowEnd::Kind::Lane) return laneKey(e);
    if (e.cell >= 0 && static_cast<std::size_t>(e.cell) < v.cells.size()) return v.cells[static_cast<std::size_t>(e.cell)].name;
    return std::string("none");
  };
  p.cls = a.cls;
  p.tooltip = a.tooltip;
  p.data.emplace_back("from", key(a.from));
  p.data.emplace_back("to", key(a.to));
  if (a.from.kind == FlowEnd::Kind::Lane) p.data.emplace_back("from-warp", fmt::format("{}", a.from.warp));
  if (a.to.kind == FlowEnd::Kind::Lane) p.data.emplace_back("to-warp", fmt::format("{}", a.to.warp));
  if (a.to.kind != FlowEnd::Kind::Lane && a.to.cell >= 0) p.data.emplace_back("to-cta", fmt::format("{}", v.cells[static_cast<std::size_t>(a.to.cell)].ctaRank));
  p.data.emplace_back("value", a.label);
  if (a.kind == core::FlowKind::Atomic || a.kind == core::FlowKind::AsyncIssue || a.kind == core::FlowKind::AsyncComplete)
    p.data.emplace_back("order", fmt::format("{}", a.order));
  if (a.group >= 0) p.data.emplace_back("group", fmt::format("{}", a.group));
  p.dashed = a.inFlight || a.keep;
}

Primitive legendArrow(const Theme& t, Color c, bool dashed) {
  Primitive p;
  p.kind = Primitive::Kind::Arrow;
  p.hasFill = false;
  p.hasStroke = true;
  p.stroke = c;
  p.fill = c;
  p.strokeWidth = t.strokeWidth;
  p.headSize = t.arrowHead;
  p.dashed = dashed;
  return p;
}

Color arrowColor(const Theme& t, const Arrow& a) {
  switch (a.kind) {
    case core::FlowKind::Shuffle: return t.flowShuffle;
    case core::FlowKind::ShuffleKeep: return t.flowKeep;
    case core::FlowKind::Vote: case core::FlowKind::Reduce: return t.flowGather;
    case core::FlowKind::Match: return t.groupColor(a.group);
    case core::FlowKind::Atomic: return t.flowAtomic;
    case core::FlowKind::AsyncIssue: return a.inFlight ? t.flowAsync : t.flowAsyncDone;
    case core::FlowKind::AsyncComplete: return t.flowAsyncDone;
    case core::FlowKind::CompleteTx: return t.flowCompleteTx;
    case core::FlowKind::MbarrierOp: case core::FlowKind::AsyncArrive: return t.flowMbarrier;
    case core::FlowKind::Load: case core::FlowKind::Store: case core::FlowKind::RowAddress: return t.flowMemory;
  }
  return t.text;
}

double header(Grid& g, const Frame& f, std::uint32_t warp, double y) {
  const Theme& t = g.theme();
  const core::Program& p = f.prog();
  const core::StepRecord* r = f.record;
  std::string title = f.position == 0 ? "At launch" : fmt::format("Step {}", f.position);
  title += " \u00b7 " + warpTitle(f.st(), warp);
  y += g.textLine(t.margin, y, title, t.titleSize, t.text, true, false, "title");
  std::string ins, summary;
  if (r && r->userEdit) {
    ins = "a value edited by hand";
  } else if (r && r->completedAsync) {
    ins = "the async unit completes a " + asyncOpName(p, r->pc);
  } else if (r) {
    ins = fmt::format("line {}: {}", lineOf(p, r->pc), instrText(p, r->pc));
    if (const core::Instr* i = instrAt(p, r->pc)) summary = std::string(i->summary());
  } else if (warp < f.st().warps.size()) {
    const core::WarpControl& c = f.st().warps[warp].ctl;
    if (c.live()) {
      const std::uint32_t pc = c.pc[static_cast<std::size_t>(std::countr_zero(c.live()))];
      ins = fmt::format("next: line {}: {}", lineOf(p, pc), instrText(p, pc));
    }
  }
  if (!ins.empty()) y += g.textLine(t.margin, y, ins, t.monoSize * 1.15, t.text, false, true, "instruction");
  if (!summary.empty()) y += g.textLine(t.margin, y, summary, t.fontSize, t.mutedText, false, false, "summary");
  return y + t.gap * 0.5;
}

}  // namespace parts

namespace {

using parts::arrowColor;
using parts::tagArrow;

int laneCount(const core::MachineState& s, const std::vector<std::uint32_t>& warps) {
  int n = 1;
  for (std::uint32_t w : warps)
    if (w < s.warps.size()) n = std::max(n, 32 - std::countl_zero(s.warps[w].ctl.valid));
  return n;
}

struct MainWarp {
  std::uint32_t warp = 0;
  double mbarAnchorY = 0;  // lanes' bottom edge, where mbarrier arrows start
};

// Shuffle arrows from the source row to the destination row.
void shuffleArrows(Grid& g, const FlowsView& v, std::uint32_t warp, double ySrc, double yDst) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  if (v.shuffle) {
    for (int start : v.shuffle->segmentStarts) {
      if (start == 0 || start >= g.lanes()) continue;
      Primitive& l = s.line({g.laneX(start), ySrc - 4}, {g.laneX(start), yDst + g.rowH() + 4}, t.border, 2, "segment-boundary");
      l.dashed = true;
      l.data.emplace_back("lane", fmt::format("{}", start));
      l.tooltip = v.shuffle->clampText;
    }
  }
  int k = 0;
  for (const Arrow& a : v.arrows) {
    if ((a.kind != core::FlowKind::Shuffle && a.kind != core::FlowKind::ShuffleKeep) || a.to.warp != warp) continue;
    if (a.from.lane >= g.lanes() || a.to.lane >= g.lanes()) continue;
    const Point p0{g.laneCenter(a.from.lane), ySrc + g.rowH() - 2}, p3{g.laneCenter(a.to.lane), yDst + 2};
    Primitive& p = s.arrow(p0, p3, arrowColor(t, a), t.strokeWidth, t.arrowHead);
    tagArrow(p, a, v);
    p.id = fmt::format("flow-{}", k++);
    if (a.keep) {
      const double size = t.smallSize;
      Primitive& lab = s.text(p0.x - 5, (p0.y + p3.y) / 2 + size * 0.35, "own", size, t.flowKeep, TextAnchor::End, "keep-label");
      lab.tooltip = a.tooltip;
    }
  }
}

// vote / redux / elect: every member feeds a bus, the bus feeds every member.
void gatherArrows(Grid& g, const FlowsView& v, std::uint32_t warp, double ySrc, double yDst) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  const double yMid = ySrc + g.rowH() + (yDst - ySrc - g.rowH()) * 0.45;
  // Lanes passing disjoint membermasks give one bus per group. Groups that
  // share a lane span (interleaved masks) are stacked so their boxes do not overlap.
  auto span = [](core::LaneMask m) { return std::pair{std::countr_zero(m), 31 - std::countl_zero(m)}; };
  bool overlap = false;
  for (std::size_t i = 0; i < v.gathers.size(); ++i)
    for (std::size_t j = i + 1; j < v.gathers.size(); ++j) {
      if (!v.gathers[i].members || !v.gathers[j].members) continue;
      const auto [a0, a1] = span(v.gathers[i].members);
      const auto [b0, b1] = span(v.gathers[j].members);
      overlap |= a0 <= b1 && b0 <= a1;
    }
  const double stack = overlap ? static_cast<double>(v.gathers.size()) : 1.0;
  const double bh = g.rowH() * 0.8 / std::max(1.0, stack * 0.75);
  for (std::size_t gi = 0; gi < v.gathers.size(); ++gi) {
    const Gather& gt = v.gathers[gi];
    if (!gt.members) continue;
    const int lo = std::countr_zero(gt.members), hi = 31 - std::countl_zero(gt.members);
    const std::string kind = gt.kind == core::FlowKind::Vote ? "vote" : "reduce";
    const double yBus = overlap ? yMid + (static_cast<double>(gi) - (stack - 1) / 2) * (bh + 3) : yMid;
    // A box the members' inputs flow into and the result flows out of.
    const double top = yBus - bh / 2;
    const double x0 = g.laneX(lo) + 2, x1 = g.laneX(std::min(hi, g.lanes() - 1) + 1) - 2;
    Primitive& bus = s.rect(x0, top, x1 - x0, bh, t.panel, fmt::format("flow {} bus", kind));
    bus.hasStroke = true;
    bus.stroke = t.flowGather;
    bus.strokeWidth = t.strokeWidth * 1.2;
    bus.radius = 6;
    bus.data.emplace_back("members", formatMask(gt.members));
    bus.data.emplace_back("result", gt.result);
    bus.tooltip = fmt::format("{} over {}", gt.op, lanesPhrase(gt.members));
    const std::string label = gt.result.empty() ? gt.op : fmt::format("{} over {} \u2192 {}", gt.op, lanesPhrase(gt.members), gt.result);
    const double size = g.fit(label, x1 - x0 - 12, t.fontSize * 1.05, false);
    Primitive& lab = s.text((x0 + x1) / 2, yBus + size * 0.35, label, size, t.text, TextAnchor::Middle, "bus-label");
    lab.bold = true;
    for (int l = lo; l <= hi && l < g.lanes(); ++l) {
      if (!((gt.members >> l) & 1u)) continue;
      Primitive& in = s.arrow({g.laneCenter(l), ySrc + g.rowH() - 2}, {g.laneCenter(l), top}, t.flowGather, t.strokeWidth,
                              t.arrowHead * 0.8, fmt::format("flow {} gather", kind));
      in.data.emplace_back("from", fmt::format("lane{}", l));
      in.data.emplace_back("to", "bus");
      in.data.emplace_back("from-warp", fmt::format("{}", warp));
      in.tooltip = fmt::format("lane {} gives {}", l, gt.inputs[static_cast<std::size_t>(l)]);
      Primitive& out = s.arrow({g.laneCenter(l), top + bh}, {g.laneCenter(l), yDst + 2}, t.flowGather, t.strokeWidth, t.arrowHead,
                               fmt::format("flow {} scatter", kind));
      out.data.emplace_back("from", "bus");
      out.data.emplace_back("to", fmt::format("lane{}", l));
      out.data.emplace_back("to-warp", fmt::format("{}", warp));
      out.tooltip = fmt::format("lane {} gets the {} result", l, gt.op);
    }
  }
}

// match: one bus per group of equal values, in the group's colour.
void matchArrows(Grid& g, const FlowsView& v, std::uint32_t warp, double ySrc, double yDst) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  const double top = ySrc + g.rowH() + 10, bottom = yDst - 16;
  const double n = static_cast<double>(std::max<std::size_t>(1, v.matchGroups.size()));
  for (std::size_t k = 0; k < v.matchGroups.size(); ++k) {
    const MatchGroup& mg = v.matchGroups[k];
    const Color c = t.groupColor(mg.colour);
    const double yBus = top + (bottom - top) * (static_cast<double>(k) + 0.5) / n;
    const int lo = std::countr_zero(mg.lanes), hi = 31 - std::countl_zero(mg.lanes);
    const double x0 = g.laneCenter(lo) - 8, x1 = g.laneCenter(std::min(hi, g.lanes() - 1)) + 8;
    Primitive& bus = s.line({x0, yBus}, {x1, yBus}, c, t.strokeWidth * 2.2, "flow match bus");
    bus.data.emplace_back("group", fmt::format("{}", mg.group));
    bus.data.emplace_back("members", formatMask(mg.lanes));
    bus.data.emplace_back("color", c.hex());
    bus.tooltip = fmt::format("group {}: {} hold {}", mg.group, lanesPhrase(mg.lanes), mg.value);
    for (int l = lo; l <= hi && l < g.lanes(); ++l) {
      if (!((mg.lanes >> l) & 1u)) continue;
      Primitive& in = s.line({g.laneCenter(l), ySrc + g.rowH() - 2}, {g.laneCenter(l), yBus}, c, t.strokeWidth, "flow match gather");
      in.data.emplace_back("from", fmt::format("lane{}", l));
      in.data.emplace_back("group", fmt::format("{}", mg.group));
      in.data.emplace_back("from-warp", fmt::format("{}", warp));
      Primitive& out = s.arrow({g.laneCenter(l), yBus}, {g.laneCenter(l), yDst + 2}, c, t.strokeWidth, t.arrowHead, "flow match scatter");
      out.data.emplace_back("to", fmt::format("lane{}", l));
      out.data.emplace_back("group", fmt::format("{}", mg.group));
      out.data.emplace_back("color", c.hex());
      out.data.emplace_back("to-warp", fmt::format("{}", warp));
      out.tooltip = bus.tooltip;
    }
    const std::string label = fmt::format("group {}: {}", mg.group, mg.value);
    Primitive& lab = s.text(g.right() + 10, yBus + t.fontSize * 0.35, label, t.fontSize, t.text, TextAnchor::Start, "bus-label");
    lab.bold = true;
    Primitive& sw = s.rect(g.right() + 10 + textWidth(label, t.fontSize, false) + 8, yBus - 7, 14, 14, c, "group-swatch");
    sw.data.emplace_back("group", fmt::format("{}", mg.group));
    g.extend(g.right() + 40 + textWidth(label, t.fontSize, false));
  }
}

// Colours the source cells of a match by group.
void colourMatchSources(Grid& g, const FlowsView& v, std::uint32_t warp, std::size_t firstItem) {
  Scene& s = g.scene();
  const Theme& t = g.theme();
  for (std::size_t i = firstItem; i < s.items.size(); ++i) {
    Primitive& p = s.items[i];
    if (p.kind != Primitive::Kind::Rect || !p.hasClass("reg")) continue;
    const int lane = std::atoi(p.dataValue("lane").c_str());
    for (const MatchGroup& mg : v.matchGroups)
      if ((mg.lanes >> lane) & 1u) {
        p.fill = t.groupColor(mg.colour);
        p.cls += " match-group";
        p.data.emplace_back("group", fmt::format("{}", mg.group));
        if (i + 1 < s.items.size() && s.items[i + 1].kind == Primitive::Kind::Text) s.items[i + 1].fill = t.textOn(p.fill);
      }
  }
  (void)warp;
}

// An arrow from a lane into a memory cell of this CTA's view: an atomic, or
// an asynchronous reduction into global memory (red.async's release form:
// dashed while in flight, solid when it lands).
bool intoMemoryCell(const Arrow& a, const FlowsView& v) {
  if (a.to.cell < 0 || a.to.kind == FlowEnd::Kind::Lane) return false;
  if (a.kind == core::FlowKind::Atomic) return true;
  const bool async = a.kind == core::FlowKind::AsyncIssue || a.kind == core::FlowKind::AsyncComplete;
  return async && a.from.kind == FlowEnd::Kind::Lane && !v.cells[static_cast<std::size_t>(a.to.cell)].mbarrier &&
         v.cells[static_cast<std::size_t>(a.to.cell)].space == core::Space::Global;
}

// Arrows from lanes to memory cells drawn in a row below (atomics, and
// asynchronous reductions into global memory).
double memoryArrows(Grid& g, const Frame& f, const FlowsView& v, std::uint32_t warp, double ySrc, double yCells) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  std::vector<int> cells;
  std::vector<int> laneOfCell;
  for (const Arrow& a : v.arrows) {
    if (!intoMemoryCell(a, v)) continue;
    auto it = std::find(cells.begin(), cells.end(), a.to.cell);
    if (it == cells.end()) {
      cells.push_back(a.to.cell);
      laneOfCell.push_back(a.from.lane);
    } else {
      laneOfCell[static_cast<std::size_t>(it - cells.begin())] = -1;  // shared by several lanes
    }
  }
  if (cells.empty()) return yCells;
  // One cell per lane lines up under its lane; shared cells spread out, two lanes wide.
  const bool aligned = std::none_of(laneOfCell.begin(), laneOfCell.end(), [](int l) { return l < 0; });
  std::vector<double> cx(cells.size());
  const double wide = aligned ? g.cellW() : std::min(g.theme().laneWidth * 2.5, std::max(g.cellW(), (g.right() - g.left()) / static_cast<double>(cells.size()) - 8));
  for (std::size_t i = 0; i < cells.size(); ++i)
    cx[i] = aligned ? g.laneCenter(laneOfCell[i]) : g.left() + (g.right() - g.left()) * (static_cast<double>(i) + 0.5) / static_cast<double>(cells.size());
  g.label(yCells, "memory", "the cells this step's atomics or asynchronous reductions operate on");
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const MemCell& c = v.cells[static_cast<std::size_t>(cells[i])];
    Primitive& r = s.rect(cx[i] - wide / 2, yCells + 3, wide, g.rowH() - 6, t.changed, "cell memory changed");
    r.hasStroke = true;
    r.stroke = t.border;
    r.radius = 4;
    r.id = fmt::format("cell-{}", c.name);
    r.tooltip = c.tooltip;
    r.data.emplace_back("name", c.name);
    r.data.emplace_back("value", c.value);
    const double size = g.fit(c.value, wide - 6, t.monoSize, true);
    Primitive& tx = s.text(cx[i], yCells + g.rowH() / 2 + size * 0.35, c.value, size, t.text, TextAnchor::Middle, "cell-text");
    tx.mono = true;
    const double ns = g.fit(c.name, wide + 8, t.smallSize, false);
    s.text(cx[i], yCells + g.rowH() + ns * 1.1, c.name, ns, t.mutedText, TextAnchor::Middle, "cell-name");
  }
  // Arrows into one cell land side by side along its top edge, in lane order.
  std::vector<int> into(cells.size(), 0), landed(cells.size(), 0);
  for (const Arrow& a : v.arrows)
    if (intoMemoryCell(a, v)) ++into[static_cast<std::size_t>(std::find(cells.begin(), cells.end(), a.to.cell) - cells.begin())];
  int k = 0;
  std::vector<std::pair<Point, const Arrow*>> tails;
  for (const Arrow& a : v.arrows) {
    if (!intoMemoryCell(a, v) || a.from.warp != warp || a.from.lane >= g.lanes()) continue;
    const auto i = static_cast<std::size_t>(std::find(cells.begin(), cells.end(), a.to.cell) - cells.begin());
    const double span = std::min(wide - 12, 14.0 * into[i]);
    const double x = into[i] <= 1 ? cx[i] : cx[i] - span / 2 + span * landed[i]++ / (into[i] - 1);
    const Point p0{g.laneCenter(a.from.lane), ySrc + g.rowH() - 2}, p3{x, yCells + 3};
    Primitive& p = s.arrow(p0, p3, arrowColor(t, a), t.strokeWidth, t.arrowHead);
    tagArrow(p, a, v);
    p.id = fmt::format("flow-{}", k++);
    if (a.kind == core::FlowKind::Atomic) tails.emplace_back(p0, &a);
  }
  // Serialization order, in a small disc on each arrow's tail.
  for (const auto& [p0, a] : tails) {
    const double r = t.smallSize * 0.75;
    Primitive& disc = s.rect(p0.x - r, p0.y + 4, 2 * r, 2 * r, t.background, "order-disc");
    disc.radius = r;
    disc.hasStroke = true;
    disc.stroke = t.flowAtomic;
    disc.strokeWidth = 1.5;
    Primitive& o = s.text(p0.x, p0.y + 4 + r + t.smallSize * 0.35, fmt::format("{}", a->order + 1), t.smallSize, t.text, TextAnchor::Middle, "order");
    o.bold = true;
    o.tooltip = fmt::format("{} in serialization order", a->order + 1);
  }
  (void)f;
  return yCells + g.rowH() + t.smallSize * 1.6;
}

// The row of a collective's source (or destination) register: one register
// for the warp, or, where lanes of several call sites ran it together, each
// lane's own (from the step's flows; other lanes: the warp-wide register).
// The registers drawn are added to `shown`.
RegisterTableView operandRow(const Frame& f, std::uint32_t w, std::int32_t reg, bool source,
                             std::vector<std::uint32_t>& shown) {
  std::array<std::int32_t, core::kWarpSize> own;
  own.fill(reg);
  bool several = false;
  if (f.record)
    for (const core::Flow& fl : f.record->flows) {
      const core::Endpoint& e = source ? fl.from : fl.to;
      if (e.kind != core::Endpoint::Kind::Lane || e.warp != w || e.reg < 0 || e.lane >= core::kWarpSize) continue;
      own[e.lane] = e.reg;
      several = several || e.reg != reg;
    }
  for (const std::int32_t r : own)
    if (std::find(shown.begin(), shown.end(), static_cast<std::uint32_t>(r)) == shown.end())
      shown.push_back(static_cast<std::uint32_t>(r));
  return several ? buildLaneRegisterRow(f, w, own) : buildRegisterTable(f, w, {static_cast<std::uint32_t>(reg)});
}

}  // namespace

Scene buildScene(const Frame& f, const HistoryIndex* index, const Theme& t, const SceneOptions& o) {
  Scene s;
  s.background = t.background;
  s.fontFamily = t.fontFamily;
  s.monoFamily = t.monoFamily;
  s.items.reserve(1024);  // a full warp's step is several hundred primitives
  if (!f.program || !f.state || f.state->warps.empty()) {
    s.width = 400;
    s.height = 100;
    s.text(t.margin, t.margin + t.fontSize, "nothing to show", t.fontSize, t.text);
    return s;
  }
  const auto& st = f.st();
  const FlowsView flows = buildFlows(f, index);
  if (o.clusterView && flows.crossCta) return parts::buildClusterScene(f, index, t, o, flows);

  // Which warps, and which one the arrows belong to.
  std::vector<std::uint32_t> warps = o.warps;
  const std::uint32_t focusWarp = std::min<std::uint32_t>(f.focus.warp, static_cast<std::uint32_t>(st.warps.size() - 1));
  if (warps.empty()) {
    warps.push_back(focusWarp);
    if (o.allWarpsOfCta) {
      const auto& cta = st.ctas[st.warps[focusWarp].cta];
      for (std::uint32_t w = cta.firstWarp; w < cta.firstWarp + cta.numWarps && warps.size() < o.maxWarps; ++w)
        if (w != focusWarp) warps.push_back(w);
    }
  }
  std::erase_if(warps, [&](std::uint32_t w) { return w >= st.warps.size(); });
  if (warps.empty()) warps.push_back(focusWarp);
  const core::StepRecord* rec = f.record && !f.record->userEdit && !f.record->completedAsync ? f.record : nullptr;
  std::uint32_t main = warps.front();
  if (rec && std::find(warps.begin(), warps.end(), rec->warp) != warps.end()) main = rec->warp;
  std::stable_partition(warps.begin(), warps.end(), [&](std::uint32_t w) { return w == main; });

  Grid g(s, t, laneCount(st, warps));
  s.title = fmt::format("warpscope: step {} of {}", f.position, f.launch ? f.launch->entry : std::string("kernel"));
  double y = t.margin;
  y = parts::header(g, f, main, y);
  if (flows.shuffle) y += g.textLine(t.margin, y, flows.shuffle->modeText + " \u00b7 " + flows.shuffle->clampText, t.fontSize, t.text, false, false, "shuffle-params");

  const core::Instr* ins = rec ? instrAt(f.prog(), rec->pc) : nullptr;
  std::vector<std::pair<std::string, Primitive>> legendItems;
  auto legendArrow = [&](const std::string& text, Color c, bool dashed) {
    legendItems.emplace_back(text, parts::legendArrow(t, c, dashed));
  };

  const double mbarTop = y;
  double mainLaneTop = y;
  // Races this step reported or took part in: drawn under the main warp's lanes.
  const std::vector<core::Diagnostic> races = racesAt(f, index, f.selectedRace);
  double raceTop = -1;
  for (std::size_t wi = 0; wi < warps.size(); ++wi) {
    const std::uint32_t w = warps[wi];
    const bool isMain = w == main;
    if (!isMain) {
      y += t.gap;
      y += g.textLine(t.margin, y, warpTitle(st, w), t.fontSize * 1.1, t.text, true, false, "warp-title");
    }
    const LaneGridView lg = buildLaneGrid(f, w);
    if (isMain) mainLaneTop = y;
    y = layout::laneRows(g, f, lg, y, !isMain);
    if (!isMain) {
      for (const PcGroup& pg : lg.groups)
        y += g.textLine(t.margin + 8, y, pg.text, t.smallSize, t.mutedText, false, true, "pc-group");
      continue;
    }
    if (lg.diverged)
      for (const PcGroup& pg : lg.groups) y += g.textLine(t.margin + 8, y, pg.text, t.smallSize, t.mutedText, false, true, "pc-group");
    y += t.gap * 0.5;
    if (!races.empty()) {
      raceTop = y;
      y += parts::raceRowsHeight(g, races.size());
    }

    // The registers of this step, with the arrows between the rows.
    const bool collective = flows.srcReg >= 0 && flows.dstReg >= 0 && (flows.shuffle || !flows.gathers.empty() || !flows.matchGroups.empty());
    const bool atomics = std::any_of(flows.arrows.begin(), flows.arrows.end(), [&](const Arrow& a) { return intoMemoryCell(a, flows); });
    std::vector<std::uint32_t> shown;
    if (collective) {
      const std::size_t firstSrc = s.items.size();
      const auto src = operandRow(f, w, flows.srcReg, true, shown);
      const double ySrc = y;
      y = layout::registerRows(g, f, src, y, true);
      if (!flows.matchGroups.empty()) colourMatchSources(g, flows, w, firstSrc);
      // Taller for long jumps, so arrows crossing half the warp stay readable.
      int span = 0;
      for (const Arrow& a : flows.arrows) span = std::max(span, std::abs(a.from.lane - a.to.lane));
      double zone = !flows.matchGroups.empty() ? std::max(2.6, 1.2 + 0.45 * static_cast<double>(flows.matchGroups.size())) : 2.6;
      if (flows.shuffle) zone += 1.6 * std::min(1.0, span / 16.0);
      const double yDst = y + g.rowH() * zone;
      if (flows.shuffle) {
        shuffleArrows(g, flows, w, ySrc, yDst);
        legendArrow("reads the source lane's value", t.flowShuffle, false);
        if (std::any_of(flows.arrows.begin(), flows.arrows.end(), [](const Arrow& a) { return a.keep; }))
          legendArrow("source out of range: keeps its own value", t.flowKeep, true);
      } else if (!flows.gathers.empty()) {
        gatherArrows(g, flows, w, ySrc, yDst);
        legendArrow("every member's input reaches every member", t.flowGather, false);
      } else {
        matchArrows(g, flows, w, ySrc, yDst);
        legendArrow("lanes holding equal values (one colour per group)", t.groupColor(0), false);
      }
      const auto dst = operandRow(f, w, flows.dstReg, false, shown);
      y = layout::registerRows(g, f, dst, yDst, false);
    } else if (atomics) {
      std::int32_t bReg = -1;
      bool atomic = false, inFlight = false, landed = false;
      for (const Arrow& a : flows.arrows) {
        if (!intoMemoryCell(a, flows)) continue;
        if (a.from.reg >= 0) bReg = a.from.reg;
        atomic = atomic || a.kind == core::FlowKind::Atomic;
        (a.inFlight ? inFlight : landed) = true;
      }
      const double ySrc = y;
      if (bReg >= 0) {
        y = layout::registerRows(g, f, buildRegisterTable(f, w, {static_cast<std::uint32_t>(bReg)}), y, true);
        shown.push_back(static_cast<std::uint32_t>(bReg));
      } else {
        y += g.rowH();
      }
      y = memoryArrows(g, f, flows, w, ySrc - (bReg >= 0 ? 0 : g.rowH()), y + g.rowH() * 2.2);
      if (atomic) legendArrow("atomic: lane -> memory cell (numbers: serialization order)", t.flowAtomic, false);
      if (inFlight) legendArrow("asynchronous reduction in flight: lane -> memory cell", t.flowAsync, true);
      if (landed && !atomic) legendArrow("asynchronous reduction landed in the memory cell", t.flowAsyncDone, false);
    }
    // Warp-matrix instructions: their tiles instead of a row per register.
    std::optional<MatrixView> matrix;
    if (ins && w == main && (ins->family == core::Family::Matrix || ins->op == core::Opcode::CpAsyncBulkTensor))
      matrix = buildMatrixView(f);
    if (matrix) {
      y += t.gap * 0.5;
      y = parts::matrixPanel(g, f, *matrix, y);
    }
    // The other registers the instruction names: written ones first.
    if (ins && w == main && !matrix) {
      std::vector<std::uint32_t> regs = instrRegisters(*ins);
      std::erase_if(regs, [&](std::uint32_t r) { return std::find(shown.begin(), shown.end(), r) != shown.end(); });
      auto writtenNow = [&](std::uint32_t r) {
        return rec && std::any_of(rec->regs.begin(), rec->regs.end(), [&](const core::RegChange& c) { return c.warp == w && c.reg == r; });
      };
      std::stable_partition(regs.begin(), regs.end(), writtenNow);
      if (!regs.empty()) {
        y += t.gap * 0.3;
        y = layout::registerRows(g, f, buildRegisterTable(f, w, regs), y, false);
      }
    }
    if (o.showMasks) {
      y += t.gap * 0.5;
      y = layout::maskRows(g, buildMasks(f, w), w, y);
    }
    if (rec && rec->warp == w && !rec->mem.empty() && !atomics) {
      std::string line = "memory written: ";
      std::size_t shownCells = 0;
      for (const auto& mc : rec->mem) {
        if (shownCells++ == 8) {
          line += fmt::format(" \u2026 ({} in all)", rec->mem.size());
          break;
        }
        core::Space space = mc.region == core::MemRegion::Shared ? core::Space::Shared : core::Space::Global;
        std::uint64_t addr = mc.offset;
        if (mc.region == core::MemRegion::Global && mc.index < st.global.size()) addr += st.global[mc.index].base;
        line += fmt::format("{}{} = {}", shownCells > 1 ? ", " : "", cellName(f, space, mc.index, addr).name, formatBits(mc.after, mc.size * 8, ValueFormat::Auto));
      }
      y += g.textLine(t.margin, y + 4, line, t.fontSize, t.text, false, false, "memory-written");
    }
  }

  if (raceTop >= 0) {
    parts::raceRows(g, f, races, raceTop);
    legendArrow("race: the earlier access (1) -> the memory both touch -> the later one (2)", t.race, false);
  }

  // mbarriers: boxes to the right of the lanes, with arrows from the lanes that operated on them.
  double mbarBottom = mbarTop;
  std::vector<std::pair<MbarrierRow, std::pair<double, double>>> boxes;  // row, (x, y)
  if (o.showMbarriers && index) {
    const MbarrierPanelView mp = buildMbarrierPanel(f, *index);
    // One box per object, stacked; the stages of a ring (full[0..S-1]) side
    // by side in one row, so a pipeline's full and empty rings read as two rows.
    const double left = g.maxX() + 48;
    double bx = left, by = mbarTop, rowH = 0;
    const MbarrierRow* prev = nullptr;
    for (const MbarrierRow& m : mp.objects) {
      const bool sameRing = prev && !m.ring.empty() && prev->ring == m.ring && prev->cta == m.cta;
      if (!sameRing && prev) {
        bx = left;
        by += rowH + t.gap;
        rowH = 0;
      }
      double bw = 0;
      const double bh = layout::mbarrierBox(g, m, bx, by, bw);
      boxes.push_back({m, {bx, by + bh / 2}});
      rowH = std::max(rowH, bh);
      bx += bw + t.gap;
      prev = &m;
    }
    if (prev) by += rowH + t.gap;
    mbarBottom = by;
    int k = 0;
    for (const Arrow& a : flows.arrows) {
      if (a.kind != core::FlowKind::MbarrierOp || a.from.kind != FlowEnd::Kind::Lane || a.from.lane >= g.lanes()) continue;
      for (const auto& [m, at] : boxes) {
        if (m.cta != a.to.cta || m.offset != a.to.addr) continue;
        const Point p0{g.laneCenter(a.from.lane), mainLaneTop + g.rowH() - 3};
        const Point p3{at.first, at.second};
        Primitive& p = s.curve(p0, {p0.x, p0.y + 60}, {p3.x - 80, p3.y}, p3, t.flowMbarrier, t.strokeWidth, t.arrowHead);
        tagArrow(p, a, flows);
        p.id = fmt::format("mbar-flow-{}", k++);
      }
    }
    if (k) legendArrow("mbarrier operation", t.flowMbarrier, false);
  }
  y = std::max(y, mbarBottom);
  if (o.showLegend && !legendItems.empty()) y = layout::legend(g, legendItems, y + t.gap);
  if (o.showExplanation) {
    const ExplanationView e = buildExplanation(f);
    y += t.gap;
    y = layout::explanationBox(g, e, f.focus, o.maxExplanationLines, t.margin, y, std::max(g.maxX(), g.right()) - t.margin);
  }
  s.width = std::ceil(std::max(g.maxX(), 600.0) + t.margin);
  s.height = std::ceil(y + t.margin);
  return s;
}

}  // namespace ws::ui
