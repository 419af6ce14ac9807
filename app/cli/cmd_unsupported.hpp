#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace ws::cli {

struct UnsupportedOptions {
  std::string path;  // .ptx module or .toml scenario
  bool json = false;
};

void addUnsupportedCommand(CLI::App& app, UnsupportedOptions& o);
int unsupportedCommand(const UnsupportedOptions& o);

}  // namespace ws::cli
