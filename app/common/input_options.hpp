#pragma once
// The command-line options that name what to run, a scenario or a PTX file
// with its launch, filled into the one launch request every front end opens
// (ui/files/launch_request.hpp). Shared by warpscope-cli's commands and
// warpscope-imgui; the Qt app spells the same options with QCommandLineParser.
#include <cstdint>

#include "ui/files/launch_request.hpp"

namespace CLI {
class App;
class Validator;
}

namespace ws::app {

// The input and launch options of run, trace, check and render, and of
// warpscope-imgui (where the input is optional). `withMode` adds --mode
// (check always runs in hardware mode).
void addInputOptions(CLI::App* cmd, ui::LaunchRequest& o, bool withMode, bool inputRequired = true);

// CLI11 validators of option_rules.hpp's rules: a whole number from min to
// max, and a theme name (or a theme .toml file where `fileAllowed`).
CLI::Validator wholeNumber(std::uint64_t min, std::uint64_t max);
CLI::Validator themeName(bool fileAllowed);

// The request of the headless commands (run, trace, check): a bare PTX file
// runs each warp until it blocks, unless --scheduling says otherwise.
inline ui::LaunchRequest headlessRequest() {
  ui::LaunchRequest r;
  r.ptxScheduling = core::WarpScheduling::RunToBlock;
  return r;
}

}  // namespace ws::app
