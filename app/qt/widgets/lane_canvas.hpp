#pragma once
// The lane view: the scene ui::buildScene lays out for the current step,
// painted with QPainter. Zoom (Ctrl+wheel, Ctrl +/-, Ctrl+0 fits), pan (drag,
// wheel), tooltips from the primitives, click a lane to focus it; the
// data-flow arrows grow in over a quarter second after each step.
#include <QVariantAnimation>
#include <QWidget>

#include "app/qt/session_host.hpp"
#include "ui/scene/scene.hpp"
#include "ui/scene/scene_builder.hpp"

namespace ws::qt {

class LaneCanvas : public QWidget {
  Q_OBJECT
 public:
  explicit LaneCanvas(SessionHost* host, QWidget* parent = nullptr);

  const ui::Scene& scene() const { return m_scene; }
  ui::SceneOptions& sceneOptions() { return m_options; }
  // Scene units to widget pixels and back (fit-to-window times the zoom, plus the pan).
  QPointF toScene(QPointF widgetPos) const;
  QPointF toWidget(QPointF scenePos) const;
  double scale() const;
  void setZoom(double z);
  double zoom() const { return m_zoom; }
  // Whether step animations run (off for benchmarks and screenshots).
  void setAnimated(bool on) { m_animated = on; }
  QSize sizeHint() const override { return {900, 600}; }

 public slots:
  void rebuild();
  void fit();

 signals:
  void laneClicked(std::uint32_t warp, int lane);

 protected:
  void paintEvent(QPaintEvent*) override;
  bool event(QEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;
  void keyPressEvent(QKeyEvent* e) override;

 private:
  SessionHost* m_host;
  ui::Scene m_scene;
  ui::SceneOptions m_options;
  double m_zoom = 1.0;
  QPointF m_pan;
  QPoint m_dragFrom;
  bool m_dragging = false, m_moved = false;
  std::uint64_t m_shownPosition = ~0ull;
  QVariantAnimation m_grow;
  bool m_animated = true;
};

}  // namespace ws::qt
