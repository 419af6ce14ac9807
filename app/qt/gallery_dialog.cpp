#include "app/qt/gallery_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

namespace ws::qt {

GalleryDialog::GalleryDialog(const std::vector<ui::GalleryEntry>& entries, QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)) {
  setWindowTitle(tr("Examples"));
  resize(720, 520);
  auto* l = new QVBoxLayout(this);
  l->addWidget(new QLabel(tr("Bundled scenarios: double-click one to open it."), this));
  m_list->setWordWrap(true);
  m_list->setSpacing(4);
  for (const auto& e : entries) {
    QString text = QString::fromStdString(e.title) + "   [" + QString::fromStdString(e.name) + "]";
    const std::string sub = e.error.empty() ? ui::firstParagraph(e.description) : e.error;
    if (!sub.empty()) text += "\n" + QString::fromStdString(sub);
    auto* it = new QListWidgetItem(text, m_list);
    it->setData(Qt::UserRole, QString::fromStdString(e.path));
    QFont f = it->font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    it->setFont(f);
    if (!e.error.empty()) it->setForeground(Qt::darkRed);
  }
  if (entries.empty()) new QListWidgetItem(tr("No bundled scenarios found (set WARPSCOPE_SCENARIOS)."), m_list);
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
  if (m_list->count()) m_list->setCurrentRow(0);
}

}  // namespace ws::qt
