#pragma once
// The console: what the kernel printed (device printf, failed asserts) up to
// the shown step, one line per item with who printed it; the lines of the
// step just shown are highlighted, and clicking a line goes to its step.
#include "app/qt/panels/step_list_panel.hpp"

namespace ws::qt {

class ConsolePanel : public StepListPanel {
  Q_OBJECT
 public:
  explicit ConsolePanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh() override;
 signals:
  // The number of lines printed so far changed (the dock's title shows it).
  void linesChanged(qulonglong lines);

 private:
  qulonglong m_lines = ~0ull;
};

}  // namespace ws::qt
