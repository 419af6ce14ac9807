#include "app/qt/panels/mbarrier_panel.hpp"

#include <QHeaderView>

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

MbarrierPanel::MbarrierPanel(SessionHost* host, QWidget* parent) : QTreeWidget(parent), m_host(host) {
  setObjectName("mbarriers");
  setHeaderLabels({tr("mbarrier"), tr("Phase"), tr("Pending"), tr("tx-count"), tr("Waiting")});
  header()->setSectionResizeMode(QHeaderView::Interactive);
  setColumnWidth(0, 260);
  connect(host, &SessionHost::changed, this, &MbarrierPanel::refresh);
}

void MbarrierPanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::MbarrierPanelView& v = s->views().mbarriers;
  setUpdatesEnabled(false);
  clear();
  for (const auto& o : v.objects) {
    QString name = QString::fromStdString(o.name.empty() ? o.addrText : o.name + " (" + o.addrText + ")");
    if (!o.ringText.empty()) name += QString::fromStdString("\n" + o.ringText);
    auto* it = new QTreeWidgetItem(this, {name, QString::fromStdString(o.fields.initialised ? o.phaseText : o.stateText),
                                          QString::fromStdString(o.pendingText), QString::fromStdString(o.txText),
                                          QString::fromStdString(o.waitingText)});
    if (o.touched)
      for (int c = 0; c < columnCount(); ++c) it->setBackground(c, toQColor(m_host->theme().changed));
    for (const auto& e : o.timeline) {
      auto* ev = new QTreeWidgetItem(it, {tr("step %1").arg(e.step), QString::fromStdString(e.what)});
      if (e.phaseCompleted) {
        QFont f = ev->font(1);
        f.setBold(true);
        ev->setFont(1, f);
      }
    }
    it->setExpanded(true);
  }
  if (v.objects.empty()) new QTreeWidgetItem(this, {tr("No mbarrier in this launch")});
  setUpdatesEnabled(true);
}

}  // namespace ws::qt
