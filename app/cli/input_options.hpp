#pragma once
// The command-line options that name what to run: a scenario, or a PTX file
// with its launch. Shared by warpscope-cli's commands and warpscope-imgui;
// this header does not include core/scenario (see ui/scenario_bridge.hpp for
// why that matters to code that also includes ui/session.hpp).
#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ws::cli {

struct InputOptions {
  std::string path;  // .toml scenario or .ptx module
  std::string entry, grid = "1", block = "32", cluster, mode;
  std::vector<std::string> buffers;
  std::vector<std::uint64_t> scalars;
  std::uint32_t dynamicSmem = 0;  // bytes of dynamic shared memory per CTA
  std::uint64_t maxSteps = 0;  // 0: the scenario's engine.max_steps, else 50,000,000
};

// The input and launch options shared by run, trace and check. `withMode`
// adds --mode (check always runs in hardware mode).
void addInputOptions(CLI::App* cmd, InputOptions& o, bool withMode);
// The same options with the input path optional (a viewer may start without one).
void addInputOptions(CLI::App* cmd, InputOptions& o, bool withMode, bool inputRequired);

}  // namespace ws::cli
