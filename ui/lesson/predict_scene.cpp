#include "ui/lesson/predict_scene.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "ui/frame/format.hpp"
#include "ui/session/session.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui {
namespace {

// Inputs shown above the question row: the registers the instruction reads,
// without the result register and the guard (at most two rows).
std::vector<std::uint32_t> inputRegs(const core::Instr& ins, std::int32_t result) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t r : instrRegisters(ins)) {
    if (static_cast<std::int32_t>(r) == result || static_cast<std::int32_t>(r) == ins.guard) continue;
    if (out.size() < 2) out.push_back(r);
  }
  return out;
}

struct Layout {
  const Theme& t;
  double left() const { return t.margin + t.labelWidth; }
  double laneX(int l) const { return left() + l * t.laneWidth; }
  double centre(int l) const { return laneX(l) + t.laneWidth / 2; }
  double cellW() const { return t.laneWidth - 6; }
};

Primitive& cell(Scene& s, const Layout& g, int lane, double y, const std::string& text, Color fill, Color textColor,
                const std::string& cls, double size, bool bold = false) {
  Primitive& r = s.rect(g.laneX(lane) + 3, y + 3, g.cellW(), g.t.rowHeight - 6, fill, cls);
  r.hasStroke = true;
  r.stroke = g.t.border;
  r.radius = 4;
  r.data.emplace_back("lane", std::to_string(lane));
  const double fitted = std::min(size, size * (g.cellW() - 6) / std::max(1.0, textWidth(text, size, true)));
  // The text's classes: the cell's first class + "-text", then the rest ("verdict-text wrong").
  const std::size_t sp = cls.find(' ');
  const std::string textCls = sp == std::string::npos ? cls + "-text" : cls.substr(0, sp) + "-text" + cls.substr(sp);
  Primitive& txt = s.text(g.centre(lane), y + g.t.rowHeight / 2 + fitted * 0.35, text, fitted, textColor, TextAnchor::Middle,
                          textCls);
  txt.mono = true;
  txt.bold = bold;
  return s.items[s.items.size() - 2];
}

void label(Scene& s, const Theme& t, double y, const std::string& text) {
  const double size = std::min(t.fontSize, t.fontSize * (t.labelWidth - 12) / std::max(1.0, textWidth(text, t.fontSize, false)));
  s.text(t.margin, y + t.rowHeight / 2 + size * 0.35, text, size, t.text, TextAnchor::Start, "row-label");
}

// A shfl arrow from the source lane's column down to the destination lane's.
void shuffleArrow(Scene& s, const Layout& g, int from, int to, double y0, double y1, Color c, bool dashed,
                  const std::string& cls) {
  const Point a{g.centre(from), y0}, b{g.centre(to), y1};
  Primitive& p = from == to ? s.curve(a, {a.x - g.t.laneWidth * 0.6, (y0 + y1) / 2}, {b.x - g.t.laneWidth * 0.6, (y0 + y1) / 2}, b,
                                      c, g.t.strokeWidth, g.t.arrowHead, cls)
                            : s.curve(a, {a.x, (y0 + y1) / 2}, {b.x, (y0 + y1) / 2}, b, c, g.t.strokeWidth, g.t.arrowHead, cls);
  p.dashed = dashed;
  p.data.emplace_back("from", fmt::format("lane{}", from));
  p.data.emplace_back("to", fmt::format("lane{}", to));
}

}  // namespace

Scene buildPredictScene(const PredictRound& round, const Session& s, const Theme& t, int pickedLane) {
  Scene sc;
  sc.background = t.background;
  sc.fontFamily = t.fontFamily;
  sc.monoFamily = t.monoFamily;
  sc.title = round.headline();
  const Layout g{t};
  const core::Program& p = s.program();
  const core::Instr& ins = p.instrs[round.pc()];
  int lanes = 0;
  for (const PredictQuestion& q : round.questions()) lanes = std::max(lanes, q.lane + 1);
  const auto& w = s.state().warps[round.warp()];
  lanes = std::max(lanes, 32 - std::countl_zero(w.ctl.valid));
  const double right = g.laneX(lanes) + t.margin;

  double y = t.margin;
  Primitive& head = sc.text(t.margin, y + t.titleSize, round.revealed() ? "Revealed: " + instrMnemonic(p, ins) : "Predict!",
                            t.titleSize, t.text, TextAnchor::Start, "predict-title");
  head.bold = true;
  y += t.titleSize * 1.5;
  Primitive& instr = sc.text(t.margin, y + t.fontSize, fmt::format("line {}:  {}", round.line(), round.instruction()),
                             t.fontSize * 1.15, t.text, TextAnchor::Start, "predict-instruction");
  instr.mono = true;
  y += t.fontSize * 2.2;

  // Lanes: the ones asked about in the "executed" colour.
  label(sc, t, y, fmt::format("warp {} lane", round.warp()));
  for (int l = 0; l < lanes; ++l) {
    const bool asked = round.question(l) != nullptr;
    const Color fill = asked ? t.laneExecuted : t.laneDiverged;
    Primitive& r = cell(sc, g, l, y, std::to_string(l), fill, t.textOn(fill), asked ? "lane-state asked" : "lane-state", t.monoSize, true);
    r.id = fmt::format("w{}-lane{}", round.warp(), l);
    r.tooltip = asked ? round.question(l)->prompt : "not taking part in this step";
    if (l == pickedLane) {
      Primitive& ring = sc.rect(g.laneX(l) + 1, y + 1, g.cellW() + 4, t.rowHeight - 2, t.text, "picked");
      ring.hasFill = false;
      ring.hasStroke = true;
      ring.stroke = t.text;
      ring.strokeWidth = 3;
      ring.radius = 5;
    }
  }
  y += t.rowHeight;

  // Inputs, as they are before the step (read from the state before it).
  const core::StepRecord* done = round.revealed() && s.position() > round.position() ? &s.history().record(round.position()) : nullptr;
  for (std::uint32_t reg : inputRegs(ins, round.resultReg())) {
    label(sc, t, y, fmt::format("{} (input)", regName(p, static_cast<std::int32_t>(reg))));
    for (int l = 0; l < lanes; ++l) {
      std::uint64_t bits = w.regs[static_cast<std::size_t>(reg) * core::kWarpSize + static_cast<std::size_t>(l)];
      if (done)  // after the reveal the state moved on: take the value before the step from its journal
        for (const core::RegChange& c : done->regs)
          if (c.warp == round.warp() && c.reg == reg && c.lane == l) bits = c.before;
      const bool written = (w.written[reg] >> l & 1u) != 0;
      cell(sc, g, l, y, written ? formatValue(bits, regType(p, static_cast<std::int32_t>(reg))) : std::string(kNeverWritten), t.cell,
           t.text, "input", t.monoSize);
    }
    y += t.rowHeight;
  }

  // shfl: the guessed (dashed) and, after the reveal, the true (solid) source lanes.
  if (round.asksSourceLanes()) {
    const double zone = t.rowHeight * 3.2;
    const double y0 = y + 4, y1 = y + zone - 4;
    for (std::size_t i = 0; i < round.questions().size(); ++i) {
      const PredictQuestion& q = round.questions()[i];
      const PredictGuess& gs = round.guess(q.lane);
      if (round.revealed()) {
        const PredictVerdict& v = round.verdicts()[i];
        if (v.answered && !v.correct)
          shuffleArrow(sc, g, static_cast<int>(gs.bits), q.lane, y0, y1, t.flowKeep, true, "flow guess wrong");
        if (v.truth.starts_with("lane "))
          shuffleArrow(sc, g, std::stoi(v.truth.substr(5)), q.lane, y0, y1, t.flowShuffle, false, "flow shuffle truth");
      } else if (gs.given) {
        shuffleArrow(sc, g, static_cast<int>(gs.bits), q.lane, y0, y1, t.flowShuffle, true, "flow guess");
      }
    }
    y += zone;
  }

  // The question row: ? until guessed, the guess (muted) once given, the truth after the reveal.
  const std::string what = round.asksSourceLanes() ? "reads from lane" : fmt::format("{} (result)", regName(p, round.resultReg()));
  label(sc, t, y, what);
  for (std::size_t i = 0; i < round.questions().size(); ++i) {
    const PredictQuestion& q = round.questions()[i];
    const PredictGuess& gs = round.guess(q.lane);
    if (round.revealed()) {
      const PredictVerdict& v = round.verdicts()[i];
      std::string truth = v.truth.starts_with("lane ") ? v.truth.substr(5) : v.truth;
      Primitive& r = cell(sc, g, q.lane, y, truth, t.changed, t.text, "truth", t.monoSize, true);
      r.tooltip = v.explanation;
    } else {
      Primitive& r = cell(sc, g, q.lane, y, gs.given ? gs.text : "?", gs.given ? t.cell : t.panel, gs.given ? t.mutedText : t.text,
                          gs.given ? "question guessed" : "question", gs.given ? t.monoSize : t.monoSize * 1.3, !gs.given);
      r.tooltip = q.prompt;
      r.id = fmt::format("q-lane{}", q.lane);
    }
  }
  y += t.rowHeight;

  // After the reveal: every guess marked, in colour and in text (✓ / ✗).
  if (round.revealed()) {
    label(sc, t, y, "your guess");
    for (std::size_t i = 0; i < round.questions().size(); ++i) {
      const PredictQuestion& q = round.questions()[i];
      const PredictVerdict& v = round.verdicts()[i];
      if (!v.answered) {
        cell(sc, g, q.lane, y, "\u2014", t.cell, t.mutedText, "verdict none", t.monoSize);
        continue;
      }
      const std::string shown = v.guess.starts_with("lane ") ? v.guess.substr(5) : v.guess;
      const Color fill = v.correct ? t.flowGather : t.flowKeep;
      Primitive& r = cell(sc, g, q.lane, y, (v.correct ? "\u2713 " : "\u2717 ") + shown, fill, t.textOn(fill),
                          v.correct ? "verdict right" : "verdict wrong", t.monoSize, true);
      r.tooltip = v.correct ? "right: " + v.explanation : fmt::format("wrong: the answer is {}. {}", v.truth, v.explanation);
    }
    y += t.rowHeight;
  }

  y += t.gap;
  Primitive& score = sc.text(t.margin, y + t.fontSize * 1.2, round.scoreText(), t.fontSize * 1.2, t.text, TextAnchor::Start,
                             "predict-score");
  score.bold = true;
  y += t.fontSize * 2;
  sc.width = std::max(right, t.margin * 2 + textWidth(round.instruction(), t.fontSize * 1.15, true) + 100);
  sc.height = y + t.margin;
  return sc;
}

}  // namespace ws::ui
