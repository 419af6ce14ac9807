#include "ui/session/scenario_session.hpp"

namespace ws::ui {

std::variant<std::unique_ptr<Session>, std::string> sessionFromStart(ScenarioStart start) {
  if (!start.engine) return start.error.empty() ? std::string("the scenario cannot run") : start.error;
  SessionSource meta;
  meta.title = start.title;
  meta.narration = std::move(start.narration);
  meta.lesson = std::move(start.lesson);
  meta.maxSteps = start.maxSteps;
  meta.breakpoints = std::move(start.breakpoints);
  auto session = Session::fromEngine(std::move(*start.engine), std::move(meta));
  for (auto& d : start.sourceDirs) session->addSourceSearchDir(std::move(d));
  // Seek first: following execution moves the focus, and the saved focus wins.
  if (start.step) session->seek(start.step);
  const auto& s = session->state();
  if (start.focusCta < s.ctas.size()) {
    const auto& c = s.ctas[start.focusCta];
    session->focusWarp(c.firstWarp + std::min(start.focusWarp, c.numWarps ? c.numWarps - 1 : 0));
  }
  session->focusLane(static_cast<int>(std::min<std::uint32_t>(start.focusLane, 31)));
  return session;
}

std::variant<std::unique_ptr<Session>, std::string> loadScenarioSession(const std::string& path) {
  return sessionFromStart(scenarioStartFromFile(path));
}

}  // namespace ws::ui
