#pragma once
// A lesson's authored questions ([[question]], docs/scenario-format.md) over
// a session's history: which one is being asked at the current position,
// the student's answers, and the answer with its explanation once the
// history reaches the reveal point. Both viewers draw it (the Qt app's
// Predict panel, the ImGui viewer's question window).
//
// Where a question is asked and revealed is found from the history, so it
// works forwards and backwards: stepping back before the ask hides the
// question again, stepping on past the reveal shows the answer again, and
// the student's answer is kept throughout.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/scenario/lesson/question.hpp"

namespace ws::core {
struct Program;
}

namespace ws::ui {

class Session;

enum class AuthoredState : std::uint8_t {
  Hidden,    // the run has not reached the ask point (or went back before it)
  Asked,     // asked, answer still hidden
  Revealed,  // the run reached the reveal point: answer and explanation shown
};

struct AuthoredAnswer {
  bool given = false;
  int choice = -1;   // the choice picked, or -1 for a typed answer
  std::string text;  // what was answered (the choice's text for a choice)
  bool correct = false;
};

// What a front end shows for one question, formatted.
struct AuthoredQuestionView {
  std::size_t index = 0;
  AuthoredState state = AuthoredState::Hidden;
  std::string heading;  // "Question 1 of 2 (step 3)"
  std::string prompt;   // markdown
  std::vector<std::string> choices;  // empty: typed answer
  AuthoredAnswer answer;
  std::string verdict;      // "" until answered; "Right." / "Not right."
  std::string hint;         // what to do next ("Step on to see the answer: it is revealed at step 4.")
  std::string solution;     // Revealed: "Answer: 0xaaaaaaaa"
  std::string explanation;  // Revealed: markdown
};

// True when `given` is the same answer as `expected`: the same number
// (decimal, 0x hex, 0b binary or float: "10", "0xa", "0b1010" and "10.0" are
// one number) or, for text, the same words ignoring case and spaces around them.
bool sameAnswer(std::string_view given, std::string_view expected);

class AuthoredQuestions {
 public:
  AuthoredQuestions() = default;
  explicit AuthoredQuestions(std::vector<core::Question> questions);
  // The session's lesson questions (answers start empty).
  static AuthoredQuestions forSession(const Session& s);

  // Finds the ask and reveal points the history has reached and the state
  // of each question at the session's position. Call after every change.
  void update(const Session& s);

  std::size_t size() const { return m_items.size(); }
  bool empty() const { return m_items.empty(); }
  const core::Question& question(std::size_t i) const { return m_items.at(i).q; }
  AuthoredState state(std::size_t i) const { return m_items.at(i).state; }
  // History positions where the question is asked / revealed, once known.
  std::optional<std::uint64_t> askPosition(std::size_t i) const { return m_items.at(i).askAt; }
  std::optional<std::uint64_t> revealPosition(std::size_t i) const { return m_items.at(i).revealAt; }

  // The question shown now: the one asked most recently at or before the
  // position, whether still asked or revealed; nullopt when none was asked.
  std::optional<std::size_t> current() const;
  // current() while it is Asked.
  std::optional<std::size_t> asking() const;

  // Answers question i while it is asked (a later answer replaces an
  // earlier one). False, with *error, when it is not asked now, the choice
  // does not exist, or the text is empty.
  bool answerChoice(std::size_t i, int choice, std::string* error = nullptr);
  bool answerText(std::size_t i, std::string_view text, std::string* error = nullptr);
  const AuthoredAnswer& answer(std::size_t i) const { return m_items.at(i).answer; }

  AuthoredQuestionView view(std::size_t i) const;

 private:
  struct Item {
    core::Question q;
    AuthoredState state = AuthoredState::Hidden;
    std::optional<std::uint64_t> askAt, revealAt;
    AuthoredAnswer answer;
  };
  bool open(std::size_t i, std::string* error) const;

  std::vector<Item> m_items;
  std::uint64_t m_position = 0;
};

}  // namespace ws::ui
