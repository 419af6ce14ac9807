#pragma once
// A lesson's course metadata (goal, prerequisites) and its authored
// questions ([[question]]): a prompt asked at one point of the run, a hidden
// answer, and the point where the answer is revealed. Its own header, like
// narration.hpp, so the view layer can carry it without the scenario model.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ws::core {

// Where a question is asked or revealed: a history position (the viewers'
// "Step N": N instructions have executed), or a PTX line (asked just before
// an instruction of that line first runs; revealed just after it has run).
struct QuestionPoint {
  std::optional<std::uint64_t> step;
  std::optional<std::uint32_t> ptxLine;
  bool given() const { return step || ptxLine; }
  bool operator==(const QuestionPoint&) const = default;
};

// The register whose value is the answer, so that the answer can be checked
// against the run (the narration lint does) instead of being trusted.
struct QuestionCheck {
  std::string reg;  // "%r12"
  std::uint32_t cta = 0, warp = 0, lane = 0;  // cta: linear index; warp: in the CTA
  bool operator==(const QuestionCheck&) const = default;
};

struct Question {
  QuestionPoint ask;
  QuestionPoint reveal;              // not given: right after the asked instruction runs
  std::string prompt;                // markdown
  std::vector<std::string> choices;  // empty: the student types a value
  std::string answer;                // one of choices, or the value
  std::string explanation;           // markdown, shown at the reveal
  std::optional<QuestionCheck> check;
  bool operator==(const Question&) const = default;
};

struct LessonInfo {
  std::string goal;                        // one line: what the student can do afterwards
  std::vector<std::string> prerequisites;  // lesson names: "vote-all-any-ballot", "ub-deadlock/strict"
  std::vector<Question> questions;
  bool operator==(const LessonInfo&) const = default;
};

}  // namespace ws::core
