#include "core/explore/strategy.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "core/isa/isa.hpp"

namespace ws::core::explore {
namespace {

// A warp that runs this many steps in a row while another could make
// progress drops below every other: a PCT thread spinning on a flag that a
// lower-priority warp sets would otherwise spin until the horizon.
constexpr std::uint64_t kFairSteps = 256;

std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool anyBusy(std::span<const Pick> picks) {
  return std::any_of(picks.begin(), picks.end(), [](const Pick& p) { return !p.idle; });
}

// Whether another warp could observe the step: switching before a step that
// touches nothing shared gives the same runs as switching after it.
bool visible(const Engine& e, const Pick& p) {
  if (p.kind == Pick::Kind::Async) return true;
  const Program& prog = e.program();
  if (p.pc >= prog.instrs.size()) return true;
  const Instr& ins = prog.instrs[p.pc];
  switch (ins.family) {
    case Family::Memory:
      return ins.space != Mod::Param && ins.space != Mod::ParamEntry && ins.space != Mod::ParamFunc &&
             ins.space != Mod::Local && ins.space != Mod::Const;
    case Family::Control: return ins.op != Opcode::Bra;
    case Family::Atomic:
    case Family::Mbarrier:
    case Family::Async:
    case Family::Matrix:
    case Family::Texture:
    case Family::Misc: return true;
    default: return false;
  }
}

}  // namespace

std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t s = seed ^ (index * 0xd1b54a32d192ed03ull);
  return splitmix(s);
}

std::uint64_t horizonFor(std::uint64_t policySteps) { return 2 * policySteps + 4096; }

PctChooser::PctChooser(std::uint64_t seed, std::uint32_t depth, std::uint64_t policySteps, std::uint32_t warps)
    : m_seed(seed), m_horizon(horizonFor(policySteps)), m_prio(warps + 1) {
  // Initial priorities: a random order of 1..n (Fisher-Yates).
  std::uint64_t s = seed;
  std::iota(m_prio.begin(), m_prio.end(), 1);
  for (std::size_t i = m_prio.size(); i > 1; --i) std::swap(m_prio[i - 1], m_prio[splitmix(s) % i]);
  m_lowest = 1;
  const std::uint64_t k = std::max<std::uint64_t>(policySteps, 1);
  for (std::uint32_t i = 1; i < depth; ++i) m_changeAt.push_back(splitmix(s) % k);
  std::sort(m_changeAt.begin(), m_changeAt.end());
}

Pick PctChooser::choose(std::span<const Pick> picks, const Pick& /*policy*/, std::uint64_t step) {
  const std::uint32_t asyncUnit = static_cast<std::uint32_t>(m_prio.size() - 1);
  auto thread = [&](const Pick& p) { return p.kind == Pick::Kind::Async ? asyncUnit : p.warp; };
  const bool busy = anyBusy(picks);
  auto best = [&](std::uint32_t except) {
    std::uint32_t b = ~0u;
    for (const Pick& p : picks) {
      const std::uint32_t t = thread(p);
      if ((busy && p.idle) || t == except) continue;
      if (b == ~0u || m_prio[t] > m_prio[b]) b = t;
    }
    return b;
  };
  std::uint32_t t = best(~0u);
  // Change points: the thread about to run drops below every other.
  while (m_nextChange < m_changeAt.size() && step >= m_changeAt[m_nextChange]) {
    m_prio[t] = --m_lowest;
    ++m_nextChange;
    t = best(~0u);
  }
  if (t == m_last) {
    if (++m_run >= kFairSteps)
      if (const std::uint32_t other = best(t); other != ~0u) {
        m_prio[t] = --m_lowest;
        t = other;
      }
  }
  if (t != m_last) m_run = 0;
  m_last = t;
  // Within the thread: the async operation, or the warp's group with the
  // lane of highest priority (fixed per schedule).
  const Pick* chosen = nullptr;
  std::uint64_t top = 0;
  for (const Pick& p : picks) {
    if (thread(p) != t || (busy && p.idle)) continue;
    std::uint64_t key = 0;
    if (p.kind == Pick::Kind::Async) {
      key = mixSeed(m_seed ^ 0xa5a5a5a5ull, p.asyncId);
    } else {
      for (LaneMask m = p.lanes; m; m &= m - 1)
        key = std::max(key, mixSeed(m_seed, std::uint64_t{p.warp} * 32 + static_cast<std::uint64_t>(std::countr_zero(m))));
    }
    if (!chosen || key > top) {
      chosen = &p;
      top = key;
    }
  }
  return chosen ? *chosen : picks.front();
}

RandomChooser::RandomChooser(std::uint64_t seed, std::uint64_t policySteps)
    : m_state(seed), m_horizon(horizonFor(policySteps)) {}

Pick RandomChooser::choose(std::span<const Pick> picks, const Pick& /*policy*/, std::uint64_t /*step*/) {
  const bool busy = anyBusy(picks);
  std::size_t n = 0;
  for (const Pick& p : picks) n += busy && p.idle ? 0 : 1;
  std::size_t k = splitmix(m_state) % n;
  for (const Pick& p : picks) {
    if (busy && p.idle) continue;
    if (k-- == 0) return p;
  }
  return picks.front();
}

DfsChooser::DfsChooser(const Engine& engine, std::vector<Branch>& path, std::uint32_t bound, std::uint64_t policySteps)
    : m_engine(engine), m_path(path), m_bound(bound), m_horizon(horizonFor(policySteps)) {}

Pick DfsChooser::choose(std::span<const Pick> picks, const Pick& policy, std::uint64_t /*step*/) {
  m_alts.clear();
  m_alts.push_back(policy);
  if (m_switches < m_bound && visible(m_engine, policy))
    for (const Pick& p : picks)
      if (!(p == policy) && !p.idle) m_alts.push_back(p);
  if (m_alts.size() == 1) return policy;
  if (m_cursor == m_path.size()) m_path.push_back(Branch{0, static_cast<std::uint32_t>(m_alts.size())});
  const Branch b = m_path[m_cursor++];
  const std::uint32_t i = std::min<std::uint32_t>(b.chosen, static_cast<std::uint32_t>(m_alts.size() - 1));
  if (i > 0) ++m_switches;
  return m_alts[i];
}

bool DfsChooser::advance(std::vector<Branch>& path) {
  while (!path.empty() && path.back().chosen + 1 >= path.back().count) path.pop_back();
  if (path.empty()) return false;
  ++path.back().chosen;
  return true;
}

}  // namespace ws::core::explore
