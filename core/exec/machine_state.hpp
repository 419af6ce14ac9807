#pragma once
// All mutable state of a running launch, as one value type: copyable,
// comparable and hashable, with indices instead of pointers. Control state
// (PCs, masks, waits, barriers, in-flight async operations) is kept apart
// from data (registers, memory) so the journal can copy small control records
// and diff data per cell.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/exec/launch.hpp"
#include "core/isa/isa.hpp"

namespace ws::core {

using LaneMask = std::uint32_t;
inline constexpr int kWarpSize = 32;
// One value per lane of a warp, indexed by lane.
using LaneValues = std::array<std::uint64_t, kWarpSize>;
inline constexpr std::uint32_t kMaxCallDepth = 128;

// Why a lane is not ready to run.
enum class WaitKind : std::uint8_t {
  None,
  Collective,      // at a warp collective, waiting for membermask lanes; arg = membermask
  Barrier,         // at bar.sync/barrier.sync; arg = barrier id
  WarpSync,        // at bar.warp.sync; arg = membermask
  ClusterBarrier,  // at barrier.cluster.wait; arg = phase it waits to pass
};

struct WarpControl {
  std::array<std::uint32_t, kWarpSize> pc{};
  LaneMask valid = 0;    // lanes that exist (the last warp of a CTA may be partial)
  LaneMask exited = 0;
  LaneMask waiting = 0;  // lanes blocked (see waitKind)
  LaneMask yielded = 0;  // lanes that last failed a try_wait/test_wait or slept: run others first
  LaneMask carry = 0;    // per-lane carry flag (CC.CF) written by .cc arithmetic
  std::array<WaitKind, kWarpSize> waitKind{};
  std::array<std::uint32_t, kWarpSize> waitArg{};
  std::array<std::uint32_t, kWarpSize> clusterArrivePhase{};  // phase at barrier.cluster.arrive, +1 (0 = not arrived)
  // Return addresses of .func calls, all lanes interleaved: a lane's stack is
  // its entries in order (calls are rare; this keeps the record small).
  struct Frame {
    std::uint8_t lane = 0;
    std::uint32_t returnPc = 0;
    // A recursive call (the callee already has an activation on this lane's
    // stack): the callee's registers and per-thread memory (its .local
    // variables and .param storage) as the outer activation left them, put
    // back when this activation returns. Empty for other calls.
    std::vector<std::uint64_t> savedRegs;
    std::vector<std::uint8_t> savedMemory;
    bool operator==(const Frame&) const = default;
  };
  std::vector<Frame> frames;
  bool operator==(const WarpControl&) const = default;

  LaneMask live() const { return valid & ~exited; }
  LaneMask ready() const { return valid & ~exited & ~waiting; }
};

struct WarpState {
  std::uint32_t cta = 0;         // linear CTA index
  std::uint32_t warpInCta = 0;
  WarpControl ctl;
  std::vector<std::uint64_t> regs;     // [reg * 32 + lane], raw bits, zero-extended
  std::vector<std::uint32_t> written;  // [reg]: lanes that have written it
  std::vector<std::uint8_t> local;     // [lane * localBytes + offset]
  bool operator==(const WarpState&) const = default;
};

struct BarrierState {
  std::uint32_t arrived = 0;   // threads arrived in the current phase
  std::uint32_t expected = 0;  // thread count for this phase (0 = not in use)
  bool operator==(const BarrierState&) const = default;
};

struct CtaControl {
  std::uint32_t liveThreads = 0;   // threads not exited
  std::array<BarrierState, 16> barriers{};
  bool operator==(const CtaControl&) const = default;
};

struct CtaState {
  Dim3 ctaid{};
  std::uint32_t cluster = 0;       // linear cluster index
  std::uint32_t clusterRank = 0;   // %cluster_ctarank
  std::uint32_t firstWarp = 0, numWarps = 0, numThreads = 0;
  CtaControl ctl;
  std::vector<std::uint8_t> shared;
  bool operator==(const CtaState&) const = default;
};

struct ClusterState {
  std::uint32_t firstCta = 0, numCtas = 0;
  std::uint32_t phase = 0;     // completed barrier.cluster phases
  std::uint32_t arrived = 0;   // threads arrived in the current phase
  bool operator==(const ClusterState&) const = default;
};

struct GlobalBuffer {
  std::string name;
  std::uint64_t base = 0;
  std::vector<std::uint8_t> bytes;
  bool readOnly = false;
  bool operator==(const GlobalBuffer&) const = default;
};

// A red.async issued but not yet performed: the reduction into a remote CTA's
// shared memory and the complete-tx on its mbarrier happen together when the
// completion policy retires it.
struct AsyncOp {
  std::uint64_t id = 0;           // issue order
  std::uint64_t issuedStep = 0;
  std::uint32_t issuerWarp = 0, issuerLane = 0, pc = 0;
  std::uint32_t targetCta = 0;    // linear CTA index holding the data and mbarrier
  std::uint32_t dataOffset = 0;   // shared offset in the target CTA
  std::uint32_t mbarOffset = 0;
  Mod op = Mod::Add;
  DataType type = DataType::U32;
  std::uint64_t value = 0;
  bool operator==(const AsyncOp&) const = default;
};

struct MachineState {
  std::uint64_t step = 0;  // warp instructions executed so far
  std::vector<WarpState> warps;
  std::vector<CtaState> ctas;
  std::vector<ClusterState> clusters;
  std::vector<GlobalBuffer> global;       // [0] = module .global variables
  std::vector<std::uint8_t> constSeg;
  std::vector<std::uint8_t> params;       // the kernel parameter buffer
  std::vector<AsyncOp> inflight;          // in issue order
  std::uint64_t nextAsyncId = 0;
  std::uint32_t nextWarp = 0;             // round-robin cursor of the default scheduler
  bool trapped = false;
  bool operator==(const MachineState&) const = default;

  // A 64-bit FNV-1a hash of every field, for determinism checks.
  std::uint64_t hash() const;
};

}  // namespace ws::core
