#include "ui/frame/source_cache.hpp"

#include <filesystem>
#include <fstream>

namespace ws::ui {

const std::vector<std::string>* SourceCache::load(const std::string& path) {
  auto it = m_files.find(path);
  if (it == m_files.end()) {
    std::vector<std::string> candidates{path};
    const std::string name = std::filesystem::path(path).filename().string();
    for (const auto& d : m_dirs) candidates.push_back((std::filesystem::path(d) / name).string());
    std::optional<std::vector<std::string>> lines;
    for (const auto& c : candidates) {
      std::ifstream f(c);
      if (!f) continue;
      lines.emplace();
      std::string l;
      while (std::getline(f, l)) {
        if (!l.empty() && l.back() == '\r') l.pop_back();
        lines->push_back(std::move(l));
      }
      break;
    }
    it = m_files.emplace(path, std::move(lines)).first;
  }
  return it->second ? &*it->second : nullptr;
}

std::optional<std::string> SourceCache::line(const std::string& path, int n) {
  const auto* lines = load(path);
  if (!lines || n < 1 || static_cast<std::size_t>(n) > lines->size()) return std::nullopt;
  return (*lines)[static_cast<std::size_t>(n - 1)];
}

}  // namespace ws::ui
