#include "ui/lesson/narration_lint.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/scenario/values.hpp"
#include "core/trace/step_record.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/lesson/lint_values.hpp"
#include "ui/lesson/note_claims.hpp"
#include "ui/lesson/question_lint.hpp"
#include "ui/session/scenario_access.hpp"
#include "ui/session/scenario_bridge.hpp"

namespace ws::ui {
namespace {

using lint::describeValue;
using lint::findRegister;
using lint::stepName;
using lint::warpName;

// Positions whose instruction is remembered, to say where a misplaced
// opener's instruction did run (about 4 MB at most).
constexpr std::uint64_t kRememberedSteps = 1u << 20;

// A claim's verdict at one moment.
struct ClaimCheck {
  enum class Outcome : std::uint8_t { Holds, Differs, Unwritten, Unknown } outcome = Outcome::Unknown;
  std::string seen;  // what the lanes hold instead, for the message
};

// What a [[narration]] note asks the run to look at: a position (`step`) or
// every execution of a PTX line (`line`, when no step is given), and what
// must hold there. [[question]] blocks have their own (question_lint.hpp),
// driven by the same run.
struct Watch {
  std::size_t block = 0;  // index of its LintBlock
  std::optional<std::uint64_t> step;
  std::optional<std::uint32_t> line;
  std::optional<InstructionOpener> opener;
  std::vector<RegisterClaim> claims;
  // Filled by the run.
  bool reached = false;
  std::int32_t lineAtStep = -1;     // the PTX line of the instruction at `step` (-1: none ran)
  std::optional<std::uint32_t> pcAtStep;  // the instruction that ran at `step`, if one did
  std::string whatRan;                    // else what the step was
  std::vector<ClaimCheck> atStep;   // per claim, at `step`
  std::vector<bool> satisfied;      // per claim, line watches: held at some execution
  std::vector<ClaimCheck> firstMiss;  // per claim, line watches: the first execution's verdict
  std::uint64_t executions = 0;
  std::uint64_t firstExecution = 0;  // the step of the line's first execution
};

struct LintBlock {
  std::string path;  // "narration[3]"
  core::FilePos pos;
};

std::string trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return "";
  const std::size_t b = s.find_last_not_of(" \t\r");
  return std::string(s.substr(a, b - a + 1));
}

// Checks `c` against the warps `warps` of `st` (after the step ran).
ClaimCheck checkClaim(const core::Program& p, const core::MachineState& st, const RegisterClaim& c,
                      const std::vector<std::uint32_t>& warps, std::uint32_t func) {
  ClaimCheck out;
  const auto reg = findRegister(p, c.reg, func);
  if (!reg || p.regs[*reg].type == core::DataType::B128) return out;  // not a register of this program: not checked
  const core::DataType type = p.regs[*reg].type;
  std::vector<std::string> seen;
  bool anyWritten = false;
  for (std::uint32_t w : warps) {
    const core::WarpState& ws = st.warps[w];
    for (std::uint32_t lane = 0; lane < core::kWarpSize; ++lane) {
      if (c.lane && lane != *c.lane) continue;
      if (!((ws.ctl.valid >> lane) & 1u) || *reg >= ws.written.size() || !((ws.written[*reg] >> lane) & 1u)) continue;
      anyWritten = true;
      const std::uint64_t v = ws.regs[static_cast<std::size_t>(*reg) * core::kWarpSize + lane];
      if (!c.number || numberMatches(*c.number, v, type)) {
        out.outcome = ClaimCheck::Outcome::Holds;
        return out;
      }
      std::string text = describeValue(v, type, c.number->kind);
      if (std::find(seen.begin(), seen.end(), text) == seen.end()) seen.push_back(std::move(text));
    }
  }
  if (!anyWritten) {
    out.outcome = ClaimCheck::Outcome::Unwritten;
    const std::string warp = warps.size() == 1 ? warpName(st, warps.front()) : "any warp";
    out.seen = c.lane ? fmt::format("lane {} of {} has not written `{}` yet", *c.lane, warp, c.reg)
                      : fmt::format("no lane of {} has written `{}` yet", warp, c.reg);
    return out;
  }
  out.outcome = ClaimCheck::Outcome::Differs;
  const std::size_t shown = std::min<std::size_t>(seen.size(), 4);
  const std::string warp = warps.size() == 1 ? warpName(st, warps.front()) : "each warp";
  out.seen = fmt::format("{} holds {}{}", c.lane ? fmt::format("lane {} of {}", *c.lane, warp) : "the warp",
                         fmt::join(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(shown), ", "),
                         seen.size() > shown ? fmt::format(" (and {} other values)", seen.size() - shown) : "");
  return out;
}

class NarrationLint {
 public:
  NarrationLint(const core::Scenario& s, const core::PreparedScenario& p, LintReport& out)
      : m_scenario(s), m_prepared(p), m_out(out), m_questions(s) {}

  void run() {
    ScenarioStart start = scenarioStart(m_prepared, &m_scenario);
    if (!start.engine) {
      m_out.error = start.error;
      return;
    }
    addNarration();
    core::Engine& e = *start.engine;
    m_program = &e.program();
    m_entry = e.entry();
    indexWatches();
    atPosition(e, nullptr, 0);
    core::StepRecord rec;
    std::uint64_t position = 0, executed = 0;
    core::StopReason stop = core::StopReason::None;
    while (true) {
      if (executed >= start.maxSteps) {
        stop = core::StopReason::StepBudget;
        break;
      }
      const core::StepResult r = e.step(&rec);
      // As the history records steps: a report that executed nothing (a
      // deadlock) is still a position, shown with its diagnostic.
      if (r.executed || !rec.diags.empty()) atPosition(e, &rec, ++position);
      if (r.executed) ++executed;
      if (r.stop != core::StopReason::None) {
        stop = r.stop;
        break;
      }
      if (!r.executed) {
        stop = e.finished() ? core::StopReason::Finished : core::StopReason::None;
        break;
      }
    }
    m_out.steps = position;
    m_out.stop = stop == core::StopReason::None ? "stuck" : std::string(core::stopSlug(stop));
    m_budget = stop == core::StopReason::StepBudget;
    report();
  }

 private:
  void addNarration() {
    for (std::size_t i = 0; i < m_scenario.narration.size(); ++i) {
      const core::Narration& n = m_scenario.narration[i];
      const std::string path = fmt::format("narration[{}]", i);
      m_blocks.push_back({path, m_scenario.source.at(path)});
      Watch w;
      w.block = m_blocks.size() - 1;
      w.step = n.step;
      w.line = n.ptxLine;
      w.opener = instructionOpener(n.text);
      w.claims = registerClaims(n.text);
      m_watches.push_back(std::move(w));
    }
    m_out.notes = m_scenario.narration.size();
    m_out.questions = m_questions.size();
  }

  void indexWatches() {
    for (std::size_t i = 0; i < m_watches.size(); ++i) {
      Watch& w = m_watches[i];
      w.satisfied.assign(w.claims.size(), false);
      w.firstMiss.assign(w.claims.size(), {});
      if (w.step) m_byStep[*w.step].push_back(i);
      else if (w.line) m_byLine[*w.line].push_back(i);
    }
  }

  // The warps a claim speaks of: the one that executed, else (the launch,
  // an async completion) every warp.
  static std::vector<std::uint32_t> warpsOf(const core::MachineState& st, const core::StepRecord* rec) {
    if (rec && !rec->userEdit && !rec->completedAsync && rec->warp < st.warps.size()) return {rec->warp};
    std::vector<std::uint32_t> all(st.warps.size());
    for (std::uint32_t w = 0; w < all.size(); ++w) all[w] = w;
    return all;
  }

  void atPosition(const core::Engine& e, const core::StepRecord* rec, std::uint64_t position) {
    const core::Program& p = *m_program;
    const bool ran = rec && !rec->userEdit && !rec->completedAsync && rec->pc < p.instrs.size();
    const std::int32_t line = ran ? lineOf(p, rec->pc) : -1;
    if (rec && position <= kRememberedSteps)
      m_pcs.push_back(ran && rec->advanced ? static_cast<std::int64_t>(rec->pc) : -1);
    const std::uint32_t func = ran ? p.instrs[rec->pc].func : m_entry;
    const bool firstOfLine = line > 0 && m_executedLines.insert(static_cast<std::uint32_t>(line)).second;
    if (m_questions.size() > 0) m_questions.atPosition(p, e.state(), position, line, firstOfLine, func);
    if (line > 0) {
      if (auto it = m_byLine.find(static_cast<std::uint32_t>(line)); it != m_byLine.end()) {
        const auto warps = warpsOf(e.state(), rec);
        for (std::size_t i : it->second) {
          Watch& w = m_watches[i];
          if (w.executions++ == 0) w.firstExecution = position;
          for (std::size_t c = 0; c < w.claims.size(); ++c) {
            if (w.satisfied[c]) continue;
            const ClaimCheck k = checkClaim(p, e.state(), w.claims[c], warps, func);
            if (k.outcome == ClaimCheck::Outcome::Holds || k.outcome == ClaimCheck::Outcome::Unknown) w.satisfied[c] = true;
            else if (w.executions == 1) w.firstMiss[c] = k;
          }
        }
      }
    }
    if (auto it = m_byStep.find(position); it != m_byStep.end()) {
      const auto warps = warpsOf(e.state(), rec);
      for (std::size_t i : it->second) {
        Watch& w = m_watches[i];
        w.reached = true;
        w.lineAtStep = line;
        if (ran && rec->advanced) w.pcAtStep = rec->pc;  // a deadlock or hang report ran nothing
        else w.whatRan = stepKind(rec);
        for (const RegisterClaim& c : w.claims) w.atStep.push_back(checkClaim(p, e.state(), c, warps, func));
      }
    }
  }

  // What a position without an instruction was.
  static std::string stepKind(const core::StepRecord* rec) {
    if (!rec) return "it is the launch, before the first instruction";
    if (rec->userEdit) return "it is an edit";
    if (rec->completedAsync) return "the async unit completed an operation";
    if (!rec->advanced) return "nothing could run (the run's last report)";
    return "the warp left the end of its code (exit)";
  }

  void add(const Watch& w, LintRule rule, std::string message) {
    const LintBlock& b = m_blocks[w.block];
    m_out.findings.push_back({rule, b.pos.line, b.pos.col, b.path, std::move(message)});
  }

  std::string lineText(std::uint32_t line) const {
    const auto& lines = m_program->sourceLines;
    return line >= 1 && line <= lines.size() ? trimmed(lines[line - 1]) : std::string();
  }

  std::string runEnd() const {
    if (m_budget) return fmt::format("the step budget stops the run at step {}", m_out.steps);
    return fmt::format("the run ends at step {} ({})", m_out.steps, m_out.stop);
  }

  bool lineHasInstruction(std::uint32_t line) const {
    return std::any_of(m_program->instrs.begin(), m_program->instrs.end(), [&](const core::Instr& i) { return i.pos.line == line; });
  }

  // The remembered steps nearest `step` whose instruction the opener names.
  std::string whereOpenerRan(const InstructionOpener& o, std::uint64_t step) const {
    std::vector<std::uint64_t> hits;
    for (std::size_t i = 0; i < m_pcs.size(); ++i) {
      if (m_pcs[i] < 0) continue;
      const core::Instr& ins = m_program->instrs[static_cast<std::size_t>(m_pcs[i])];
      if (openerNames(o, ins, instrMnemonic(*m_program, ins))) hits.push_back(i + 1);
    }
    if (hits.empty()) return "";
    std::sort(hits.begin(), hits.end(), [&](std::uint64_t a, std::uint64_t b) {
      const auto da = a > step ? a - step : step - a, db = b > step ? b - step : step - b;
      return da != db ? da < db : a < b;
    });
    return fmt::format("; `{}` runs at step {}", o.written, hits.front());
  }

  void checkOpener(const Watch& w, const InstructionOpener& o) {
    const std::uint64_t step = *w.step;
    if (!w.pcAtStep) {
      add(w, LintRule::InstructionMismatch,
          fmt::format("the note opens with `{}`, but no instruction ran at step {}: {}{}", o.written, step, w.whatRan,
                      whereOpenerRan(o, step)));
      return;
    }
    const core::Instr& ins = m_program->instrs[*w.pcAtStep];
    if (openerNames(o, ins, instrMnemonic(*m_program, ins))) return;
    add(w, LintRule::InstructionMismatch,
        fmt::format("the note opens with `{}`, but the instruction that ran at step {} is `{}` (PTX line {}){}", o.written,
                    step, instrText(*m_program, *w.pcAtStep), ins.pos.line, whereOpenerRan(o, step)));
  }

  void claimFinding(const Watch& w, const RegisterClaim& c, const ClaimCheck& k, const std::string& when) {
    if (k.outcome == ClaimCheck::Outcome::Unwritten)
      add(w, LintRule::RegisterUnwritten, fmt::format("\"{}\": {}, {}", c.text, when, k.seen));
    else if (k.outcome == ClaimCheck::Outcome::Differs)
      add(w, LintRule::RegisterValue, fmt::format("\"{}\": {}, {}", c.text, when, k.seen));
  }

  void report() {
    for (const Watch& w : m_watches) {
      if (w.step && *w.step > m_out.steps) {
        add(w, LintRule::StepNotReached, fmt::format("step {} is never reached: {}", *w.step, runEnd()));
      }
      if (w.line) {
        const std::uint32_t line = *w.line;
        if (!lineHasInstruction(line)) {
          const std::string text = lineText(line);
          add(w, LintRule::PtxLineNoInstruction,
              line > m_program->sourceLines.size()
                  ? fmt::format("ptx_line {} is past the end of the PTX ({} lines)", line, m_program->sourceLines.size())
                  : fmt::format("ptx_line {} holds no instruction{}", line, text.empty() ? " (it is blank)" : fmt::format(" (`{}`)", text)));
        } else if (!m_executedLines.contains(line)) {
          add(w, LintRule::PtxLineNeverRuns,
              fmt::format("no instruction of ptx_line {} (`{}`) runs: {}", line, lineText(line), runEnd()));
        } else if (w.step && w.reached && w.lineAtStep != static_cast<std::int32_t>(line)) {
          add(w, LintRule::StepNotOnLine,
              w.lineAtStep > 0 ? fmt::format("the instruction that ran at step {} is on PTX line {} (`{}`), not on its ptx_line {}",
                                             *w.step, w.lineAtStep, lineText(static_cast<std::uint32_t>(w.lineAtStep)), line)
                               : fmt::format("no instruction ran at {}, so it is not on its ptx_line {}", stepName(*w.step), line));
        }
      }
      if (w.step && w.reached) {
        if (w.opener) checkOpener(w, *w.opener);
        for (std::size_t c = 0; c < w.claims.size(); ++c)
          claimFinding(w, w.claims[c], w.atStep[c], fmt::format("at {}", stepName(*w.step)));
      } else if (!w.step && w.line) {
        if (w.opener && lineHasInstruction(*w.line)) checkLineOpener(w, *w.opener);
        for (std::size_t c = 0; c < w.claims.size(); ++c) {
          if (w.satisfied[c] || w.executions == 0) continue;
          const std::string when = w.executions == 1
                                       ? fmt::format("when line {} runs (step {})", *w.line, w.firstExecution)
                                       : fmt::format("at step {}, the first of the {} executions of line {} (it "
                                                     "holds after none of them)",
                                                     w.firstExecution, w.executions, *w.line);
          claimFinding(w, w.claims[c], w.firstMiss[c], when);
        }
      }
    }
    m_questions.report(*m_program, m_out.steps, runEnd(), m_executedLines, m_out.findings);
    std::stable_sort(m_out.findings.begin(), m_out.findings.end(), [](const LintFinding& a, const LintFinding& b) {
      return a.line != b.line ? a.line < b.line : a.col < b.col;
    });
  }

  // A line note's opener must name an instruction of its line.
  void checkLineOpener(const Watch& w, const InstructionOpener& o) {
    const core::Instr* first = nullptr;
    for (const core::Instr& ins : m_program->instrs) {
      if (ins.pos.line != *w.line) continue;
      if (openerNames(o, ins, instrMnemonic(*m_program, ins))) return;
      if (!first) first = &ins;
    }
    if (first)
      add(w, LintRule::InstructionMismatch,
          fmt::format("the note opens with `{}`, but its ptx_line {} is `{}`", o.written, *w.line, lineText(*w.line)));
  }

  const core::Scenario& m_scenario;
  const core::PreparedScenario& m_prepared;
  LintReport& m_out;
  const core::Program* m_program = nullptr;
  std::uint32_t m_entry = 0;
  bool m_budget = false;
  std::vector<LintBlock> m_blocks;
  std::vector<Watch> m_watches;
  std::map<std::uint64_t, std::vector<std::size_t>> m_byStep;
  std::map<std::uint32_t, std::vector<std::size_t>> m_byLine;
  std::set<std::uint32_t> m_executedLines;
  std::vector<std::int64_t> m_pcs;  // [position - 1]: the pc that ran, -1 for none
  lint::QuestionLint m_questions;
};

LintReport fromLoad(const core::ScenarioLoad& load, const std::string& path) {
  if (!load.ok()) {
    LintReport out;
    out.file = path;
    for (const auto& e : load.errors) out.error += (out.error.empty() ? "" : "\n") + e.str();
    if (out.error.empty()) out.error = fmt::format("{}: the scenario could not be loaded", path);
    return out;
  }
  return lintScenario(*load.scenario, *load.prepared, path);
}

}  // namespace

std::string_view lintRuleSlug(LintRule r) {
  switch (r) {
    case LintRule::StepNotReached: return "step-not-reached";
    case LintRule::PtxLineNoInstruction: return "ptx-line-no-instruction";
    case LintRule::PtxLineNeverRuns: return "ptx-line-never-runs";
    case LintRule::StepNotOnLine: return "step-not-on-line";
    case LintRule::InstructionMismatch: return "instruction-mismatch";
    case LintRule::RegisterValue: return "register-value";
    case LintRule::RegisterUnwritten: return "register-unwritten";
    case LintRule::QuestionNotReached: return "question-not-reached";
    case LintRule::QuestionOrder: return "question-order";
    case LintRule::QuestionAnswer: return "question-answer";
  }
  return "";
}

std::vector<std::string> LintReport::lines() const {
  std::vector<std::string> out;
  if (!error.empty()) out.push_back(error);
  for (const LintFinding& f : findings)
    out.push_back(fmt::format("{}:{}:{}: {}: {}", file, f.line, f.col, lintRuleSlug(f.rule), f.message));
  return out;
}

LintReport lintScenario(const core::Scenario& s, const core::PreparedScenario& p, const std::string& file) {
  LintReport out;
  out.file = file;
  NarrationLint(s, p, out).run();
  return out;
}

LintReport lintScenarioFile(const std::string& path) {
  return fromLoad(core::loadScenarioFile(path, scenarioLoadOptions({})), path);
}

LintReport lintScenarioText(std::string_view text, const std::string& path) {
  return fromLoad(core::loadScenarioTextAt(text, path, scenarioLoadOptions({})), path);
}

}  // namespace ws::ui
