// The lecture features inside the real main window: the shared View actions
// (F12, Ctrl+Shift+P) switch presentation and predict mode, a prediction is
// revealed on the window's session, the editor's Apply replaces the session
// and its edits are autosaved, and an autosave left by a crashed session is
// offered back when the window starts. With WS_SCREENSHOT_DIR set it saves
// the window in presentation mode and in predict mode.
#include <QAction>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/lecture/autosave.hpp"
#include "app/qt/lecture/code_editor.hpp"
#include "app/qt/lecture/editor_dock.hpp"
#include "app/qt/lecture/lecture_features.hpp"
#include "app/qt/lecture/predict_panel.hpp"
#include "app/qt/lecture/presentation_mode.hpp"
#include "app/qt/lecture/scene_svg_view.hpp"
#include "app/qt/main_window.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

using namespace ws;
using ws::qt::LectureFeatures;

namespace {
const QString kButterfly = QString::fromStdString(ws::test::dataPath("/lecture/butterfly.toml"));

void saveShot(QWidget* w, const char* name) {
  const QString dir = qEnvironmentVariable("WS_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QTest::qWait(400);
  w->grab().save(dir + "/" + name);
}

struct Window {
  qt::MainWindow w{false};
  QStringList errors;
  explicit Window(const QString& autosaveDir) {
    w.showError = [this](const QString&, const QString& text) { errors << text; };
    w.askSave = [](const QString&) { return QMessageBox::Discard; };
    features = LectureFeatures::install(w, {.autosave = true, .autosaveDir = autosaveDir});
    w.resize(1600, 1000);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) qWarning("window not exposed");
    w.activateWindow();
    QApplication::setActiveWindow(&w);
  }
  LectureFeatures* features = nullptr;
  QAction* action(ui::ActionId id) { return w.commands()->action(id); }
};
}  // namespace

class LectureWindowTest : public QObject {
  Q_OBJECT
 private slots:
  void presentationFollowsTheAction();
  void predictInTheWindow();
  void editorAppliesAndAutosaves();
  void recoversACrashedSessionsEdit();
};

void LectureWindowTest::presentationFollowsTheAction() {
  QTemporaryDir autosave;
  Window win(autosave.path());
  QVERIFY(win.w.openPath(kButterfly));
  win.w.session()->step();
  QCOMPARE(win.action(ui::ActionId::Presentation)->shortcut(), QKeySequence("F12"));
  QTest::keyClick(&win.w, Qt::Key_F12);
  auto* pm = win.features->presentation();
  QVERIFY(pm->active());
  QVERIFY(win.action(ui::ActionId::Presentation)->isChecked());
  QCOMPARE(win.w.themeName(), QString("projector"));
  QVERIFY(win.w.isFullScreen());
  QVERIFY(pm->caption()->isVisible());
  QVERIFY(pm->caption()->text().startsWith("Every lane reads %r1 from its partner"));
  saveShot(&win.w, "app-presentation.png");
  QTest::keyClick(&win.w, Qt::Key_Escape);
  QVERIFY(!pm->active());
  QVERIFY(!win.action(ui::ActionId::Presentation)->isChecked());
  QVERIFY(!win.w.runController()->choices().presenting);
  QCOMPARE(win.w.themeName(), QString("light"));
}

void LectureWindowTest::predictInTheWindow() {
  QTemporaryDir autosave;
  Window win(autosave.path());
  QVERIFY(win.w.openPath(kButterfly));
  QVERIFY(!win.features->predictDock()->isVisible());
  QTest::keyClick(&win.w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
  QVERIFY(win.w.runController()->choices().predicting);
  QVERIFY(win.action(ui::ActionId::PredictMode)->isChecked());
  QVERIFY(win.features->predictDock()->isVisible());
  auto* panel = win.features->predict();
  QVERIFY(panel->hasQuestion());  // the snippet starts with its shfl
  // In presentation mode too: the predict dock stays while the others go.
  QTest::keyClick(&win.w, Qt::Key_F12);
  QVERIFY(win.features->predictDock()->isVisible());
  for (auto [dst, src] : {std::pair{5, 4}, std::pair{6, 5}, std::pair{0, 1}}) {
    for (int lane : {dst, src}) {
      const auto p = panel->sceneView()->centreOf("w0-lane" + std::to_string(lane));
      QVERIFY(p.has_value());
      QTest::mouseClick(panel->sceneView(), Qt::LeftButton, {}, p->toPoint());
    }
  }
  QCOMPARE(panel->round()->guessesGiven(), 3);
  saveShot(&win.w, "app-predict-guess.png");
  // Autoplay holds while the question is open.
  win.features->presentation()->setPlaying(true);
  QTest::qWait(300);
  QCOMPARE(win.w.session()->position(), 0u);
  QTest::mouseClick(panel->revealButton(), Qt::LeftButton);
  QCOMPARE(win.w.session()->position(), 1u);
  QCOMPARE(panel->round()->score().correct, 2);
  QCOMPARE(win.w.canvas()->scene().find("flow shuffle").size(), 32u);  // the window shows the truth too
  saveShot(&win.w, "app-predict-reveal.png");
  QTest::keyClick(&win.w, Qt::Key_Escape);
}

void LectureWindowTest::editorAppliesAndAutosaves() {
  QTemporaryDir autosave;
  Window win(autosave.path());
  QVERIFY(win.w.openPath(kButterfly));
  auto* ed = win.features->editor();
  QVERIFY(ed->text().contains("shfl.sync.bfly.b32 %r2, %r1, 1,"));
  QCOMPARE(ed->path(), kButterfly);
  QVERIFY(win.features->autosaver());
  QSignalSpy saved(win.features->autosaver(), &qt::Autosaver::saved);
  win.features->autosaver()->setDebounceMs(20);
  QString text = ed->text();
  text.replace("%r2, %r1, 1,", "%r2, %r1, 2,");
  ed->editor()->setPlainText(text);
  QVERIFY(saved.wait(3000));
  QFile f(win.features->autosaver()->textPath());
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(f.readAll()), text);
  const ui::Session* before = win.w.session();
  QVERIFY(ed->apply());
  QVERIFY(win.w.session() != before);
  win.w.session()->step();
  QCOMPARE(win.w.canvas()->scene().find("flow shuffle").size(), 32u);
  QCOMPARE(win.w.session()->views().flows.arrows[5].from.lane, 7);  // 5 xor 2
}

void LectureWindowTest::recoversACrashedSessionsEdit() {
  QTemporaryDir autosave;
  // What a session killed while editing leaves: a lock of a process that is gone and its autosave.
  QProcess gone;
  gone.start("true");
  QVERIFY(gone.waitForFinished());
  const qint64 pid = gone.processId() > 0 ? gone.processId() : 999999;
  const QString base = autosave.path() + QStringLiteral("/%1").arg(pid);
  QFile text(base + ".autosave"), meta(base + ".json"), lock(base + ".lock");
  QVERIFY(text.open(QIODevice::WriteOnly) && meta.open(QIODevice::WriteOnly) && lock.open(QIODevice::WriteOnly));
  QFile src(kButterfly);
  QVERIFY(src.open(QIODevice::ReadOnly));
  const QString edited = QString::fromUtf8(src.readAll()).replace("title = \"Butterfly exchange\"", "title = \"Recovered\"");
  text.write(edited.toUtf8());
  meta.write(QStringLiteral("{\"original\": \"%1\", \"kind\": \"scenario\", \"saved\": \"2026-11-22T18:00:00Z\"}").arg(kButterfly).toUtf8());
  text.close();
  meta.close();
  lock.close();
  if (qt::Autosaver::processAlive(pid)) QSKIP("the pid was reused");

  Window win(autosave.path());
  QTimer::singleShot(100, [] {
    for (QWidget* w : QApplication::topLevelWidgets())
      if (w->objectName() == "recoveryDialog" && w->isVisible())
        if (auto* b = w->findChild<QPushButton*>("recover")) b->click();
  });
  QVERIFY(win.features->offerRecovery());
  QCOMPARE(win.w.host()->path(), kButterfly);  // its document is open
  auto* ed = win.features->editor();
  QCOMPARE(ed->text(), edited);
  QVERIFY(ed->modified());
  QVERIFY(ed->isVisible());
  QVERIFY(!QFile::exists(base + ".autosave"));  // the dead session's files are gone
  QVERIFY(ed->apply());
  QCOMPARE(QString::fromStdString(win.w.session()->title()), QString("Recovered"));
}

QTEST_MAIN(LectureWindowTest)
#include "lecture_window_test.moc"
