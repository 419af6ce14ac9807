// `warpscope-cli trace SCENARIO|PTX [--from N] [--to M]`: one JSON object per
// line for each step (what ran, on which lanes, the masks before and after,
// every register and memory change, the data flows and diagnostics), then a
// last line {"end": true, "stop": ..., "steps": ...}. With --hash only the
// last line is printed, with a hash of the step lines and of the final
// machine state: equal hashes mean identical runs (across runs and builds).
#include "app/cli/cmd_trace.hpp"

#include <cstdio>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
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
  cmd->add_option("--from", o.from, "first step to print (steps before it run silently; default 0)");
  cmd->add_option("--to", o.to, "last step to print; the trace stops after it");
  cmd->add_flag("--hash", o.hash, "print only the end line, with trace_hash (FNV-1a of the step lines) and "
                                  "state_hash (the final machine state)");
  cmd->footer("Exit status: 0 the program finished (or --to was reached), 1 it stopped at a diagnostic, "
              "deadlock, trap or the step budget, 2 bad command line or input, 130 interrupted.");
}

int traceCommand(const TraceOptions& o) {
  if (o.to < o.from) {
    fmt::print(stderr, "error: --to {} is before --from {}\n", o.to, o.from);
    return app::kExitUsage;
  }
  auto in = app::loadEngine(o.in);
  if (!in) return app::kExitUsage;
  core::Engine& engine = *in->engine;
  SigintGuard guard;
  std::uint64_t steps = 0;
  core::StopReason stop = core::StopReason::None;
  bool reachedTo = false;
  core::StepRecord rec;
  core::Fnv1a traceHash;  // over the exact text the step lines hold
  while (!SigintGuard::interrupted()) {
    if (steps >= in->maxSteps) {
      stop = core::StopReason::StepBudget;
      break;
    }
    const std::uint64_t at = engine.state().step;
    if (at > o.to) {
      reachedTo = true;
      break;
    }
    const core::StepResult r = engine.step(&rec);
    const bool recorded = r.executed || !rec.diags.empty();
    if (r.executed) ++steps;
    if (recorded && rec.step >= o.from && rec.step <= o.to) {
      const std::string line = stepJson(*in, engine, rec).dump() + "\n";
      if (o.hash) traceHash.add(line);
      else fmt::print("{}", line);
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
  nlohmann::json end = {{"end", true},
                        {"stop", interrupted ? "interrupted" : reachedTo ? "paused" : std::string(core::stopSlug(stop))},
                        {"steps", steps}};
  if (stop == core::StopReason::StepBudget && !interrupted) {
    const auto d = stepBudgetDiagnostic(engine, steps);
    end["message"] = d.message;
    fmt::print(stderr, "error: {}\n", d.message);
  }
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
