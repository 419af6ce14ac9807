#include "ui/scenario_session.hpp"

namespace ws::ui {

std::variant<std::unique_ptr<Session>, std::string> sessionFromStart(ScenarioStart start) {
  if (!start.engine) return start.error.empty() ? std::string("the scenario cannot run") : start.error;
  SessionSource meta;
  meta.title = start.title;
  meta.narration = std::move(start.story);
  meta.maxSteps = start.maxSteps;
  for (const auto& st : start.stops) {
    core::Breakpoint b;
    b.enabled = st.enabled;
    switch (st.kind) {
      case ScenarioStart::Stop::Kind::PtxLine: b.kind = core::Breakpoint::Kind::PtxLine; b.line = st.line; break;
      case ScenarioStart::Stop::Kind::CudaLine:
        b.kind = core::Breakpoint::Kind::CudaLine;
        b.line = st.line;
        b.file = st.file;
        break;
      case ScenarioStart::Stop::Kind::InstrKind: b.kind = core::Breakpoint::Kind::InstrKind; b.instrFlags = st.flags; break;
    }
    meta.breakpoints.push_back(b);
  }
  auto session = Session::fromEngine(std::move(*start.engine), std::move(meta));
  const auto& s = session->state();
  if (start.focusCta < s.ctas.size()) {
    const auto& c = s.ctas[start.focusCta];
    session->focusWarp(c.firstWarp + std::min(start.focusWarp, c.numWarps ? c.numWarps - 1 : 0));
  }
  session->focusLane(static_cast<int>(std::min<std::uint32_t>(start.focusLane, 31)));
  if (start.step) session->seek(start.step);
  return session;
}

std::variant<std::unique_ptr<Session>, std::string> loadScenarioSession(const std::string& path) {
  return sessionFromStart(scenarioStartFromFile(path));
}

}  // namespace ws::ui
