#pragma once
// Memory view: each buffer and shared-memory region with its 32-bit words;
// words this step wrote are highlighted, recent writes tinted.
#include <QTreeWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class MemoryPanel : public QTreeWidget {
  Q_OBJECT
 public:
  explicit MemoryPanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh();

 private:
  SessionHost* m_host;
};

}  // namespace ws::qt
