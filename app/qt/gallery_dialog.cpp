#include "app/qt/gallery_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

namespace ws::qt {
namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

QString join(const std::vector<std::string>& names) {
  QStringList l;
  for (const std::string& n : names) l << q(n);
  return l.join(QStringLiteral(", "));
}
}  // namespace

GalleryDialog::GalleryDialog(const ui::CourseGallery& course, QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)), m_error(new QLabel(this)) {
  setWindowTitle(tr("Examples"));
  resize(760, 600);
  auto* l = new QVBoxLayout(this);
  l->addWidget(new QLabel(tr("The course, unit by unit: double-click a lesson to open it."), this));
  m_error->setObjectName("galleryError");
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: darkred"));
  m_error->setText(q(course.error));
  m_error->setVisible(!course.error.empty());
  l->addWidget(m_error);
  m_list->setWordWrap(true);
  m_list->setSpacing(3);
  int lessons = 0;
  for (const ui::GalleryUnit& u : course.units) {
    if (u.lessons.empty()) continue;
    auto* h = new QListWidgetItem(q(u.title), m_list);
    h->setData(kUnitRole, q(u.title));
    h->setFlags(Qt::ItemIsEnabled);
    QFont hf = h->font();
    hf.setBold(true);
    hf.setPointSizeF(hf.pointSizeF() * 1.25);
    h->setFont(hf);
    h->setBackground(palette().alternateBase());
    if (!u.goal.empty()) {  // under the heading, in the lessons' own weight
      auto* g = new QListWidgetItem(q(u.goal), m_list);
      g->setFlags(Qt::ItemIsEnabled);
      QFont gf = g->font();
      gf.setItalic(true);
      g->setFont(gf);
      g->setBackground(palette().alternateBase());
    }
    for (const ui::GalleryLesson& lesson : u.lessons) {
      ++lessons;
      QString text = "    " + q(lesson.title) + "   [" + q(lesson.name) + "]";
      const std::string& sub = lesson.error.empty() ? lesson.goal : lesson.error;
      if (!sub.empty()) text += "\n    " + q(sub);
      if (!lesson.prerequisites.empty()) text += "\n    " + tr("Take first: %1").arg(join(lesson.prerequisites));
      auto* it = new QListWidgetItem(text, m_list);
      it->setData(Qt::UserRole, q(lesson.files.front().path));
      QFont f = it->font();
      f.setPointSizeF(f.pointSizeF() * 1.1);
      it->setFont(f);
      if (!lesson.error.empty()) it->setForeground(Qt::darkRed);
      if (lesson.files.size() < 2) continue;
      for (const ui::GalleryEntry& file : lesson.files) {
        auto* v = new QListWidgetItem("        \u25b8 " + q(ui::variantCaption(lesson, file)), m_list);
        v->setData(Qt::UserRole, q(file.path));
        v->setToolTip(q(file.title));
        if (!file.error.empty()) v->setForeground(Qt::darkRed);
      }
    }
  }
  if (lessons == 0) new QListWidgetItem(tr("No bundled scenarios found (set WARPSCOPE_SCENARIOS)."), m_list);
  l->addWidget(m_list);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  l->addWidget(buttons);
  auto choose = [this] {
    if (auto* it = m_list->currentItem(); it && !it->data(Qt::UserRole).toString().isEmpty()) {
      m_path = it->data(Qt::UserRole).toString();
      accept();
    }
  };
  connect(m_list, &QListWidget::itemDoubleClicked, this, choose);
  connect(buttons, &QDialogButtonBox::accepted, this, choose);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // The first lesson, not a unit's heading.
  for (int r = 0; r < m_list->count(); ++r)
    if (!m_list->item(r)->data(Qt::UserRole).toString().isEmpty()) {
      m_list->setCurrentRow(r);
      break;
    }
}

}  // namespace ws::qt
