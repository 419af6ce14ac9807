// The Examples dialog lists the course unit by unit in course.toml's order,
// each lesson's goal under its title and a pair's files under one lesson;
// without a course.toml it says why and lists the lessons by name.
// With WS_SCREENSHOT_DIR set it saves the dialog.
#include <gtest/gtest.h>

#include <QLabel>
#include <QTest>

#include <filesystem>
#include <fstream>

#include "app/qt/gallery_dialog.hpp"
#include "ui/lesson/gallery.hpp"

namespace ws::qt {
namespace {
namespace fs = std::filesystem;

int rowOfUnit(const GalleryDialog& d, const QString& title) {
  for (int r = 0; r < d.list()->count(); ++r)
    if (d.list()->item(r)->data(GalleryDialog::kUnitRole).toString() == title) return r;
  return -1;
}

int rowContaining(const GalleryDialog& d, const QString& text) {
  for (int r = 0; r < d.list()->count(); ++r)
    if (d.list()->item(r)->text().contains(text)) return r;
  return -1;
}

TEST(GalleryDialog, ListsTheBundledCourseUnitByUnit) {
  const ui::CourseGallery course = ui::listCourse(ui::bundledScenarioDir());
  ASSERT_GE(course.units.size(), 2u);
  GalleryDialog dlg(course);
  const int first = rowOfUnit(dlg, QString::fromStdString(course.units[0].title));
  const int second = rowOfUnit(dlg, QString::fromStdString(course.units[1].title));
  ASSERT_GE(first, 0);
  ASSERT_GE(second, 0);
  EXPECT_LT(first, second);
  EXPECT_EQ(first, 0);
  // The unit's goal under its heading, then its first lesson with the lesson's goal under its title.
  EXPECT_EQ(dlg.list()->item(first + 1)->text().toStdString(), course.units[0].goal);
  const ui::GalleryLesson& lesson = course.units[0].lessons.at(0);
  const QString text = dlg.list()->item(first + 2)->text();
  EXPECT_TRUE(text.contains(QString::fromStdString(lesson.title))) << text.toStdString();
  EXPECT_TRUE(text.contains(QString::fromStdString(lesson.goal))) << text.toStdString();
  EXPECT_EQ(dlg.list()->currentRow(), first + 2) << "a lesson is selected, not a heading";
  // A pair under one lesson: ub-deadlock's strict file, then its hardware file.
  const int pair = rowContaining(dlg, "[ub-deadlock]");
  ASSERT_GE(pair, 0);
  EXPECT_TRUE(dlg.list()->item(pair + 1)->data(Qt::UserRole).toString().endsWith("ub-deadlock/strict.toml"));
  EXPECT_TRUE(dlg.list()->item(pair + 2)->data(Qt::UserRole).toString().endsWith("ub-deadlock/hardware.toml"));
  EXPECT_FALSE(dlg.errorLabel()->isVisibleTo(&dlg));
  if (const QString dir = qEnvironmentVariable("WS_SCREENSHOT_DIR"); !dir.isEmpty()) {
    dlg.show();
    QTest::qWait(200);
    dlg.grab().save(dir + "/qt-gallery.png");
  }
}

TEST(GalleryDialog, WithoutACourseSaysSoAndListsByName) {
  const fs::path dir = fs::temp_directory_path() / "ws_qt_gallery_nocourse";
  fs::remove_all(dir);
  fs::create_directories(dir / "vote-ballot");
  std::ofstream(dir / "vote-ballot" / "scenario.toml") << "format = 1\ntitle = \"Ballot\"\n";
  GalleryDialog dlg(ui::listCourse(dir.string()));
  EXPECT_TRUE(dlg.errorLabel()->isVisibleTo(&dlg));
  EXPECT_TRUE(dlg.errorLabel()->text().contains("course.toml"));
  EXPECT_GE(rowContaining(dlg, "Ballot"), 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ws::qt
