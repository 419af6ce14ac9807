#pragma once
// Predict mode for lectures: before a warp collective or an atomic executes,
// the audience guesses what it will do (which lane each shfl lane reads from,
// what value a vote / redux / match / atom leaves in each lane), then the step
// runs and every guess is marked right or wrong with the true value and the
// explanation of that lane. This is the toolkit-neutral model; a front end
// shows the questions over the state before the step, collects guesses
// (clicks on source lanes, typed values) and calls reveal().
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exec/state/machine_state.hpp"
#include "core/isa/data_type.hpp"

namespace ws::ui {

class Session;

enum class QuestionKind : std::uint8_t {
  SourceLane,  // shfl: from which lane does this lane read?
  Value,       // the value the step leaves in this lane's destination register
};

struct PredictQuestion {
  QuestionKind kind = QuestionKind::Value;
  std::uint32_t warp = 0;
  int lane = 0;
  std::int32_t reg = -1;       // Value: the register asked about
  core::DataType type = core::DataType::B32;  // how a typed answer is read
  std::string regName;         // "%r2"
  std::string prompt;          // "lane 5: source lane?" / "lane 5: %r2 = ?"
};

struct PredictGuess {
  bool given = false;
  std::string text;            // as typed ("7", "0x1f", "true")
  std::uint64_t bits = 0;      // Value: parsed and masked to the type's width; SourceLane: the lane
};

struct PredictVerdict {
  bool answered = false;
  bool correct = false;
  std::string guess;        // what was guessed, formatted like the truth ("" when not answered)
  std::string truth;        // "lane 4", "0x0000ffff"
  std::string explanation;  // the lane's explanation from the step that ran
};

struct PredictScore {
  int correct = 0, answered = 0, total = 0;
};

// Reads a typed guess for a value of type t: decimal (signed or not), 0x hex,
// 0b binary, true/false for predicates, decimals like 1.5 / -inf / nan for
// float types. The result is masked to the type's width; nullopt when it
// cannot be read.
std::optional<std::uint64_t> parseGuess(std::string_view text, core::DataType t);

class PredictRound {
 public:
  // A round for the step the session would execute next, when that step runs
  // a warp collective or an atomic that leaves a value in a register;
  // nullopt otherwise (the step is something else, the lanes would only
  // start waiting for the rest of the membermask, or the program is over).
  // The step is previewed on a copy of the engine (or read from the recorded
  // future), so the session is not changed.
  static std::optional<PredictRound> forNextStep(const Session& s);

  std::uint64_t position() const { return m_position; }  // the session position the step runs from
  std::uint32_t warp() const { return m_warp; }
  std::uint32_t pc() const { return m_pc; }
  std::int32_t line() const { return m_line; }
  const std::string& instruction() const { return m_instruction; }  // the PTX statement
  const std::string& headline() const { return m_headline; }        // what the audience is asked
  core::LaneMask lanes() const { return m_lanes; }                    // lanes asked about
  std::int32_t resultReg() const { return m_resultReg; }              // register the step writes (-1: none asked)
  bool asksSourceLanes() const { return m_kind == QuestionKind::SourceLane; }

  const std::vector<PredictQuestion>& questions() const { return m_questions; }
  // The question about `lane`, or null.
  const PredictQuestion* question(int lane) const;
  const PredictGuess& guess(int lane) const;

  // Records a guess (replacing an earlier one). False when there is no such
  // question, the round was revealed, or the answer cannot be read (then
  // `error` says why).
  bool guessSource(int lane, int sourceLane, std::string* error = nullptr);
  bool guessValue(int lane, std::string_view text, std::string* error = nullptr);
  void clearGuess(int lane);
  int guessesGiven() const;

  // Executes the step on the session (unless it already moved one step past
  // position()) and marks every guess. Returns an error text when the session
  // is not where the round was made, else nullopt; verdicts() is then filled.
  std::optional<std::string> reveal(Session& s);
  bool revealed() const { return m_revealed; }
  const std::vector<PredictVerdict>& verdicts() const { return m_verdicts; }  // parallel to questions()
  PredictScore score() const;
  std::string scoreText() const;  // "5 of 8 right (8 guesses)"

 private:
  PredictRound() = default;
  int indexOf(int lane) const;
  // The index of the lane's question while guesses are open; -1 (and *error) when not.
  int openQuestion(int lane, std::string* error) const;
  std::string formatAnswer(const PredictQuestion& q, std::uint64_t bits) const;

  std::uint64_t m_position = 0;
  std::uint32_t m_warp = 0, m_pc = 0;
  std::int32_t m_line = 0;
  QuestionKind m_kind = QuestionKind::Value;
  std::string m_instruction, m_headline;
  core::LaneMask m_lanes = 0;
  std::int32_t m_resultReg = -1;
  std::vector<PredictQuestion> m_questions;
  std::vector<PredictGuess> m_guesses;  // parallel to m_questions
  std::vector<PredictVerdict> m_verdicts;
  bool m_revealed = false;
};

}  // namespace ws::ui
