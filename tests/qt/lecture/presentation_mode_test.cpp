// Presentation mode in a main window: full screen with the projector theme,
// docks hidden, the narration as a caption, autoplay at the chosen speed that
// pauses while predict mode holds it, and Esc putting everything back.
// With WS_SCREENSHOT_DIR set it also saves the presenting window as PNG.
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QSlider>
#include <QtTest>

#include "app/qt/lecture/predict_panel.hpp"
#include "app/qt/lecture/presentation_mode.hpp"
#include "app/qt/lecture/scene_svg_view.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

using namespace ws;

namespace {

std::unique_ptr<ui::Session> butterfly() {
  auto made = ui::loadScenarioSession(ws::test::dataPath("/lecture/butterfly.toml"));
  if (auto* err = std::get_if<std::string>(&made)) {
    qWarning("%s", err->c_str());
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<ui::Session>>(made));
}

void saveShot(QWidget* w, const char* name) {
  const QByteArray dir = qgetenv("WS_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QTest::qWait(200);
  w->grab().save(QString::fromUtf8(dir) + "/" + name);
}

// A stand-in for the app's main window: the lane view as the central widget
// (repainted on every session change in the current theme) and one dock.
struct Window {
  QMainWindow main;
  ws::qt::SceneSvgView* canvas = new ws::qt::SceneSvgView;
  QDockWidget* dock = new QDockWidget("Registers");
  ui::Theme theme = ui::loadTheme("light");
  ui::Session* session = nullptr;
  void repaint() {
    if (session) canvas->setScene(ui::buildScene(session->frame(), &session->index(), theme));
  }
  Window() {
    main.setCentralWidget(canvas);
    dock->setWidget(new QLabel("registers"));
    main.addDockWidget(Qt::RightDockWidgetArea, dock);
    main.resize(1280, 800);
  }
};

}  // namespace

class PresentationModeTest : public QObject {
  Q_OBJECT
 private slots:
  void entersAndLeaves();
  void autoplayStepsAndHolds();
  void speedSliderIsLogarithmic();
};

void PresentationModeTest::entersAndLeaves() {
  auto s = butterfly();
  QVERIFY(s);
  Window w;
  w.session = s.get();
  ws::qt::PresentationMode pm(&w.main, w.canvas);
  QObject::connect(&pm, &ws::qt::PresentationMode::themeChanged, [&](const ui::Theme& t) {
    w.theme = t;
    w.repaint();
  });
  pm.setSession(s.get());
  w.repaint();
  w.main.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w.main));
  QVERIFY(w.dock->isVisible());

  s->step();
  pm.enter();
  QVERIFY(pm.active());
  QVERIFY(w.main.isFullScreen());
  QVERIFY(!w.dock->isVisible());
  QCOMPARE(QString::fromStdString(w.theme.name), QString("projector"));
  QVERIFY(pm.caption()->isVisible());
  QCOMPARE(pm.caption()->text(), QString("Every lane reads %r1 from its partner: lane XOR 1. Lane 4 and lane 5 swap."));
  QVERIFY(pm.controls()->isVisible());
  // The caption sits along the bottom of the canvas, across its width.
  QCOMPARE(pm.caption()->width(), w.canvas->width());
  QCOMPARE(pm.caption()->geometry().bottom(), w.canvas->height() - 1);
  saveShot(&w.main, "presentation.png");

  QTest::keyClick(&w.main, Qt::Key_Escape);
  QVERIFY(!pm.active());
  QVERIFY(!w.main.isFullScreen());
  QVERIFY(w.dock->isVisible());
  QVERIFY(!pm.caption()->isVisible());
  QCOMPARE(QString::fromStdString(w.theme.name), QString("light"));
}

void PresentationModeTest::autoplayStepsAndHolds() {
  auto s = butterfly();
  QVERIFY(s);
  Window w;
  w.session = s.get();
  ws::qt::PresentationMode pm(&w.main, w.canvas);
  ui::DebuggerChoices choices;
  choices.unit = core::StepUnit::Step;
  pm.setChoices(&choices);
  pm.setSession(s.get());
  int holdAfter = 2;
  pm.setHoldWhile([&] { return s->position() >= static_cast<std::uint64_t>(holdAfter); });
  pm.speedSlider()->setValue(20);  // 8 steps per second
  pm.enter();
  QVERIFY(s->position() == 0);
  QTest::mouseClick(pm.playButton(), Qt::LeftButton);
  QVERIFY(pm.driver().autoplaying());
  QTRY_VERIFY_WITH_TIMEOUT(!pm.driver().autoplaying(), 3000);
  QCOMPARE(s->position(), 2u);  // held there, as predict mode holds before a question
  QVERIFY(!pm.playButton()->isChecked());
  QCOMPARE(pm.caption()->text(), QString("Each lane adds its own value and its partner's: pairs now hold the same sum."));
  holdAfter = 1000;
  pm.setPlaying(true);
  QTRY_VERIFY_WITH_TIMEOUT(s->finished(), 5000);
  QTRY_VERIFY(!pm.driver().autoplaying());  // stops by itself at the end
  pm.leave();
}

void PresentationModeTest::speedSliderIsLogarithmic() {
  QCOMPARE(ws::qt::PresentationMode::speedForSlider(0), 0.25);
  QCOMPARE(ws::qt::PresentationMode::speedForSlider(12), 2.0);
  QCOMPARE(ws::qt::PresentationMode::speedForSlider(20), 8.0);
}

QTEST_MAIN(PresentationModeTest)
#include "presentation_mode_test.moc"
