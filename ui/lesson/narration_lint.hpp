#pragma once
// The narration lint (`warpscope-cli lint`): runs a scenario as the viewers
// do (its own mode, schedule and step budget) and reports the [[narration]]
// notes that cannot be right where they are shown: a step the run never
// reaches, a PTX line with no instruction or that never runs, a step whose
// instruction is not on the note's line, an opening that names another
// instruction, a register value no lane holds; and the [[question]] blocks
// whose ask or reveal point is never reached or out of order, or whose
// answer is not what their checked register holds. The rules and the grammar of
// what it reads in a note are in docs/scenario-format.md ("Checking the
// notes"); they are conservative, so a finding is a note to fix.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ws::core {
struct Scenario;
struct PreparedScenario;
}  // namespace ws::core

namespace ws::ui {

enum class LintRule : std::uint8_t {
  StepNotReached,        // the run ends (or its budget stops it) before the note's step
  PtxLineNoInstruction,  // no instruction is on the note's ptx_line
  PtxLineNeverRuns,      // no instruction of the note's ptx_line executes
  StepNotOnLine,         // step and ptx_line: the step's instruction is on another line
  InstructionMismatch,   // the note opens by naming an instruction that did not run there
  RegisterValue,         // a number quoted for a register is in none of the lanes meant
  RegisterUnwritten,     // a value given for a register no lane has written yet
  QuestionNotReached,    // a [[question]]'s ask or reveal point is never reached
  QuestionOrder,         // a [[question]] is revealed before it is asked
  QuestionAnswer,        // a [[question]]'s answer is not what its checked register holds at the reveal
};
// "step-not-reached", ... (the CLI's and the docs' names).
std::string_view lintRuleSlug(LintRule r);

struct LintFinding {
  LintRule rule = LintRule::StepNotReached;
  std::uint32_t line = 0, col = 0;  // the block's header in the scenario file
  std::string block;                // "narration[3]": the loader's key path (0-based)
  std::string message;
};

struct LintReport {
  std::string file;
  std::string error;                 // could not load or run: nothing was checked
  std::vector<LintFinding> findings;  // in file order
  std::size_t notes = 0;              // [[narration]] blocks checked
  std::size_t questions = 0;          // [[question]] blocks checked
  std::uint64_t steps = 0;            // the last step the run reached
  std::string stop;                   // how the run ended ("finished", "hang", ...)
  bool ok() const { return error.empty() && findings.empty(); }
  // "file:line:col: rule: message", one per finding (or the error).
  std::vector<std::string> lines() const;
};

LintReport lintScenarioFile(const std::string& path);
// A scenario's text as if it were the file at `path` (relative file names
// resolve against its folder).
LintReport lintScenarioText(std::string_view text, const std::string& path);
// An already loaded scenario; `file` names it in the report.
LintReport lintScenario(const core::Scenario& s, const core::PreparedScenario& p, const std::string& file);

}  // namespace ws::ui
