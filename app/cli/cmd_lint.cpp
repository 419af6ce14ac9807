// `warpscope-cli lint SCENARIO...`: runs each scenario as the viewers do and
// reports the [[narration]] notes that cannot be right where they are shown
// (ui/lesson/narration_lint.hpp; the rules in docs/scenario-format.md), one
// `file:line:col: rule: message` line each. Exit status 1 when a note is
// reported, 2 when a file cannot be loaded or run.
#include "app/cli/cmd_lint.hpp"

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "ui/lesson/narration_lint.hpp"

namespace ws::cli {

void addLintCommand(CLI::App& app, LintOptions& o) {
  CLI::App* cmd = app.add_subcommand("lint", "Check the [[narration]] notes and [[question]] answers of scenario "
                                             "files against a run: steps and PTX lines that are never reached, "
                                             "instructions and register values the notes quote wrongly");
  cmd->add_option("files", o.files, "scenario files (.toml)")->required()->check(CLI::ExistingFile);
  cmd->add_flag("--json", o.json, "print the findings as JSON");
  cmd->footer("Each scenario runs in its own mode, schedule and step budget; a note's step N is the state after N "
              "instructions (the first instruction is step 1), as the viewers' \"Step N\" and trace's \"step\" count (docs/scenario-format.md, "
              "[[narration]], says what is checked). Findings: step-not-reached, ptx-line-no-instruction, "
              "ptx-line-never-runs, step-not-on-line, instruction-mismatch, register-value, register-unwritten; for "
              "[[question]] blocks: question-not-reached, question-order, question-answer.\n"
              "Exit status: 0 no findings, 1 at least one, 2 a file could not be loaded or run (or a bad command "
              "line).");
}

int lintCommand(const LintOptions& o) {
  bool findings = false, errors = false;
  nlohmann::json files = nlohmann::json::array();
  std::size_t total = 0;
  for (const std::string& path : o.files) {
    const ui::LintReport r = ui::lintScenarioFile(path);
    findings = findings || !r.findings.empty();
    errors = errors || !r.error.empty();
    total += r.findings.size();
    if (o.json) {
      nlohmann::json f = {{"file", path}, {"notes", r.notes}, {"questions", r.questions}, {"steps", r.steps}, {"stop", r.stop}};
      if (!r.error.empty()) f["error"] = r.error;
      f["findings"] = nlohmann::json::array();
      for (const ui::LintFinding& x : r.findings)
        f["findings"].push_back({{"rule", ui::lintRuleSlug(x.rule)}, {"line", x.line}, {"col", x.col},
                                 {"block", x.block}, {"message", x.message}});
      files.push_back(std::move(f));
      continue;
    }
    if (!r.error.empty()) fmt::print(stderr, "error: {}\n", r.error);
    for (const ui::LintFinding& x : r.findings)
      fmt::print("{}:{}:{}: {}: {}\n", path, x.line, x.col, ui::lintRuleSlug(x.rule), x.message);
  }
  if (o.json) {
    fmt::print("{}\n", nlohmann::json({{"files", files}, {"findings", total}}).dump(1));
  } else if (!errors) {
    fmt::print(stderr, "{} finding{} in {} file{}\n", total, total == 1 ? "" : "s", o.files.size(),
               o.files.size() == 1 ? "" : "s");
  }
  std::fflush(stdout);
  if (errors) return app::kExitUsage;
  return findings ? app::kExitFailed : app::kExitOk;
}

}  // namespace ws::cli
