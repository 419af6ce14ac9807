#include "app/qt/panels/listing_panel.hpp"

#include <QPainter>
#include <QMouseEvent>

#include <algorithm>
#include <QPaintEvent>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>

#include "app/qt/widgets/scene_painter.hpp"

namespace ws::qt {

class ListingGutter : public QWidget {
 public:
  explicit ListingGutter(ListingPanel* p) : QWidget(p), m_panel(p) {
    setObjectName("listingGutter");
    setCursor(Qt::PointingHandCursor);
  }
  QSize sizeHint() const override { return {m_panel->gutterWidth(), 0}; }

 protected:
  void paintEvent(QPaintEvent* e) override { m_panel->paintGutter(e, this); }
  void mousePressEvent(QMouseEvent* e) override {
    QTextCursor c = m_panel->cursorForPosition(QPoint(0, static_cast<int>(e->position().y())));
    m_panel->gutterClicked(m_panel->ptxLineOfBlock(c.blockNumber()));
  }

 private:
  ListingPanel* m_panel;
};

class ListingSource : public QWidget {
 public:
  explicit ListingSource(ListingPanel* p) : QWidget(p), m_panel(p) {}

 protected:
  void paintEvent(QPaintEvent* e) override { m_panel->paintSource(e, this); }

 private:
  ListingPanel* m_panel;
};

// ---------------------------------------------------------------- highlighting

PtxHighlighter::PtxHighlighter(QTextDocument* doc, const ui::Theme& theme) : QSyntaxHighlighter(doc) { setTheme(theme); }

void PtxHighlighter::setTheme(const ui::Theme& t) {
  auto fmt = [](const ui::Color& c, bool bold = false, bool italic = false) {
    QTextCharFormat f;
    f.setForeground(toQColor(c));
    if (bold) f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
  };
  const bool dark = t.background.luminance() < 0.3;
  const ui::Color opcode = dark ? ui::okabe_ito::kSkyBlue : ui::okabe_ito::kBlue;
  const ui::Color reg = dark ? ui::okabe_ito::kOrange : ui::okabe_ito::kVermillion;
  const ui::Color number = dark ? ui::okabe_ito::kYellow : ui::okabe_ito::kBluishGreen;
  m_rules = {
      {QRegularExpression(R"(^\s*(@!?%\w+\s+)?[a-z][\w.]*)"), fmt(opcode, true)},
      {QRegularExpression(R"(^\s*\.\w+)"), fmt(ui::okabe_ito::kReddishPurple, true)},
      {QRegularExpression(R"(%[A-Za-z_][\w.]*)"), fmt(reg)},
      {QRegularExpression(R"(\b(0[xX][0-9a-fA-F]+|\d+)\b)"), fmt(number)},
      {QRegularExpression(R"(^\s*[$\w]+:)"), fmt(t.text, true)},
      {QRegularExpression(R"(//.*$)"), fmt(t.mutedText, false, true)},
  };
  rehighlight();
}

void PtxHighlighter::highlightBlock(const QString& text) {
  for (const Rule& r : m_rules) {
    auto it = r.re.globalMatch(text);
    while (it.hasNext()) {
      const auto m = it.next();
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), r.fmt);
    }
  }
}

// ---------------------------------------------------------------- panel

ListingPanel::ListingPanel(SessionHost* host, RunController* run, QWidget* parent)
    : QPlainTextEdit(parent), m_host(host), m_run(run), m_gutter(new ListingGutter(this)), m_source(new ListingSource(this)) {
  setObjectName("listing");
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
  m_highlighter = new PtxHighlighter(document(), host->theme());
  connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& r, int dy) {
    if (dy) {
      m_gutter->scroll(0, dy);
      m_source->scroll(0, dy);
    } else {
      m_gutter->update(0, r.y(), m_gutter->width(), r.height());
      m_source->update(0, r.y(), m_source->width(), r.height());
    }
  });
  connect(host, &SessionHost::changed, this, &ListingPanel::refresh);
  connect(host, &SessionHost::themeChanged, this, [this] { m_highlighter->setTheme(m_host->theme()); });
  connect(this, &QPlainTextEdit::cursorPositionChanged, this,
          [this] { m_run->setCursorLine(ptxLineOfBlock(textCursor().blockNumber())); });
  layoutMargins();
}

int ListingPanel::gutterWidth() const {
  return fontMetrics().horizontalAdvance(QStringLiteral("9999")) + 48;
}

int ListingPanel::sourceWidth() const {
  // Lanes only ("lanes 0-15") when there is no CUDA source to show beside the PTX.
  if (!m_hasCuda) return fontMetrics().horizontalAdvance(QStringLiteral("lanes 00-00, 00")) + 16;
  return std::clamp(width() * 3 / 10, 140, 420);
}

QRect ListingPanel::blockRect(int block) const {
  const QTextBlock b = document()->findBlockByNumber(block);
  return blockBoundingGeometry(b).translated(contentOffset()).toRect();
}

void ListingPanel::layoutMargins() {
  setViewportMargins(gutterWidth(), 0, sourceWidth(), 0);
  const QRect cr = contentsRect();
  m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
  m_source->setGeometry(QRect(cr.right() - sourceWidth() + 1, cr.top(), sourceWidth(), cr.height()));
}

void ListingPanel::resizeEvent(QResizeEvent* e) {
  QPlainTextEdit::resizeEvent(e);
  layoutMargins();
}

void ListingPanel::mouseReleaseEvent(QMouseEvent* e) {
  QPlainTextEdit::mouseReleaseEvent(e);
  m_run->setCursorLine(ptxLineOfBlock(textCursor().blockNumber()));
}

int ListingPanel::ptxLineOfBlock(int block) const {
  if (block < 0 || static_cast<std::size_t>(block) >= m_view.lines.size()) return 0;
  return m_view.lines[static_cast<std::size_t>(block)].line;
}

int ListingPanel::blockOfPtxLine(int line) const {
  for (std::size_t i = 0; i < m_view.lines.size(); ++i)
    if (m_view.lines[i].line == line) return static_cast<int>(i);
  return -1;
}

void ListingPanel::gutterClicked(int ptxLine) {
  if (ptxLine <= 0) return;
  if (ui::Session* s = m_host->session()) s->toggleBreakpoint(ptxLine);
}

void ListingPanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  m_view = s->views().listing;
  if (m_view.file != m_shownFile || m_view.lines.size() != m_shownLines) {
    QStringList text;
    for (const auto& l : m_view.lines) text << QString::fromStdString(l.text);
    setPlainText(text.join('\n'));
    m_shownFile = m_view.file;
    m_shownLines = m_view.lines.size();
    m_shownPosition = ~0ull;
    m_hasCuda = std::any_of(m_view.lines.begin(), m_view.lines.end(), [](const ui::ListingLine& l) { return !l.cuda.empty(); });
    layoutMargins();
  }
  // Tint the lines where the focused warp's lanes are; the step's own line stronger.
  const ui::Theme& t = m_host->theme();
  QList<QTextEdit::ExtraSelection> sel;
  int firstHere = -1;
  for (std::size_t i = 0; i < m_view.lines.size(); ++i) {
    const auto& l = m_view.lines[i];
    if (!l.lanesHere && !l.executedNow) continue;
    QTextEdit::ExtraSelection x;
    x.cursor = QTextCursor(document()->findBlockByNumber(static_cast<int>(i)));
    x.format.setBackground(toQColor(l.lanesHere ? t.laneReady : t.changed, l.lanesHere ? 0.35 : 0.8));
    x.format.setProperty(QTextFormat::FullWidthSelection, true);
    sel << x;
    if (l.lanesHere && firstHere < 0) firstHere = static_cast<int>(i);
  }
  setExtraSelections(sel);
  if (s->position() != m_shownPosition && firstHere >= 0) {
    m_shownPosition = s->position();
    // Keep the current line in view without moving the user's cursor.
    const QTextBlock b = document()->findBlockByNumber(firstHere);
    const int top = static_cast<int>(blockBoundingGeometry(b).translated(contentOffset()).top());
    if (top < 0 || top > viewport()->height() - 3 * fontMetrics().height())
      verticalScrollBar()->setValue(std::max(0, firstHere - 5));
  }
  m_gutter->update();
  m_source->update();
}

void ListingPanel::paintGutter(QPaintEvent* e, QWidget* w) {
  const ui::Theme& t = m_host->theme();
  QPainter p(w);
  p.fillRect(e->rect(), toQColor(t.panel));
  p.setRenderHint(QPainter::Antialiasing);
  QTextBlock block = firstVisibleBlock();
  int top = static_cast<int>(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int lineH = fontMetrics().height();
  while (block.isValid() && top <= e->rect().bottom()) {
    const int i = block.blockNumber();
    if (block.isVisible() && static_cast<std::size_t>(i) < m_view.lines.size()) {
      const auto& l = m_view.lines[static_cast<std::size_t>(i)];
      if (l.breakpoint) {
        p.setPen(Qt::NoPen);
        p.setBrush(toQColor(ui::okabe_ito::kVermillion));
        p.drawEllipse(QPointF(10, top + lineH / 2.0), 6, 6);
      }
      if (!l.notExecuted.empty()) {
        // An instruction warpscope does not execute: a hollow square.
        p.setPen(QPen(toQColor(ui::okabe_ito::kVermillion), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(4, top + lineH / 2.0 - 5, 10, 10));
      }
      if (l.lanesHere) {
        // A play marker where the focused warp's lanes are.
        p.setPen(Qt::NoPen);
        p.setBrush(toQColor(t.laneExecuted));
        const double cy = top + lineH / 2.0;
        const QPointF tri[3] = {{20, cy - 6}, {20, cy + 6}, {30, cy}};
        p.drawPolygon(tri, 3);
      }
      p.setPen(toQColor(t.mutedText));
      p.drawText(QRect(32, top, w->width() - 36, lineH), Qt::AlignRight | Qt::AlignVCenter, QString::number(l.line));
    }
    block = block.next();
    top += static_cast<int>(blockBoundingRect(block).height());
  }
}

void ListingPanel::paintSource(QPaintEvent* e, QWidget* w) {
  const ui::Theme& t = m_host->theme();
  QPainter p(w);
  p.fillRect(e->rect(), toQColor(t.panel));
  p.setPen(toQColor(t.border));
  p.drawLine(0, e->rect().top(), 0, e->rect().bottom());
  QTextBlock block = firstVisibleBlock();
  int top = static_cast<int>(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int lineH = fontMetrics().height();
  QFont small = font();
  while (block.isValid() && top <= e->rect().bottom()) {
    const int i = block.blockNumber();
    if (block.isVisible() && static_cast<std::size_t>(i) < m_view.lines.size()) {
      const auto& l = m_view.lines[static_cast<std::size_t>(i)];
      QString text;
      if (l.lanesHere) text = QString::fromStdString(l.lanesText) + "  ";
      if (!l.cuda.empty()) text += QString::fromStdString(l.cuda) + "  " + QString::fromStdString(l.cudaText).trimmed();
      if (!text.isEmpty()) {
        p.setPen(toQColor(l.lanesHere ? t.laneExecuted : t.mutedText));
        p.drawText(QRect(8, top, w->width() - 12, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(text, Qt::ElideRight, w->width() - 12));
      }
    }
    block = block.next();
    top += static_cast<int>(blockBoundingRect(block).height());
  }
}

}  // namespace ws::qt
