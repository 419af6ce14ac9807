#pragma once
// Scheduling facts about a warp that the views show, computed from its
// control record alone (the same rule as Engine::nextGroup: MinPc among the
// ready lanes, lanes that just failed a wait last).
#include <algorithm>

#include "core/exec/engine.hpp"
#include "core/exec/machine_state.hpp"

namespace ws::ui {

inline core::LaneMask nextGroupLanes(const core::WarpControl& c) {
  const core::LaneMask ready = c.ready();
  if (!ready) return 0;
  core::LaneMask cand = ready & ~c.yielded;
  if (!cand) cand = ready;
  std::uint32_t minPc = ~0u;
  for (int l = 0; l < core::kWarpSize; ++l)
    if ((cand >> l) & 1u) minPc = std::min(minPc, c.pc[static_cast<std::size_t>(l)]);
  core::LaneMask g = 0;
  for (int l = 0; l < core::kWarpSize; ++l)
    if (((cand >> l) & 1u) && c.pc[static_cast<std::size_t>(l)] == minPc) g |= 1u << l;
  return g;
}

// The lanes the next step of warp w runs: the engine's own choice when the
// frame shows the engine's current state (hardware mode schedules diverged
// groups by its own rule, core/exec/engine_schedule.cpp), else MinPc.
inline core::LaneMask nextGroupLanes(const core::Engine* engine, const core::MachineState& st, std::uint32_t w) {
  if (engine && &engine->state() == &st) {
    const auto g = engine->nextGroup(w);
    return g ? g->lanes : 0;
  }
  return w < st.warps.size() ? nextGroupLanes(st.warps[w].ctl) : 0;
}

}  // namespace ws::ui
