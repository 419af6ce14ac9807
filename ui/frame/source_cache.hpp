#pragma once
// CUDA source text for the listing: the files a PTX module's .file
// directives name, read once each. nvcc writes the paths of the machine that
// compiled it, so a file not found there is looked for by name in the search
// directories (the PTX file's own directory, first).
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ws::ui {

class SourceCache {
 public:
  void addSearchDir(std::string dir) { m_dirs.push_back(std::move(dir)); }
  // Line `line` (1-based) of `path`, without its newline; nullopt when the file
  // or the line is not there.
  std::optional<std::string> line(const std::string& path, int line);

 private:
  const std::vector<std::string>* load(const std::string& path);
  std::vector<std::string> m_dirs;
  std::map<std::string, std::optional<std::vector<std::string>>> m_files;  // by the path as named
};

}  // namespace ws::ui
