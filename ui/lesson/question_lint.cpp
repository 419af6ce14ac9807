#include "ui/lesson/question_lint.hpp"

#include <fmt/format.h>

#include "ui/lesson/lint_values.hpp"
#include "ui/lesson/note_claims.hpp"

namespace ws::ui::lint {
namespace {

// The reveal position known before the run: reveal_step, or the step after
// an ask_step when no reveal key is given.
std::optional<std::uint64_t> revealStep(const core::Question& q) {
  if (q.reveal.step) return q.reveal.step;
  if (!q.reveal.ptxLine && q.ask.step) return *q.ask.step + 1;
  return std::nullopt;
}

// The line whose first execution reveals: reveal_ptx_line, or the asked
// line when no reveal key is given (asked just before it, revealed just after).
std::optional<std::uint32_t> revealLine(const core::Question& q) {
  if (q.reveal.ptxLine) return q.reveal.ptxLine;
  if (!q.reveal.step && q.ask.ptxLine) return q.ask.ptxLine;
  return std::nullopt;
}

bool hasInstruction(const core::Program& p, std::uint32_t line) {
  for (const core::Instr& i : p.instrs)
    if (i.pos.line == line) return true;
  return false;
}

}  // namespace

QuestionLint::QuestionLint(const core::Scenario& s) {
  for (std::size_t i = 0; i < s.lesson.questions.size(); ++i) {
    Item it;
    it.q = &s.lesson.questions[i];
    it.path = fmt::format("question[{}]", i);
    it.pos = s.source.at(it.path);
    if (it.q->ask.step) it.askAt = it.q->ask.step;  // reached or not: report() compares with the run's end
    m_items.push_back(std::move(it));
  }
}

void QuestionLint::atPosition(const core::Program& p, const core::MachineState& st, std::uint64_t position,
                              std::int32_t line, bool firstOfLine, std::uint32_t func) {
  for (Item& it : m_items) {
    const core::Question& q = *it.q;
    if (firstOfLine && q.ask.ptxLine && static_cast<std::int32_t>(*q.ask.ptxLine) == line && !it.askAt)
      it.askAt = position - 1;  // asked just before the line's first instruction ran
    if (it.revealAt) continue;
    const auto rs = revealStep(q);
    const auto rl = revealLine(q);
    const bool now = (rs && *rs == position) || (rl && firstOfLine && static_cast<std::int32_t>(*rl) == line);
    if (!now) continue;
    it.revealAt = position;
    if (q.check) checkAnswer(p, st, position, func, it);
  }
}

void QuestionLint::checkAnswer(const core::Program& p, const core::MachineState& st, std::uint64_t position,
                               std::uint32_t func, Item& it) const {
  const core::Question& q = *it.q;
  const core::QuestionCheck& c = *q.check;
  std::optional<std::uint32_t> warp;
  for (std::uint32_t w = 0; w < st.warps.size(); ++w)
    if (st.warps[w].cta == c.cta && st.warps[w].warpInCta == c.warp) warp = w;
  const std::string who = fmt::format("lane {} of warp {} of CTA {}", c.lane, c.warp, c.cta);
  if (!warp) {
    it.problem = fmt::format("[question.check] names {}, which the launch does not have", who);
    return;
  }
  const auto reg = findRegister(p, c.reg, func);
  if (!reg) {
    it.problem = fmt::format("[question.check] names `{}`, which the program does not declare", c.reg);
    return;
  }
  const core::WarpState& ws = st.warps[*warp];
  if (!((ws.ctl.valid >> c.lane) & 1u)) {
    it.problem = fmt::format("[question.check] names {}, a lane the launch does not have", who);
    return;
  }
  if (*reg >= ws.written.size() || !((ws.written[*reg] >> c.lane) & 1u)) {
    it.problem = fmt::format("at the reveal ({}) {} has not written `{}`", stepName(position), who, c.reg);
    return;
  }
  const core::DataType type = p.regs[*reg].type;
  const std::uint64_t v = ws.regs[static_cast<std::size_t>(*reg) * core::kWarpSize + c.lane];
  const auto n = answerNumber(q.answer);
  if (!n) {
    it.problem = fmt::format("the answer \"{}\" is not a number, so it cannot be `{}`'s value (at the reveal, {}, {} "
                             "holds {})",
                             q.answer, c.reg, stepName(position), who, describeValue(v, type, QuotedNumber::Kind::Integer));
    return;
  }
  if (numberMatches(*n, v, type)) return;
  it.problem = fmt::format("the answer is \"{}\", but at the reveal ({}) `{}` of {} holds {}", q.answer, stepName(position),
                           c.reg, who, describeValue(v, type, n->kind));
}

void QuestionLint::report(const core::Program& p, std::uint64_t lastStep, const std::string& runEnd,
                          const std::set<std::uint32_t>& executedLines, std::vector<LintFinding>& out) const {
  for (const Item& it : m_items) {
    const core::Question& q = *it.q;
    auto add = [&](LintRule rule, std::string message) {
      out.push_back({rule, it.pos.line, it.pos.col, it.path, std::move(message)});
    };
    bool reached = true;
    auto point = [&](const core::QuestionPoint& pt, std::string_view stepKey, std::string_view lineKey) {
      if (pt.step && *pt.step > lastStep) {
        add(LintRule::QuestionNotReached, fmt::format("{} {} is never reached: {}", stepKey, *pt.step, runEnd));
        reached = false;
      } else if (pt.ptxLine && !hasInstruction(p, *pt.ptxLine)) {
        add(LintRule::QuestionNotReached, fmt::format("{} {} holds no instruction", lineKey, *pt.ptxLine));
        reached = false;
      } else if (pt.ptxLine && !executedLines.contains(*pt.ptxLine)) {
        add(LintRule::QuestionNotReached, fmt::format("no instruction of {} {} runs: {}", lineKey, *pt.ptxLine, runEnd));
        reached = false;
      }
    };
    point(q.ask, "ask_step", "ask_ptx_line");
    point(q.reveal, "reveal_step", "reveal_ptx_line");
    if (!reached) continue;
    if (!it.revealAt) {
      // Only the implicit reveal, the step after the ask, can be missing here.
      add(LintRule::QuestionNotReached, fmt::format("it is revealed at the step after its ask point, which is never "
                                                    "reached: {}",
                                                    runEnd));
      continue;
    }
    if (it.askAt && *it.revealAt < *it.askAt)
      add(LintRule::QuestionOrder, fmt::format("it is revealed at {}, before it is asked at {}", stepName(*it.revealAt),
                                               stepName(*it.askAt)));
    if (!it.problem.empty()) add(LintRule::QuestionAnswer, it.problem);
  }
}

}  // namespace ws::ui::lint
