#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace ws::cli {

struct RunOptions {
  std::string ptxPath, entry, grid, block, cluster, mode;
  std::vector<std::string> buffers;
  std::vector<std::uint64_t> scalars;
  std::uint64_t maxSteps = 50'000'000;
  bool json = false;
};

void addRunCommand(CLI::App& app, RunOptions& o);
int runCommand(const RunOptions& o);

}  // namespace ws::cli
