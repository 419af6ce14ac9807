// Predict mode's panel on a real session: the question appears only before a
// collective, clicks on lanes record shfl guesses, typed values record value
// guesses, Reveal executes the step and marks every guess.
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

#include "app/qt/lecture/predict_panel.hpp"
#include "app/qt/lecture/scene_svg_view.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/test_util.hpp"
#include "ui/session/session.hpp"

using namespace ws;

namespace {

std::unique_ptr<ui::Session> makeSession(const char* body) {
  auto parsed = core::parsePtx(test::kernel(body), "k.ptx");
  if (!parsed.ok()) return nullptr;
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {32, 1, 1};
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(256, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(256, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto made = ui::Session::create(std::make_shared<const core::Program>(std::move(*parsed.program)), cfg);
  if (!std::holds_alternative<std::unique_ptr<ui::Session>>(made)) return nullptr;
  return std::move(std::get<std::unique_ptr<ui::Session>>(made));
}

void stepBefore(ui::Session& s, core::Opcode op) {
  for (int i = 0; i < 100; ++i) {
    const core::NextStep n = core::peekNext(s.history());
    if (!n.valid || s.program().instrs[n.pc].op == op) return;
    s.step();
  }
}

void saveShot(QWidget* w, const char* name) {
  const QByteArray dir = qgetenv("WS_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QTest::qWait(200);
  w->grab().save(QString::fromUtf8(dir) + "/" + name);
}

void click(ws::qt::SceneSvgView* v, const std::string& id) {
  const auto p = v->centreOf(id);
  QVERIFY2(p.has_value(), id.c_str());
  QTest::mouseClick(v, Qt::LeftButton, {}, p->toPoint());
}

}  // namespace

class PredictPanelTest : public QObject {
  Q_OBJECT
 private slots:
  void shuffleGuessesByClickingLanes();
  void valueGuessesAreTyped();
  void offModeAsksNothing();
};

void PredictPanelTest::shuffleGuessesByClickingLanes() {
  auto s = makeSession(
      "\tmul.lo.u32 %r1, %r0, 3;\n"
      "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n");
  QVERIFY(s);
  ws::qt::PredictPanel panel;
  panel.setTheme(ui::loadTheme("projector"));
  panel.resize(1600, 1000);
  panel.setSession(s.get());
  panel.setEnabledMode(true);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  QVERIFY(!panel.hasQuestion());  // the preamble's ld.param is next
  stepBefore(*s, core::Opcode::Shfl);
  panel.refresh();
  QVERIFY(panel.hasQuestion());
  QVERIFY(panel.revealButton()->isEnabled());
  QCOMPARE(panel.table()->rowCount(), 32);
  const std::uint64_t before = s->position();

  // Lane 5 reads from lane 4 (right); lane 6 from lane 5 (wrong).
  click(panel.sceneView(), "w0-lane5");
  click(panel.sceneView(), "w0-lane4");
  click(panel.sceneView(), "w0-lane6");
  click(panel.sceneView(), "w0-lane5");
  QCOMPARE(panel.round()->guessesGiven(), 2);
  QCOMPARE(panel.round()->guess(5).bits, 4u);
  QCOMPARE(panel.table()->item(5, 1)->text(), QString("4"));
  QCOMPARE(panel.sceneView()->scene().find("flow guess").size(), 2u);
  QCOMPARE(s->position(), before);  // nothing ran yet
  saveShot(&panel, "predict-guess.png");

  QTest::mouseClick(panel.revealButton(), Qt::LeftButton);
  QCOMPARE(s->position(), before + 1);
  QVERIFY(!panel.hasQuestion());
  QVERIFY(panel.round()->revealed());
  QCOMPARE(panel.table()->item(5, 3)->text(), QString::fromUtf8("\u2713 right"));
  QCOMPARE(panel.table()->item(6, 3)->text(), QString::fromUtf8("\u2717 wrong"));
  QCOMPARE(panel.table()->item(6, 2)->text(), QString("lane 7"));
  QCOMPARE(panel.table()->item(9, 3)->text(), QString("not guessed"));
  QCOMPARE(panel.sceneView()->scene().find("flow shuffle truth").size(), 32u);
  saveShot(&panel, "predict-reveal.png");
  // The verdicts stay up while the session moves on, until Next.
  s->step();
  panel.refresh();
  QVERIFY(panel.round()->revealed());
  panel.next();
  QVERIFY(!panel.round().has_value());
}

void PredictPanelTest::valueGuessesAreTyped() {
  auto s = makeSession(
      "\tsetp.lt.u32 %p1, %r0, 4;\n"
      "\tvote.sync.ballot.b32 %r3, %p1, 0xffffffff;\n");
  QVERIFY(s);
  ws::qt::PredictPanel panel;
  panel.setSession(s.get());
  panel.setEnabledMode(true);
  stepBefore(*s, core::Opcode::Vote);
  panel.refresh();
  QVERIFY(panel.hasQuestion());
  panel.table()->item(0, 1)->setText("0xf");
  panel.table()->item(1, 1)->setText("3");
  panel.table()->item(2, 1)->setText("nonsense");
  QCOMPARE(panel.round()->guessesGiven(), 2);
  panel.reveal();
  QCOMPARE(panel.table()->item(0, 3)->text(), QString::fromUtf8("\u2713 right"));
  QCOMPARE(panel.table()->item(1, 3)->text(), QString::fromUtf8("\u2717 wrong"));
  QCOMPARE(panel.table()->item(1, 2)->text(), QString("15"));
}

void PredictPanelTest::offModeAsksNothing() {
  auto s = makeSession("\tshfl.sync.bfly.b32 %r2, %r0, 1, 0x1f, 0xffffffff;\n");
  QVERIFY(s);
  ws::qt::PredictPanel panel;
  panel.setSession(s.get());
  stepBefore(*s, core::Opcode::Shfl);
  panel.refresh();
  QVERIFY(!panel.hasQuestion());
  panel.setEnabledMode(true);
  QVERIFY(panel.hasQuestion());
  panel.setEnabledMode(false);
  QVERIFY(!panel.hasQuestion());
}

QTEST_MAIN(PredictPanelTest)
#include "predict_panel_test.moc"
