#pragma once
// Runs the shared commands (ui/session/actions.hpp) on the open session. Long ones
// (continue, reverse continue, run to end, run to cursor) go through
// ui::RunDriver a chunk per timer tick, so the window keeps painting and Stop
// answers at once.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "app/qt/session_host.hpp"
#include "ui/session/actions.hpp"
#include "ui/session/run_driver.hpp"

namespace ws::qt {

class RunController : public QObject {
  Q_OBJECT
 public:
  explicit RunController(SessionHost* host, QObject* parent = nullptr);

  ui::DebuggerChoices& choices() { return m_choices; }
  const ui::DebuggerChoices& choices() const { return m_choices; }
  ui::RunDriver& driver() { return m_driver; }
  bool running() const { return m_driver.running() || m_driver.autoplaying(); }

 public slots:
  void trigger(ui::ActionId id);
  void stop();
  void setCursorLine(int ptxLine);
  void startAutoplay(double stepsPerSecond);

 signals:
  void message(const QString& text);           // why the last command stopped
  void runningChanged(bool running);
  void progress(quint64 stepsSoFar);
  void choicesChanged();                       // stepping unit or cursor line

 private:
  void tick();
  void finished(const core::RunOutcome& o);

  SessionHost* m_host;
  ui::DebuggerChoices m_choices;
  ui::RunDriver m_driver;
  QTimer m_timer;
  QElapsedTimer m_clock;
};

}  // namespace ws::qt
