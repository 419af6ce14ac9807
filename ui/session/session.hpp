#pragma once
// One debugging session: a loaded program and launch, its time-travel
// history, breakpoints and what the person focuses on, with the commands both
// front ends bind to buttons and keys. Every change bumps a revision and calls
// the registered observers; the session never calls a UI toolkit. Views are
// rebuilt lazily, once per revision.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/scenario/lesson/question.hpp"
#include "core/trace/history.hpp"
#include "core/trace/run_control.hpp"
#include "ui/frame/frame.hpp"
#include "ui/views/history_index.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {

// What a session is made from. A .ptx plus command-line launch fills it
// directly; a scenario file (core/scenario) converts into one.
struct SessionSource {
  std::shared_ptr<const core::Program> program;
  core::LaunchConfig launch;
  core::EngineOptions options;
  std::vector<core::Breakpoint> breakpoints;
  std::string title;  // shown in window titles and exports
  std::vector<core::Narration> narration;  // a scenario's narration, shown at its steps / PTX lines
  core::LessonInfo lesson;                 // its goal, prerequisites and authored questions
  // Executed steps after which forward commands stop (an endless loop ends
  // there with lastOutcome().stop == StepBudget and stepBudgetNote() set).
  std::uint64_t maxSteps = core::kDefaultMaxSteps;
};

class Session {
 public:
  using Observer = std::function<void(const Session&)>;

  // The launch error text instead of a session when the engine refuses it.
  static std::variant<std::unique_ptr<Session>, std::string> create(SessionSource src, core::HistoryOptions h = {});
  static std::variant<std::unique_ptr<Session>, std::string> create(std::shared_ptr<const core::Program> program,
                                                                    const core::LaunchConfig& launch,
                                                                    const core::EngineOptions& options = {});

  // A session over an engine made elsewhere (a scenario's, with its snippet
  // registers already set); `meta` supplies title, breakpoints and narration.
  static std::unique_ptr<Session> fromEngine(core::Engine engine, SessionSource meta, core::HistoryOptions h = {});

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // ---- what is shown
  const std::string& title() const { return m_title; }
  const core::Program& program() const { return m_history.program(); }
  const core::LaunchConfig& launch() const { return m_launch; }
  const core::History& history() const { return m_history; }
  const core::MachineState& state() const { return m_history.state(); }
  const core::EngineOptions& options() const { return m_history.engine().options(); }
  std::uint64_t position() const { return m_history.position(); }
  bool finished() const { return m_history.engine().finished() && m_history.position() >= m_history.size(); }
  std::uint64_t revision() const { return m_revision; }
  const Focus& focus() const { return m_focus; }
  const std::vector<core::Breakpoint>& breakpoints() const { return m_breakpoints; }
  // Why the last command stopped.
  const core::RunOutcome& lastOutcome() const { return m_lastOutcome; }
  const std::vector<core::Narration>& narration() const { return m_narration; }
  const core::LessonInfo& lesson() const { return m_lesson; }
  // Non-empty when the last command stopped at the step budget: how many
  // steps ran and where every lane stands (what it waits for).
  std::string stepBudgetNote() const;
  void setStepBudget(std::uint64_t maxSteps) { m_maxSteps = maxSteps; }
  // Non-empty once the history's memory budget dropped the oldest steps: the
  // front ends show it (steps before history().earliest() cannot be revisited).
  std::string historyNote() const { return m_history.droppedNote(); }

  // ---- stepping (forward commands execute new steps or replay the recorded future)
  // Completes one unit (a step, the focused warp's next instruction, a cycle,
  // up to the next collective...), at most `budget` steps.
  core::RunOutcome step(core::StepUnit unit = core::StepUnit::Step, std::int32_t line = 0, std::uint64_t budget = 1'000'000);
  bool stepBack();
  std::uint64_t seek(std::uint64_t position);
  // Continues in chunks: call again while the outcome's why is Budget (once
  // per frame or timer tick); stops at breakpoints and at the end.
  core::RunOutcome continueFor(std::uint64_t budget);
  core::RunOutcome reverseContinueFor(std::uint64_t budget);
  core::RunOutcome runUntilPtxLine(std::int32_t line, std::uint64_t budget = 1'000'000);
  core::RunOutcome runUntilCudaLine(std::int32_t line, std::uint64_t budget = 1'000'000);

  // ---- breakpoints
  // Adds a breakpoint on a PTX line, or removes the one there. Returns whether one is now set.
  bool toggleBreakpoint(std::int32_t ptxLine);
  void addBreakpoint(const core::Breakpoint& b);
  void removeBreakpoint(std::size_t index);
  void setBreakpointEnabled(std::size_t index, bool enabled);

  // ---- focus
  void focusWarp(std::uint32_t warp);
  void focusLane(int lane);
  // The first warp of a CTA (linear CTA index), keeping the lane.
  void focusCta(std::uint32_t cta);
  // After each step, focus the warp that executed it (default on).
  void setFollowExecution(bool follow) { m_follow = follow; }

  // ---- races
  // The race the person works on (chosen in the Diagnostics panel, or the
  // last one gone to); null when none. A race must carry its accesses (d.race).
  const core::Diagnostic* selectedRace() const { return m_selectedRace ? &*m_selectedRace : nullptr; }
  bool selectRace(const core::Diagnostic& d);
  // What "go to first/second access" acts on: the selected race, else the one
  // this step reported, else the latest reported before here, else the first
  // one recorded; nullopt when the history holds none.
  std::optional<core::Diagnostic> currentRace() const;
  // Goes to the moment after the current race's first (or second) access and
  // focuses the lane that made it; the race stays selected, so the other
  // access is one command away. False when there is no race to go to.
  bool goToRaceAccess(bool first);
  // The history position just after executed step `step` (the engine's
  // 0-based step counter, as Diagnostic::step and RaceAccess::step count).
  std::uint64_t positionOfStep(std::uint64_t step) const;

  // ---- journaled edits (they cut off the recorded future)
  bool editRegister(std::uint32_t warp, int lane, std::uint32_t reg, std::uint64_t value);
  bool editRegister(int lane, std::uint32_t reg, std::uint64_t value) { return editRegister(m_focus.warp, lane, reg, value); }
  bool editMemory(core::MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes, std::uint64_t value);

  // ---- policies (changing one cuts off the recorded future)
  void setMode(core::ExecMode mode);
  void setAsyncCompletion(core::AsyncCompletion order);
  // Retire one in-flight red.async now (by its id).
  bool completeAsync(std::uint64_t id);

  // ---- display choices
  void setRegisterFormat(std::uint32_t reg, ValueFormat f);
  // Where CUDA sources named by .file are looked for when their recorded path does not exist.
  void addSourceSearchDir(std::string dir);

  // ---- change notification
  int addObserver(Observer o);
  void removeObserver(int id);

  // ---- views
  Frame frame() const;
  const ViewSet& views();
  const HistoryIndex& index();

 private:
  Session(core::History h, SessionSource src);
  void changed();
  void afterRun(const core::RunOutcome& o);
  // The recorded future from the current position is about to be dropped.
  void futureCut();
  // runForward within the step budget.
  core::RunOutcome runBounded(core::RunRequest req);

  class HistoryRecords final : public RecordSource {
   public:
    explicit HistoryRecords(const core::History& h) : m_h(h) {}
    std::uint64_t size() const override { return m_h.size(); }
    std::uint64_t first() const override { return m_h.earliest(); }
    const core::StepRecord& at(std::uint64_t i) const override { return m_h.record(i); }
    Brief brief(std::uint64_t i) const override {
      const core::StepSummary& s = m_h.summary(i);
      return {s.pc(), s.userEdit(), s.completedAsync()};
    }

   private:
    const core::History& m_h;
  };

  core::History m_history;
  core::LaunchConfig m_launch;
  std::string m_title;
  std::vector<core::Breakpoint> m_breakpoints;
  std::vector<core::Narration> m_narration;
  core::LessonInfo m_lesson;
  std::uint64_t m_maxSteps = core::kDefaultMaxSteps;
  Focus m_focus;
  bool m_follow = true;
  std::optional<core::Diagnostic> m_selectedRace;
  ViewOptions m_viewOptions;
  core::RunOutcome m_lastOutcome;
  std::uint64_t m_revision = 1;
  std::vector<std::pair<int, Observer>> m_observers;
  int m_nextObserver = 1;
  HistoryRecords m_records{m_history};
  HistoryIndex m_index;
  mutable SourceCache m_sources;
  ViewSet m_views;
  std::uint64_t m_viewsRevision = 0;
};

}  // namespace ws::ui
