#include "app/qt/lecture/lecture_features.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>

#include "app/qt/lecture/cuda_compiler.hpp"
#include "app/qt/lecture/code_editor.hpp"
#include "app/qt/lecture/editor_dock.hpp"
#include "app/qt/lecture/predict_panel.hpp"
#include "app/qt/lecture/presentation_mode.hpp"
#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/main_window.hpp"

namespace ws::qt {
namespace {

// The editable text of the open document: a scenario file as it is on disk,
// else the PTX module the session runs.
struct DocText {
  QString text;
  ui::DocumentKind kind = ui::DocumentKind::Scenario;
  QString path;
};

std::optional<DocText> documentText(SessionHost& host) {
  const QString path = host.path();
  if (path.endsWith(QStringLiteral(".toml"))) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    return DocText{QString::fromUtf8(f.readAll()), ui::DocumentKind::Scenario, path};
  }
  ui::Session* s = host.session();
  if (!s) return std::nullopt;
  QString text;
  for (const std::string& line : s->program().sourceLines) text += QString::fromStdString(line) + QLatin1Char('\n');
  const auto& files = s->program().files;
  return DocText{text, ui::DocumentKind::Ptx, files.empty() ? QString() : QString::fromStdString(files.front())};
}

}  // namespace

LectureFeatures* LectureFeatures::install(MainWindow& w, LectureOptions o) { return new LectureFeatures(w, std::move(o)); }

LectureFeatures::LectureFeatures(MainWindow& w, LectureOptions o) : QObject(&w), m_w(w), m_options(std::move(o)) {
  setObjectName("lectureFeatures");
  RunController* run = w.runController();
  SessionHost* host = w.host();

  // Predict mode: a dock with the questions, shown while the mode is on.
  m_predict = new PredictPanel;
  // Along the bottom: 32 lanes want the window's whole width.
  m_predictDock = w.addPanel(tr("Predict"), m_predict, Qt::BottomDockWidgetArea, "predictDock");
  m_predictDock->hide();

  // Presentation mode floats over the lane canvas; autoplay waits while a prediction is open.
  m_presentation = new PresentationMode(&w, w.canvas(), this);
  m_presentation->setChoices(&run->choices());
  m_presentation->setHoldWhile([this] { return m_predict->hasQuestion(); });
  m_presentation->keepVisible(m_predictDock);
  connect(m_presentation, &PresentationMode::activeChanged, this, [this, run](bool on) {
    if (on) {
      m_themeBefore = m_w.themeName();
      m_w.setTheme(QStringLiteral("projector"));
    } else if (!m_themeBefore.isEmpty()) {
      m_w.setTheme(m_themeBefore);
    }
    m_predict->setCompact(on);
    fitPredictDock();
    if (run->choices().presenting != on) {  // left with Esc: the action's check mark follows
      run->choices().presenting = on;
      emit run->choicesChanged();
    }
  });

  // The editor.
  m_editor = new EditorDock(&w);
  w.addDockWidget(Qt::RightDockWidgetArea, m_editor);
  m_editor->hide();
  m_editor->setApplyHandler([host](std::unique_ptr<ui::Session> s) { host->replaceSession(std::move(s)); });
  connect(m_editor, &EditorDock::savedToDisk, this, [this, host](const QString& path) {
    if (m_autosaver) m_autosaver->documentSaved();
    if (m_editor->kind() == ui::DocumentKind::Scenario) {
      const std::uint64_t at = host->session() ? host->session()->position() : 0;
      if (m_w.openPath(path) && host->session()) host->session()->seek(at);
    } else {
      m_editor->apply();
    }
  });

  // Menus: the shared View actions, the editor, and .cu files.
  QMenu* view = w.menu(tr("&View"));
  view->addSeparator();
  view->addAction(w.commands()->action(ui::ActionId::Presentation));
  view->addAction(w.commands()->action(ui::ActionId::PredictMode));
  m_editor->toggleViewAction()->setText(tr("&Editor"));
  m_editor->toggleViewAction()->setShortcut(QKeySequence(tr("Ctrl+E")));
  // Opened from the keyboard, typing goes straight into the text.
  connect(m_editor, &QDockWidget::visibilityChanged, m_editor, [this](bool shown) {
    if (shown && m_editor->toggleViewAction()->isChecked()) m_editor->editor()->setFocus();
  });
  view->addAction(m_editor->toggleViewAction());
  QMenu* file = w.menu(tr("&File"));
  auto* openCu = new QAction(tr("Open CUDA source (nvcc)..."), &w);
  openCu->setObjectName("openCuda");
  openCu->setEnabled(!findNvcc().isEmpty());
  openCu->setToolTip(openCu->isEnabled() ? tr("Compile a .cu file to PTX with nvcc -lineinfo and open it")
                                         : tr("nvcc was not found on the PATH or in /usr/local/cuda/bin"));
  connect(openCu, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(&m_w, tr("Open CUDA source"), {}, tr("CUDA source (*.cu)"));
    if (!path.isEmpty()) openCuda(path);
  });
  const auto acts = file->actions();
  file->insertAction(acts.size() > 1 ? acts.at(1) : nullptr, openCu);

  // Autosave of editor edits.
  if (m_options.autosave) {
    m_autosaver = std::make_unique<Autosaver>(m_options.autosaveDir);
    if (m_autosaver->start()) {
      connect(m_editor, &EditorDock::edited, this, [this](const QString& text) {
        m_autosaver->setDocument(m_editor->path(),
                                 m_editor->kind() == ui::DocumentKind::Ptx ? QStringLiteral("ptx") : QStringLiteral("scenario"));
        m_autosaver->edited(text);
      });
    } else {
      m_autosaver.reset();
    }
  }

  connect(run, &RunController::choicesChanged, this, &LectureFeatures::syncChoices);
  connect(host, &SessionHost::changed, this, &LectureFeatures::sessionChanged);
  connect(host, &SessionHost::documentChanged, this, &LectureFeatures::documentChanged);
  documentChanged();
  sessionChanged();
}

LectureFeatures::~LectureFeatures() {
  if (m_autosaver) m_autosaver->finish();
}

void LectureFeatures::syncChoices() {
  const ui::DebuggerChoices& c = m_w.runController()->choices();
  if (c.predicting != m_predict->modeOn()) {
    m_predict->setEnabledMode(c.predicting);
    m_predictDock->setVisible(c.predicting);
    if (c.predicting) m_predictDock->raise();
    fitPredictDock();
  }
  if (c.presenting != m_presentation->active()) c.presenting ? m_presentation->enter() : m_presentation->leave();
}

void LectureFeatures::fitPredictDock() {
  // Presenting, the questions are what the room looks at: give them most of the height.
  if (m_presentation->active() && m_predictDock->isVisible())
    m_w.resizeDocks({m_predictDock}, {m_w.height() * 55 / 100}, Qt::Vertical);
}

void LectureFeatures::sessionChanged() {
  ui::Session* s = m_w.host()->session();
  if (s != m_lastSession) {
    m_lastSession = s;
    m_predict->setSession(s);
    m_presentation->setSession(s);
    m_editor->setSession(s);
  } else {
    m_predict->refresh();
    m_presentation->refresh();
  }
}

void LectureFeatures::documentChanged() {
  if (auto d = documentText(*m_w.host())) m_editor->setDocument(d->text, d->kind, d->path);
}

bool LectureFeatures::offerRecovery() {
  if (!m_autosaver) return false;
  const auto got = ws::qt::offerRecovery(&m_w, m_options.autosaveDir);
  if (!got) return false;
  // The document it belonged to, when it still exists; the recovered text goes into the editor, unsaved.
  if (!got->originalPath.isEmpty() && QFileInfo::exists(got->originalPath) && m_w.host()->path() != got->originalPath)
    m_w.openPath(got->originalPath);
  const ui::DocumentKind kind = got->kind == QStringLiteral("ptx") ? ui::DocumentKind::Ptx : ui::DocumentKind::Scenario;
  m_editor->setDocument(got->text, kind, got->originalPath, true);
  m_editor->show();
  m_editor->raise();
  // Unsaved again in this session: keep it autosaved until it is saved.
  m_autosaver->setDocument(got->originalPath, got->kind);
  m_autosaver->edited(got->text);
  return true;
}

bool LectureFeatures::openCuda(const QString& cuPath) {
  CudaOpenDialog dlg(cuPath, &m_w);
  if (dlg.exec() != QDialog::Accepted) return false;
  m_compiled.push_back(dlg.compiler()->takeOutput());
  return m_w.openPath(dlg.ptxPath());
}

}  // namespace ws::qt
