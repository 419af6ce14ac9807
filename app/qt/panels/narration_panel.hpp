#pragma once
// What this step did, in words: the scenario's narration for the step, the
// one-sentence description and the per-lane explanation, as markdown.
#include <QTextBrowser>

#include <string>

#include "app/qt/session_host.hpp"

namespace ws::qt {

class NarrationPanel : public QTextBrowser {
  Q_OBJECT
 public:
  explicit NarrationPanel(SessionHost* host, QWidget* parent = nullptr);
 public slots:
  void refresh();

 private:
  SessionHost* m_host;
  std::string m_shown;  // the markdown on screen
};

}  // namespace ws::qt
