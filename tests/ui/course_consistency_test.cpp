// The course (scenarios/course.toml), its description (docs/course.md) and
// the lessons agree: every lesson directory is in exactly one unit, every
// listed lesson exists, the page describes the units in order and names each
// lesson in its unit's section in order, and prerequisites come earlier.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "ui/lesson/gallery.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

const fs::path kScenarios = bundledScenarioDir();
const fs::path kCourseMd = fs::path(ws::test::dataPath()) / ".." / ".." / "docs" / "course.md";

CourseSpec course() {
  CourseSpec c = readCourse((kScenarios / "course.toml").string());
  EXPECT_TRUE(c.error.empty()) << c.error;
  EXPECT_FALSE(c.units.empty());
  return c;
}

// Every lesson of the course in teaching order, with its place.
std::map<std::string, std::size_t> courseOrder(const CourseSpec& c) {
  std::map<std::string, std::size_t> at;
  std::size_t n = 0;
  for (const CourseUnitSpec& u : c.units)
    for (const std::string& l : u.lessons) at.emplace(l, n++);
  return at;
}

std::vector<std::string> lessonDirs() {
  std::vector<std::string> out;
  for (const auto& d : fs::directory_iterator(kScenarios))
    if (d.is_directory()) out.push_back(d.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Course, EveryLessonDirectoryIsInExactlyOneUnit) {
  const CourseSpec c = course();
  std::map<std::string, int> seen;
  for (const CourseUnitSpec& u : c.units)
    for (const std::string& l : u.lessons) ++seen[l];
  for (const std::string& d : lessonDirs()) {
    EXPECT_EQ(seen[d], 1) << d << " must be listed in exactly one unit of course.toml";
  }
  for (const auto& [name, count] : seen) {
    EXPECT_EQ(count, 1) << name << " is listed " << count << " times";
    EXPECT_TRUE(fs::is_directory(kScenarios / name)) << "course.toml lists " << name << ", which is not a lesson directory";
  }
}

TEST(Course, UnitsHaveIdsTitlesAndGoals) {
  std::map<std::string, int> ids;
  for (const CourseUnitSpec& u : course().units) {
    EXPECT_FALSE(u.id.empty()) << u.title;
    EXPECT_EQ(++ids[u.id], 1) << "unit id " << u.id << " repeats";
    EXPECT_FALSE(u.goal.empty()) << u.id;
    EXPECT_FALSE(u.lessons.empty()) << u.id;
  }
}

TEST(Course, DocsDescribeTheUnitsInOrderAndNameTheirLessons) {
  const CourseSpec c = course();
  std::ifstream in(kCourseMd);
  ASSERT_TRUE(in) << kCourseMd;
  // The unit sections: "### N. Title" up to the next heading of level 3 or above.
  std::vector<std::pair<std::string, std::string>> sections;  // heading text, body
  std::string line;
  bool inUnit = false;
  while (std::getline(in, line)) {
    if (line.starts_with("### ")) {
      sections.emplace_back(line.substr(4), "");
      inUnit = true;
    } else if (line.starts_with("#")) {
      inUnit = false;
    } else if (inUnit) {
      sections.back().second += line + "\n";
    }
  }
  ASSERT_EQ(sections.size(), c.units.size()) << "docs/course.md has one ### heading per unit";
  for (std::size_t i = 0; i < c.units.size(); ++i) {
    const std::string want = std::to_string(i + 1) + ". " + c.units[i].title;
    EXPECT_EQ(sections[i].first, want) << "unit " << c.units[i].id;
    std::size_t from = 0;
    for (const std::string& l : c.units[i].lessons) {
      const std::size_t at = sections[i].second.find("`" + l + "`");
      EXPECT_NE(at, std::string::npos) << "docs/course.md does not name `" << l << "` under " << want;
      if (at == std::string::npos) continue;
      EXPECT_GE(at, from) << "`" << l << "` is out of course.toml's order under " << want;
      from = at;
    }
  }
}

TEST(Course, PrerequisitesAreEarlierLessons) {
  const CourseSpec c = course();
  const auto order = courseOrder(c);
  for (const GalleryEntry& e : listGallery(kScenarios.string())) {
    const std::string lesson = e.name.substr(0, e.name.find('/'));
    const auto self = order.find(lesson);
    if (self == order.end()) continue;  // reported by EveryLessonDirectoryIsInExactlyOneUnit
    for (const std::string& p : e.prerequisites) {
      const std::string dir = p.substr(0, p.find('/'));
      EXPECT_TRUE(fs::is_directory(kScenarios / dir)) << e.path << ": prerequisite " << p << " is not a lesson";
      if (p.find('/') != std::string::npos) {
        EXPECT_TRUE(fs::is_regular_file(kScenarios / (p + ".toml"))) << e.path << ": prerequisite " << p << " is not a lesson file";
      }
      const auto it = order.find(dir);
      if (it == order.end()) continue;
      // Another file of the same lesson (hardware.toml after strict.toml,
      // fixed.toml after buggy.toml) is taught with it; not itself.
      if (dir == lesson) {
        EXPECT_NE(p, e.name) << e.path << ": a lesson file is not its own prerequisite";
        continue;
      }
      EXPECT_LT(it->second, self->second) << e.path << ": prerequisite " << p << " comes later in the course";
    }
  }
}

// Separate on purpose: lessons get their goals lesson by lesson, and until
// every file has one this test fails while the ones above pass.
TEST(CourseGoals, EveryLessonFileStatesItsGoal) {
  for (const GalleryEntry& e : listGallery(kScenarios.string())) EXPECT_FALSE(e.goal.empty()) << e.path << " has no goal";
}

}  // namespace
}  // namespace ws::ui
