// A race in the desktop app: the lane view paints it in the theme's race
// colour (pixels of the rendered canvas), the Diagnostics panel lists both
// accesses and a click on one goes to its step, and Shift+F8 / F8 go to the
// first and second access. The race is built by hand on a real session (the
// selection is how a person picks one), so this does not depend on the detector.
#include <gtest/gtest.h>

#include <QImage>
#include <QListWidget>
#include <QTest>

#include <cstdlib>

#include "app/qt/main_window.hpp"
#include "app/qt/panels/diagnostics_panel.hpp"
#include "tests/core/race_diagnostic.hpp"
#include "app/qt/widgets/lane_canvas.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::qt {
namespace {

int near(const QImage& img, const ui::Color& c, int tolerance = 10) {
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor p = img.pixelColor(x, y);
      if (std::abs(p.red() - c.r) <= tolerance && std::abs(p.green() - c.g) <= tolerance && std::abs(p.blue() - c.b) <= tolerance) ++n;
    }
  return n;
}

core::Diagnostic raceOf(const ui::Session& s, std::uint64_t firstRecord, std::uint64_t secondRecord) {
  const core::StepRecord a = s.history().record(firstRecord), b = s.history().record(secondRecord);
  return ws::test::raceDiagnostic(core::DiagKind::RaceGlobal, {a.step, 0, a.warp, 2, a.pc, core::RaceAccess::What::Write, false},
                              {b.step, 0, b.warp, 6, b.pc, core::RaceAccess::What::Read, false}, core::MemRegion::Global, 2,
                              8, 4, "lane 6 reads out[2] while lane 2's write to it is unordered");
}

void key(MainWindow& w, int k, Qt::KeyboardModifiers m = Qt::NoModifier) {
  QApplication::setActiveWindow(&w);
  QTest::keyClick(&w, static_cast<Qt::Key>(k), m);
  QApplication::processEvents();
}

TEST(RaceInQtApp, LaneViewPaintsTheRaceAndTheKeysAndPanelJump) {
  MainWindow w{false};
  w.showError = [](const QString&, const QString& text) { ADD_FAILURE() << text.toStdString(); };
  w.resize(1600, 1000);
  w.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
  ASSERT_TRUE(w.openPath(QString::fromStdString(ws::test::dataPath("/qt/shfl-bfly.toml"))));
  for (int i = 0; i < 4; ++i) key(w, Qt::Key_F10);
  ui::Session& s = *w.session();
  ASSERT_EQ(s.position(), 4u);
  const ui::Color race = w.host()->theme().race;
  QTest::qWait(400);
  const int before = near(w.canvas()->grab().toImage(), race);

  ASSERT_TRUE(s.selectRace(raceOf(s, 1, 3)));
  QApplication::processEvents();
  ASSERT_EQ(w.canvas()->scene().find("race arrow second").size(), 1u);
  ASSERT_EQ(w.canvas()->scene().find("race arrow first").size(), 1u);
  QTest::qWait(400);  // the arrows grow in (250 ms), their heads last
  const QImage shot = w.canvas()->grab().toImage();
  if (const char* dir = std::getenv("WS_QT_SHOT_DIR")) {
    shot.save(QString::fromUtf8(dir) + "/race-canvas.png");
    w.grab().save(QString::fromUtf8(dir) + "/race-window.png");
  }
  const int after = near(shot, race);
  // Two thin arrows in a lane view that leaves the listing room for whole instructions.
  EXPECT_GT(after, before + 40) << "race-coloured pixels: " << before << " -> " << after;

  // The panel lists the race with both accesses; clicking the first goes there.
  DiagnosticsPanel* p = w.diagnostics();
  QListWidgetItem* first = nullptr;
  for (int i = 0; i < p->count(); ++i)
    if (p->item(i)->data(DiagnosticsPanel::kAccessRole).toInt() == 1) first = p->item(i);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(first->text().contains("write by CTA 0 warp 0 lane 2, step 2"));
  p->scrollToItem(first);
  QTest::mouseClick(p->viewport(), Qt::LeftButton, {}, p->visualItemRect(first).center());
  EXPECT_EQ(s.position(), 2u);
  EXPECT_EQ(s.focus().lane, 2);
  // The keys: F8 to the second access, Shift+F8 back to the first.
  key(w, Qt::Key_F8);
  EXPECT_EQ(s.position(), 4u);
  EXPECT_EQ(s.focus().lane, 6);
  key(w, Qt::Key_F8, Qt::ShiftModifier);
  EXPECT_EQ(s.position(), 2u);
  EXPECT_EQ(w.canvas()->scene().find("race arrow first").size(), 1u);

  // In the dark theme, with the first access in a warp of another CTA (not
  // shown): it comes in from the view's edge, saying who and when.
  w.setTheme("dark");
  key(w, Qt::Key_F8);
  core::Diagnostic other = raceOf(s, 1, 3);
  other.race->first.cta = 1;
  other.race->first.warp = 3;
  other.race->first.lane = 7;
  ASSERT_TRUE(s.selectRace(other));
  QTest::qWait(400);
  ASSERT_EQ(w.canvas()->scene().find("race arrow first offview").size(), 1u);
  const QImage dark = w.canvas()->grab().toImage();
  EXPECT_GT(near(dark, w.host()->theme().race), 150);
  if (const char* dir = std::getenv("WS_QT_SHOT_DIR")) {
    dark.save(QString::fromUtf8(dir) + "/race-offview-dark.png");
    w.grab().save(QString::fromUtf8(dir) + "/race-offview-dark-window.png");
  }
}

}  // namespace
}  // namespace ws::qt
