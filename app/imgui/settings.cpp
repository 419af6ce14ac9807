#include "app/imgui/settings.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/input/read_file.hpp"
#include "core/scenario/scenario_io.hpp"  // writeFileAtomic
#include "core/input/toml_text.hpp"

namespace ws::imgui {
namespace fs = std::filesystem;

std::string configDir() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return (fs::path(x) / "warpscope").string();
  if (const char* h = std::getenv("HOME"); h && *h) return (fs::path(h) / ".config" / "warpscope").string();
  return {};
}

std::string settingsPath() {
  const std::string d = configDir();
  return d.empty() ? std::string{} : (fs::path(d) / "imgui.toml").string();
}

std::string layoutIniPath() {
  const std::string d = configDir();
  return d.empty() ? std::string{} : (fs::path(d) / "imgui-layout.ini").string();
}

Settings loadSettings(const std::string& path, std::string& error) {
  Settings s;
  std::error_code ec;
  if (path.empty() || !fs::exists(path, ec)) return s;
  auto text = core::readFileCapped(path, core::kMaxScenarioFileBytes, error);
  if (!text) return Settings{};
  core::LoadError parseError;
  auto parsed = core::parseTomlText(*text, path, parseError);
  if (!parsed) {
    error = parseError.str();
    return Settings{};
  }
  const toml::table& t = *parsed;
  s.theme = t["theme"].value_or(s.theme);
  s.scale = static_cast<float>(t["scale"].value_or(static_cast<double>(s.scale)));
  s.lastFile = t["last_file"].value_or(s.lastFile);
  s.lastDir = t["last_dir"].value_or(s.lastDir);
  s.autoplaySpeed = t["autoplay_speed"].value_or(s.autoplaySpeed);
  s.allWarps = t["all_warps"].value_or(s.allWarps);
  s.windowWidth = static_cast<int>(t["window"]["width"].value_or(static_cast<std::int64_t>(s.windowWidth)));
  s.windowHeight = static_cast<int>(t["window"]["height"].value_or(static_cast<std::int64_t>(s.windowHeight)));
  if (s.scale < 0 || s.scale > 8) s.scale = 0;
  if (s.windowWidth < 320 || s.windowWidth > 16384) s.windowWidth = Settings{}.windowWidth;
  if (s.windowHeight < 240 || s.windowHeight > 16384) s.windowHeight = Settings{}.windowHeight;
  return s;
}

bool saveSettings(const Settings& s, const std::string& path, std::string& error) {
  if (path.empty()) {
    error = "no settings directory: neither XDG_CONFIG_HOME nor HOME is set";
    return false;
  }
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  toml::table t;
  t.insert("theme", s.theme);
  t.insert("scale", static_cast<double>(s.scale));
  t.insert("last_file", s.lastFile);
  t.insert("last_dir", s.lastDir);
  t.insert("autoplay_speed", s.autoplaySpeed);
  t.insert("all_warps", s.allWarps);
  toml::table w;
  w.insert("width", static_cast<std::int64_t>(s.windowWidth));
  w.insert("height", static_cast<std::int64_t>(s.windowHeight));
  t.insert("window", std::move(w));
  std::ostringstream text;
  text << "# warpscope-imgui settings (rewritten on exit)\n" << t << "\n";
  // Atomically: a crash while saving keeps the previous settings.
  const core::SaveResult r = core::writeFileAtomic(path, text.str());
  if (!r.ok) error = r.error;
  return r.ok;
}

}  // namespace ws::imgui
