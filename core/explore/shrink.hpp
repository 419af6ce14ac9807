#pragma once
// Delta debugging (Zeller and Hildebrandt, TSE 2002) over a failing
// schedule's forced switches: the smallest subset found that still fails
// the same way, in at most `maxTests` replays. Dropping a switch moves the
// steps after it, so a later switch may no longer apply where it stands; a
// replay then runs the policy there, and the test says whether the subset
// still fails.
#include <cstdint>
#include <functional>
#include <vector>

#include "core/exec/engine/pick.hpp"

namespace ws::core::explore {

struct Shrunk {
  std::vector<ForcedPick> picks;
  std::uint64_t tests = 0;  // replays run
};

Shrunk shrinkSchedule(const std::vector<ForcedPick>& failing,
                      const std::function<bool(const std::vector<ForcedPick>&)>& stillFails, std::uint64_t maxTests);

}  // namespace ws::core::explore
