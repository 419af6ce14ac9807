#include "app/qt/main_window.hpp"

#include <QActionGroup>
#include <QApplication>
#include <QFontMetricsF>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

#include "app/qt/panels/console_panel.hpp"
#include "app/qt/panels/diagnostics_panel.hpp"
#include "app/qt/export.hpp"
#include "app/qt/widgets/focus_bar.hpp"
#include "app/qt/gallery_dialog.hpp"
#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/launch_dialog.hpp"
#include "app/qt/panels/listing_panel.hpp"
#include "app/qt/panels/mbarrier_panel.hpp"
#include "app/qt/panels/memory_panel.hpp"
#include "app/qt/panels/narration_panel.hpp"
#include "app/qt/panels/register_model.hpp"
#include "app/qt/widgets/scene_painter.hpp"
#include "app/qt/widgets/timeline_bar.hpp"
#include "ui/lesson/gallery.hpp"
#include "ui/session/scenario_access.hpp"
#include "ui/session/status_text.hpp"
#include "ui/scene/theme.hpp"

namespace ws::qt {
namespace {
constexpr int kMaxRecent = 8;
}

MainWindow::MainWindow(bool useSettings, QWidget* parent)
    : QMainWindow(parent), m_useSettings(useSettings), m_host(new SessionHost(this)), m_run(new RunController(m_host, this)) {
  setObjectName("warpscope");
  setAcceptDrops(true);
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
  m_commands = new CommandTable(m_host, m_run, this);
  showError = [this](const QString& title, const QString& text) { QMessageBox::critical(this, title, text); };
  askSave = [this](const QString& text) {
    return QMessageBox::question(this, tr("Unsaved session"), text,
                                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  };
  askAllowFiles = [this](const QString& scenario, const QStringList& files) {
    QMessageBox box(QMessageBox::Warning, tr("Files outside the scenario's folder"),
                    tr("%1 reads files outside its own folder and the bundled lessons:").arg(scenario),
                    QMessageBox::NoButton, this);
    box.setInformativeText(files.join('\n') + "\n\n" +
                           tr("Allow it to read the folders of these files? Nothing is read unless you allow it."));
    QPushButton* allow = box.addButton(tr("Allow and open"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == allow;
  };

  // The lane view with the timeline under it is the centre; everything else docks around.
  auto* centre = new QWidget(this);
  auto* v = new QVBoxLayout(centre);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(0);
  m_canvas = new LaneCanvas(m_host, centre);
  m_timeline = new TimelineBar(m_host, centre);
  v->addWidget(m_canvas, 1);
  v->addWidget(m_timeline);
  setCentralWidget(centre);

  buildDocks();
  buildMenus();

  m_status = new QLabel(this);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 0);  // busy: a run's length is not known in advance
  m_progress->setMaximumWidth(160);
  m_progress->hide();
  m_stop = new QToolButton(this);
  m_stop->setText(tr("Stop"));
  m_stop->setObjectName("stop");
  m_stop->hide();
  statusBar()->addWidget(m_status, 1);
  statusBar()->addPermanentWidget(m_progress);
  statusBar()->addPermanentWidget(m_stop);
  connect(m_stop, &QToolButton::clicked, m_run, &RunController::stop);
  connect(m_run, &RunController::message, m_status, &QLabel::setText);
  connect(m_run, &RunController::runningChanged, this, [this](bool on) {
    m_progress->setVisible(on);
    m_stop->setVisible(on);
  });
  connect(m_run, &RunController::progress, this,
          [this](quint64 n) { m_progress->setFormat(tr("%1 steps").arg(n)), m_progress->setToolTip(tr("%1 steps").arg(n)); });
  connect(m_host, &SessionHost::documentChanged, this, &MainWindow::updateTitle);
  connect(m_host, &SessionHost::changed, this, &MainWindow::updateTitle);
  connect(m_registers->registerModel(), &RegisterModel::editRefused, this,
          [this](const QString& why) { error(tr("Edit refused"), why); });

  resize(1600, 1000);
  if (m_useSettings) restoreSettings();
  else setTheme("light");
  updateTitle();
}

MainWindow::~MainWindow() = default;

QDockWidget* MainWindow::addPanel(const QString& title, QWidget* w, Qt::DockWidgetArea area, const QString& objectName) {
  auto* d = new QDockWidget(title, this);
  d->setObjectName(objectName);  // saveState/restoreState key
  d->setWidget(w);
  addDockWidget(area, d);
  if (m_viewMenu) m_viewMenu->addAction(d->toggleViewAction());
  return d;
}

QMenu* MainWindow::menu(const QString& title) {
  for (QAction* a : menuBar()->actions())
    if (a->menu() && a->text() == title) return a->menu();
  auto* m = new QMenu(title, this);
  if (m_helpMenu) menuBar()->insertMenu(m_helpMenu->menuAction(), m);
  else menuBar()->addMenu(m);
  return m;
}

void MainWindow::buildDocks() {
  m_listing = new ListingPanel(m_host, m_run);
  m_registers = new RegistersPanel(m_host);
  m_memory = new MemoryPanel(m_host);
  m_mbarriers = new MbarrierPanel(m_host);
  m_diagnostics = new DiagnosticsPanel(m_host);
  m_console = new ConsolePanel(m_host);
  m_narration = new NarrationPanel(m_host);
  // The lane view gets the most room: the listing on the left, everything
  // else in two tab groups under it, so a projector shows large lanes.
  QDockWidget* listing = addPanel(tr("PTX and CUDA source"), m_listing, Qt::LeftDockWidgetArea, "listingDock");
  QDockWidget* regs = addPanel(tr("Registers"), m_registers, Qt::BottomDockWidgetArea, "registersDock");
  QDockWidget* mem = addPanel(tr("Memory"), m_memory, Qt::BottomDockWidgetArea, "memoryDock");
  QDockWidget* diag = addPanel(tr("Diagnostics"), m_diagnostics, Qt::BottomDockWidgetArea, "diagnosticsDock");
  QDockWidget* console = addPanel(tr("Console"), m_console, Qt::BottomDockWidgetArea, "consoleDock");
  connect(m_console, &ConsolePanel::linesChanged, console, [console, this](qulonglong n) {
    console->setWindowTitle(n ? tr("Console (%1)").arg(n) : tr("Console"));
  });
  QDockWidget* narration = addPanel(tr("What happened"), m_narration, Qt::BottomDockWidgetArea, "narrationDock");
  QDockWidget* mbar = addPanel(tr("mbarriers"), m_mbarriers, Qt::BottomDockWidgetArea, "mbarrierDock");
  splitDockWidget(regs, narration, Qt::Horizontal);
  tabifyDockWidget(regs, mem);
  tabifyDockWidget(mem, diag);
  tabifyDockWidget(diag, console);
  tabifyDockWidget(narration, mbar);
  regs->raise();
  narration->raise();
  resizeDocks({listing}, {660}, Qt::Horizontal);  // room for a 60-column instruction beside its CUDA line
  resizeDocks({regs, narration}, {900, 600}, Qt::Horizontal);
  resizeDocks({regs}, {300}, Qt::Vertical);
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
  file->addAction(tr("&Examples…"), QKeySequence(tr("Ctrl+Shift+O")), this, &MainWindow::openExamples);
  m_recentMenu = file->addMenu(tr("Open &recent"));
  file->addSeparator();
  file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
  file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, [this] {
    const QString p = QFileDialog::getSaveFileName(this, tr("Save scenario"), m_host->path(), tr("Scenarios (*.toml)"));
    if (!p.isEmpty()) saveAs(p);
  });
  file->addSeparator();
  file->addAction(tr("E&xport this step…"), QKeySequence(tr("Ctrl+Shift+E")), this, &MainWindow::exportStep);
  file->addAction(tr("Export steps…"), this, &MainWindow::exportSteps);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  m_commands->addMenus(menuBar());

  m_viewMenu = menuBar()->addMenu(tr("&View"));
  auto* themes = m_viewMenu->addMenu(tr("&Theme"));
  auto* group = new QActionGroup(this);
  for (const std::string& name : ui::builtinThemeNames()) {
    QAction* a = themes->addAction(QString::fromStdString(name));
    a->setCheckable(true);
    a->setObjectName("theme-" + QString::fromStdString(name));
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, name] { setTheme(QString::fromStdString(name)); });
  }
  m_viewMenu->addAction(tr("Zoom in"), QKeySequence::ZoomIn, m_canvas, [this] { m_canvas->setZoom(m_canvas->zoom() * 1.25); });
  m_viewMenu->addAction(tr("Zoom out"), QKeySequence::ZoomOut, m_canvas, [this] { m_canvas->setZoom(m_canvas->zoom() / 1.25); });
  m_viewMenu->addAction(tr("Fit"), QKeySequence(tr("Ctrl+0")), m_canvas, &LaneCanvas::fit);
  QAction* allWarps = m_viewMenu->addAction(tr("All warps of the CTA"));
  allWarps->setObjectName("viewAllWarps");
  allWarps->setCheckable(true);
  connect(allWarps, &QAction::toggled, this, [this](bool on) {
    m_canvas->sceneOptions().allWarpsOfCta = on;
    m_canvas->rebuild();
  });
  QAction* canvasOnly = m_viewMenu->addAction(tr("Lane view only"));
  canvasOnly->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
  canvasOnly->setCheckable(true);
  connect(canvasOnly, &QAction::toggled, this, [this](bool on) {
    // For the lecture hall: every panel hidden, or back as they were.
    if (on) m_hiddenState = saveState();
    for (QDockWidget* d : findChildren<QDockWidget*>()) d->setVisible(!on);
    if (!on && !m_hiddenState.isEmpty()) restoreState(m_hiddenState);
  });
  m_viewMenu->addSeparator();
  for (QDockWidget* d : findChildren<QDockWidget*>()) m_viewMenu->addAction(d->toggleViewAction());

  m_helpMenu = menuBar()->addMenu(tr("&Help"));
  m_helpMenu->addAction(tr("Keyboard shortcuts"), this, [this] {
    QString text;
    for (const ui::ActionInfo& info : ui::allActions())
      if (info.shortcut.key != ui::Key::None)
        text += QStringLiteral("%1\t%2\n").arg(QString::fromStdString(ui::shortcutText(info.shortcut)),
                                                QString::fromStdString(std::string(info.label)));
    QMessageBox::information(this, tr("Keyboard shortcuts"), text);
  });

  auto* tb = addToolBar(tr("Debug"));
  tb->setObjectName("debugToolbar");
  tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
  m_commands->addToolButtons(tb);
  tb->addSeparator();
  m_focus = new FocusBar(m_host, tb);
  tb->addWidget(m_focus);
}

// ---------------------------------------------------------------- files

void MainWindow::setAllWarps(bool on) {
  if (auto* a = findChild<QAction*>("viewAllWarps")) a->setChecked(on);
}

void MainWindow::error(const QString& title, const QString& text) {
  if (m_status) m_status->setText(title + ": " + text.section('\n', 0, 0));
  if (showError) showError(title, text);
}

bool MainWindow::maybeSave() {
  if (!m_host->dirty()) return true;
  const QString name = m_host->path().isEmpty() ? tr("this launch") : QFileInfo(m_host->path()).fileName();
  switch (askSave(tr("Save the session (step, focus, breakpoints) into %1?").arg(name))) {
    case QMessageBox::Save: return save();
    case QMessageBox::Discard: return true;
    default: return false;
  }
}

bool MainWindow::openPath(const QString& path) {
  ui::LaunchRequest request;
  request.path = path.toStdString();
  return openAsking(request);
}

bool MainWindow::openAsking(const ui::LaunchRequest& request) {
  const QString path = QString::fromStdString(request.path);
  if (ui::isScenarioPath(request.path)) return openRequest(request);
  // A PTX file: ask for its launch, with the module's entries to choose from.
  auto entries = ui::ptxEntries(request.path);
  if (auto* e = std::get_if<std::string>(&entries)) {
    error(tr("Cannot open %1").arg(path), QString::fromStdString(*e));
    return false;
  }
  LaunchDialog dlg(request, std::get<std::vector<std::string>>(entries), this);
  if (dlg.exec() != QDialog::Accepted) return false;
  return openRequest(dlg.request());
}

bool MainWindow::openRequest(const ui::LaunchRequest& request) {
  if (!maybeSave()) return false;
  m_run->stop();
  const QString path = QString::fromStdString(request.path);
  const QString err = m_host->open(request);
  if (!err.isEmpty()) {
    // Refused only because it names files outside the folders it may read:
    // ask, naming them, and open again with their folders allowed.
    if (const auto files = ui::filesToAllow(request); !files.empty()) {
      QStringList names;
      for (const std::string& f : files) names << QString::fromStdString(f);
      if (askAllowFiles && askAllowFiles(QFileInfo(path).fileName(), names)) {
        ui::LaunchRequest allowed = request;
        for (std::string& d : ui::foldersOf(files)) allowed.allowFiles.push_back(std::move(d));
        return openRequest(allowed);
      }
    }
    error(tr("Cannot open %1").arg(path), err);
    return false;
  }
  addRecent(QFileInfo(path).absoluteFilePath());
  if (ui::Session* s = m_host->session())
    m_status->setText(QString::fromStdString(ui::openedText(*s, request.path)));
  else
    m_status->setText(tr("Opened %1").arg(path));
  return true;
}

bool MainWindow::save() {
  if (m_host->path().isEmpty()) {
    const QString p = QFileDialog::getSaveFileName(this, tr("Save scenario"), QString(), tr("Scenarios (*.toml)"));
    return !p.isEmpty() && saveAs(p);
  }
  return saveAs(m_host->path());
}

bool MainWindow::saveAs(const QString& path) {
  const QString err = m_host->saveAs(path);
  if (!err.isEmpty()) {
    error(tr("Cannot save"), err);
    return false;
  }
  addRecent(QFileInfo(path).absoluteFilePath());
  m_status->setText(tr("Saved %1").arg(path));
  updateTitle();
  return true;
}

void MainWindow::openDialog() {
  const QString p = QFileDialog::getOpenFileName(this, tr("Open"), QFileInfo(m_host->path()).absolutePath(),
                                                 tr("Scenarios and PTX (*.toml *.ptx);;All files (*)"));
  if (!p.isEmpty()) openPath(p);
}

void MainWindow::openExamples() {
  GalleryDialog dlg(ui::listCourse(ui::bundledScenarioDir()), this);
  if (dlg.exec() == QDialog::Accepted && !dlg.chosenPath().isEmpty()) openPath(dlg.chosenPath());
}

void MainWindow::addRecent(const QString& path) {
  m_recent.removeAll(path);
  m_recent.prepend(path);
  while (m_recent.size() > kMaxRecent) m_recent.removeLast();
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  m_recentMenu->clear();
  for (const QString& p : m_recent) m_recentMenu->addAction(p, this, [this, p] { openPath(p); });
  m_recentMenu->setEnabled(!m_recent.isEmpty());
}

void MainWindow::updateTitle() {
  ui::Session* s = m_host->session();
  QString t = QStringLiteral("warpscope");
  if (s) {
    t = QString::fromStdString(s->title()) + " — " + (m_host->path().isEmpty() ? tr("unsaved launch") : QFileInfo(m_host->path()).fileName()) +
        (m_host->dirty() ? "*" : "") + " — warpscope";
  }
  if (windowTitle() != t) setWindowTitle(t);
}

void MainWindow::exportStep() {
  if (!session()) return;
  const QString p = QFileDialog::getSaveFileName(this, tr("Export step"), QStringLiteral("step-%1.svg").arg(session()->position()),
                                                 tr("SVG (*.svg);;PNG (*.png)"));
  if (p.isEmpty()) return;
  const QString err = exportScene(m_canvas->scene(), p);
  if (!err.isEmpty()) error(tr("Export failed"), err);
}

void MainWindow::exportSteps() {
  ui::Session* s = session();
  if (!s) return;
  bool ok = false;
  const QString range = QInputDialog::getText(this, tr("Export steps"), tr("Steps (first:last)"), QLineEdit::Normal,
                                              QStringLiteral("%1:%2").arg(s->position()).arg(s->position() + 10), &ok);
  if (!ok) return;
  const QStringList parts = range.split(':');
  bool a = false, b = false;
  const qulonglong first = parts.value(0).toULongLong(&a), last = parts.value(1).toULongLong(&b);
  if (parts.size() != 2 || !a || !b || last < first) return error(tr("Export steps"), tr("Write the range as first:last, e.g. 10:20."));
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Export into folder"));
  if (dir.isEmpty()) return;
  const QString err = exportRange(*s, m_host->theme(), m_canvas->sceneOptions(), first, last, dir, "svg");
  if (!err.isEmpty()) error(tr("Export failed"), err);
}

// ---------------------------------------------------------------- themes, settings

void MainWindow::setTheme(const QString& name) {
  m_themeName = name;
  const ui::Theme t = ui::loadTheme(name.toStdString());
  // Widgets follow the theme too: a dark lane view inside a light window glares on a projector.
  QPalette pal = palette();
  pal.setColor(QPalette::Window, toQColor(t.panel));
  pal.setColor(QPalette::WindowText, toQColor(t.text));
  pal.setColor(QPalette::Base, toQColor(t.background));
  pal.setColor(QPalette::AlternateBase, toQColor(t.panel));
  pal.setColor(QPalette::Text, toQColor(t.text));
  pal.setColor(QPalette::Button, toQColor(t.panel));
  pal.setColor(QPalette::ButtonText, toQColor(t.text));
  pal.setColor(QPalette::ToolTipBase, toQColor(t.cell));
  pal.setColor(QPalette::ToolTipText, toQColor(t.text));
  pal.setColor(QPalette::Highlight, toQColor(t.laneExecuted));
  pal.setColor(QPalette::HighlightedText, toQColor(t.textOn(t.laneExecuted)));
  pal.setColor(QPalette::PlaceholderText, toQColor(t.mutedText));
  setPalette(pal);
  QFont f = QApplication::font();
  if (name == "projector") f.setPointSizeF(f.pointSizeF() * 1.35);
  setFont(f);
  QFont mono(QStringLiteral("DejaVu Sans Mono"));
  mono.setStyleHint(QFont::Monospace);
  mono.setPointSizeF(f.pointSizeF());
  m_listing->setFont(mono);
  // nvcc's PTX indents with tabs ("\tmov.u32 \t%r5, ..."): two columns per
  // tab keep its alignment and leave the instruction room in the dock.
  m_listing->setTabStopDistance(QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')) * 2);
  m_registers->setFont(mono);
  m_memory->setFont(mono);
  m_registers->resizeColumnsToContents();  // the new font needs new widths
  for (QAction* a : findChildren<QAction*>())
    if (a->objectName() == "theme-" + name) a->setChecked(true);
  m_host->setTheme(t);
}

void MainWindow::saveSettings() {
  QSettings s;
  s.setValue("window/geometry", saveGeometry());
  s.setValue("window/state", saveState());
  s.setValue("theme", m_themeName);
  s.setValue("recent", m_recent);
  s.setValue("last/file", m_host->path());
  if (session()) s.setValue("last/step", static_cast<qulonglong>(session()->position()));
}

void MainWindow::restoreSettings() {
  QSettings s;
  restoreGeometry(s.value("window/geometry").toByteArray());
  restoreState(s.value("window/state").toByteArray());
  setTheme(s.value("theme", "light").toString());
  m_recent = s.value("recent").toStringList();
  updateRecentMenu();
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!maybeSave()) {
    e->ignore();
    return;
  }
  m_run->stop();
  if (m_useSettings) saveSettings();
  e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
  const auto urls = e->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) {
    e->acceptProposedAction();
    openPath(urls.first().toLocalFile());
  }
}

}  // namespace ws::qt
