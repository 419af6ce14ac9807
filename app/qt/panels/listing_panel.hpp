#pragma once
// The PTX listing with the CUDA source beside it: a gutter with breakpoints
// (click toggles), line numbers and a marker where the focused warp's lanes
// are; each line group that holds lanes is tinted and labelled ("lanes
// 0-15"); PTX syntax highlighting. Clicking a line sets the cursor line that
// Toggle breakpoint (F9) and Run to cursor use.
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

 public slots:
  void refresh();

 protected:
  void resizeEvent(QResizeEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;

 private:
  friend class ListingGutter;
  friend class ListingSource;
  void paintGutter(QPaintEvent* e, QWidget* w);
  void paintSource(QPaintEvent* e, QWidget* w);
  int sourceWidth() const;
  void layoutMargins();

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
