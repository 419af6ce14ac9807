#pragma once
// Presentation mode for lectures: the main window goes full screen with the
// projector theme, docks and bars hidden so the lane view fills the wall, a
// large caption bar over the canvas carries the current narration, and a
// control strip plays the run by itself (ui::RunDriver's autoplay, ticked by
// a QTimer) at a chosen speed. Esc (or the Presentation action again) leaves
// and restores the window as it was.
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <functional>

#include "ui/session/actions.hpp"
#include "ui/session/run_driver.hpp"
#include "ui/scene/theme.hpp"

class QLabel;
class QMainWindow;
class QPushButton;
class QShortcut;
class QSlider;
class QWidget;

namespace ws::ui {
class Session;
}

namespace ws::qt {

// The caption text for the session's current step: the scenario's narration for
// this step or PTX line when it has one, else the one-sentence description of
// what the step did.
QString narrationCaption(ui::Session& s);

class PresentationMode : public QObject {
  Q_OBJECT
 public:
  // `canvas`: the widget the caption bar and the controls float over.
  PresentationMode(QMainWindow* window, QWidget* canvas, QObject* parent = nullptr);
  ~PresentationMode() override;

  void setSession(ui::Session* s);
  // The choices autoplay steps with (the window's own; not owned).
  void setChoices(ui::DebuggerChoices* c) { m_choices = c; }
  // Autoplay pauses whenever this says so (predict mode: a question is open).
  void setHoldWhile(std::function<bool()> hold) { m_hold = std::move(hold); }

  // A dock (or bar) that stays up while presenting (predict mode's panel).
  void keepVisible(QWidget* w) { m_keep.emplace_back(w); }
  // The theme to go back to on leaving (the window's normal one).
  void setNormalTheme(const ui::Theme& t) { m_previousTheme = t; }

  bool active() const { return m_active; }
  const ui::Theme& theme() const { return m_theme; }
  ui::RunDriver& driver() { return m_driver; }
  QLabel* caption() const { return m_caption; }
  QWidget* controls() const { return m_controls; }
  QSlider* speedSlider() const { return m_speed; }
  QPushButton* playButton() const { return m_play; }

  // Steps per second for a slider position (0.25 .. 8, logarithmic).
  static double speedForSlider(int v);

 public slots:
  void enter();
  void leave();
  void toggle() { m_active ? leave() : enter(); }
  void setPlaying(bool on);
  // Re-reads the caption (call when the session changed).
  void refresh();

 signals:
  // The theme the canvas should paint with now (projector on enter, the old one on leave).
  void themeChanged(const ui::Theme& t);
  void activeChanged(bool on);
  // Autoplay took steps (the window repaints, like after any command).
  void stepped();

 protected:
  bool eventFilter(QObject* o, QEvent* e) override;

 private:
  void tick();
  void place();  // lays the overlays over the canvas

  QPointer<QMainWindow> m_window;
  QPointer<QWidget> m_canvas;
  ui::Session* m_session = nullptr;
  ui::DebuggerChoices m_ownChoices;
  ui::DebuggerChoices* m_choices = &m_ownChoices;
  std::function<bool()> m_hold;
  ui::RunDriver m_driver;
  ui::Theme m_theme;
  ui::Theme m_previousTheme;
  QTimer m_timer;
  QElapsedTimer m_clock;
  bool m_active = false;
  // What enter() changed, to put back.
  Qt::WindowStates m_oldState;
  std::vector<QPointer<QWidget>> m_hidden;
  std::vector<QPointer<QWidget>> m_keep;
  QLabel* m_caption = nullptr;
  QWidget* m_controls = nullptr;
  QPushButton* m_play = nullptr;
  QSlider* m_speed = nullptr;
  QLabel* m_speedText = nullptr;
  QLabel* m_position = nullptr;
  QShortcut* m_escape = nullptr;
};

}  // namespace ws::qt
