// One access against the shadow: is it ordered after the earlier accesses
// to its bytes, and if not, which race is it (docs/races.md).
#include <bit>

#include "core/exec/races/race_checker.hpp"

namespace ws::core::race {
namespace {

std::uint32_t flagsOf(const Access& a, bool bulk) {
  std::uint32_t f = 0;
  if (a.write) f |= Rec::kWrite;
  if (a.atomic) f |= Rec::kAtomic;
  if (a.strong()) f |= Rec::kStrong;
  if (bulk) f |= Rec::kAsyncProxy;
  f |= static_cast<std::uint32_t>(a.scope) << Rec::kScopeShift;
  return f;
}

Scope scopeOf(std::uint32_t flags) { return static_cast<Scope>((flags >> Rec::kScopeShift) & 3u); }

}  // namespace

std::optional<Finding> RaceChecker::access(std::uint32_t warp, int lane, const Access& a) {
  const std::uint32_t gid = warp * kWarpSize + static_cast<std::uint32_t>(lane);
  std::optional<Finding> f = check(knowerOf(gid), a, gid, m_own[gid], flagsOf(a, false));
  if (a.strong() && !(a.read && a.write && !a.atomic)) {
    if (a.read && !a.reduction) syncRead(gid, a);
    if (a.write) syncWrite(gid, a);
  }
  return f;
}

std::optional<Finding> RaceChecker::asyncAccess(std::uint64_t opId, const Access& a) {
  auto it = m_ops.find(opId);
  if (it == m_ops.end()) return std::nullopt;
  const OpInfo& op = it->second;
  return check(knowerOfOp(op), a, op.issuer | Rec::kTwin, op.clock, flagsOf(a, op.bulk));
}

std::optional<Finding> RaceChecker::check(const Knower& k, const Access& a, std::uint32_t who, Clock clock,
                                          std::uint32_t flags) {
  std::optional<Finding> found;
  const Rec now{who, clock, static_cast<std::uint32_t>(a.step), (a.pc & 0xffffffu) | flags << 24};
  for (std::uint64_t b = 0; b < a.bytes; ++b) {
    Cell& c = m_shadow.cell(a.region, a.index, a.offset + b);
    if (!found && !c.write.empty()) found = judge(k, c.write, who, flags, a);
    if (a.write) {
      for (const Rec& r : c.reads)
        if (!found && !r.empty()) found = judge(k, r, who, flags, a);
      c.write = now;
      c.reads = {Rec{}, Rec{}};
      continue;
    }
    // A read: it replaces a read it is ordered after; a third concurrent
    // reader takes the newer slot.
    auto orderedBefore = [&](const Rec& r) {
      return r.empty() || r.who == who || k.at(*this, r.who, k.view) >= r.clock;
    };
    if (orderedBefore(c.reads[0])) {
      c.reads[0] = now;
      if (!c.reads[1].empty() && orderedBefore(c.reads[1])) c.reads[1] = Rec{};
    } else {
      c.reads[1] = now;
    }
  }
  return found;
}

std::optional<Finding> RaceChecker::judge(const Knower& k, const Rec& e, std::uint32_t who, std::uint32_t flags,
                                          const Access& a) {
  if (e.who == who) return std::nullopt;  // program order (or one operation's own bytes)
  const std::uint32_t ef = e.flags();
  const bool eWrite = (ef & Rec::kWrite) != 0;
  if (!eWrite && !a.write) return std::nullopt;  // two reads do not conflict
  const bool eAsync = (e.who & Rec::kTwin) != 0;
  // A bulk copy sees generic writes only through a proxy fence (8.6).
  const bool viaProxy = k.bulk && eWrite && !eAsync && (ef & Rec::kAsyncProxy) == 0;
  const VectorClock* knows = viaProxy ? k.proxy : k.view;
  if (viaProxy ? k.at(*this, e.who, knows) >= e.clock : k.at(*this, e.who, k.view) >= e.clock) return std::nullopt;
  const std::uint32_t eGid = e.who & ~Rec::kTwin;
  const std::uint32_t eWarp = eGid / kWarpSize, nowWarp = (who & ~Rec::kTwin) / kWarpSize;
  const std::uint32_t eCta = m_shape.ctaOfWarp[eWarp], nowCta = m_shape.ctaOfWarp[nowWarp];
  const bool nowAsync = (who & Rec::kTwin) != 0;
  const bool sameWarp = !eAsync && !nowAsync && eWarp == nowWarp;
  const bool eStrong = (ef & Rec::kStrong) != 0, eAtomic = (ef & Rec::kAtomic) != 0;
  const bool bothBulkSide = ((ef & Rec::kAsyncProxy) != 0) == k.bulk;
  if (eStrong && a.strong() && bothBulkSide && covers(scopeOf(ef), eCta, nowCta) && covers(a.scope, nowCta, eCta)) {
    // Morally strong: no data race (8.7.1). Lanes of one warp that hand
    // data through volatile (strong, not atomic) accesses with nothing
    // between them still depend on an order nothing gives them (the warp
    // is no scope, and its lanes are scheduled independently).
    if (eAtomic || a.atomic || !sameWarp) return std::nullopt;
  }
  if (eWrite && a.write && a.unchanged && !eAtomic && !a.atomic) return std::nullopt;  // benign: the same bytes again
  Finding f;
  // Ordered only through a fenced flag read with no acquire after it.
  const bool hinted = !viaProxy && k.hint && k.hint->at(eAsync ? twinOf(eGid) : tidOf(eGid)) >= e.clock;
  const bool bulkSide = (ef & Rec::kAsyncProxy) != 0 || k.bulk;
  if (hinted) {
    f.kind = DiagKind::MemoryModelNoAcquire;
    f.remedy = "an acquire after the flag read: ld.acquire (cuda::atomic_ref load(memory_order_acquire)) or "
               "__threadfence() after it";
  } else if (bulkSide) {
    f.kind = DiagKind::RaceAsyncProxy;
    f.remedy = viaProxy ? "fence.proxy.async after the stores (and a barrier if another thread issues the copy)"
                        : "a wait for the copy's completion (mbarrier.try_wait on its phase, or "
                          "cp.async.bulk.wait_group) before the access";
  } else if (a.region == MemRegion::Shared && (eCta != a.index || nowCta != a.index)) {
    f.kind = DiagKind::RaceCluster;
    f.remedy = "cluster.sync() (barrier.cluster.arrive.release and barrier.cluster.wait.acquire) between them";
  } else {
    f.kind = a.region == MemRegion::Shared ? DiagKind::RaceShared : DiagKind::RaceGlobal;
    if (eAsync || nowAsync)
      f.remedy = "cp.async.wait_group (or cp.async.wait_all) before the access, and __syncthreads() if another "
                 "thread issued the copy";
    else if (eAtomic != a.atomic)
      f.remedy = "atomic accesses on both sides (or a barrier between them)";
    else if (sameWarp)
      f.remedy = "__syncwarp() (bar.warp.sync) between them: lanes of a warp are scheduled independently";
    else if (eCta == nowCta)
      f.remedy = "__syncthreads() (bar.sync) between them";
    else
      f.remedy = "a release/acquire pair: st.release / ld.acquire on a flag, or __threadfence() before the flag "
                 "write and after the flag read";
  }
  f.sameWarp = sameWarp;
  f.info.first = describe(e, a.step, a.region);
  Rec now{who, 0, static_cast<std::uint32_t>(a.step), (a.pc & 0xffffffu) | flags << 24};
  f.info.second = describe(now, a.step, a.region);
  f.info.region = a.region;
  f.info.index = a.index;
  f.info.offset = a.offset;
  f.info.bytes = a.bytes;
  // Each pair of program points once (more lanes of the same step join it).
  const std::uint64_t key = static_cast<std::uint64_t>(e.pc()) << 32 | (a.pc & 0xffffffu) |
                            static_cast<std::uint64_t>(f.kind) << 24;
  auto [it, fresh] = m_reported.try_emplace(key, a.step);
  if (!fresh && it->second != a.step) return std::nullopt;
  return f;
}

RaceAccess RaceChecker::describe(const Rec& r, std::uint64_t nowStep, MemRegion) const {
  RaceAccess out;
  // The shadow keeps a step's low 32 bits: the earlier access is the latest
  // step at or before now with those bits.
  out.step = nowStep - static_cast<std::uint32_t>(static_cast<std::uint32_t>(nowStep) - r.step);
  const std::uint32_t gid = r.who & ~Rec::kTwin;
  out.warp = gid / kWarpSize;
  out.cta = m_shape.ctaOfWarp[out.warp];
  out.lane = (r.who & Rec::kTwin) ? std::int8_t{-1} : static_cast<std::int8_t>(gid % kWarpSize);
  out.pc = r.pc();
  const std::uint32_t f = r.flags();
  out.what = (f & Rec::kAtomic) ? RaceAccess::What::Atomic
             : (f & Rec::kWrite) ? RaceAccess::What::Write
                                 : RaceAccess::What::Read;
  out.strong = (f & Rec::kStrong) != 0;
  return out;
}

}  // namespace ws::core::race
