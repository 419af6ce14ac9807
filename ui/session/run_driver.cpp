#include "ui/session/run_driver.hpp"

#include <algorithm>

#include "ui/session/session.hpp"

namespace ws::ui {

core::RunOutcome RunDriver::start(ActionId id, Session& s, DebuggerChoices& c) {
  m_steps = 0;
  if (!actionIsLong(id)) {
    m_action.reset();
    m_last = runAction(id, s, c, m_chunk);
    m_steps = m_last.steps;
    return m_last;
  }
  m_autoplay = false;
  m_action = id;
  return runChunk(s, c);
}

void RunDriver::stop() {
  m_action.reset();
  m_autoplay = false;
  m_owed = 0.0;
}

void RunDriver::startAutoplay(double stepsPerSecond) {
  m_action.reset();
  setAutoplaySpeed(stepsPerSecond);
  m_autoplay = true;
  m_owed = 0.0;
}

void RunDriver::setAutoplaySpeed(double stepsPerSecond) { m_speed = std::clamp(stepsPerSecond, 0.1, 1000.0); }

core::RunOutcome RunDriver::runChunk(Session& s, DebuggerChoices& c) {
  m_last = runAction(*m_action, s, c, m_chunk);
  m_steps += m_last.steps;
  if (m_last.why != core::RunOutcome::Why::Budget) m_action.reset();
  return m_last;
}

bool RunDriver::tick(Session& s, DebuggerChoices& c, double elapsedSeconds) {
  if (m_action) {
    runChunk(s, c);
    return true;
  }
  if (!m_autoplay) return false;
  // Autoplay pays out whole steps as time accrues; a long pause (a dragged
  // window) does not make it race to catch up.
  m_owed = std::min(m_owed + std::max(elapsedSeconds, 0.0) * m_speed, 3.0);
  while (m_owed >= 1.0 && m_autoplay) {
    m_owed -= 1.0;
    if (!actionEnabled(ActionId::StepOver, s, c)) {
      m_autoplay = false;
      break;
    }
    m_last = runAction(ActionId::StepOver, s, c, m_chunk);
    using Why = core::RunOutcome::Why;
    if (m_last.why == Why::Finished || m_last.why == Why::Stopped || m_last.why == Why::Breakpoint ||
        m_last.why == Why::NothingToRun)
      m_autoplay = false;
  }
  return m_autoplay;
}

}  // namespace ws::ui
