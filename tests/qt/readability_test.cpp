// Readable at the default window size: the PTX listing shows whole
// instructions (the CUDA column gives way; a longer-than-the-panel one wraps
// at its spaces) and register cells show their whole value. Checked on the
// real widgets at 1600x1000 against the fonts they draw with.
#include <gtest/gtest.h>

#include <QApplication>
#include <QImage>
#include <QScrollBar>
#include <QStyle>
#include <QTest>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextLayout>

#include <optional>
#include <vector>

#include "app/qt/main_window.hpp"
#include "app/qt/panels/listing_panel.hpp"
#include "app/qt/panels/register_model.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::qt {
namespace {

const QString kScenarios = QString::fromStdString(ws::test::scenarioPath("/"));

struct DefaultWindow {
  MainWindow w{false};
  QStringList errors;
  explicit DefaultWindow(const QString& lesson) {
    w.showError = [this](const QString&, const QString& text) { errors << text; };
    w.show();  // the constructor's default size, 1600x1000
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&w));
    EXPECT_TRUE(w.openPath(kScenarios + lesson + "/scenario.toml")) << errors.join("\n").toStdString();
    QApplication::processEvents();
  }
  ui::Session& s() { return *w.session(); }
  // A copy: the views are rebuilt when the panels change the session's cursor line.
  std::vector<ui::ListingLine> lines() { return s().views().listing.lines; }
  // The line's block, laid out (the plain text layout lays out blocks as they come into view).
  const QTextBlock blockOf(const ui::ListingLine& l) {
    const QTextBlock b = w.listing()->document()->findBlockByNumber(w.listing()->blockOfPtxLine(l.line));
    w.listing()->document()->documentLayout()->blockBoundingRect(b);
    return b;
  }
};

// The text area of the listing: its viewport less the document's margins.
double textArea(ListingPanel* p) { return p->viewport()->width() - 2 * p->document()->documentMargin(); }

TEST(Readability, ListingShowsEveryInstructionWholeOnOneRow) {
  for (const char* lesson : {"shfl-width-segments", "shfl-bfly-warp-sum", "vote-all-any-ballot"}) {
    DefaultWindow t(lesson);
    ListingPanel* p = t.w.listing();
    ASSERT_GE(t.w.width(), 1600);
    EXPECT_LE(p->ptxWidth(), p->viewport()->width()) << lesson;
    std::optional<ui::ListingLine> longest;
    for (const ui::ListingLine& l : t.lines()) {
      if (l.pc < 0) continue;
      const QTextBlock b = t.blockOf(l);
      ASSERT_TRUE(b.isValid());
      ASSERT_EQ(b.layout()->lineCount(), 1) << lesson << ": " << l.text;  // not wrapped: there is room
      const QTextLine row = b.layout()->lineAt(0);
      EXPECT_LE(row.naturalTextWidth(), textArea(p) + 0.5) << lesson << ": " << l.text;
      if (!longest || l.text.size() > longest->text.size()) longest = l;
    }
    ASSERT_TRUE(longest);
    // The longest instruction's tail is drawn: ink right up to where its text
    // ends (the ';'), inside the viewport.
    const QTextBlock b = t.blockOf(*longest);
    p->setTextCursor(QTextCursor(b));
    p->ensureCursorVisible();
    QApplication::processEvents();
    const QRect r = p->blockRect(b.blockNumber());
    const QImage img = p->viewport()->grab().toImage();
    const QColor bg = img.pixelColor(img.width() - 2, r.center().y());
    int rightmost = -1;
    for (int y = r.top(); y <= r.bottom() && y < img.height(); ++y)
      for (int x = 0; x < img.width(); ++x)
        if (img.pixelColor(x, y) != bg && std::abs(img.pixelColor(x, y).lightness() - bg.lightness()) > 60) rightmost = std::max(rightmost, x);
    const double end = p->document()->documentMargin() + b.layout()->lineAt(0).naturalTextWidth();
    EXPECT_GE(rightmost, static_cast<int>(end) - 12) << lesson << ": " << longest->text;
    EXPECT_LT(rightmost, img.width() - 2) << lesson;
  }
}

TEST(Readability, AnInstructionWiderThanThePanelWrapsAtItsSpacesAndDots) {
  DefaultWindow t("red-async-cluster");
  ListingPanel* p = t.w.listing();
  bool sawRedAsync = false;
  for (const ui::ListingLine& l : t.lines()) {
    if (l.pc < 0) continue;
    const QTextBlock b = t.blockOf(l);
    for (int i = 0; i < b.layout()->lineCount(); ++i)
      EXPECT_LE(b.layout()->lineAt(i).naturalTextWidth(), textArea(p) + 0.5) << l.text;  // nothing cut at the edge
    if (l.text.find("red.async") == std::string::npos) continue;
    sawRedAsync = true;
    EXPECT_GT(b.layout()->lineCount(), 1);
    // Each row but the last ends at a break the reader can follow: after a
    // dot, a "::" or between operands, never inside a name.
    for (int i = 0; i + 1 < b.layout()->lineCount(); ++i) {
      const QTextLine row = b.layout()->lineAt(i);
      const QString text = b.text().mid(row.textStart(), row.textLength()).trimmed().remove(QChar(0x200b));
      ASSERT_FALSE(text.isEmpty()) << "row " << i << " of " << l.text;  // no empty first row
      const QChar last = text.back();
      EXPECT_TRUE(last == '.' || last == ':' || last == ',' || text.endsWith("u32")) << text.toStdString();
    }
  }
  EXPECT_TRUE(sawRedAsync);
  // The CUDA column is narrow here, and says its line whole in a tooltip.
  for (const ui::ListingLine& l : t.lines()) {
    if (l.cuda.empty() || l.cudaText.empty()) continue;
    const QTextBlock b = t.blockOf(l);
    p->setTextCursor(QTextCursor(b));
    p->ensureCursorVisible();
    QApplication::processEvents();
    const QString tip = p->sourceTooltip(p->blockRect(b.blockNumber()).center().y());
    EXPECT_TRUE(tip.contains(QString::fromStdString(l.cuda))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(l.cudaText).trimmed())) << tip.toStdString();
    break;
  }
}

TEST(Readability, RegisterCellsShowTheirWholeValue) {
  DefaultWindow t("red-async-cluster");
  t.s().seek(20);  // %r3 holds 1024.., %r4 1000..31000, %p1 "false": cut to "10..." and "fal..." before
  QApplication::processEvents();
  RegistersPanel* view = t.w.registers();
  RegisterModel* m = view->registerModel();
  ASSERT_GT(m->rowCount(), 0);
  const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
  int checked = 0;
  for (int c = 0; c < m->columnCount(); ++c) {
    for (int r = 0; r < m->rowCount(); ++r) {
      const QModelIndex i = m->index(r, c);
      const QString shown = m->data(i, Qt::DisplayRole).toString();
      // The text is ui's formatted value, whole ...
      EXPECT_EQ(shown.toStdString(), m->view().at(r, static_cast<std::size_t>(c)).text);
      // ... and fits its cell in the font it is drawn in (bold where changed).
      const QVariant f = m->data(i, Qt::FontRole);
      const QFontMetricsF fm(f.isValid() ? f.value<QFont>() : view->font());
      const int cellWidth = view->columnWidth(c) - (view->showGrid() ? 1 : 0);
      EXPECT_LE(fm.horizontalAdvance(shown), cellWidth - 2 * margin) << "column " << c << " lane " << r << ": " << shown.toStdString();
      ++checked;
    }
  }
  EXPECT_GT(checked, 32 * 10);
  // A value of five digits is among them, and the table scrolls sideways rather than squeezing it.
  const int c4 = m->columnOf("%r4");
  ASSERT_GE(c4, 0);
  EXPECT_EQ(m->data(m->index(10, c4), Qt::DisplayRole).toString(), "10000");
  EXPECT_GT(view->horizontalScrollBar()->maximum(), 0);
}

}  // namespace
}  // namespace ws::qt
