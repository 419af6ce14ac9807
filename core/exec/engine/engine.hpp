#pragma once
// The machine: a loaded program, one launch's state, and the policies that
// pick what runs next. It executes one warp instruction per step and can
// record each step's journal; it never calls a UI (the UI pulls steps).
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/exec/state/launch.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/exec/engine/options.hpp"
#include "core/exec/engine/pick.hpp"
#include "core/exec/engine/uniform_op.hpp"
#include "core/exec/races/race_checker.hpp"
#include "core/ptx/program.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {
namespace hw {
enum class SyncLowering : std::uint8_t;  // core/exec/diagnostics/hw_rules.hpp
}  // namespace hw

class ExecCtx;

enum class StopReason : std::uint8_t {
  None,        // can go on
  Finished,    // every thread exited (and no async operation in flight)
  Diagnostic,  // strict mode stopped at undefined behaviour / an error
  Deadlock,    // every live lane waits and nothing can release it
  StepBudget,  // run() reached its step limit
  Trap,        // trap executed
  Breakpoint,  // brkpt executed
};

struct StepResult {
  bool executed = false;  // false when nothing could run
  StopReason stop = StopReason::None;
};

struct RunResult {
  std::uint64_t steps = 0;
  StopReason stop = StopReason::None;
  std::vector<Diagnostic> diags;  // every diagnostic reported during the run
  std::vector<PrintedText> printed;  // what the kernel printed (printf, assert) during the run
  std::vector<ForcedPick> forced;    // the steps a chooser took in place of the policy (run with a chooser)
};

class Engine {
 public:
  // Validates the launch against the program and the limits; returns an error
  // message instead of an engine when it cannot run.
  static std::variant<Engine, std::string> create(std::shared_ptr<const Program> program, const LaunchConfig& launch,
                                                  const EngineOptions& options = {}, const Limits& limits = {});

  const Program& program() const { return *m_program; }
  const LaunchConfig& launch() const { return m_launch; }
  const MachineState& state() const { return m_state; }
  // For history restore and user edits (journaled by the caller). The
  // scheduler's knowledge of where converged warps stand is dropped.
  MachineState& mutableState() {
    forgetUniformPcs();
    forgetHangWatch();
    return m_state;
  }
  const EngineOptions& options() const { return m_options; }
  // Turning race checking on starts a detector that knows nothing of the
  // accesses before (History keeps one with each checkpoint instead).
  void setOptions(const EngineOptions& o) {
    if (o == m_options) return;
    const bool races = m_options.checkRaces;
    m_options = o;
    forgetHangWatch();
    if (o.checkRaces != races) resetRaces();
  }
  // The race detector's state (empty when races are not checked): History
  // keeps a copy with each checkpoint, so executing again from one finds
  // the same races.
  const std::optional<race::RaceChecker>& raceState() const { return m_races; }
  void setRaceState(const std::optional<race::RaceChecker>& r) {
    if (!m_options.checkRaces) return;
    if (r) m_races = r;
    else resetRaces();  // kept while races were not checked: start afresh
  }
  // Whether step() watches for hangs (engine_hang.cpp; on by default). A
  // history replaying recorded steps turns it off: the replay must take the
  // steps the run took, and a watch started afresh mid-run may find the
  // repeat at another step than the run's did.
  void setHangWatch(bool on) {
    m_watchHangs = on;
    forgetHangWatch();
  }
  // From now on every instruction takes its general handler: the whole-warp
  // forms (core/exec/engine/uniform_op.hpp) are a speed-up only, and the tests
  // compare the two paths step by step.
  void useGeneralPathOnly();
  std::uint32_t entry() const { return m_entry; }
  std::uint32_t threadsPerCta() const { return m_threadsPerCta; }
  std::uint64_t localBytesPerThread() const { return m_localBytes; }
  // Lane-instructions executed by this engine object (a throughput statistic;
  // not part of the machine state, not rewound by history).
  std::uint64_t laneInstructions() const { return m_laneInstructions; }

  // Everything exited and nothing is in flight.
  bool finished() const;
  // One warp instruction (or one async completion) chosen by the scheduler.
  StepResult step(StepRecord* rec = nullptr);
  // One warp instruction of warp `w` (its lowest-PC ready group). Returns
  // executed = false when that warp cannot run now.
  StepResult stepWarp(std::uint32_t w, StepRecord* rec = nullptr);
  // Retire in-flight async operation `id` now (the Manual completion policy,
  // or a user choice under any policy).
  StepResult completeAsync(std::uint64_t id, StepRecord* rec = nullptr);
  // Steps until finished, stopped, or maxSteps; with a chooser, it picks
  // each step while it is choosing (engine_choice.cpp).
  RunResult run(std::uint64_t maxSteps, Chooser* chooser = nullptr);

  // Schedules other than the policy's (engine_choice.cpp; core/explore/
  // searches them). Every choice the next step could make: each group of
  // ready lanes of each warp that may run now (a group waiting at the join
  // where lanes still on their way reconverge with it is none), and each
  // in-flight async operation that may complete now.
  void picks(std::vector<Pick>& out) const;
  // What step() runs next under the engine's own policy (nullopt: nothing
  // can run: finished, deadlocked, or waiting for a Manual completion).
  std::optional<Pick> policyPick() const;
  // Runs `p` now in place of the policy's choice: a forced switch
  // (StepRecord::forced). executed = false, nothing changed, when p is not
  // one of picks() now.
  StepResult forcedStep(const Pick& p, StepRecord* rec = nullptr);
  // The schedule step() replays: at each of its steps it runs that pick
  // instead of the policy's (where the pick can run; else the policy's).
  void setSchedule(std::shared_ptr<const ForcedSchedule> s) { m_schedule = std::move(s); }
  const std::shared_ptr<const ForcedSchedule>& schedule() const { return m_schedule; }

  // The lanes of warp w that the scheduler would run next and their PC.
  struct Group {
    LaneMask lanes = 0;
    std::uint32_t pc = 0;
  };
  // The group step() runs next for warp w (kept while its lanes stay together).
  std::optional<Group> nextGroup(std::uint32_t w) const;
  // The same rule for any control record of this program (a warp of a
  // recorded state the views show): hardware mode's rule S, else MinPc.
  std::optional<Group> nextGroupOf(const WarpControl& c) const;
  // MinPc, strict mode's rule, without an engine: the lowest PC among the
  // ready lanes (lanes that just failed a wait only when nothing else can
  // run: a spin loop must not starve the lanes it waits for).
  static std::optional<Group> minPcGroup(const WarpControl& c);
  // Which warp step() would run next (nullopt: none can run).
  std::optional<std::uint32_t> nextWarp() const;
  // One line per group of live lanes of the first `maxWarps` warps: where it
  // is and what it waits for ("CTA 0 warp 1 lanes 0-31: waits at barrier 0
  // (bar.sync, line 14): 32 of 64 threads arrived"). Deadlock and step-budget
  // messages end with it.
  std::string laneReport(std::uint32_t maxWarps = 16) const;

  // Buffer contents (launch buffer i is global buffer i + 1).
  const std::vector<std::uint8_t>& buffer(std::uint32_t launchBufferIndex) const;
  std::uint64_t bufferAddress(std::uint32_t launchBufferIndex) const;

  // Special register value for a lane (used by ExecCtx and the views).
  std::uint64_t special(std::uint32_t warp, int lane, SpecialReg r, int comp) const;
  // special() of every lane of the warp.
  void specialLanes(std::uint32_t warp, SpecialReg r, int comp, LaneValues& out) const;
  Dim3 tidOf(std::uint32_t warp, int lane) const;

 private:
  Engine() = default;
  StepResult execGroup(std::uint32_t w, Group g, StepRecord* rec);
  // stepScan()'s decision, made without running it (policyPick() shares it).
  struct Plan {
    enum class Kind : std::uint8_t { Run, Retire, Finished, Wait, Deadlock };
    Kind kind = Kind::Deadlock;
    std::uint32_t warp = 0;
    Group group;
    std::uint32_t after = 0;  // m_state.nextWarp once the group ran
    std::size_t async = 0;    // Retire: index into m_state.inflight
  };
  Plan planScan() const;
  void warpPicks(std::uint32_t w, std::vector<Pick>& out) const;
  // run()'s steps while a chooser chooses them.
  void runChosen(RunResult& r, std::uint64_t maxSteps, Chooser& chooser);
  // The rotation slot after warp w's group g ran (run-to-block stays on w).
  std::uint32_t slotAfter(std::uint32_t w, Group g) const;
  std::shared_ptr<const ForcedSchedule> m_schedule;
  // Inside run(): where forcedStep() lists the forced switches it ran.
  std::vector<ForcedPick>* m_forcedOut = nullptr;
  // The lane groups of a warp by PC, and which wait to reconverge with a
  // group still on its way to them (engine_schedule.cpp).
  struct WarpGroups {
    std::array<Group, kWarpSize> groups{};
    std::size_t n = 0;
    std::array<bool, kWarpSize> held{};
    std::array<std::uint32_t, kWarpSize> pastLoopOf{};  // bit k: past a loop group k is in
  };
  void groupsOf(const WarpControl& c, LaneMask cand, WarpGroups& out) const;
  // step() where its usual case (a converged warp it stays on) does not
  // apply; apart, so that the usual case needs no stack frame of its own.
  StepResult stepScan(StepRecord* rec);
  // What execGroup() must know of the instruction at each PC before running
  // it, found once per engine (the program does not change): whether the PC
  // lies past its function's body, whether the instruction waits for its
  // warp's members (a collective), whether the engine does not execute it.
  // A plain instruction (0) runs straight through dispatch().
  static constexpr std::uint8_t kPcPlain = 0, kPcFallsOff = 1, kPcCollective = 2, kPcUnsupported = 4;
  std::vector<std::uint8_t> m_pcKind;  // [pc]
  void classifyInstructions();
  std::uint8_t pcKind(std::uint32_t pc) const { return pc < m_pcKind.size() ? m_pcKind[pc] : kPcFallsOff; }
  // The whole-warp forms of the commonest instructions (core/exec/
  // uniform_op.hpp), for unrecorded steps (core/exec/engine/engine_uniform.cpp):
  // a whole step of a converged warp, and op's computation for lanes
  // `exec` of warp w in place of dispatch(). Both return false, with
  // nothing changed, where the general path must run the step.
  UniformCode m_uniform;
  bool stepUniform(std::uint32_t w, std::uint32_t pc);
  bool runUniform(std::uint32_t w, const UniformOp& op, LaneMask exec, StepRecord* rec = nullptr);
  // runUniform() for a recorded step or not: the unrecorded steps of a
  // streak take the form with nothing about records in it.
  template <bool Recorded>
  bool runUniformAs(std::uint32_t w, const UniformOp& op, LaneMask exec, StepRecord* rec);
  // The instruction part of stepUniform(): the PC the warp goes to, or
  // kNoUniformPc (nothing changed); finishUniform() then moves the warp's
  // lanes there, after one step or a streak of them.
  static constexpr std::uint32_t kNoUniformPc = ~0u;
  std::uint32_t uniformInstr(std::uint32_t w, std::uint32_t pc);
  void finishUniform(std::uint32_t w, std::uint32_t pc);
  // run()'s steps of that kind in a row (at most `budget`): how many ran.
  std::uint64_t uniformStreak(std::uint64_t budget);
  // Run-to-block keeps a warp until it blocks, but hands over every this
  // many steps (engine_step.cpp, stepScan()).
  static constexpr std::uint64_t kRunToBlockQuantum = 256;
  // Whether the program has barrier.cluster: only then can a cluster's
  // arrival count be non-zero, which settle() must then look at.
  bool m_clusterBarriers = false;
  bool finishedAfter(std::uint32_t from) const;
  // The stop reason after warp w executed: Finished only once its last lanes exited.
  StopReason afterWarpStep(std::uint32_t w) const {
    return !m_state.warps[w].ctl.live() && finishedAfter(w) ? StopReason::Finished : StopReason::None;
  }
  void dispatch(ExecCtx& ctx);
  bool resolveCollective(ExecCtx& ctx, std::uint32_t w, std::uint32_t pc, LaneMask exec);
  void runCollective(ExecCtx& ctx, LaneMask lanes, LaneMask missing);
  // After a step of warp w: complete the waits it may have satisfied. Most
  // steps leave nothing to complete: that is checked here, inline.
  void settle(std::uint32_t w) {
    const WarpState& ws = m_state.warps[w];
    if (ws.ctl.waiting != 0 || m_ctaControlChanged ||
        (m_clusterBarriers && m_state.clusters[m_state.ctas[ws.cta].cluster].arrived != 0))
      settleWaits(w);
  }
  void settleWaits(std::uint32_t w);
  // bar.red: the reduction of a completed barrier phase into the destination
  // of the bar.red that released lane `lane` of warp w waited at.
  void writeBarrierReduction(std::uint32_t w, int lane, const BarrierState& done);
  StepResult retireAsync(std::size_t index, StepRecord* rec);
  std::size_t readyAsync(bool newest) const;
  void releaseGroupWaits(std::uint32_t w);
  StepResult deadlock(StepRecord* rec);
  // Race detection (core/exec/races/, exec_ctx_races.cpp): the detector and
  // the findings of the step in progress, reported at its end.
  std::optional<race::RaceChecker> m_races;
  std::vector<std::pair<int, race::Finding>> m_raceFindings;
  // [pc]: a load whose destination is the compare operand of an atom.cas
  // further on (race::Access::casSeed).
  std::vector<std::uint8_t> m_casSeed;
  void resetRaces();
  void flushRaces(ExecCtx& ctx);

  StepResult stuckWarp(ExecCtx& ctx, std::uint32_t w);
  bool reportCrossCollective(ExecCtx& ctx, std::uint32_t w);
  void reportStuck(ExecCtx& ctx, std::uint32_t w, std::uint32_t pc, LaneMask here);
  std::string hangNote() const;
  // Rule Y (engine_progress.cpp): warp w's group g just ran the branch at
  // g.pc, lanes `exec` taking it. Counts spins of a loop that runs past
  // other ready lanes of the warp and makes it yield to them after
  // kSpinsBeforeYield; clears the count when the warp stops looping so.
  static constexpr std::uint32_t kSpinsBeforeYield = 64;
  void noteLoop(std::uint32_t w, Group g, LaneMask exec);
  std::uint64_t loopPrint(std::uint32_t w, std::uint32_t branchPc, LaneMask lanes);
  std::map<std::uint32_t, std::vector<std::uint32_t>> m_loopRegs;  // [branch pc]: registers its loop uses
  // Hangs (engine_hang.cpp): a run whose whole machine state comes back is
  // a loop nothing can leave. watchHang() runs at the steps hangCheckAt()
  // names; it stops the run with a `hang` diagnostic once a state repeats.
  struct HangWatch {
    std::uint64_t print = 0;      // fingerprint of what counts as progress at the last probe
    bool probed = false;
    bool engaged = false;         // no progress between two probes: comparing states
    std::uint64_t snapStep = 0;   // the step snapshot was taken at
    std::uint64_t window = 0;     // steps compared against this snapshot before a new one
    std::uint64_t compareAt = 0;  // the next step a full comparison may run at (they are rationed)
    std::uint64_t bytes = 0;      // the state's size, found at each probe
    MachineState snapshot;
  } m_hang;
  std::uint64_t m_hangCheckAt = 0;
  bool m_watchHangs = true;
  std::optional<StepResult> watchHang(StepRecord* rec);
  void forgetHangWatch();
  StepResult reportHang(StepRecord* rec);
  std::string describePollLoop(std::uint32_t w, LaneMask lanes) const;
  void beginRecord(StepRecord* rec, std::uint32_t w, std::uint32_t pc) {
    m_rec = rec;
    m_ctaControlChanged = false;
    if (rec) startRecord(rec, w, pc);
  }
  void endRecord(StepRecord* rec) {
    if (rec) finishRecord(rec);
    m_rec = nullptr;
  }
  void startRecord(StepRecord* rec, std::uint32_t w, std::uint32_t pc);
  void finishRecord(StepRecord* rec);

  std::shared_ptr<const Program> m_program;
  LaunchConfig m_launch;
  EngineOptions m_options;
  Limits m_limits;
  MachineState m_state;
  std::uint32_t m_entry = 0;
  std::uint32_t m_threadsPerCta = 0;
  std::uint32_t m_warpsPerCta = 0;
  std::uint32_t m_ctasPerCluster = 1;
  Dim3 m_clusterDim{1, 1, 1};
  // The grid workspace of a cooperative launch (%envreg1:%envreg2), in the
  // module-globals buffer; 0 when the program never reads it.
  std::uint64_t m_gridWorkspace = 0;
  std::uint64_t m_localBytes = 0;
  std::uint32_t m_numRegs = 0;
  std::vector<std::uint64_t> m_regMask;  // [reg]: the bits its declared type holds (pred: bit 0)

  // Per warp, the PC every one of its 32 lanes stands at, where the last
  // step of the warp left them together (it moved on or jumped as one), so
  // that nextGroup() of a converged warp need not compare 32 PCs. Only an
  // acceleration: an entry holds while its generation is the current one,
  // and anything that may move PCs otherwise (mutableState(), an async
  // retirement, a deadlock report) starts a new generation.
  struct UniformPc {
    std::uint32_t pc = 0;
    std::uint32_t gen = 0;  // 0: never valid
  };
  mutable std::vector<UniformPc> m_uniformPc;  // nextGroup() also keeps what it finds
  // Likewise a warp the last step left split in two groups, every lane
  // ready: lanes `a` at pcA, the others at pcB (pcA != pcB). The usual
  // divergence of structured code (an if without else: one group runs its
  // body while the other waits at the join) then needs no PC compared
  // either: strict mode runs the lower PC's group (lowestPc()), which moves
  // on as one and leaves the warp in two groups again, or joins the other.
  struct SplitPc {
    std::uint32_t gen = 0;  // 0: never valid
    LaneMask a = 0;
    std::uint32_t pcA = 0, pcB = 0;
    Group lower() const { return pcA < pcB ? Group{a, pcA} : Group{~a, pcB}; }
  };
  mutable std::vector<SplitPc> m_splitPc;
  std::uint32_t m_pcGen = 1;
  void forgetUniformPcs() {
    if (++m_pcGen == 0) {  // wrapped: no stale entry may match again
      for (UniformPc& u : m_uniformPc) u.gen = 0;
      for (SplitPc& s : m_splitPc) s.gen = 0;
      m_pcGen = 1;
    }
  }
  // After warp w's group g ran (split into `split` before the step): keep
  // where the warp stands if its lanes went on as one.
  void keepSplit(std::uint32_t w, Group g, const SplitPc& split, LaneMask move, const ExecCtx& ctx);

  // Copy-on-first-touch journal of control records for the step in progress.
  // A warp's control block before the step is kept here, whole where the
  // step is about to write more of it than its PCs (touchWarp), else its PCs
  // alone (touchWarpPcs: the lanes of almost every step just move on or
  // jump). finishRecord() journals a whole block's PCs alone when nothing
  // else changed.
  struct TouchedWarp {
    std::uint32_t index = 0;
    bool whole = false;  // `before` holds the whole block; else its PCs alone
    WarpControl before;
  };
  struct Touched {
    // The first numWarps are this step's; the others are kept for their
    // storage, so that keeping a warp's PCs copies just them.
    std::vector<TouchedWarp> warps;
    std::size_t numWarps = 0;
    std::vector<std::uint32_t> ctas, clusters, groups;
    bool inflight = false;
  } m_touched;
  StepRecord* m_rec = nullptr;
  // Before the step writes anything of warp w's control block but its PCs.
  void touchWarp(std::uint32_t w) {
    if (m_rec) recordWarp(w);
  }
  // Before the step writes warp w's PCs (and, as far as this call knows,
  // nothing else of its block: a writer of anything else calls touchWarp).
  void touchWarpPcs(std::uint32_t w) {
    if (!m_rec) return;
    if (m_touched.numWarps != 0 || m_touched.warps.empty()) return recordWarpPcs(w);
    // The step's first touch (the executing warp's, usually) into a kept
    // slot: nothing to look for, nothing to grow.
    TouchedWarp& t = m_touched.warps[0];
    t.index = w;
    t.whole = false;
    t.before.pc = m_state.warps[w].ctl.pc;
    m_touched.numWarps = 1;
  }
  void touchCta(std::uint32_t c) {
    m_ctaControlChanged = true;
    if (m_rec) recordCta(c);
  }
  void touchCluster(std::uint32_t k) {
    if (m_rec) recordCluster(k);
  }
  void touchGroups(std::uint32_t w) {
    if (m_rec) recordGroups(w);
  }
  void touchInflight();
  void recordGroups(std::uint32_t w);
  void recordWarp(std::uint32_t w);
  void recordWarpPcs(std::uint32_t w);
  TouchedWarp& newTouchedWarp(std::uint32_t w, bool whole);
  void recordCta(std::uint32_t c);
  void recordCluster(std::uint32_t k);
  // A CTA's control (barrier arrivals, live threads) changed in this step:
  // only then can one of its barriers complete.
  bool m_ctaControlChanged = false;

  std::vector<Diagnostic> m_diags;  // reported since the last run()/step() call began
  std::vector<PrintedText> m_printed;  // printed since the last run() call began
  bool m_keepPrinted = false;          // inside run(): keep what is printed for its result
  std::uint64_t m_laneInstructions = 0;  // statistics, not machine state

  // Hardware mode's choice among the lane groups of a diverged warp (rule S,
  // core/exec/engine/engine_schedule.cpp), and the control-flow reachability it
  // needs: derived from the program alone, filled on first use.
  Group h100Group(const WarpControl& c, LaneMask cand) const;
  bool reaches(std::uint32_t from, std::uint32_t to) const;
  bool leftLoop(std::uint32_t inner, std::uint32_t outer) const;
  mutable std::map<std::uint32_t, std::vector<bool>> m_reachFrom;
  mutable std::map<std::uint32_t, std::vector<std::pair<std::uint32_t, std::uint32_t>>> m_yieldLoops;  // per function
  // Rule F2: how ptxas syncs the membermask at `pc` (hw::ptxasLowering of
  // its function, filled on first use).
  hw::SyncLowering ptxasLowering(std::uint32_t pc) const;
  mutable std::map<std::uint32_t, std::vector<hw::SyncLowering>> m_lowering;

  friend class ExecCtx;
  friend struct ExecCtxMemory;
};

}  // namespace ws::core
