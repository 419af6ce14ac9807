#include "app/qt/widgets/timeline_bar.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <vector>

#include "app/qt/widgets/scene_painter.hpp"
#include "ui/scene/marker_color.hpp"

namespace ws::qt {

TimelineBar::TimelineBar(SessionHost* host, QWidget* parent) : QWidget(parent), m_host(host) {
  setObjectName("timeline");
  setMouseTracking(true);
  setCursor(Qt::PointingHandCursor);
  connect(host, &SessionHost::changed, this, qOverload<>(&QWidget::update));
}

QRectF TimelineBar::track() const { return QRectF(12, 22, width() - 24, height() - 30); }

std::uint64_t TimelineBar::extent() const {
  ui::Session* s = m_host->session();
  if (!s) return 1;
  // The recorded steps, and at least the current one.
  return std::max<std::uint64_t>({s->history().size(), s->position(), 1});
}

std::uint64_t TimelineBar::positionAt(double x) const {
  const QRectF r = track();
  const double f = std::clamp((x - r.left()) / r.width(), 0.0, 1.0);
  return static_cast<std::uint64_t>(std::llround(f * static_cast<double>(extent())));
}

double TimelineBar::xOf(std::uint64_t position) const {
  const QRectF r = track();
  return r.left() + r.width() * static_cast<double>(position) / static_cast<double>(extent());
}

void TimelineBar::paintEvent(QPaintEvent*) {
  const ui::Theme& t = m_host->theme();
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), toQColor(t.panel));
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::TimelineView& v = s->views().timeline;
  const QRectF r = track();
  p.setPen(Qt::NoPen);
  p.setBrush(toQColor(t.cell));
  p.drawRoundedRect(r, 4, 4);
  // Recorded part.
  p.setBrush(toQColor(t.laneReady, 0.35));
  p.drawRoundedRect(QRectF(r.left(), r.top(), xOf(s->history().size()) - r.left(), r.height()), 4, 4);
  for (const auto& m : v.markers) {
    if (m.kind == ui::MarkerKind::Switch) continue;
    const double x = xOf(m.step + 1);
    p.setPen(QPen(toQColor(ui::markerColor(m.kind, t)), m.kind == ui::MarkerKind::Breakpoint ? 3 : 2));
    const double top = m.kind == ui::MarkerKind::Diagnostic || m.kind == ui::MarkerKind::Breakpoint ? r.top() : r.center().y();
    p.drawLine(QPointF(x, top), QPointF(x, r.bottom()));
  }
  // A saved schedule's forced switches over any marker of the same step: the
  // interleaving turns on them, so each is a tick through the whole track,
  // wider than the position line (a green edge shows either side of it when
  // the person stands right after the switch), under a flag drawn over that
  // line.
  std::vector<double> switches;
  for (const auto& m : v.markers)
    if (m.kind == ui::MarkerKind::Switch) switches.push_back(xOf(m.step + 1));
  const QColor switchColor = toQColor(ui::markerColor(ui::MarkerKind::Switch, t));
  p.setPen(QPen(switchColor, 7, Qt::SolidLine, Qt::FlatCap));
  for (const double x : switches) p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
  // The current position.
  const double x = xOf(s->position());
  p.setPen(QPen(toQColor(t.text), 3));
  p.drawLine(QPointF(x, r.top() - 4), QPointF(x, r.bottom() + 2));
  p.setPen(Qt::NoPen);
  p.setBrush(switchColor);
  for (const double sx : switches) {
    const QPointF flag[] = {{sx - 6, r.top() - 9}, {sx + 6, r.top() - 9}, {sx, r.top()}};
    p.drawPolygon(flag, 3);
  }
  p.setPen(toQColor(t.text));
  QFont f = font();
  f.setBold(true);
  p.setFont(f);
  const QString label = tr("step %1 of %2%3").arg(s->position()).arg(s->history().size()).arg(s->finished() ? tr(" (finished)") : QString());
  p.drawText(QRectF(r.left(), 2, r.width(), 18), Qt::AlignLeft | Qt::AlignVCenter, label);
}

void TimelineBar::mousePressEvent(QMouseEvent* e) {
  if (ui::Session* s = m_host->session()) s->seek(positionAt(e->position().x()));
}

void TimelineBar::mouseMoveEvent(QMouseEvent* e) {
  if (!(e->buttons() & Qt::LeftButton)) return;
  if (ui::Session* s = m_host->session(); s && positionAt(e->position().x()) != s->position())
    s->seek(positionAt(e->position().x()));
}

bool TimelineBar::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* he = static_cast<QHelpEvent*>(e);
    ui::Session* s = m_host->session();
    if (!s) return true;
    QString tip = tr("step %1").arg(positionAt(he->pos().x()));
    for (const auto& m : s->views().timeline.markers)
      if (std::abs(xOf(m.step + 1) - he->pos().x()) < 4) tip += "\n" + QString::fromStdString(m.tooltip);
    QToolTip::showText(he->globalPos(), tip, this);
    return true;
  }
  return QWidget::event(e);
}

}  // namespace ws::qt
