#pragma once
// A scheduling choice, as schedule exploration (core/explore/) makes it and
// a saved schedule replays it: which lanes of which warp run the next step,
// or which in-flight async operation completes. A schedule is stored as the
// steps where its choice differs from the engine's own policy (the forced
// switches), so that a replay runs the engine as usual between them.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/exec/state/machine_state.hpp"

namespace ws::core {

inline constexpr std::uint32_t kAnyPc = ~0u;

struct Pick {
  enum class Kind : std::uint8_t { Group, Async };
  Kind kind = Kind::Group;
  std::uint32_t warp = 0;    // Group: global warp index
  LaneMask lanes = 0;        // Group: every ready lane of the warp at `pc`
  std::uint32_t pc = 0;      // Group; kAnyPc: wherever its lanes stand (a saved schedule names lanes alone)
  std::uint64_t asyncId = 0;  // Async: AsyncOp::id
  // The lanes just failed a wait or poll (an mbarrier try_wait, nanosleep):
  // running them only spins. Not part of the choice's identity.
  bool idle = false;
  bool operator==(const Pick& o) const {
    return kind == o.kind && (kind == Kind::Async ? asyncId == o.asyncId : warp == o.warp && lanes == o.lanes && pc == o.pc);
  }
};

// One forced switch: at step `step` (MachineState::step before it), `pick`
// runs instead of what the policy would run.
struct ForcedPick {
  std::uint64_t step = 0;
  Pick pick;
  bool operator==(const ForcedPick&) const = default;
};

// A schedule to replay: forced switches in ascending step order, at most one
// per step.
struct ForcedSchedule {
  std::vector<ForcedPick> picks;
  bool operator==(const ForcedSchedule&) const = default;

  const ForcedPick* at(std::uint64_t step) const {
    auto it = std::lower_bound(picks.begin(), picks.end(), step,
                               [](const ForcedPick& f, std::uint64_t s) { return f.step < s; });
    return it != picks.end() && it->step == step ? &*it : nullptr;
  }
  // Steps from `step` before the next forced switch (UINT64_MAX: none left).
  std::uint64_t stepsUntilNext(std::uint64_t step) const {
    auto it = std::lower_bound(picks.begin(), picks.end(), step,
                               [](const ForcedPick& f, std::uint64_t s) { return f.step < s; });
    return it == picks.end() ? UINT64_MAX : it->step - step;
  }
};

// Chooses the steps of a run in place of the policy (Engine::run with a
// chooser): schedule exploration's strategies (core/explore/strategy.hpp).
class Chooser {
 public:
  virtual ~Chooser() = default;
  // Whether it still chooses at `step`; past that the policy runs alone.
  virtual bool choosing(std::uint64_t step) const = 0;
  // The pick for step `step`: one of `picks` (never empty), `policy` being
  // the one the engine's policy would run.
  virtual Pick choose(std::span<const Pick> picks, const Pick& policy, std::uint64_t step) = 0;
};

}  // namespace ws::core
