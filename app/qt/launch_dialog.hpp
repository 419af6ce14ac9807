#pragma once
// How to launch a bare PTX file: the launch options of the command line
// (ui::LaunchRequest) as form fields: entry, grid, block, cluster, one buffer
// per pointer parameter (a .json file of words, zeros:N or iota:N), the
// scalars after them, dynamic shared memory and the mode. The fields are
// checked where every front end's are: ui::openLaunch.
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>
#include <QSpinBox>

#include "ui/files/launch_request.hpp"

namespace ws::qt {

class LaunchDialog : public QDialog {
  Q_OBJECT
 public:
  // `initial` fills the fields (its path is the PTX file launched).
  LaunchDialog(const ui::LaunchRequest& initial, const std::vector<std::string>& entries, QWidget* parent = nullptr);
  ui::LaunchRequest request() const;

 private:
  ui::LaunchRequest m_initial;
  QComboBox *m_entry, *m_mode;
  QLineEdit *m_grid, *m_block, *m_cluster, *m_buffers, *m_scalars;
  QSpinBox* m_dynamicSmem;
};

}  // namespace ws::qt
