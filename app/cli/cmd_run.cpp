// `warpscope-cli run SCENARIO.toml` or `run FILE.ptx --entry E --grid G
// --block B [--cluster C] --buffer in.json ... [--scalar V ...]`: runs one
// launch to the end, prints the final buffers (and a snippet's registers),
// lists the diagnostics and checks the scenario's expectations.
#include "app/cli/cmd_run.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "app/cli/report.hpp"
#include "app/cli/run_loop.hpp"
#include "core/scenario/expectations.hpp"

namespace ws::cli {

void addRunCommand(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Run a scenario or a PTX kernel launch to the end, print the final "
                                            "buffers and check the scenario's expectations");
  app::addInputOptions(run, o.in, true);
  run->add_flag("--json", o.json, "print the result as JSON");
  run->footer("Exit status: 0 finished (and every expectation held), 1 stopped early or an expectation failed, "
              "2 bad command line or input, 130 interrupted.");
}

int runCommand(const RunOptions& o) {
  ui::LaunchRequest request = o.in;
  request.racesByDefault = false;  // headless runs are for speed: --races (or the scenario) turns it on
  auto in = app::loadEngine(request);
  if (!in) return app::kExitUsage;
  core::Engine& engine = *in->engine;
  const RunOutcome out = runToEnd(engine, in->maxSteps);
  const std::string entry = in->prepared.launch.entry;
  const std::string stop = out.interrupted ? "interrupted" : std::string(core::stopSlug(out.stop));

  std::optional<core::ExpectationReport> report;
  if (core::hasExpectations(in->scenario) && !out.interrupted)
    report = core::checkExpectations(in->scenario, in->prepared, engine, out.stop, out.diags, out.printed);

  if (o.json) {
    nlohmann::json j;
    j["entry"] = entry;
    j["steps"] = out.steps;
    j["stop"] = stop;
    j["buffers"] = buffersJson(*in, engine);
    auto regs = registersJson(*in, engine);
    if (!regs.empty()) j["registers"] = regs;
    if (!out.printed.empty()) j["printed"] = printedJson(out.printed);
    j["diagnostics"] = nlohmann::json::array();
    for (const auto& d : out.diags) j["diagnostics"].push_back(diagnosticJson(*in, d));
    if (report) j["expectations"] = {{"checked", report->checked}, {"failures", report->failures}};
    fmt::print("{}\n", j.dump(1));
  } else {
    // What the kernel printed comes first, as a CUDA program shows it when
    // the launch is synchronized.
    for (const auto& t : out.printed) fmt::print("{}", t.text);
    fmt::print("{}: {} after {} steps\n", entry, out.interrupted ? "interrupted" : app::stopName(out.stop), out.steps);
    printBuffers(*in, engine);
    printRegisters(*in, engine);
    for (const auto& d : out.diags) printDiagnostic(*in, d);
    if (report) {
      for (const auto& f : report->failures) fmt::print(stderr, "expectation failed: {}\n", f);
      fmt::print("expectations: {} checked, {} failed\n", report->checked, report->failures.size());
    }
  }
  if (out.interrupted) return app::kExitInterrupted;
  if (report) return report->ok() ? app::kExitOk : app::kExitFailed;
  return out.stop == core::StopReason::Finished ? app::kExitOk : app::kExitFailed;
}

}  // namespace ws::cli
