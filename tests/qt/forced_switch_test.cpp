// A saved schedule's forced switch on the desktop app's timeline bar: the
// bar paints it in the theme's switch colour at the x of the moment after the
// step it forced (pixels of the grabbed widget), through the track and as a
// flag above it, its tooltip says what was forced, and it goes with a future
// a policy change cuts off. The session is made as a scenario with a
// [schedule] makes one (tests/ui/scheduled_session.hpp).
#include <gtest/gtest.h>

#include <QHelpEvent>
#include <QImage>
#include <QScreen>
#include <QTest>
#include <QToolTip>

#include <cstdlib>

#include "app/qt/main_window.hpp"
#include "app/qt/widgets/timeline_bar.hpp"
#include "tests/ui/scheduled_session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::qt {
namespace {

bool near(const QColor& p, const ui::Color& c, int tolerance = 12) {
  return std::abs(p.red() - c.r) <= tolerance && std::abs(p.green() - c.g) <= tolerance && std::abs(p.blue() - c.b) <= tolerance;
}

// Pixels of colour c in columns [x0, x1] and rows [y0, y1] of the image.
int count(const QImage& img, const ui::Color& c, int x0, int x1, int y0 = 0, int y1 = -1) {
  if (y1 < 0) y1 = img.height() - 1;
  int n = 0;
  for (int y = std::max(0, y0); y <= std::min(y1, img.height() - 1); ++y)
    for (int x = std::max(0, x0); x <= std::min(x1, img.width() - 1); ++x) n += near(img.pixelColor(x, y), c);
  return n;
}

TEST(QtForcedSwitch, TimelineBarPaintsTheSwitchWhereItWasForced) {
  MainWindow w{false};
  w.showError = [](const QString&, const QString& text) { ADD_FAILURE() << text.toStdString(); };
  w.resize(1400, 900);
  w.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
  ASSERT_TRUE(w.openPath(QString::fromStdString(ws::test::dataPath("/qt/shfl-bfly.toml"))));
  w.host()->replaceSession(ws::test::scheduledSession());
  ui::Session& s = *w.session();
  TimelineBar* bar = w.timeline();
  const ui::Color c = w.host()->theme().forcedSwitch;
  const qreal dpr = bar->devicePixelRatioF();
  auto grab = [&] {
    QApplication::processEvents();
    return bar->grab().toImage();
  };
  auto px = [&](double x) { return static_cast<int>(std::lround(x * dpr)); };

  for (std::uint64_t i = 0; i < ws::test::kForcedAt; ++i) s.step();
  EXPECT_EQ(count(grab(), c, 0, 100000), 0) << "no switch is recorded yet";

  for (int i = 0; i < 3; ++i) s.step();
  ASSERT_EQ(s.position(), ws::test::kForcedAt + 3);
  const QImage img = grab();
  const double x = bar->xOf(ws::test::kForcedAt + 1);
  // Through the whole track (22 .. height-8) and as a flag above it.
  const int top = px(22), bottom = px(bar->height() - 8);
  EXPECT_GE(count(img, c, px(x) - 1, px(x) + 1, top, top + px(4)), 3) << "the tick at the track's top";
  EXPECT_GE(count(img, c, px(x) - 1, px(x) + 1, bottom - px(4), bottom), 3) << "the tick at the track's bottom";
  EXPECT_GE(count(img, c, px(x) - 5, px(x) + 5, top - px(8), top - 1), 20) << "the flag";
  // Nowhere else: not at the steps either side.
  EXPECT_EQ(count(img, c, 0, px(bar->xOf(ws::test::kForcedAt)) + 1), 0);
  EXPECT_EQ(count(img, c, px(bar->xOf(ws::test::kForcedAt + 2)) - 1, img.width()), 0);

  // The tooltip there says what was forced.
  QHelpEvent help(QEvent::ToolTip, QPoint(static_cast<int>(x), bar->height() / 2), bar->mapToGlobal(QPoint(static_cast<int>(x), bar->height() / 2)));
  QApplication::sendEvent(bar, &help);
  EXPECT_TRUE(QToolTip::text().contains(QString::fromUtf8(ws::test::kForcedTip))) << QToolTip::text().toStdString();
  if (const char* dir = std::getenv("WS_QT_SHOT_DIR")) {
    QTest::qWait(300);
    img.save(QString::fromUtf8(dir) + "/forced-switch-timeline.png");
    w.grab().save(QString::fromUtf8(dir) + "/forced-switch-window.png");
    // The screen, tooltip included (a window of its own), under a real X server.
    if (QScreen* screen = w.screen()) screen->grabWindow(0).save(QString::fromUtf8(dir) + "/forced-switch-screen.png");
  }
  QToolTip::hideText();

  // Right after the switch the position line stands on it: the flag, drawn
  // over that line, and the tick's edges either side of it still show.
  s.seek(ws::test::kForcedAt + 1);
  const QImage on = grab();
  EXPECT_GE(count(on, c, px(x) - 5, px(x) + 5, top - px(8), top - 1), 20) << "the flag over the position line";
  EXPECT_GE(count(on, c, px(x) - 4, px(x) - 2, top, bottom), 10) << "the tick's left edge";
  EXPECT_GE(count(on, c, px(x) + 2, px(x) + 4, top, bottom), 10) << "the tick's right edge";

  // Stepping back keeps the recorded future and its mark.
  s.seek(ws::test::kForcedAt - 1);
  EXPECT_GT(count(grab(), c, px(x) - 4, px(x) + 4), 10);
  // A policy change there cuts it off with the future; replaying brings it back.
  s.setMode(s.options().mode == core::ExecMode::Strict ? core::ExecMode::Hardware : core::ExecMode::Strict);
  EXPECT_EQ(count(grab(), c, 0, 100000), 0);
  for (int i = 0; i < 5; ++i) s.step();
  EXPECT_GT(count(grab(), c, px(bar->xOf(ws::test::kForcedAt + 1)) - 4, px(bar->xOf(ws::test::kForcedAt + 1)) + 4), 10);
}

}  // namespace
}  // namespace ws::qt
