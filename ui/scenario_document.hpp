#pragma once
// The document a front end opens and saves: a scenario file, or a bare PTX
// file with a launch chosen in a dialog (kept as an unsaved scenario so
// "Save as" writes a .toml that runs it again). Saving writes the session's
// step, focus and breakpoints into the scenario's [session] table; every
// other key is written back as it was loaded.
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/exec/launch.hpp"
#include "ui/session.hpp"

namespace ws::core {
struct Scenario;
}

namespace ws::ui {

// How to launch a bare PTX file (the launch dialog's fields).
struct PtxLaunchRequest {
  std::string ptxPath;
  std::string entry;  // empty: the module's only entry
  core::Dim3 grid{1, 1, 1}, block{32, 1, 1}, cluster{0, 0, 0};
  // One per pointer parameter, in order: a file (.json array of words, or raw
  // bytes), or "zeros:N" / "iota:N" for N generated 32-bit words.
  std::vector<std::string> buffers;
};

// The entries of a PTX file, for the launch dialog; an error (file:line:col) instead.
std::variant<std::vector<std::string>, std::string> ptxEntries(const std::string& ptxPath);

class ScenarioDocument {
 public:
  ScenarioDocument();
  ~ScenarioDocument();
  ScenarioDocument(ScenarioDocument&&) noexcept;
  ScenarioDocument& operator=(ScenarioDocument&&) noexcept;

  // A .toml scenario. Errors are "file:line:col: error: ..." lines.
  static std::variant<ScenarioDocument, std::string> load(const std::string& path);
  static std::variant<ScenarioDocument, std::string> fromPtx(const PtxLaunchRequest& req);

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

// The session's step, focus and breakpoints as a scenario's [session] table:
// breakpoints the session still has keep the scenario's own spelling (lane
// conditions, instruction names); ones it cannot check are kept as they were.
void writeSessionState(const Session& s, core::Scenario& scenario);

}  // namespace ws::ui
