#pragma once
// A saved schedule ([schedule], ScheduleSpec) and the engine's ForcedSchedule
// are the same switches in two numberings: the file names a warp by its CTA
// and its index in the CTA, as the viewers show it; the engine by its global
// index. Both directions live here so that saving what the explorer found and
// replaying it agree.
#include <cstdint>
#include <memory>
#include <string>

#include "core/exec/engine/pick.hpp"
#include "core/scenario/scenario.hpp"

namespace ws::core {

// The schedule versions this build reads (the meaning of the switches:
// docs/scenario-format.md).
inline constexpr std::uint32_t kKnownScheduleVersions[] = {kScheduleVersion};
bool isKnownScheduleVersion(std::int64_t version);

// The engine numbers warps CTA by CTA in linear CTA order (Engine::create):
// warp `warp` of CTA `cta` is global warp cta * warpsPerCta + warp.
// Warp switches run their lanes wherever they stand (kAnyPc).
ForcedSchedule forcedSchedule(const ScheduleSpec& spec, std::uint32_t warpsPerCta);

// The switches of `forced` as a scenario saves them; `state` (any state of
// the same launch) says which CTA each global warp belongs to.
ScheduleSpec scheduleSpec(const ForcedSchedule& forced, const MachineState& state, std::string foundBy);

}  // namespace ws::core
