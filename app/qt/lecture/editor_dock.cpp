#include "app/qt/lecture/editor_dock.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include "app/qt/lecture/code_editor.hpp"
#include "ui/session/session.hpp"

namespace ws::qt {

EditorDock::EditorDock(QWidget* parent) : QDockWidget(tr("Editor"), parent) {
  setObjectName("editorDock");
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  m_editor = new CodeEditor(body);
  m_editor->setObjectName("editorText");
  m_status = new QLabel(body);
  m_status->setObjectName("editorStatus");
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_applyButton = new QPushButton(tr("&Apply"), body);
  m_applyButton->setObjectName("editorApply");
  m_applyButton->setToolTip(tr("Restart the session from the edited text (launch and settings kept)"));
  m_saveButton = new QPushButton(tr("&Save text"), body);
  m_saveButton->setObjectName("editorSave");
  m_saveButton->setToolTip(tr("Write the edited text over the file and reopen it"));
  auto* row = new QHBoxLayout;
  row->addWidget(m_status, 1);
  row->addWidget(m_applyButton);
  row->addWidget(m_saveButton);
  layout->addWidget(m_editor, 1);
  layout->addLayout(row);
  setWidget(body);

  m_check.setSingleShot(true);
  m_check.setInterval(400);
  connect(&m_check, &QTimer::timeout, this, &EditorDock::check);
  connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
    if (m_loading) return;
    m_modified = true;
    m_check.start();
    emit edited(text());
  });
  connect(m_applyButton, &QPushButton::clicked, this, &EditorDock::apply);
  connect(m_saveButton, &QPushButton::clicked, this, &EditorDock::saveText);
}

void EditorDock::setDocument(const QString& text, ui::DocumentKind kind, const QString& path, bool modified) {
  m_kind = kind;
  m_path = path;
  m_loading = true;
  m_editor->setPlainText(text);
  m_loading = false;
  m_modified = modified;
  setWindowTitle(tr("Editor: %1").arg(path.section(QLatin1Char('/'), -1)));
  check();
}

QString EditorDock::text() const { return m_editor->toPlainText(); }

void EditorDock::markSaved() { m_modified = false; }

void EditorDock::check() {
  m_check.stop();
  auto problems = ui::checkDocument(text().toStdString(), m_kind, m_path.toStdString());
  const int n = static_cast<int>(problems.size());
  if (problems.empty()) {
    m_status->setText(m_modified ? tr("No problems. Apply to restart the session from this text.") : tr("No problems."));
  } else {
    QString first = QString::fromStdString(problems.front().text);
    m_status->setText(n == 1 ? first : tr("%1 (and %n more)", "", n - 1).arg(first));
  }
  m_applyButton->setEnabled(problems.empty());
  m_editor->setProblems(std::move(problems));
  emit checked(n);
}

bool EditorDock::saveText() {
  if (m_path.isEmpty()) {
    m_status->setText(tr("This text has no file yet: use File > Save As."));
    return false;
  }
  QSaveFile f(m_path);
  if (!f.open(QIODevice::WriteOnly) || f.write(text().toUtf8()) < 0 || !f.commit()) {
    m_status->setText(tr("%1: %2").arg(m_path, f.errorString()));
    return false;
  }
  m_modified = false;
  m_status->setText(tr("Saved %1.").arg(m_path));
  emit savedToDisk(m_path);
  return true;
}

bool EditorDock::apply() {
  check();
  if (!m_apply) return false;
  auto made = ui::applyDocument(text().toStdString(), m_kind, m_path.toStdString(), m_session);
  if (auto* err = std::get_if<std::string>(&made)) {
    m_status->setText(QString::fromStdString(*err).trimmed());
    return false;
  }
  auto session = std::move(std::get<std::unique_ptr<ui::Session>>(made));
  m_session = session.get();
  m_apply(std::move(session));
  m_status->setText(tr("Applied: the session restarted from the edited text."));
  emit applied();
  return true;
}

}  // namespace ws::qt
