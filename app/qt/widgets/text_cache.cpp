#include "app/qt/widgets/text_cache.hpp"

#include <QFontMetricsF>
#include <QPainter>

namespace ws::qt {

TextCache::TextCache(const QFont& font) : m_font(font) {
  const QFontMetricsF fm(font);
  m_ascent = fm.ascent();
  m_height = fm.height();
}

const TextCache::Entry& TextCache::get(const QString& text) {
  auto it = m_entries.constFind(text);
  if (it != m_entries.constEnd()) return *it;
  if (m_entries.size() >= kMaxEntries) m_entries.clear();
  Entry e{QStaticText(text), QFontMetricsF(m_font).horizontalAdvance(text)};
  e.text.setTextFormat(Qt::PlainText);
  return *m_entries.insert(text, e);
}

void TextCache::drawBaseline(QPainter& p, const QPointF& baseline, const QString& text) {
  p.drawStaticText(QPointF(baseline.x(), baseline.y() - m_ascent), get(text).text);
}

TextCache& TextCaches::of(const QFont& font) {
  for (auto& c : m_caches)
    if (c->font() == font) return *c;
  if (m_caches.size() >= 16) m_caches.clear();  // fonts come and go with zoom: keep the recent ones
  return *m_caches.emplace_back(std::make_unique<TextCache>(font));
}

}  // namespace ws::qt
