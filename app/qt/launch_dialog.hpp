#pragma once
// How to launch a bare PTX file: entry, grid, block, cluster and one buffer
// per pointer parameter (a .json file of words, or zeros:N / iota:N).
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>

#include "ui/scenario_document.hpp"

namespace ws::qt {

class LaunchDialog : public QDialog {
  Q_OBJECT
 public:
  LaunchDialog(const QString& ptxPath, const std::vector<std::string>& entries, QWidget* parent = nullptr);
  // The request, or an error text in `error` when a field does not parse.
  std::optional<ui::PtxLaunchRequest> request(QString& error) const;

 private:
  QString m_path;
  QComboBox* m_entry;
  QLineEdit *m_grid, *m_block, *m_cluster, *m_buffers;
};

}  // namespace ws::qt
