// warpscope-cli: the headless front end.
#include <CLI/CLI.hpp>

#include "app/cli/cli_common.hpp"
#include "app/cli/cmd_run.hpp"

int main(int argc, char** argv) {
  CLI::App app{"warpscope-cli: run and inspect PTX kernels lane by lane, headless"};
  app.require_subcommand(1);
  ws::cli::RunOptions run;
  ws::cli::addRunCommand(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : ws::cli::kExitUsage;
  }
  if (app.got_subcommand("run")) return ws::cli::runCommand(run);
  return ws::cli::kExitUsage;
}
