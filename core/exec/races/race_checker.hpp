#pragma once
// The race detector: happens-before over the PTX memory model's ordering
// rules as real code uses them (docs/races.md). The engine tells it every
// access to global and shared memory and every synchronization (barriers,
// warp syncs and collectives, fences, release/acquire, mbarrier phases,
// cluster barriers, async-group waits, proxy fences); it answers each access
// with the earlier access it races with, if any. It never changes the
// machine: a copy of it goes with each history checkpoint, so stepping back
// and executing again finds the same races.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/races/clocks.hpp"
#include "core/exec/races/shadow.hpp"
#include "core/exec/state/machine_state.hpp"

namespace ws::core::race {

// Scopes of strong operations (PTX ISA 8.5); Sys for .volatile.
enum class Scope : std::uint8_t { Cta, Cluster, Gpu, Sys };
// A memory operation's ordering (8.4).
enum class Sem : std::uint8_t { Weak, Relaxed, Acquire, Release, AcqRel };

struct Access {
  MemRegion region = MemRegion::Global;
  std::uint32_t index = 0;  // buffer (Global), CTA (Shared)
  std::uint64_t offset = 0;
  std::uint8_t bytes = 0;
  bool read = false, write = false;
  bool atomic = false;     // atom/red (and the async reductions)
  bool reduction = false;  // red: its read forms no acquire pattern
  Sem sem = Sem::Weak;     // Weak: a plain ld/st
  Scope scope = Scope::Sys;
  bool unchanged = false;  // a write that stored the bytes already there
  // A plain read whose value seeds a compare-and-swap of the same word (the
  // CUDA guide's atomicCAS loop): the CAS checks it, so it does not race
  // with atomic writes.
  bool casSeed = false;
  std::uint32_t pc = 0;
  std::uint64_t step = 0;
  bool strong() const { return atomic || sem != Sem::Weak; }
};

// A race found: the earlier access (from the shadow) and the one now.
struct Finding {
  DiagKind kind = DiagKind::RaceShared;
  RaceInfo info;
  // What would have ordered them, as the message says it.
  std::string_view remedy;
  bool sameWarp = false;
};

// What a release hands to whoever acquires it.
struct Released {
  ClockPtr view;   // happens-before
  ClockPtr hint;   // what current GPUs order but the memory model does not promise
  ClockPtr proxy;  // what has passed a fence.proxy.async
};

class RaceChecker {
 public:
  struct Shape {
    std::uint32_t warpsPerCta = 0;
    std::vector<std::uint32_t> ctaOfWarp;      // [global warp]
    std::vector<std::uint32_t> firstWarpOfCta;  // [cta]
    std::vector<std::uint32_t> clusterOfCta;    // [cta]
  };
  explicit RaceChecker(Shape shape);

  // ---- accesses. A thread's, or (asyncOp) the asynchronous operation's
  // now completing. Returns the race it makes, if any (each pair of program
  // points is reported once: later pairs return nothing).
  std::optional<Finding> access(std::uint32_t warp, int lane, const Access& a);
  std::optional<Finding> asyncAccess(std::uint64_t opId, const Access& a);

  // ---- synchronization
  // Lanes of warp w arrive at CTA barrier `id` (bar.sync/bar.arrive/bar.red).
  void barrierArrive(std::uint32_t cta, std::uint32_t id, std::uint32_t w, LaneMask lanes);
  // The barrier completed: what its arrivals released (taken once).
  Released barrierComplete(std::uint32_t cta, std::uint32_t id);
  // Lanes of warp w pass a completed barrier (or phase, or wait) and acquire.
  void acquire(std::uint32_t w, LaneMask lanes, const Released& r);
  // A warp collective or bar.warp.sync joined lanes `lanes` of warp w.
  void warpSync(std::uint32_t w, LaneMask lanes);
  // fence.sc / fence.acq_rel / membar (release and acquire side), fence.proxy.async.
  void fence(std::uint32_t w, LaneMask lanes, Scope scope);
  void proxyFence(std::uint32_t w, LaneMask lanes);
  // barrier.cluster.arrive (release unless .relaxed) and the phase's completion.
  void clusterArrive(std::uint32_t cluster, std::uint32_t w, LaneMask lanes, bool release);
  void clusterComplete(std::uint32_t cluster);
  void clusterAcquire(std::uint32_t cluster, std::uint32_t w, LaneMask lanes);
  // mbarrier objects, named by CTA and offset in its shared memory.
  void mbarrierArrive(std::uint32_t cta, std::uint32_t offset, std::uint32_t w, LaneMask lanes);
  void mbarrierAsyncArrive(std::uint32_t cta, std::uint32_t offset, std::uint64_t opId);  // complete-tx, async arrive
  void mbarrierPhaseComplete(std::uint32_t cta, std::uint32_t offset);
  void mbarrierAcquire(std::uint32_t cta, std::uint32_t offset, std::uint32_t w, LaneMask lanes);
  // An asynchronous operation issued by a lane; bulk: it works in the async
  // proxy (cp.async.bulk*, cp.reduce.async.bulk*), where generic writes reach
  // it only through fence.proxy.async.
  void asyncIssue(std::uint64_t opId, std::uint32_t w, int lane, bool bulk, std::string_view what);
  void asyncRetired(std::uint64_t opId);
  // cp.async(.bulk).commit_group by lanes; their wait_group `pending` passed.
  void asyncCommit(std::uint32_t w, LaneMask lanes, bool bulk);
  void asyncWaitPassed(std::uint32_t w, LaneMask lanes, bool bulk, std::uint32_t pending);
  void asyncWaitAll(std::uint32_t w, LaneMask lanes);  // cp.async.wait_all: every operation issued

  std::uint64_t shadowBytes() const { return m_shadow.bytes(); }

 private:
  // What one accessor knows: a thread's clocks, or those an asynchronous
  // operation was issued with.
  using Row = std::array<Clock, kWarpSize>;
  struct Knower {
    const VectorClock* view = nullptr;
    const VectorClock* hint = nullptr;
    const VectorClock* pending = nullptr;
    const VectorClock* proxy = nullptr;
    const Row* row = nullptr;  // the lane's overlay row (warp-mates' clocks), if any
    std::uint32_t warpCta = 0, warpSlot0 = 0;
    std::uint32_t self = 0;    // global thread index (of the issuer, for an operation)
    Clock selfClock = 0;       // every access of self up to this clock is ordered before
    Clock twinClock = 0;       // self's asynchronous operations up to this clock are done
    bool op = false, bulk = false;

    Clock at(const RaceChecker& rc, std::uint32_t who, const VectorClock* v) const {
      const bool twin = (who & Rec::kTwin) != 0;
      const std::uint32_t gid = who & ~Rec::kTwin;
      const Tid u = twin ? rc.twinOf(gid) : rc.tidOf(gid);
      Clock c = v ? v->at(u) : 0;
      if (v != view) return c;  // the hint and proxy clocks are whole
      if (gid == self) return std::max(c, twin ? twinClock : selfClock);
      if (!twin && row && u.cta == warpCta && u.slot >= warpSlot0 && u.slot < warpSlot0 + kWarpSize)
        c = std::max(c, (*row)[u.slot - warpSlot0]);
      return c;
    }
  };
  struct OpInfo {
    std::uint32_t issuer = 0;  // global thread index
    Clock clock = 0;           // the twin's clock for this operation
    Clock ownAtIssue = 0, twinAtIssue = 0;
    ClockPtr view, proxy;
    std::array<Clock, kWarpSize> row{};
    bool bulk = false;
    std::string_view what;
  };
  struct Pending {
    std::vector<ClockPtr> views, hints, proxies;
    std::vector<std::pair<Tid, Clock>> entries;
    bool empty() const { return views.empty() && entries.empty() && hints.empty() && proxies.empty(); }
  };
  struct MbarrierSync {
    Pending current;
    Released last;
  };
  struct Overlay {
    // row(l)[m]: what lane l knows of lane m's clock. A sync of the whole
    // warp (the usual shuffle or __syncwarp) leaves every lane the same row:
    // it is kept once, in `shared`, and only lanes that synced apart keep
    // one of their own.
    Row shared{};
    LaneMask own = 0;
    std::array<Row, kWarpSize> rows{};
    const Row& row(std::size_t l) const { return ((own >> l) & 1u) != 0 ? rows[l] : shared; }
  };

  Tid tidOf(std::uint32_t gid) const;
  Tid twinOf(std::uint32_t gid) const;
  std::uint32_t rowSize() const { return m_shape.warpsPerCta * kWarpSize * 2; }
  bool covers(Scope s, std::uint32_t ctaA, std::uint32_t ctaB) const;
  Knower knowerOf(std::uint32_t gid) const;
  Knower knowerOfOp(const OpInfo& op) const;
  std::optional<Finding> check(const Knower& k, const Access& a, std::uint32_t who, Clock clock, std::uint32_t flags);
  // The finding for earlier access `e` against the current one, or nothing
  // when they are ordered, morally strong, or a benign same-value write.
  std::optional<Finding> judge(const Knower& k, const Rec& e, std::uint32_t who, std::uint32_t flags, const Access& a);
  RaceAccess describe(const Rec& r, std::uint64_t nowStep, MemRegion region) const;
  // Everything thread gid knows now, as one clock (for a release into memory).
  ClockPtr snapshot(std::uint32_t gid) const;
  void release(Pending& p, std::uint32_t w, LaneMask lanes);
  Released build(Pending& p) const;
  void joinInto(ClockPtr& into, const ClockPtr& more) const;
  Overlay& overlay(std::uint32_t w);
  // Strong writes and reads: release/acquire through memory (8.8).
  void syncWrite(std::uint32_t gid, const Access& a);
  void syncRead(std::uint32_t gid, const Access& a);
  std::uint64_t locKey(const Access& a) const {
    return (static_cast<std::uint64_t>(a.region) << 62) ^ (static_cast<std::uint64_t>(a.index) << 40) ^ a.offset;
  }

  Shape m_shape;
  Shadow m_shadow;
  // Per thread: what it knows (view); what current GPUs order but the model
  // does not promise (hint); releases its strong reads saw, which an acquire
  // fence of its own would acquire (pending, 8.8); what has passed a proxy
  // fence (proxy); what it knew at its last fence (fence: a strong write
  // after it releases that).
  std::vector<ClockPtr> m_view, m_hint, m_pending, m_proxy, m_fence, m_lastAcquired;  // [gid]
  std::vector<std::uint8_t> m_twinNews;  // [gid]: its twin clock went up since the last release or warp sync
  std::vector<Clock> m_own, m_twinKnown, m_twinNext;                         // [gid]
  std::vector<std::shared_ptr<Overlay>> m_overlay;                           // [warp], made on first warp sync
  std::vector<std::vector<Clock>> m_commits, m_bulkCommits;                  // [gid]: twin clock at each commit
  std::unordered_map<std::uint32_t, Pending> m_barriers;                     // cta * 16 + id
  std::vector<Pending> m_clusterPending;
  std::vector<Released> m_clusterLast;
  std::unordered_map<std::uint64_t, MbarrierSync> m_mbarriers;               // cta << 32 | offset
  struct Location {
    ClockPtr rel;   // what a release pattern's write published (8.8)
    ClockPtr hint;  // what the writer knew, where it had fenced: hardware orders it, the model may not
  };
  std::unordered_map<std::uint64_t, Location> m_locations;  // memory written by strong writes
  std::unordered_map<std::uint64_t, OpInfo> m_ops;
  // Pairs of program points already reported, with the step that reported
  // them: more lanes of that step join its report, later steps add none.
  std::unordered_map<std::uint64_t, std::uint64_t> m_reported;
};

}  // namespace ws::core::race
