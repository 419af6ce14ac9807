#include "ui/files/scenario_document.hpp"

#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"
#include "ui/session/scenario_session.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

// The run control's breakpoint a scenario breakpoint becomes (as the bridge
// converts it), to recognise which of the file's entries the session still has.
bool sameStop(const core::ScenarioBreakpoint& sb, const core::Breakpoint& b, const core::Program& p) {
  if (sb.ptxLine) return b.kind == core::Breakpoint::Kind::PtxLine && b.line == static_cast<std::int32_t>(*sb.ptxLine);
  if (sb.cudaLine) {
    if (b.kind != core::Breakpoint::Kind::CudaLine || b.line != static_cast<std::int32_t>(*sb.cudaLine)) return false;
    if (b.file < 0 || sb.cudaFile.empty()) return true;
    const std::string& f = p.files[static_cast<std::size_t>(b.file)];
    return f.size() >= sb.cudaFile.size() && f.compare(f.size() - sb.cudaFile.size(), sb.cudaFile.size(), sb.cudaFile) == 0;
  }
  return false;
}

// `name` as written in a file in `from`, rewritten for a file in `to`.
std::string rebase(const std::string& name, const fs::path& from, const fs::path& to) {
  if (name.empty()) return name;
  fs::path abs = fs::path(name).is_absolute() ? fs::path(name) : from / name;
  abs = abs.lexically_normal();
  fs::path rel = abs.lexically_relative(to);
  return rel.empty() ? abs.string() : rel.generic_string();
}

}  // namespace

ScenarioDocument::ScenarioDocument() : m_scenario(std::make_unique<core::Scenario>()) {}
ScenarioDocument::~ScenarioDocument() = default;
ScenarioDocument::ScenarioDocument(ScenarioDocument&&) noexcept = default;
ScenarioDocument& ScenarioDocument::operator=(ScenarioDocument&&) noexcept = default;

std::variant<ScenarioDocument, std::string> ScenarioDocument::open(const LaunchRequest& req) {
  auto opened = openLaunch(req);
  if (auto* e = std::get_if<std::string>(&opened)) return *e;
  ScenarioDocument d;
  *d.m_scenario = std::move(std::get<OpenedLaunch>(opened).scenario);
  // A PTX launch has no file of its own until it is saved.
  if (isScenarioPath(req.path)) d.m_path = req.path;
  return d;
}

const std::string& ScenarioDocument::title() const { return m_scenario->title; }

std::variant<std::unique_ptr<Session>, std::string> ScenarioDocument::makeSession() const {
  auto prep = core::prepareScenario(*m_scenario, core::scenarioReader(m_scenario->source));
  if (!prep.prepared || !prep.errors.empty())
    return loadErrorsText(prep.errors, fmt::format("{}: error: the scenario cannot run", m_scenario->source.file));
  return sessionFromStart(scenarioStart(*prep.prepared, m_scenario.get()));
}

void ScenarioDocument::capture(const Session& s) { writeSessionState(s, *m_scenario); }

std::string ScenarioDocument::saveAs(const std::string& path) {
  core::Scenario copy = *m_scenario;
  if (std::string e = saveScenarioAs(copy, path); !e.empty()) return e;
  *m_scenario = std::move(copy);
  m_path = path;
  return {};
}

std::string saveScenarioAs(core::Scenario& s, const std::string& path) {
  core::Scenario copy = s;
  const fs::path from = fs::absolute(copy.source.dir.empty() ? fs::path(".") : fs::path(copy.source.dir)).lexically_normal();
  const fs::path to = fs::absolute(path).lexically_normal().parent_path();
  if (from != to) {
    if (copy.program.kind == core::ProgramSpec::Kind::File) copy.program.ptxFile = rebase(copy.program.ptxFile, from, to);
    for (auto& prm : copy.params) {
      core::BufferParam* b = std::get_if<core::BufferParam>(&prm);
      if (auto* t = std::get_if<core::TensorMapParam>(&prm)) b = &t->buffer;  // a tensor map's buffer file too
      if (b && b->init.kind == core::BufferInit::Kind::File) b->init.file = rebase(b->init.file, from, to);
    }
  }
  const auto r = core::saveScenarioFile(copy, path);
  if (!r.ok) return r.error.empty() ? fmt::format("{}: cannot write the file", path) : r.error;
  copy.source.file = path;
  copy.source.dir = to.string();
  s = std::move(copy);
  return {};
}

void writeSessionState(const Session& s, core::Scenario& scenario) {
  core::SessionState& out = scenario.session;
  const core::MachineState& st = s.state();
  out.step = s.position();
  const std::uint32_t warp = s.focus().warp;
  if (warp < st.warps.size()) {
    const std::uint32_t cta = st.warps[warp].cta;
    out.focus.cta = cta;
    out.focus.warp = warp - st.ctas[cta].firstWarp;
  }
  out.focus.lane = static_cast<std::uint32_t>(s.focus().lane);

  // Line breakpoints are what a person toggles: they follow the session,
  // keeping the file's spelling (a lane condition, a CUDA file name) where
  // the file had the same one. Instruction-kind and condition-only entries
  // are not toggled from a listing and stay as written.
  std::vector<core::ScenarioBreakpoint> kept;
  std::vector<bool> used(out.breakpoints.size(), false);
  for (const core::Breakpoint& b : s.breakpoints()) {
    if (b.kind != core::Breakpoint::Kind::PtxLine && b.kind != core::Breakpoint::Kind::CudaLine) continue;
    std::optional<core::ScenarioBreakpoint> sb;
    for (std::size_t i = 0; i < out.breakpoints.size() && !sb; ++i)
      if (!used[i] && sameStop(out.breakpoints[i], b, s.program())) {
        used[i] = true;
        sb = out.breakpoints[i];
      }
    if (!sb) {
      sb.emplace();
      if (b.kind == core::Breakpoint::Kind::PtxLine) {
        sb->ptxLine = static_cast<std::uint32_t>(b.line);
      } else {
        sb->cudaLine = static_cast<std::uint32_t>(b.line);
        if (b.file >= 0) sb->cudaFile = fs::path(s.program().files[static_cast<std::size_t>(b.file)]).filename().string();
      }
    }
    sb->enabled = b.enabled;
    kept.push_back(*sb);
  }
  for (const auto& o : out.breakpoints)
    if (!o.ptxLine && !o.cudaLine) kept.push_back(o);
  out.breakpoints = std::move(kept);
}

}  // namespace ws::ui
