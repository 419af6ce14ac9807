#pragma once
// Display-ready view models of one moment of a launch. Every string a front
// end shows is made here; front ends lay these out and paint them, nothing
// else. Each builder is a pure function of a Frame (plus, for the panels that
// look back in time, the indexes in history_index.hpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "ui/frame/frame.hpp"
#include "ui/frame/mbarrier_decode.hpp"

namespace ws::ui {

class HistoryIndex;

// ---------------------------------------------------------------- lane grid
enum class LaneState : std::uint8_t {
  Absent,      // the warp has no such thread (partial last warp)
  Executed,    // executed this step
  GuardFalse,  // at this step's instruction but its guard predicate was false
  Ready,       // will run with the next step of this warp
  Diverged,    // live, at another PC than the group that runs next
  Waiting,     // blocked at a collective, barrier, bar.warp.sync or cluster barrier
  Spinning,    // failed a try_wait/test_wait or slept: runs after the others
  Exited,
};
std::string_view laneStateName(LaneState s);

struct LaneCell {
  int lane = 0;
  LaneState state = LaneState::Absent;
  std::string stateText;    // "executed", "waiting at bar 0", ...
  core::WaitKind wait = core::WaitKind::None;
  std::uint32_t waitArg = 0;
  int guard = -1;           // guard predicate of the lane's instruction: -1 none, 0 false, 1 true
  std::string guardText;    // "@%p1 = false"
  bool inMembermask = false;
  std::uint32_t pc = 0;
  std::int32_t line = 0;    // PTX line of the lane's PC
  std::string pcText;       // "line 42", shown when the warp has diverged
  bool focused = false;
  std::string tooltip;
};

struct PcGroup {
  core::LaneMask lanes = 0;
  std::uint32_t pc = 0;
  std::int32_t line = 0;
  std::string text;  // "lanes 0-15 at line 42: @%p1 bra $L__BB0_2"
};

struct LaneGridView {
  std::uint32_t warp = 0, cta = 0, warpInCta = 0, ctaRank = 0;
  std::string title;  // "warp 0 · CTA (0,0,0)"
  int lanes = 0;      // threads that exist in this warp (1..32)
  bool diverged = false;
  bool hasMembermask = false;
  core::LaneMask membermask = 0;
  std::vector<LaneCell> cells;  // 32, by lane
  std::vector<PcGroup> groups;  // by ascending PC
};
LaneGridView buildLaneGrid(const Frame& f, std::uint32_t warp);

// ---------------------------------------------------------------- registers
struct RegColumn {
  std::uint32_t reg = 0;
  std::string name;   // "%r12"
  core::DataType type = core::DataType::B32;
  std::string typeText;  // ".b32"
  ValueFormat format = ValueFormat::Auto;
  bool written = false;  // this step wrote it (any lane)
  bool read = false;     // this step's instruction reads it
  // The column's longest cell text, in characters: a front end sizes the
  // column by it so that no value is cut short.
  std::string widest;
};

struct RegCell {
  std::string reg;       // the lane's own register where a column merges several (buildLaneRegisterRow), else ""
  std::string text;      // kNeverWritten when never written
  std::uint64_t bits = 0;
  bool written = false;  // has been written at some point
  bool changed = false;  // written by this step
  std::string before;    // the value before this step, when changed
};

struct RegisterTableView {
  std::uint32_t warp = 0;
  std::uint32_t func = 0;
  std::string funcName;
  std::vector<RegColumn> columns;
  int lanes = 0;               // rows: lanes 0..lanes-1
  std::vector<RegCell> cells;  // [lane * columns.size() + column]
  const RegCell& at(int lane, std::size_t column) const { return cells[static_cast<std::size_t>(lane) * columns.size() + column]; }
  // Column index of a register, -1 if not shown.
  int columnOf(std::uint32_t reg) const;
};
// `onlyRegs`: restrict to these registers (the scene shows the operands); empty = the function's registers.
RegisterTableView buildRegisterTable(const Frame& f, std::uint32_t warp, const std::vector<std::uint32_t>& onlyRegs = {});
// One column whose cell for lane l is register regOfLane[l] (-1: the first
// register named): the operand row of a collective whose lanes came from
// several call sites, each with its own registers. The column is named
// "%r11 / %r6" (in lane order); each cell keeps its register's name.
RegisterTableView buildLaneRegisterRow(const Frame& f, std::uint32_t warp,
                                       const std::array<std::int32_t, core::kWarpSize>& regOfLane);

// ---------------------------------------------------------------- masks
struct MaskRow {
  std::string label;     // "activemask", "ballot %r5", "match group 1"
  std::string cls;       // active, exited, member, guard, ballot, vote, match
  core::LaneMask bits = 0;
  std::string hex;       // 0xffffffff
  std::string laneBits;  // lane order, lane 0 first
  int colour = -1;       // match group colour index, -1 = the row's class colour
  std::string tooltip;
};
struct MasksView {
  int lanes = 0;
  std::vector<MaskRow> rows;
};
MasksView buildMasks(const Frame& f, std::uint32_t warp);

// ---------------------------------------------------------------- data flows
struct FlowEnd {
  enum class Kind : std::uint8_t { None, Lane, Memory, Mbarrier } kind = Kind::None;
  std::uint32_t warp = 0;
  int lane = 0;
  std::int32_t reg = -1;
  std::uint32_t cta = 0;       // memory / mbarrier: owning CTA (shared) ...
  core::Space space = core::Space::Global;
  std::uint64_t addr = 0;
  int cell = -1;               // index into FlowsView::cells for memory/mbarrier ends
  std::string key() const;     // "lane4", "w1.lane4", "cell2"
};

struct Arrow {
  core::FlowKind kind = core::FlowKind::Shuffle;
  std::string cls;       // "flow shuffle", "flow async inflight", ...
  FlowEnd from, to;
  std::string label;     // the value carried, formatted
  std::string tooltip;
  std::uint32_t order = 0;  // serialization order (atomics) / async id
  int group = -1;           // match group
  bool inFlight = false;    // drawn dashed
  bool keep = false;        // shfl out of range: the lane keeps its own value
};

// One memory cell or mbarrier an arrow points at.
struct MemCell {
  core::Space space = core::Space::Global;
  std::uint32_t cta = 0;    // shared: owning CTA
  std::uint32_t ctaRank = 0;
  std::uint64_t addr = 0;
  bool mbarrier = false;
  std::string name;         // "acc[3]", "out[0]", "bar_mem"
  std::string value;        // current contents, formatted
  std::string tooltip;
};

// vote / redux / elect: every member's input feeds every member's result.
struct Gather {
  core::FlowKind kind = core::FlowKind::Vote;
  std::string op;            // "ballot", "vote.all", "redux.add", "elect"
  core::LaneMask members = 0;
  std::int32_t fromReg = -1, toReg = -1;
  std::string result;        // the result when every member got the same one
  std::vector<std::string> inputs;  // [lane] the lane's contribution ("" when not a member)
};

struct MatchGroup {
  std::uint32_t group = 0;
  core::LaneMask lanes = 0;
  std::string value;  // the shared value
  int colour = 0;     // palette index
};

// shfl parameters and the picture's landmarks.
struct ShuffleInfo {
  core::Mod mode = core::Mod::None;
  std::string modeText;       // ".bfly 1"
  std::uint32_t b = 0, c = 0;
  std::uint32_t segmask = 0;  // c[12:8]
  std::uint32_t clamp = 0;    // c[4:0]
  std::vector<int> segmentStarts;  // lanes at which a segment starts (0 always)
  std::string clampText;      // "segments of 8 lanes, clamp 7"
};

ShuffleInfo shuffleInfo(const Frame& f, const core::StepRecord& r, const core::Instr& ins);

struct FlowsView {
  std::vector<Arrow> arrows;
  std::vector<MemCell> cells;
  std::vector<Gather> gathers;
  std::vector<MatchGroup> matchGroups;
  std::optional<ShuffleInfo> shuffle;
  std::int32_t srcReg = -1, dstReg = -1;  // registers the lane rows show (collectives)
  bool crossCta = false;                  // some arrow ends in another CTA (cluster view)
};
// `index` (optional) adds red.async operations of the same batch that already completed.
FlowsView buildFlows(const Frame& f, const HistoryIndex* index = nullptr);

// ---------------------------------------------------------------- mbarriers
struct MbarrierEvent {
  std::uint64_t step = 0;
  std::string what;          // "init(1)", "arrive", "complete-tx 4", "phase 0 completes"
  bool phaseCompleted = false;
  std::uint32_t phaseAfter = 0;
};

struct MbarrierRow {
  std::uint32_t cta = 0, ctaRank = 0;
  std::uint64_t offset = 0;
  std::string name;        // "bar_mem"
  std::string addrText;    // "CTA 1 shared 0x80"
  MbarrierFields fields;
  std::string phaseText;   // "phase 0 (parity 0)"
  std::string pendingText; // "1 of 1 arrivals pending"
  std::string txText;      // "tx-count 128"
  std::string stateText;   // "initialised" / "not initialised" / "raw 0x..."
  std::vector<std::pair<std::uint32_t, core::LaneMask>> waiting;  // (warp, lanes) waiting on it
  std::string waitingText;
  // What async operations in flight will do to it: the bytes their
  // complete-tx will take off the tx-count, and the arrive-ons of
  // cp.async.mbarrier.arrive still to come.
  std::uint64_t inflightTx = 0;
  std::uint32_t inflightCopies = 0;
  std::uint32_t inflightArrivals = 0;
  std::string inflightText;  // "1024 B in flight (4 async ops)"; "" when nothing is
  bool touched = false;    // this step operated on it
  std::vector<MbarrierEvent> timeline;  // most recent last
  // A member of an array of mbarriers (a pipeline's full[] or empty[] ring):
  // the array's name, this object's stage and the ring's size; "" / 0 otherwise.
  std::string ring;
  std::uint32_t ringIndex = 0, ringStages = 0;
  std::string ringText;  // "stage 1 of the 3-stage ring full_bar[]"
};
struct MbarrierPanelView {
  std::vector<MbarrierRow> objects;
};
MbarrierPanelView buildMbarrierPanel(const Frame& f, const HistoryIndex& index);

// ---------------------------------------------------------------- memory
struct MemWord {
  std::uint64_t offset = 0;
  std::string text;
  std::uint32_t value = 0;
  bool changedNow = false;
  bool changedRecently = false;
};
struct MemoryRegionView {
  core::MemRegion region = core::MemRegion::Global;
  std::uint32_t index = 0;
  std::string name;      // "out", "shared CTA 1"
  std::uint64_t bytes = 0;
  std::vector<MemWord> words;  // 32-bit words from offset 0 (up to ViewOptions::memoryWordsPerRegion)
};
struct MemoryView {
  std::vector<MemoryRegionView> regions;
};
MemoryView buildMemory(const Frame& f);

// ---------------------------------------------------------------- listing
struct ListingLine {
  std::int32_t line = 0;   // PTX line (1-based)
  std::string text;
  std::int32_t pc = -1;    // first instruction on the line, -1 if none
  bool breakpoint = false;
  bool executedNow = false;
  core::LaneMask lanesHere = 0;  // focused warp's live lanes whose PC is on this line
  std::string lanesText;   // "lanes 0-15"
  std::string cuda;        // "kernels.cu:42"
  std::string cudaText;    // that CUDA line's text, when the file can be read
  std::string tooltip;     // instruction summary from the table
  std::string notExecuted; // "tcgen05.mma: not executed by warpscope" when the engine does not run this line's instruction
};
struct ListingView {
  std::string file;
  std::vector<ListingLine> lines;
};
ListingView buildListing(const Frame& f);

// ---------------------------------------------------------------- explanation
struct LaneExplanation {
  int lane = 0;              // the (lowest) lane it is about
  std::uint32_t warp = 0;
  std::string text;
  core::LaneMask lanes = 0;  // every lane it is about (lanes that did the same share a line)
};
struct ExplanationView {
  std::string headline;   // "shfl.sync.bfly.b32 (line 34): exchange a register between lanes ..."
  std::vector<LaneExplanation> lanes;
  std::vector<std::string> notes;  // async completions, mbarrier effects
};
ExplanationView buildExplanation(const Frame& f);

// ---------------------------------------------------------------- races
// One side of a race, ready to show: who, when, where in the PTX and the CUDA source.
struct RaceAccessView {
  std::uint64_t step = 0;      // record index of the access (0-based, as core::RaceAccess::step)
  std::uint64_t position = 0;  // the history position that shows it: step + 1
  std::uint32_t cta = 0, warp = 0, warpInCta = 0;  // warp: global warp index
  int lane = 0;                // -1: an asynchronous operation the warp issued
  std::uint32_t pc = 0;
  std::int32_t ptxLine = 0;
  std::string cuda;            // "kernel.cu:42", "" without a .loc
  std::int32_t cudaLine = 0;   // 0 without a .loc
  std::string what;            // "read", "write", "atomic"
  bool strong = false;         // relaxed/volatile/acquire/release or atomic
  std::string who;             // "CTA 1 warp 3 lane 7", "CTA 0 warp 2 async op"
  std::string instr;           // the instruction's PTX text
  std::string text;            // "write by CTA 1 warp 3 lane 7, step 120, line 42 (kernel.cu:17)"
};

// A race diagnostic with both accesses and the memory they share.
struct RaceView {
  core::DiagKind kind = core::DiagKind::RaceShared;
  std::string slug;            // "race-shared"
  std::string title;           // the kind's title
  std::string message;
  std::uint64_t foundStep = 0; // record index of the step that reported it (Diagnostic::step)
  RaceAccessView first, second;
  std::string conflict;        // "write/read", "write/write", ...
  core::MemRegion region = core::MemRegion::Global;
  std::uint32_t index = 0;     // the buffer (global) or CTA (shared), as MemChange
  std::uint64_t offset = 0;
  unsigned bytes = 0;
  std::string regionText;      // "shared memory of CTA 0", "buffer out"
  std::string buffer;          // global: the buffer's name
  std::string symbol;          // the variable the bytes fall in ("acc"), "" when none
  std::uint64_t symbolOffset = 0;
  std::string cell;            // "acc[3]", "out[5]", "shared+0x40"
  std::string summary;         // "write/read race on acc[3] (shared memory of CTA 0, offset 0xc, 4 bytes)"
  core::Diagnostic diagnostic; // as reported
};
// Both accesses and the memory of a diagnostic that carries a race (d.race set).
RaceView describeRace(const Frame& f, const core::Diagnostic& d);
// "CTA 1 warp 3 lane 7" (warp: its index in the CTA; lane -1: "async op").
std::string raceWho(const core::MachineState& s, const core::RaceAccess& a);
std::string_view raceAccessWhat(core::RaceAccess::What w);
// The races shown at this moment: reported by this step, or whose first or
// second access this step made (from the index, and `selected` when given),
// each once, in the order found.
std::vector<core::Diagnostic> racesAt(const Frame& f, const HistoryIndex* index, const core::Diagnostic* selected = nullptr);

// ---------------------------------------------------------------- diagnostics / narration
struct DiagnosticItem {
  core::DiagKind kind = core::DiagKind::Unsupported;
  core::Severity severity = core::Severity::Warning;
  std::string severityText;
  std::string title, message, where, lanes;
  // The rule broken, kept apart from warpscope's words so a viewer never
  // shows those as a quotation: `quoteLine` is diagQuoteLine() (empty when
  // the kind has no quote), `sectionUrl` its section's address,
  // `explanationLine` diagExplanationLine().
  std::string quoteLine, sectionUrl, explanationLine;
  std::optional<RaceView> race;  // race-* and memory-model-* kinds: both accesses
};
// `PTX ISA 9.1 (§data-movement-and-conversion-instructions-shfl-sync): "Note that results are ..."`:
// the source, the section anchor and the verbatim quote in quotation marks;
// empty when the kind has no quote. The CLI and both viewers print this line.
std::string diagQuoteLine(const core::DiagInfo& info);
// `warpscope: The lanes named here ...`: warpscope's own words, never in
// quotation marks; empty when the kind has no explanation.
std::string diagExplanationLine(const core::DiagInfo& info);
struct DiagnosticsView {
  std::string summary;  // one sentence: what this step did
  std::vector<std::string> narration;  // the scenario's narration for this step or PTX line (markdown)
  std::vector<DiagnosticItem> items;
  // The module's load warnings (instructions warpscope parses but does not
  // execute), shown at every step: "line 12: 'tcgen05.mma' is not executed ...".
  std::vector<std::string> loadWarnings;
  // Every race reported in the recorded history (and the session's selected
  // one), in the order found; `selectedRace` indexes it (-1: none).
  std::vector<RaceView> races;
  int selectedRace = -1;
};
DiagnosticsView buildDiagnostics(const Frame& f);
// The races of the recorded history for the Diagnostics panel (`selected`: the session's choice, may be null).
void addRaces(DiagnosticsView& v, const Frame& f, const HistoryIndex& index, const core::Diagnostic* selected);

// ---------------------------------------------------------------- timeline
// Switch: a step a saved schedule forced (core::StepRecord::forced), where the
// run leaves its scheduling policy; what a replayed failing interleaving turns on.
enum class MarkerKind : std::uint8_t { Collective, Barrier, Atomic, Async, Mbarrier, Diagnostic, Breakpoint, Edit, Switch };
std::string_view markerKindName(MarkerKind k);
struct TimelineMarker {
  std::uint64_t step = 0;  // record index (0-based): the step that did it
  MarkerKind kind = MarkerKind::Collective;
  std::string tooltip;
};
struct TimelineView {
  std::uint64_t position = 0, size = 0;
  std::uint64_t earliest = 0;  // steps before it were dropped by the history's memory budget
  std::uint64_t windowBegin = 0, windowEnd = 0;
  std::vector<TimelineMarker> markers;  // within the window, ascending step
};
TimelineView buildTimeline(const Frame& f, const HistoryIndex& index);

// ---------------------------------------------------------------- console
// What the kernel printed (device printf, failed asserts) up to this step,
// as the host would show it after the launch, with who printed each text.
struct ConsoleLine {
  std::uint64_t step = 0;  // record index of the step that printed it
  std::string who;         // "CTA 0 warp 1 lane 7"
  std::string text;        // the printed text, without its final newline
  bool thisStep = false;   // printed by the step just shown
};
struct ConsoleView {
  std::vector<ConsoleLine> lines;  // the latest lines
  std::size_t omitted = 0;         // earlier lines left out of `lines`
  std::string text;                // everything printed, as printed
};
ConsoleView buildConsole(const Frame& f, const HistoryIndex& index);

// Everything at once (what the Session caches per revision).
struct ViewSet {
  LaneGridView laneGrid;
  RegisterTableView registers;
  MasksView masks;
  FlowsView flows;
  MbarrierPanelView mbarriers;
  MemoryView memory;
  ListingView listing;
  ExplanationView explanation;
  DiagnosticsView diagnostics;
  TimelineView timeline;
  ConsoleView console;
};
ViewSet buildViews(const Frame& f, const HistoryIndex& index);

}  // namespace ws::ui
