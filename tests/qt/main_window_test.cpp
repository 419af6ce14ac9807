// The main window driven like a person would: shortcuts, clicks on the lane
// view and the listing's gutter, in-place edits in the registers table, save
// and reopen. Assertions read the real widgets' models and the canvas's scene.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QMimeData>
#include <QSettings>
#include <QTimer>
#include <QUrl>
#include <QFile>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>
#include <memory>

#include "app/qt/app_options.hpp"
#include "app/qt/panels/console_panel.hpp"
#include "app/qt/export.hpp"
#include "app/qt/gallery_dialog.hpp"
#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/panels/listing_panel.hpp"
#include "app/qt/main_window.hpp"
#include "app/qt/panels/register_model.hpp"
#include "app/qt/widgets/scene_painter.hpp"
#include "app/qt/widgets/focus_bar.hpp"
#include "app/qt/widgets/timeline_bar.hpp"
#include "ui/lesson/gallery.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::qt {
namespace {
namespace fs = std::filesystem;

const QString kBfly = QString::fromStdString(ws::test::dataPath("/qt/shfl-bfly.toml"));

fs::path tempDir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

struct Window {
  MainWindow w{false};
  QStringList errors;
  int asked = 0;
  QMessageBox::StandardButton answer = QMessageBox::Discard;
  Window() {
    w.showError = [this](const QString&, const QString& text) { errors << text; };
    w.askSave = [this](const QString&) {
      ++asked;
      return answer;
    };
    w.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QApplication::setActiveWindow(&w);
  }
  ui::Session& s() { return *w.session(); }
  void key(int k, Qt::KeyboardModifiers m = Qt::NoModifier) {
    // A closed modal dialog hands activation back asynchronously; shortcuts need an active window.
    QApplication::setActiveWindow(&w);
    QTest::keyClick(&w, static_cast<Qt::Key>(k), m);
    QApplication::processEvents();
  }
  RegisterModel& regs() { return *w.registers()->registerModel(); }
  QString reg(const char* name, int lane) {
    const int c = regs().columnOf(name);
    EXPECT_GE(c, 0) << name;
    return regs().data(regs().index(lane, c), Qt::DisplayRole).toString();
  }
  int ptxLineStarting(const std::string& text) {
    for (const auto& l : s().views().listing.lines)
      if (l.text.find(text) != std::string::npos) return l.line;
    ADD_FAILURE() << text;
    return 0;
  }
  int currentLine() {
    for (const auto& l : s().views().listing.lines)
      if (l.lanesHere) return l.line;
    return 0;
  }
};

TEST(MainWindow, StepsWithShortcutsAndShowsRegistersAndScene) {
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly)) << t.errors.join("\n").toStdString();
  EXPECT_EQ(t.s().position(), 0u);
  for (int i = 0; i < 3; ++i) t.key(Qt::Key_F10);
  EXPECT_EQ(t.s().position(), 3u);
  // Step 3 is the second butterfly (xor 2): lane 4 reads lane 6.
  {
    const auto arrows = t.w.canvas()->scene().find("flow shuffle");
    ASSERT_FALSE(arrows.empty());
    bool found = false;
    for (const auto* a : arrows) found |= a->dataValue("from") == "lane6" && a->dataValue("to") == "lane4";
    EXPECT_TRUE(found);
    EXPECT_EQ(t.reg("%r4", 4), "39");  // %r3 of lane 6: 18 + 21
  }
  t.key(Qt::Key_F10, Qt::ShiftModifier);
  EXPECT_EQ(t.s().position(), 2u);
  // After the add: %r3 = %r1 + %r2, written by this step, shown as changed.
  EXPECT_EQ(t.reg("%r3", 0), "3");
  EXPECT_EQ(t.reg("%r3", 2), "15");
  EXPECT_EQ(t.reg("%r4", 0), QString::fromUtf8("\u2014"));  // the future is not shown
  const int c3 = t.regs().columnOf("%r3");
  EXPECT_EQ(t.regs().data(t.regs().index(0, c3), Qt::BackgroundRole).value<QColor>(), toQColor(t.w.host()->theme().changed));
  EXPECT_TRUE(t.w.canvas()->scene().find("flow shuffle").empty());
  ASSERT_NE(t.w.canvas()->scene().findId("w0-lane5"), nullptr);
  EXPECT_EQ(t.regs().rowCount(), 32);

  // Clicking lane 5's cell focuses it; the toolbar's lane box follows.
  const ui::Primitive* cell = t.w.canvas()->scene().findId("w0-lane5");
  const QPointF at = t.w.canvas()->toWidget(QPointF(cell->x + cell->w / 2, cell->y + cell->h / 2));
  QTest::mouseClick(t.w.canvas(), Qt::LeftButton, {}, at.toPoint());
  EXPECT_EQ(t.s().focus().lane, 5);
  EXPECT_EQ(t.w.focusBar()->lane()->value(), 5);

  // The timeline scrubs: a click at the start goes to step 0.
  QTest::mouseClick(t.w.timeline(), Qt::LeftButton, {}, QPoint(static_cast<int>(t.w.timeline()->xOf(0)), 30));
  EXPECT_EQ(t.s().position(), 0u);

  // Register formats switch per column.
  t.regs().setColumnFormat(c3, ui::ValueFormat::Hex);
  t.key(Qt::Key_F10);
  t.key(Qt::Key_F10);
  EXPECT_EQ(t.reg("%r3", 2), "0xf");
}

TEST(MainWindow, BreakpointFromGutterAndContinue) {
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  ListingPanel* listing = t.w.listing();
  const int line = t.ptxLineStarting("add.u32 %r5");
  const int block = listing->blockOfPtxLine(line);
  ASSERT_GE(block, 0);
  listing->verticalScrollBar()->setValue(0);
  QWidget* gutter = listing->findChild<QWidget*>("listingGutter");
  ASSERT_NE(gutter, nullptr);
  const QRect r = listing->blockRect(block);
  QTest::mouseClick(gutter, Qt::LeftButton, {}, QPoint(8, r.center().y()));
  ASSERT_EQ(t.s().breakpoints().size(), 1u);
  EXPECT_EQ(t.s().breakpoints()[0].line, line);

  t.key(Qt::Key_F5);
  QTRY_VERIFY(!t.w.runController()->running());
  EXPECT_EQ(t.currentLine(), line);
  EXPECT_EQ(t.s().lastOutcome().why, core::RunOutcome::Why::Breakpoint);
  EXPECT_EQ(t.s().position(), 3u);  // stopped before the add runs: three steps done

  // F9 toggles the breakpoint on the cursor line: put the cursor there and remove it.
  QTextCursor c(listing->document()->findBlockByNumber(block));
  listing->setTextCursor(c);
  t.key(Qt::Key_F9);
  EXPECT_TRUE(t.s().breakpoints().empty());
}

TEST(MainWindow, EditingARegisterRecomputesTheFuture) {
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  t.key(Qt::Key_F10);
  t.key(Qt::Key_F10);
  EXPECT_EQ(t.reg("%r3", 0), "3");
  t.key(Qt::Key_F5, Qt::ControlModifier | Qt::ShiftModifier);  // go to start
  ASSERT_EQ(t.s().position(), 0u);

  // Type a new %r1 for lane 1 into the table.
  QTableView* view = t.w.registers();
  const QModelIndex idx = t.regs().index(1, t.regs().columnOf("%r1"));
  view->setCurrentIndex(idx);
  view->edit(idx);
  auto* editor = view->findChild<QLineEdit*>();
  ASSERT_NE(editor, nullptr);
  editor->selectAll();
  QTest::keyClicks(editor, "100");
  QTest::keyClick(editor, Qt::Key_Return);
  QApplication::processEvents();
  EXPECT_EQ(t.reg("%r1", 1), "100");

  t.key(Qt::Key_F10);
  EXPECT_EQ(t.reg("%r2", 0), "100");  // lane 0 reads lane 1's new value
  t.key(Qt::Key_F10);
  EXPECT_EQ(t.reg("%r3", 0), "100");  // 0 + 100, not the recorded 3

  // A value that does not parse is refused with a message, nothing changes.
  const QModelIndex bad = t.regs().index(2, t.regs().columnOf("%r1"));
  EXPECT_FALSE(t.regs().setData(bad, "12abc", Qt::EditRole));
  EXPECT_FALSE(t.errors.isEmpty());
  EXPECT_EQ(t.reg("%r1", 2), "6");
}

TEST(MainWindow, SaveAndReopenAtTheSameStep) {
  const fs::path dir = tempDir("ws_qt_save");
  fs::copy_file(ws::test::dataPath("/qt/shfl-bfly.toml"), dir / "bfly.toml");
  const QString path = QString::fromStdString((dir / "bfly.toml").string());
  int line = 0;
  {
    Window t;
    ASSERT_TRUE(t.w.openPath(path));
    for (int i = 0; i < 3; ++i) t.key(Qt::Key_F10);
    line = t.ptxLineStarting("add.u32 %r5");
    t.s().toggleBreakpoint(line);
    t.s().focusLane(7);
    EXPECT_TRUE(t.w.host()->dirty());

    // Closing with unsaved changes asks; Cancel keeps the window open.
    t.answer = QMessageBox::Cancel;
    EXPECT_FALSE(t.w.close());
    EXPECT_EQ(t.asked, 1);
    EXPECT_TRUE(t.w.isVisible());

    t.key(Qt::Key_S, Qt::ControlModifier);
    EXPECT_FALSE(t.w.host()->dirty()) << t.errors.join("\n").toStdString();
    EXPECT_TRUE(t.w.recentFiles().contains(path));
    EXPECT_TRUE(t.w.close());
    EXPECT_EQ(t.asked, 1);  // nothing left to save: no question
  }
  Window t2;
  ASSERT_TRUE(t2.w.openPath(path));
  EXPECT_EQ(t2.s().position(), 3u);
  EXPECT_EQ(t2.s().focus().lane, 7);
  ASSERT_EQ(t2.s().breakpoints().size(), 1u);
  EXPECT_EQ(t2.s().breakpoints()[0].line, line);
  EXPECT_EQ(t2.reg("%r4", 4), "39");
}

TEST(MainWindow, LoadErrorsNameFileLineColumnAndKeepTheOpenSession) {
  const fs::path dir = tempDir("ws_qt_err");
  QFile f(QString::fromStdString((dir / "bad.toml").string()));
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("format = 1\n[launch]\ngrdi = 2\n");
  f.close();
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  t.key(Qt::Key_F10);
  EXPECT_FALSE(t.w.openPath(f.fileName()));
  ASSERT_EQ(t.errors.size(), 1);
  EXPECT_TRUE(t.errors[0].contains("bad.toml:3:1")) << t.errors[0].toStdString();
  ASSERT_NE(t.w.session(), nullptr);
  EXPECT_EQ(t.s().position(), 1u);
}

// A scenario that names a file outside its folder is not read until the user
// allows that folder; the question names the file.
TEST(MainWindow, AsksBeforeAScenarioReadsFilesOutsideItsFolder) {
  const fs::path root = tempDir("ws_qt_allow");
  fs::create_directories(root / "lesson");
  fs::create_directories(root / "elsewhere");
  fs::copy_file(ws::test::dataPath("/qt/red_async.ptx"), root / "elsewhere" / "k.ptx");
  std::string text;
  {
    std::ifstream in(ws::test::dataPath("/qt/red-async.toml"));
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string from = "ptx_file = \"red_async.ptx\"";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "ptx_file = \"../elsewhere/k.ptx\"");
  std::ofstream(root / "lesson" / "s.toml") << text;
  const QString path = QString::fromStdString((root / "lesson" / "s.toml").string());
  const QString outside = QString::fromStdString(fs::canonical(root / "elsewhere" / "k.ptx").string());

  Window t;
  QStringList asked;
  bool allow = false;
  t.w.askAllowFiles = [&](const QString& scenario, const QStringList& files) {
    EXPECT_EQ(scenario, "s.toml");
    asked = files;
    return allow;
  };
  EXPECT_FALSE(t.w.openPath(path));
  EXPECT_EQ(asked, QStringList{outside});
  ASSERT_EQ(t.errors.size(), 1);
  EXPECT_TRUE(t.errors[0].contains("--allow-files")) << t.errors[0].toStdString();
  EXPECT_EQ(t.w.session(), nullptr);

  allow = true;
  asked.clear();
  ASSERT_TRUE(t.w.openPath(path)) << t.errors.join("\n").toStdString();
  EXPECT_EQ(asked, QStringList{outside});
  ASSERT_NE(t.w.session(), nullptr);
  EXPECT_EQ(t.errors.size(), 1);
}

TEST(MainWindow, ExportsTheStepAsSvgAndPng) {
  const fs::path dir = tempDir("ws_qt_export");
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  t.key(Qt::Key_F10);
  const QString svg = QString::fromStdString((dir / "s.svg").string());
  const QString png = QString::fromStdString((dir / "s.png").string());
  EXPECT_EQ(exportScene(t.w.canvas()->scene(), svg), "");
  EXPECT_EQ(exportScene(t.w.canvas()->scene(), png), "");
  QFile sf(svg);
  ASSERT_TRUE(sf.open(QIODevice::ReadOnly));
  EXPECT_TRUE(sf.readAll().contains("class=\"flow shuffle\""));
  const QImage img(png);
  ASSERT_FALSE(img.isNull());
  EXPECT_GT(img.width(), 400);
  EXPECT_EQ(exportRange(t.s(), t.w.host()->theme(), {}, 0, 3, QString::fromStdString((dir / "range").string()), "svg"), "");
  EXPECT_TRUE(fs::exists(dir / "range" / "step-00003.svg"));
  EXPECT_EQ(t.s().position(), 1u);  // back where it was
}

TEST(MainWindow, ThemesAndDocksAreRestorable) {
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  t.w.setTheme("dark");
  EXPECT_EQ(t.w.host()->theme().name, "dark");
  EXPECT_EQ(t.w.canvas()->scene().background, t.w.host()->theme().background);
  QDockWidget* regs = t.w.findChild<QDockWidget*>("registersDock");
  ASSERT_NE(regs, nullptr);
  const QByteArray state = t.w.saveState();
  regs->hide();
  EXPECT_TRUE(t.w.restoreState(state));
  EXPECT_TRUE(regs->isVisible());
  // Extensions add docks and menus through the public hooks.
  QDockWidget* extra = t.w.addPanel("Extra", new QWidget, Qt::RightDockWidgetArea, "extraDock");
  EXPECT_EQ(t.w.findChild<QDockWidget*>("extraDock"), extra);
  QMenu* tools = t.w.menu("Tools");
  EXPECT_EQ(t.w.menu("Tools"), tools);
}

TEST(MainWindow, LongRunsGoInChunksAndStopAnswers) {
  Window t;
  ASSERT_TRUE(t.w.openPath(QString::fromStdString(ws::test::dataPath("/qt/red-async.toml"))));
  t.w.runController()->driver().setChunk(5);
  t.key(Qt::Key_F5);
  // The first chunk ran; the rest waits for timer ticks, so the window stays responsive.
  ASSERT_TRUE(t.w.runController()->running());
  auto* stop = t.w.findChild<QToolButton*>("stop");
  ASSERT_NE(stop, nullptr);
  EXPECT_TRUE(stop->isVisible());
  EXPECT_FALSE(t.w.commands()->action(ui::ActionId::StepOver)->isEnabled());
  QTest::qWait(40);
  QTest::mouseClick(stop, Qt::LeftButton);
  EXPECT_FALSE(t.w.runController()->running());
  EXPECT_FALSE(stop->isVisible());
  const std::uint64_t at = t.s().position();
  EXPECT_GE(at, 5u);
  EXPECT_FALSE(t.s().finished());
  // Continue again runs to the end.
  t.key(Qt::Key_F5);
  QTRY_VERIFY_WITH_TIMEOUT(!t.w.runController()->running(), 10000);
  EXPECT_TRUE(t.s().finished());
  EXPECT_GT(t.s().position(), at);
}

TEST(MainWindow, CanvasTooltipsComeFromThePrimitives) {
  Window t;
  ASSERT_TRUE(t.w.openPath(kBfly));
  t.key(Qt::Key_F10);
  const auto arrows = t.w.canvas()->scene().find("flow shuffle");
  ASSERT_FALSE(arrows.empty());
  const ui::Primitive* a = arrows.front();
  const QPointF mid((a->p0.x + a->p3.x) / 2, (a->p0.y + a->p3.y) / 2);
  const ui::Primitive* hit = primitiveAt(t.w.canvas()->scene(), mid);
  ASSERT_NE(hit, nullptr);
  EXPECT_FALSE(hit->tooltip.empty());
  const ui::Primitive* cell = t.w.canvas()->scene().findId("w0-lane3");
  ASSERT_NE(cell, nullptr);
  const ui::Primitive* overCell = primitiveAt(t.w.canvas()->scene(), QPointF(cell->x + 2, cell->y + 2));
  ASSERT_NE(overCell, nullptr);
  EXPECT_FALSE(overCell->tooltip.empty());
}

// Fills the modal launch dialog from the event loop it runs (entry
// pub_shfl_modes of kernels.ptx with its two buffers), lets `more` set other
// fields, and accepts it. Returns whether the dialog was there.
std::shared_ptr<bool> fillLaunchDialog(std::function<void(QDialog&)> more) {
  auto filled = std::make_shared<bool>(false);
  QTimer::singleShot(0, [filled, more] {
    auto* dlg = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    ASSERT_NE(dlg, nullptr);
    auto* entry = dlg->findChild<QComboBox*>("entry");
    entry->setCurrentIndex(entry->findText("pub_shfl_modes"));
    dlg->findChild<QLineEdit*>("buffers")->setText("iota:32, zeros:256");
    more(*dlg);
    *filled = true;
    dlg->accept();
  });
  return filled;
}

// Device printf: the console dock lists what the kernel printed so far (its
// title counts the lines), marks the lines of the step shown, and a click on
// a line goes to the step that printed it.
TEST(MainWindow, ConsoleShowsWhatTheKernelPrinted) {
  Window t;
  ui::LaunchRequest r;
  r.path = ws::test::dataPath("/printf/printf.ptx");
  r.entry = "pf_lanes";
  r.buffers = {"iota:128", "zeros:128"};
  ASSERT_TRUE(t.w.openRequest(r)) << t.errors.join("\n").toStdString();
  ConsolePanel* c = t.w.console();
  ASSERT_NE(c, nullptr);
  auto* dock = qobject_cast<QDockWidget*>(c->parentWidget());
  ASSERT_NE(dock, nullptr);
  EXPECT_EQ(c->count(), 1);  // "Nothing printed so far"
  EXPECT_EQ(dock->windowTitle(), "Console");
  t.key(Qt::Key_F5);  // continue to the end
  ASSERT_TRUE(t.s().finished());
  ASSERT_EQ(c->count(), 32);
  EXPECT_EQ(dock->windowTitle(), "Console (32)");
  // iota: the 16 odd lanes take one side of the branch, the 16 even lanes
  // the other; each side prints in one step, in lane order.
  const QString first = c->item(0)->text().left(4);
  int other = 0;
  while (other < 32 && c->item(other)->text().left(4) == first) ++other;
  ASSERT_EQ(other, 16);
  EXPECT_TRUE(c->item(0)->text() == "even lane  0 value 0 (small)" || c->item(0)->text() == "odd  lane  1 value 1");
  EXPECT_TRUE(c->item(16)->toolTip().contains(first == "even" ? "lane 1" : "lane 0"));
  const qlonglong laterStep = c->item(16)->data(ConsolePanel::kStepRole).toLongLong();
  EXPECT_GT(laterStep, c->item(0)->data(ConsolePanel::kStepRole).toLongLong());
  QTest::mouseClick(c->viewport(), Qt::LeftButton, {}, c->visualItemRect(c->item(16)).center());
  EXPECT_EQ(t.s().position(), static_cast<std::uint64_t>(laterStep));
  EXPECT_EQ(c->count(), 32);
  EXPECT_NE(c->item(31)->background(), c->item(0)->background()) << "the lines of the step shown are marked";
}

TEST(MainWindow, OpensABarePtxThroughTheLaunchDialog) {
  Window t;
  const auto filled = fillLaunchDialog([](QDialog& dlg) {
    auto* mode = dlg.findChild<QComboBox*>("mode");
    mode->setCurrentIndex(mode->findData("hardware"));
  });
  ASSERT_TRUE(t.w.openPath(QString::fromStdString(ws::test::dataPath("/golden/kernels.ptx")))) << t.errors.join("\n").toStdString();
  EXPECT_TRUE(*filled);
  EXPECT_EQ(t.s().launch().entry, "pub_shfl_modes");
  EXPECT_EQ(t.s().options().mode, core::ExecMode::Hardware);
  EXPECT_TRUE(t.w.host()->path().isEmpty());
  EXPECT_TRUE(t.w.host()->dirty());  // never saved: closing asks
  t.key(Qt::Key_F10);
  EXPECT_EQ(t.s().position(), 1u);
}

// A launch that does not fit the module: the dialog's fields are checked
// where every front end's are, and the error names what is wrong.
TEST(MainWindow, LaunchDialogErrorsComeFromTheOneLoader) {
  Window t;
  const auto filled = fillLaunchDialog([](QDialog& dlg) { dlg.findChild<QLineEdit*>("scalars")->setText("seven"); });
  EXPECT_FALSE(t.w.openPath(QString::fromStdString(ws::test::dataPath("/golden/kernels.ptx"))));
  EXPECT_TRUE(*filled);
  ASSERT_FALSE(t.errors.isEmpty());
  EXPECT_NE(t.errors.join("\n").indexOf("scalar 1 ('seven') is not a number"), -1) << t.errors.join("\n").toStdString();
}

// The command line speaks warpscope-cli's launch vocabulary and the viewers' --step.
TEST(AppOptions, LaunchAndViewingOptions) {
  const AppOptions o = parseAppOptions({"warpscope", "k.ptx", "--entry", "e", "--grid", "2,1,1", "--block", "64",
                                        "--cluster", "2", "--buffer", "in.json", "--buffer", "zeros:8", "--scalar",
                                        "0x10", "--dynamic-smem", "1024", "--mode", "hardware", "--scheduling",
                                        "run-to-block", "--max-steps", "99", "--step", "7", "--one-warp"});
  EXPECT_EQ(o.launch.path, "k.ptx");
  EXPECT_EQ(o.launch.entry, "e");
  EXPECT_EQ(o.launch.grid, "2,1,1");
  EXPECT_EQ(o.launch.block, "64");
  EXPECT_EQ(o.launch.cluster, "2");
  EXPECT_EQ(o.launch.buffers, (std::vector<std::string>{"in.json", "zeros:8"}));
  EXPECT_EQ(o.launch.scalars, (std::vector<std::string>{"0x10"}));
  EXPECT_EQ(o.launch.dynamicSmem, 1024u);
  EXPECT_EQ(o.launch.mode, "hardware");
  EXPECT_EQ(o.launch.scheduling, "run-to-block");
  EXPECT_EQ(o.launch.maxSteps, 99u);
  EXPECT_EQ(o.step, 7u);
  EXPECT_EQ(o.allWarps, false);
  EXPECT_TRUE(o.useSettings);
  const AppOptions plain = parseAppOptions({"warpscope", "--all-warps", "--screenshot", "x.png"});
  EXPECT_TRUE(plain.launch.path.empty());
  EXPECT_FALSE(plain.launch.hasPtxLaunch());
  EXPECT_EQ(plain.allWarps, true);
  EXPECT_FALSE(plain.useSettings);
  EXPECT_FALSE(plain.step.has_value());
}

TEST(MainWindow, OpensDroppedFiles) {
  Window t;
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(kBfly)});
  QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&t.w, &enter);
  EXPECT_TRUE(enter.isAccepted());
  QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&t.w, &drop);
  ASSERT_NE(t.w.session(), nullptr);
  EXPECT_EQ(t.s().title(), "Butterfly exchange");
}

TEST(MainWindow, SettingsKeepThemeRecentFilesAndLastStep) {
  QSettings().clear();
  {
    MainWindow w(true);
    w.askSave = [](const QString&) { return QMessageBox::Discard; };
    ASSERT_TRUE(w.openPath(kBfly));
    w.session()->seek(2);
    w.setTheme("dark");
    w.show();
    EXPECT_TRUE(w.close());
  }
  QSettings s;
  EXPECT_EQ(s.value("last/step").toULongLong(), 2u);
  EXPECT_EQ(s.value("last/file").toString(), QFileInfo(kBfly).absoluteFilePath());
  MainWindow again(true);
  EXPECT_EQ(again.themeName(), "dark");
  EXPECT_TRUE(again.recentFiles().contains(QFileInfo(kBfly).absoluteFilePath()));
  QSettings().clear();
}

TEST(Gallery, ListsScenariosAndOpensOnDoubleClick) {
  const fs::path dir = tempDir("ws_qt_gallery");
  fs::create_directories(dir / "shfl-bfly");
  fs::copy_file(ws::test::dataPath("/qt/shfl-bfly.toml"), dir / "shfl-bfly" / "scenario.toml");
  GalleryDialog dlg(ui::listCourse(dir.string()));
  ASSERT_EQ(dlg.list()->count(), 2);  // no course.toml: the heading "All lessons", then the lesson
  QListWidgetItem* item = dlg.list()->item(1);
  EXPECT_TRUE(item->text().contains("Butterfly exchange"));
  EXPECT_TRUE(item->text().contains("swaps its value"));
  dlg.show();
  const QRect r = dlg.list()->visualItemRect(item);
  // Qt 6 QTest sends only the double-click event: press first, as a mouse does.
  QTest::mouseClick(dlg.list()->viewport(), Qt::LeftButton, {}, r.center());
  QTest::mouseDClick(dlg.list()->viewport(), Qt::LeftButton, {}, r.center());
  EXPECT_EQ(dlg.result(), QDialog::Accepted);
  EXPECT_TRUE(dlg.chosenPath().endsWith("shfl-bfly/scenario.toml"));
}

}  // namespace
}  // namespace ws::qt
