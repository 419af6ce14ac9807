#pragma once
// Diagnostics: this step's (with the ISA sentence) and every diagnostic
// marker of the timeline; clicking one goes to the step that reported it.
#include <QListWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class DiagnosticsPanel : public QListWidget {
  Q_OBJECT
 public:
  explicit DiagnosticsPanel(SessionHost* host, QWidget* parent = nullptr);
  // Step (history position) an item leads to; -1 for none.
  static constexpr int kStepRole = Qt::UserRole + 1;
 public slots:
  void refresh();

 private:
  SessionHost* m_host;
};

}  // namespace ws::qt
