#pragma once
// A plain-text editor for PTX and scenario files with line numbers in a
// gutter and problems marked where they are: a wavy underline from the
// problem's column to the end of its line, a marker in the gutter, and the
// message as the tooltip of both.
#include <QPlainTextEdit>
#include <vector>

#include "ui/files/document.hpp"

namespace ws::qt {

class CodeEditor : public QPlainTextEdit {
  Q_OBJECT
 public:
  explicit CodeEditor(QWidget* parent = nullptr);

  void setProblems(std::vector<ui::DocumentProblem> p);
  const std::vector<ui::DocumentProblem>& problems() const { return m_problems; }
  // The messages of the problems on a line (1-based), one per line of text.
  QString problemsAt(int line) const;
  int gutterWidth() const;
  QWidget* gutter() const { return m_gutter; }

 protected:
  void resizeEvent(QResizeEvent* e) override;
  bool viewportEvent(QEvent* e) override;

 private:
  friend class EditorGutter;
  void paintGutter(QPaintEvent* e);
  void updateMarks();

  QWidget* m_gutter;
  std::vector<ui::DocumentProblem> m_problems;
};

}  // namespace ws::qt
