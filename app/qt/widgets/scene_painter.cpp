#include "app/qt/widgets/scene_painter.hpp"

#include <QBuffer>
#include <QFontMetricsF>
#include <QHash>
#include <QPainterPath>

#include <cmath>

#include "app/qt/widgets/text_cache.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::qt {
namespace {

QString firstFamily(const std::string& families) {
  const auto comma = families.find(',');
  return QString::fromStdString(families.substr(0, comma));
}

QPointF pt(const ui::Point& p) { return {p.x, p.y}; }

// Fonts and their metrics by (family, pixel size, bold): a scene has a few
// hundred texts in a handful of styles, and building a QFont per text
// dominated the frame time.
struct FontEntry {
  QFont font;
  QFontMetricsF metrics;
  TextCache texts;  // its strings, laid out once
};
FontEntry& fontOf(const ui::Scene& s, const ui::Primitive& p) {
  static QHash<QString, FontEntry*> cache;
  const QString family = firstFamily(p.mono ? s.monoFamily : s.fontFamily);
  const int px = std::max(1, static_cast<int>(std::lround(p.fontSize)));
  const QString key = family + QChar(p.bold ? 'b' : 'r') + QString::number(px) + QChar(p.mono ? 'm' : 's');
  if (FontEntry* e = cache.value(key)) return *e;
  QFont f(family);
  if (p.mono) f.setStyleHint(QFont::Monospace);
  f.setPixelSize(px);
  f.setBold(p.bold);
  auto* e = new FontEntry{f, QFontMetricsF(f), TextCache(f)};  // lives for the process, like Qt's own font cache
  cache.insert(key, e);
  return *e;
}

QPen penOf(const ui::Primitive& p, double opacity) {
  QPen pen(toQColor(p.stroke, opacity), p.strokeWidth);
  pen.setCapStyle(Qt::RoundCap);
  if (p.dashed) pen.setDashPattern({4.0, 3.0});
  return pen;
}

QPainterPath arrowPath(const ui::Primitive& a, double progress) {
  QPainterPath path(pt(a.p0));
  const ui::Point e = a.shaftEnd();
  if (a.curved) {
    path.cubicTo(pt(a.p1), pt(a.p2), pt(e));
    if (progress < 1.0) {
      // Grow along the curve: keep the part up to `progress`.
      QPainterPath part(pt(a.p0));
      const int n = 24;
      for (int i = 1; i <= n; ++i) part.lineTo(path.pointAtPercent(progress * i / n));
      return part;
    }
  } else {
    path.lineTo(pt(a.p0) + (pt(e) - pt(a.p0)) * progress);
  }
  return path;
}

QRectF textBox(const ui::Scene& s, const ui::Primitive& p, const QString& text) {
  const QFontMetricsF& fm = fontOf(s, p).metrics;
  const double w = fm.horizontalAdvance(text);
  double x = p.x;
  if (p.anchor == ui::TextAnchor::Middle) x -= w / 2;
  else if (p.anchor == ui::TextAnchor::End) x -= w;
  return {x, p.y - fm.ascent(), w, fm.height()};
}

double distToSegment(QPointF p, QPointF a, QPointF b) {
  const QPointF d = b - a;
  const double len2 = QPointF::dotProduct(d, d);
  const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0.0;
  const QPointF q = a + d * t - p;
  return std::sqrt(QPointF::dotProduct(q, q));
}

}  // namespace

QColor toQColor(const ui::Color& c, double opacity) {
  QColor q(c.r, c.g, c.b);
  q.setAlphaF(static_cast<float>(std::clamp(opacity, 0.0, 1.0)));
  return q;
}

void paintScene(QPainter& p, const ui::Scene& scene, double arrowProgress) {
  p.setRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::TextAntialiasing);
  p.fillRect(QRectF(0, 0, scene.width, scene.height), toQColor(scene.background));
  for (const ui::Primitive& it : scene.items) {
    switch (it.kind) {
      case ui::Primitive::Kind::Rect: {
        p.setPen(it.hasStroke ? penOf(it, it.opacity) : QPen(Qt::NoPen));
        p.setBrush(it.hasFill ? QBrush(toQColor(it.fill, it.opacity)) : QBrush(Qt::NoBrush));
        if (it.radius > 0) {
          p.drawRoundedRect(QRectF(it.x, it.y, it.w, it.h), it.radius, it.radius);
        } else {
          p.drawRect(QRectF(it.x, it.y, it.w, it.h));  // far cheaper to rasterize
        }
        break;
      }
      case ui::Primitive::Kind::Text: {
        FontEntry& fe = fontOf(scene, it);
        p.setFont(fe.font);
        p.setPen(toQColor(it.fill, it.opacity));
        const QString text = QString::fromStdString(it.text);
        double x = it.x;
        if (it.anchor != ui::TextAnchor::Start) {
          const double w = fe.texts.get(text).width;
          x -= it.anchor == ui::TextAnchor::Middle ? w / 2 : w;
        }
        fe.texts.drawBaseline(p, QPointF(x, it.y), text);
        break;
      }
      case ui::Primitive::Kind::Line:
        p.setPen(penOf(it, it.opacity));
        p.drawLine(pt(it.p0), pt(it.p3));
        break;
      case ui::Primitive::Kind::Arrow: {
        const double prog = std::clamp(arrowProgress, 0.0, 1.0);
        const double op = it.opacity * (0.25 + 0.75 * prog);
        p.setPen(penOf(it, op));
        p.setBrush(Qt::NoBrush);
        p.drawPath(arrowPath(it, prog));
        if (it.headSize > 0 && prog >= 1.0) {
          const auto h = it.arrowHead();
          const QPointF tri[3] = {pt(h[0]), pt(h[1]), pt(h[2])};
          p.setPen(Qt::NoPen);
          p.setBrush(toQColor(it.stroke, op));
          p.drawPolygon(tri, 3);
        }
        break;
      }
    }
  }
}

QImage renderScene(const ui::Scene& scene, double scale) {
  const int w = std::max(1, static_cast<int>(std::ceil(scene.width * scale)));
  const int h = std::max(1, static_cast<int>(std::ceil(scene.height * scale)));
  QImage img(w, h, QImage::Format_ARGB32_Premultiplied);
  img.fill(toQColor(scene.background));
  QPainter p(&img);
  p.scale(scale, scale);
  paintScene(p, scene);
  return img;
}

const ui::Primitive* primitiveAt(const ui::Scene& scene, QPointF pos) {
  for (auto it = scene.items.rbegin(); it != scene.items.rend(); ++it) {
    const ui::Primitive& p = *it;
    if (p.tooltip.empty() && p.id.empty()) continue;
    switch (p.kind) {
      case ui::Primitive::Kind::Rect:
        if (QRectF(p.x, p.y, p.w, p.h).contains(pos)) return &p;
        break;
      case ui::Primitive::Kind::Text:
        if (textBox(scene, p, QString::fromStdString(p.text)).contains(pos)) return &p;
        break;
      case ui::Primitive::Kind::Line:
        if (distToSegment(pos, pt(p.p0), pt(p.p3)) < 5) return &p;
        break;
      case ui::Primitive::Kind::Arrow: {
        QPainterPath path(pt(p.p0));
        if (p.curved) path.cubicTo(pt(p.p1), pt(p.p2), pt(p.p3));
        else path.lineTo(pt(p.p3));
        for (int i = 0; i < 32; ++i)
          if (distToSegment(pos, path.pointAtPercent(i / 32.0), path.pointAtPercent((i + 1) / 32.0)) < 5) return &p;
        break;
      }
    }
  }
  return nullptr;
}

QString savePng(const QImage& image, const QString& path) {
  QByteArray png;
  QBuffer buffer(&png);
  if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG"))
    return QObject::tr("%1: cannot encode the PNG").arg(path);
  const core::SaveResult r =
      core::writeFileAtomic(path.toStdString(), std::string_view(png.constData(), static_cast<std::size_t>(png.size())));
  return r.ok ? QString() : QString::fromStdString(r.error);
}

}  // namespace ws::qt
