#include "ui/lesson/gallery.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/input/read_file.hpp"
#include "core/input/toml_text.hpp"

namespace ws::ui {
namespace fs = std::filesystem;

namespace {

GalleryEntry readEntry(const fs::path& file, const std::string& name) {
  GalleryEntry e;
  e.path = file.string();
  e.name = name;
  e.topic = name.substr(0, name.find_first_of("-/"));
  e.title = name;
  std::string readError;
  auto text = core::readFileCapped(e.path, core::kMaxScenarioFileBytes, readError);
  if (!text) {
    e.error = readError;
    return e;
  }
  core::LoadError parseError;
  if (auto t = core::parseTomlText(*text, e.path, parseError)) {
    e.title = (*t)["title"].value_or(name);
    e.description = (*t)["description"].value_or(std::string{});
  } else {
    e.error = fmt::format("{}:{}:{}: {}", e.path, parseError.line, parseError.col, parseError.message);
  }
  return e;
}

}  // namespace

std::vector<GalleryEntry> listGallery(const std::string& dir) {
  std::vector<GalleryEntry> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& lesson : fs::directory_iterator(dir, ec)) {
    if (!lesson.is_directory(ec)) continue;
    std::vector<fs::path> files;
    for (const auto& f : fs::directory_iterator(lesson.path(), ec))
      if (f.is_regular_file(ec) && f.path().extension() == ".toml") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    const std::string lessonName = lesson.path().filename().string();
    for (const fs::path& f : files) {
      // A lesson's main file is scenario.toml; variants (strict/hardware) keep their stem.
      const std::string stem = f.stem().string();
      out.push_back(readEntry(f, stem == "scenario" ? lessonName : lessonName + "/" + stem));
    }
  }
  std::sort(out.begin(), out.end(), [](const GalleryEntry& a, const GalleryEntry& b) { return a.name < b.name; });
  return out;
}


std::string firstParagraph(const std::string& markdown) {
  std::string out;
  std::size_t i = markdown.find_first_not_of(" \t\r\n");
  while (i != std::string::npos && i < markdown.size()) {
    const std::size_t eol = markdown.find('\n', i);
    const std::string line = markdown.substr(i, eol == std::string::npos ? std::string::npos : eol - i);
    if (line.find_first_not_of(" \t\r") == std::string::npos) break;  // blank line ends the paragraph
    if (!out.empty()) out += ' ';
    out += line.substr(line.find_first_not_of(" \t"));
    if (eol == std::string::npos) break;
    i = eol + 1;
  }
  while (!out.empty() && (out.back() == '\r' || out.back() == ' ')) out.pop_back();
  return out;
}

}  // namespace ws::ui
