#include "app/qt/panels/diagnostics_panel.hpp"

#include "app/qt/widgets/scene_painter.hpp"
#include "ui/session/actions.hpp"

namespace ws::qt {

DiagnosticsPanel::DiagnosticsPanel(SessionHost* host, QWidget* parent)
    : StepListPanel(host, "diagnostics", parent) {
  setWordWrap(true);
  connect(this, &QListWidget::itemClicked, this, &DiagnosticsPanel::raceClicked);
}

void DiagnosticsPanel::raceClicked(QListWidgetItem* it) {
  // Read the item before the session changes: the list is rebuilt then.
  const QVariant race = it->data(kRaceRole), access = it->data(kAccessRole);
  ui::Session* s = m_host->session();
  if (!s || !race.isValid()) return;
  const auto& races = s->views().diagnostics.races;
  const auto i = static_cast<std::size_t>(race.toLongLong());
  if (i >= races.size()) return;
  const core::Diagnostic d = races[i].diagnostic;
  s->selectRace(d);
  s->goToRaceAccess(access.toInt() == 1);
}

namespace {

QString accessLine(int n, const ui::RaceAccessView& a) {
  return QStringLiteral("  %1  %2\n       %3").arg(n).arg(QString::fromStdString(a.text), QString::fromStdString(a.instr));
}

}  // namespace

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
    if (d.race) {
      text += "\n" + QString::fromStdString(d.race->summary);
      text += "\n" + accessLine(1, d.race->first) + "\n" + accessLine(2, d.race->second);
    }
    // The quote line quotes the document; the explanation is warpscope's own words.
    if (!d.quoteLine.empty()) text += "\n" + QString::fromStdString(d.quoteLine);
    if (!d.explanationLine.empty()) text += "\n" + QString::fromStdString(d.explanationLine);
    auto* it = new QListWidgetItem(text, this);
    it->setData(kStepRole, static_cast<qlonglong>(s->position()));
    const ui::Color c = d.race ? t.race : d.severity == core::Severity::Error ? ui::okabe_ito::kVermillion : t.laneWaiting;
    it->setBackground(toQColor(c, 0.25));
  }
  const auto& races = v.diagnostics.races;
  if (!races.empty()) {
    const QString keys = QStringLiteral("%1 / %2").arg(
        QString::fromStdString(ui::shortcutText(ui::actionInfo(ui::ActionId::GoToRaceFirst).shortcut)),
        QString::fromStdString(ui::shortcutText(ui::actionInfo(ui::ActionId::GoToRaceSecond).shortcut)));
    auto* head = new QListWidgetItem(tr("Races: %1 (click an access to go to it; %2 go to the selected race's first / second access)")
                                         .arg(races.size())
                                         .arg(keys),
                                     this);
    head->setData(kStepRole, static_cast<qlonglong>(-1));
    QFont bold = head->font();
    bold.setBold(true);
    head->setFont(bold);
    head->setForeground(toQColor(t.race));
  }
  for (std::size_t i = 0; i < races.size(); ++i) {
    const ui::RaceView& r = races[i];
    const bool selected = static_cast<int>(i) == v.diagnostics.selectedRace;
    auto* it = new QListWidgetItem(QStringLiteral("%1%2: %3").arg(selected ? QStringLiteral("▶ ") : QString(),
                                                                 QString::fromStdString(r.slug), QString::fromStdString(r.summary)),
                                   this);
    it->setData(kStepRole, static_cast<qlonglong>(-1));
    it->setData(kRaceRole, static_cast<qlonglong>(i));
    it->setData(kAccessRole, 2);
    it->setToolTip(QString::fromStdString(r.title + "\n" + r.message));
    it->setBackground(toQColor(t.race, selected ? 0.3 : 0.15));
    QFont f = it->font();
    f.setBold(true);
    it->setFont(f);
    for (int n = 1; n <= 2; ++n) {
      const ui::RaceAccessView& a = n == 1 ? r.first : r.second;
      auto* acc = new QListWidgetItem(accessLine(n, a), this);
      acc->setData(kStepRole, static_cast<qlonglong>(-1));
      acc->setData(kRaceRole, static_cast<qlonglong>(i));
      acc->setData(kAccessRole, n);
      acc->setToolTip(tr("Go to step %1 and focus %2").arg(a.position).arg(QString::fromStdString(a.who)));
      if (selected) acc->setBackground(toQColor(t.race, 0.1));
    }
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
