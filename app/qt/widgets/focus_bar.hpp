#pragma once
// CTA / warp / lane selectors for the toolbar, following the session's focus.
#include <QSpinBox>
#include <QWidget>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class FocusBar : public QWidget {
  Q_OBJECT
 public:
  explicit FocusBar(SessionHost* host, QWidget* parent = nullptr);
  QSpinBox* cta() const { return m_cta; }
  QSpinBox* warp() const { return m_warp; }
  QSpinBox* lane() const { return m_lane; }
 public slots:
  void refresh();

 private:
  SessionHost* m_host;
  QSpinBox *m_cta, *m_warp, *m_lane;
  bool m_updating = false;
};

}  // namespace ws::qt
