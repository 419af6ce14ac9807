#include "app/qt/panels/memory_panel.hpp"

#include <QHeaderView>

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

MemoryPanel::MemoryPanel(SessionHost* host, QWidget* parent) : QTreeWidget(parent), m_host(host) {
  setObjectName("memory");
  setHeaderLabels({tr("Region / offset"), tr("Value")});
  setUniformRowHeights(true);
  header()->setSectionResizeMode(QHeaderView::Interactive);
  setColumnWidth(0, 200);
  connect(host, &SessionHost::changed, this, &MemoryPanel::refresh);
}

void MemoryPanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::MemoryView& v = s->views().memory;
  const ui::Theme& t = m_host->theme();
  // Keep which regions are open across steps.
  QSet<QString> open;
  for (int i = 0; i < topLevelItemCount(); ++i)
    if (topLevelItem(i)->isExpanded()) open.insert(topLevelItem(i)->text(0));
  const bool first = topLevelItemCount() == 0;
  setUpdatesEnabled(false);
  clear();
  for (const auto& r : v.regions) {
    auto* top = new QTreeWidgetItem(this, {QString::fromStdString(r.name), tr("%1 bytes").arg(r.bytes)});
    bool touched = false;
    for (const auto& w : r.words) {
      auto* it = new QTreeWidgetItem(top, {QStringLiteral("+0x%1").arg(w.offset, 0, 16), QString::fromStdString(w.text)});
      if (w.changedNow || w.changedRecently) {
        touched |= w.changedNow;
        it->setBackground(1, toQColor(t.changed, w.changedNow ? 1.0 : 0.45));
        if (w.changedNow) {
          QFont f = it->font(1);
          f.setBold(true);
          it->setFont(1, f);
        }
      }
    }
    top->setExpanded(open.contains(top->text(0)) || (first && v.regions.size() <= 3) || touched);
  }
  setUpdatesEnabled(true);
}

}  // namespace ws::qt
