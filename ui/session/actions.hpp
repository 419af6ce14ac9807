#pragma once
// The debugger's commands, declared once for every front end: the stable name,
// the label and menu it appears in, its keyboard shortcut, whether it can run
// now, whether it shows as checked, and what it does to a Session. The Qt app
// turns each into a QAction and the ImGui viewer into a menu item and a key
// binding, so both offer the same commands under the same keys.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/trace/run_control.hpp"

namespace ws::ui {

class Session;

enum class ActionId : std::uint8_t {
  // Debug
  Continue,
  ReverseContinue,
  StepOver,
  StepBack,
  StepInto,
  StepBackInto,
  RunToCursor,
  ToggleBreakpoint,
  Restart,
  RunToEnd,
  GoToRaceFirst,
  GoToRaceSecond,
  // Stepping unit (one of them is checked)
  UnitWarpInstruction,
  UnitCycle,
  UnitCollective,
  UnitBarrier,
  UnitAtomic,
  UnitMbarrierPhase,
  UnitDiagnostic,
  // Mode
  ModeStrict,
  ModeHardware,
  // red.async completion order
  AsyncOldest,
  AsyncNewest,
  AsyncLazy,
  AsyncManual,
  // Focus
  NextLane,
  PrevLane,
  NextWarp,
  PrevWarp,
  NextCta,
  PrevCta,
  // View (front-end state kept in DebuggerChoices)
  Presentation,
  PredictMode,
  Count,
};

// Keys a shortcut can use; front ends map them to their own key codes.
enum class Key : std::uint8_t {
  None, F5, F9, F10, F11, Left, Right, Up, Down, PageUp, PageDown, Home, End,
  Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9, H, S, F12, P, F8,
};

struct Shortcut {
  Key key = Key::None;
  bool ctrl = false;
  bool shift = false;
  bool alt = false;
  bool operator==(const Shortcut&) const = default;
};

struct ActionInfo {
  ActionId id;
  std::string_view name;   // stable, for settings and scripting: "step-over"
  std::string_view label;  // menu text: "Step"
  std::string_view menu;   // "Debug", "Step unit", "Mode", "Async", "Focus", "View"
  bool checkable;          // shown with a check mark (radio groups share a menu)
  Shortcut shortcut;
  std::string_view tip;    // one sentence for tooltips and the status bar
};

std::span<const ActionInfo> allActions();
const ActionInfo& actionInfo(ActionId id);
std::optional<ActionId> actionByName(std::string_view name);
// The action bound to a key chord, if any.
std::optional<ActionId> actionForShortcut(const Shortcut& s);
// "Ctrl+Shift+F5": the portable text Qt's QKeySequence reads, and what menus show.
std::string shortcutText(const Shortcut& s);

// What the person chose that is not session state: the stepping unit that
// Step uses, and the listing line under the cursor (for run to cursor).
struct DebuggerChoices {
  core::StepUnit unit = core::StepUnit::WarpInstruction;
  std::int32_t cursorLine = 0;  // PTX line, 0 = none
  // Lecture modes: presentation (full screen, projector theme, autoplay,
  // captions) and predict (the audience guesses a collective's or atomic's
  // result before it runs). The actions toggle them; front ends show them.
  bool presenting = false;
  bool predicting = false;
  bool operator==(const DebuggerChoices&) const = default;
};

bool actionEnabled(ActionId id, const Session& s, const DebuggerChoices& c);
bool actionChecked(ActionId id, const Session& s, const DebuggerChoices& c);

// Long actions (continue, reverse continue, run to end, run to cursor) run
// at most `budget` steps per call; an outcome with why == Budget means "call
// again" (see RunDriver). Others complete at once.
bool actionIsLong(ActionId id);
core::RunOutcome runAction(ActionId id, Session& s, DebuggerChoices& c, std::uint64_t budget = 100'000);

// Why a run stopped, in words for the status bar: "Stopped at breakpoint 2
// (PTX line 41)", "Finished after 312 steps", "Undefined behaviour: ...".
std::string describeOutcome(const core::RunOutcome& o, const Session& s);

}  // namespace ws::ui
