// `warpscope-cli render INPUT --step N -o out.svg|.png` and
// `--steps A:B -o dir/`: the lane view of a step (lanes, registers, masks,
// data-flow arrows, mbarriers, explanation) as SVG or PNG, as the desktop
// front ends draw it.
#include "app/cli/cmd_render.hpp"

#include <charconv>
#include <cstdint>

#include <fmt/format.h>

#include "app/common/command_line.hpp"
#include "app/common/option_rules.hpp"
#include "ui/session/scenario_bridge.hpp"

namespace ws::cli {
namespace {

bool parseRange(const std::string& s, std::uint64_t& a, std::uint64_t& b) {
  const auto colon = s.find(':');
  if (colon == std::string::npos) return false;
  auto num = [](std::string_view t, std::uint64_t& v) {
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && ec == std::errc() && p == t.data() + t.size();
  };
  return num(std::string_view(s).substr(0, colon), a) && num(std::string_view(s).substr(colon + 1), b) && a <= b;
}

}  // namespace

void addRenderCommand(CLI::App& app, RenderOptions& o) {
  CLI::App* cmd = app.add_subcommand("render", "Draw the lane view of a step (or of a range of steps) as SVG or PNG");
  app::addInputOptions(cmd, o.in, true);
  auto* step = cmd->add_option("--step", o.step, "the step to draw: the picture after N steps (0: the launch; default 0)")
                   ->check(app::wholeNumber(0, app::kMaxCount));
  cmd->add_option("--steps", o.steps,
                  fmt::format("draw every step from A to B (A:B) into the directory given by -o, at most {} files "
                              "(a longer range stops there with exit status 1)",
                              kMaxRenderFiles))
      ->excludes(step);
  cmd->add_option("-o,--output", o.output, "output file (.svg or .png), or a directory with --steps")->required();
  cmd->add_option("--format", o.format, "file format with --steps")->check(CLI::IsMember({"svg", "png"}));
  cmd->add_option("--until", o.until,
                  "from --step on, go to the first step that runs an instruction starting with this mnemonic "
                  "(\"shfl\", \"vote.sync.ballot\", \"red.async\")");
  cmd->add_option("--theme", o.theme, "light, dark, projector, or a theme .toml file")->default_val("light")
      ->check(app::themeName(true));
  cmd->add_flag("--all-warps", o.allWarps, "draw every warp of the focused CTA (default: the warp that ran)");
  // A warp beyond the launch is refused once the launch is loaded (render_job.cpp).
  cmd->add_option("--warp", o.warp, "focus this warp (global index) instead of the one that ran")
      ->check(app::wholeNumber(0, UINT32_MAX));
  cmd->add_option("--lane", o.lane, "the focused lane (default 0)")->check(app::wholeNumber(0, 31));
  cmd->add_option("--scale", o.scale, "PNG pixels per SVG unit (default 1)")->check(CLI::Range(0.1, 8.0));
  cmd->footer("Steps count as in the debugger: plain .ptx inputs run with the round-robin warp scheduler. "
              "Each file is written atomically; Ctrl-C stops between files. Exit status: 0 written, 1 the step does not "
              "exist or --steps reached its file cap, 2 bad command line or input, 130 interrupted.");
}

int renderCommand(const RenderOptions& o) {
  RenderJob job;
  if (!o.steps.empty()) {
    if (!parseRange(o.steps, job.from, job.to)) {
      fmt::print(stderr, "error: --steps '{}' is not A:B with A <= B\n", o.steps);
      return app::kExitUsage;
    }
    job.sequence = true;
  } else {
    job.from = job.to = o.step;
    if (!o.output.ends_with(".svg") && !o.output.ends_with(".png")) {
      fmt::print(stderr, "error: -o {}: the output must end in .svg or .png\n", o.output);
      return app::kExitUsage;
    }
  }
  auto in = app::loadInput(o.in);
  if (!in) return app::kExitUsage;
  job.output = o.output;
  job.format = o.format;
  job.until = o.until;
  job.theme = o.theme;
  job.allWarps = o.allWarps;
  job.warp = o.warp;
  job.lane = o.lane;
  job.scale = o.scale;
  job.maxSteps = in->maxSteps;
  return runRenderJob(ui::scenarioStart(in->prepared, &in->scenario), job);
}

}  // namespace ws::cli
