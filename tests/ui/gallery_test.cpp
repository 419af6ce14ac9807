// The Examples gallery lists every lesson file with its title and
// description, sorted, and keeps broken files in the list with their error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ui/lesson/gallery.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(Gallery, ListsLessonsWithTitlesSortedByName) {
  const fs::path dir = fs::temp_directory_path() / "ws_gallery_test";
  fs::remove_all(dir);
  write(dir / "vote-ballot/scenario.toml", "format = 1\ntitle = \"Ballot\"\ndescription = '''\nWho votes yes.\nSecond line.\n\nMore.'''\n");
  write(dir / "ub-deadlock/strict.toml", "format = 1\ntitle = \"Deadlock (strict)\"\n");
  write(dir / "ub-deadlock/hardware.toml", "format = 1\ntitle = \"Deadlock (hardware)\"\n");
  write(dir / "ub-deadlock/kernel.ptx", "// not a scenario\n");
  write(dir / "broken/scenario.toml", "format = = 1\n");
  const auto g = listGallery(dir.string());
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g[0].name, "broken");
  EXPECT_FALSE(g[0].error.empty());
  EXPECT_NE(g[0].error.find("scenario.toml:1:"), std::string::npos) << g[0].error;
  EXPECT_EQ(g[1].name, "ub-deadlock/hardware");
  EXPECT_EQ(g[1].title, "Deadlock (hardware)");
  EXPECT_EQ(g[1].topic, "ub");
  EXPECT_EQ(g[2].name, "ub-deadlock/strict");
  EXPECT_EQ(g[3].name, "vote-ballot");
  EXPECT_EQ(g[3].title, "Ballot");
  EXPECT_EQ(firstParagraph(g[3].description), "Who votes yes. Second line.");
  fs::remove_all(dir);
}

TEST(Gallery, CourseListsUnitsInOrderWithGoalsAndPairsAsOneLesson) {
  const fs::path dir = fs::temp_directory_path() / "ws_course_test";
  fs::remove_all(dir);
  write(dir / "course.toml", R"(format = 1
[[unit]]
id = "votes"
title = "Votes"
goal = "Vote."
lessons = ["vote-ballot"]

[[unit]]
id = "undefined"
title = "Undefined behaviour"
goal = "Break rules."
lessons = ["ub-deadlock", "gone"]
)");
  write(dir / "vote-ballot/scenario.toml", "format = 2\ntitle = \"Ballot\"\ngoal = \"Read a ballot.\"\ndescription = \"Who votes.\"\n");
  write(dir / "ub-deadlock/hardware.toml", "format = 1\ntitle = \"Deadlock (on an H100: a hang)\"\n");
  write(dir / "ub-deadlock/strict.toml", R"toml(format = 2
title = "Deadlock (strict)"
description = '''
Two barriers.

More.'''
prerequisites = ["vote-ballot"]
)toml");
  write(dir / "aaa-extra/scenario.toml", "format = 1\ntitle = \"Extra\"\n");
  const CourseGallery c = listCourse(dir.string());
  ASSERT_EQ(c.units.size(), 3u);
  EXPECT_EQ(c.units[0].title, "Votes");
  EXPECT_EQ(c.units[0].goal, "Vote.");
  ASSERT_EQ(c.units[0].lessons.size(), 1u);
  EXPECT_EQ(c.units[0].lessons[0].goal, "Read a ballot.");
  EXPECT_EQ(c.units[1].title, "Undefined behaviour");
  ASSERT_EQ(c.units[1].lessons.size(), 1u);
  const GalleryLesson& pair = c.units[1].lessons[0];
  EXPECT_EQ(pair.name, "ub-deadlock");
  EXPECT_EQ(pair.title, "Deadlock");
  EXPECT_EQ(pair.goal, "Two barriers.") << "no goal yet: the description's first paragraph";
  EXPECT_EQ(pair.prerequisites, std::vector<std::string>{"vote-ballot"});
  ASSERT_EQ(pair.files.size(), 2u);
  EXPECT_EQ(pair.files[0].variant, "strict");
  EXPECT_EQ(pair.files[1].variant, "hardware");
  EXPECT_EQ(variantCaption(pair, pair.files[0]), "strict");
  EXPECT_EQ(variantCaption(pair, pair.files[1]), "hardware: on an H100: a hang");
  EXPECT_EQ(c.units[2].title, "More");
  ASSERT_EQ(c.units[2].lessons.size(), 1u);
  EXPECT_EQ(c.units[2].lessons[0].title, "Extra");
  EXPECT_NE(c.error.find("gone"), std::string::npos) << c.error;
  fs::remove_all(dir);
}

TEST(Gallery, MissingOrBrokenCourseGivesTheAlphabeticalListAndAnError) {
  const fs::path dir = fs::temp_directory_path() / "ws_course_missing";
  fs::remove_all(dir);
  write(dir / "vote-ballot/scenario.toml", "format = 1\ntitle = \"Ballot\"\n");
  write(dir / "atom-add/scenario.toml", "format = 1\ntitle = \"Atom\"\n");
  CourseGallery c = listCourse(dir.string());
  ASSERT_EQ(c.units.size(), 1u);
  EXPECT_EQ(c.units[0].title, "All lessons");
  ASSERT_EQ(c.units[0].lessons.size(), 2u);
  EXPECT_EQ(c.units[0].lessons[0].name, "atom-add");
  EXPECT_EQ(c.units[0].lessons[1].name, "vote-ballot");
  EXPECT_NE(c.error.find("course.toml"), std::string::npos) << c.error;
  write(dir / "course.toml", "format = = 1\n");
  c = listCourse(dir.string());
  ASSERT_EQ(c.units.size(), 1u);
  EXPECT_EQ(c.units[0].lessons.size(), 2u);
  EXPECT_NE(c.error.find("course.toml:1:"), std::string::npos) << c.error;
  write(dir / "course.toml", "format = 1\n[[unit]]\nid = \"x\"\nlessons = [1]\n");
  c = listCourse(dir.string());
  EXPECT_EQ(c.units.size(), 1u);
  EXPECT_FALSE(c.error.empty());
  EXPECT_TRUE(listCourse("/nonexistent/ws/scenarios").units.at(0).lessons.empty());
  fs::remove_all(dir);
}

TEST(Gallery, BundledCourseListsEveryLessonInAUnit) {
  const CourseGallery c = listCourse(bundledScenarioDir());
  EXPECT_TRUE(c.error.empty()) << c.error;
  ASSERT_FALSE(c.units.empty());
  EXPECT_EQ(c.units.front().id, "divergence");
  for (const GalleryUnit& u : c.units) {
    EXPECT_NE(u.title, "More") << "every lesson belongs to a unit of course.toml";
    for (const GalleryLesson& l : u.lessons) EXPECT_FALSE(l.goal.empty()) << l.name;
  }
}

TEST(Gallery, MissingDirectoryIsEmpty) { EXPECT_TRUE(listGallery("/nonexistent/ws/scenarios").empty()); }

TEST(Gallery, BundledScenariosAllHaveTitles) {
  for (const GalleryEntry& e : listGallery(bundledScenarioDir())) {
    EXPECT_TRUE(e.error.empty()) << e.error;
    EXPECT_NE(e.title, e.name) << e.path << " has no title";
    EXPECT_FALSE(e.description.empty()) << e.path << " has no description";
  }
}

}  // namespace
}  // namespace ws::ui
