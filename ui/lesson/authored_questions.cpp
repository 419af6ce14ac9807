#include "ui/lesson/authored_questions.hpp"

#include <algorithm>
#include <cctype>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "core/isa/data_type.hpp"
#include "core/trace/run_control.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/lesson/predict.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

// The words of a text answer: lower case, one space between words.
std::string words(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

struct Number {
  bool integer = false;
  std::uint64_t bits = 0;  // integer: two's complement in 64 bits
  double value = 0;
};

// A typed number as parseGuess reads register values: an integer (decimal,
// 0x, 0b) or else a float.
std::optional<Number> number(std::string_view s) {
  const std::string w = words(s);
  if (const auto i = parseGuess(w, core::DataType::B64)) {
    const bool negative = !w.empty() && w[0] == '-';
    return Number{true, *i, negative ? static_cast<double>(static_cast<std::int64_t>(*i)) : static_cast<double>(*i)};
  }
  if (const auto f = parseGuess(w, core::DataType::F64)) return Number{false, *f, std::bit_cast<double>(*f)};
  return std::nullopt;
}

// The PTX line an executed step ran, or -1 for an edit / an async completion.
std::int32_t stepLine(const core::Program& p, const core::StepSummary& s) {
  if (s.userEdit() || s.completedAsync()) return -1;
  return lineOf(p, s.pc());
}

}  // namespace

bool sameAnswer(std::string_view given, std::string_view expected) {
  const auto g = number(given), e = number(expected);
  if (g && e) {
    if (g->integer && e->integer) return g->bits == e->bits;
    if (std::isnan(g->value) || std::isnan(e->value)) return std::isnan(g->value) && std::isnan(e->value);
    return g->value == e->value;
  }
  if (g || e) return false;
  return words(given) == words(expected);
}

AuthoredQuestions::AuthoredQuestions(std::vector<core::Question> questions) {
  for (core::Question& q : questions) m_items.push_back(Item{std::move(q), AuthoredState::Hidden, {}, {}, {}});
}

AuthoredQuestions AuthoredQuestions::forSession(const Session& s) { return AuthoredQuestions(s.lesson().questions); }

void AuthoredQuestions::update(const Session& s) {
  const core::History& h = s.history();
  const core::Program& p = s.program();
  m_position = s.position();
  for (Item& it : m_items) {
    it.askAt = it.q.ask.step;
    it.revealAt.reset();
  }
  // One pass over the recorded steps up to the one that runs next: record i
  // runs from position i, so a question asked on its line is asked at i and
  // one revealed by it is revealed at i + 1.
  const std::uint64_t last = std::min(m_position + 1, h.size());
  for (std::uint64_t i = h.earliest(); i < last; ++i) {
    std::int32_t line = -2;  // not looked up yet
    for (Item& it : m_items) {
      const bool wantAsk = !it.askAt && it.q.ask.ptxLine;
      const bool wantReveal = it.askAt && *it.askAt <= i && !it.revealAt && it.q.reveal.ptxLine && !it.q.reveal.step;
      if (!wantAsk && !wantReveal) continue;
      if (line == -2) line = stepLine(p, h.summary(i));
      if (wantAsk && line == static_cast<std::int32_t>(*it.q.ask.ptxLine)) it.askAt = i;
      // The asked instruction itself may be on the reveal line.
      if (it.askAt && *it.askAt <= i && !it.revealAt && it.q.reveal.ptxLine && !it.q.reveal.step &&
          line == static_cast<std::int32_t>(*it.q.reveal.ptxLine))
        it.revealAt = i + 1;
    }
  }
  // At the end of the recorded history the next instruction is not recorded yet.
  if (m_position == h.size()) {
    const core::NextStep next = core::peekNext(h);
    for (Item& it : m_items)
      if (!it.askAt && it.q.ask.ptxLine && next.valid && lineOf(p, next.pc) == static_cast<std::int32_t>(*it.q.ask.ptxLine))
        it.askAt = m_position;
  }
  for (Item& it : m_items) {
    if (it.askAt && !it.revealAt) {
      if (it.q.reveal.step) it.revealAt = std::max(*it.q.reveal.step, *it.askAt);
      else if (!it.q.reveal.ptxLine) it.revealAt = *it.askAt + 1;  // just after the instruction asked about
    }
    if (!it.askAt || m_position < *it.askAt) it.state = AuthoredState::Hidden;
    else if (it.revealAt && m_position >= *it.revealAt) it.state = AuthoredState::Revealed;
    else it.state = AuthoredState::Asked;
  }
}

std::optional<std::size_t> AuthoredQuestions::current() const {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < m_items.size(); ++i) {
    const Item& it = m_items[i];
    if (it.state == AuthoredState::Hidden) continue;
    if (!best || *it.askAt > *m_items[*best].askAt) best = i;  // ties: the first in the file
  }
  return best;
}

std::optional<std::size_t> AuthoredQuestions::asking() const {
  const auto c = current();
  if (c && m_items[*c].state == AuthoredState::Asked) return c;
  return std::nullopt;
}

bool AuthoredQuestions::open(std::size_t i, std::string* error) const {
  auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return false;
  };
  if (i >= m_items.size()) return fail("there is no such question");
  if (m_items[i].state == AuthoredState::Hidden) return fail("this question has not been asked yet");
  if (m_items[i].state == AuthoredState::Revealed) return fail("the answer has been revealed");
  return true;
}

bool AuthoredQuestions::answerChoice(std::size_t i, int choice, std::string* error) {
  if (!open(i, error)) return false;
  Item& it = m_items[i];
  if (choice < 0 || static_cast<std::size_t>(choice) >= it.q.choices.size()) {
    if (error) *error = "pick one of the choices";
    return false;
  }
  const std::string& text = it.q.choices[static_cast<std::size_t>(choice)];
  it.answer = AuthoredAnswer{true, choice, text, text == it.q.answer || sameAnswer(text, it.q.answer)};
  return true;
}

bool AuthoredQuestions::answerText(std::size_t i, std::string_view text, std::string* error) {
  if (!open(i, error)) return false;
  if (words(text).empty()) {
    if (error) *error = "type an answer first";
    return false;
  }
  Item& it = m_items[i];
  int choice = -1;  // a typed answer that is one of the choices picks it
  for (std::size_t c = 0; c < it.q.choices.size(); ++c)
    if (sameAnswer(text, it.q.choices[c])) choice = static_cast<int>(c);
  const std::string t(text.substr(text.find_first_not_of(" \t\r\n")));
  it.answer = AuthoredAnswer{true, choice, t.substr(0, t.find_last_not_of(" \t\r\n") + 1), sameAnswer(text, it.q.answer)};
  return true;
}

AuthoredQuestionView AuthoredQuestions::view(std::size_t i) const {
  const Item& it = m_items.at(i);
  AuthoredQuestionView v;
  v.index = i;
  v.state = it.state;
  v.heading = m_items.size() > 1 ? fmt::format("Question {} of {}", i + 1, m_items.size()) : std::string("Question");
  if (it.askAt) v.heading += fmt::format(" (step {})", *it.askAt);
  v.prompt = it.q.prompt;
  v.choices = it.q.choices;
  v.answer = it.answer;
  if (it.answer.given) v.verdict = it.answer.correct ? "Right." : "Not right.";
  if (it.state == AuthoredState::Revealed) {
    v.solution = "Answer: " + it.q.answer;
    v.explanation = it.q.explanation;
    if (it.answer.given) v.verdict = fmt::format("You answered {}: {}", it.answer.text, it.answer.correct ? "right." : "not right.");
    else v.verdict = "You did not answer this one.";
    return v;
  }
  std::string when;
  if (it.q.reveal.step) when = fmt::format("the answer is shown at step {}", it.revealAt.value_or(*it.q.reveal.step));
  else if (it.q.reveal.ptxLine) when = fmt::format("the answer is shown after line {} runs", *it.q.reveal.ptxLine);
  else when = "the answer is shown after the next step";
  if (it.state == AuthoredState::Asked) {
    const char* how = it.q.choices.empty() ? "Type your answer (a number or words) and press Check" : "Pick an answer and press Check";
    v.hint = it.answer.given ? fmt::format("Step on: {}.", when) : fmt::format("{}; {}.", how, when);
  }
  return v;
}

}  // namespace ws::ui
