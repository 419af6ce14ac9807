#pragma once
// Predict mode's panel: while predict mode is on and the session's next step
// runs a collective or an atomic, it shows that step's lanes with question
// marks over the results (ui::buildPredictScene), takes guesses (click a
// destination lane, then its source lane, for shfl; type a value per lane
// otherwise) and a Reveal button that executes the step and marks every guess.
// The main window hooks it in by calling refresh() when the session changes
// and holding its own stepping while hasQuestion() (see predict mode's action).
// A lesson's authored questions ([[question]]) come first: while one is
// asked, the panel shows it (QuestionBox) instead of a collective's round,
// and shows its answer once the run reaches the reveal point.
#include <QWidget>
#include <optional>

#include "ui/lesson/authored_questions.hpp"
#include "ui/lesson/predict.hpp"
#include "ui/scene/theme.hpp"

class QLabel;
class QPushButton;
class QTableWidget;

namespace ws::ui {
class Session;
}

namespace ws::qt {

class QuestionBox;
class SceneSvgView;

class PredictPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PredictPanel(QWidget* parent = nullptr);

  // The session to predict on (not owned; null detaches).
  void setSession(ui::Session* s);
  void setTheme(const ui::Theme& t);
  void setEnabledMode(bool on);
  // For a projector: the guesses table only when values must be typed
  // (shfl guesses are clicks, and the scene shows every verdict).
  void setCompact(bool on);
  bool modeOn() const { return m_on; }
  // Looks at the session's next step again (call after it changed).
  void refresh();
  // A round is open: the next step is being predicted and not yet revealed,
  // or an authored question is asked and not answered yet.
  bool hasQuestion() const;
  const std::optional<ui::PredictRound>& round() const { return m_round; }

  SceneSvgView* sceneView() const { return m_view; }
  QTableWidget* table() const { return m_table; }
  QPushButton* revealButton() const { return m_reveal; }
  QuestionBox* questionBox() const { return m_question; }
  const ui::AuthoredQuestions& authored() const { return m_authored; }

 public slots:
  void reveal();
  // Drops the revealed round and looks for the next question.
  void next();

 signals:
  // After the reveal executed the step (the main window repaints everything).
  void revealed();
  void roundChanged(bool open);

 private:
  void onLaneClicked(int warp, int lane);
  void onCellEdited(int row, int column);
  void rebuild();  // scene + table from the round
  // Shows the authored question to show now, if any; true when one is shown.
  bool showAuthored();

  ui::Session* m_session = nullptr;
  ui::Theme m_theme;
  bool m_on = false;
  std::optional<ui::PredictRound> m_round;
  int m_picked = -1;  // shfl: destination lane waiting for its source click
  bool m_filling = false;
  bool m_compact = false;
  bool m_revealing = false;  // the step runs inside reveal(): its change notice must not drop the round
  QLabel* m_headline = nullptr;
  QLabel* m_hint = nullptr;
  SceneSvgView* m_view = nullptr;
  QTableWidget* m_table = nullptr;
  QPushButton* m_reveal = nullptr;
  QPushButton* m_next = nullptr;
  ui::AuthoredQuestions m_authored;
  QuestionBox* m_question = nullptr;
  QWidget* m_roundWidgets = nullptr;  // headline, hint, scene, table and buttons of a round
};

}  // namespace ws::qt
