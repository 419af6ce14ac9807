#pragma once
// The strategies that choose a schedule's steps (Engine::run with a
// chooser). Each decides from its seed and the picks it is shown, so a
// schedule index and a seed name one schedule on every machine.
//
// - PCT (Burckhardt et al., ASPLOS 2010): random priorities for the warps
//   and the async unit, the highest-priority one that can make progress
//   runs, and at depth - 1 random steps the running one drops below all
//   others. Any bug that needs `depth` ordering constraints among n
//   threads over k steps is found with probability at least 1/(n k^(d-1))
//   per schedule.
// - Random walk: a uniformly random pick at every step.
// - Depth-first (CHESS-style, Musuvathi et al., OSDI 2008): every schedule
//   with at most `bound` forced switches, switching only before a step that
//   another warp could observe (a memory access, a barrier, an exit, an
//   async completion): switching before a step that touches nothing shared
//   gives the same results as switching after it.
//
// Every strategy stops choosing at a horizon (twice the policy's run plus a
// margin) and lets the engine's policy finish: its scheduler is fair, so a
// state that repeats there is a real hang, not one the strategy starved.
#include <cstdint>
#include <span>
#include <vector>

#include "core/exec/engine/engine.hpp"

namespace ws::core::explore {

// splitmix64: the seed of schedule `index` of a search seeded `seed`.
std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t index);

// Where strategies stop choosing: policySteps is the policy's run length.
std::uint64_t horizonFor(std::uint64_t policySteps);

class PctChooser final : public Chooser {
 public:
  PctChooser(std::uint64_t seed, std::uint32_t depth, std::uint64_t policySteps, std::uint32_t warps);
  bool choosing(std::uint64_t step) const override { return step < m_horizon; }
  Pick choose(std::span<const Pick> picks, const Pick& policy, std::uint64_t step) override;

 private:
  std::uint64_t m_seed;
  std::uint64_t m_horizon;
  std::vector<std::int64_t> m_prio;  // [warp], and the async unit last
  std::vector<std::uint64_t> m_changeAt;  // ascending
  std::size_t m_nextChange = 0;
  std::int64_t m_lowest = 0;  // priorities handed out by change points and demotions count down from here
  std::uint32_t m_last = ~0u;  // the thread that ran the last step
  std::uint64_t m_run = 0;     // steps it ran in a row past others that could run
};

class RandomChooser final : public Chooser {
 public:
  RandomChooser(std::uint64_t seed, std::uint64_t policySteps);
  bool choosing(std::uint64_t step) const override { return step < m_horizon; }
  Pick choose(std::span<const Pick> picks, const Pick& policy, std::uint64_t step) override;

 private:
  std::uint64_t m_state;
  std::uint64_t m_horizon;
};

// One schedule of a depth-first search: follows `path` (the choice made at
// each branch point so far) and extends it with the policy's choice.
class DfsChooser final : public Chooser {
 public:
  struct Branch {
    std::uint32_t chosen = 0, count = 0;
  };
  DfsChooser(const Engine& engine, std::vector<Branch>& path, std::uint32_t bound, std::uint64_t policySteps);
  bool choosing(std::uint64_t step) const override { return step < m_horizon; }
  Pick choose(std::span<const Pick> picks, const Pick& policy, std::uint64_t step) override;
  // The branch points this run reached (the path is cut there once it ran:
  // a run that stopped early never reached the rest).
  std::size_t reached() const { return m_cursor; }
  // The next path to try after this one ran; false when none is left.
  static bool advance(std::vector<Branch>& path);

 private:
  const Engine& m_engine;
  std::vector<Branch>& m_path;
  std::uint32_t m_bound;
  std::uint64_t m_horizon;
  std::size_t m_cursor = 0;
  std::uint32_t m_switches = 0;
  std::vector<Pick> m_alts;
};

}  // namespace ws::core::explore
