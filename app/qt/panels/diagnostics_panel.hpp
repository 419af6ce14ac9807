#pragma once
// Diagnostics: this step's (with the ISA sentence) and every diagnostic
// marker of the timeline; clicking one goes to the step that reported it.
#include "app/qt/panels/step_list_panel.hpp"

namespace ws::qt {

class DiagnosticsPanel : public StepListPanel {
  Q_OBJECT
 public:
  explicit DiagnosticsPanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh() override;
};

}  // namespace ws::qt
