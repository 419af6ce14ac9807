#pragma once
// The console: what the kernel printed (device printf, failed asserts) up to
// the shown step, one line per item with who printed it; the lines of the
// step just shown are highlighted, and clicking a line goes to its step.
#include <QListWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class ConsolePanel : public QListWidget {
  Q_OBJECT
 public:
  explicit ConsolePanel(SessionHost* host, QWidget* parent = nullptr);
  static constexpr int kStepRole = Qt::UserRole + 1;  // history position an item leads to
 public slots:
  void refresh();
 signals:
  // The number of lines printed so far changed (the dock's title shows it).
  void linesChanged(qulonglong lines);

 private:
  SessionHost* m_host;
  qulonglong m_lines = ~0ull;
};

}  // namespace ws::qt
