#pragma once
// What one step did, by data alone: the journal of {location, before, after}
// changes that moves the machine state forward or backward, plus what the
// views need (lanes, masks, data flows, diagnostics).
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/exec/diagnostic.hpp"
#include "core/exec/machine_state.hpp"
#include "core/ptx/program.hpp"
#include "core/trace/reg_journal.hpp"

namespace ws::core {

enum class MemRegion : std::uint8_t { Global, Shared, Local, Const, Param };

struct MemChange {
  MemRegion region = MemRegion::Global;
  std::uint32_t index = 0;   // buffer index (Global), CTA (Shared), warp (Local)
  std::uint64_t offset = 0;  // byte offset in that region (Local: lane * localBytes + offset)
  std::uint8_t size = 0;     // 1..8 bytes
  std::uint64_t before = 0, after = 0;
  bool operator==(const MemChange&) const = default;
};

// One end of a data-flow arrow.
struct Endpoint {
  enum class Kind : std::uint8_t { None, Lane, Memory, Mbarrier } kind = Kind::None;
  std::uint32_t warp = 0;   // Lane: global warp index
  std::uint8_t lane = 0;
  std::int32_t reg = -1;    // Lane: register, -1 if not a register
  Space space = Space::Global;  // Memory/Mbarrier
  std::uint32_t cta = 0;        // Memory/Mbarrier in shared space: owning CTA
  std::uint64_t addr = 0;       // address in `space` (shared: offset in that CTA)
  bool operator==(const Endpoint&) const = default;

  static Endpoint ofLane(std::uint32_t w, int l, std::int32_t r = -1) {
    Endpoint e; e.kind = Kind::Lane; e.warp = w; e.lane = static_cast<std::uint8_t>(l); e.reg = r; return e;
  }
  static Endpoint ofMemory(Space s, std::uint32_t cta, std::uint64_t a) {
    Endpoint e; e.kind = Kind::Memory; e.space = s; e.cta = cta; e.addr = a; return e;
  }
  static Endpoint ofMbarrier(std::uint32_t cta, std::uint64_t a) {
    Endpoint e; e.kind = Kind::Mbarrier; e.space = Space::Shared; e.cta = cta; e.addr = a; return e;
  }
};

enum class FlowKind : std::uint8_t {
  Shuffle,        // shfl: source lane -> destination lane
  ShuffleKeep,    // shfl out of range: lane keeps its own value (from == to)
  Vote,           // vote/ballot: each member lane -> each member lane
  Match,          // match: lane -> lane of the same group (`group` numbers the groups)
  Reduce,         // redux/elect: each member lane -> each member lane
  Atomic,         // atom/red: lane -> memory cell; `order` = serialization order
  AsyncIssue,     // an async operation issued (in flight): lane or source memory -> destination memory
  AsyncComplete,  // it is performed: lane or source memory -> destination memory
  CompleteTx,     // complete-tx: destination cell -> its mbarrier
  AsyncArrive,    // cp.async.mbarrier.arrive's arrive-on, performed by the async unit: issuing lane -> mbarrier
  MbarrierOp,     // arrive/expect_tx/...: lane -> mbarrier
  Load,           // memory cell -> lane
  Store,          // lane -> memory cell
  RowAddress,     // ldmatrix/stmatrix: the lane that supplies a row's address -> that row
};

struct Flow {
  FlowKind kind = FlowKind::Load;
  Endpoint from, to;
  std::uint64_t value = 0;
  std::uint32_t order = 0;   // serialization order for atomics, issue id for async
  std::uint32_t group = 0;   // match group id
  std::uint32_t bytes = 0;   // async operations: the bytes moved (a copy's whole region)
  std::uint8_t issuerLane = 0;  // async operations: the lane that issued it (copies start at memory)
  bool operator==(const Flow&) const = default;
};

// Copies of control records taken before and after the step, for the ones the
// step touched.
template <class T>
struct ControlChange {
  std::uint32_t index = 0;
  T before, after;
  bool operator==(const ControlChange&) const = default;
};

// A warp control block of which the step changed the PCs alone (most steps:
// the lanes move on or jump), kept as its PCs instead of two whole copies.
struct WarpPcChange {
  std::uint32_t index = 0;
  std::array<std::uint32_t, kWarpSize> before{}, after{};
  bool operator==(const WarpPcChange&) const = default;
};

struct StepRecord {
  std::uint64_t step = 0;          // index of this step (state.step before it)
  std::uint32_t warp = 0;          // warp that executed
  std::uint32_t pc = 0;            // instruction executed
  LaneMask lanes = 0;              // lanes that executed it (guard true)
  LaneMask guardFalse = 0;         // lanes at this pc whose guard was false
  LaneMask activeBefore = 0;       // lanes of the group scheduled
  LaneMask membermask = 0;         // collectives: the membermask (of the lowest lane)
  LaneMask otherSites = 0;         // collectives: lanes that ran it from another call site of the same instruction
  bool completedAsync = false;     // this step retired an in-flight op instead of executing
  bool userEdit = false;           // a user's edit (register/memory poke), not an executed step
  bool advanced = true;            // the step counter moved on (false: a report that executed nothing, e.g. a deadlock)
  RegJournal regs;
  std::vector<MemChange> mem;
  std::vector<ControlChange<WarpControl>> warpCtl;  // warps whose control changed beyond the PCs
  std::vector<WarpPcChange> warpPcs;                // warps whose PCs alone changed
  std::vector<ControlChange<CtaControl>> ctaCtl;
  std::vector<ControlChange<ClusterState>> clusterCtl;
  std::vector<ControlChange<AsyncGroups>> groups;  // [warp]: async-group counters (commit_group)
  std::optional<std::pair<std::vector<AsyncOp>, std::vector<AsyncOp>>> inflight;  // before, after
  std::uint32_t nextWarpBefore = 0, nextWarpAfter = 0;
  std::uint64_t nextAsyncIdBefore = 0, nextAsyncIdAfter = 0;
  bool trappedBefore = false, trappedAfter = false;
  std::vector<Flow> flows;
  std::vector<Diagnostic> diags;
  bool operator==(const StepRecord&) const = default;

  // Back to an empty record, keeping the storage of its vectors: a history
  // reuses its records, so recording a step stops allocating once they have
  // grown. (Every field is reset here: a new one must be added.)
  void reset() {
    step = 0;
    warp = pc = 0;
    lanes = guardFalse = activeBefore = membermask = otherSites = 0;
    completedAsync = userEdit = false;
    advanced = true;
    regs.clear();
    mem.clear();
    warpCtl.clear();
    warpPcs.clear();
    ctaCtl.clear();
    clusterCtl.clear();
    groups.clear();
    inflight.reset();
    nextWarpBefore = nextWarpAfter = 0;
    nextAsyncIdBefore = nextAsyncIdAfter = 0;
    trappedBefore = trappedAfter = false;
    flows.clear();
    diags.clear();
  }
};

}  // namespace ws::core
