#pragma once
// One field visitor for the machine state: hashing (and any serializer or
// differ) walks the same list, so none of them can drift from the structs.
#include "core/exec/state/machine_state.hpp"

namespace ws::core {

template <class V>
void visitFields(const WarpControl& c, V& v) {
  v(c.pc); v(c.valid); v(c.exited); v(c.waiting); v(c.yielded); v(c.polling); v(c.carry); v(c.runFirst);
  v(c.waitKind); v(c.waitArg); v(c.clusterArrivePhase);
  // Visited only while a loop is being counted, so that every state of a run
  // that never counts one hashes as before these fields existed (the trace
  // hashes that scripts/trace-hashes.py compares across builds).
  if (c.spinPrint != 0 || c.spins != 0) { v(c.spinPrint); v(c.spins); }
  for (const auto& f : c.frames) {
    v(f.lane);
    v(f.returnPc);
    for (std::uint64_t r : f.savedRegs) v(r);
    for (std::uint8_t b : f.savedMemory) v(b);
  }
}

template <class V>
void visitFields(const MachineState& s, V& v) {
  v(s.step); v(s.nextAsyncId); v(s.nextWarp); v(s.trapped);
  for (const WarpState& w : s.warps) {
    v(w.cta); v(w.warpInCta);
    visitFields(w.ctl, v);
    v(w.groups.cpAsync); v(w.groups.bulk);
    // wgmma state only where a warp used wgmma: runs without it hash as before.
    if (const WgmmaQueue& q = w.groups.wgmma; q.active() || !q.pending.empty()) {
      v(q.committed); v(q.issued); v(q.lastPc); v(q.fenced);
      for (const WgmmaPending& p : q.pending) {
        v(p.pc); v(p.group); v(p.lanes);
        for (std::uint32_t r : p.dRegs) v(r);
        for (std::uint32_t r : p.aRegs) v(r);
        for (std::uint32_t x : p.values) v(x);
      }
    }
    v(w.regs); v(w.written); v(w.local);
  }
  for (const CtaState& c : s.ctas) {
    v(c.ctaid); v(c.cluster); v(c.clusterRank); v(c.ctl.liveThreads);
    for (const BarrierState& b : c.ctl.barriers) { v(b.arrived); v(b.expected); v(b.redTrue); v(b.redFalse); }
    if (!c.ctl.regs.perWarp.empty()) { v(c.ctl.regs.free); for (std::uint16_t r : c.ctl.regs.perWarp) v(r); }
    v(c.shared);
  }
  for (const ClusterState& k : s.clusters) { v(k.firstCta); v(k.numCtas); v(k.phase); v(k.arrived); }
  for (const GlobalBuffer& g : s.global) { v(g.base); v(g.bytes); }
  v(s.constSeg); v(s.params);
  auto loc = [&](const AsyncLoc& l) { v(l.space); v(l.cta); v(l.addr); };
  for (const AsyncOp& a : s.inflight) {
    v(a.id); v(a.issuedStep); v(a.issuerWarp); v(a.issuerLane); v(a.pc); v(a.kind);
    loc(a.src); loc(a.dst); v(a.size); v(a.srcSize); v(a.hasMbar); loc(a.mbar);
    v(a.group); v(a.ctaMask); v(a.op); v(a.type); v(a.data);
    // Only tensor copies visit these, so every other state hashes as before.
    if (a.tensor) {
      v(a.tensor->map);
      v(a.tensor->coords);
      // Only im2col copies have offsets: tiled copies hash as before.
      if (a.tensor->im2colOffsets != std::array<std::int16_t, 3>{}) v(a.tensor->im2colOffsets);
    }
  }
}

}  // namespace ws::core
