#include "app/qt/panels/step_list_panel.hpp"

namespace ws::qt {

StepListPanel::StepListPanel(SessionHost* host, const QString& objectName, QWidget* parent)
    : QListWidget(parent), m_host(host) {
  setObjectName(objectName);
  connect(host, &SessionHost::changed, this, &StepListPanel::refresh);
  connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* it) {
    const qlonglong step = it->data(kStepRole).toLongLong();
    if (ui::Session* s = m_host->session(); s && step >= 0) s->seek(static_cast<std::uint64_t>(step));
  });
}

}  // namespace ws::qt
