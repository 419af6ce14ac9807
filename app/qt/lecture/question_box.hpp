#pragma once
// One authored question of a lesson ([[question]]) in the Predict panel:
// its prompt, radio buttons for the choices or a line for a typed answer, a
// Check button that marks the answer right or wrong, and, once the run
// reaches the reveal point, the answer and its explanation. The model is
// ui::AuthoredQuestions; this widget only shows it and forwards answers.
#include <QWidget>

#include <cstddef>
#include <vector>

#include "ui/lesson/authored_questions.hpp"

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QVBoxLayout;

namespace ws::qt {

class QuestionBox : public QWidget {
  Q_OBJECT
 public:
  explicit QuestionBox(QWidget* parent = nullptr);

  // Shows question i of `model` (not owned; it must outlive the next call).
  void setQuestion(ui::AuthoredQuestions* model, std::size_t i);
  std::size_t index() const { return m_index; }

  QLabel* prompt() const { return m_prompt; }
  QLabel* verdict() const { return m_verdict; }
  QLabel* explanation() const { return m_explanation; }
  QLabel* solution() const { return m_solution; }
  QLineEdit* answerEdit() const { return m_edit; }
  QPushButton* checkButton() const { return m_check; }
  const std::vector<QRadioButton*>& choices() const { return m_choices; }

 public slots:
  void check();

 signals:
  void answered();

 private:
  void rebuild();

  ui::AuthoredQuestions* m_model = nullptr;
  std::size_t m_index = 0;
  bool m_haveChoicesFor = false;  // m_choices were made for m_index of m_model
  QLabel* m_heading = nullptr;
  QLabel* m_prompt = nullptr;
  QWidget* m_choiceBox = nullptr;
  QVBoxLayout* m_choiceLayout = nullptr;
  QButtonGroup* m_group = nullptr;
  std::vector<QRadioButton*> m_choices;
  QLineEdit* m_edit = nullptr;
  QPushButton* m_check = nullptr;
  QLabel* m_verdict = nullptr;
  QLabel* m_hint = nullptr;
  QLabel* m_solution = nullptr;
  QLabel* m_explanation = nullptr;
};

}  // namespace ws::qt
