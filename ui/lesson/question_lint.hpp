#pragma once
// The [[question]] half of the narration lint: follows a run position by
// position (the narration lint drives it) and reports a question whose ask or
// reveal point is never reached, that is revealed before it is asked, or
// whose answer is not what its [question.check] register holds at the reveal.
// Points as the viewers take them (core/scenario/lesson/question.hpp): a step
// is a position; ask_ptx_line is just before the line's first execution,
// reveal_ptx_line just after it; no reveal key, right after the instruction
// that runs next at the ask point.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"
#include "core/scenario/lesson/question.hpp"
#include "core/scenario/scenario.hpp"
#include "core/trace/step_record.hpp"
#include "ui/lesson/narration_lint.hpp"

namespace ws::ui::lint {

class QuestionLint {
 public:
  explicit QuestionLint(const core::Scenario& s);
  std::size_t size() const { return m_items.size(); }

  // After each position of the run (0: the launch, rec null), with the PTX
  // line of the instruction that ran (-1: none), whether it is that line's
  // first execution, and the function it belongs to.
  void atPosition(const core::Program& p, const core::MachineState& st, std::uint64_t position, std::int32_t line,
                  bool firstOfLine, std::uint32_t func);
  // At the end of the run (its last position, and how it ended in words):
  // the findings, at each [[question]]'s header.
  void report(const core::Program& p, std::uint64_t lastStep, const std::string& runEnd,
              const std::set<std::uint32_t>& executedLines, std::vector<LintFinding>& out) const;

 private:
  struct Item {
    const core::Question* q = nullptr;
    std::string path;  // "question[2]"
    core::FilePos pos;
    std::optional<std::uint64_t> askAt, revealAt;  // resolved positions
    std::string problem;                           // the check's verdict at the reveal ("" when it holds)
  };
  void checkAnswer(const core::Program& p, const core::MachineState& st, std::uint64_t position, std::uint32_t func,
                   Item& it) const;

  std::vector<Item> m_items;
};

}  // namespace ws::ui::lint
