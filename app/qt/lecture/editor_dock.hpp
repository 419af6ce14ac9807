#pragma once
// The editor dock: the scenario's text (or the PTX module's) in a CodeEditor,
// re-checked a moment after each change (debounced) with its problems marked
// at their lines, and Apply, which rebuilds the session from the edited text
// (ui::applyDocument keeps the launch and the other settings). Every edit is
// also announced (edited()) so autosave can keep it.
#include <QDockWidget>
#include <QTimer>
#include <functional>
#include <memory>

#include "ui/files/document.hpp"

class QLabel;
class QPushButton;

namespace ws::ui {
class Session;
}

namespace ws::qt {

class CodeEditor;

class EditorDock : public QDockWidget {
  Q_OBJECT
 public:
  using ApplyHandler = std::function<void(std::unique_ptr<ui::Session>)>;

  explicit EditorDock(QWidget* parent = nullptr);

  // The document: its text, kind and path (for messages and relative files).
  // `modified`: the text differs from the file (a recovered autosave).
  void setDocument(const QString& text, ui::DocumentKind kind, const QString& path, bool modified = false);
  // The session an applied edit replaces (its launch is kept for PTX; not owned).
  void setSession(const ui::Session* s) { m_session = s; }
  // Receives the new session on Apply.
  void setApplyHandler(ApplyHandler h) { m_apply = std::move(h); }
  void setDebounceMs(int ms) { m_check.setInterval(ms); }

  QString text() const;
  ui::DocumentKind kind() const { return m_kind; }
  QString path() const { return m_path; }
  bool modified() const { return m_modified; }
  // The text was saved elsewhere (File > Save): no longer modified.
  void markSaved();
  CodeEditor* editor() const { return m_editor; }
  QPushButton* applyButton() const { return m_applyButton; }
  QPushButton* saveButton() const { return m_saveButton; }
  QLabel* status() const { return m_status; }

 public slots:
  // Checks now (the debounce calls this).
  void check();
  // Rebuilds the session from the text; false (and the error shown) when it cannot.
  bool apply();
  // Writes the text over the document's file (atomically); false (error shown) when it cannot.
  bool saveText();

 signals:
  void edited(const QString& text);
  void checked(int problems);
  void applied();
  // The text was written to path(): whoever holds the document reloads it.
  void savedToDisk(const QString& path);

 private:
  CodeEditor* m_editor;
  QLabel* m_status;
  QPushButton* m_applyButton;
  QPushButton* m_saveButton;
  QTimer m_check;
  ui::DocumentKind m_kind = ui::DocumentKind::Scenario;
  QString m_path;
  const ui::Session* m_session = nullptr;
  ApplyHandler m_apply;
  bool m_modified = false;
  bool m_loading = false;
};

}  // namespace ws::qt
