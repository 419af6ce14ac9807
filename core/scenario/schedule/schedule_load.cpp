// [schedule] -> ScheduleSpec, reporting every problem with file:line:col.
#include "core/scenario/schedule/schedule_load.hpp"

#include <fmt/format.h>

#include <charconv>

#include "core/scenario/schedule/schedule.hpp"

namespace ws::core::detail {
namespace {

// lanes = "0x0000ffff" (as saved) or an integer; a switch runs at least one lane.
std::optional<LaneMask> lanesOf(TomlReader& r, const toml::node& n, const std::string& what) {
  std::uint64_t v = 0;
  if (const auto* i = n.as_integer()) {
    if (i->get() < 0 || i->get() > 0xffffffffll) {
      r.error(n, fmt::format("{} is {}: a lane mask has 32 bits (0x1 to 0xffffffff)", what, i->get()));
      return std::nullopt;
    }
    v = static_cast<std::uint64_t>(i->get());
  } else if (const auto* s = n.as_string()) {
    const std::string& t = s->get();
    const bool hex = t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
    bool ok = hex;
    if (hex) {
      const char* end = t.data() + t.size();
      const auto [p, ec] = std::from_chars(t.data() + 2, end, v, 16);
      ok = ec == std::errc() && p == end && v <= 0xffffffffull;
    }
    if (!ok) {
      r.error(n, fmt::format("{} '{}' is not a lane mask like \"0x0000ffff\" (hex, 32 bits)", what, t));
      return std::nullopt;
    }
  } else {
    r.error(n, fmt::format("{} must be a lane mask like \"0x0000ffff\" or an integer, not {}", what,
                           TomlReader::typeOf(n)));
    return std::nullopt;
  }
  if (v == 0) {
    r.error(n, fmt::format("{} is 0: a switch runs at least one lane", what));
    return std::nullopt;
  }
  return static_cast<LaneMask>(v);
}

// One switch of `switches`; `prev`: the step of the one before it, if known.
std::optional<ScheduleSwitch> readSwitch(TomlReader& r, const toml::node& e, std::size_t i,
                                         std::optional<std::uint64_t>& prev) {
  const std::string path = fmt::format("schedule.switches[{}]", i);
  r.remember(path, e);
  const toml::table* t = e.as_table();
  if (!t) {
    r.error(e, fmt::format("switch {} must be a table like {{ step = 17, cta = 0, warp = 1, lanes = \"0x00000001\" "
                           "}} or {{ step = 40, async = 3 }}, not {}",
                           i, TomlReader::typeOf(e)));
    return std::nullopt;
  }
  r.checkKeys(*t, "a [schedule] switch", {"step", "async", "cta", "warp", "lanes"});
  ScheduleSwitch sw;
  if (auto v = r.integer(*t, "step", path, 0, INT64_MAX)) {
    sw.step = static_cast<std::uint64_t>(*v);
    // At most one switch per step, in order: the engine looks them up by step.
    if (prev && sw.step <= *prev)
      r.error(*t->get("step"), fmt::format("switch {} is at step {}, not after the switch before it (step {}): "
                                           "steps must rise strictly",
                                           i, sw.step, *prev));
    prev = sw.step;
  } else if (!t->get("step")) {
    r.error(*t, fmt::format("switch {} needs a step (the 0-based step it is made at)", i));
  }
  const bool async = t->get("async") != nullptr, warp = t->get("warp") != nullptr;
  if (async && warp) {
    r.error(*t,
            fmt::format("switch {} takes async (an operation completes) or warp (lanes of a warp run), not both", i));
  } else if (!async && !warp) {
    r.error(*t, fmt::format("switch {} needs warp = N (lanes of a warp run) or async = ID (an async operation "
                            "completes)",
                            i));
  } else if (async) {
    for (std::string_view k : {"cta", "lanes"})
      if (const toml::node* n = t->get(k)) r.error(*n, fmt::format("{} goes with warp, not with async", k));
    if (auto v = r.integer(*t, "async", path, 0, INT64_MAX)) sw.async = static_cast<std::uint64_t>(*v);
  } else {
    sw.lanes = ~0u;
    if (auto v = r.integer(*t, "cta", path, 0, UINT32_MAX)) sw.cta = static_cast<std::uint32_t>(*v);
    if (auto v = r.integer(*t, "warp", path, 0, UINT32_MAX)) sw.warp = static_cast<std::uint32_t>(*v);
    if (const toml::node* n = t->get("lanes")) {
      r.remember(path + ".lanes", *n);
      if (auto m = lanesOf(r, *n, "'" + path + ".lanes'")) sw.lanes = *m;
    }
  }
  return sw;
}

}  // namespace

void readSchedule(TomlReader& r, const toml::table& doc, Scenario& s) {
  const toml::table* t = r.table(doc, "schedule", "");
  if (!t) return;
  r.checkKeys(*t, "[schedule]", {"version", "found_by", "switches"});
  ScheduleSpec out;
  const std::string known = fmt::format("{}", fmt::join(kKnownScheduleVersions, ", "));
  if (const toml::node* v = t->get("version")) {
    r.remember("schedule.version", *v);
    if (auto n = r.integerOf(*v, "'schedule.version'", INT64_MIN, INT64_MAX)) {
      if (isKnownScheduleVersion(*n))
        out.version = static_cast<std::uint32_t>(*n);
      else
        r.error(*v, fmt::format("schedule version {} is not one this build knows (it knows {}): its switches would "
                                "be read against another scheduler's choices",
                                *n, known));
    }
  } else {
    r.error(*t, fmt::format("[schedule] needs a version (this build knows {})", known));
  }
  if (auto v = r.str(*t, "found_by", "schedule")) out.foundBy = *v;
  if (const toml::array* a = r.array(*t, "switches", "schedule")) {
    std::optional<std::uint64_t> prev;
    for (std::size_t i = 0; i < a->size(); ++i)
      if (auto sw = readSwitch(r, *a->get(i), i, prev)) out.switches.push_back(*sw);
  }
  s.schedule = std::move(out);
}

}  // namespace ws::core::detail
