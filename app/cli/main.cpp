// warpscope-cli: the headless front end.
#include <CLI/CLI.hpp>

#include "app/common/command_line.hpp"
#include "app/cli/cmd_check.hpp"
#include "app/cli/cmd_explore.hpp"
#include "app/cli/cmd_lint.hpp"
#include "app/cli/cmd_render.hpp"
#include "app/cli/cmd_run.hpp"
#include "app/cli/cmd_trace.hpp"
#include "app/cli/cmd_unsupported.hpp"

int main(int argc, char** argv) {
  CLI::App app{"warpscope-cli: run and inspect PTX kernels and scenarios lane by lane, headless"};
  app.require_subcommand(1);
  app.footer("Exit status: 0 ok, 1 failed (undefined behaviour, an unmet expectation, a run that did not finish), "
             "2 bad command line or input, 130 interrupted. 'warpscope-cli COMMAND --help' describes a command.");
  ws::cli::RunOptions run;
  ws::cli::TraceOptions trace;
  ws::cli::CheckOptions check;
  ws::cli::addRunCommand(app, run);
  ws::cli::addTraceCommand(app, trace);
  ws::cli::addCheckCommand(app, check);
  ws::cli::ExploreOptions explore;
  ws::cli::addExploreCommand(app, explore);
  ws::cli::LintOptions lint;
  ws::cli::addLintCommand(app, lint);
  ws::cli::RenderOptions render;
  ws::cli::addRenderCommand(app, render);
  ws::cli::UnsupportedOptions unsupported;
  ws::cli::addUnsupportedCommand(app, unsupported);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : ws::app::kExitUsage;
  }
  if (app.got_subcommand("run")) return ws::cli::runCommand(run);
  if (app.got_subcommand("trace")) return ws::cli::traceCommand(trace);
  if (app.got_subcommand("check")) return ws::cli::checkCommand(check);
  if (app.got_subcommand("explore")) return ws::cli::exploreCommand(explore);
  if (app.got_subcommand("lint")) return ws::cli::lintCommand(lint);
  if (app.got_subcommand("render")) return ws::cli::renderCommand(render);
  if (app.got_subcommand("unsupported")) return ws::cli::unsupportedCommand(unsupported);
  return ws::app::kExitUsage;
}
