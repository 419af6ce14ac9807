#pragma once
// Diagnostics: this step's (with the quoted ISA sentence and warpscope's
// explanation), every race of the recorded history with both of its
// accesses, and every diagnostic marker of the timeline. Clicking a
// diagnostic goes to the step that reported it; clicking one of a race's
// accesses selects the race and goes to that access (Shift+F8 / F8 do the
// same from the keyboard).
#include "app/qt/panels/step_list_panel.hpp"

namespace ws::qt {

class DiagnosticsPanel : public StepListPanel {
  Q_OBJECT
 public:
  static constexpr int kRaceRole = Qt::UserRole + 2;    // index into DiagnosticsView::races
  static constexpr int kAccessRole = Qt::UserRole + 3;  // 1: the first access, 2: the second
  explicit DiagnosticsPanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh() override;

 private:
  void raceClicked(QListWidgetItem* it);
};

}  // namespace ws::qt
