#pragma once
// Shows a ui::Scene (the lane view) scaled to fit, painted through the SVG
// writer every front end shares, and reports clicks on lane boxes by the
// scene's element ids ("w0-lane5"), so predict mode can ask "which lane?".
#include <QSvgRenderer>
#include <QWidget>

#include "ui/scene/scene.hpp"

namespace ws::qt {

class SceneSvgView : public QWidget {
  Q_OBJECT
 public:
  explicit SceneSvgView(QWidget* parent = nullptr);

  void setScene(ui::Scene scene);
  // Where the scaled scene sits in a widget of another shape (default: centred).
  void setAlignment(Qt::Alignment a) { m_align = a; update(); }
  const ui::Scene& scene() const { return m_scene; }
  // Where scene point (x, y) is drawn in widget coordinates.
  QPointF toWidget(double x, double y) const;
  // The widget point at the centre of the element with this id (for tests and hints).
  std::optional<QPointF> centreOf(std::string_view id) const;

  QSize sizeHint() const override;

 signals:
  void laneClicked(int warp, int lane);

 protected:
  void paintEvent(QPaintEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;

 private:
  QRectF target() const;  // where the scene is drawn (aspect ratio kept)

  ui::Scene m_scene;
  QSvgRenderer m_renderer;
  Qt::Alignment m_align = Qt::AlignCenter;
};

// "w0-lane5" -> (0, 5).
std::optional<std::pair<int, int>> parseLaneId(std::string_view id);

}  // namespace ws::qt
