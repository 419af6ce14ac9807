#pragma once
// Command-line options of the warpscope executable.
#include <QString>
#include <QStringList>

#include <optional>

namespace ws::qt {

struct AppOptions {
  QString file;               // scenario or PTX to open; empty: last file, else the default scenario
  std::optional<qulonglong> seek;  // go to this step after opening
  QString until;              // or step until an instruction whose mnemonic starts with this
  QString screenshot;         // grab the window into this PNG once painted, then quit
  QString canvasShot;         // and the lane view alone into this one
  int benchmarkFrames = 0;    // autoplay this many frames while painting, print frame times, quit
  QString theme;              // light, dark, projector (default: the saved one)
  bool useSettings = true;
  bool allWarps = false;
};

// Parses the application's arguments; exits with usage text on bad input.
AppOptions parseAppOptions(const QStringList& args);

// The scenario warpscope opens when given nothing: the README's default
// (red-async-cluster), else the first bundled example; empty if none.
QString defaultScenario();

}  // namespace ws::qt
