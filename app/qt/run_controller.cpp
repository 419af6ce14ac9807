#include "app/qt/run_controller.hpp"

namespace ws::qt {

RunController::RunController(SessionHost* host, QObject* parent) : QObject(parent), m_host(host) {
  m_timer.setInterval(16);
  connect(&m_timer, &QTimer::timeout, this, &RunController::tick);
  connect(host, &SessionHost::documentChanged, this, [this] {
    stop();
    m_choices.cursorLine = 0;
  });
}

void RunController::trigger(ui::ActionId id) {
  ui::Session* s = m_host->session();
  if (!s || m_driver.running()) return;
  if (!ui::actionEnabled(id, *s, m_choices)) return;
  const ui::DebuggerChoices before = m_choices;
  if (ui::actionIsLong(id)) {
    const core::RunOutcome o = m_driver.start(id, *s, m_choices);
    if (m_driver.running()) {
      m_clock.start();
      m_timer.start();
      emit runningChanged(true);
      emit progress(m_driver.stepsSoFar());
      return;
    }
    finished(o);
    return;
  }
  const core::RunOutcome o = ui::runAction(id, *s, m_choices);
  if (!(before == m_choices)) emit choicesChanged();
  emit message(QString::fromStdString(ui::describeOutcome(o, *s)));
}

void RunController::tick() {
  ui::Session* s = m_host->session();
  if (!s) {
    stop();
    return;
  }
  const double dt = static_cast<double>(m_clock.restart()) / 1000.0;
  const bool going = m_driver.tick(*s, m_choices, dt);
  emit progress(m_driver.stepsSoFar());
  if (!going) {
    m_timer.stop();
    emit runningChanged(false);
    finished(m_driver.lastOutcome());
  }
}

void RunController::finished(const core::RunOutcome& o) {
  if (ui::Session* s = m_host->session()) emit message(QString::fromStdString(ui::describeOutcome(o, *s)));
}

void RunController::stop() {
  const bool was = running();
  m_driver.stop();
  m_driver.stopAutoplay();
  m_timer.stop();
  if (was) {
    emit runningChanged(false);
    emit message(tr("Stopped after %1 steps").arg(m_driver.stepsSoFar()));
  }
}

void RunController::setCursorLine(int ptxLine) {
  if (m_choices.cursorLine == ptxLine) return;
  m_choices.cursorLine = ptxLine;
  emit choicesChanged();
}

void RunController::startAutoplay(double stepsPerSecond) {
  m_driver.startAutoplay(stepsPerSecond);
  m_clock.start();
  m_timer.start();
  emit runningChanged(true);
}

}  // namespace ws::qt
