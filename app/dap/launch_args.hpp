#pragma once
// A `launch` request's arguments as the one launch request every front end
// opens (ui/files/launch_request.hpp). The attributes are the command-line
// options of warpscope-cli and warpscope-imgui under the same long names
// ("grid", "dynamic-smem"; camelCase "dynamicSmem" too), parsed by the same
// CLI11 options (app/common/input.hpp), so the values, the defaults and the
// error messages are theirs, and an option added there is an attribute here.
// `args` takes CLI-style options verbatim.
#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "ui/files/launch_request.hpp"

namespace ws::dap {

struct LaunchArgs {
  ui::LaunchRequest request;
  bool stopOnEntry = false;
};

// The command line a launch request's attributes stand for (for messages and
// tests): {"--grid", "2", "kernel.ptx"}.
std::vector<std::string> launchCommandLine(const nlohmann::json& args);
// The request, or why the attributes do not make one.
std::variant<LaunchArgs, std::string> parseLaunchArgs(const nlohmann::json& args);

}  // namespace ws::dap
