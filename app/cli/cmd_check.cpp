// `warpscope-cli check SCENARIO|PTX`: looks for undefined behaviour. The run
// goes on in hardware mode past each event (as an H100 would), so one check
// lists every diagnostic with its lanes, PTX line, the PTX ISA sentence it
// breaks (quoted, with its section) and warpscope's explanation. Exit status
// 1 when there is any.
#include "app/cli/cmd_check.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "app/cli/report.hpp"
#include "app/cli/run_loop.hpp"

namespace ws::cli {

void addCheckCommand(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand("check", "Run a scenario or PTX launch in hardware mode (a scenario with a "
                                              "[schedule]: in its own mode) and list every undefined-behaviour "
                                              "diagnostic");
  app::addInputOptions(cmd, o.in, false);
  cmd->add_flag("--json", o.json, "print the diagnostics as JSON");
  cmd->footer("Exit status: 0 no diagnostics, 1 at least one (or the run did not finish), 2 bad command line or "
              "input, 130 interrupted.");
}

int checkCommand(const CheckOptions& o) {
  ui::LaunchRequest request = o.in;
  request.commandMode = "hardware";  // report and go on (a saved schedule keeps its own mode)
  request.races = true;       // races are what people bring to a check
  auto in = app::loadEngine(request);
  if (!in) return app::kExitUsage;
  const RunOutcome out = runToEnd(*in->engine, in->maxSteps);
  const std::string stop = out.interrupted ? "interrupted" : std::string(core::stopSlug(out.stop));
  if (o.json) {
    nlohmann::json j;
    j["entry"] = in->prepared.launch.entry;
    j["steps"] = out.steps;
    j["stop"] = stop;
    j["diagnostics"] = nlohmann::json::array();
    for (const auto& d : out.diags) j["diagnostics"].push_back(diagnosticJson(*in, d));
    fmt::print("{}\n", j.dump(1));
  } else {
    for (const auto& d : out.diags) printDiagnostic(*in, d);
    if (out.diags.empty() && out.stop == core::StopReason::Finished)
      fmt::print("{}: no undefined behaviour found in {} steps\n", in->prepared.launch.entry, out.steps);
    else
      fmt::print("{}: {} diagnostic{}; the run {} after {} steps\n", in->prepared.launch.entry, out.diags.size(),
                 out.diags.size() == 1 ? "" : "s", out.interrupted ? "was interrupted" : app::stopName(out.stop), out.steps);
  }
  if (out.interrupted) return app::kExitInterrupted;
  return out.diags.empty() && out.stop == core::StopReason::Finished ? app::kExitOk : app::kExitFailed;
}

}  // namespace ws::cli
