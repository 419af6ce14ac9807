#include "ui/session/scenario_bridge.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "core/scenario/scenario.hpp"
#include "core/expr/expr.hpp"
#include "core/scenario/scenario_io.hpp"
#include "ui/session/mufu_assets.hpp"
#include "ui/session/scenario_access.hpp"

namespace ws::ui {
namespace {

// A scenario's instruction kind: a mnemonic ("shfl", "red.async") or a family ("atomic").
void setKind(core::Breakpoint& b, std::string_view kind) {
  b.kind = core::Breakpoint::Kind::InstrKind;
  if (auto op = core::findMnemonic(kind)) {
    b.opcode = static_cast<std::int32_t>(*op);
    return;
  }
  const auto families = core::instructionFamilies();
  for (std::size_t i = 0; i < families.size(); ++i)
    if (families[i] == kind) b.family = static_cast<std::int32_t>(i);
}

}  // namespace

std::vector<std::uint32_t> laneFilter(const std::string& expr, std::uint32_t threadsPerCta) {
  const std::uint32_t warps = (threadsPerCta + core::kWarpSize - 1) / core::kWarpSize;
  std::vector<std::uint32_t> masks(warps, 0);
  for (std::uint32_t t = 0; t < threadsPerCta; ++t) {
    const core::ExprVars v{t % core::kWarpSize, t, t / core::kWarpSize};
    const auto r = core::evalExpr(expr, v);
    if (const auto* val = std::get_if<core::ExprValue>(&r); val && val->truthy())
      masks[t / core::kWarpSize] |= 1u << (t % core::kWarpSize);
  }
  return masks;
}

ScenarioStart scenarioStart(const core::PreparedScenario& p, const core::Scenario* s) {
  ScenarioStart out;
  auto made = [&] {
    if (p.options.mufu) return core::createEngine(p);
    core::PreparedScenario withTables = p;  // the H100's MUFU results (ui/session/mufu_assets.hpp)
    withTables.options.mufu = bundledMufuTables();
    return core::createEngine(withTables);
  }();
  if (auto* e = std::get_if<std::string>(&made)) {
    out.error = *e;
    return out;
  }
  out.engine.emplace(std::move(std::get<core::Engine>(made)));
  out.title = p.launch.entry;
  out.maxSteps = p.maxSteps;
  if (!s) return out;
  if (!s->title.empty()) out.title = s->title;
  out.narration = s->narration;
  out.lesson = s->lesson;
  const std::uint32_t threads = p.launch.block[0] * p.launch.block[1] * p.launch.block[2];
  for (const auto& sb : s->session.breakpoints) {
    core::Breakpoint b;
    b.enabled = sb.enabled;
    if (sb.ptxLine) {
      b.kind = core::Breakpoint::Kind::PtxLine;
      b.line = static_cast<std::int32_t>(*sb.ptxLine);
    } else if (sb.cudaLine) {
      b.kind = core::Breakpoint::Kind::CudaLine;
      b.line = static_cast<std::int32_t>(*sb.cudaLine);
      for (std::size_t i = 0; i < p.program->files.size() && !sb.cudaFile.empty(); ++i) {
        const std::string& f = p.program->files[i];
        if (f.size() >= sb.cudaFile.size() && f.compare(f.size() - sb.cudaFile.size(), sb.cudaFile.size(), sb.cudaFile) == 0)
          b.file = static_cast<std::int32_t>(i);
      }
    } else if (!sb.instruction.empty()) {
      setKind(b, sb.instruction);
    } else {
      b.kind = core::Breakpoint::Kind::Lanes;
    }
    // The loader has checked the expression; a lane filter applies to every kind.
    if (!sb.lanes.empty()) b.laneFilter = laneFilter(sb.lanes, threads);
    out.breakpoints.push_back(std::move(b));
  }
  const std::filesystem::path dir = s->source.dir.empty() ? std::filesystem::path(".") : std::filesystem::path(s->source.dir);
  if (s->program.kind == core::ProgramSpec::Kind::File) out.sourceDirs.push_back((dir / s->program.ptxFile).parent_path().string());
  if (out.sourceDirs.empty() || out.sourceDirs.front() != dir.string()) out.sourceDirs.push_back(dir.string());
  out.focusCta = s->session.focus.cta;
  out.focusWarp = s->session.focus.warp;
  out.focusLane = s->session.focus.lane;
  out.step = s->session.step;
  return out;
}

namespace {

ScenarioStart startFromLoad(const core::ScenarioLoad& load, const std::string& path) {
  if (!load.ok()) {
    ScenarioStart out;
    for (const auto& e : load.errors) out.error += e.str() + "\n";
    if (out.error.empty()) out.error = fmt::format("{}: the scenario could not be loaded", path);
    return out;
  }
  return scenarioStart(*load.prepared, &*load.scenario);
}

}  // namespace

ScenarioStart scenarioStartFromFile(const std::string& path) {
  return startFromLoad(core::loadScenarioFile(path, scenarioLoadOptions({})), path);
}

ScenarioStart scenarioStartFromText(std::string_view text, const std::string& path) {
  return startFromLoad(core::loadScenarioTextAt(text, path, scenarioLoadOptions({})), path);
}

}  // namespace ws::ui
