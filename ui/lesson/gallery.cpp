#include "ui/lesson/gallery.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
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
  if (const auto slash = name.find('/'); slash != std::string::npos) e.variant = name.substr(slash + 1);
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
    e.goal = (*t)["goal"].value_or(std::string{});
    if (const toml::array* pre = (*t)["prerequisites"].as_array())
      for (const toml::node& n : *pre)
        if (auto v = n.value<std::string>()) e.prerequisites.push_back(*v);
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

namespace {

// Files of one lesson in teaching order: the plain one, the strict rule
// before the hardware's behaviour, the bug before its fix.
int variantRank(const std::string& v) {
  static constexpr std::string_view kOrder[] = {"", "strict", "hardware", "buggy", "fixed", "found"};
  for (std::size_t i = 0; i < std::size(kOrder); ++i)
    if (v == kOrder[i]) return static_cast<int>(i);
  return static_cast<int>(std::size(kOrder));
}

// "Deadlock: ... (strict)" -> "Deadlock: ..."
std::string withoutParenthesis(const std::string& title) {
  if (title.empty() || title.back() != ')') return title;
  const std::size_t open = title.rfind(" (");
  return open == std::string::npos || open == 0 ? title : title.substr(0, open);
}

GalleryLesson makeLesson(std::string name, std::vector<GalleryEntry> files) {
  std::stable_sort(files.begin(), files.end(), [](const GalleryEntry& a, const GalleryEntry& b) {
    const int ra = variantRank(a.variant), rb = variantRank(b.variant);
    return ra != rb ? ra < rb : a.title < b.title;
  });
  GalleryLesson l;
  l.name = std::move(name);
  l.title = files.front().title;
  if (files.size() > 1) {
    l.title = withoutParenthesis(files.front().title);
    for (const GalleryEntry& f : files)
      if (withoutParenthesis(f.title) != l.title) l.title = withoutParenthesis(files.front().title);
  }
  for (const GalleryEntry& f : files) {
    if (l.goal.empty()) l.goal = f.goal;
    if (l.error.empty()) l.error = f.error;
    for (const std::string& p : f.prerequisites)
      if (std::find(l.prerequisites.begin(), l.prerequisites.end(), p) == l.prerequisites.end()) l.prerequisites.push_back(p);
  }
  for (const GalleryEntry& f : files)
    if (l.goal.empty()) l.goal = firstParagraph(f.description);
  l.files = std::move(files);
  return l;
}

std::string errorAt(const std::string& path, const toml::source_region& where, std::string_view message) {
  return fmt::format("{}:{}:{}: {}", path, where.begin.line, where.begin.column, message);
}

}  // namespace

std::string variantCaption(const GalleryLesson& lesson, const GalleryEntry& file) {
  if (file.variant.empty()) return file.title;
  std::string rest = file.title;
  if (rest.starts_with(lesson.title)) {
    rest = rest.substr(lesson.title.size());
    const std::size_t b = rest.find_first_not_of(" :,-(");
    rest = b == std::string::npos ? std::string() : rest.substr(b);
    if (!rest.empty() && rest.back() == ')' && rest.find('(') == std::string::npos) rest.pop_back();
  }
  if (rest.empty() || rest == file.variant) return file.variant;
  return file.variant + ": " + rest;
}

CourseSpec readCourse(const std::string& path) {
  CourseSpec c;
  std::string readError;
  const auto text = core::readFileCapped(path, core::kMaxScenarioFileBytes, readError);
  if (!text) {
    c.error = readError;
    return c;
  }
  core::LoadError parseError;
  const auto doc = core::parseTomlText(*text, path, parseError);
  if (!doc) {
    c.error = fmt::format("{}:{}:{}: {}", path, parseError.line, parseError.col, parseError.message);
    return c;
  }
  const toml::array* units = (*doc)["unit"].as_array();
  if (!units || units->empty()) {
    c.error = fmt::format("{}: no [[unit]] tables", path);
    return c;
  }
  for (const toml::node& n : *units) {
    const toml::table* u = n.as_table();
    if (!u) {
      c.error = errorAt(path, n.source(), "a unit must be a table ([[unit]])");
      break;
    }
    CourseUnitSpec spec;
    spec.id = (*u)["id"].value_or(std::string{});
    spec.title = (*u)["title"].value_or(std::string{});
    spec.goal = (*u)["goal"].value_or(std::string{});
    const toml::array* lessons = (*u)["lessons"].as_array();
    if (spec.title.empty() || !lessons) {
      c.error = errorAt(path, u->source(), "a unit needs a title and a lessons array");
      break;
    }
    for (const toml::node& l : *lessons) {
      if (auto v = l.value<std::string>()) spec.lessons.push_back(*v);
      else c.error = errorAt(path, l.source(), "a lesson is named by a string");
    }
    if (!c.error.empty()) break;
    c.units.push_back(std::move(spec));
  }
  if (!c.error.empty()) c.units.clear();
  return c;
}

CourseGallery listCourse(const std::string& dir) {
  // The files grouped into lessons, in name order.
  std::vector<GalleryLesson> lessons;
  {
    std::vector<GalleryEntry> files = listGallery(dir);
    std::size_t i = 0;
    while (i < files.size()) {
      const std::string name = files[i].name.substr(0, files[i].name.find('/'));
      std::vector<GalleryEntry> group;
      for (; i < files.size() && files[i].name.substr(0, files[i].name.find('/')) == name; ++i) group.push_back(std::move(files[i]));
      lessons.push_back(makeLesson(name, std::move(group)));
    }
  }
  CourseGallery out;
  const CourseSpec spec = readCourse((fs::path(dir) / "course.toml").string());
  if (!spec.error.empty()) {
    out.error = "No course order (" + spec.error + "): the lessons are listed by name.";
    out.units.push_back(GalleryUnit{"", "All lessons", "", std::move(lessons)});
    return out;
  }
  std::vector<bool> placed(lessons.size(), false);
  std::vector<std::string> missing;
  for (const CourseUnitSpec& u : spec.units) {
    GalleryUnit unit{u.id, u.title, u.goal, {}};
    for (const std::string& name : u.lessons) {
      const auto it = std::find_if(lessons.begin(), lessons.end(), [&](const GalleryLesson& l) { return l.name == name; });
      const auto k = static_cast<std::size_t>(it - lessons.begin());
      if (it == lessons.end() || placed[k]) {
        if (it == lessons.end()) missing.push_back(name);
        continue;
      }
      placed[k] = true;
      unit.lessons.push_back(*it);
    }
    out.units.push_back(std::move(unit));
  }
  GalleryUnit more{"", "More", "Lessons that are not in the course yet.", {}};
  for (std::size_t k = 0; k < lessons.size(); ++k)
    if (!placed[k]) more.lessons.push_back(std::move(lessons[k]));
  if (!more.lessons.empty()) out.units.push_back(std::move(more));
  if (!missing.empty()) {
    std::string names;
    for (const std::string& m : missing) names += (names.empty() ? "" : ", ") + m;
    out.error = fmt::format("course.toml names lessons that are not in {}: {}", dir, names);
  }
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
