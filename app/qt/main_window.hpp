#pragma once
// The main window: wires the panels (one class each) to one SessionHost and
// one RunController, builds the menus and toolbar from ui/session/actions.hpp, and
// owns files, export, themes and settings.
//
// Extending it (new panels, modes, menu entries) needs no change here:
//   auto* dock = w.addPanel(tr("Editor"), new MyEditor(w.host()), Qt::RightDockWidgetArea, "editor");
//   w.menu(tr("&Tools"))->addAction(myAction);
//   connect(w.host(), &SessionHost::changed, ...);   // every session revision
//   w.session();                                     // the open session, or null
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressBar>
#include <QToolButton>

#include <functional>

#include "app/qt/command_table.hpp"
#include "app/qt/run_controller.hpp"
#include "app/qt/session_host.hpp"

namespace ws::qt {

class LaneCanvas;
class ListingPanel;
class RegistersPanel;
class MemoryPanel;
class MbarrierPanel;
class DiagnosticsPanel;
class ConsolePanel;
class NarrationPanel;
class TimelineBar;
class FocusBar;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // `useSettings`: restore layout, theme and recent files from QSettings (off in tests).
  explicit MainWindow(bool useSettings = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  // ---- hooks for features built on top of the window
  ui::Session* session() { return m_host->session(); }
  SessionHost* host() const { return m_host; }
  RunController* runController() const { return m_run; }
  CommandTable* commands() const { return m_commands; }
  QDockWidget* addPanel(const QString& title, QWidget* w, Qt::DockWidgetArea area, const QString& objectName);
  // The menu-bar menu with this title, created (before Help) when missing.
  QMenu* menu(const QString& title);

  // ---- panels (for tests and extensions)
  LaneCanvas* canvas() const { return m_canvas; }
  ListingPanel* listing() const { return m_listing; }
  RegistersPanel* registers() const { return m_registers; }
  MemoryPanel* memory() const { return m_memory; }
  MbarrierPanel* mbarriers() const { return m_mbarriers; }
  DiagnosticsPanel* diagnostics() const { return m_diagnostics; }
  ConsolePanel* console() const { return m_console; }
  NarrationPanel* narration() const { return m_narration; }
  TimelineBar* timeline() const { return m_timeline; }
  FocusBar* focusBar() const { return m_focus; }

  // ---- files
  // Opens a .toml scenario or a .ptx file (asking for its launch); errors go to a dialog.
  bool openPath(const QString& path);
  // The same, the launch dialog showing the request's fields (a scenario opens as it says).
  bool openAsking(const ui::LaunchRequest& request);
  // Opens what the request names as it says (the command line's launch
  // options), without asking; errors go to a dialog.
  bool openRequest(const ui::LaunchRequest& request);
  bool save();
  bool saveAs(const QString& path);
  QStringList recentFiles() const { return m_recent; }
  void setTheme(const QString& name);
  // The lane view draws every warp of the focused CTA, or the focused warp alone (View menu).
  void setAllWarps(bool on);
  QString themeName() const { return m_themeName; }

  // Dialog hooks, replaceable by tests: the error shown, the answer to "save
  // before closing?", and whether a scenario may read files outside the
  // folders it may read by default (the files named; true: allow their folders).
  std::function<void(const QString& title, const QString& text)> showError;
  std::function<QMessageBox::StandardButton(const QString& text)> askSave;
  std::function<bool(const QString& scenario, const QStringList& files)> askAllowFiles;

 protected:
  void closeEvent(QCloseEvent* e) override;
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  void buildMenus();
  void buildDocks();
  void addRecent(const QString& path);
  void updateRecentMenu();
  void updateTitle();
  bool maybeSave();
  void openDialog();
  void openExamples();
  void exportStep();
  void exportSteps();
  void saveSettings();
  void restoreSettings();
  void error(const QString& title, const QString& text);

  bool m_useSettings;
  SessionHost* m_host;
  RunController* m_run;
  CommandTable* m_commands;
  LaneCanvas* m_canvas = nullptr;
  ListingPanel* m_listing = nullptr;
  RegistersPanel* m_registers = nullptr;
  MemoryPanel* m_memory = nullptr;
  MbarrierPanel* m_mbarriers = nullptr;
  DiagnosticsPanel* m_diagnostics = nullptr;
  ConsolePanel* m_console = nullptr;
  NarrationPanel* m_narration = nullptr;
  TimelineBar* m_timeline = nullptr;
  FocusBar* m_focus = nullptr;
  QMenu* m_viewMenu = nullptr;
  QMenu* m_recentMenu = nullptr;
  QMenu* m_helpMenu = nullptr;
  QLabel* m_status = nullptr;
  QProgressBar* m_progress = nullptr;
  QToolButton* m_stop = nullptr;
  QStringList m_recent;
  QString m_themeName = "light";
  QByteArray m_hiddenState;
};

}  // namespace ws::qt
