#pragma once
// File > Examples: the bundled lessons unit by unit in the course's order
// (scenarios/course.toml), each unit's heading with its goal, each lesson's
// title with its goal and prerequisites under it, and the files of a lesson
// of several (strict + hardware, buggy + fixed) under the lesson;
// double-click (or Open) opens one.
#include <QDialog>
#include <QListWidget>

#include "ui/lesson/gallery.hpp"

class QLabel;

namespace ws::qt {

class GalleryDialog : public QDialog {
  Q_OBJECT
 public:
  explicit GalleryDialog(const ui::CourseGallery& course, QWidget* parent = nullptr);
  QString chosenPath() const { return m_path; }
  QListWidget* list() const { return m_list; }
  QLabel* errorLabel() const { return m_error; }
  // Rows that head a unit carry this role's value: the unit's title.
  static constexpr int kUnitRole = Qt::UserRole + 1;

 private:
  QListWidget* m_list;
  QLabel* m_error;
  QString m_path;
};

}  // namespace ws::qt
