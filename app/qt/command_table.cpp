#include "app/qt/command_table.hpp"

#include <QMenu>

#include <map>
#include <vector>

namespace ws::qt {

CommandTable::CommandTable(SessionHost* host, RunController* run, QWidget* owner)
    : QObject(owner), m_host(host), m_run(run) {
  std::map<std::string_view, QActionGroup*> groups;
  for (const ui::ActionInfo& info : ui::allActions()) {
    auto* a = new QAction(QString::fromStdString(std::string(info.label)), owner);
    a->setObjectName(QString::fromStdString(std::string(info.name)));
    if (info.shortcut.key != ui::Key::None)
      a->setShortcut(QKeySequence(QString::fromStdString(ui::shortcutText(info.shortcut))));
    a->setShortcutContext(Qt::WindowShortcut);
    a->setToolTip(QString::fromStdString(std::string(info.tip)));
    a->setStatusTip(a->toolTip());
    a->setCheckable(info.checkable);
    // The View entries (presentation, predict mode) are independent toggles;
    // every other checkable menu is a radio choice.
    if (info.checkable && info.menu != "View") {
      auto& g = groups[info.menu];
      // Mode has a toggle shortcut, the others are radio choices: all exclusive.
      if (!g) g = new QActionGroup(owner);
      g->addAction(a);
    }
    const ui::ActionId id = info.id;
    connect(a, &QAction::triggered, this, [this, id] { m_run->trigger(id); });
    owner->addAction(a);  // shortcuts work while any panel has focus
    m_actions[static_cast<std::size_t>(id)] = a;
  }
  connect(host, &SessionHost::changed, this, &CommandTable::refresh);
  connect(run, &RunController::choicesChanged, this, &CommandTable::refresh);
  connect(run, &RunController::runningChanged, this, &CommandTable::refresh);
  refresh();
}

void CommandTable::addMenus(QMenuBar* bar) {
  std::vector<std::string_view> order;
  for (const ui::ActionInfo& info : ui::allActions())
    if (std::find(order.begin(), order.end(), info.menu) == order.end()) order.push_back(info.menu);
  QMenu* debug = nullptr;
  for (std::string_view name : order) {
    if (name == "View") continue;  // the window's View menu shows these (app/qt/lecture adds them)
    const QString title = QString::fromStdString(std::string(name));
    // The choice menus are submenus of Debug: a menu bar of ten menus is hard to scan.
    QMenu* m = nullptr;
    if (!debug) {
      m = debug = bar->addMenu(title == "Debug" ? tr("&Debug") : title);
    } else {
      m = debug->addMenu(title);
    }
    for (const ui::ActionInfo& info : ui::allActions())
      if (info.menu == name) m->addAction(action(info.id));
    if (m == debug) debug->addSeparator();
  }
}

void CommandTable::addToolButtons(QToolBar* bar) {
  using ui::ActionId;
  for (ActionId id : {ActionId::Restart, ActionId::ReverseContinue, ActionId::StepBack, ActionId::StepOver,
                      ActionId::StepInto, ActionId::Continue, ActionId::RunToEnd})
    bar->addAction(action(id));
}

void CommandTable::refresh() {
  ui::Session* s = m_host->session();
  const bool busy = m_run->driver().running();
  for (const ui::ActionInfo& info : ui::allActions()) {
    QAction* a = action(info.id);
    a->setEnabled(s && !busy && ui::actionEnabled(info.id, *s, m_run->choices()));
    if (info.checkable) a->setChecked(s && ui::actionChecked(info.id, *s, m_run->choices()));
  }
}

}  // namespace ws::qt
