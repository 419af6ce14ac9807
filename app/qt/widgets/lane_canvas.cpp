#include "app/qt/widgets/lane_canvas.hpp"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QToolTip>
#include <QWheelEvent>

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

LaneCanvas::LaneCanvas(SessionHost* host, QWidget* parent) : QWidget(parent), m_host(host) {
  setObjectName("laneCanvas");
  setMouseTracking(true);
  setFocusPolicy(Qt::ClickFocus);
  setAttribute(Qt::WA_OpaquePaintEvent);
  m_grow.setStartValue(0.0);
  m_grow.setEndValue(1.0);
  m_grow.setDuration(250);
  m_grow.setEasingCurve(QEasingCurve::OutCubic);
  connect(&m_grow, &QVariantAnimation::valueChanged, this, [this] { update(); });
  connect(host, &SessionHost::changed, this, &LaneCanvas::rebuild);
  connect(host, &SessionHost::documentChanged, this, &LaneCanvas::fit);
}

void LaneCanvas::rebuild() {
  ui::Session* s = m_host->session();
  if (!s) return;
  m_scene = ui::buildScene(s->frame(), &s->index(), m_host->theme(), m_options);
  if (s->position() != m_shownPosition) {
    m_shownPosition = s->position();
    if (m_animated) {
      m_grow.stop();
      m_grow.start();
    }
  }
  update();
}

void LaneCanvas::fit() {
  m_zoom = 1.0;
  m_pan = {};
  update();
}

double LaneCanvas::scale() const {
  if (m_scene.width <= 0 || m_scene.height <= 0) return 1.0;
  // Fit the width (lanes side by side matter most); never blow small scenes up past 2x.
  const double fitW = width() / m_scene.width, fitH = height() / m_scene.height;
  const double fitScale = std::min({fitW, std::max(fitH, fitW * 0.6), 2.0});
  return fitScale * m_zoom;
}

QPointF LaneCanvas::toWidget(QPointF p) const {
  const double k = scale();
  const double x0 = std::max(0.0, (width() - m_scene.width * k) / 2);
  return QPointF(x0, 0) + m_pan + p * k;
}

QPointF LaneCanvas::toScene(QPointF w) const {
  const double k = scale();
  const double x0 = std::max(0.0, (width() - m_scene.width * k) / 2);
  return (w - QPointF(x0, 0) - m_pan) / k;
}

void LaneCanvas::setZoom(double z) {
  m_zoom = std::clamp(z, 0.2, 8.0);
  update();
}

void LaneCanvas::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), toQColor(m_host->theme().background));
  if (m_scene.items.empty()) {
    p.setPen(toQColor(m_host->theme().mutedText));
    p.drawText(rect(), Qt::AlignCenter, tr("Open a scenario (Ctrl+O) or pick one from File > Examples"));
    return;
  }
  const QPointF o = toWidget({0, 0});
  p.translate(o);
  p.scale(scale(), scale());
  const double progress = m_grow.state() == QAbstractAnimation::Running ? m_grow.currentValue().toDouble() : 1.0;
  paintScene(p, m_scene, progress);
}

bool LaneCanvas::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* he = static_cast<QHelpEvent*>(e);
    const ui::Primitive* prim = primitiveAt(m_scene, toScene(he->pos()));
    if (prim && !prim->tooltip.empty()) QToolTip::showText(he->globalPos(), QString::fromStdString(prim->tooltip), this);
    else QToolTip::hideText();
    return true;
  }
  return QWidget::event(e);
}

void LaneCanvas::wheelEvent(QWheelEvent* e) {
  const double steps = e->angleDelta().y() / 120.0;
  if (e->modifiers() & Qt::ControlModifier) {
    // Zoom about the mouse: the scene point under it stays put.
    const QPointF before = toScene(e->position());
    setZoom(m_zoom * std::pow(1.15, steps));
    m_pan += e->position() - toWidget(before);
  } else {
    m_pan += QPointF(e->angleDelta().x(), e->angleDelta().y()) / 2.0;
  }
  update();
  e->accept();
}

void LaneCanvas::mousePressEvent(QMouseEvent* e) {
  m_dragFrom = e->position().toPoint();
  m_dragging = true;
  m_moved = false;
}

void LaneCanvas::mouseMoveEvent(QMouseEvent* e) {
  if (!m_dragging) return;
  const QPoint d = e->position().toPoint() - m_dragFrom;
  if (d.manhattanLength() > 3) m_moved = true;
  if (m_moved) {
    m_pan += d;
    m_dragFrom = e->position().toPoint();
    setCursor(Qt::ClosedHandCursor);
    update();
  }
}

void LaneCanvas::mouseReleaseEvent(QMouseEvent* e) {
  m_dragging = false;
  unsetCursor();
  if (m_moved || e->button() != Qt::LeftButton) return;
  // A lane's cell ids are "w<warp>-lane<lane>" (and "w<warp>-after-r1-lane<lane>").
  static const QRegularExpression laneId(R"(^w(\d+)-(?:.*-)?lane(\d+)$)");
  const QPointF sp = toScene(e->position());
  for (auto it = m_scene.items.rbegin(); it != m_scene.items.rend(); ++it) {
    if (it->kind != ui::Primitive::Kind::Rect || it->id.empty()) continue;
    if (!QRectF(it->x, it->y, it->w, it->h).contains(sp)) continue;
    const auto m = laneId.match(QString::fromStdString(it->id));
    if (!m.hasMatch()) continue;
    const auto warp = m.captured(1).toUInt();
    const int lane = m.captured(2).toInt();
    if (ui::Session* s = m_host->session()) {
      s->focusWarp(warp);
      s->focusLane(lane);
    }
    emit laneClicked(warp, lane);
    return;
  }
}

void LaneCanvas::keyPressEvent(QKeyEvent* e) {
  if (e->modifiers() & Qt::ControlModifier) {
    if (e->key() == Qt::Key_Plus || e->key() == Qt::Key_Equal) return setZoom(m_zoom * 1.25);
    if (e->key() == Qt::Key_Minus) return setZoom(m_zoom / 1.25);
    if (e->key() == Qt::Key_0) return fit();
  }
  QWidget::keyPressEvent(e);
}

}  // namespace ws::qt
