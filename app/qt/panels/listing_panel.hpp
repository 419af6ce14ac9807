#pragma once
// The PTX listing with the CUDA source beside it: a gutter with breakpoints
// (click toggles), line numbers and a marker where the focused warp's lanes
// are; each line group that holds lanes is tinted and labelled ("lanes
// 0-15"); PTX syntax highlighting. Clicking a line sets the cursor line that
// Toggle breakpoint (F9) and Run to cursor use. Instructions are shown whole:
// the CUDA column narrows (its text elided, whole in a tooltip) to leave the
// PTX its widest instruction, and a line longer than the panel wraps.
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSyntaxHighlighter>

#include "app/qt/run_controller.hpp"
#include "app/qt/session_host.hpp"
#include "ui/views/views.hpp"

namespace ws::qt {

class PtxHighlighter : public QSyntaxHighlighter {
  Q_OBJECT
 public:
  PtxHighlighter(QTextDocument* doc, const ui::Theme& theme);
  void setTheme(const ui::Theme& theme);

 protected:
  void highlightBlock(const QString& text) override;

 private:
  struct Rule {
    QRegularExpression re;
    QTextCharFormat fmt;
  };
  std::vector<Rule> m_rules;
};

class ListingPanel : public QPlainTextEdit {
  Q_OBJECT
 public:
  ListingPanel(SessionHost* host, RunController* run, QWidget* parent = nullptr);

  // PTX line of a text block and back (the listing may skip no lines, but be safe).
  int ptxLineOfBlock(int block) const;
  int blockOfPtxLine(int line) const;
  // Clicks in the gutter of a PTX line toggle its breakpoint (public for tests).
  void gutterClicked(int ptxLine);
  int gutterWidth() const;
  // Where a text block is drawn, in viewport (and gutter) coordinates.
  QRect blockRect(int block) const;
  // What the CUDA column shows at viewport height y, whole: lanes, file:line and the line's text.
  QString sourceTooltip(int y) const;
  // The widest instruction line, in pixels, as the editor draws it.
  int ptxWidth() const;
  // The CUDA column's width: what the instructions leave.
  int sourceWidth() const;

 public slots:
  void refresh();

 protected:
  void resizeEvent(QResizeEvent* e) override;
  void changeEvent(QEvent* e) override;
  bool viewportEvent(QEvent* e) override;
  QMimeData* createMimeDataFromSelection() const override;
  void mouseReleaseEvent(QMouseEvent* e) override;

 private:
  friend class ListingGutter;
  friend class ListingSource;
  void paintGutter(QPaintEvent* e, QWidget* w);
  void paintSource(QPaintEvent* e, QWidget* w);
  void layoutMargins();
  int tabColumns() const;  // the editor's tab stop, in columns of the monospace font

  SessionHost* m_host;
  RunController* m_run;
  QWidget* m_gutter;
  QWidget* m_source;
  PtxHighlighter* m_highlighter;
  ui::ListingView m_view;
  std::string m_shownFile;
  std::size_t m_shownLines = 0;
  bool m_hasCuda = false;
  std::uint64_t m_shownPosition = ~0ull;
};

}  // namespace ws::qt
