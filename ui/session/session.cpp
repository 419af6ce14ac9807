#include "ui/session/session.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ui/frame/float_registers.hpp"
#include "ui/session/mufu_assets.hpp"

namespace ws::ui {

std::variant<std::unique_ptr<Session>, std::string> Session::create(SessionSource src, core::HistoryOptions h) {
  if (!src.program) return std::string("no program");
  if (!src.options.mufu) src.options.mufu = bundledMufuTables();
  auto made = core::Engine::create(src.program, src.launch, src.options);
  if (auto* err = std::get_if<std::string>(&made)) return *err;
  return fromEngine(std::move(std::get<core::Engine>(made)), std::move(src), h);
}

std::unique_ptr<Session> Session::fromEngine(core::Engine engine, SessionSource meta, core::HistoryOptions h) {
  if (meta.launch.entry.empty()) meta.launch = engine.launch();
  core::History history(std::move(engine), h);
  return std::unique_ptr<Session>(new Session(std::move(history), std::move(meta)));
}

std::variant<std::unique_ptr<Session>, std::string> Session::create(std::shared_ptr<const core::Program> program,
                                                                    const core::LaunchConfig& launch,
                                                                    const core::EngineOptions& options) {
  SessionSource s;
  s.program = std::move(program);
  s.launch = launch;
  s.options = options;
  s.title = launch.entry;
  return create(std::move(s));
}

Session::Session(core::History h, SessionSource src)
    : m_history(std::move(h)), m_launch(std::move(src.launch)), m_title(std::move(src.title)), m_breakpoints(std::move(src.breakpoints)),
      m_narration(std::move(src.narration)), m_lesson(std::move(src.lesson)), m_maxSteps(src.maxSteps) {
  // The index learns each step as it is recorded, so it never asks the
  // history to make old records again.
  m_history.setObserver([this](std::uint64_t i, const core::StepRecord& r) { m_index.add(program(), state(), r, i); });
  m_viewOptions.floatBits = floatCarryingRegisters(program());
}

void Session::changed() {
  ++m_revision;
  // Observers may add or remove observers: call a copy.
  const auto observers = m_observers;
  for (const auto& [id, o] : observers) {
    (void)id;
    if (o) o(*this);
  }
}

void Session::futureCut() {
  if (m_history.position() < m_history.size()) m_index.invalidateFrom(m_history.position());
  // A race whose second access lies in the future that is dropped may never happen again.
  if (m_selectedRace && m_selectedRace->race->second.step >= state().step) m_selectedRace.reset();
}

bool Session::selectRace(const core::Diagnostic& d) {
  if (!d.race) return false;
  if (m_selectedRace && *m_selectedRace == d) return true;
  m_selectedRace = d;
  changed();
  return true;
}

std::optional<core::Diagnostic> Session::currentRace() const {
  if (m_selectedRace) return m_selectedRace;
  if (const core::StepRecord* r = m_history.current())
    for (const auto& d : r->diags)
      if (d.race) return d;
  const auto& races = m_index.races();
  if (races.empty()) return std::nullopt;
  const std::uint64_t pos = m_history.position();
  for (auto it = races.rbegin(); it != races.rend(); ++it)
    if (it->record < pos) return it->diag;
  return races.front().diag;
}

std::uint64_t Session::positionOfStep(std::uint64_t step) const {
  // Records are in step order; an edit shares the step number of the step after it.
  std::uint64_t lo = m_history.earliest(), hi = m_history.size();
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (m_history.record(mid).step < step) lo = mid + 1;
    else hi = mid;
  }
  while (lo < m_history.size() && m_history.summary(lo).userEdit() && m_history.record(lo).step == step) ++lo;
  return std::min(lo + 1, m_history.size());
}

bool Session::goToRaceAccess(bool first) {
  const std::optional<core::Diagnostic> race = currentRace();
  if (!race) return false;
  const core::RaceAccess& a = first ? race->race->first : race->race->second;
  m_selectedRace = race;
  seek(positionOfStep(a.step));
  if (a.warp < state().warps.size()) m_focus.warp = a.warp;
  if (a.lane >= 0 && a.lane < core::kWarpSize) m_focus.lane = a.lane;
  changed();
  return true;
}

void Session::afterRun(const core::RunOutcome& o) {
  m_lastOutcome = o;
  if (m_follow)
    if (const core::StepRecord* r = m_history.current(); r && !r->userEdit) m_focus.warp = r->warp;
  if (o.steps > 0 || o.why == core::RunOutcome::Why::Breakpoint || o.stop == core::StopReason::StepBudget) changed();
}

core::RunOutcome Session::step(core::StepUnit unit, std::int32_t line, std::uint64_t budget) {
  core::RunRequest req;
  req.unit = unit;
  req.focusWarp = m_focus.warp;
  req.line = line;
  req.budget = std::max<std::uint64_t>(budget, 1);
  // Stepping one unit ignores breakpoints for its first step only (run control's rule).
  req.breakpoints = unit != core::StepUnit::Step;
  if (unit == core::StepUnit::Cycle) futureCut();  // a cycle picks warps itself
  const core::RunOutcome o = runBounded(req);
  afterRun(o);
  return o;
}

// The machine state counts executed steps (replaying the recorded future
// counts too), so the budget holds however the user moves around.
core::RunOutcome Session::runBounded(core::RunRequest req) {
  const std::uint64_t done = state().step;
  if (done >= m_maxSteps && !m_history.engine().finished()) {
    core::RunOutcome o;
    o.why = core::RunOutcome::Why::Stopped;
    o.stop = core::StopReason::StepBudget;
    return o;
  }
  req.budget = std::min(req.budget, m_maxSteps - done);
  core::RunOutcome o = core::runForward(m_history, m_breakpoints, req);
  if (o.why == core::RunOutcome::Why::Budget && state().step >= m_maxSteps) {
    o.why = core::RunOutcome::Why::Stopped;
    o.stop = core::StopReason::StepBudget;
  }
  return o;
}

std::string Session::stepBudgetNote() const {
  if (m_lastOutcome.stop != core::StopReason::StepBudget) return {};
  return fmt::format("stopped after {} steps without finishing (the step budget; a scenario sets it with "
                     "engine.max_steps); the program may loop forever. The lanes are at:{}",
                     state().step, m_history.engine().laneReport());
}

bool Session::stepBack() {
  if (!m_history.back()) {
    m_lastOutcome = {};
    m_lastOutcome.why = core::RunOutcome::Why::AtStart;
    return false;
  }
  core::RunOutcome o;
  o.steps = 1;
  afterRun(o);
  return true;
}

std::uint64_t Session::seek(std::uint64_t position) {
  const std::uint64_t before = m_history.position();
  // Seeking past the recorded steps executes new ones: at most the step
  // budget's worth (every executed step adds at least one record).
  const std::uint64_t reached = m_history.seek(std::min(position, std::max(m_maxSteps, m_history.size())));
  core::RunOutcome o;
  o.steps = reached > before ? reached - before : before - reached;
  // Short of the position: the program ended first. Past it: the position
  // lies before history().earliest(), dropped by the memory budget.
  o.why = reached == position ? core::RunOutcome::Why::Done
          : reached > position ? core::RunOutcome::Why::AtStart
                               : core::RunOutcome::Why::Finished;
  if (reached < position && state().step >= m_maxSteps && !m_history.engine().finished()) {
    o.why = core::RunOutcome::Why::Stopped;
    o.stop = core::StopReason::StepBudget;
  }
  afterRun(o);
  return reached;
}

core::RunOutcome Session::continueFor(std::uint64_t budget) {
  core::RunRequest req;
  req.unit = core::StepUnit::ToEnd;
  req.focusWarp = m_focus.warp;
  req.budget = std::max<std::uint64_t>(budget, 1);
  const core::RunOutcome o = runBounded(req);
  afterRun(o);
  return o;
}

core::RunOutcome Session::reverseContinueFor(std::uint64_t budget) {
  const core::RunOutcome o = core::runBackward(m_history, m_breakpoints, std::max<std::uint64_t>(budget, 1));
  afterRun(o);
  return o;
}

core::RunOutcome Session::runUntilPtxLine(std::int32_t line, std::uint64_t budget) {
  return step(core::StepUnit::ToPtxLine, line, budget);
}

core::RunOutcome Session::runUntilCudaLine(std::int32_t line, std::uint64_t budget) {
  return step(core::StepUnit::ToCudaLine, line, budget);
}

bool Session::toggleBreakpoint(std::int32_t ptxLine) {
  auto it = std::find_if(m_breakpoints.begin(), m_breakpoints.end(), [&](const core::Breakpoint& b) {
    return b.kind == core::Breakpoint::Kind::PtxLine && b.line == ptxLine;
  });
  bool set = false;
  if (it != m_breakpoints.end()) {
    m_breakpoints.erase(it);
  } else {
    core::Breakpoint b;
    b.kind = core::Breakpoint::Kind::PtxLine;
    b.line = ptxLine;
    m_breakpoints.push_back(b);
    set = true;
  }
  changed();
  return set;
}

void Session::addBreakpoint(const core::Breakpoint& b) {
  m_breakpoints.push_back(b);
  changed();
}

void Session::removeBreakpoint(std::size_t index) {
  if (index >= m_breakpoints.size()) return;
  m_breakpoints.erase(m_breakpoints.begin() + static_cast<std::ptrdiff_t>(index));
  changed();
}

void Session::setBreakpointEnabled(std::size_t index, bool enabled) {
  if (index >= m_breakpoints.size() || m_breakpoints[index].enabled == enabled) return;
  m_breakpoints[index].enabled = enabled;
  changed();
}

void Session::focusWarp(std::uint32_t warp) {
  if (warp >= state().warps.size() || warp == m_focus.warp) return;
  m_focus.warp = warp;
  changed();
}

void Session::focusLane(int lane) {
  if (lane < 0 || lane >= core::kWarpSize || lane == m_focus.lane) return;
  m_focus.lane = lane;
  changed();
}

void Session::focusCta(std::uint32_t cta) {
  if (cta >= state().ctas.size()) return;
  focusWarp(state().ctas[cta].firstWarp);
}

bool Session::editRegister(std::uint32_t warp, int lane, std::uint32_t reg, std::uint64_t value) {
  const auto& s = state();
  if (warp >= s.warps.size() || lane < 0 || lane >= core::kWarpSize || reg >= s.warps[warp].written.size()) return false;
  futureCut();
  m_history.editRegister(warp, lane, reg, value);
  changed();
  return true;
}

bool Session::editMemory(core::MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes, std::uint64_t value) {
  const auto& s = state();
  const std::vector<std::uint8_t>* v = nullptr;
  switch (region) {
    case core::MemRegion::Global: v = index < s.global.size() ? &s.global[index].bytes : nullptr; break;
    case core::MemRegion::Shared: v = index < s.ctas.size() ? &s.ctas[index].shared : nullptr; break;
    case core::MemRegion::Local: v = index < s.warps.size() ? &s.warps[index].local : nullptr; break;
    case core::MemRegion::Const: v = &s.constSeg; break;
    case core::MemRegion::Param: v = &s.params; break;
  }
  if (!v || bytes == 0 || bytes > 8 || offset + bytes > v->size()) return false;
  futureCut();
  m_history.editMemory(region, index, offset, bytes, value);
  changed();
  return true;
}

void Session::setMode(core::ExecMode mode) {
  core::EngineOptions o = options();
  if (o.mode == mode) return;
  o.mode = mode;
  futureCut();
  m_history.setOptions(o);
  changed();
}

void Session::setAsyncCompletion(core::AsyncCompletion order) {
  core::EngineOptions o = options();
  if (o.asyncCompletion == order) return;
  o.asyncCompletion = order;
  futureCut();
  m_history.setOptions(o);
  changed();
}

bool Session::completeAsync(std::uint64_t id) {
  futureCut();
  const core::StepResult r = m_history.completeAsync(id);
  core::RunOutcome o;
  o.steps = r.executed ? 1 : 0;
  o.stop = r.stop;
  afterRun(o);
  return r.executed;
}

void Session::setRegisterFormat(std::uint32_t reg, ValueFormat f) {
  for (auto& [r, fmt] : m_viewOptions.regFormats)
    if (r == reg) {
      if (fmt == f) return;
      fmt = f;
      changed();
      return;
    }
  m_viewOptions.regFormats.emplace_back(reg, f);
  changed();
}

void Session::addSourceSearchDir(std::string dir) {
  m_sources.addSearchDir(std::move(dir));
  changed();
}

int Session::addObserver(Observer o) {
  const int id = m_nextObserver++;
  m_observers.emplace_back(id, std::move(o));
  return id;
}

void Session::removeObserver(int id) {
  std::erase_if(m_observers, [&](const auto& p) { return p.first == id; });
}

Frame Session::frame() const {
  Frame f;
  f.program = &m_history.program();
  f.state = &m_history.state();
  f.launch = &m_launch;
  f.record = m_history.current();
  f.records = &m_records;
  f.position = m_history.position();
  f.breakpoints = &m_breakpoints;
  f.focus = m_focus;
  f.options = m_viewOptions;
  f.narration = &m_narration;
  f.sources = &m_sources;
  f.engine = &m_history.engine();
  f.selectedRace = selectedRace();
  return f;
}

const HistoryIndex& Session::index() {
  m_index.sync(program(), state(), m_records);
  return m_index;
}

const ViewSet& Session::views() {
  if (m_viewsRevision != m_revision) {
    m_views = buildViews(frame(), index());
    m_viewsRevision = m_revision;
  }
  return m_views;
}

}  // namespace ws::ui
