#pragma once
// What one step did, by data alone: the journal of {location, before, after}
// changes that moves the machine state forward or backward, plus what the
// views need (lanes, masks, data flows, diagnostics).
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/exec/state/printed.hpp"
#include "core/ptx/program.hpp"
#include "core/trace/flow_list.hpp"
#include "core/trace/reg_journal.hpp"

namespace ws::core {

struct MemChange {
  MemRegion region = MemRegion::Global;
  std::uint32_t index = 0;   // buffer index (Global), CTA (Shared), warp (Local)
  std::uint64_t offset = 0;  // byte offset in that region (Local: lane * localBytes + offset)
  std::uint8_t size = 0;     // 1..8 bytes
  std::uint64_t before = 0, after = 0;
  bool operator==(const MemChange&) const = default;
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
  bool forced = false;             // a saved or explored schedule chose this step, not the scheduling policy
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
  FlowList flows;
  std::vector<Diagnostic> diags;
  std::vector<PrintedText> printed;  // device printf / assert output of this step
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
    forced = false;
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
    printed.clear();
  }
};

}  // namespace ws::core
