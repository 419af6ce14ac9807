// The editor dock: typing re-checks after the debounce and marks problems at
// their line (underline, gutter marker, tooltip text); Apply is refused while
// there are problems and otherwise hands over a new session built from the
// edited text; every edit is announced for autosave.
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBlock>
#include <QtTest>

#include "app/qt/lecture/code_editor.hpp"
#include "app/qt/lecture/editor_dock.hpp"
#include "ui/session/session.hpp"

using namespace ws;

namespace {
const QString kScenario = QStringLiteral(
    "format = 1\n"
    "title = \"Butterfly\"\n"
    "[program.snippet]\n"
    "code = '''\n"
    "shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"
    "'''\n"
    "lanes = 32\n"
    "[program.snippet.init]\n"
    "\"%r1\" = \"lane\"\n");

void typeOver(QPlainTextEdit* e, int line, const QString& from, const QString& to) {
  QTextCursor c(e->document()->findBlockByNumber(line - 1));
  const int at = static_cast<int>(c.block().text().indexOf(from));
  QVERIFY(at >= 0);
  c.setPosition(c.block().position() + at);
  c.setPosition(c.block().position() + at + static_cast<int>(from.size()), QTextCursor::KeepAnchor);
  e->setTextCursor(c);
  QTest::keyClicks(e, to);  // typed, as a person would
}
}  // namespace

class EditorDockTest : public QObject {
  Q_OBJECT
 private slots:
  void marksProblemsAndApplies();
};

void EditorDockTest::marksProblemsAndApplies() {
  ws::qt::EditorDock dock;
  dock.setDebounceMs(20);
  std::unique_ptr<ui::Session> current;
  dock.setApplyHandler([&](std::unique_ptr<ui::Session> s) { current = std::move(s); });
  dock.setDocument(kScenario, ui::DocumentKind::Scenario, "/tmp/lesson.toml");
  dock.resize(700, 500);
  dock.show();
  QVERIFY(QTest::qWaitForWindowExposed(&dock));
  QVERIFY(dock.editor()->problems().empty());
  QVERIFY(dock.applyButton()->isEnabled());
  QVERIFY(!dock.modified());

  QSignalSpy edited(&dock, &ws::qt::EditorDock::edited);
  QSignalSpy checked(&dock, &ws::qt::EditorDock::checked);
  typeOver(dock.editor(), 5, "bfly", "zzzz");
  QVERIFY(dock.modified());
  QVERIFY(edited.count() >= 4);  // one per keystroke
  QCOMPARE(edited.last().at(0).toString(), dock.text());
  QVERIFY(checked.wait(2000));
  QTRY_VERIFY(!dock.editor()->problems().empty());
  const ui::DocumentProblem& p = dock.editor()->problems().front();
  QCOMPARE(p.line, 5u);
  QVERIFY(!dock.applyButton()->isEnabled());
  QVERIFY(dock.status()->text().startsWith("/tmp/lesson.toml:5:"));
  // Marked at its line: a wavy underline there, and the message as its tooltip.
  const auto marks = dock.editor()->extraSelections();
  QCOMPARE(marks.size(), 1);
  QCOMPARE(marks[0].cursor.block().blockNumber(), 4);
  QCOMPARE(marks[0].format.underlineStyle(), QTextCharFormat::WaveUnderline);
  QCOMPARE(marks[0].format.toolTip(), QString::fromStdString(p.message));
  QCOMPARE(dock.editor()->problemsAt(5), QString::fromStdString(p.message));
  QVERIFY(dock.editor()->problemsAt(4).isEmpty());
  QVERIFY(!dock.apply());
  QVERIFY(!current);
  const QString shot = qEnvironmentVariable("WS_SCREENSHOT_DIR");
  if (!shot.isEmpty()) dock.grab().save(shot + "/editor-error.png");

  // Fixed (and a different distance), then applied.
  typeOver(dock.editor(), 5, "zzzz", "bfly");
  typeOver(dock.editor(), 5, "%r1, 1,", "%r1, 4,");
  QTRY_VERIFY(dock.editor()->problems().empty());
  QVERIFY(dock.applyButton()->isEnabled());
  QTest::mouseClick(dock.applyButton(), Qt::LeftButton);
  QVERIFY(current);
  QCOMPARE(QString::fromStdString(current->title()), QString("Butterfly"));
  current->step();
  QCOMPARE(current->views().flows.arrows[1].from.lane, 5);  // 1 xor 4
}

QTEST_MAIN(EditorDockTest)
#include "editor_dock_test.moc"
