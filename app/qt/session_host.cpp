#include "app/qt/session_host.hpp"

#include <vector>

namespace ws::qt {

// What the file holds of the session, to tell whether closing loses anything.
struct SessionHost::Saved {
  std::uint64_t step = 0;
  ui::Focus focus;
  std::vector<core::Breakpoint> breakpoints;
};

SessionHost::SessionHost(QObject* parent) : QObject(parent), m_theme(ui::loadTheme("light")) {}
SessionHost::~SessionHost() = default;

QString SessionHost::path() const { return m_doc ? QString::fromStdString(m_doc->path()) : QString(); }

void SessionHost::setTheme(const ui::Theme& t) {
  m_theme = t;
  emit themeChanged();
  emit changed();
}

QString SessionHost::open(ui::ScenarioDocument doc) {
  auto made = doc.makeSession();
  if (auto* e = std::get_if<std::string>(&made)) return QString::fromStdString(*e);
  m_session = std::move(std::get<std::unique_ptr<ui::Session>>(made));
  m_doc.emplace(std::move(doc));
  m_session->addObserver([this](const ui::Session&) { emit changed(); });
  markSaved();
  emit documentChanged();
  emit changed();
  return {};
}

void SessionHost::replaceSession(std::unique_ptr<ui::Session> s) {
  if (!s) return;
  m_session = std::move(s);
  m_session->addObserver([this](const ui::Session&) { emit changed(); });
  emit changed();
}

QString SessionHost::open(const ui::LaunchRequest& request) {
  auto d = ui::ScenarioDocument::open(request);
  if (auto* e = std::get_if<std::string>(&d)) return QString::fromStdString(*e);
  return open(std::move(std::get<ui::ScenarioDocument>(d)));
}

QString SessionHost::saveAs(const QString& path) {
  if (!m_doc || !m_session) return tr("Nothing is open.");
  m_doc->capture(*m_session);
  const std::string err = m_doc->saveAs(path.toStdString());
  if (!err.empty()) return QString::fromStdString(err);
  markSaved();
  emit documentChanged();
  return {};
}

void SessionHost::markSaved() {
  m_saved = std::make_unique<Saved>();
  m_saved->step = m_session->position();
  m_saved->focus = m_session->focus();
  m_saved->breakpoints = m_session->breakpoints();
}

bool SessionHost::dirty() const {
  if (!m_session || !m_saved) return false;
  if (m_doc && m_doc->path().empty()) return true;  // a PTX launch never saved
  return m_session->position() != m_saved->step || !(m_session->focus() == m_saved->focus) ||
         m_session->breakpoints() != m_saved->breakpoints;
}

}  // namespace ws::qt
