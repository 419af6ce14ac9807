#pragma once
// mbarrier objects: decoded phase, pending arrivals, tx-count, who waits,
// and the recent events of each (init, arrive, complete-tx, phase completes).
#include <QTreeWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class MbarrierPanel : public QTreeWidget {
  Q_OBJECT
 public:
  explicit MbarrierPanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh();

 private:
  SessionHost* m_host;
};

}  // namespace ws::qt
