#pragma once
// Owns the open document and its Session, and turns the session's observer
// callbacks into a Qt signal every panel listens to. Panels never keep a
// session pointer across documents: they ask the host on each change.
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

#include "ui/files/scenario_document.hpp"
#include "ui/session/session.hpp"
#include "ui/scene/theme.hpp"

namespace ws::qt {

class SessionHost : public QObject {
  Q_OBJECT
 public:
  explicit SessionHost(QObject* parent = nullptr);
  ~SessionHost() override;

  ui::Session* session() { return m_session.get(); }
  const ui::ScenarioDocument* document() const { return m_doc ? &*m_doc : nullptr; }
  // The file it was loaded from or saved to; empty for an unsaved PTX launch.
  QString path() const;
  const ui::Theme& theme() const { return m_theme; }
  void setTheme(const ui::Theme& t);

  // Replaces the open document (returns the error text instead on failure,
  // leaving the current one open).
  QString open(ui::ScenarioDocument doc);
  // What a launch request names (a .toml, or a PTX file with its launch).
  QString open(const ui::LaunchRequest& request);
  // Swaps in a session rebuilt from the same document (the editor's Apply);
  // the document and its path stay. Panels see it as a change.
  void replaceSession(std::unique_ptr<ui::Session> s);
  // Saves step, focus and breakpoints into the scenario file.
  QString saveAs(const QString& path);
  // Whether step, focus or breakpoints differ from the file.
  bool dirty() const;

 signals:
  void changed();          // after every session revision
  void documentChanged();  // a new document was opened or saved under a new name
  void themeChanged();

 private:
  struct Saved;
  void markSaved();

  std::optional<ui::ScenarioDocument> m_doc;
  std::unique_ptr<ui::Session> m_session;
  std::unique_ptr<Saved> m_saved;
  ui::Theme m_theme;
};

}  // namespace ws::qt
