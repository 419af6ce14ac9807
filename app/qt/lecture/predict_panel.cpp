#include "app/qt/lecture/predict_panel.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/qt/lecture/question_box.hpp"
#include "app/qt/lecture/scene_svg_view.hpp"
#include "ui/lesson/predict_scene.hpp"
#include "ui/session/session.hpp"

namespace ws::qt {
namespace {
enum Column { kLane, kGuess, kTruth, kVerdict, kExplanation, kColumns };
QString q(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

PredictPanel::PredictPanel(QWidget* parent) : QWidget(parent), m_theme(ui::builtinTheme("light")) {
  setObjectName("predictPanel");
  auto* layout = new QVBoxLayout(this);
  m_headline = new QLabel(this);
  m_headline->setObjectName("predictHeadline");
  m_headline->setWordWrap(true);
  QFont f = m_headline->font();
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.3);
  m_headline->setFont(f);
  m_hint = new QLabel(this);
  m_hint->setWordWrap(true);
  m_view = new SceneSvgView(this);
  m_view->setMinimumHeight(160);
  m_view->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
  m_table = new QTableWidget(0, kColumns, this);
  m_table->setHorizontalHeaderLabels({tr("Lane"), tr("Guess"), tr("Answer"), tr("Right?"), tr("Why")});
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->verticalHeader()->hide();
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(m_view);
  split->addWidget(m_table);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  auto* buttons = new QHBoxLayout;
  m_reveal = new QPushButton(tr("&Reveal"), this);
  m_reveal->setObjectName("predictReveal");
  m_next = new QPushButton(tr("&Next question"), this);
  m_next->setObjectName("predictNext");
  // Read from the back of a lecture hall.
  for (QPushButton* b : {m_reveal, m_next}) {
    QFont bf = b->font();
    bf.setPointSizeF(bf.pointSizeF() * 1.4);
    bf.setBold(true);
    b->setFont(bf);
  }
  buttons->addWidget(m_reveal);
  buttons->addWidget(m_next);
  buttons->addStretch();
  m_question = new QuestionBox(this);
  m_question->hide();
  m_roundWidgets = new QWidget(this);
  auto* round = new QVBoxLayout(m_roundWidgets);
  round->setContentsMargins(0, 0, 0, 0);
  round->addWidget(m_headline);
  round->addWidget(m_hint);
  round->addWidget(split, 1);
  round->addLayout(buttons);
  layout->addWidget(m_question, 1);
  layout->addWidget(m_roundWidgets, 1);
  connect(m_question, &QuestionBox::answered, this, [this] { emit roundChanged(hasQuestion()); });
  connect(m_reveal, &QPushButton::clicked, this, &PredictPanel::reveal);
  connect(m_next, &QPushButton::clicked, this, &PredictPanel::next);
  connect(m_view, &SceneSvgView::laneClicked, this, &PredictPanel::onLaneClicked);
  connect(m_table, &QTableWidget::cellChanged, this, &PredictPanel::onCellEdited);
  rebuild();
}

void PredictPanel::setSession(ui::Session* s) {
  m_session = s;
  m_round.reset();
  m_question->setQuestion(nullptr, 0);
  m_authored = s ? ui::AuthoredQuestions::forSession(*s) : ui::AuthoredQuestions{};
  refresh();
}

void PredictPanel::setTheme(const ui::Theme& t) {
  m_theme = t;
  rebuild();
}

void PredictPanel::setEnabledMode(bool on) {
  m_on = on;
  if (!on) m_round.reset();
  refresh();
}

void PredictPanel::setCompact(bool on) {
  m_compact = on;
  rebuild();
}

bool PredictPanel::hasQuestion() const {
  if (m_round && !m_round->revealed()) return true;
  std::optional<std::size_t> asked;
  if (m_on) asked = m_authored.asking();
  return asked && !m_authored.answer(*asked).given;
}

bool PredictPanel::showAuthored() {
  std::optional<std::size_t> i;
  if (m_on) {
    i = m_authored.asking();
    if (!i && !m_round) i = m_authored.current();  // the last answer stays up until a collective comes
  }
  m_question->setVisible(i.has_value());
  m_roundWidgets->setVisible(!i);
  if (i) m_question->setQuestion(&m_authored, *i);
  return i.has_value();
}

void PredictPanel::refresh() {
  if (m_revealing) return;
  if (m_session) m_authored.update(*m_session);
  // An authored question being asked comes before the collective's round.
  if (m_on && m_authored.asking()) {
    const bool wasOpen = hasQuestion();
    m_round.reset();
    m_picked = -1;
    rebuild();
    if (wasOpen != hasQuestion()) emit roundChanged(hasQuestion());
    return;
  }
  // A revealed round stays up until Next (the audience reads the verdicts);
  // an open round stays while the session has not moved.
  if (m_round && (m_round->revealed() || (m_session && m_session->position() == m_round->position()))) {
    rebuild();
    return;
  }
  const bool wasOpen = hasQuestion();
  m_round.reset();
  m_picked = -1;
  if (m_on && m_session) m_round = ui::PredictRound::forNextStep(*m_session);
  rebuild();
  if (wasOpen != hasQuestion()) emit roundChanged(hasQuestion());
}

void PredictPanel::next() {
  m_round.reset();
  refresh();
}

void PredictPanel::reveal() {
  if (!m_round || !m_session || m_round->revealed()) return;
  m_revealing = true;
  const auto err = m_round->reveal(*m_session);
  m_revealing = false;
  if (err) {
    m_hint->setText(q(*err));
    return;
  }
  m_picked = -1;
  rebuild();
  emit revealed();
  emit roundChanged(false);
}

void PredictPanel::onLaneClicked(int warp, int lane) {
  if (!m_round || m_round->revealed() || !m_round->asksSourceLanes() || static_cast<std::uint32_t>(warp) != m_round->warp()) return;
  // First click picks the lane asked about, the second the lane it reads from.
  if (m_picked < 0) {
    if (m_round->question(lane)) m_picked = lane;
  } else {
    std::string err;
    if (!m_round->guessSource(m_picked, lane, &err)) m_hint->setText(q(err));
    m_picked = -1;
  }
  rebuild();
}

void PredictPanel::onCellEdited(int row, int column) {
  if (m_filling || !m_round || column != kGuess || row < 0 || static_cast<std::size_t>(row) >= m_round->questions().size()) return;
  const int lane = m_round->questions()[static_cast<std::size_t>(row)].lane;
  const QString text = m_table->item(row, column)->text().trimmed();
  std::string err;
  if (text.isEmpty()) {
    m_round->clearGuess(lane);
  } else if (!m_round->guessValue(lane, text.toStdString(), &err)) {
    m_hint->setText(q(err));
  }
  rebuild();
}

void PredictPanel::rebuild() {
  if (showAuthored()) return;
  const bool open = hasQuestion();
  m_table->setVisible(!(m_compact && m_round && m_round->asksSourceLanes()));
  m_reveal->setEnabled(open);
  m_next->setVisible(m_round && m_round->revealed());
  if (!m_round) {
    m_headline->setText(m_on ? tr("Predict mode: step until a collective or atomic is next") : tr("Predict mode is off"));
    m_hint->clear();
    m_view->setScene({});
    m_table->setRowCount(0);
    return;
  }
  m_headline->setText(q(m_round->headline()));
  if (open) {
    m_hint->setText(m_round->asksSourceLanes()
                        ? (m_picked < 0 ? tr("Click a lane, then the lane it reads from (or type lane numbers below). Then Reveal.")
                                        : tr("Lane %1 reads from which lane? Click it.").arg(m_picked))
                        : tr("Type each lane's value below (decimal, 0x hex, true/false). Then Reveal."));
  } else {
    m_hint->setText(q(m_round->scoreText()));
  }
  m_view->setScene(ui::buildPredictScene(*m_round, *m_session, m_theme, m_picked));

  m_filling = true;
  const auto& qs = m_round->questions();
  m_table->setRowCount(static_cast<int>(qs.size()));
  for (std::size_t i = 0; i < qs.size(); ++i) {
    const int row = static_cast<int>(i);
    auto set = [&](int col, const QString& text, bool editable) {
      auto* it = new QTableWidgetItem(text);
      Qt::ItemFlags fl = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
      if (editable) fl |= Qt::ItemIsEditable;
      it->setFlags(fl);
      m_table->setItem(row, col, it);
      return it;
    };
    set(kLane, QString::number(qs[i].lane), false);
    set(kGuess, q(m_round->guess(qs[i].lane).text), open);
    if (m_round->revealed()) {
      const ui::PredictVerdict& v = m_round->verdicts()[i];
      set(kTruth, q(v.truth), false);
      auto* verdict = set(kVerdict, !v.answered ? tr("not guessed") : v.correct ? tr("\u2713 right") : tr("\u2717 wrong"), false);
      const ui::Color c = !v.answered ? m_theme.panel : v.correct ? m_theme.flowGather : m_theme.flowKeep;
      verdict->setBackground(QColor(c.r, c.g, c.b));
      const ui::Color tc = m_theme.textOn(c);
      verdict->setForeground(QColor(tc.r, tc.g, tc.b));
      set(kExplanation, q(v.explanation), false);
    } else {
      set(kTruth, "?", false);
      set(kVerdict, {}, false);
      set(kExplanation, {}, false);
    }
  }
  m_table->resizeColumnsToContents();
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_filling = false;
}

}  // namespace ws::qt
