// The real app under Xvfb (Mesa llvmpipe): opens a scenario, steps, reads the
// GL framebuffer back and writes a PNG, whose pixels must show the lane view
// (executed lanes in the theme's colour), the changed-register highlight and
// text. Skipped when Xvfb is not installed. Each run has its own X server
// (scripts/with-xvfb.sh), so parallel tests never race for a display.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <stb_image.h>

#include "ui/scene/theme.hpp"
#include "tests/support/test_paths.hpp"

namespace {
namespace fs = std::filesystem;

bool haveXvfb() { return std::system("command -v Xvfb > /dev/null 2>&1") == 0; }

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  int count(const ws::ui::Color& c, int tol = 6) const {
    int n = 0;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
      if (std::abs(rgb[i] - c.r) <= tol && std::abs(rgb[i + 1] - c.g) <= tol && std::abs(rgb[i + 2] - c.b) <= tol) ++n;
    return n;
  }
};

Image load(const fs::path& p) {
  Image im;
  int n = 0;
  unsigned char* data = stbi_load(p.c_str(), &im.w, &im.h, &n, 3);
  if (!data) return im;
  im.rgb.assign(data, data + static_cast<std::size_t>(im.w) * static_cast<std::size_t>(im.h) * 3);
  stbi_image_free(data);
  return im;
}

int shoot(const std::string& args, const fs::path& png, const fs::path& log) {
  const std::string cmd = "XDG_CONFIG_HOME=" + (png.parent_path() / "config").string() +
                          " " + ws::test::withXvfbPath() + " " + ws::test::imguiPath() + " " + args + " --screenshot " +
                          png.string() + " > " + log.string() + " 2>&1";
  return std::system(cmd.c_str());
}

TEST(ImguiScreenshot, LaneViewAfterSteps) {
  if (!haveXvfb()) GTEST_SKIP() << "Xvfb is not installed";
  const fs::path dir = fs::path(::testing::TempDir()) / "ws-imgui-shot";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path png = dir / "shfl-step1.png";
  const int rc = shoot(ws::test::dataPath("/imgui/shfl-snippet/scenario.toml") +
                           " --step 1 --size 1400x900 --scale 1 --theme light",
                       png, dir / "log.txt");
  ASSERT_EQ(rc, 0) << std::ifstream(dir / "log.txt").rdbuf();
  const Image im = load(png);
  ASSERT_EQ(im.w, 1400);
  ASSERT_EQ(im.h, 900);
  const ws::ui::Theme t = ws::ui::builtinTheme("light");
  const int pixels = im.w * im.h;
  // Mostly the theme's background, but far from blank.
  EXPECT_GT(im.count(t.background, 2), pixels / 4);
  EXPECT_LT(im.count(t.background, 2), pixels * 9 / 10);
  // The shuffle ran on all 32 lanes: their cells are in the "executed" colour.
  EXPECT_GT(im.count(t.laneExecuted), 32 * 200);
  // %r2 changed on every lane: the register table highlights the cells.
  EXPECT_GT(im.count(t.changed), 32 * 100);
  // Text: dark pixels in the menu bar (top 20 rows).
  int dark = 0;
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 400; ++x) {
      const unsigned char* p = &im.rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(im.w) + static_cast<std::size_t>(x)) * 3];
      if (p[0] < 90 && p[1] < 90 && p[2] < 90) ++dark;
    }
  EXPECT_GT(dark, 50);
}

TEST(ImguiScreenshot, DarkThemeAndBadInput) {
  if (!haveXvfb()) GTEST_SKIP() << "Xvfb is not installed";
  const fs::path dir = fs::path(::testing::TempDir()) / "ws-imgui-shot2";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path png = dir / "two-warps.png";
  ASSERT_EQ(shoot(ws::test::dataPath("/imgui/two-warps/scenario.toml") + " --step 4 --size 1280x800 --theme dark",
                  png, dir / "log.txt"),
            0)
      << std::ifstream(dir / "log.txt").rdbuf();
  const Image im = load(png);
  ASSERT_EQ(im.w, 1280);
  const ws::ui::Theme t = ws::ui::builtinTheme("dark");
  EXPECT_GT(im.count(t.background, 2), im.w * im.h / 4);
  EXPECT_NE(shoot("/nonexistent.toml --step 1", dir / "none.png", dir / "log2.txt"), 0);
  EXPECT_FALSE(fs::exists(dir / "none.png"));
}

// The narration of the shuffle, drawn as flowing text in the Notes panel
// (bottom right at the default size): its pixels in the theme's narration
// colour, on several rows.
TEST(ImguiScreenshot, NarrationFlowsInTheNotesPanel) {
  if (!haveXvfb()) GTEST_SKIP() << "Xvfb is not installed";
  const fs::path dir = fs::path(::testing::TempDir()) / "ws-imgui-shot3";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path png = dir / "bfly-narration.png";
  ASSERT_EQ(shoot(ws::test::scenarioPath("/shfl-bfly-warp-sum/scenario.toml") +
                      " --step 15 --size 1600x1000 --scale 1 --theme light",
                  png, dir / "log.txt"),
            0)
      << std::ifstream(dir / "log.txt").rdbuf();
  const Image im = load(png);
  ASSERT_EQ(im.w, 1600);
  const ws::ui::Theme t = ws::ui::builtinTheme("light");
  const auto narration = [&](int x, int y) {
    const unsigned char* p = &im.rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(im.w) + static_cast<std::size_t>(x)) * 3];
    return std::abs(p[0] - t.laneExecuted.r) <= 40 && std::abs(p[1] - t.laneExecuted.g) <= 40 && std::abs(p[2] - t.laneExecuted.b) <= 40;
  };
  int pixels = 0, rows = 0;
  // Below the panel's tabs, above the timeline's slider (both blue as well).
  for (int y = 620; y < 920; ++y) {
    int inRow = 0;
    for (int x = 1200; x < 1580; ++x) inRow += narration(x, y) ? 1 : 0;
    pixels += inRow;
    rows += inRow > 3 ? 1 : 0;
  }
  EXPECT_GT(pixels, 300);  // the narration is there (a step without one has none)
  EXPECT_GT(rows, 3 * 8);  // on several lines of text
}

}  // namespace
