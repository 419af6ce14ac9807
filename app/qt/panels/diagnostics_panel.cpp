#include "app/qt/panels/diagnostics_panel.hpp"

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

DiagnosticsPanel::DiagnosticsPanel(SessionHost* host, QWidget* parent)
    : StepListPanel(host, "diagnostics", parent) {
  setWordWrap(true);
}

void DiagnosticsPanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::ViewSet& v = s->views();
  const ui::Theme& t = m_host->theme();
  clear();
  for (const auto& d : v.diagnostics.items) {
    QString text = QStringLiteral("%1: %2 — %3").arg(QString::fromStdString(d.severityText), QString::fromStdString(d.title),
                                                     QString::fromStdString(d.message));
    if (!d.lanes.empty()) text += "\n" + QString::fromStdString(d.lanes);
    if (!d.where.empty()) text += "  (" + QString::fromStdString(d.where) + ")";
    if (!d.isa.empty()) text += "\nPTX ISA: " + QString::fromStdString(d.isa);
    auto* it = new QListWidgetItem(text, this);
    it->setData(kStepRole, static_cast<qlonglong>(s->position()));
    it->setBackground(toQColor(d.severity == core::Severity::Error ? ui::okabe_ito::kVermillion : t.laneWaiting, 0.25));
  }
  for (const auto& m : v.timeline.markers) {
    if (m.kind != ui::MarkerKind::Diagnostic) continue;
    // Marker steps are record indexes: the position after the step is one more.
    auto* it = new QListWidgetItem(tr("step %1: %2").arg(m.step + 1).arg(QString::fromStdString(m.tooltip)), this);
    it->setData(kStepRole, static_cast<qlonglong>(m.step + 1));
    it->setToolTip(tr("Go to step %1").arg(m.step + 1));
  }
  for (const auto& w : v.diagnostics.loadWarnings) {
    auto* it = new QListWidgetItem(tr("load warning: %1").arg(QString::fromStdString(w)), this);
    it->setData(kStepRole, static_cast<qlonglong>(-1));
    it->setBackground(toQColor(t.laneWaiting, 0.12));
  }
  if (count() == 0) new QListWidgetItem(tr("No diagnostics so far"), this);
}

}  // namespace ws::qt
