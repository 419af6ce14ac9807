#pragma once
// The timeline scrubber: the recorded steps as a track with markers for
// collectives, barriers, atomics, async operations, mbarrier phases,
// diagnostics, breakpoints, edits and a saved schedule's forced switches
// (ui::TimelineView); drag to any step.
#include <QWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class TimelineBar : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineBar(SessionHost* host, QWidget* parent = nullptr);
  QSize sizeHint() const override { return {600, 56}; }
  QSize minimumSizeHint() const override { return {200, 48}; }
  // The history position under a widget x, and back.
  std::uint64_t positionAt(double x) const;
  double xOf(std::uint64_t position) const;

 protected:
  void paintEvent(QPaintEvent*) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  bool event(QEvent* e) override;

 private:
  QRectF track() const;
  std::uint64_t extent() const;  // steps the track spans
  SessionHost* m_host;
};

}  // namespace ws::qt
