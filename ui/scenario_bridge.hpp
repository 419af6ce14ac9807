#pragma once
// What a Session takes from a scenario, in types of its own. core/scenario's
// scenario.hpp and core/trace/breakpoint.hpp both define ws::core::Breakpoint,
// so no translation unit may include both; this header includes neither and
// only scenario_bridge.cpp includes core/scenario.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine.hpp"
#include "ui/story.hpp"

namespace ws::core {
struct Scenario;
struct PreparedScenario;
}  // namespace ws::core

namespace ws::ui {

struct ScenarioStart {
  std::optional<core::Engine> engine;  // set when it can run
  std::string error;                   // else why not (every load error, one per line)
  std::string title;
  // Breakpoints the run control can check.
  struct Stop {
    enum class Kind : std::uint8_t { PtxLine, CudaLine, InstrKind } kind = Kind::PtxLine;
    std::int32_t line = 0;
    std::int32_t file = -1;     // CudaLine: Program::files index, -1 = any
    std::uint32_t flags = 0;    // InstrKind: instruction-table flags
    bool enabled = true;
  };
  std::vector<Stop> stops;
  std::vector<std::string> skipped;  // breakpoints it cannot check (lane conditions), described
  std::vector<StoryEntry> story;
  std::uint32_t focusCta = 0, focusWarp = 0, focusLane = 0;  // focusWarp: index in the CTA
  std::uint64_t step = 0;                                   // where the user was
  std::uint64_t maxSteps = core::kDefaultMaxSteps;          // engine.max_steps
};

// `scenario` may be null (a PTX file launched from the command line).
ScenarioStart scenarioStart(const core::PreparedScenario& prepared, const core::Scenario* scenario);
ScenarioStart scenarioStartFromFile(const std::string& path);

}  // namespace ws::ui
