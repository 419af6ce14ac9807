#include "app/qt/lecture/code_editor.hpp"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

namespace ws::qt {

// The line-number gutter: paints through the editor, which knows the blocks.
class EditorGutter : public QWidget {
 public:
  explicit EditorGutter(CodeEditor* e) : QWidget(e), m_editor(e) { setObjectName("editorGutter"); }
  QSize sizeHint() const override { return {m_editor->gutterWidth(), 0}; }

 protected:
  void paintEvent(QPaintEvent* e) override { m_editor->paintGutter(e); }
  bool event(QEvent* e) override {
    if (e->type() == QEvent::ToolTip) {
      auto* he = static_cast<QHelpEvent*>(e);
      const QTextCursor c = m_editor->cursorForPosition(QPoint(0, he->pos().y()));
      const QString msg = m_editor->problemsAt(c.blockNumber() + 1);
      if (msg.isEmpty()) QToolTip::hideText(); else QToolTip::showText(he->globalPos(), msg, this);
      return true;
    }
    return QWidget::event(e);
  }

 private:
  CodeEditor* m_editor;
};

CodeEditor::CodeEditor(QWidget* parent) : QPlainTextEdit(parent), m_gutter(new EditorGutter(this)) {
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
  connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& r, int dy) {
    if (dy) m_gutter->scroll(0, dy); else m_gutter->update(0, r.y(), m_gutter->width(), r.height());
  });
  setViewportMargins(gutterWidth(), 0, 0, 0);
}

int CodeEditor::gutterWidth() const {
  int digits = 1;
  for (int n = std::max(1, blockCount()); n >= 10; n /= 10) ++digits;
  // Room for the digits and the problem marker.
  return 10 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + fontMetrics().height();
}

void CodeEditor::resizeEvent(QResizeEvent* e) {
  QPlainTextEdit::resizeEvent(e);
  const QRect cr = contentsRect();
  m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
}

void CodeEditor::setProblems(std::vector<ui::DocumentProblem> p) {
  m_problems = std::move(p);
  updateMarks();
  m_gutter->update();
}

QString CodeEditor::problemsAt(int line) const {
  QStringList out;
  for (const ui::DocumentProblem& p : m_problems)
    if (static_cast<int>(p.line) == line) out << QString::fromStdString(p.message);
  return out.join(QLatin1Char('\n'));
}

void CodeEditor::updateMarks() {
  QList<QTextEdit::ExtraSelection> marks;
  for (const ui::DocumentProblem& p : m_problems) {
    if (p.line == 0) continue;
    const QTextBlock b = document()->findBlockByNumber(static_cast<int>(p.line) - 1);
    if (!b.isValid()) continue;
    QTextEdit::ExtraSelection sel;
    sel.cursor = QTextCursor(b);
    const int col = std::clamp(static_cast<int>(p.col) - 1, 0, std::max(0, b.length() - 1));
    sel.cursor.setPosition(b.position() + col);
    // At least one character, so an error at the end of a line still shows.
    const int end = std::max(b.position() + b.length() - 1, b.position() + col + 1);
    sel.cursor.setPosition(std::min(end, document()->characterCount() - 1), QTextCursor::KeepAnchor);
    sel.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    sel.format.setUnderlineColor(QColor(0xD5, 0x5E, 0x00));
    sel.format.setToolTip(QString::fromStdString(p.message));
    marks << sel;
  }
  setExtraSelections(marks);
}

bool CodeEditor::viewportEvent(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* he = static_cast<QHelpEvent*>(e);
    const QString msg = problemsAt(cursorForPosition(he->pos()).blockNumber() + 1);
    if (msg.isEmpty()) QToolTip::hideText(); else QToolTip::showText(he->globalPos(), msg, viewport());
    return true;
  }
  return QPlainTextEdit::viewportEvent(e);
}

void CodeEditor::paintGutter(QPaintEvent* e) {
  QPainter p(m_gutter);
  p.fillRect(e->rect(), palette().color(QPalette::AlternateBase));
  QTextBlock block = firstVisibleBlock();
  int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int h = fontMetrics().height();
  while (block.isValid() && top <= e->rect().bottom()) {
    const int bottom = top + qRound(blockBoundingRect(block).height());
    if (block.isVisible() && bottom >= e->rect().top()) {
      const int line = block.blockNumber() + 1;
      if (!problemsAt(line).isEmpty()) {
        // A vermillion dot with an "!" (colour is not the only sign).
        const QRect dot(3, top + 1, h - 2, h - 2);
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(QColor(0xD5, 0x5E, 0x00));
        p.setPen(Qt::NoPen);
        p.drawEllipse(dot);
        p.setPen(Qt::white);
        p.drawText(dot, Qt::AlignCenter, QStringLiteral("!"));
      }
      p.setPen(palette().color(QPalette::PlaceholderText));
      p.drawText(0, top, m_gutter->width() - 5, h, Qt::AlignRight, QString::number(line));
    }
    block = block.next();
    top = bottom;
  }
}

}  // namespace ws::qt
