// continue, next, stepIn, stepOut, stepBack, reverseContinue, pause,
// restart: the viewers' actions (ui/session/actions.hpp) at their stepping
// units; long ones in chunks (tick). Every stop sends `stopped` and the
// device printf output of the steps run.
#include <fmt/format.h>

#include <algorithm>

#include "app/dap/adapter.hpp"

namespace ws::dap {
namespace {

using Why = core::RunOutcome::Why;

// "5", "== 5": the 5th hit only; ">= 5": from the 5th on; "% 5": every 5th.
bool hitConditionMet(const std::string& cond, std::uint64_t hits) {
  std::string s;
  for (char c : cond)
    if (c != ' ') s += c;
  if (s.empty()) return true;
  std::string op;
  while (!s.empty() && (s[0] == '=' || s[0] == '>' || s[0] == '<' || s[0] == '%')) {
    op += s[0];
    s.erase(0, 1);
  }
  std::uint64_t n = 0;
  try {
    n = std::stoull(s);
  } catch (const std::exception&) {
    return true;  // a condition that does not read stops every time
  }
  if (op.empty() || op == "==") return hits == n;
  if (op == ">=") return hits >= n;
  if (op == ">") return hits > n;
  if (op == "<") return hits < n;
  if (op == "<=") return hits <= n;
  if (op == "%") return n != 0 && hits % n == 0;
  return true;
}

}  // namespace

void Adapter::focusThread(const Json& args) {
  if (args.contains("threadId")) m_session->focusWarp(warpOfThread(args));
}

Adapter::Reply Adapter::execution(const std::string& command, const Json& args) {
  Reply r;
  if (command == "pause") {
    if (m_running)
      m_pauseRequested = true;
    else
      stopped(core::RunOutcome{}, "pause");
    return r;
  }
  if (m_running) m_running.reset();  // a new command replaces a running one
  focusThread(args);
  if (command == "continue") {
    r.body["allThreadsContinued"] = true;
    startLong(ui::ActionId::Continue);
  } else if (command == "reverseContinue") {
    r.body["allThreadsContinued"] = true;
    startLong(ui::ActionId::ReverseContinue);
  } else if (command == "restart") {
    m_session->seek(0);
    stopped(core::RunOutcome{}, "entry");
  } else {
    ui::ActionId id = ui::ActionId::StepOver;
    ui::DebuggerChoices c = m_choices;
    const std::string granularity = args.value("granularity", std::string());
    if (command == "stepIn" || granularity == "instruction") id = ui::ActionId::StepInto;
    if (command == "stepBack") id = ui::ActionId::StepBack;
    if (command == "stepOut") c.unit = core::StepUnit::Cycle;  // every warp catches up one instruction
    const core::RunOutcome o = ui::runAction(id, *m_session, c);
    stopped(o, command == "stepBack" && o.why == Why::AtStart ? "entry" : "step");
  }
  return r;
}

void Adapter::startLong(ui::ActionId id) {
  m_running = id;
  m_pauseRequested = false;
  for (auto& b : m_installed) b.hits = 0;
}

void Adapter::tick() {
  if (!m_running || !m_session) return;
  if (m_pauseRequested) {
    m_running.reset();
    m_pauseRequested = false;
    stopped(core::RunOutcome{}, "pause");
    return;
  }
  const core::RunOutcome o = ui::runAction(*m_running, *m_session, m_choices, m_chunk);
  if (o.why == Why::Budget) {
    emitPrinted();
    return;
  }
  if (o.why == Why::Breakpoint && !stopCounts(o)) {
    // Not this time (hit count, an exception filter that is off): go on
    // (a continue checks breakpoints from its second step on).
    return;
  }
  m_running.reset();
  stopped(o);
}

bool Adapter::stopCounts(const core::RunOutcome& o) {
  if (o.breakpoint < 0 || static_cast<std::size_t>(o.breakpoint) >= m_installed.size()) return true;
  BpMeta& meta = m_installed[static_cast<std::size_t>(o.breakpoint)];
  if (meta.from == BpMeta::From::Exception) {
    // Going backwards the state is just before the step that reported it.
    const core::History& h = m_session->history();
    const bool back = m_running == ui::ActionId::ReverseContinue;
    const core::StepRecord* r = back ? (h.position() < h.size() ? &h.record(h.position()) : nullptr) : h.current();
    if (!r) return false;
    return std::any_of(r->diags.begin(), r->diags.end(),
                       [&](const core::Diagnostic& d) { return m_filters.stops(d.kind); });
  }
  ++meta.hits;
  return hitConditionMet(meta.hitCondition, meta.hits);
}

void Adapter::emitPrinted() {
  const std::uint64_t pos = m_session->position();
  if (pos > m_printedUpTo) {
    const auto& all = m_session->index().printed();
    // Record i made position i + 1: the steps in [m_printedUpTo, pos).
    auto it = std::lower_bound(all.begin(), all.end(), m_printedUpTo,
                               [](const ui::HistoryIndex::Printed& p, std::uint64_t at) { return p.step < at; });
    std::string text;
    for (; it != all.end() && it->step < pos; ++it) text += it->text.text;
    if (!text.empty()) output("stdout", text);
  }
  m_printedUpTo = pos;
}

void Adapter::stopped(const core::RunOutcome& o, std::string reason) {
  emitPrinted();
  m_refs.clear();
  std::string description;
  std::vector<int> hit;
  if (reason.empty()) {
    reason = "step";
    if (o.why == Why::Breakpoint && o.breakpoint >= 0 && static_cast<std::size_t>(o.breakpoint) < m_installed.size()) {
      const BpMeta& meta = m_installed[static_cast<std::size_t>(o.breakpoint)];
      reason = meta.from == BpMeta::From::Exception     ? "exception"
               : meta.from == BpMeta::From::Instruction ? "instruction breakpoint"
                                                        : "breakpoint";
      if (meta.from != BpMeta::From::Exception) hit.push_back(meta.id);
    } else if (o.why == Why::Stopped) {
      reason = o.stop == core::StopReason::StepBudget ? "pause" : "exception";
    } else if (o.why == Why::Finished) {
      reason = "end";
    } else if (o.why == Why::AtStart) {
      reason = "entry";
    }
  }
  // A breakpoint stops before its instruction: the thread is the warp about
  // to run it, not the one that ran the last step.
  if (o.why == Why::Breakpoint && o.breakpoint >= 0 &&
      static_cast<std::size_t>(o.breakpoint) < m_session->breakpoints().size()) {
    using K = core::Breakpoint::Kind;
    const K k = m_session->breakpoints()[static_cast<std::size_t>(o.breakpoint)].kind;
    const bool before = k == K::Pc || k == K::PtxLine || k == K::CudaLine || k == K::InstrKind || k == K::Lanes;
    if (before)
      if (const core::NextStep n = core::peekNext(m_session->history()); n.valid) m_session->focusWarp(n.warp);
  }
  description = ui::describeOutcome(o, *m_session);
  if (reason == "entry") description = fmt::format("At the launch, step {}", m_session->position());
  if (reason == "pause" && o.why != Why::Stopped) description = fmt::format("Paused, step {}", m_session->position());
  Json body = {{"reason", reason},
               {"description", description},
               {"threadId", m_session->focus().warp + 1},
               {"allThreadsStopped", true}};
  if (!hit.empty()) body["hitBreakpointIds"] = hit;
  if (reason == "exception") {
    if (const core::StepRecord* r = m_session->history().current(); r && !r->diags.empty()) {
      const core::Diagnostic& d = r->diags.front();
      body["text"] = std::string(core::diagInfo(d.kind).title);
      body["description"] =
          fmt::format("{}, step {}: {}", core::diagInfo(d.kind).title, m_session->position(), d.message);
    }
  }
  sendEvent("stopped", body);
}

}  // namespace ws::dap
