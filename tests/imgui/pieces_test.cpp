// The viewer's small pieces: settings file, frame statistics, file browser listing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/imgui/file_browser.hpp"
#include "app/imgui/settings.hpp"

namespace ws::imgui {
namespace {
namespace fs = std::filesystem;

fs::path freshDir(const std::string& name) {
  const fs::path d = fs::path(::testing::TempDir()) / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(ImguiSettings, XdgConfigHomeAndRoundTrip) {
  const fs::path d = freshDir("ws-imgui-settings");
  ::setenv("XDG_CONFIG_HOME", d.c_str(), 1);
  EXPECT_EQ(configDir(), (d / "warpscope").string());
  EXPECT_EQ(settingsPath(), (d / "warpscope" / "imgui.toml").string());
  EXPECT_EQ(layoutIniPath(), (d / "warpscope" / "imgui-layout.ini").string());
  std::string err;
  Settings missing = loadSettings(settingsPath(), err);  // no file yet: defaults
  EXPECT_TRUE(err.empty());
  EXPECT_EQ(missing.theme, "light");
  Settings s;
  s.theme = "projector";
  s.scale = 1.5f;
  s.lastFile = "/tmp/a b/\"quoted\".toml";
  s.lastDir = "/tmp/a b";
  s.autoplaySpeed = 7.5;
  s.allWarps = false;
  s.windowWidth = 1234;
  s.windowHeight = 777;
  ASSERT_TRUE(saveSettings(s, settingsPath(), err)) << err;
  const Settings r = loadSettings(settingsPath(), err);
  EXPECT_TRUE(err.empty()) << err;
  EXPECT_EQ(r.theme, "projector");
  EXPECT_FLOAT_EQ(r.scale, 1.5f);
  EXPECT_EQ(r.lastFile, s.lastFile);
  EXPECT_EQ(r.lastDir, s.lastDir);
  EXPECT_DOUBLE_EQ(r.autoplaySpeed, 7.5);
  EXPECT_FALSE(r.allWarps);
  EXPECT_EQ(r.windowWidth, 1234);
  EXPECT_EQ(r.windowHeight, 777);
  ::unsetenv("XDG_CONFIG_HOME");
}

TEST(ImguiSettings, BrokenFileGivesDefaultsAndThePosition) {
  const fs::path d = freshDir("ws-imgui-broken");
  const fs::path f = d / "imgui.toml";
  std::ofstream(f) << "theme = \"dark\"\nscale = [\n";
  std::string err;
  const Settings s = loadSettings(f.string(), err);
  EXPECT_EQ(s.theme, "light");
  EXPECT_EQ(err.rfind(f.string() + ":", 0), 0u) << err;
  EXPECT_NE(err.find("error"), std::string::npos);
}


TEST(ImguiFileBrowser, FoldersFirstThenScenariosAndPtx) {
  const fs::path d = freshDir("ws-imgui-browse");
  fs::create_directories(d / "zdir");
  fs::create_directories(d / "adir");
  fs::create_directories(d / ".hidden");
  for (const char* f : {"b.ptx", "a.toml", "notes.txt", ".x.toml"}) std::ofstream(d / f) << "";
  std::string err;
  const auto l = FileBrowser::list(d.string(), err);
  EXPECT_TRUE(err.empty());
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[0].name, "adir");
  EXPECT_TRUE(l[0].isDir);
  EXPECT_EQ(l[1].name, "zdir");
  EXPECT_EQ(l[2].name, "a.toml");
  EXPECT_FALSE(l[2].isDir);
  EXPECT_EQ(l[3].name, "b.ptx");
  EXPECT_TRUE(FileBrowser::list((d / "missing").string(), err).empty());
  EXPECT_NE(err.find("missing"), std::string::npos);
}

}  // namespace
}  // namespace ws::imgui
