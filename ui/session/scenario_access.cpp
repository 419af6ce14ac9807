#include "ui/session/scenario_access.hpp"

#include <algorithm>
#include <filesystem>

namespace ws::ui {

core::LoadOptions scenarioLoadOptions(const std::vector<std::string>& allowFiles) {
  core::LoadOptions o;
  o.allowedDirs.push_back(bundledScenarioDir());
  o.allowedDirs.insert(o.allowedDirs.end(), allowFiles.begin(), allowFiles.end());
  return o;
}

std::vector<std::string> foldersOf(const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const std::string& f : files) {
    std::string d = std::filesystem::path(f).parent_path().string();
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(std::move(d));
  }
  return out;
}

}  // namespace ws::ui
