// Engine: hangs found, not timed out. The engine is deterministic, so a run
// whose whole machine state comes back (the step counter aside) repeats
// for ever: every live thread polls a condition (an mbarrier try_wait, a
// flag, an atomicCAS) that nothing left can change. Comparing states is
// dear, so it runs only after a stretch with no progress: two probes, an
// interval apart, that find the same memory, barrier and async state (the
// probe's fingerprint; registers and PCs, which a polling loop keeps
// changing, are left out). Then a snapshot is compared with the states that
// follow (Brent's cycle search: a new snapshot, twice as far, when none
// matched; a full comparison only where the warp about to run stands as in
// the snapshot, and no more often than the state's size allows), and a
// state equal to the snapshot stops the run with a `hang` diagnostic that
// says what each warp's loop waits for (describePollLoop, engine_poll.cpp).
// Nothing is compared while an async operation is in flight: its completion
// is progress.
#include <algorithm>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

// Steps between probes at the least; more for a large state, so that the
// probes (a pass over memory) and the comparisons cost a small share.
constexpr std::uint64_t kMinProbeInterval = 1024;

struct Print {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void word(std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull + (h >> 29); }
  void bytes(const std::vector<std::uint8_t>& b) {
    word(b.size());
    std::size_t i = 0;
    for (; i + 8 <= b.size(); i += 8) {
      std::uint64_t v = 0;
      std::memcpy(&v, b.data() + i, 8);
      word(v);
    }
    for (; i < b.size(); ++i) word(b[i]);
  }
};

// What changes when a run makes progress: memory, exits and waits, barrier
// arrivals and phases, async operations.
std::uint64_t progressPrint(const MachineState& st) {
  Print p;
  for (const WarpState& w : st.warps) {
    p.word(w.ctl.exited);
    p.word(w.ctl.waiting);
  }
  for (const CtaState& c : st.ctas) {
    p.word(c.ctl.liveThreads);
    for (const BarrierState& b : c.ctl.barriers) p.word((std::uint64_t{b.arrived} << 32) | b.expected);
    p.bytes(c.shared);
  }
  for (const ClusterState& k : st.clusters) p.word((std::uint64_t{k.phase} << 32) | k.arrived);
  for (const GlobalBuffer& g : st.global) p.bytes(g.bytes);
  p.word(st.inflight.size());
  p.word(st.nextAsyncId);
  return p.h;
}

std::uint64_t stateBytes(const MachineState& st) {
  std::uint64_t n = 0;
  for (const WarpState& w : st.warps) n += w.regs.size() * sizeof(std::uint64_t) + w.local.size();
  for (const CtaState& c : st.ctas) n += c.shared.size();
  for (const GlobalBuffer& g : st.global) n += g.bytes.size();
  return n;
}

}  // namespace

void Engine::forgetHangWatch() {
  m_hang = HangWatch{};
  m_hangCheckAt = m_state.step;
}

std::optional<StepResult> Engine::watchHang(StepRecord* rec) {
  HangWatch& h = m_hang;
  const std::uint64_t step = m_state.step;
  if (!h.engaged) h.bytes = stateBytes(m_state);
  const std::uint64_t bytes = h.bytes;
  const std::uint64_t interval = std::max(kMinProbeInterval, bytes / 16);
  // Run-to-block hands a warp over every kRunToBlockQuantum steps, counted
  // from step 0: two states lead the same way only at the same point of
  // it, so a snapshot starts a quantum. States are compared every `stride`
  // steps after the snapshot: a loop of P steps comes back at a multiple of
  // both, a little later, for a sixteenth of the checks.
  const bool quantum = m_options.scheduling == WarpScheduling::RunToBlock;
  const std::uint64_t align = quantum ? kRunToBlockQuantum : 1, stride = quantum ? kRunToBlockQuantum : 16;
  auto disengage = [&](std::uint64_t print) {
    h = HangWatch{};
    h.bytes = bytes;
    h.print = print;
    h.probed = true;
    m_hangCheckAt = step + interval;
    return std::nullopt;
  };
  auto snapshot = [&] {
    h.snapshot = m_state;
    h.snapStep = step;
    h.compareAt = step + 1;
    m_hangCheckAt = step + stride;
  };
  if (!h.engaged) {
    const std::uint64_t print = progressPrint(m_state);
    if (!h.probed || print != h.print || !m_state.inflight.empty()) return disengage(print);
    if (step % align != 0) {  // wait for a step that starts a quantum
      m_hangCheckAt = step + align - step % align;
      return std::nullopt;
    }
    h.engaged = true;
    h.window = interval;
    snapshot();
    return std::nullopt;
  }
  const std::uint64_t since = step - h.snapStep;
  if (since >= h.window) {
    const std::uint64_t print = progressPrint(m_state);
    if (print != h.print || !m_state.inflight.empty()) return disengage(print);
    if (step % align == 0) {
      h.window *= 2;
      snapshot();
    } else {
      m_hangCheckAt = step + align - step % align;
    }
    return std::nullopt;
  }
  m_hangCheckAt = step + stride - since % stride;
  if (since % stride != 0 || step < h.compareAt || m_state.nextWarp != h.snapshot.nextWarp) return std::nullopt;
  const std::size_t n = m_state.warps.size();
  if (n == 0) return std::nullopt;
  const std::size_t next = m_state.nextWarp % n;
  if (m_state.warps[next].ctl.pc != h.snapshot.warps[next].ctl.pc) return std::nullopt;
  h.compareAt = step + std::max<std::uint64_t>(1, bytes / 256);
  h.snapshot.step = step;
  const bool same = h.snapshot == m_state;
  h.snapshot.step = h.snapStep;
  if (!same) return std::nullopt;
  return reportHang(rec);
}

StepResult Engine::reportHang(StepRecord* rec) {
  const Program& p = *m_program;
  const std::uint64_t from = m_hang.snapStep, to = m_state.step;
  forgetUniformPcs();
  std::uint32_t w0 = 0;
  while (w0 + 1 < m_state.warps.size() && !m_state.warps[w0].ctl.live()) ++w0;
  const WarpControl& c0 = m_state.warps[w0].ctl;
  const std::uint32_t pc0 = c0.pc[c0.live() ? static_cast<std::size_t>(std::countr_zero(c0.live())) : 0];
  beginRecord(rec, w0, pc0);
  if (rec) rec->advanced = false;  // nothing executed: the step counter stays
  ExecCtx ctx(*this, w0, p.instrs[std::min<std::size_t>(pc0, p.instrs.size() - 1)], 0, rec);
  std::string what;
  std::uint32_t live = 0;
  for (std::uint32_t w = 0; w < m_state.warps.size(); ++w) {
    const WarpState& ws = m_state.warps[w];
    if (!ws.ctl.live()) continue;
    if (++live > 16) continue;
    what += describePollLoop(w, ws.ctl.live());
  }
  if (live > 16) what += fmt::format("\n  ... and {} more warps with live lanes", live - 16);
  ctx.diag(DiagKind::Hang, c0.live(),
           fmt::format("every live thread polls a condition that nothing left can change: the machine state after "
                       "step {} is the one after step {}, with no async operation in flight, so the run would repeat "
                       "those {} steps for ever (on the GPU the kernel never finishes). What each warp waits for:{}",
                       to, from, to - from, what));
  endRecord(rec);
  forgetHangWatch();
  return {false, StopReason::Deadlock};
}

}  // namespace ws::core
