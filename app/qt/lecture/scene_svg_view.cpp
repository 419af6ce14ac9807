#include "app/qt/lecture/scene_svg_view.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <charconv>

#include "ui/files/svg_writer.hpp"

namespace ws::qt {

std::optional<std::pair<int, int>> parseLaneId(std::string_view id) {
  // Exactly w<warp>-lane<lane>: ids like "w0-after-r1-lane5" are register cells.
  if (!id.starts_with("w")) return std::nullopt;
  const auto dash = id.find("-lane");
  if (dash == std::string_view::npos) return std::nullopt;
  int warp = 0, lane = 0;
  const std::string_view w = id.substr(1, dash - 1), l = id.substr(dash + 5);
  auto r1 = std::from_chars(w.data(), w.data() + w.size(), warp);
  auto r2 = std::from_chars(l.data(), l.data() + l.size(), lane);
  if (r1.ec != std::errc{} || r1.ptr != w.data() + w.size() || r2.ec != std::errc{} || r2.ptr != l.data() + l.size())
    return std::nullopt;
  return std::pair{warp, lane};
}

SceneSvgView::SceneSvgView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setAutoFillBackground(true);
}

void SceneSvgView::setScene(ui::Scene scene) {
  m_scene = std::move(scene);
  const std::string svg = ui::toSvg(m_scene);
  m_renderer.load(QByteArray(svg.data(), static_cast<qsizetype>(svg.size())));
  QPalette pal = palette();
  pal.setColor(QPalette::Window, QColor(m_scene.background.r, m_scene.background.g, m_scene.background.b));
  setPalette(pal);
  updateGeometry();
  update();
}

QSize SceneSvgView::sizeHint() const {
  return QSize(static_cast<int>(m_scene.width > 0 ? m_scene.width : 800), static_cast<int>(m_scene.height > 0 ? m_scene.height : 400));
}

QRectF SceneSvgView::target() const {
  if (m_scene.width <= 0 || m_scene.height <= 0) return QRectF(rect());
  const double s = std::min(width() / m_scene.width, height() / m_scene.height);
  const double w = m_scene.width * s, h = m_scene.height * s;
  const double x = m_align & Qt::AlignLeft ? 0 : m_align & Qt::AlignRight ? width() - w : (width() - w) / 2;
  const double y = m_align & Qt::AlignTop ? 0 : m_align & Qt::AlignBottom ? height() - h : (height() - h) / 2;
  return QRectF(x, y, w, h);
}

QPointF SceneSvgView::toWidget(double x, double y) const {
  const QRectF t = target();
  if (m_scene.width <= 0 || m_scene.height <= 0) return {x, y};
  return {t.left() + x * t.width() / m_scene.width, t.top() + y * t.height() / m_scene.height};
}

std::optional<QPointF> SceneSvgView::centreOf(std::string_view id) const {
  const ui::Primitive* p = m_scene.findId(id);
  if (!p || p->kind != ui::Primitive::Kind::Rect) return std::nullopt;
  return toWidget(p->x + p->w / 2, p->y + p->h / 2);
}

void SceneSvgView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  if (m_renderer.isValid()) m_renderer.render(&painter, target());
}

void SceneSvgView::mousePressEvent(QMouseEvent* e) {
  const QRectF t = target();
  if (t.width() <= 0 || m_scene.width <= 0) return;
  const double x = (e->position().x() - t.left()) * m_scene.width / t.width();
  const double y = (e->position().y() - t.top()) * m_scene.height / t.height();
  // Topmost lane box under the pointer.
  for (auto it = m_scene.items.rbegin(); it != m_scene.items.rend(); ++it) {
    if (it->kind != ui::Primitive::Kind::Rect) continue;
    if (x < it->x || x > it->x + it->w || y < it->y || y > it->y + it->h) continue;
    if (auto wl = parseLaneId(it->id)) {
      emit laneClicked(wl->first, wl->second);
      return;
    }
  }
}

}  // namespace ws::qt
