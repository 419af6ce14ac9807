// `warpscope-cli trace SCENARIO|PTX [--from N] [--to M]`: one JSON object per
// line for each step (what ran, on which lanes, the masks before and after,
// every register and memory change, the data flows and diagnostics), then a
// last line {"end": true, "stop": ..., "steps": ...}. A line's "step" is the
// position after it, as the viewers' "Step N" and a narration's `step` count
// (stepNumber, report.hpp): the first instruction is step 1. With --hash only the
// last line is printed, with a hash of the step lines and of the final
// machine state: equal hashes mean identical runs (across runs and builds).
// The budgets of what a trace writes are in cmd_trace.hpp.
#include "app/cli/cmd_trace.hpp"

#include <cstdio>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "app/common/option_rules.hpp"
#include "app/cli/report.hpp"
#include "app/cli/run_loop.hpp"
#include "core/util/fnv1a.hpp"

namespace ws::cli {
namespace {

std::string hex(std::uint64_t v) { return fmt::format("{:016x}", v); }

}  // namespace

void addTraceCommand(CLI::App& app, TraceOptions& o) {
  CLI::App* cmd = app.add_subcommand("trace", "Print every step of a scenario or PTX launch as one JSON object "
                                              "per line");
  app::addInputOptions(cmd, o.in, true);
  cmd->add_option("--from", o.from, "first step to print (steps before it run silently; default 1)")
      ->check(app::wholeNumber(0, app::kMaxCount));
  cmd->add_option("--to", o.to, "last step to print; the trace stops after it")
      ->check(app::wholeNumber(0, app::kMaxCount));
  cmd->add_flag("--hash", o.hash, "print only the end line, with trace_hash (FNV-1a of the step lines) and "
                                  "state_hash (the final machine state)");
  cmd->footer(fmt::format("Steps are counted as the viewers count them: a line's \"step\" is the position after "
                          "its instruction, so the first instruction is step 1 (step 0 is the launch), the same "
                          "number as the viewers' \"Step N\", a scenario narration's step and render --step; "
                          "diagnostics, printed text and race accesses give their step the same way.\n"
                          "Budgets: without --hash the trace stops after {} steps unless --max-steps or the "
                          "scenario's engine.max_steps says otherwise, and never writes more than {} step lines "
                          "(choose them with --from/--to); --hash writes one line and runs to the usual budget. "
                          "Exit status: 0 the program finished (or --to was reached), 1 it stopped at a diagnostic, "
                          "deadlock, trap, the step budget or the line cap, 2 bad command line or input, 130 "
                          "interrupted.",
                          kTraceDefaultMaxSteps, kTraceMaxLines));
}

int traceCommand(const TraceOptions& o) {
  if (o.to < o.from) {
    fmt::print(stderr, "error: --to {} is before --from {}\n", o.to, o.from);
    return app::kExitUsage;
  }
  ui::LaunchRequest request = o.in;
  request.racesByDefault = false;  // as run: --races (or the scenario) turns it on
  auto in = app::loadEngine(request);
  if (!in) return app::kExitUsage;
  core::Engine& engine = *in->engine;
  // JSON lines grow with every step: their own budget unless one was asked for.
  const bool defaultBudget = !o.hash && !in->scenario.engine.maxSteps;
  const std::uint64_t maxSteps = defaultBudget ? kTraceDefaultMaxSteps : in->maxSteps;
  SigintGuard guard;
  std::uint64_t steps = 0, lines = 0;
  core::StopReason stop = core::StopReason::None;
  bool reachedTo = false, lineCap = false;
  core::StepRecord rec;
  core::Fnv1a traceHash;  // over the exact text the step lines hold
  while (!SigintGuard::interrupted()) {
    if (steps >= maxSteps) {
      stop = core::StopReason::StepBudget;
      break;
    }
    // The step the next record would be (stepNumber: counted from 1).
    const std::uint64_t next = stepNumber(engine.state().step);
    if (next > o.to) {
      reachedTo = true;
      break;
    }
    const core::StepResult r = engine.step(&rec);
    const bool recorded = r.executed || !rec.diags.empty();
    if (r.executed) ++steps;
    const std::uint64_t number = stepNumber(rec.step);
    if (recorded && number >= o.from && number <= o.to) {
      const std::string line = stepJson(*in, engine, rec).dump() + "\n";
      if (o.hash) traceHash.add(line);
      else fmt::print("{}", line);
      if (!o.hash && ++lines >= kTraceMaxLines && r.stop == core::StopReason::None && !engine.finished()) {
        lineCap = true;
        break;
      }
    }
    if (r.stop != core::StopReason::None) {
      stop = r.stop;
      break;
    }
    if (!r.executed) {
      stop = engine.finished() ? core::StopReason::Finished : core::StopReason::None;
      break;
    }
  }
  const bool interrupted = SigintGuard::interrupted();
  const std::string stopText = interrupted ? "interrupted"
                               : reachedTo  ? "paused"
                               : lineCap    ? "line-cap"
                                            : std::string(core::stopSlug(stop));
  nlohmann::json end = {{"end", true}, {"stop", stopText}, {"steps", steps}};
  if (lineCap && !interrupted) {
    end["message"] = fmt::format("stopped after writing {} step lines, the most one trace writes (about 1.6 KB "
                                 "each); choose the steps to print with --from/--to, or use --hash",
                                 lines);
  } else if (stop == core::StopReason::StepBudget && !interrupted) {
    std::string message = stepBudgetDiagnostic(engine, steps).message;
    if (defaultBudget)
      message = fmt::format("{} steps is the default budget of a trace without --hash (each step is a line of "
                            "output); raise it with --max-steps or use --hash. {}",
                            kTraceDefaultMaxSteps, message);
    end["message"] = message;
  }
  if (end.contains("message")) fmt::print(stderr, "error: {}\n", end["message"].get<std::string>());
  if (o.hash) {
    end["trace_hash"] = hex(traceHash.value);
    end["state_hash"] = hex(engine.state().hash());
  }
  fmt::print("{}\n", end.dump());
  std::fflush(stdout);
  if (interrupted) return app::kExitInterrupted;
  if (reachedTo || stop == core::StopReason::Finished) return app::kExitOk;
  return app::kExitFailed;
}

}  // namespace ws::cli
