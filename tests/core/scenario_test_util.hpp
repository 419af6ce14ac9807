#pragma once
// Helpers for scenario tests: in-memory files, temporary directories, and
// finding an error by position.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "core/scenario/scenario_io.hpp"

namespace ws::test {

// Files a scenario names, by path as written.
inline core::FileReader memFiles(std::map<std::string, std::string> files) {
  return [files = std::move(files)](const std::string& path, std::string& error) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) {
      error = "'" + path + "': no such file";
      return std::nullopt;
    }
    return it->second;
  };
}

inline core::ScenarioLoad loadText(std::string_view text, std::map<std::string, std::string> files = {}) {
  return core::loadScenarioText(text, "t.toml", memFiles(std::move(files)));
}

inline std::string errorsText(const std::vector<core::LoadError>& errors) {
  std::string s;
  for (const auto& e : errors) s += e.str() + "\n";
  return s;
}

// A fresh directory under the system temp dir, removed at the end.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    m_path = std::filesystem::temp_directory_path() /
             ("ws-scen-" + std::to_string(rd()) + "-" + std::to_string(rd()));
    std::filesystem::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(m_path, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(m_path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return m_path; }
  std::string file(const std::string& name) const { return (m_path / name).string(); }
  void write(const std::string& name, std::string_view text) const {
    std::ofstream f(m_path / name, std::ios::binary);
    f << text;
  }
  std::string read(const std::string& name) const {
    std::ifstream f(m_path / name, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  std::size_t entries() const {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(m_path)) (void)e, ++n;
    return n;
  }

 private:
  std::filesystem::path m_path;
};

}  // namespace ws::test
