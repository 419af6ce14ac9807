#pragma once
// One QAction per command of ui/session/actions.hpp: label, menu, shortcut and tip
// come from the shared table; radio groups for the checkable menus; enabled
// and checked are refreshed on every session revision.
#include <QAction>
#include <QActionGroup>
#include <QMenuBar>
#include <QObject>
#include <QToolBar>

#include <array>

#include "app/qt/run_controller.hpp"
#include "app/qt/session_host.hpp"
#include "ui/session/actions.hpp"

namespace ws::qt {

class CommandTable : public QObject {
  Q_OBJECT
 public:
  CommandTable(SessionHost* host, RunController* run, QWidget* owner);

  QAction* action(ui::ActionId id) const { return m_actions[static_cast<std::size_t>(id)]; }
  // Adds the table's menus ("Debug", "Step unit", ...) to the bar, in table order.
  void addMenus(QMenuBar* bar);
  // The usual debugger buttons.
  void addToolButtons(QToolBar* bar);

 public slots:
  void refresh();

 private:
  SessionHost* m_host;
  RunController* m_run;
  std::array<QAction*, static_cast<std::size_t>(ui::ActionId::Count)> m_actions{};
};

}  // namespace ws::qt
