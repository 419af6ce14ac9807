#pragma once
// Laid-out text of one font, kept between frames. Shaping a string (HarfBuzz)
// costs far more than drawing it, and the lane view and register table draw
// the same few hundred strings ("0x00000000", lane numbers, "-") every frame,
// so each is laid out once and then drawn from its QStaticText.
#include <QFont>
#include <QHash>
#include <QPointF>
#include <QStaticText>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class QPainter;

namespace ws::qt {

class TextCache {
 public:
  struct Entry {
    QStaticText text;  // laid out on its first draw, again only if the painter's scale changes
    qreal width = 0;   // horizontal advance in the font
  };
  explicit TextCache(const QFont& font);

  const QFont& font() const { return m_font; }
  qreal lineHeight() const { return m_height; }
  const Entry& get(const QString& text);
  // Draws `text` (in this cache's font, which must be the painter's) with its
  // baseline starting at `baseline`, as QPainter::drawText(QPointF, QString) does.
  void drawBaseline(QPainter& p, const QPointF& baseline, const QString& text);
  qsizetype size() const { return m_entries.size(); }

 private:
  // Enough for every string of a big frame; past it, start over rather than
  // grow without bound while autoplay shows ever new values.
  static constexpr qsizetype kMaxEntries = 8192;
  QFont m_font;
  qreal m_ascent = 0, m_height = 0;
  QHash<QString, Entry> m_entries;
};

// One cache per font, for painters that switch between a few fonts.
class TextCaches {
 public:
  TextCache& of(const QFont& font);

 private:
  std::vector<std::unique_ptr<TextCache>> m_caches;
};

}  // namespace ws::qt
