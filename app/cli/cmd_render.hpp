#pragma once
#include <string>

#include <CLI/CLI.hpp>

#include "app/common/input.hpp"
#include "app/cli/render_job.hpp"

namespace ws::cli {

struct RenderOptions {
  ui::LaunchRequest in;
  std::uint64_t step = 0;
  std::string steps;   // "A:B"
  std::string output;
  std::string format = "svg";
  std::string until, theme = "light";
  bool allWarps = false;
  std::int64_t warp = -1;
  std::int32_t lane = 0;
  double scale = 1.0;
};

void addRenderCommand(CLI::App& app, RenderOptions& o);
int renderCommand(const RenderOptions& o);

}  // namespace ws::cli
