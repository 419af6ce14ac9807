#include "app/qt/lecture/question_box.hpp"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include "app/qt/widgets/markdown_html.hpp"

namespace ws::qt {
namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

QLabel* wrapped(QWidget* parent, const char* name) {
  auto* l = new QLabel(parent);
  l->setObjectName(name);
  l->setWordWrap(true);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return l;
}
}  // namespace

QuestionBox::QuestionBox(QWidget* parent) : QWidget(parent) {
  setObjectName("questionBox");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_heading = wrapped(this, "questionHeading");
  QFont hf = m_heading->font();
  hf.setBold(true);
  hf.setPointSizeF(hf.pointSizeF() * 1.3);
  m_heading->setFont(hf);
  m_prompt = wrapped(this, "questionPrompt");
  m_prompt->setTextFormat(Qt::RichText);
  QFont pf = m_prompt->font();
  pf.setPointSizeF(pf.pointSizeF() * 1.15);
  m_prompt->setFont(pf);
  m_choiceBox = new QWidget(this);
  m_choiceLayout = new QVBoxLayout(m_choiceBox);
  m_choiceLayout->setContentsMargins(12, 0, 0, 0);
  m_group = new QButtonGroup(this);
  auto* row = new QHBoxLayout;
  m_edit = new QLineEdit(this);
  m_edit->setObjectName("questionAnswer");
  m_edit->setPlaceholderText(tr("Your answer: a number (decimal, 0x hex, 0b binary) or words"));
  m_check = new QPushButton(tr("&Check"), this);
  m_check->setObjectName("questionCheck");
  QFont bf = m_check->font();
  bf.setBold(true);
  bf.setPointSizeF(bf.pointSizeF() * 1.2);
  m_check->setFont(bf);
  row->addWidget(m_edit, 1);
  row->addWidget(m_check);
  row->addStretch();
  m_verdict = wrapped(this, "questionVerdict");
  m_verdict->setFont(bf);
  m_hint = wrapped(this, "questionHint");
  m_solution = wrapped(this, "questionSolution");
  m_solution->setFont(bf);
  m_explanation = wrapped(this, "questionExplanation");
  m_explanation->setTextFormat(Qt::RichText);
  layout->addWidget(m_heading);
  layout->addWidget(m_prompt);
  layout->addWidget(m_choiceBox);
  layout->addLayout(row);
  layout->addWidget(m_verdict);
  layout->addWidget(m_hint);
  layout->addWidget(m_solution);
  layout->addWidget(m_explanation);
  layout->addStretch();
  connect(m_check, &QPushButton::clicked, this, &QuestionBox::check);
  connect(m_edit, &QLineEdit::returnPressed, this, &QuestionBox::check);
}

void QuestionBox::setQuestion(ui::AuthoredQuestions* model, std::size_t i) {
  if (model != m_model || i != m_index) m_haveChoicesFor = false;
  m_model = model;
  m_index = i;
  rebuild();
}

void QuestionBox::check() {
  if (!m_model || m_index >= m_model->size()) return;
  std::string err;
  bool ok = false;
  if (!m_choices.empty()) {
    if (const int picked = m_group->checkedId(); picked >= 0) ok = m_model->answerChoice(m_index, picked, &err);
    else err = "pick one of the choices";
  } else {
    ok = m_model->answerText(m_index, m_edit->text().toStdString(), &err);
  }
  rebuild();
  if (!ok) m_verdict->setText(q(err));
  else emit answered();
}

void QuestionBox::rebuild() {
  if (!m_model || m_index >= m_model->size()) return;
  const ui::AuthoredQuestionView v = m_model->view(m_index);
  const bool open = v.state == ui::AuthoredState::Asked;
  m_heading->setText(q(v.heading));
  m_prompt->setText(markdownToHtml(v.prompt));
  if (!m_haveChoicesFor) {
    for (QRadioButton* b : m_choices) delete b;
    m_choices.clear();
    for (std::size_t c = 0; c < v.choices.size(); ++c) {
      auto* b = new QRadioButton(q(v.choices[c]), m_choiceBox);
      b->setObjectName(QStringLiteral("questionChoice%1").arg(c));
      m_group->addButton(b, static_cast<int>(c));
      m_choiceLayout->addWidget(b);
      m_choices.push_back(b);
    }
    m_edit->clear();
    m_haveChoicesFor = true;
  }
  m_choiceBox->setVisible(!m_choices.empty());
  // The student's answer stays selected (and typed) when the question comes back.
  if (v.answer.given && v.answer.choice >= 0 && static_cast<std::size_t>(v.answer.choice) < m_choices.size())
    m_choices[static_cast<std::size_t>(v.answer.choice)]->setChecked(true);
  if (v.answer.given && m_choices.empty() && m_edit->text().isEmpty()) m_edit->setText(q(v.answer.text));
  for (QRadioButton* b : m_choices) b->setEnabled(open);
  m_edit->setVisible(m_choices.empty());
  m_edit->setEnabled(open);
  m_check->setEnabled(open);
  m_verdict->setText(q(v.verdict));
  m_hint->setText(q(v.hint));
  m_hint->setVisible(!v.hint.empty());
  m_solution->setText(q(v.solution));
  m_solution->setVisible(!v.solution.empty());
  m_explanation->setText(v.explanation.empty() ? QString() : markdownToHtml(v.explanation));
  m_explanation->setVisible(!v.explanation.empty());
}

}  // namespace ws::qt
