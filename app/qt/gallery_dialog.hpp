#pragma once
// File > Examples: the bundled scenarios with their titles and the first
// paragraph of their descriptions; double-click (or Open) opens one.
#include <QDialog>
#include <QListWidget>

#include "ui/lesson/gallery.hpp"

namespace ws::qt {

class GalleryDialog : public QDialog {
  Q_OBJECT
 public:
  explicit GalleryDialog(const std::vector<ui::GalleryEntry>& entries, QWidget* parent = nullptr);
  QString chosenPath() const { return m_path; }
  QListWidget* list() const { return m_list; }

 private:
  QListWidget* m_list;
  QString m_path;
};

}  // namespace ws::qt
