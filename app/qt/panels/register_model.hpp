#pragma once
// The registers table as a Qt model over ui::RegisterTableView: one row per
// lane, one column per register of the current function. Changed cells carry
// the theme's "changed" colour and their old value as a tooltip; editing a
// cell parses the text (ui/frame/value_parse.hpp) and journals the edit in the
// session, which cuts off the recorded future.
#include <QAbstractTableModel>
#include <QTableView>

#include "app/qt/session_host.hpp"
#include "ui/views/views.hpp"

namespace ws::qt {

class RegisterModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  explicit RegisterModel(SessionHost* host, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation o, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

  const ui::RegisterTableView& view() const { return m_view; }
  // The column of a register name ("%r3"), -1 if not shown.
  int columnOf(const QString& regName) const;
  void setColumnFormat(int column, ui::ValueFormat f);
  // The table's font: cells this step changed are drawn in its bold face.
  void setFont(const QFont& f);
  QFont changedFont() const { return m_changedFont; }

 signals:
  void editRefused(const QString& why);

 public slots:
  void refresh();

 private:
  SessionHost* m_host;
  ui::RegisterTableView m_view;
  QFont m_changedFont;
};

class RegistersPanel : public QTableView {
  Q_OBJECT
 public:
  explicit RegistersPanel(SessionHost* host, QWidget* parent = nullptr);
  RegisterModel* registerModel() const { return m_model; }
  // Widens every column whose longest value (ui's RegColumn::widest) would
  // not fit: values are never elided. Columns only grow while stepping, so
  // the table does not jitter; a new shape sizes them afresh.
  void fitColumns();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void headerMenu(const QPoint& pos);
  RegisterModel* m_model;
  SessionHost* m_host;
};

}  // namespace ws::qt
