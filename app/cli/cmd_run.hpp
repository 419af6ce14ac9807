#pragma once
#include <CLI/CLI.hpp>

#include "app/common/input.hpp"

namespace ws::cli {

struct RunOptions {
  ui::LaunchRequest in = app::headlessRequest();
  bool json = false;
};

void addRunCommand(CLI::App& app, RunOptions& o);
int runCommand(const RunOptions& o);

}  // namespace ws::cli
