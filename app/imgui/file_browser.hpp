#pragma once
// A small directory browser for File > Open: folders and .toml / .ptx files
// of one directory, with a path field, "up" and, for a PTX file, its launch
// (launch_form.hpp: the options every front end takes).
#include <optional>
#include <string>
#include <vector>

#include "app/imgui/launch_form.hpp"

namespace ws::imgui {

class FileBrowser {
 public:
  void open(const std::string& startDir);
  bool isOpen() const { return m_open; }
  void close() { m_open = false; }
  // Draws the window while open; returns what to load once the person picks a file.
  std::optional<ui::LaunchRequest> draw();
  const std::string& dir() const { return m_dir; }
  LaunchForm& launchForm() { return m_launch; }

  struct Entry {
    std::string name;
    bool isDir = false;
  };
  // Folders first, then .toml and .ptx files, each sorted; hidden entries left out.
  static std::vector<Entry> list(const std::string& dir, std::string& error);

 private:
  void enter(const std::string& dir);

  bool m_open = false;
  std::string m_dir;
  char m_pathBuf[1024] = {};
  std::vector<Entry> m_entries;
  std::string m_error;
  int m_selected = -1;
  LaunchForm m_launch;
};

}  // namespace ws::imgui
