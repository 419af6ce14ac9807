#include "app/qt/widgets/cached_text_delegate.hpp"

#include <QApplication>
#include <QPainter>
#include <QStyle>

namespace ws::qt {

void CachedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QString text = opt.text;
  // A cell of text alone, not the current one (its focus frame is the style's to draw).
  const bool plain = !text.isEmpty() && opt.icon.isNull() && !(opt.features & QStyleOptionViewItem::HasCheckIndicator) &&
                     !(opt.state & QStyle::State_HasFocus);
  // The text area as QCommonStyle lays out a cell without decoration, less the margin it keeps inside.
  const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
  const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, opt.widget) + 1;
  const QRectF area = QRectF(opt.rect).adjusted(margin, 0, -margin, 0);
  TextCache* cache = plain ? &m_texts.of(opt.font) : nullptr;
  const TextCache::Entry* e = cache ? &cache->get(text) : nullptr;
  if (!e || e->width > area.width()) {  // elided, decorated or focused: the general path
    QStyledItemDelegate::paint(painter, option, index);
    return;
  }
  const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                     : (opt.state & QStyle::State_Active) ? QPalette::Normal
                                                                          : QPalette::Inactive;
  const bool selected = (opt.state & QStyle::State_Selected) != 0;
  if (selected) {
    painter->fillRect(opt.rect, opt.palette.brush(group, QPalette::Highlight));
  } else if (opt.backgroundBrush.style() != Qt::NoBrush) {
    painter->fillRect(opt.rect, opt.backgroundBrush);
  }
  const qreal height = cache->lineHeight();
  double x = area.left();
  if (opt.displayAlignment & Qt::AlignRight) x = area.right() - e->width;
  else if (opt.displayAlignment & Qt::AlignHCenter) x = area.left() + (area.width() - e->width) / 2;
  double y = area.top() + (area.height() - height) / 2;
  if (opt.displayAlignment & Qt::AlignTop) y = area.top();
  else if (opt.displayAlignment & Qt::AlignBottom) y = area.bottom() - height;

  painter->save();
  painter->setFont(opt.font);
  painter->setPen(opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text));
  painter->drawStaticText(QPointF(x, y), e->text);
  painter->restore();
}

}  // namespace ws::qt
