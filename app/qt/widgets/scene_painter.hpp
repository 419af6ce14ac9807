#pragma once
// Paints a ui::Scene with QPainter, primitive by primitive, the way the SVG
// writer emits it. Used by the lane canvas, PNG export and the benchmark.
#include <QImage>
#include <QPainter>

#include "ui/scene/scene.hpp"

namespace ws::qt {

QColor toQColor(const ui::Color& c, double opacity = 1.0);

// `arrowProgress` in [0, 1] grows and fades in the data-flow arrows (the step
// animation); 1 draws them complete.
void paintScene(QPainter& p, const ui::Scene& scene, double arrowProgress = 1.0);

// The whole scene at `scale` device pixels per scene unit.
QImage renderScene(const ui::Scene& scene, double scale = 1.0);

// Writes an image as PNG atomically (core::writeFileAtomic): an export or
// screenshot over an existing file never leaves half a picture. Returns ""
// or why it failed.
QString savePng(const QImage& image, const QString& path);

// The topmost primitive under a scene point that has a tooltip or an id
// (texts and rectangles by their box, arrows and lines near their stroke).
const ui::Primitive* primitiveAt(const ui::Scene& scene, QPointF scenePos);

}  // namespace ws::qt
