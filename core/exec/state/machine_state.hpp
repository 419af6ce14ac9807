#pragma once
// All mutable state of a running launch, as one value type: copyable,
// comparable and hashable, with indices instead of pointers. Control state
// (PCs, masks, waits, barriers, in-flight async operations) is kept apart
// from data (registers, memory) so the journal can copy small control records
// and diff data per cell.
#include <array>
#include <optional>
#include <cstdint>
#include <string>
#include <vector>

#include "core/exec/state/launch.hpp"
#include "core/exec/state/register_arena.hpp"
#include "core/isa/isa.hpp"
#include "core/ptx/program.hpp"

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
  AsyncGroup,      // after cp.async.wait_group/wait_all; arg = how many of the newest cp.async-groups may stay pending
  BulkGroup,       // after cp.async.bulk.wait_group{.read}; arg = likewise for bulk async-groups
};

struct WarpControl {
  std::array<std::uint32_t, kWarpSize> pc{};
  LaneMask valid = 0;    // lanes that exist (the last warp of a CTA may be partial)
  LaneMask exited = 0;
  LaneMask waiting = 0;  // lanes blocked (see waitKind)
  LaneMask yielded = 0;  // lanes that last failed a try_wait/test_wait or slept: run others first
  // Lanes in a poll loop: their last test_wait/try_wait failed and none has
  // succeeded since (unlike `yielded`, kept while the loop runs its other
  // instructions). The Lazy completion policy treats them as idle.
  LaneMask polling = 0;
  LaneMask carry = 0;    // per-lane carry flag (CC.CF) written by .cc arithmetic
  // Hardware mode (rule S): after a collective that joined lanes of two call
  // sites, the lanes that arrived last run on first, while the warp runs
  // only lanes of this set.
  LaneMask runFirst = 0;
  // Forward progress (rule Y, docs/hardware-mode.md): a group of lanes that
  // jumps back to the top of its loop while other lanes of the warp are ready
  // and did not run. spinPrint is the registers the loop uses, as they stood
  // at the last such jump (0: none counted); spins counts the jumps in a row
  // that found them unchanged, an iteration that changed nothing: a spin.
  // Both are 0 whenever no group of the warp loops past others.
  std::uint64_t spinPrint = 0;
  std::uint32_t spins = 0;
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

// Each lane's count of committed async-groups (cp.async.commit_group and
// cp.async.bulk.commit_group, PTX ISA 9.7.9.25.3.2, 9.7.9.25.6.1). An
// operation issued while a lane has committed n groups belongs to group n; the
// lane's groups are numbered in commit order, empty ones included, because
// wait_group N counts them ("only N or fewer of the most recent groups are
// pending"). Kept apart from WarpControl so that steps which commit nothing
// do not journal it.
// One wgmma.mma_async of a warp whose result has not landed yet (PTX ISA
// 9.7.15.5.2): the operands were read when it was issued, the result waits
// here until a wgmma.wait_group covers its wgmma-group, and only then goes
// into the D registers (so stepping shows them unchanged in between).
struct WgmmaPending {
  std::uint32_t pc = 0;                 // the wgmma.mma_async
  std::uint32_t group = 0;              // its wgmma-group: the warp's commit count when it was issued
  LaneMask lanes = 0;                   // lanes that executed it
  std::vector<std::uint32_t> dRegs;     // the D (accumulator) registers, in operand order
  std::vector<std::uint32_t> aRegs;     // the A fragment registers (empty: A from a descriptor)
  std::vector<std::uint32_t> values;    // [i * 32 + lane]: the result for dRegs[i]
  bool operator==(const WgmmaPending&) const = default;
};

// A warp's wgmma state (PTX ISA 9.7.15.7): its wgmma-groups, the operations
// in flight, and what the wgmma.fence and .aligned checks need.
struct WgmmaQueue {
  std::uint32_t committed = 0;          // wgmma.commit_group executed
  std::uint32_t issued = 0;             // wgmma.mma_async executed
  std::uint32_t lastPc = 0;             // the last one's PC (the .aligned check compares warps)
  bool fenced = false;                  // a wgmma.fence was executed
  std::vector<WgmmaPending> pending;    // issue order
  bool operator==(const WgmmaQueue&) const = default;
  // Whether the warp has used wgmma at all (then its register accesses are watched).
  bool active() const { return issued != 0 || fenced; }
};

struct AsyncGroups {
  std::array<std::uint32_t, kWarpSize> cpAsync{};
  std::array<std::uint32_t, kWarpSize> bulk{};
  WgmmaQueue wgmma;
  bool operator==(const AsyncGroups&) const = default;
};

struct WarpState {
  std::uint32_t cta = 0;         // linear CTA index
  std::uint32_t warpInCta = 0;
  WarpControl ctl;
  AsyncGroups groups;
  RegisterRows regs;                   // [reg * 32 + lane], raw bits, zero-extended
  // [reg]: lanes whose value is defined: written, and not computed from an
  // unwritten register (ExecCtx tracks definedness through every write).
  std::vector<std::uint32_t> written;
  std::vector<std::uint8_t> local;     // [lane * localBytes + offset]
  bool operator==(const WarpState&) const = default;
};

struct BarrierState {
  std::uint32_t arrived = 0;   // threads arrived in the current phase
  std::uint32_t expected = 0;  // thread count for this phase (0 = not in use)
  // bar.red: the arrived threads whose predicate was true / false; the
  // reduction (popc, and, or) is written to every waiting thread on release.
  std::uint32_t redTrue = 0, redFalse = 0;
  bool operator==(const BarrierState&) const = default;
};

// setmaxnreg's per-CTA register pool (PTX ISA 9.7.19.5), counted in
// registers per thread of a warp: a warp going from r to n registers takes
// n - r from the pool (.inc) or gives r - n back (.dec). Empty until the
// CTA's first setmaxnreg; `perWarp` then starts at the kernel's budget.
struct RegisterPool {
  std::uint32_t free = 0;                // registers (per thread) not owned by any warp
  std::vector<std::uint16_t> perWarp;    // [warp in CTA]: its per-thread register count
  bool operator==(const RegisterPool&) const = default;
};

struct CtaControl {
  std::uint32_t liveThreads = 0;   // threads not exited
  std::array<BarrierState, 16> barriers{};
  RegisterPool regs;
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

// What an in-flight asynchronous operation does when it completes.
enum class AsyncKind : std::uint8_t {
  RedAsync,         // red.async.relaxed: reduce `data[0]` into dst (another CTA's shared memory), complete-tx on mbar
  RedAsyncRelease,  // red.async.release (sm_100): reduce `data[0]` into dst in global memory; no mbarrier
  CpAsync,          // cp.async: copy srcSize bytes, zero-fill up to size, into the issuer's shared memory
  CpAsyncArrive,    // cp.async.mbarrier.arrive: an arrive-on on mbar once the issuer's older cp.async completed
  BulkCopy,         // cp.async.bulk: copy size bytes; complete-tx on mbar, or a bulk async-group
  BulkReduce,       // cp.reduce.async.bulk: reduce size bytes of src element-wise into dst (op, type)
  StAsync,          // st.async: store size bytes of `data` into dst, complete-tx on mbar
};

// A memory location an async operation names: a global address, or an
// offset into one CTA's shared memory.
struct AsyncLoc {
  Space space = Space::Global;  // Global or Shared
  std::uint32_t cta = 0;        // Shared: linear CTA index
  std::uint64_t addr = 0;       // Global: the address; Shared: the offset in that CTA
  bool operator==(const AsyncLoc&) const = default;
};

inline constexpr std::uint32_t kNoAsyncGroup = ~0u;

// An asynchronous operation issued but not yet performed. Its effects (the
// data written at dst, the complete-tx or arrive-on on mbar) happen together
// when the completion policy retires it; sources are read then too, which is
// one of the orders the PTX ISA allows (the program may not touch them before
// it waits for completion).
// A tensor copy's own operands (cp.async.bulk.tensor,
// cp.reduce.async.bulk.tensor): the tensor map's 128 bytes as read at issue
// and the box's coordinates, innermost first. The copy's shared-memory end
// is the op's dst (loads) or src (stores and reductions).
struct TensorOperand {
  std::array<std::uint8_t, 128> map{};
  std::array<std::int32_t, 5> coords{};
  std::array<std::int16_t, 3> im2colOffsets{};  // .im2col: the per-spatial-dim offsets operand (W, H, D)
  bool operator==(const TensorOperand&) const = default;
};

struct AsyncOp {
  std::uint64_t id = 0;           // issue order
  std::uint64_t issuedStep = 0;
  std::uint32_t issuerWarp = 0, issuerLane = 0, pc = 0;
  AsyncKind kind = AsyncKind::RedAsync;
  AsyncLoc src;                   // copies and bulk reductions: where the data comes from
  AsyncLoc dst;                   // where it goes
  std::uint32_t size = 0;         // bytes written at dst
  std::uint32_t srcSize = 0;      // bytes read from src (cp.async: the rest of size is zero-filled)
  bool hasMbar = false;
  AsyncLoc mbar;                  // the mbarrier completed (Shared)
  std::uint32_t group = kNoAsyncGroup;  // cp.async / .bulk_group: the issuer's async-group number
  std::uint16_t ctaMask = 0;      // multicast: every destination CTA rank (one op per destination)
  Mod op = Mod::None;             // reductions
  DataType type = DataType::None;
  std::array<std::uint64_t, 2> data{};  // red.async's operand; st.async's bytes, little-endian
  std::optional<TensorOperand> tensor;  // BulkCopy/BulkReduce of a tensor box (async_tensor.cpp)
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
