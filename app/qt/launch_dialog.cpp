#include "app/qt/launch_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>

namespace ws::qt {
namespace {

QString joined(const std::vector<std::string>& items) {
  QStringList out;
  for (const auto& s : items) out << QString::fromStdString(s);
  return out.join(", ");
}

std::vector<std::string> split(const QString& text) {
  std::vector<std::string> out;
  for (const QString& part : text.split(',', Qt::SkipEmptyParts))
    if (!part.trimmed().isEmpty()) out.push_back(part.trimmed().toStdString());
  return out;
}

QLineEdit* field(const std::string& text, const char* name, QWidget* parent) {
  auto* e = new QLineEdit(QString::fromStdString(text), parent);
  e->setObjectName(name);
  return e;
}

}  // namespace

LaunchDialog::LaunchDialog(const ui::LaunchRequest& initial, const std::vector<std::string>& entries, QWidget* parent)
    : QDialog(parent), m_initial(initial), m_entry(new QComboBox(this)), m_mode(new QComboBox(this)),
      m_grid(field(initial.grid, "grid", this)), m_block(field(initial.block, "block", this)),
      m_cluster(field(initial.cluster.empty() ? "0" : initial.cluster, "cluster", this)),
      m_buffers(field(joined(initial.buffers).toStdString(), "buffers", this)),
      m_scalars(field(joined(initial.scalars).toStdString(), "scalars", this)), m_dynamicSmem(new QSpinBox(this)) {
  setWindowTitle(tr("Launch %1").arg(QString::fromStdString(initial.path)));
  setObjectName("launchDialog");
  m_entry->setObjectName("entry");
  m_mode->setObjectName("mode");
  m_dynamicSmem->setObjectName("dynamicSmem");
  for (const auto& e : entries) m_entry->addItem(QString::fromStdString(e));
  if (const int at = m_entry->findText(QString::fromStdString(initial.entry)); at >= 0) m_entry->setCurrentIndex(at);
  m_mode->addItem(tr("strict: stop at undefined behaviour"), "strict");
  m_mode->addItem(tr("hardware: go on as an H100 does"), "hardware");
  if (initial.mode == "hardware") m_mode->setCurrentIndex(1);
  m_dynamicSmem->setRange(0, 256 * 1024);
  m_dynamicSmem->setSuffix(tr(" bytes"));
  m_dynamicSmem->setValue(static_cast<int>(std::min<std::uint32_t>(initial.dynamicSmem, 256 * 1024)));
  // Wide enough for the examples in the empty fields.
  for (QWidget* w : {static_cast<QWidget*>(m_entry), static_cast<QWidget*>(m_buffers), static_cast<QWidget*>(m_scalars)})
    w->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 52);
  auto* f = new QFormLayout(this);
  f->addRow(tr("Entry"), m_entry);
  f->addRow(tr("Grid (N or X,Y,Z)"), m_grid);
  f->addRow(tr("Block (N or X,Y,Z)"), m_block);
  f->addRow(tr("Cluster (0 = the entry's own)"), m_cluster);
  m_buffers->setPlaceholderText(tr("in.json, zeros:32, iota:64 (one per pointer parameter)"));
  f->addRow(tr("Buffers"), m_buffers);
  m_scalars->setPlaceholderText(tr("42, -1, 1.5 or 0x hex bits (the scalar parameters after the buffers)"));
  f->addRow(tr("Scalars"), m_scalars);
  f->addRow(tr("Dynamic shared memory"), m_dynamicSmem);
  f->addRow(tr("Mode"), m_mode);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  f->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ui::LaunchRequest LaunchDialog::request() const {
  ui::LaunchRequest r = m_initial;
  r.entry = m_entry->currentText().toStdString();
  r.grid = m_grid->text().trimmed().toStdString();
  r.block = m_block->text().trimmed().toStdString();
  r.cluster = m_cluster->text().trimmed().toStdString();
  r.buffers = split(m_buffers->text());
  r.scalars = split(m_scalars->text());
  r.dynamicSmem = static_cast<std::uint32_t>(m_dynamicSmem->value());
  r.mode = m_mode->currentData().toString().toStdString();
  return r;
}

}  // namespace ws::qt
