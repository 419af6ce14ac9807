#pragma once
// What the viewer remembers between runs: theme, UI scale, the last file,
// autoplay speed and the window's size, in $XDG_CONFIG_HOME/warpscope/imgui.toml
// (~/.config/... without it). ImGui's own window layout goes next to it in
// imgui-layout.ini.
#include <optional>
#include <string>

namespace ws::imgui {

struct Settings {
  std::string theme = "light";
  float scale = 0;             // 0: from the monitor's content scale
  std::string lastFile;
  std::string lastDir;         // where the file picker starts
  double autoplaySpeed = 2.0;  // steps per second
  bool allWarps = true;        // the lane view shows every warp of the focused CTA
  int windowWidth = 1600, windowHeight = 1000;
};

// $XDG_CONFIG_HOME/warpscope, else $HOME/.config/warpscope; empty when neither is set.
std::string configDir();
std::string settingsPath();     // configDir()/imgui.toml
std::string layoutIniPath();    // configDir()/imgui-layout.ini

// Missing file: the defaults. A broken file: the defaults and `error` set
// (file:line:col), so a hand edit gone wrong never stops the viewer.
Settings loadSettings(const std::string& path, std::string& error);
// Creates the directory; false with `error` when it cannot write.
bool saveSettings(const Settings& s, const std::string& path, std::string& error);

}  // namespace ws::imgui
