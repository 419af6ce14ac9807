#pragma once
// The document a front end opens and saves: a scenario file, or a bare PTX
// file with its launch (launch_request.hpp: from the command line or a
// dialog), kept as an unsaved scenario so "Save as" writes a .toml that runs
// it again. Saving writes the session's
// step, focus and breakpoints into the scenario's [session] table; every
// other key is written back as it was loaded.
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "ui/files/launch_request.hpp"
#include "ui/session/session.hpp"

namespace ws::core {
struct Scenario;
}

namespace ws::ui {

class ScenarioDocument {
 public:
  ScenarioDocument();
  ~ScenarioDocument();
  ScenarioDocument(ScenarioDocument&&) noexcept;
  ScenarioDocument& operator=(ScenarioDocument&&) noexcept;

  // What a request names (openLaunch: a .toml, or a PTX file with its
  // launch). Errors are "file:line:col: error: ..." lines.
  static std::variant<ScenarioDocument, std::string> open(const LaunchRequest& req);

  // A fresh session at the saved step, focus and breakpoints.
  std::variant<std::unique_ptr<Session>, std::string> makeSession() const;

  // Where it was loaded from / last saved ("" for a PTX launch never saved).
  const std::string& path() const { return m_path; }
  const std::string& title() const;
  const core::Scenario& scenario() const { return *m_scenario; }

  // Copies the session's position, focus and breakpoints into [session].
  void capture(const Session& s);
  // Writes the scenario atomically to `path` (relative file names are
  // rewritten for the new directory); "" on success, else why not.
  std::string saveAs(const std::string& path);

 private:
  std::unique_ptr<core::Scenario> m_scenario;
  std::string m_path;
};

// Writes `s` atomically to `path`, its relative file names (the PTX file,
// buffer files) rewritten for path's folder; on success `s` is the saved
// scenario (its source is the new file). "" on success, else why not.
std::string saveScenarioAs(core::Scenario& s, const std::string& path);

// The session's step, focus and breakpoints as a scenario's [session] table:
// breakpoints the session still has keep the scenario's own spelling (lane
// conditions, instruction names); ones it cannot check are kept as they were.
void writeSessionState(const Session& s, core::Scenario& scenario);

}  // namespace ws::ui
