#include "app/qt/launch_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>

namespace ws::qt {
namespace {

// "N" or "X,Y,Z" (what warpscope-cli's --grid takes).
std::optional<core::Dim3> dim3(const QString& text, bool allowZero) {
  const QStringList parts = text.split(',', Qt::SkipEmptyParts);
  if (parts.isEmpty() || parts.size() > 3) return std::nullopt;
  std::uint32_t v[3] = {1, 1, 1};
  for (int i = 0; i < parts.size(); ++i) {
    bool ok = false;
    const uint n = parts[i].trimmed().toUInt(&ok);
    if (!ok || (n == 0 && !allowZero)) return std::nullopt;
    v[i] = n;
  }
  if (allowZero && v[0] == 0) return core::Dim3{0, 0, 0};
  return core::Dim3{v[0], v[1], v[2]};
}

}  // namespace

LaunchDialog::LaunchDialog(const QString& ptxPath, const std::vector<std::string>& entries, QWidget* parent)
    : QDialog(parent), m_path(ptxPath), m_entry(new QComboBox(this)), m_grid(new QLineEdit("1", this)),
      m_block(new QLineEdit("32", this)), m_cluster(new QLineEdit("0", this)), m_buffers(new QLineEdit(this)) {
  setWindowTitle(tr("Launch %1").arg(ptxPath));
  setObjectName("launchDialog");
  m_entry->setObjectName("entry");
  m_grid->setObjectName("grid");
  m_block->setObjectName("block");
  m_cluster->setObjectName("cluster");
  m_buffers->setObjectName("buffers");
  auto* f = new QFormLayout(this);
  for (const auto& e : entries) m_entry->addItem(QString::fromStdString(e));
  f->addRow(tr("Entry"), m_entry);
  f->addRow(tr("Grid (N or X,Y,Z)"), m_grid);
  f->addRow(tr("Block (N or X,Y,Z)"), m_block);
  f->addRow(tr("Cluster (0 = none)"), m_cluster);
  m_buffers->setPlaceholderText(tr("in.json, zeros:32, iota:64 (one per pointer parameter)"));
  f->addRow(tr("Buffers"), m_buffers);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  f->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

std::optional<ui::PtxLaunchRequest> LaunchDialog::request(QString& error) const {
  ui::PtxLaunchRequest r;
  r.ptxPath = m_path.toStdString();
  r.entry = m_entry->currentText().toStdString();
  const auto g = dim3(m_grid->text(), false), b = dim3(m_block->text(), false), c = dim3(m_cluster->text(), true);
  if (!g || !b || !c) {
    error = tr("Grid, block and cluster are N or X,Y,Z with positive numbers (cluster 0 = none).");
    return std::nullopt;
  }
  r.grid = *g;
  r.block = *b;
  r.cluster = *c;
  for (const QString& part : m_buffers->text().split(',', Qt::SkipEmptyParts)) r.buffers.push_back(part.trimmed().toStdString());
  return r;
}

}  // namespace ws::qt
