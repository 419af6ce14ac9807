#pragma once
#include <CLI/CLI.hpp>

#include "app/common/input.hpp"

namespace ws::cli {

struct CheckOptions {
  ui::LaunchRequest in = app::headlessRequest();
  bool json = false;
};

void addCheckCommand(CLI::App& app, CheckOptions& o);
int checkCommand(const CheckOptions& o);

}  // namespace ws::cli
