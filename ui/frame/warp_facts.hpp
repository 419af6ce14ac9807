#pragma once
// Scheduling facts about a warp that the views show. The rule is the
// engine's (Engine::nextGroupOf: hardware mode's rule S, else MinPc), applied
// to the shown state's control record; without an engine, MinPc.
#include "core/exec/engine/engine.hpp"
#include "core/exec/state/machine_state.hpp"

namespace ws::ui {

// The lanes the next step of warp w runs.
inline core::LaneMask nextGroupLanes(const core::Engine* engine, const core::MachineState& st, std::uint32_t w) {
  if (w >= st.warps.size()) return 0;
  const core::WarpControl& c = st.warps[w].ctl;
  const auto g = engine ? engine->nextGroupOf(c) : core::Engine::minPcGroup(c);
  return g ? g->lanes : 0;
}

}  // namespace ws::ui
