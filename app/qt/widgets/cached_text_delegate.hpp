#pragma once
// An item delegate that draws cell text from a TextCache: the register table
// repaints hundreds of cells on every step, and laying out each string again
// (what QStyledItemDelegate does, twice: to place it and to draw it) took a
// third of a frame. The cell's background or selection is filled here; the
// current cell (focus frame), a cell whose text does not fit, or one with an
// icon or check box is left to QStyledItemDelegate.
#include <QStyledItemDelegate>

#include "app/qt/widgets/text_cache.hpp"

namespace ws::qt {

class CachedTextDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

 private:
  mutable TextCaches m_texts;
};

}  // namespace ws::qt
