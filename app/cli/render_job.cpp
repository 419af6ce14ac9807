#include "app/cli/render_job.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "app/common/command_line.hpp"
#include "app/common/input.hpp"
#include "app/cli/png_export.hpp"
#include "app/cli/run_loop.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/step_until.hpp"
#include "ui/files/svg_writer.hpp"

namespace ws::cli {
namespace {

bool endsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool write(ui::Session& s, const RenderJob& job, const ui::Theme& theme, const std::string& path, bool png) {
  ui::SceneOptions o;
  o.allWarpsOfCta = job.allWarps;
  const ui::Scene scene = ui::buildScene(s.frame(), &s.index(), theme, o);
  std::string err;
  const bool ok = png ? writePng(ui::toSvg(scene), path, job.scale, err) : ui::writeSvgFile(scene, path, err);
  if (!ok) {
    fmt::print(stderr, "error: {}\n", err);
    return false;
  }
  fmt::print("{}\n", path);
  return true;
}

}  // namespace

int runRenderJob(ui::ScenarioStart start, const RenderJob& job) {
  auto made = ui::sessionFromStart(std::move(start));
  if (auto* e = std::get_if<std::string>(&made)) {
    fmt::print(stderr, "error: {}\n", *e);
    return app::kExitUsage;
  }
  ui::Session& s = *std::get<std::unique_ptr<ui::Session>>(made);
  ui::Theme theme;
  if (endsWith(job.theme, ".toml")) {
    std::string err;
    auto t = ui::loadThemeFile(job.theme, err);
    if (!t) {
      fmt::print(stderr, "error: {}\n", err);
      return app::kExitUsage;
    }
    theme = *t;
  } else {
    theme = ui::loadTheme(job.theme);
  }
  s.setFollowExecution(job.warp < 0);
  if (job.lane >= 0) s.focusLane(job.lane);
  const bool png = job.sequence ? job.format == "png" : endsWith(job.output, ".png");
  if (png && !pngExportAvailable()) {
    std::string err;
    writePng("", "", 1, err);
    fmt::print(stderr, "error: {}\n", err);
    return app::kExitUsage;
  }
  const std::uint64_t budget = job.maxSteps ? job.maxSteps : core::kDefaultMaxSteps;
  if (job.from > budget) {
    fmt::print(stderr, "error: step {} is beyond --max-steps {}\n", job.from, budget);
    return app::kExitUsage;
  }
  const std::uint64_t reached = s.seek(job.from);
  if (reached < job.from) {
    fmt::print(stderr, "error: the program ends after {} steps; there is no step {}\n", reached, job.from);
    return app::kExitFailed;
  }
  if (!job.until.empty() && !ui::stepUntilMnemonic(s, job.until, budget)) {
    fmt::print(stderr, "error: no step from {} on runs an instruction starting with '{}'\n", job.from, job.until);
    return app::kExitFailed;
  }
  if (job.warp >= 0) {
    if (static_cast<std::uint64_t>(job.warp) >= s.state().warps.size()) {
      fmt::print(stderr, "error: --warp {} is not a warp of the launch: its warps are 0 to {}\n", job.warp,
                 s.state().warps.size() - 1);
      return app::kExitUsage;
    }
    s.focusWarp(static_cast<std::uint32_t>(job.warp));
  }
  // Ctrl-C while writing finishes the file being written (each is written
  // atomically) and stops before the next, so no partial file is left.
  SigintGuard guard;
  if (!job.sequence) {
    if (!write(s, job, theme, job.output, png)) return app::kExitUsage;
    return SigintGuard::interrupted() ? app::kExitInterrupted : app::kExitOk;
  }

  std::error_code ec;
  std::filesystem::create_directories(job.output, ec);
  if (ec) {
    fmt::print(stderr, "error: {}: {}\n", job.output, ec.message());
    return app::kExitUsage;
  }
  for (std::uint64_t p = job.from; p <= job.to; ++p) {
    if (SigintGuard::interrupted()) {
      fmt::print(stderr, "interrupted before step {}: every file written is complete\n", p);
      return app::kExitInterrupted;
    }
    if (p - job.from == kMaxRenderFiles) {
      fmt::print(stderr,
                 "error: stopped after {} files, the most one render --steps writes; render the rest with --steps "
                 "{}:{}\n",
                 kMaxRenderFiles, p, job.to);
      return app::kExitFailed;
    }
    if (s.seek(p) < p) {
      fmt::print(stderr, "note: the program ends after {} steps\n", s.position());
      break;
    }
    const std::string path = (std::filesystem::path(job.output) / fmt::format("step-{:06}.{}", p, png ? "png" : "svg")).string();
    if (!write(s, job, theme, path, png)) return app::kExitUsage;
  }
  return SigintGuard::interrupted() ? app::kExitInterrupted : app::kExitOk;
}

}  // namespace ws::cli
