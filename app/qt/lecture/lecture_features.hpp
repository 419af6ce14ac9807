#pragma once
// Hooks the lecture and editing features into the main window through its
// public extension points (addPanel, menu, host, runController, commands):
// presentation mode and predict mode follow the shared View actions (F12,
// Ctrl+Shift+P), the editor dock edits the open document and applies it,
// File > Open CUDA source compiles a .cu with nvcc, and edits are autosaved
// with recovery offered after a crash.
#include <QObject>
#include <QPointer>
#include <QTemporaryDir>
#include <memory>
#include <vector>

#include "app/qt/lecture/autosave.hpp"

class QDockWidget;

namespace ws::qt {

class MainWindow;
class PresentationMode;
class PredictPanel;
class EditorDock;

struct LectureOptions {
  bool autosave = true;  // off for batch runs (screenshots, benchmarks) and tests that do not want it
  QString autosaveDir = Autosaver::defaultDir();
};

class LectureFeatures : public QObject {
  Q_OBJECT
 public:
  // Installs everything into `w` (owned by it).
  static LectureFeatures* install(MainWindow& w, LectureOptions o = {});
  ~LectureFeatures() override;  // the window closed cleanly: the autosave goes

  PresentationMode* presentation() const { return m_presentation; }
  PredictPanel* predict() const { return m_predict; }
  QDockWidget* predictDock() const { return m_predictDock; }
  EditorDock* editor() const { return m_editor; }
  Autosaver* autosaver() const { return m_autosaver.get(); }

  // Asks about an autosave a crashed session left (Recover / Discard) and,
  // on Recover, opens its document with the recovered text in the editor.
  // Returns whether something was recovered.
  bool offerRecovery();
  // Compiles a .cu with nvcc (dialog) and opens the PTX with the launch dialog.
  bool openCuda(const QString& cuPath);

 private:
  LectureFeatures(MainWindow& w, LectureOptions o);
  void syncChoices();     // the View actions' state -> the modes
  void sessionChanged();  // every revision
  void documentChanged();
  void fitPredictDock();

  MainWindow& m_w;
  LectureOptions m_options;
  PresentationMode* m_presentation = nullptr;
  PredictPanel* m_predict = nullptr;
  QDockWidget* m_predictDock = nullptr;
  EditorDock* m_editor = nullptr;
  std::unique_ptr<Autosaver> m_autosaver;
  QString m_themeBefore;
  const void* m_lastSession = nullptr;
  // PTX compiled from .cu files stays readable while the app runs.
  std::vector<std::unique_ptr<QTemporaryDir>> m_compiled;
};

}  // namespace ws::qt
