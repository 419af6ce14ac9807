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
