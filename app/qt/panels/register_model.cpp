#include "app/qt/panels/register_model.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QStyle>

#include <cmath>

#include "app/qt/widgets/cached_text_delegate.hpp"
#include "app/qt/widgets/scene_painter.hpp"
#include "ui/frame/format.hpp"
#include "ui/frame/value_parse.hpp"

namespace ws::qt {

RegisterModel::RegisterModel(SessionHost* host, QObject* parent) : QAbstractTableModel(parent), m_host(host) {
  connect(host, &SessionHost::changed, this, &RegisterModel::refresh);
}

void RegisterModel::refresh() {
  ui::Session* s = m_host->session();
  ui::RegisterTableView next = s ? s->views().registers : ui::RegisterTableView{};
  const bool sameShape = next.lanes == m_view.lanes && next.columns.size() == m_view.columns.size();
  if (!sameShape) beginResetModel();
  m_view = std::move(next);
  if (!sameShape) {
    endResetModel();
    return;
  }
  if (rowCount() && columnCount()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
  emit headerDataChanged(Qt::Horizontal, 0, std::max(0, columnCount() - 1));
}

int RegisterModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_view.lanes; }
int RegisterModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_view.columns.size());
}

QVariant RegisterModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= m_view.lanes || index.column() >= columnCount()) return {};
  const ui::RegCell& c = m_view.at(index.row(), static_cast<std::size_t>(index.column()));
  const ui::Theme& t = m_host->theme();
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return QString::fromStdString(c.text);
    case Qt::BackgroundRole:
      if (c.changed) return toQColor(t.changed);
      if (m_host->session() && index.row() == m_host->session()->focus().lane) return toQColor(t.laneReady, 0.25);
      return {};
    case Qt::ForegroundRole:
      if (c.changed) return toQColor(t.textOn(t.changed));
      return c.written ? QVariant() : QVariant(toQColor(t.mutedText));
    case Qt::FontRole: return c.changed ? QVariant(m_changedFont) : QVariant();
    case Qt::ToolTipRole:
      if (c.changed) return tr("was %1 before this step").arg(QString::fromStdString(c.before));
      return c.written ? QVariant() : tr("never written");
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
  }
}

QVariant RegisterModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o == Qt::Vertical) {
    if (role == Qt::DisplayRole) return tr("lane %1").arg(section);
    return {};
  }
  if (section < 0 || section >= columnCount()) return {};
  const ui::RegColumn& c = m_view.columns[static_cast<std::size_t>(section)];
  if (role == Qt::DisplayRole)
    return QString::fromStdString(c.name) + "\n" + QString::fromStdString(ui::formatCaption(c.type, c.format));
  if (role == Qt::ToolTipRole)
    return tr("%1 %2, shown %3; right-click to change")
        .arg(QString::fromStdString(c.typeText), QString::fromStdString(c.name),
             QString::fromStdString(std::string(ui::formatHow(c.format))));
  if (role == Qt::FontRole && (c.written || c.read)) {
    QFont f;
    f.setBold(true);
    return f;
  }
  return {};
}

Qt::ItemFlags RegisterModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool RegisterModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  ui::Session* s = m_host->session();
  if (!s || role != Qt::EditRole || !index.isValid()) return false;
  const ui::RegColumn& c = m_view.columns[static_cast<std::size_t>(index.column())];
  const auto parsed = ui::parseRegisterValue(value.toString().toStdString(), c.type, c.format);
  if (!parsed.bits) {
    emit editRefused(QString::fromStdString(parsed.error));
    return false;
  }
  return s->editRegister(m_view.warp, index.row(), c.reg, *parsed.bits);
}

void RegisterModel::setFont(const QFont& f) {
  m_changedFont = f;
  m_changedFont.setBold(true);
  if (rowCount() && columnCount()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::FontRole});
}

int RegisterModel::columnOf(const QString& regName) const {
  for (std::size_t i = 0; i < m_view.columns.size(); ++i)
    if (QString::fromStdString(m_view.columns[i].name) == regName) return static_cast<int>(i);
  return -1;
}

void RegisterModel::setColumnFormat(int column, ui::ValueFormat f) {
  if (ui::Session* s = m_host->session(); s && column >= 0 && column < columnCount())
    s->setRegisterFormat(m_view.columns[static_cast<std::size_t>(column)].reg, f);
}

RegistersPanel::RegistersPanel(SessionHost* host, QWidget* parent)
    : QTableView(parent), m_model(new RegisterModel(host, this)), m_host(host) {
  setObjectName("registers");
  setModel(m_model);
  setItemDelegate(new CachedTextDelegate(this));
  setAlternatingRowColors(true);
  setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
  horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
  // Sized once per shape (a new function or launch), not on every step:
  // measuring every cell of every column per frame halved the frame rate.
  horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
    resizeColumnsToContents();
    fitColumns();
  });
  connect(m_model, &QAbstractItemModel::dataChanged, this, &RegistersPanel::fitColumns);
  m_model->setFont(font());
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  connect(horizontalHeader(), &QWidget::customContextMenuRequested, this, &RegistersPanel::headerMenu);
}

void RegistersPanel::changeEvent(QEvent* e) {
  QTableView::changeEvent(e);
  if (e->type() == QEvent::FontChange) {
    m_model->setFont(font());
    fitColumns();
  }
}

void RegistersPanel::fitColumns() {
  // One text per column is measured, not every cell (that halved the frame
  // rate); in the changed cells' bold face, the wider of the two.
  const QFontMetricsF fm(m_model->changedFont());
  // What CachedTextDelegate keeps inside a cell, either side, and the grid line.
  const int margin = style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1;
  const int grid = showGrid() ? 1 : 0;
  const auto& cols = m_model->view().columns;
  for (std::size_t c = 0; c < cols.size(); ++c) {
    const int need = static_cast<int>(std::ceil(fm.horizontalAdvance(QString::fromStdString(cols[c].widest)))) + 2 * margin + grid;
    if (need > columnWidth(static_cast<int>(c))) setColumnWidth(static_cast<int>(c), need);
  }
}

void RegistersPanel::headerMenu(const QPoint& pos) {
  const int col = horizontalHeader()->logicalIndexAt(pos);
  if (col < 0) return;
  QMenu menu(this);
  using F = ui::ValueFormat;
  for (F f : {F::Auto, F::Hex, F::Signed, F::Unsigned, F::Float, F::F16x2, F::Pred}) {
    QAction* a = menu.addAction(QString::fromStdString(std::string(ui::formatName(f))));
    a->setCheckable(true);
    a->setChecked(m_model->view().columns[static_cast<std::size_t>(col)].format == f);
    connect(a, &QAction::triggered, this, [this, col, f] { m_model->setColumnFormat(col, f); });
  }
  menu.exec(horizontalHeader()->mapToGlobal(pos));
}

}  // namespace ws::qt
