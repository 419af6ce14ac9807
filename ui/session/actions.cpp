#include "ui/session/actions.hpp"

#include <array>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

using core::StepUnit;
constexpr Shortcut key(Key k) { return Shortcut{k, false, false, false}; }
constexpr Shortcut shift(Key k) { return Shortcut{k, false, true, false}; }
constexpr Shortcut ctrl(Key k) { return Shortcut{k, true, false, false}; }
constexpr Shortcut ctrlShift(Key k) { return Shortcut{k, true, true, false}; }
constexpr Shortcut alt(Key k) { return Shortcut{k, false, false, true}; }
constexpr Shortcut none() { return Shortcut{}; }

// The usual debugger keys (Visual Studio, Nsight, RenderDoc): F5 continue,
// F10 step, F11 step into, F9 breakpoint; Shift goes backwards in time.
constexpr std::array<ActionInfo, static_cast<std::size_t>(ActionId::Count)> kActions{{
    {ActionId::Continue, "continue", "Continue", "Debug", false, key(Key::F5),
     "Run forward until a breakpoint, undefined behaviour or the end"},
    {ActionId::ReverseContinue, "reverse-continue", "Reverse continue", "Debug", false, shift(Key::F5),
     "Run backward in time to the previous breakpoint or step 0"},
    {ActionId::StepOver, "step-over", "Step", "Debug", false, key(Key::F10),
     "Step one unit (see Step unit); a call runs to its return"},
    {ActionId::StepBack, "step-back", "Step back", "Debug", false, shift(Key::F10),
     "Undo the last step exactly"},
    {ActionId::StepInto, "step-into", "Step into", "Debug", false, key(Key::F11),
     "Execute the focused warp's next instruction, entering calls"},
    {ActionId::StepBackInto, "step-back-into", "Step back into", "Debug", false, shift(Key::F11),
     "Undo the last step exactly"},
    {ActionId::RunToCursor, "run-to-cursor", "Run to cursor", "Debug", false, ctrl(Key::F10),
     "Run until an instruction on the selected PTX line is next"},
    {ActionId::ToggleBreakpoint, "toggle-breakpoint", "Toggle breakpoint", "Debug", false, key(Key::F9),
     "Set or clear a breakpoint on the selected PTX line"},
    {ActionId::Restart, "restart", "Go to start", "Debug", false, ctrlShift(Key::F5),
     "Go back to step 0 (the recorded steps are kept)"},
    {ActionId::RunToEnd, "run-to-end", "Run to end", "Debug", false, ctrl(Key::F5),
     "Run to the end, ignoring breakpoints"},
    // F8 goes to a race's accesses (the "next error" key of Visual Studio's
    // error list); Shift goes back in time, to the earlier one.
    {ActionId::GoToRaceFirst, "race-first-access", "Go to race's first access", "Debug", false, shift(Key::F8),
     "Go to the step of the selected race's earlier access and focus its lane"},
    {ActionId::GoToRaceSecond, "race-second-access", "Go to race's second access", "Debug", false, key(Key::F8),
     "Go to the step of the selected race's later access (where it was found) and focus its lane"},
    {ActionId::UnitWarpInstruction, "unit-warp-instruction", "Warp instruction", "Step unit", true, alt(Key::Digit1),
     "Step executes one instruction of the focused warp"},
    {ActionId::UnitCycle, "unit-cycle", "All warps (cycle)", "Step unit", true, alt(Key::Digit2),
     "Step executes one instruction in every warp that can run"},
    {ActionId::UnitCollective, "unit-collective", "To next collective", "Step unit", true, alt(Key::Digit3),
     "Step runs until a shfl, vote, match, redux or activemask has executed"},
    {ActionId::UnitBarrier, "unit-barrier", "To next barrier", "Step unit", true, alt(Key::Digit4),
     "Step runs until a barrier has executed"},
    {ActionId::UnitAtomic, "unit-atomic", "To next atomic", "Step unit", true, alt(Key::Digit5),
     "Step runs until an atom, red or red.async has executed"},
    {ActionId::UnitMbarrierPhase, "unit-mbarrier-phase", "To next mbarrier phase", "Step unit", true,
     alt(Key::Digit6), "Step runs until an mbarrier completes a phase"},
    {ActionId::UnitDiagnostic, "unit-diagnostic", "To next diagnostic", "Step unit", true, alt(Key::Digit7),
     "Step runs until a step reports a diagnostic"},
    {ActionId::ModeStrict, "mode-strict", "Strict (stop at undefined behaviour)", "Mode", true, none(),
     "Stop at undefined behaviour and explain which lane broke which rule"},
    {ActionId::ModeHardware, "mode-hardware", "Hardware (go on as an H100 does)", "Mode", true, ctrl(Key::H),
     "Report undefined behaviour and go on with what an H100 computes"},
    {ActionId::AsyncOldest, "async-oldest", "Oldest first", "Async", true, none(),
     "In-flight red.async operations complete oldest first, one per scheduler turn"},
    {ActionId::AsyncNewest, "async-newest", "Newest first", "Async", true, none(),
     "In-flight red.async operations complete newest first"},
    {ActionId::AsyncLazy, "async-lazy", "As late as possible", "Async", true, none(),
     "red.async operations complete only when nothing else can run"},
    {ActionId::AsyncManual, "async-manual", "Manually", "Async", true, none(),
     "red.async operations complete only when you complete them"},
    {ActionId::NextLane, "next-lane", "Next lane", "Focus", false, alt(Key::Right), "Focus the next lane"},
    {ActionId::PrevLane, "prev-lane", "Previous lane", "Focus", false, alt(Key::Left), "Focus the previous lane"},
    {ActionId::NextWarp, "next-warp", "Next warp", "Focus", false, alt(Key::Down), "Focus the next warp"},
    {ActionId::PrevWarp, "prev-warp", "Previous warp", "Focus", false, alt(Key::Up), "Focus the previous warp"},
    {ActionId::NextCta, "next-cta", "Next CTA", "Focus", false, alt(Key::PageDown), "Focus the next CTA"},
    {ActionId::PrevCta, "prev-cta", "Previous CTA", "Focus", false, alt(Key::PageUp), "Focus the previous CTA"},
    // F11 (full screen elsewhere) is step into here, so presentation takes F12; Esc leaves it.
    {ActionId::Presentation, "presentation", "Presentation mode", "View", true, key(Key::F12),
     "Full screen for a projector: large type, autoplay and narration captions (Esc leaves)"},
    {ActionId::PredictMode, "predict-mode", "Predict mode", "View", true, ctrlShift(Key::P),
     "Before a collective or atomic runs, hide its result and let the audience guess"},
}};

constexpr bool tableInOrder() {
  for (std::size_t i = 0; i < kActions.size(); ++i)
    if (static_cast<std::size_t>(kActions[i].id) != i) return false;
  return true;
}
static_assert(tableInOrder(), "kActions must list every ActionId in declaration order");

std::optional<StepUnit> unitOf(ActionId id) {
  switch (id) {
    case ActionId::UnitWarpInstruction: return StepUnit::WarpInstruction;
    case ActionId::UnitCycle: return StepUnit::Cycle;
    case ActionId::UnitCollective: return StepUnit::NextCollective;
    case ActionId::UnitBarrier: return StepUnit::NextBarrier;
    case ActionId::UnitAtomic: return StepUnit::NextAtomic;
    case ActionId::UnitMbarrierPhase: return StepUnit::NextMbarrierPhase;
    case ActionId::UnitDiagnostic: return StepUnit::NextDiagnostic;
    default: return std::nullopt;
  }
}

std::optional<core::AsyncCompletion> asyncOf(ActionId id) {
  switch (id) {
    case ActionId::AsyncOldest: return core::AsyncCompletion::Oldest;
    case ActionId::AsyncNewest: return core::AsyncCompletion::Newest;
    case ActionId::AsyncLazy: return core::AsyncCompletion::Lazy;
    case ActionId::AsyncManual: return core::AsyncCompletion::Manual;
    default: return std::nullopt;
  }
}

bool canGoForward(const Session& s) { return !s.finished(); }
bool canGoBack(const Session& s) { return s.position() > 0; }

// The next instruction of the focused warp: the one at the lowest PC among
// its ready lanes (the min-PC policy runs that group next).
const core::Instr* nextInstrOfFocus(const Session& s) {
  const auto& warps = s.state().warps;
  if (s.focus().warp >= warps.size()) return nullptr;
  const core::WarpControl& c = warps[s.focus().warp].ctl;
  std::uint32_t best = UINT32_MAX;
  for (int l = 0; l < core::kWarpSize; ++l)
    if ((c.ready() >> l) & 1u) best = std::min(best, c.pc[static_cast<std::size_t>(l)]);
  if (best == UINT32_MAX || best >= s.program().instrs.size()) return nullptr;
  return &s.program().instrs[best];
}

// Step over: a call runs until the instruction after it is next.
core::RunOutcome stepOver(Session& s, const DebuggerChoices& c, std::uint64_t budget) {
  if (c.unit == StepUnit::WarpInstruction) {
    const core::Instr* ins = nextInstrOfFocus(s);
    if (ins && ins->op == core::Opcode::Call) {
      const auto next = static_cast<std::size_t>(ins - s.program().instrs.data()) + 1;
      if (next < s.program().instrs.size()) return s.runUntilPtxLine(s.program().instrs[next].pos.line, budget);
    }
  }
  return s.step(c.unit, 0, budget);
}

void cycleFocus(Session& s, ActionId id) {
  const auto warps = static_cast<std::uint32_t>(s.state().warps.size());
  const auto ctas = static_cast<std::uint32_t>(s.state().ctas.size());
  const Focus f = s.focus();
  switch (id) {
    case ActionId::NextLane: s.focusLane((f.lane + 1) % core::kWarpSize); break;
    case ActionId::PrevLane: s.focusLane((f.lane + core::kWarpSize - 1) % core::kWarpSize); break;
    case ActionId::NextWarp: s.focusWarp((f.warp + 1) % warps); break;
    case ActionId::PrevWarp: s.focusWarp((f.warp + warps - 1) % warps); break;
    case ActionId::NextCta:
    case ActionId::PrevCta: {
      const std::uint32_t cta = s.state().warps[f.warp].cta;
      s.focusCta(id == ActionId::NextCta ? (cta + 1) % ctas : (cta + ctas - 1) % ctas);
      break;
    }
    default: break;
  }
}

}  // namespace

std::span<const ActionInfo> allActions() { return kActions; }

const ActionInfo& actionInfo(ActionId id) { return kActions[static_cast<std::size_t>(id)]; }

std::optional<ActionId> actionByName(std::string_view name) {
  for (const ActionInfo& a : kActions)
    if (a.name == name) return a.id;
  return std::nullopt;
}

std::optional<ActionId> actionForShortcut(const Shortcut& s) {
  if (s.key == Key::None) return std::nullopt;
  for (const ActionInfo& a : kActions)
    if (a.shortcut == s) return a.id;
  return std::nullopt;
}

std::string shortcutText(const Shortcut& s) {
  static constexpr std::array<std::string_view, 27> kNames{
      "", "F5", "F9", "F10", "F11", "Left", "Right", "Up", "Down", "PgUp", "PgDown", "Home",
      "End", "1", "2", "3", "4", "5", "6", "7", "8", "9", "H", "S", "F12", "P", "F8"};
  if (s.key == Key::None) return {};
  std::string out;
  if (s.ctrl) out += "Ctrl+";
  if (s.alt) out += "Alt+";
  if (s.shift) out += "Shift+";
  out += kNames[static_cast<std::size_t>(s.key)];
  return out;
}

bool actionEnabled(ActionId id, const Session& s, const DebuggerChoices& c) {
  switch (id) {
    case ActionId::Continue:
    case ActionId::StepOver:
    case ActionId::StepInto:
    case ActionId::RunToEnd: return canGoForward(s);
    case ActionId::RunToCursor: return canGoForward(s) && c.cursorLine > 0;
    case ActionId::ReverseContinue:
    case ActionId::StepBack:
    case ActionId::StepBackInto:
    case ActionId::Restart: return canGoBack(s);
    case ActionId::ToggleBreakpoint: return c.cursorLine > 0;
    case ActionId::GoToRaceFirst:
    case ActionId::GoToRaceSecond: return s.currentRace().has_value();
    case ActionId::NextWarp:
    case ActionId::PrevWarp: return s.state().warps.size() > 1;
    case ActionId::NextCta:
    case ActionId::PrevCta: return s.state().ctas.size() > 1;
    default: return true;
  }
}

bool actionChecked(ActionId id, const Session& s, const DebuggerChoices& c) {
  if (const auto u = unitOf(id)) return *u == c.unit;
  if (const auto a = asyncOf(id)) return *a == s.options().asyncCompletion;
  if (id == ActionId::ModeStrict) return s.options().mode == core::ExecMode::Strict;
  if (id == ActionId::ModeHardware) return s.options().mode == core::ExecMode::Hardware;
  if (id == ActionId::Presentation) return c.presenting;
  if (id == ActionId::PredictMode) return c.predicting;
  return false;
}

bool actionIsLong(ActionId id) {
  return id == ActionId::Continue || id == ActionId::ReverseContinue || id == ActionId::RunToEnd ||
         id == ActionId::RunToCursor;
}

core::RunOutcome runAction(ActionId id, Session& s, DebuggerChoices& c, std::uint64_t budget) {
  core::RunOutcome none;
  none.why = core::RunOutcome::Why::NothingToRun;
  if (const auto u = unitOf(id)) {
    c.unit = *u;
    return none;
  }
  if (const auto a = asyncOf(id)) {
    s.setAsyncCompletion(*a);
    return none;
  }
  if (id == ActionId::Presentation) {
    c.presenting = !c.presenting;
    return none;
  }
  if (id == ActionId::PredictMode) {
    c.predicting = !c.predicting;
    return none;
  }
  if (!actionEnabled(id, s, c)) return none;
  switch (id) {
    case ActionId::Continue: return s.continueFor(budget);
    case ActionId::ReverseContinue: return s.reverseContinueFor(budget);
    case ActionId::StepOver: return stepOver(s, c, budget);
    case ActionId::StepInto: return s.step(StepUnit::WarpInstruction);
    case ActionId::StepBack:
    case ActionId::StepBackInto: s.stepBack(); return s.lastOutcome();
    case ActionId::RunToCursor: return s.runUntilPtxLine(c.cursorLine, budget);
    case ActionId::ToggleBreakpoint: s.toggleBreakpoint(c.cursorLine); return none;
    case ActionId::Restart: s.seek(0); return s.lastOutcome();
    case ActionId::RunToEnd: return s.step(StepUnit::ToEnd, 0, budget);
    case ActionId::GoToRaceFirst:
    case ActionId::GoToRaceSecond: s.goToRaceAccess(id == ActionId::GoToRaceFirst); return s.lastOutcome();
    case ActionId::ModeStrict: s.setMode(core::ExecMode::Strict); return none;
    case ActionId::ModeHardware:
      // Ctrl+H toggles: pressing it in hardware mode goes back to strict.
      s.setMode(s.options().mode == core::ExecMode::Hardware ? core::ExecMode::Strict : core::ExecMode::Hardware);
      return none;
    default: cycleFocus(s, id); return none;
  }
}

std::string describeOutcome(const core::RunOutcome& o, const Session& s) {
  using Why = core::RunOutcome::Why;
  const std::string at = fmt::format("step {}", s.position());
  switch (o.why) {
    case Why::Breakpoint: {
      if (o.breakpoint >= 0 && static_cast<std::size_t>(o.breakpoint) < s.breakpoints().size()) {
        const core::Breakpoint& b = s.breakpoints()[static_cast<std::size_t>(o.breakpoint)];
        if (b.kind == core::Breakpoint::Kind::PtxLine)
          return fmt::format("Stopped at breakpoint {} (PTX line {}), {}", o.breakpoint + 1, b.line, at);
        return fmt::format("Stopped at breakpoint {}, {}", o.breakpoint + 1, at);
      }
      return fmt::format("Stopped at a breakpoint, {}", at);
    }
    case Why::Finished: return fmt::format("Finished: every thread exited ({} steps)", s.position());
    case Why::Stopped: {
      if (o.stop == core::StopReason::StepBudget) {
        // One line for a status bar: the note's lane list joined with "; ".
        const std::string note = s.stepBudgetNote();
        std::string line;
        for (std::size_t i = 0; i < note.size(); ++i) {
          if (note.compare(i, 3, "\n  ") != 0) {
            line += note[i];
            continue;
          }
          line += !line.empty() && line.back() == ':' ? " " : "; ";
          i += 2;
        }
        return fmt::format("Stopped, {}: {}", at, line);
      }
      const core::StepRecord* r = s.history().current();
      if (r && !r->diags.empty())
        return fmt::format("Stopped, {}: {} ({})", at, r->diags.front().message,
                           core::diagSlug(r->diags.front().kind));
      switch (o.stop) {
        case core::StopReason::Deadlock: return fmt::format("Stopped, {}: deadlock, every live lane waits", at);
        case core::StopReason::Trap: return fmt::format("Stopped, {}: trap executed", at);
        case core::StopReason::Breakpoint: return fmt::format("Stopped, {}: brkpt executed", at);
        default: return fmt::format("Stopped, {}", at);
      }
    }
    case Why::Budget: return fmt::format("Running… {}", at);
    case Why::AtStart:
      if (s.history().earliest() > 0) return fmt::format("At {}, the earliest step kept: {}", at, s.historyNote());
      return "At step 0: nothing to step back";
    case Why::NothingToRun: {
      // Stepping one warp's instruction when that warp is blocked does nothing:
      // say why and what to do instead.
      const auto& warps = s.state().warps;
      const std::uint32_t w = s.focus().warp;
      if (!s.finished() && w < warps.size() && warps[w].ctl.ready() == 0 && warps.size() > 1)
        return fmt::format("Warp {} cannot run now (its lanes wait or have exited): focus another warp ({}) or "
                           "step all warps ({}), {}",
                           w, shortcutText(actionInfo(ActionId::NextWarp).shortcut),
                           shortcutText(actionInfo(ActionId::UnitCycle).shortcut), at);
      return fmt::format("Nothing to run, {}", at);
    }
    case Why::Done: break;
  }
  return fmt::format("Paused, {}", at);
}

}  // namespace ws::ui
