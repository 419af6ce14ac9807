#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace ws::cli {

struct LintOptions {
  std::vector<std::string> files;
  bool json = false;
};

void addLintCommand(CLI::App& app, LintOptions& o);
int lintCommand(const LintOptions& o);

}  // namespace ws::cli
