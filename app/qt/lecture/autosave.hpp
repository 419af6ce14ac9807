#pragma once
// Autosave and crash recovery for an edited, unsaved scenario or PTX text.
// While a window runs it holds a lock file named by its process id in the
// autosave directory (QStandardPaths::AppDataLocation/autosave); edits are
// written there a short while after each change and every few seconds while
// unsaved changes remain, atomically (QSaveFile), with a small JSON note of
// which file the text belongs to. A clean exit removes both. On start, a lock
// whose process no longer runs marks a session that crashed or was killed:
// its autosave is offered back (Recover / Discard).
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <optional>

class QWidget;

namespace ws::qt {

// What another (dead) session left behind.
struct AutosaveEntry {
  qint64 pid = 0;
  QString textPath;      // the autosaved text
  QString lockPath;
  QString metaPath;
  QString originalPath;  // the file that was being edited ("" for an unnamed one)
  QString kind;          // "scenario" or "ptx"
  QDateTime saved;
  QString text() const;  // the autosaved text (empty when unreadable)
};

class Autosaver : public QObject {
  Q_OBJECT
 public:
  explicit Autosaver(QString dir = defaultDir(), QObject* parent = nullptr);
  ~Autosaver() override;  // no file is removed here: only finish() means a clean exit

  static QString defaultDir();

  // Takes this process's lock. False (with error()) when the directory cannot be written.
  bool start();
  // Clean exit: removes this process's lock and autosave.
  void finish();

  // Which document the edits belong to (written into the note).
  void setDocument(const QString& originalPath, const QString& kind);
  // The text changed (unsaved): saved after the debounce, and by the periodic timer.
  void edited(const QString& text);
  // The user saved the document: the autosave is no longer needed.
  void documentSaved();
  // Writes the pending text now. False on a write error (error() says why).
  bool saveNow();

  bool dirty() const { return m_dirty; }
  QString error() const { return m_error; }
  QString textPath() const;
  QString lockPath() const;
  QString metaPath() const;
  void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
  void setIntervalMs(int ms) { m_periodic.setInterval(ms); }

  // Autosaves of sessions whose process is gone, newest first. Locks of dead
  // sessions that left no text are removed on the way.
  static QList<AutosaveEntry> orphans(const QString& dir = defaultDir());
  static void discard(const AutosaveEntry& e);
  // Whether a process id is running now.
  static bool processAlive(qint64 pid);

 signals:
  void saved(const QString& path);
  void saveFailed(const QString& error);

 private:
  QString m_dir;
  QString m_text;
  QString m_original, m_kind = QStringLiteral("scenario");
  bool m_dirty = false;
  bool m_started = false;
  QString m_error;
  QTimer m_debounce;  // single shot after an edit
  QTimer m_periodic;  // every few seconds while dirty
};

// A recovered text, to open as an edited, unsaved document.
struct RecoveredText {
  QString text;
  QString originalPath;
  QString kind;
  QDateTime saved;
};

// Asks about the newest orphaned autosave, if any: Recover gives its text
// back, Discard deletes every orphan. Either way the recovered session's
// files are removed (the new session autosaves the text again once edited);
// nullopt when there was nothing or the person discarded.
std::optional<RecoveredText> offerRecovery(QWidget* parent, const QString& dir = Autosaver::defaultDir());

}  // namespace ws::qt
