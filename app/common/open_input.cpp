#include "app/common/open_input.hpp"

namespace ws::app {

ui::ScenarioStart openInput(const ui::LaunchRequest& o) {
  auto opened = ui::openLaunch(o);
  if (auto* e = std::get_if<std::string>(&opened)) {
    ui::ScenarioStart failed;
    failed.error = *e;
    return failed;
  }
  const ui::OpenedLaunch& l = std::get<ui::OpenedLaunch>(opened);
  return ui::scenarioStart(l.prepared, &l.scenario);
}

}  // namespace ws::app
