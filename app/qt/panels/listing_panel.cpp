#include "app/qt/panels/listing_panel.hpp"

#include <QPainter>
#include <QMouseEvent>

#include <algorithm>
#include <QMimeData>
#include <QPaintEvent>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocumentFragment>
#include <QStyle>
#include <QToolTip>

#include <cmath>

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
  bool event(QEvent* e) override {
    // The whole CUDA line, which the narrow column elides.
    if (e->type() == QEvent::ToolTip) {
      auto* h = static_cast<QHelpEvent*>(e);
      const QString tip = m_panel->sourceTooltip(h->pos().y());
      if (tip.isEmpty()) QToolTip::hideText();
      else QToolTip::showText(h->globalPos(), tip, this);
      return true;
    }
    return QWidget::event(e);
  }

 private:
  ListingPanel* m_panel;
};

namespace {

constexpr QChar kNoBreakSpace(0x00a0);
constexpr QChar kZeroWidthSpace(0x200b);

QString expandTabs(const QString& s, int tabCols) {
  QString out;
  out.reserve(s.size() + 8);
  for (const QChar c : s) {
    if (c == QLatin1Char('\t')) out += QString(tabCols - static_cast<int>(out.size()) % tabCols, QLatin1Char(' '));
    else out += c;
  }
  return out;
}

// An instruction line as the listing shows it: its indentation cannot be
// broken (a wrapped line never starts with an empty row) and a long mnemonic
// may break after a dot or "::" (red.async.relaxed.cluster.shared::cluster.
// mbarrier::complete_tx::bytes.add.u32 is wider than the panel).
QString wrappableInstruction(const QString& s, int tabCols) {
  qsizetype i = 0;
  while (i < s.size() && s[i].isSpace()) ++i;
  QString out = expandTabs(s.left(i), tabCols).replace(QLatin1Char(' '), kNoBreakSpace);
  if (i < s.size() && s[i] == QLatin1Char('@'))  // the guard stays with its mnemonic
    for (; i < s.size() && !s[i].isSpace(); ++i) out += s[i];
  for (; i < s.size() && s[i].isSpace(); ++i) out += s[i] == QLatin1Char(' ') ? kNoBreakSpace : s[i];
  for (; i < s.size() && !s[i].isSpace(); ++i) {
    out += s[i];
    const bool afterDot = s[i] == QLatin1Char('.');
    const bool afterColons = s[i] == QLatin1Char(':') && i > 0 && s[i - 1] == QLatin1Char(':');
    if ((afterDot || afterColons) && i + 1 < s.size() && !s[i + 1].isSpace()) out += kZeroWidthSpace;
  }
  out += s.mid(i);
  return out;
}

}  // namespace

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
      {QRegularExpression(R"(^[\s\x{a0}]*(@!?%\w+[\s\x{a0}]+)?[a-z][\w.:\x{200b}]*)"), fmt(opcode, true)},
      // Directive lines are indented with non-breaking spaces (see refresh).
      {QRegularExpression(R"(^[\s\x{a0}]*\.\w+)"), fmt(ui::okabe_ito::kReddishPurple, true)},
      {QRegularExpression(R"(%[A-Za-z_][\w.]*)"), fmt(reg)},
      {QRegularExpression(R"(\b(0[xX][0-9a-fA-F]+|\d+)\b)"), fmt(number)},
      {QRegularExpression(R"(^[\s\x{a0}]*[$\w]+:)"), fmt(t.text, true)},
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
  // Whole instructions always: the CUDA column gives the PTX the width its
  // widest instruction needs (sourceWidth); past that an instruction wraps
  // at its spaces (never inside a mnemonic or an operand) rather than hide
  // its tail behind a scroll bar.
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  setWordWrapMode(QTextOption::WordWrap);
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

int ListingPanel::tabColumns() const {
  const double space = QFontMetricsF(font()).horizontalAdvance(QLatin1Char(' '));
  return space > 0 ? std::max(1, static_cast<int>(std::lround(tabStopDistance() / space))) : 2;
}

QMimeData* ListingPanel::createMimeDataFromSelection() const {
  // Copied PTX reads as the file does: plain spaces.
  auto* m = new QMimeData;
  m->setText(textCursor().selection().toPlainText().replace(kNoBreakSpace, QLatin1Char(' ')).remove(kZeroWidthSpace));
  return m;
}

int ListingPanel::ptxWidth() const {
  // The widest instruction line as drawn: tabs expanded to the editor's stops.
  const QFontMetricsF fm(font());
  const int tabCols = tabColumns();
  double widest = 0;
  for (const ui::ListingLine& l : m_view.lines)
    if (l.pc >= 0) widest = std::max(widest, fm.horizontalAdvance(expandTabs(QString::fromStdString(l.text), tabCols)));
  // The document's margins either side and the cursor's pixel.
  return static_cast<int>(std::ceil(widest + 2 * document()->documentMargin())) + 2;
}

int ListingPanel::sourceWidth() const {
  const QFontMetrics fm = fontMetrics();
  // Lanes only ("lanes 0-15") when there is no CUDA source to show beside the PTX.
  const int lanesOnly = fm.horizontalAdvance(QStringLiteral("lanes 00-00, 00")) + 16;
  if (!m_hasCuda) return lanesOnly;
  // The instructions first: the CUDA column takes what they leave, down to
  // about a file:line (what does not fit is elided, whole in the tooltip).
  const int narrowest = fm.horizontalAdvance(QStringLiteral("kernel.cu:000\u2026")) + 16;
  // The scroll bar counted always: whether it shows must not change the layout that decides it.
  const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
  const int left = width() - 2 * frameWidth() - gutterWidth() - scrollBar - ptxWidth();
  return std::clamp(left, narrowest, 420);
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

void ListingPanel::changeEvent(QEvent* e) {
  QPlainTextEdit::changeEvent(e);
  if (e->type() == QEvent::FontChange) layoutMargins();
}

bool ListingPanel::viewportEvent(QEvent* e) {
  // The PTX line's tooltip: what the instruction does (from the instruction table).
  if (e->type() == QEvent::ToolTip) {
    auto* h = static_cast<QHelpEvent*>(e);
    const int block = cursorForPosition(h->pos()).blockNumber();
    const QString tip = block >= 0 && static_cast<std::size_t>(block) < m_view.lines.size()
                            ? QString::fromStdString(m_view.lines[static_cast<std::size_t>(block)].tooltip)
                            : QString();
    if (tip.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(h->globalPos(), tip, viewport());
    return true;
  }
  return QPlainTextEdit::viewportEvent(e);
}

QString ListingPanel::sourceTooltip(int y) const {
  const int block = cursorForPosition(QPoint(0, y)).blockNumber();
  if (block < 0 || static_cast<std::size_t>(block) >= m_view.lines.size()) return {};
  const ui::ListingLine& l = m_view.lines[static_cast<std::size_t>(block)];
  QStringList parts;
  if (l.lanesHere) parts << QString::fromStdString(l.lanesText);
  if (!l.cuda.empty()) parts << QString::fromStdString(l.cuda) + "  " + QString::fromStdString(l.cudaText).trimmed();
  return parts.join('\n');
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
    // Only instructions wrap: a directive or comment line (".loc 2 449 9,
    // function_name ...") is one unbreakable run, its tabs expanded and its
    // spaces non-breaking, that runs on past the edge rather than wrapping
    // into rows without a line number.
    const int tabCols = tabColumns();
    QStringList text;
    for (const auto& l : m_view.lines) {
      QString t = QString::fromStdString(l.text);
      t = l.pc < 0 ? expandTabs(t, tabCols).replace(QLatin1Char(' '), kNoBreakSpace) : wrappableInstruction(t, tabCols);
      text << t;
    }
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
      verticalScrollBar()->setValue(std::max(0, b.firstLineNumber() - 5));  // in visual lines: long ones wrap
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
    top += static_cast<int>(blockBoundingRect(block).height());  // the block just drawn: wrapped ones are taller
    block = block.next();
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
    top += static_cast<int>(blockBoundingRect(block).height());  // the block just drawn: wrapped ones are taller
    block = block.next();
  }
}

}  // namespace ws::qt
