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
  return debuggerStart(*in);
}

}  // namespace ws::cli
