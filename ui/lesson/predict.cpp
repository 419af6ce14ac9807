#include "ui/lesson/predict.hpp"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "core/trace/run_control.hpp"
#include "ui/frame/format.hpp"
#include "ui/session/session.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui {
namespace {

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::uint64_t widthMask(core::DataType t) {
  const int w = t == core::DataType::Pred ? 1 : core::bitWidth(t);
  return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
}

std::optional<std::uint64_t> parseInteger(std::string_view s) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'b')) {
    base = s[1] == 'x' ? 16 : 2;
    s.remove_prefix(2);
  }
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return neg ? ~v + 1 : v;
}

std::optional<std::uint64_t> parseFloatBits(const std::string& s, core::DataType t) {
  // Hex is taken as the raw bits, as the register table can show them.
  if (s.starts_with("0x")) return parseInteger(s);
  double d = 0;
  if (s == "inf" || s == "+inf") {
    d = HUGE_VAL;
  } else if (s == "-inf") {
    d = -HUGE_VAL;
  } else if (s == "nan") {
    d = std::nan("");
  } else {
    char* end = nullptr;
    d = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || s.empty()) return std::nullopt;
  }
  if (core::bitWidth(t) == 64) return std::bit_cast<std::uint64_t>(d);
  if (core::bitWidth(t) == 32) return std::bit_cast<std::uint32_t>(static_cast<float>(d));
  return std::nullopt;  // f16 guesses are typed as bits
}

// Whether two values of type t are the same answer: floats compare by value
// (so 0 and -0 differ only when typed as bits) and every NaN matches a NaN.
bool sameAnswer(std::uint64_t a, std::uint64_t b, core::DataType t) {
  if (core::isFloat(t) && core::bitWidth(t) == 32) {
    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(a));
    const float y = std::bit_cast<float>(static_cast<std::uint32_t>(b));
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  }
  if (core::isFloat(t) && core::bitWidth(t) == 64) {
    const double x = std::bit_cast<double>(a), y = std::bit_cast<double>(b);
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  }
  return a == b;
}

// The register a collective or atom leaves its per-lane result in: d, or the
// predicate of `_|p` (elect, match with a sunk mask).
std::int32_t resultRegister(const core::Instr& ins) {
  if (ins.ops.empty()) return -1;
  const core::Operand& d = ins.ops[0];
  if (d.kind == core::OperandKind::Reg) return static_cast<std::int32_t>(d.reg);
  if (d.kind == core::OperandKind::Sink && d.hasPred) return static_cast<std::int32_t>(d.reg2);
  return -1;
}

// The step the session would run next, without running it.
std::optional<core::StepRecord> previewNext(const Session& s) {
  const core::History& h = s.history();
  if (h.position() < h.size()) {
    const core::StepRecord& r = h.record(h.position());
    if (r.userEdit || r.completedAsync) return std::nullopt;
    return r;
  }
  core::Engine copy = h.engine();
  core::StepRecord r;
  if (!copy.step(&r).executed || r.completedAsync) return std::nullopt;
  return r;
}

std::string explanationFor(const ExplanationView& e, std::uint32_t warp, int lane) {
  for (const LaneExplanation& l : e.lanes)
    if (l.warp == warp && (l.lanes >> lane & 1u)) return l.text;
  return e.headline;
}

}  // namespace

std::optional<std::uint64_t> parseGuess(std::string_view text, core::DataType t) {
  const std::string s = lower(text);
  if (s.empty()) return std::nullopt;
  std::optional<std::uint64_t> v;
  if (t == core::DataType::Pred) {
    if (s == "true" || s == "t" || s == "yes") return 1;
    if (s == "false" || s == "f" || s == "no") return 0;
    v = parseInteger(s);
    if (!v || *v > 1) return std::nullopt;
    return v;
  }
  if (core::isFloat(t)) {
    v = parseFloatBits(s, t);
  } else {
    v = parseInteger(s);
  }
  if (!v) return std::nullopt;
  return *v & widthMask(t);
}

std::optional<PredictRound> PredictRound::forNextStep(const Session& s) {
  const core::NextStep next = core::peekNext(s.history());
  if (!next.valid) return std::nullopt;
  const core::Program& p = s.program();
  const core::Instr* ins = instrAt(p, next.pc);
  if (!ins) return std::nullopt;
  const std::uint32_t flags = ins->info().flags;
  if (!(flags & (core::kCollective | core::kAtomic))) return std::nullopt;
  const std::int32_t reg = resultRegister(*ins);
  if (reg < 0) return std::nullopt;  // red: nothing lands in a lane
  const std::optional<core::StepRecord> r = previewNext(s);
  if (!r || r->pc != next.pc || r->lanes == 0) return std::nullopt;

  PredictRound round;
  round.m_position = s.position();
  round.m_warp = r->warp;
  round.m_pc = r->pc;
  round.m_line = lineOf(p, r->pc);
  round.m_instruction = instrText(p, r->pc);
  round.m_lanes = r->lanes;
  round.m_resultReg = reg;
  round.m_kind = ins->op == core::Opcode::Shfl ? QuestionKind::SourceLane : QuestionKind::Value;
  const core::DataType type = regType(p, reg);
  const std::string name = regName(p, reg);
  for (int lane = 0; lane < core::kWarpSize; ++lane) {
    if (!(r->lanes >> lane & 1u)) continue;
    PredictQuestion q;
    q.kind = round.m_kind;
    q.warp = r->warp;
    q.lane = lane;
    q.reg = reg;
    q.type = type;
    q.regName = name;
    q.prompt = q.kind == QuestionKind::SourceLane ? fmt::format("lane {}: reads {} from lane ?", lane, name)
                                                  : fmt::format("lane {}: {} = ?", lane, name);
    round.m_questions.push_back(std::move(q));
  }
  round.m_guesses.resize(round.m_questions.size());
  const std::string what = round.m_kind == QuestionKind::SourceLane
                               ? "for each lane, which lane does it read from?"
                               : fmt::format("what does each lane get in {}?", name);
  round.m_headline = fmt::format("Predict: {} (line {}) \u2014 {}", instrMnemonic(p, *ins), round.m_line, what);
  return round;
}

int PredictRound::indexOf(int lane) const {
  for (std::size_t i = 0; i < m_questions.size(); ++i)
    if (m_questions[i].lane == lane) return static_cast<int>(i);
  return -1;
}

const PredictQuestion* PredictRound::question(int lane) const {
  const int i = indexOf(lane);
  return i < 0 ? nullptr : &m_questions[static_cast<std::size_t>(i)];
}

const PredictGuess& PredictRound::guess(int lane) const {
  static const PredictGuess kNone;
  const int i = indexOf(lane);
  return i < 0 ? kNone : m_guesses[static_cast<std::size_t>(i)];
}

namespace {

bool fail(std::string* error, std::string why) {
  if (error) *error = std::move(why);
  return false;
}

}  // namespace

int PredictRound::openQuestion(int lane, std::string* error) const {
  const int i = indexOf(lane);
  if (m_revealed) {
    fail(error, "already revealed");
    return -1;
  }
  if (i < 0) fail(error, fmt::format("lane {} is not asked about", lane));
  return i;
}

bool PredictRound::guessSource(int lane, int sourceLane, std::string* error) {
  const int i = openQuestion(lane, error);
  auto fail = [&](std::string why) { return ws::ui::fail(error, std::move(why)); };
  if (i < 0) return false;
  if (m_kind != QuestionKind::SourceLane) return fail("this step asks for values, not source lanes");
  if (sourceLane < 0 || sourceLane >= core::kWarpSize) return fail(fmt::format("there is no lane {}", sourceLane));
  PredictGuess& g = m_guesses[static_cast<std::size_t>(i)];
  g.given = true;
  g.bits = static_cast<std::uint64_t>(sourceLane);
  g.text = std::to_string(sourceLane);
  return true;
}

bool PredictRound::guessValue(int lane, std::string_view text, std::string* error) {
  const int i = openQuestion(lane, error);
  auto fail = [&](std::string why) { return ws::ui::fail(error, std::move(why)); };
  if (i < 0) return false;
  const PredictQuestion& q = m_questions[static_cast<std::size_t>(i)];
  if (q.kind == QuestionKind::SourceLane) {
    const std::optional<std::uint64_t> v = parseInteger(lower(text));
    if (!v || *v >= static_cast<std::uint64_t>(core::kWarpSize))
      return fail(fmt::format("\"{}\" is not a lane number (0-31)", text));
    return guessSource(lane, static_cast<int>(*v), error);
  }
  const std::optional<std::uint64_t> v = parseGuess(text, q.type);
  if (!v) {
    return fail(q.type == core::DataType::Pred
                    ? fmt::format("\"{}\" is not true or false", text)
                    : fmt::format("\"{}\" is not a .{} value", text, core::typeName(q.type)));
  }
  PredictGuess& g = m_guesses[static_cast<std::size_t>(i)];
  g.given = true;
  g.bits = *v;
  g.text = std::string(text);
  return true;
}

void PredictRound::clearGuess(int lane) {
  const int i = indexOf(lane);
  if (i >= 0 && !m_revealed) m_guesses[static_cast<std::size_t>(i)] = {};
}

int PredictRound::guessesGiven() const {
  int n = 0;
  for (const PredictGuess& g : m_guesses) n += g.given ? 1 : 0;
  return n;
}

std::string PredictRound::formatAnswer(const PredictQuestion& q, std::uint64_t bits) const {
  if (q.kind == QuestionKind::SourceLane) return fmt::format("lane {}", bits);
  if (q.type == core::DataType::Pred) return bits ? "true" : "false";
  return formatValue(bits, q.type);
}

std::optional<std::string> PredictRound::reveal(Session& s) {
  if (m_revealed) return std::nullopt;
  if (s.position() == m_position) s.step(core::StepUnit::Step);
  if (s.position() != m_position + 1 || s.history().size() <= m_position)
    return fmt::format("the session is at step {}, not where this prediction was made (step {})", s.position(),
                       m_position);
  const core::StepRecord& r = s.history().record(m_position);
  if (r.warp != m_warp || r.pc != m_pc) return std::string("the step that ran is not the one predicted");

  const ViewSet& views = s.views();
  const core::MachineState& st = s.state();
  m_verdicts.assign(m_questions.size(), {});
  for (std::size_t i = 0; i < m_questions.size(); ++i) {
    const PredictQuestion& q = m_questions[i];
    const PredictGuess& g = m_guesses[i];
    PredictVerdict& v = m_verdicts[i];
    std::optional<std::uint64_t> truth;
    if (q.kind == QuestionKind::SourceLane) {
      for (const core::Flow& fl : r.flows) {
        if (fl.to.kind != core::Endpoint::Kind::Lane || fl.to.warp != q.warp || fl.to.lane != q.lane) continue;
        if (fl.kind == core::FlowKind::Shuffle || fl.kind == core::FlowKind::ShuffleKeep) truth = fl.from.lane;
      }
    } else if (r.lanes >> q.lane & 1u) {
      const auto& w = st.warps[q.warp];
      truth = w.regs[static_cast<std::size_t>(q.reg) * core::kWarpSize + static_cast<std::size_t>(q.lane)];
    }
    v.answered = g.given;
    v.truth = truth ? formatAnswer(q, *truth) : std::string("nothing (the lane did not execute)");
    v.guess = g.given ? formatAnswer(q, g.bits) : std::string();
    v.correct = g.given && truth && sameAnswer(g.bits, *truth, q.type);
    v.explanation = explanationFor(views.explanation, q.warp, q.lane);
  }
  m_revealed = true;
  return std::nullopt;
}

PredictScore PredictRound::score() const {
  PredictScore sc;
  sc.total = static_cast<int>(m_questions.size());
  for (const PredictVerdict& v : m_verdicts) {
    sc.answered += v.answered ? 1 : 0;
    sc.correct += v.correct ? 1 : 0;
  }
  if (!m_revealed) sc.answered = guessesGiven();
  return sc;
}

std::string PredictRound::scoreText() const {
  const PredictScore sc = score();
  if (!m_revealed) return fmt::format("{} of {} lanes guessed", sc.answered, sc.total);
  return fmt::format("{} of {} right ({} guessed)", sc.correct, sc.total, sc.answered);
}

}  // namespace ws::ui
