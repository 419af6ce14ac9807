#pragma once
// The lanes of a warp the next step may choose among: the scheduling
// policy's (engine.cpp) and a schedule's choices (engine_choice.cpp) alike.
#include "core/exec/state/machine_state.hpp"

namespace ws::core {

// Lanes that just failed a wait run only when nothing else of the warp can.
inline LaneMask schedulingCandidates(const WarpControl& c) {
  const LaneMask ready = c.ready();
  const LaneMask cand = ready & ~c.yielded;
  return cand ? cand : ready;
}

}  // namespace ws::core
