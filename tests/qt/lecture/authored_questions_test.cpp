// A lesson's authored questions in the main window's Predict panel: asked at
// their step before any collective's round, answered by clicking a choice or
// typing, checked, and revealed with the explanation when the run reaches
// the reveal point; stepping back before the ask hides the question again.
// With WS_SCREENSHOT_DIR set it saves the window asking and revealing.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QtTest>

#include "app/qt/lecture/lecture_features.hpp"
#include "app/qt/lecture/predict_panel.hpp"
#include "app/qt/lecture/question_box.hpp"
#include "app/qt/main_window.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

using namespace ws;

namespace {
const QString kQuiz = QString::fromStdString(ws::test::dataPath("/lesson/questions.toml"));

// On the indicator: a radio button takes clicks on its circle and its text only.
void clickChoice(QRadioButton* b) { QTest::mouseClick(b, Qt::LeftButton, {}, QPoint(8, b->height() / 2)); }

void saveShot(QWidget* w, const char* name) {
  const QString dir = qEnvironmentVariable("WS_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QTest::qWait(300);
  w->grab().save(dir + "/" + name);
}
}  // namespace

class AuthoredQuestionsTest : public QObject {
  Q_OBJECT
 private slots:
  void askedCheckedAndRevealedInThePredictPanel();
};

void AuthoredQuestionsTest::askedCheckedAndRevealedInThePredictPanel() {
  QTemporaryDir autosave;
  qt::MainWindow w{false};
  w.showError = [](const QString&, const QString& text) { qWarning("%s", qPrintable(text)); };
  auto* features = qt::LectureFeatures::install(w, {.autosave = false, .autosaveDir = autosave.path()});
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QVERIFY(w.openPath(kQuiz));
  w.commands()->action(ui::ActionId::PredictMode)->trigger();
  QVERIFY(features->predictDock()->isVisible());
  qt::PredictPanel* panel = features->predict();
  qt::QuestionBox* box = panel->questionBox();
  ui::Session& s = *w.session();
  QVERIFY(!box->isVisible());

  // Step 2: the first question is asked, before the shuffle's own round.
  s.seek(2);
  QVERIFY(box->isVisible());
  QVERIFY(!panel->round());
  QVERIFY(panel->hasQuestion());
  QVERIFY(box->prompt()->text().contains("What does lane 4 get"));
  QCOMPARE(box->choices().size(), std::size_t{3});
  QVERIFY(!box->explanation()->isVisible());
  QVERIFY(!box->answerEdit()->isVisible());
  clickChoice(box->choices()[1]);
  QTest::mouseClick(box->checkButton(), Qt::LeftButton);
  QCOMPARE(box->verdict()->text(), QString("Not right."));
  clickChoice(box->choices()[2]);
  QTest::mouseClick(box->checkButton(), Qt::LeftButton);
  QCOMPARE(box->verdict()->text(), QString("Right."));
  QVERIFY(!panel->hasQuestion());  // answered: autoplay may go on
  saveShot(&w, "qt-question-asked.png");

  // Back before the ask: hidden; forward again: the answer is kept.
  s.seek(1);
  QVERIFY(!box->isVisible() || panel->authored().state(0) == ui::AuthoredState::Hidden);
  QVERIFY(!panel->authored().current());
  s.seek(3);
  QVERIFY(box->isVisible());
  QVERIFY(box->choices()[2]->isChecked());
  QVERIFY(!box->explanation()->isVisible());

  // Step 4 is the reveal: the answer and the explanation are shown.
  s.step();
  QCOMPARE(s.position(), 4u);
  QVERIFY(box->isVisible());
  QVERIFY(box->explanation()->isVisible());
  QVERIFY(box->explanation()->text().contains("Lane 4 ^ 1 is lane 5"));
  QCOMPARE(box->solution()->text(), QString("Answer: 6"));
  QCOMPARE(box->verdict()->text(), QString("You answered 6: right."));
  QVERIFY(!box->checkButton()->isEnabled());
  saveShot(&w, "qt-question-revealed.png");

  // The second question is typed, asked when the vote is next.
  s.seek(5);
  QVERIFY(box->isVisible());
  QCOMPARE(box->index(), std::size_t{1});
  QVERIFY(box->answerEdit()->isVisible());
  QVERIFY(box->choices().empty());
  QTest::keyClicks(box->answerEdit(), "0xAAAAAAAA");
  QTest::keyClick(box->answerEdit(), Qt::Key_Return);
  QCOMPARE(box->verdict()->text(), QString("Right."));
  s.seek(7);
  QVERIFY(box->explanation()->text().contains("0xaaaaaaaa"));
}

QTEST_MAIN(AuthoredQuestionsTest)
#include "authored_questions_test.moc"
