#include "app/cli/open_input.hpp"

#include "app/cli/input.hpp"

namespace ws::cli {

ui::ScenarioStart openInput(const InputOptions& o) {
  std::string errors;
  auto in = loadInput(o, errors);
  if (!in) {
    ui::ScenarioStart failed;
    while (!errors.empty() && errors.back() == '\n') errors.pop_back();
    failed.error = errors.empty() ? o.path + ": error: cannot be opened" : errors;
    return failed;
  }
  ui::ScenarioStart start = ui::scenarioStart(in->prepared, in->scenario ? &*in->scenario : nullptr);
  if (!in->scenario && start.engine) {
    core::EngineOptions opts = start.engine->options();
    opts.scheduling = core::WarpScheduling::RoundRobin;
    start.engine->setOptions(opts);
  }
  return start;
}

}  // namespace ws::cli
