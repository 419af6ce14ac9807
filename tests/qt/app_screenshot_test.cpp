// The real warpscope binary under Xvfb: it opens a scenario, goes to a step,
// grabs its own window once painted; the pictures must show the lane view
// with the theme's data-flow colours. Skipped when Xvfb is not installed.
// scripts/with-xvfb.sh gives each run its own X server (tests run in
// parallel; `xvfb-run -a` would race for a display number).
#include <gtest/gtest.h>

#include <QColor>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>

#include <filesystem>
#include <set>

#include "ui/scene/theme.hpp"
#include "tests/support/test_paths.hpp"

namespace {
namespace fs = std::filesystem;

struct Shot {
  QImage window, canvas;
};

Shot screenshot(const QString& scenario, const QString& until, const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ws_qt_screens";
  fs::create_directories(dir);
  const QString win = QString::fromStdString((dir / (name + ".png")).string());
  const QString can = QString::fromStdString((dir / (name + "-canvas.png")).string());
  QFile::remove(win);
  QFile::remove(can);
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("QT_QPA_PLATFORM");  // the real X server this time
  p.setProcessEnvironment(env);
  p.start(QString::fromStdString(ws::test::withXvfbPath()), {"-s", "1600x1000x24", QString::fromStdString(ws::test::appPath()), "--no-settings", scenario, "--until", until, "--screenshot",
                         win, "--canvas-screenshot", can});
  EXPECT_TRUE(p.waitForFinished(120'000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  return {QImage(win), QImage(can)};
}

bool hasXvfb() { return !QStandardPaths::findExecutable("Xvfb").isEmpty(); }

// Pixels within a small distance of `c` (antialiasing blends thin strokes).
int near(const QImage& img, const ws::ui::Color& c, int tolerance = 12) {
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor q = img.pixelColor(x, y);
      if (std::abs(q.red() - c.r) <= tolerance && std::abs(q.green() - c.g) <= tolerance && std::abs(q.blue() - c.b) <= tolerance) ++n;
    }
  return n;
}

// Share of pixels that differ from the background colour.
double inked(const QImage& img, const ws::ui::Color& bg) {
  const int all = img.width() * img.height();
  return all ? 1.0 - static_cast<double>(near(img, bg, 2)) / all : 0.0;
}

TEST(AppScreenshot, ShuffleButterflyStep) {
  if (!hasXvfb()) GTEST_SKIP() << "Xvfb is not installed";
  const Shot s = screenshot(QString::fromStdString(ws::test::dataPath("/qt/shfl-bfly.toml")), "shfl.sync.bfly", "bfly");
  ASSERT_FALSE(s.window.isNull());
  ASSERT_FALSE(s.canvas.isNull());
  EXPECT_GE(s.window.width(), 1200);
  const ws::ui::Theme t = ws::ui::builtinTheme("light");
  EXPECT_GT(inked(s.canvas, t.background), 0.03);
  EXPECT_GT(near(s.canvas, t.flowShuffle), 200);       // the shuffle arrows (and executed lanes)
  EXPECT_GT(near(s.canvas, t.changed), 200);           // values this step wrote
}

TEST(AppScreenshot, RedAsyncClusterStep) {
  if (!hasXvfb()) GTEST_SKIP() << "Xvfb is not installed";
  const Shot s = screenshot(QString::fromStdString(ws::test::dataPath("/qt/red-async.toml")), "red.async", "red-async");
  ASSERT_FALSE(s.canvas.isNull());
  const ws::ui::Theme t = ws::ui::builtinTheme("light");
  EXPECT_GT(inked(s.canvas, t.background), 0.03);
  // In-flight red.async arrows, dashed and thin: the lane view shares the
  // window with a listing wide enough for whole instructions.
  EXPECT_GT(near(s.canvas, t.flowAsync, 20), 30);
}

}  // namespace

namespace {

// The binary with no display at all (no X, no Wayland, no platform chosen).
void runWithoutDisplay(QProcess& p, const QStringList& args) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(v);
  p.setProcessEnvironment(env);
  p.start(QString::fromStdString(ws::test::appPath()), args);
  EXPECT_TRUE(p.waitForFinished(60'000));
}

}  // namespace

TEST(AppWithoutDisplay, SaysSoInsteadOfAborting) {
  QProcess p;
  runWithoutDisplay(p, {"--no-settings"});
  EXPECT_EQ(p.exitStatus(), QProcess::NormalExit);
  EXPECT_EQ(p.exitCode(), 2);
  EXPECT_NE(p.readAllStandardError().indexOf("no display"), -1);
}

TEST(AppWithoutDisplay, HelpAndScreenshotsStillWork) {
  QProcess help;
  runWithoutDisplay(help, {"--help"});
  EXPECT_EQ(help.exitCode(), 0);
  EXPECT_NE(help.readAllStandardOutput().indexOf("--screenshot"), -1);

  const QString png = QString::fromStdString((fs::temp_directory_path() / "ws_no_display.png").string());
  QFile::remove(png);
  QProcess shot;
  runWithoutDisplay(shot, {"--no-settings", QString::fromStdString(ws::test::scenarioPath("/shfl-bfly-warp-sum/scenario.toml")),
                           "--screenshot", png});
  EXPECT_EQ(shot.exitCode(), 0) << shot.readAllStandardError().toStdString();
  const QImage img(png);
  EXPECT_GT(img.width(), 200);
  EXPECT_GT(img.height(), 200);
}

// The launch options are warpscope-cli's: a PTX file with its launch opens
// without the dialog, goes to --step N and is drawn; a bad option is said
// on stderr with exit code 2 (no dialog in a batch run).
TEST(AppWithoutDisplay, LaunchesAPtxFileFromTheCommandLine) {
  const QString png = QString::fromStdString((fs::temp_directory_path() / "ws_ptx_launch.png").string());
  QFile::remove(png);
  const QStringList launch = {"--no-settings", QString::fromStdString(ws::test::dataPath("/golden/kernels.ptx")), "--entry",
                              "pub_shfl_modes", "--buffer", "iota:32", "--buffer", "zeros:256", "--mode", "hardware",
                              "--one-warp"};
  QProcess shot;
  runWithoutDisplay(shot, launch + QStringList{"--step", "12", "--screenshot", png});
  EXPECT_EQ(shot.exitCode(), 0) << shot.readAllStandardError().toStdString();
  EXPECT_GT(QImage(png).width(), 200);

  QProcess bad;
  runWithoutDisplay(bad, launch + QStringList{"--grid", "0", "--screenshot", png});
  EXPECT_EQ(bad.exitCode(), 2);
  EXPECT_NE(bad.readAllStandardError().indexOf("'0' is not a dimension"), -1);

  QProcess both;
  runWithoutDisplay(both, launch + QStringList{"--all-warps", "--screenshot", png});
  EXPECT_EQ(both.exitCode(), 2);
  EXPECT_NE(both.readAllStandardError().indexOf("exclude each other"), -1);
}
