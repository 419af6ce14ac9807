#include "app/cli/run_loop.hpp"

#include <algorithm>
#include <csignal>
#include <iterator>

#include <fmt/format.h>

namespace ws::cli {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void onSigint(int) { g_interrupted = 1; }

constexpr std::uint64_t kChunk = 100'000;  // steps between Ctrl-C checks

}  // namespace

SigintGuard::SigintGuard() {
  g_interrupted = 0;
  m_old = std::signal(SIGINT, onSigint);
}

SigintGuard::~SigintGuard() { std::signal(SIGINT, m_old == SIG_ERR ? SIG_DFL : m_old); }

bool SigintGuard::interrupted() { return g_interrupted != 0; }

core::Diagnostic stepBudgetDiagnostic(const core::Engine& engine, std::uint64_t steps) {
  core::Diagnostic d;
  d.kind = core::DiagKind::StepBudget;
  d.step = engine.state().step;
  // Point at what would run next, so the message's file:line is in the loop.
  if (auto w = engine.nextWarp()) {
    if (auto g = engine.nextGroup(*w)) {
      d.warp = *w;
      d.cta = engine.state().warps[*w].cta;
      d.pc = g->pc;
      d.lanes = g->lanes;
    }
  }
  d.message = fmt::format("stopped after {} steps without finishing (--max-steps, or engine.max_steps in a "
                          "scenario); the program may loop forever. The lanes are at:{}",
                          steps, engine.laneReport());
  return d;
}

RunOutcome runToEnd(core::Engine& engine, std::uint64_t maxSteps) {
  SigintGuard guard;
  RunOutcome out;
  while (out.steps < maxSteps && !SigintGuard::interrupted()) {
    auto r = engine.run(std::min(maxSteps - out.steps, kChunk));
    out.steps += r.steps;
    out.printed.insert(out.printed.end(), std::make_move_iterator(r.printed.begin()),
                       std::make_move_iterator(r.printed.end()));
    // A chunk ending at its own budget is not the end of the run.
    for (auto& d : r.diags)
      if (d.kind != core::DiagKind::StepBudget) out.diags.push_back(std::move(d));
    out.stop = r.stop;
    if (r.stop != core::StopReason::StepBudget) break;
  }
  out.interrupted = SigintGuard::interrupted();
  if (out.stop == core::StopReason::StepBudget && !out.interrupted)
    out.diags.push_back(stepBudgetDiagnostic(engine, out.steps));
  return out;
}

}  // namespace ws::cli
