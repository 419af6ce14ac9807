#pragma once
// A list of things that happened at some step (diagnostics, printed lines):
// rebuilt on every session change, and a click on an item goes to the step
// its kStepRole holds (-1: none).
#include <QListWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class StepListPanel : public QListWidget {
  Q_OBJECT
 public:
  static constexpr int kStepRole = Qt::UserRole + 1;  // history position an item leads to

 public slots:
  virtual void refresh() = 0;

 protected:
  StepListPanel(SessionHost* host, const QString& objectName, QWidget* parent);
  SessionHost* m_host;
};

}  // namespace ws::qt
