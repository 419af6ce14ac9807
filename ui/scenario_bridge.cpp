#include "ui/scenario_bridge.hpp"

#include <fmt/format.h>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::ui {
namespace {

// Instruction-table flags for a scenario's instruction kind; 0 when the run
// control's flag test cannot express it (a single mnemonic of a family with
// no flag of its own, such as "add").
std::uint32_t kindFlags(std::string_view kind) {
  if (kind == "collective") return core::kCollective;
  if (kind == "atomic") return core::kAtomic;
  if (kind == "mbarrier") return core::kMbarrier;
  if (kind == "control") return core::kBranch | core::kBarrier;
  if (kind == "memory") return core::kReadsMem | core::kWritesMem;
  if (auto op = core::findMnemonic(kind)) {
    const std::uint32_t f = core::opInfo(*op).flags & (core::kCollective | core::kAtomic | core::kMbarrier | core::kBarrier | core::kAsync);
    return f;
  }
  return 0;
}

}  // namespace

ScenarioStart scenarioStart(const core::PreparedScenario& p, const core::Scenario* s) {
  ScenarioStart out;
  auto made = core::createEngine(p);
  if (auto* e = std::get_if<std::string>(&made)) {
    out.error = *e;
    return out;
  }
  out.engine.emplace(std::move(std::get<core::Engine>(made)));
  out.title = p.launch.entry;
  out.maxSteps = p.maxSteps;
  if (!s) return out;
  if (!s->title.empty()) out.title = s->title;
  for (const auto& n : s->narration) out.story.push_back({n.step, n.ptxLine, n.text});
  for (const auto& b : s->session.breakpoints) {
    ScenarioStart::Stop st;
    st.enabled = b.enabled;
    if (b.ptxLine) {
      st.kind = ScenarioStart::Stop::Kind::PtxLine;
      st.line = static_cast<std::int32_t>(*b.ptxLine);
    } else if (b.cudaLine) {
      st.kind = ScenarioStart::Stop::Kind::CudaLine;
      st.line = static_cast<std::int32_t>(*b.cudaLine);
      for (std::size_t i = 0; i < p.program->files.size() && !b.cudaFile.empty(); ++i) {
        const std::string& f = p.program->files[i];
        if (f.size() >= b.cudaFile.size() && f.compare(f.size() - b.cudaFile.size(), b.cudaFile.size(), b.cudaFile) == 0)
          st.file = static_cast<std::int32_t>(i);
      }
    } else if (!b.instruction.empty() && kindFlags(b.instruction)) {
      st.kind = ScenarioStart::Stop::Kind::InstrKind;
      st.flags = kindFlags(b.instruction);
    } else {
      out.skipped.push_back(fmt::format("breakpoint {}{}{}", b.instruction, b.lanes.empty() ? "" : " if ", b.lanes));
      continue;
    }
    if (!b.lanes.empty()) out.skipped.push_back(fmt::format("lane condition '{}' (the breakpoint stops for every lane)", b.lanes));
    out.stops.push_back(st);
  }
  out.focusCta = s->session.focus.cta;
  out.focusWarp = s->session.focus.warp;
  out.focusLane = s->session.focus.lane;
  out.step = s->session.step;
  return out;
}

ScenarioStart scenarioStartFromFile(const std::string& path) {
  auto load = core::loadScenarioFile(path);
  if (!load.ok()) {
    ScenarioStart out;
    for (const auto& e : load.errors) out.error += e.str() + "\n";
    if (out.error.empty()) out.error = fmt::format("{}: the scenario could not be loaded", path);
    return out;
  }
  return scenarioStart(*load.prepared, &*load.scenario);
}

}  // namespace ws::ui
