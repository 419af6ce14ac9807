#pragma once
// What a Session takes from a scenario: the engine, and the scenario's
// breakpoints, narration, focus and step in the run control's terms.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/trace/breakpoint.hpp"
#include "core/scenario/narration.hpp"
#include "core/scenario/lesson/question.hpp"

namespace ws::core {
struct Scenario;
struct PreparedScenario;
}  // namespace ws::core

namespace ws::ui {

struct ScenarioStart {
  std::optional<core::Engine> engine;  // set when it can run
  std::string error;                   // else why not (every load error, one per line)
  std::string title;
  std::vector<core::Breakpoint> breakpoints;
  std::vector<core::Narration> narration;
  core::LessonInfo lesson;
  std::uint32_t focusCta = 0, focusWarp = 0, focusLane = 0;  // focusWarp: index in the CTA
  std::uint64_t step = 0;                                   // where the user was
  // Where the CUDA files that the PTX's .file lines name are looked for by
  // name when their recorded path does not exist (nvcc records the compiling
  // machine's paths): the PTX file's directory, then the scenario's.
  std::vector<std::string> sourceDirs;
  std::uint64_t maxSteps = core::kDefaultMaxSteps;          // engine.max_steps
};

// The lanes of each warp of a CTA that make a `lanes` condition (the
// scenario expression language over lane, tid and warp) true: a breakpoint's
// laneFilter. The expression must have been checked (core::Expr::parse).
std::vector<std::uint32_t> laneFilter(const std::string& expr, std::uint32_t threadsPerCta);

// `scenario` may be null (a PTX file launched from the command line).
ScenarioStart scenarioStart(const core::PreparedScenario& prepared, const core::Scenario* scenario);
ScenarioStart scenarioStartFromFile(const std::string& path);
// The same from a scenario's text as edited (not yet saved) at `path`:
// relative file names resolve against path's directory.
ScenarioStart scenarioStartFromText(std::string_view text, const std::string& path);

}  // namespace ws::ui
