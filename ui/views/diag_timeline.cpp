// Diagnostics and narration of the current step, and the timeline of steps.
#include <algorithm>

#include <fmt/format.h>

#include "ui/views/history_index.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {

std::string_view markerKindName(MarkerKind k) {
  switch (k) {
    case MarkerKind::Collective: return "collective";
    case MarkerKind::Barrier: return "barrier";
    case MarkerKind::Atomic: return "atomic";
    case MarkerKind::Async: return "async";
    case MarkerKind::Mbarrier: return "mbarrier";
    case MarkerKind::Diagnostic: return "diagnostic";
    case MarkerKind::Breakpoint: return "breakpoint";
    case MarkerKind::Edit: return "edit";
    case MarkerKind::Switch: return "switch";
  }
  return "";
}

std::string diagQuoteLine(const core::DiagInfo& info) {
  if (info.quote.empty()) return {};
  return fmt::format("{} (\u00a7{}): \"{}\"", core::quoteSourceName(info.source), info.section, info.quote);
}

std::string diagExplanationLine(const core::DiagInfo& info) {
  return info.explanation.empty() ? std::string() : fmt::format("warpscope: {}", info.explanation);
}

DiagnosticsView buildDiagnostics(const Frame& f) {
  DiagnosticsView v;
  const core::Program& p = f.prog();
  const core::StepRecord* r = f.record;
  if (!r) {
    v.summary = "Launch: no instruction has run yet.";
  } else if (r->userEdit) {
    v.summary = fmt::format("Step {}: a value was edited by hand.", f.position);
  } else if (r->completedAsync) {
    v.summary = fmt::format("Step {}: the async unit completed an in-flight {}.", f.position, asyncOpName(f.prog(), r->pc));
  } else if (!r->advanced) {
    v.summary = fmt::format("Step {}: nothing could run.", f.position);
  } else {
    v.summary = fmt::format("Step {}: {} ran line {}, {}, on {}.", f.position, warpTitle(f.st(), r->warp), lineOf(p, r->pc),
                            instrText(p, r->pc), lanesPhrase(r->lanes));
    if (r->guardFalse) v.summary += fmt::format(" {} skipped it (guard false).", lanesPhrase(r->guardFalse));
  }
  // Said apart from what ran: the interleaving a saved schedule replays turns on these steps.
  if (r && r->forced) v.summary += " This step was a forced switch of the saved schedule: the schedule chose what ran, not the scheduler.";
  if (f.narration) {
    const std::int32_t line = r && !r->userEdit && !r->completedAsync ? lineOf(p, r->pc) : -1;
    for (const auto& n : *f.narration) {
      const bool atStep = n.step && *n.step == f.position;
      const bool atLine = n.ptxLine && line > 0 && static_cast<std::int32_t>(*n.ptxLine) == line;
      if (atStep || atLine) v.narration.push_back(n.text);
    }
  }
  for (const core::LoadError& w : p.warnings) v.loadWarnings.push_back(fmt::format("line {}: {}", w.line, w.message));
  if (!r) return v;
  for (const auto& d : r->diags) {
    DiagnosticItem it;
    const auto& info = core::diagInfo(d.kind);
    it.kind = d.kind;
    it.severity = info.severity;
    it.severityText = info.severity == core::Severity::Warning ? "warning" : info.severity == core::Severity::Undefined ? "undefined behaviour" : "error";
    it.title = std::string(info.title);
    it.message = d.message;
    it.quoteLine = diagQuoteLine(info);
    it.sectionUrl = core::sectionUrl(info);
    it.explanationLine = diagExplanationLine(info);
    it.where = fmt::format("line {}, {}", lineOf(p, d.pc), warpTitle(f.st(), d.warp));
    it.lanes = lanesPhrase(d.lanes);
    if (d.race) it.race = describeRace(f, d);
    v.items.push_back(std::move(it));
  }
  return v;
}

TimelineView buildTimeline(const Frame& f, const HistoryIndex& index) {
  TimelineView v;
  v.position = f.position;
  v.size = f.records ? f.records->size() : f.position;
  v.earliest = f.records ? f.records->first() : 0;
  const std::uint64_t w = f.options.timelineWindow;
  v.windowBegin = f.position > w ? f.position - w : 0;
  v.windowEnd = std::min(v.size, f.position + w);
  const auto& m = index.markers();
  auto it = std::lower_bound(m.begin(), m.end(), v.windowBegin, [](const TimelineMarker& a, std::uint64_t s) { return a.step < s; });
  for (; it != m.end() && it->step < v.windowEnd; ++it) v.markers.push_back(*it);
  // Breakpoints can change at any time, so their markers are found here, in the window only.
  if (f.breakpoints && f.records && !f.breakpoints->empty()) {
    const core::Program& p = f.prog();
    for (std::uint64_t i = std::max(v.windowBegin, f.records->first()); i < v.windowEnd && i < f.records->size(); ++i) {
      const RecordSource::Brief r = f.records->brief(i);
      if (r.userEdit || r.completedAsync) continue;
      const core::Instr* ins = instrAt(p, r.pc);
      if (!ins) continue;
      for (const auto& b : *f.breakpoints) {
        const bool hit = b.enabled && ((b.kind == core::Breakpoint::Kind::PtxLine && static_cast<std::int32_t>(ins->pos.line) == b.line) ||
                                       (b.kind == core::Breakpoint::Kind::Pc && b.pc == r.pc));
        if (hit) {
          v.markers.push_back({i, MarkerKind::Breakpoint, fmt::format("step {}: breakpoint at line {}", i + 1, ins->pos.line)});
          break;
        }
      }
    }
    std::stable_sort(v.markers.begin(), v.markers.end(), [](const TimelineMarker& a, const TimelineMarker& b) { return a.step < b.step; });
  }
  return v;
}

ViewSet buildViews(const Frame& f, const HistoryIndex& index) {
  ViewSet v;
  v.laneGrid = buildLaneGrid(f, f.focus.warp);
  v.registers = buildRegisterTable(f, f.focus.warp);
  v.masks = buildMasks(f, f.focus.warp);
  v.flows = buildFlows(f, &index);
  v.mbarriers = buildMbarrierPanel(f, index);
  v.memory = buildMemory(f);
  v.listing = buildListing(f);
  v.explanation = buildExplanation(f);
  v.diagnostics = buildDiagnostics(f);
  addRaces(v.diagnostics, f, index, f.selectedRace);
  v.timeline = buildTimeline(f, index);
  v.console = buildConsole(f, index);
  return v;
}

}  // namespace ws::ui
