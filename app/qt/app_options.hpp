#pragma once
// Command-line options of the warpscope executable: the launch options every
// front end takes (ui::LaunchRequest, spelled as warpscope-cli spells them)
// and the viewing options warpscope-imgui shares.
#include <QString>
#include <QStringList>

#include <optional>

#include "ui/files/launch_request.hpp"

namespace ws::qt {

struct AppOptions {
  // The scenario or PTX file to open (path empty: the last file, else the
  // default scenario) and, for a PTX file, its launch.
  ui::LaunchRequest launch;
  std::optional<qulonglong> step;  // go to the moment after this many steps after opening
  QString until;              // or step until an instruction whose mnemonic starts with this
  QString screenshot;         // grab the window into this PNG once painted, then quit
  QString canvasShot;         // and the lane view alone into this one
  int benchmarkFrames = 0;    // autoplay this many frames while painting, print frame times, quit
  QString theme;              // light, dark, projector (default: the saved one)
  bool useSettings = true;
  std::optional<bool> allWarps;  // --all-warps / --one-warp; unset: the view menu's saved choice
};

// Parses the application's arguments; exits with usage text on bad input.
AppOptions parseAppOptions(const QStringList& args);

// The scenario warpscope opens when given nothing: the README's default
// (red-async-cluster), else the first bundled example; empty if none.
QString defaultScenario();

}  // namespace ws::qt
