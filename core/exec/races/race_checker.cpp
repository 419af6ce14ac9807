// The detector's bookkeeping: threads' clocks, what each synchronization
// hands over, and the check of one access against the shadow.
#include "core/exec/races/race_checker.hpp"

#include <algorithm>
#include <bit>

namespace ws::core::race {
namespace {

// f(gid) for the global thread index of every lane of `lanes` in warp w.
template <class F>
void forThreads(std::uint32_t w, LaneMask lanes, F&& f) {
  for (LaneMask m = lanes; m; m &= m - 1) f(w * kWarpSize + static_cast<std::uint32_t>(std::countr_zero(m)));
}

}  // namespace

RaceChecker::RaceChecker(Shape shape) : m_shape(std::move(shape)) {
  const std::size_t n = m_shape.ctaOfWarp.size() * kWarpSize;
  m_view.assign(n, nullptr);
  m_hint.assign(n, nullptr);
  m_pending.assign(n, nullptr);
  m_twinNews.assign(n, 0);
  m_proxy.assign(n, nullptr);
  m_fence.assign(n, nullptr);
  m_lastAcquired.assign(n, nullptr);
  m_own.assign(n, 1);
  m_twinKnown.assign(n, 0);
  m_twinNext.assign(n, 0);
  m_overlay.assign(m_shape.ctaOfWarp.size(), nullptr);
  m_commits.assign(n, {});
  m_bulkCommits.assign(n, {});
  std::uint32_t clusters = 0;
  for (std::uint32_t k : m_shape.clusterOfCta) clusters = std::max(clusters, k + 1);
  m_clusterPending.assign(clusters, {});
  m_clusterLast.assign(clusters, {});
}

Tid RaceChecker::tidOf(std::uint32_t gid) const {
  const std::uint32_t w = gid / kWarpSize;
  const std::uint32_t cta = m_shape.ctaOfWarp[w];
  return {cta, (w - m_shape.firstWarpOfCta[cta]) * kWarpSize + gid % kWarpSize};
}

Tid RaceChecker::twinOf(std::uint32_t gid) const {
  Tid t = tidOf(gid);
  t.slot += m_shape.warpsPerCta * kWarpSize;
  return t;
}

bool RaceChecker::covers(Scope s, std::uint32_t ctaA, std::uint32_t ctaB) const {
  switch (s) {
    case Scope::Cta: return ctaA == ctaB;
    case Scope::Cluster: return m_shape.clusterOfCta[ctaA] == m_shape.clusterOfCta[ctaB];
    case Scope::Gpu: case Scope::Sys: return true;
  }
  return true;
}

RaceChecker::Knower RaceChecker::knowerOf(std::uint32_t gid) const {
  Knower k;
  k.view = m_view[gid].get();
  k.hint = m_hint[gid].get();
  k.pending = m_pending[gid].get();
  k.proxy = m_proxy[gid].get();
  const std::uint32_t w = gid / kWarpSize;
  if (const auto& ov = m_overlay[w]) k.row = &ov->row(gid % kWarpSize);
  k.warpCta = m_shape.ctaOfWarp[w];
  k.warpSlot0 = (w - m_shape.firstWarpOfCta[k.warpCta]) * kWarpSize;
  k.self = gid;
  k.selfClock = m_own[gid];
  k.twinClock = m_twinKnown[gid];
  return k;
}

RaceChecker::Knower RaceChecker::knowerOfOp(const OpInfo& op) const {
  Knower k;
  k.view = op.view.get();
  k.proxy = op.proxy.get();
  k.row = &op.row;
  const std::uint32_t w = op.issuer / kWarpSize;
  k.warpCta = m_shape.ctaOfWarp[w];
  k.warpSlot0 = (w - m_shape.firstWarpOfCta[k.warpCta]) * kWarpSize;
  k.self = op.issuer;
  k.selfClock = op.ownAtIssue;
  k.twinClock = op.twinAtIssue;
  k.op = true;
  k.bulk = op.bulk;
  return k;
}

RaceChecker::Overlay& RaceChecker::overlay(std::uint32_t w) {
  std::shared_ptr<Overlay>& ov = m_overlay[w];
  if (!ov) ov = std::make_shared<Overlay>();
  else if (ov.use_count() > 1) ov = std::make_shared<Overlay>(*ov);  // shared with a checkpoint
  return *ov;
}

void RaceChecker::joinInto(ClockPtr& into, const ClockPtr& more) const {
  if (!more || into == more) return;
  if (!into) {
    into = more;
    return;
  }
  VectorClock::Join j(rowSize());
  j.add(*into);
  j.add(*more);
  into = j.build();
}

ClockPtr RaceChecker::snapshot(std::uint32_t gid) const {
  VectorClock::Join j(rowSize());
  j.add(m_view[gid]);
  j.set(tidOf(gid), m_own[gid]);
  j.set(twinOf(gid), m_twinKnown[gid]);
  const std::uint32_t w = gid / kWarpSize;
  if (const auto& ov = m_overlay[w]) {
    const Row& row = ov->row(gid % kWarpSize);
    for (std::size_t m = 0; m < kWarpSize; ++m)
      if (row[m]) j.set(tidOf(w * kWarpSize + static_cast<std::uint32_t>(m)), row[m]);
  }
  return j.build();
}

// Lanes hand what they know to a synchronization object, and move on to a
// new clock: their later accesses are not ordered by this release.
void RaceChecker::release(Pending& p, std::uint32_t w, LaneMask lanes) {
  const auto& ov = m_overlay[w];
  // The rows of the lanes, joined: the shared row once, the lanes' own rows.
  Row rowMax{};
  if (ov) {
    if ((lanes & ~ov->own) != 0) rowMax = ov->shared;
    for (LaneMask m = lanes & ov->own; m; m &= m - 1) {
      const Row& r = ov->rows[static_cast<std::size_t>(std::countr_zero(m))];
      for (std::size_t k = 0; k < kWarpSize; ++k) rowMax[k] = std::max(rowMax[k], r[k]);
    }
  }
  forThreads(w, lanes, [&](std::uint32_t gid) {
    if (m_view[gid] && (p.views.empty() || p.views.back() != m_view[gid])) p.views.push_back(m_view[gid]);
    if (m_hint[gid] && (p.hints.empty() || p.hints.back() != m_hint[gid])) p.hints.push_back(m_hint[gid]);
    // What the lane's strong reads saw but no acquire of its own took: the
    // receivers get it as hardware order only.
    if (m_pending[gid] && (p.hints.empty() || p.hints.back() != m_pending[gid])) p.hints.push_back(m_pending[gid]);
    m_twinNews[gid] = 0;
    if (m_proxy[gid] && (p.proxies.empty() || p.proxies.back() != m_proxy[gid])) p.proxies.push_back(m_proxy[gid]);
    p.entries.push_back({tidOf(gid), m_own[gid]});
    if (m_twinKnown[gid]) p.entries.push_back({twinOf(gid), m_twinKnown[gid]});
    ++m_own[gid];
  });
  if (ov)
    for (std::size_t k = 0; k < kWarpSize; ++k)
      if (rowMax[k]) p.entries.push_back({tidOf(w * kWarpSize + static_cast<std::uint32_t>(k)), rowMax[k]});
}

Released RaceChecker::build(Pending& p) const {
  Released r;
  VectorClock::Join j(rowSize());
  for (const ClockPtr& c : p.views) j.add(*c);
  for (const auto& [t, c] : p.entries) j.set(t, c);
  r.view = j.build();
  if (!p.hints.empty()) {
    VectorClock::Join h(rowSize());
    for (const ClockPtr& c : p.hints) h.add(*c);
    r.hint = h.build();
  }
  if (!p.proxies.empty()) {
    VectorClock::Join x(rowSize());
    for (const ClockPtr& c : p.proxies) x.add(*c);
    r.proxy = x.build();
  }
  p = Pending{};
  return r;
}

void RaceChecker::acquire(std::uint32_t w, LaneMask lanes, const Released& r) {
  // Lanes of a warp mostly hold one clock: join it once.
  ClockPtr lastFrom, lastTo;
  forThreads(w, lanes, [&](std::uint32_t gid) {
    if (r.view) {
      if (lastFrom && m_view[gid] == lastFrom) {
        m_view[gid] = lastTo;
      } else {
        lastFrom = m_view[gid];
        joinInto(m_view[gid], r.view);
        lastTo = m_view[gid];
      }
    }
    joinInto(m_hint[gid], r.hint);
    joinInto(m_proxy[gid], r.proxy);
  });
}

void RaceChecker::barrierArrive(std::uint32_t cta, std::uint32_t id, std::uint32_t w, LaneMask lanes) {
  release(m_barriers[cta * 16 + id], w, lanes);
}

Released RaceChecker::barrierComplete(std::uint32_t cta, std::uint32_t id) {
  auto it = m_barriers.find(cta * 16 + id);
  if (it == m_barriers.end()) return {};
  Released r = build(it->second);
  m_barriers.erase(it);
  return r;
}

void RaceChecker::warpSync(std::uint32_t w, LaneMask lanes) {
  if (std::popcount(lanes) < 2) return;
  const std::uint32_t g0 = w * kWarpSize;
  // Lanes that hold different clocks (one acquired something the others did
  // not) first share the join of them.
  const std::uint32_t lead = g0 + static_cast<std::uint32_t>(std::countr_zero(lanes));
  bool same = true;
  for (LaneMask m = lanes; m; m &= m - 1) {
    const std::uint32_t gid = g0 + static_cast<std::uint32_t>(std::countr_zero(m));
    same = same && m_view[gid] == m_view[lead] && m_hint[gid] == m_hint[lead] && m_proxy[gid] == m_proxy[lead] &&
           !m_pending[gid] && !m_twinNews[gid];
  }
  if (!same) {
    Pending p;
    for (LaneMask m = lanes; m; m &= m - 1) {
      const std::uint32_t gid = g0 + static_cast<std::uint32_t>(std::countr_zero(m));
      if (m_view[gid]) p.views.push_back(m_view[gid]);
      if (m_hint[gid]) p.hints.push_back(m_hint[gid]);
      if (m_pending[gid]) p.hints.push_back(m_pending[gid]);
      if (m_proxy[gid]) p.proxies.push_back(m_proxy[gid]);
      // A lane that waited for its copies tells its warp-mates they are done.
      if (m_twinNews[gid]) p.entries.push_back({twinOf(gid), m_twinKnown[gid]});
      m_twinNews[gid] = 0;
    }
    const Released r = build(p);
    for (LaneMask m = lanes; m; m &= m - 1) {
      const std::uint32_t gid = g0 + static_cast<std::uint32_t>(std::countr_zero(m));
      m_view[gid] = r.view;
      m_hint[gid] = r.hint;
      m_proxy[gid] = r.proxy;
    }
  }
  Overlay& ov = overlay(w);
  Row joined = (lanes & ~ov.own) != 0 ? ov.shared : Row{};
  for (LaneMask m = lanes & ov.own; m; m &= m - 1) {
    const Row& r = ov.rows[static_cast<std::size_t>(std::countr_zero(m))];
    for (std::size_t k = 0; k < kWarpSize; ++k) joined[k] = std::max(joined[k], r[k]);
  }
  for (LaneMask m = lanes; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    joined[l] = std::max(joined[l], m_own[g0 + l]);
    ++m_own[g0 + l];
  }
  if ((~ov.own & ~lanes) == 0) {
    // Every lane on the shared row took part: it becomes the join.
    ov.shared = joined;
    ov.own &= ~lanes;
  } else {
    for (LaneMask m = lanes; m; m &= m - 1) ov.rows[static_cast<std::size_t>(std::countr_zero(m))] = joined;
    ov.own |= lanes;
  }
}

void RaceChecker::fence(std::uint32_t w, LaneMask lanes, Scope) {
  forThreads(w, lanes, [&](std::uint32_t gid) {
    // The acquire side: what strong reads before the fence observed (8.8).
    if (m_pending[gid]) {
      joinInto(m_view[gid], m_pending[gid]);
      m_pending[gid] = nullptr;
    }
    // The release side: strong writes after it publish what is known now.
    m_fence[gid] = snapshot(gid);
    ++m_own[gid];
  });
}

void RaceChecker::proxyFence(std::uint32_t w, LaneMask lanes) {
  forThreads(w, lanes, [&](std::uint32_t gid) {
    m_proxy[gid] = snapshot(gid);
    ++m_own[gid];
  });
}

void RaceChecker::clusterArrive(std::uint32_t cluster, std::uint32_t w, LaneMask lanes, bool rel) {
  if (cluster >= m_clusterPending.size()) return;
  if (rel) release(m_clusterPending[cluster], w, lanes);
}

void RaceChecker::clusterComplete(std::uint32_t cluster) {
  if (cluster >= m_clusterPending.size()) return;
  m_clusterLast[cluster] = build(m_clusterPending[cluster]);
}

void RaceChecker::clusterAcquire(std::uint32_t cluster, std::uint32_t w, LaneMask lanes) {
  if (cluster < m_clusterLast.size()) acquire(w, lanes, m_clusterLast[cluster]);
}

void RaceChecker::mbarrierArrive(std::uint32_t cta, std::uint32_t offset, std::uint32_t w, LaneMask lanes) {
  release(m_mbarriers[static_cast<std::uint64_t>(cta) << 32 | offset].current, w, lanes);
}

void RaceChecker::mbarrierAsyncArrive(std::uint32_t cta, std::uint32_t offset, std::uint64_t opId) {
  auto it = m_ops.find(opId);
  if (it == m_ops.end()) return;
  m_mbarriers[static_cast<std::uint64_t>(cta) << 32 | offset].current.entries.push_back(
      {twinOf(it->second.issuer), it->second.clock});
}

void RaceChecker::mbarrierPhaseComplete(std::uint32_t cta, std::uint32_t offset) {
  MbarrierSync& m = m_mbarriers[static_cast<std::uint64_t>(cta) << 32 | offset];
  m.last = build(m.current);
}

void RaceChecker::mbarrierAcquire(std::uint32_t cta, std::uint32_t offset, std::uint32_t w, LaneMask lanes) {
  auto it = m_mbarriers.find(static_cast<std::uint64_t>(cta) << 32 | offset);
  if (it != m_mbarriers.end()) acquire(w, lanes, it->second.last);
}

void RaceChecker::asyncIssue(std::uint64_t opId, std::uint32_t w, int lane, bool bulk, std::string_view what) {
  const std::uint32_t gid = w * kWarpSize + static_cast<std::uint32_t>(lane);
  OpInfo op;
  op.issuer = gid;
  op.clock = ++m_twinNext[gid];
  op.ownAtIssue = m_own[gid];
  op.twinAtIssue = m_twinKnown[gid];
  op.view = m_view[gid];
  op.proxy = m_proxy[gid];
  if (const auto& ov = m_overlay[w]) op.row = ov->row(static_cast<std::size_t>(lane));
  op.bulk = bulk;
  op.what = what;
  m_ops[opId] = std::move(op);
  ++m_own[gid];  // the issuer's later accesses are not ordered before the operation's
}

void RaceChecker::asyncRetired(std::uint64_t opId) { m_ops.erase(opId); }

void RaceChecker::asyncCommit(std::uint32_t w, LaneMask lanes, bool bulk) {
  forThreads(w, lanes, [&](std::uint32_t gid) {
    auto& list = bulk ? m_bulkCommits[gid] : m_commits[gid];
    list.push_back(m_twinNext[gid]);
    if (list.size() > 64) list.erase(list.begin(), list.begin() + 32);  // only the newest groups are ever waited apart
  });
}

void RaceChecker::asyncWaitPassed(std::uint32_t w, LaneMask lanes, bool bulk, std::uint32_t pending) {
  forThreads(w, lanes, [&](std::uint32_t gid) {
    const auto& list = bulk ? m_bulkCommits[gid] : m_commits[gid];
    if (list.size() > pending && list[list.size() - 1 - pending] > m_twinKnown[gid]) {
      m_twinKnown[gid] = list[list.size() - 1 - pending];
      m_twinNews[gid] = 1;
    }
  });
}

void RaceChecker::asyncWaitAll(std::uint32_t w, LaneMask lanes) {
  forThreads(w, lanes, [&](std::uint32_t gid) {
    m_twinKnown[gid] = m_twinNext[gid];
    m_twinNews[gid] = 1;
  });
}

void RaceChecker::syncWrite(std::uint32_t gid, const Access& a) {
  const bool release = a.sem == Sem::Release || a.sem == Sem::AcqRel;
  // A release operation, or a strong write after a fence (8.8), publishes
  // what the thread knew then; once the thread has fenced, hardware also
  // orders what it learnt since (through barriers, from other fenced
  // writers): that is the hint.
  ClockPtr now = release || m_fence[gid] ? snapshot(gid) : nullptr;
  ClockPtr rel = release ? now : m_fence[gid];
  ClockPtr hint = now;
  joinInto(hint, m_hint[gid]);
  joinInto(hint, m_pending[gid]);
  Location& at = m_locations[locKey(a)];
  if (a.atomic) {  // a read-modify-write continues the release sequence
    joinInto(at.rel, rel);
    joinInto(at.hint, hint);
  } else {
    at.rel = std::move(rel);
    at.hint = std::move(hint);
  }
  if (release) ++m_own[gid];
}

void RaceChecker::syncRead(std::uint32_t gid, const Access& a) {
  auto it = m_locations.find(locKey(a));
  if (it == m_locations.end()) return;
  const Location& at = it->second;
  joinInto(m_hint[gid], at.hint);
  if (!at.rel) return;
  if (a.sem == Sem::Acquire || a.sem == Sem::AcqRel) {
    if (m_lastAcquired[gid] == at.rel) return;  // a polling loop reading the same release again
    joinInto(m_view[gid], at.rel);
    m_lastAcquired[gid] = at.rel;
  } else {
    joinInto(m_pending[gid], at.rel);  // an acquire fence after it makes it an acquire pattern
  }
}

}  // namespace ws::core::race
