#include "app/qt/panels/console_panel.hpp"

#include <QFontDatabase>

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

ConsolePanel::ConsolePanel(SessionHost* host, QWidget* parent) : StepListPanel(host, "console", parent) {
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setUniformItemSizes(true);
}

void ConsolePanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::ConsoleView& v = s->views().console;
  const ui::Theme& t = m_host->theme();
  clear();
  if (const qulonglong n = v.lines.size() + v.omitted; n != m_lines) emit linesChanged(m_lines = n);
  if (v.omitted)
    new QListWidgetItem(tr("… %1 earlier lines").arg(static_cast<qulonglong>(v.omitted)), this);
  QListWidgetItem* last = nullptr;
  for (const ui::ConsoleLine& l : v.lines) {
    last = new QListWidgetItem(QString::fromStdString(l.text), this);
    // The position after the step that printed it.
    last->setData(kStepRole, static_cast<qlonglong>(l.step + 1));
    last->setToolTip(tr("step %1: %2").arg(l.step + 1).arg(QString::fromStdString(l.who)));
    if (l.thisStep) last->setBackground(toQColor(t.changed));
  }
  if (!last) {
    auto* it = new QListWidgetItem(tr("Nothing printed so far (device printf and failed asserts show here)"), this);
    it->setData(kStepRole, static_cast<qlonglong>(-1));
    it->setForeground(toQColor(t.mutedText));
    return;
  }
  scrollToItem(last);
}

}  // namespace ws::qt
