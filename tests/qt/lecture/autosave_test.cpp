// Autosave and crash recovery: the writer saves after the debounce and on its
// timer, atomically, and cleans up on a clean exit; a process killed with
// SIGKILL leaves an autosave that the next start finds and offers back (the
// Recover / Discard prompt is answered by the test).
#include <QDir>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "app/qt/lecture/autosave.hpp"
#include "tests/support/test_paths.hpp"

using ws::qt::Autosaver;

namespace {

const QString kEdited = QStringLiteral("format = 1\ntitle = \"edited before the crash\"\n");

// Starts the probe, waits for its autosave, then kills it (SIGKILL) or lets it exit.
void runProbe(const QString& dir, bool clean, qint64* pid) {
  QProcess p;
  p.setProgram(QString::fromStdString(ws::test::autosaveProbePath()));
  p.setArguments({dir, "/lessons/shfl.toml", kEdited});
  if (clean) p.setArguments(p.arguments() << "--exit-cleanly");
  p.start();
  QVERIFY(p.waitForStarted());
  *pid = p.processId();
  QVERIFY(p.waitForReadyRead(10000));
  QCOMPARE(p.readLine().trimmed(), QByteArray("saved"));
  if (clean) {
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 0);
    return;
  }
  p.kill();  // SIGKILL: no chance to clean up
  QVERIFY(p.waitForFinished(10000));
  QCOMPARE(p.exitStatus(), QProcess::CrashExit);
}

void answerRecovery(const char* button) {
  QTimer::singleShot(50, [button] {
    for (QWidget* w : QApplication::topLevelWidgets()) {
      if (w->objectName() == "recoveryDialog" && w->isVisible()) {
        if (auto* b = w->findChild<QPushButton*>(button)) b->click();
        return;
      }
    }
    QFAIL("no recovery dialog");
  });
}

}  // namespace

class AutosaveTest : public QObject {
  Q_OBJECT
 private slots:
  void savesAfterDebounceAndCleansUp();
  void killedProcessIsRecovered();
  void discardDeletes();
  void cleanExitLeavesNothing();
  void liveSessionsAreLeftAlone();
};

void AutosaveTest::savesAfterDebounceAndCleansUp() {
  QTemporaryDir dir;
  Autosaver a(dir.path());
  a.setDebounceMs(30);
  QVERIFY(a.start());
  QVERIFY(QFile::exists(a.lockPath()));
  QSignalSpy spy(&a, &Autosaver::saved);
  a.setDocument("/x/k.ptx", "ptx");
  a.edited("first");
  a.edited("second");  // the debounce restarts: one save of the latest text
  QVERIFY(a.dirty());
  QVERIFY(spy.wait(2000));
  QCOMPARE(spy.count(), 1);
  QVERIFY(!a.dirty());
  QFile f(a.textPath());
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(f.readAll(), QByteArray("second"));
  f.close();
  // The periodic timer saves pending edits even when edits keep coming.
  a.setDebounceMs(100000);
  a.setIntervalMs(50);
  a.start();
  a.edited("third");
  QVERIFY(spy.wait(2000));
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(f.readAll(), QByteArray("third"));
  f.close();
  // Saving the document drops the autosave; finishing drops the lock too.
  a.documentSaved();
  QVERIFY(!QFile::exists(a.textPath()));
  QVERIFY(QFile::exists(a.lockPath()));
  a.finish();
  QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

void AutosaveTest::killedProcessIsRecovered() {
  QTemporaryDir dir;
  qint64 pid = 0;
  runProbe(dir.path(), false, &pid);
  if (QTest::currentTestFailed()) return;
  QVERIFY(!Autosaver::processAlive(pid));
  const auto found = Autosaver::orphans(dir.path());
  QCOMPARE(found.size(), 1);
  QCOMPARE(found[0].pid, pid);
  QCOMPARE(found[0].originalPath, QString("/lessons/shfl.toml"));
  QCOMPARE(found[0].kind, QString("scenario"));
  QCOMPARE(found[0].text(), kEdited);
  answerRecovery("recover");
  const auto got = ws::qt::offerRecovery(nullptr, dir.path());
  QVERIFY(got.has_value());
  QCOMPARE(got->text, kEdited);
  QCOMPARE(got->originalPath, QString("/lessons/shfl.toml"));
  // Recovered once: the dead session's files are gone, nothing is offered again.
  QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
  QVERIFY(!ws::qt::offerRecovery(nullptr, dir.path()).has_value());
}

void AutosaveTest::discardDeletes() {
  QTemporaryDir dir;
  qint64 pid = 0;
  runProbe(dir.path(), false, &pid);
  if (QTest::currentTestFailed()) return;
  answerRecovery("discard");
  QVERIFY(!ws::qt::offerRecovery(nullptr, dir.path()).has_value());
  QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

void AutosaveTest::cleanExitLeavesNothing() {
  QTemporaryDir dir;
  qint64 pid = 0;
  runProbe(dir.path(), true, &pid);
  if (QTest::currentTestFailed()) return;
  QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
  QVERIFY(Autosaver::orphans(dir.path()).isEmpty());
}

void AutosaveTest::liveSessionsAreLeftAlone() {
  QTemporaryDir dir;
  // This process's own autosave is not an orphan; nor is a running process's.
  Autosaver a(dir.path());
  QVERIFY(a.start());
  a.edited("mine");
  QVERIFY(a.saveNow());
  QVERIFY(Autosaver::orphans(dir.path()).isEmpty());
  QProcess sleeper;
  sleeper.start("sleep", {"30"});
  QVERIFY(sleeper.waitForStarted());
  const QString other = dir.path() + QStringLiteral("/%1").arg(sleeper.processId());
  QFile lock(other + ".lock"), text(other + ".autosave");
  QVERIFY(lock.open(QIODevice::WriteOnly) && text.open(QIODevice::WriteOnly));
  lock.close();
  text.write("theirs");
  text.close();
  QVERIFY(Autosaver::orphans(dir.path()).isEmpty());
  sleeper.kill();
  sleeper.waitForFinished();
  QCOMPARE(Autosaver::orphans(dir.path()).size(), 1);
  a.finish();
}

QTEST_MAIN(AutosaveTest)
#include "autosave_test.moc"
