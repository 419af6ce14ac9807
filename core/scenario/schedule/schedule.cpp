#include "core/scenario/schedule/schedule.hpp"

#include <algorithm>

namespace ws::core {

bool isKnownScheduleVersion(std::int64_t version) {
  return std::find(std::begin(kKnownScheduleVersions), std::end(kKnownScheduleVersions), version) !=
         std::end(kKnownScheduleVersions);
}

ForcedSchedule forcedSchedule(const ScheduleSpec& spec, std::uint32_t warpsPerCta) {
  ForcedSchedule out;
  out.picks.reserve(spec.switches.size());
  for (const ScheduleSwitch& sw : spec.switches) {
    Pick p;
    if (sw.async) {
      p.kind = Pick::Kind::Async;
      p.asyncId = *sw.async;
    } else {
      p.kind = Pick::Kind::Group;
      p.warp = sw.cta * warpsPerCta + sw.warp;
      p.lanes = sw.lanes;
      p.pc = kAnyPc;
    }
    out.picks.push_back(ForcedPick{sw.step, p});
  }
  return out;
}

ScheduleSpec scheduleSpec(const ForcedSchedule& forced, const MachineState& state, std::string foundBy) {
  ScheduleSpec out;
  out.foundBy = std::move(foundBy);
  out.switches.reserve(forced.picks.size());
  for (const ForcedPick& f : forced.picks) {
    ScheduleSwitch sw;
    sw.step = f.step;
    if (f.pick.kind == Pick::Kind::Async) {
      sw.async = f.pick.asyncId;
    } else {
      const WarpState& w = state.warps.at(f.pick.warp);
      sw.cta = w.cta;
      sw.warp = w.warpInCta;
      sw.lanes = f.pick.lanes;
    }
    out.switches.push_back(sw);
  }
  return out;
}

}  // namespace ws::core
