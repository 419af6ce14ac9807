#include "ui/session/status_text.hpp"

#include <cmath>

#include <fmt/format.h>

#include "ui/session/run_driver.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {

std::string windowTitle(const Session* s) {
  if (!s || s->title().empty()) return "warpscope";
  return fmt::format("warpscope \u2014 {}", s->title());
}

std::string positionText(const Session& s) {
  const std::uint64_t recorded = s.history().size();
  if (s.history().engine().finished()) return fmt::format("step {} of {}", s.position(), recorded);
  return fmt::format("step {} ({} recorded)", s.position(), recorded);
}

std::string speedText(double stepsPerSecond) {
  const bool whole = std::fabs(stepsPerSecond - std::round(stepsPerSecond)) < 1e-9;
  const std::string n = whole ? fmt::format("{}", static_cast<long long>(std::llround(stepsPerSecond)))
                              : fmt::format("{:.1f}", stepsPerSecond);
  return fmt::format("{} {}/s", n, whole && std::llround(stepsPerSecond) == 1 ? "step" : "steps");
}

std::string runStatusText(const RunDriver& d, const Session& s) {
  if (d.running() && d.action())
    return fmt::format("{}: {} steps so far, {}\u2026 (Esc stops)", actionInfo(*d.action()).label, d.stepsSoFar(),
                       positionText(s));
  if (d.autoplaying()) return fmt::format("Autoplay at {}, {}", speedText(d.autoplaySpeed()), positionText(s));
  return describeOutcome(s.lastOutcome(), s);
}

}  // namespace ws::ui

namespace ws::ui {

std::string openedText(const Session& s, const std::string& path) {
  const std::size_t kinds = s.program().unsupported.size();
  if (kinds == 0) return fmt::format("Opened {}", path);
  return fmt::format("Opened {}: {} kind{} of instruction warpscope does not execute (marked in the listing; see "
                     "Diagnostics); a run stops if it reaches one",
                     path, kinds, kinds == 1 ? "" : "s");
}

}  // namespace ws::ui
