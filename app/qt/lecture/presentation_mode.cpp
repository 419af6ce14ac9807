#include "app/qt/lecture/presentation_mode.hpp"

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QPushButton>
#include <QShortcut>
#include <QSlider>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>
#include <cmath>

#include "ui/session/session.hpp"

namespace ws::qt {

QString narrationCaption(ui::Session& s) {
  const ui::DiagnosticsView& d = s.views().diagnostics;
  QString text;
  for (const std::string& para : d.narration) {
    if (!text.isEmpty()) text += "\n";
    text += QString::fromStdString(para);
  }
  if (text.isEmpty()) text = QString::fromStdString(d.summary);
  // The narration is markdown; a caption shows its words, not its markup.
  text.remove("**");
  text.remove('`');
  return text.trimmed();
}

double PresentationMode::speedForSlider(int v) { return 0.25 * std::pow(2.0, v / 4.0); }  // 0..20 -> 0.25..8

PresentationMode::PresentationMode(QMainWindow* window, QWidget* canvas, QObject* parent)
    : QObject(parent), m_window(window), m_canvas(canvas), m_theme(ui::loadTheme("projector")), m_previousTheme(ui::loadTheme("light")) {
  m_timer.setInterval(30);
  connect(&m_timer, &QTimer::timeout, this, &PresentationMode::tick);

  // The caption: white on near-black, large, across the bottom of the canvas.
  m_caption = new QLabel(canvas);
  m_caption->setObjectName("presentationCaption");
  m_caption->setWordWrap(true);
  m_caption->setAlignment(Qt::AlignCenter);
  m_caption->setMargin(18);
  m_caption->setStyleSheet("QLabel { background: rgba(0,0,0,215); color: white; font-size: 30px; font-weight: 600; }");
  m_caption->hide();

  m_controls = new QWidget(canvas);
  m_controls->setObjectName("presentationControls");
  m_controls->setStyleSheet(
      "QWidget#presentationControls { background: rgba(0,0,0,190); border-radius: 10px; }"
      "QLabel { color: white; font-size: 22px; } QPushButton { font-size: 22px; padding: 6px 16px; }");
  auto* row = new QHBoxLayout(m_controls);
  m_play = new QPushButton(tr("\u25B6 Play"), m_controls);
  m_play->setObjectName("presentationPlay");
  m_play->setCheckable(true);
  m_speed = new QSlider(Qt::Horizontal, m_controls);
  m_speed->setObjectName("presentationSpeed");
  m_speed->setRange(0, 20);
  m_speed->setValue(12);  // 2 steps per second
  m_speed->setMinimumWidth(220);
  m_speedText = new QLabel(m_controls);
  m_position = new QLabel(m_controls);
  auto* exit = new QPushButton(tr("Esc: leave"), m_controls);
  row->addWidget(m_play);
  row->addWidget(new QLabel(tr("speed"), m_controls));
  row->addWidget(m_speed);
  row->addWidget(m_speedText);
  row->addSpacing(24);
  row->addWidget(m_position);
  row->addSpacing(24);
  row->addWidget(exit);
  m_controls->hide();
  connect(m_play, &QPushButton::toggled, this, &PresentationMode::setPlaying);
  connect(exit, &QPushButton::clicked, this, &PresentationMode::leave);
  connect(m_speed, &QSlider::valueChanged, this, [this](int v) {
    m_driver.setAutoplaySpeed(speedForSlider(v));
    m_speedText->setText(tr("%1 steps/s").arg(speedForSlider(v), 0, 'g', 3));
  });
  m_driver.setAutoplaySpeed(speedForSlider(m_speed->value()));
  m_speedText->setText(tr("%1 steps/s").arg(speedForSlider(m_speed->value()), 0, 'g', 3));

  m_escape = new QShortcut(QKeySequence(Qt::Key_Escape), window);
  m_escape->setContext(Qt::WindowShortcut);
  m_escape->setEnabled(false);
  connect(m_escape, &QShortcut::activated, this, &PresentationMode::leave);
  canvas->installEventFilter(this);
}

PresentationMode::~PresentationMode() = default;

void PresentationMode::setSession(ui::Session* s) {
  m_session = s;
  if (!s) setPlaying(false);
  refresh();
}

void PresentationMode::enter() {
  if (m_active || !m_window) return;
  m_active = true;
  m_oldState = m_window->windowState();
  // Only the canvas stays: docks, tool bars, menu and status bar go while presenting.
  m_hidden.clear();
  auto hide = [&](QWidget* w) {
    if (std::find(m_keep.begin(), m_keep.end(), w) != m_keep.end()) return;
    if (w && w->isVisible()) {
      m_hidden.emplace_back(w);
      w->hide();
    }
  };
  for (QDockWidget* d : m_window->findChildren<QDockWidget*>()) hide(d);
  for (QToolBar* t : m_window->findChildren<QToolBar*>()) hide(t);
  hide(m_window->menuBar());
  hide(m_window->statusBar());
  m_window->showFullScreen();
  m_escape->setEnabled(true);
  m_caption->show();
  m_controls->show();
  place();
  refresh();
  emit themeChanged(m_theme);
  emit activeChanged(true);
}

void PresentationMode::leave() {
  if (!m_active) return;
  m_active = false;
  setPlaying(false);
  m_escape->setEnabled(false);
  m_caption->hide();
  m_controls->hide();
  if (m_window) {
    for (auto& w : m_hidden)
      if (w) w->show();
    m_window->setWindowState(m_oldState);
  }
  m_hidden.clear();
  emit themeChanged(m_previousTheme);
  emit activeChanged(false);
}

void PresentationMode::setPlaying(bool on) {
  if (on && !m_session) on = false;
  if (m_play->isChecked() != on) {
    m_play->setChecked(on);  // re-enters through toggled
    return;
  }
  m_play->setText(on ? tr("\u23F8 Pause") : tr("\u25B6 Play"));
  if (on) {
    m_driver.startAutoplay(speedForSlider(m_speed->value()));
    m_clock.start();
    m_timer.start();
  } else {
    m_driver.stopAutoplay();
    m_timer.stop();
  }
}

void PresentationMode::tick() {
  if (!m_session) return;
  if (m_hold && m_hold()) {
    setPlaying(false);
    return;
  }
  const double elapsed = static_cast<double>(m_clock.restart()) / 1000.0;
  const std::uint64_t before = m_session->position();
  const bool going = m_driver.tick(*m_session, *m_choices, elapsed);
  if (m_session->position() != before) {
    refresh();
    emit stepped();
  }
  if (!going || m_session->finished()) setPlaying(false);
}

void PresentationMode::refresh() {
  if (!m_session) {
    m_caption->clear();
    m_position->clear();
    return;
  }
  const QString text = narrationCaption(*m_session);
  m_caption->setText(text);
  m_caption->setVisible(m_active && !text.isEmpty());
  m_position->setText(tr("step %1").arg(m_session->position()));
  place();
}

bool PresentationMode::eventFilter(QObject* o, QEvent* e) {
  if (o == m_canvas && e->type() == QEvent::Resize) place();
  return QObject::eventFilter(o, e);
}

void PresentationMode::place() {
  if (!m_canvas) return;
  const int w = m_canvas->width();
  m_caption->setFixedWidth(w);
  m_caption->adjustSize();
  const int captionTop = m_caption->isVisible() ? m_canvas->height() - m_caption->height() : m_canvas->height();
  m_caption->move(0, captionTop);
  // The controls sit above the caption at the right: the lane view is laid
  // out from the top, so the room below it is the free part of the canvas.
  m_controls->adjustSize();
  m_controls->move(std::max(0, w - m_controls->width() - 12), std::max(0, captionTop - m_controls->height() - 12));
  m_controls->raise();
  m_caption->raise();
}

}  // namespace ws::qt
