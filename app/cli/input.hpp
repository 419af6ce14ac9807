#pragma once
// What every warpscope-cli command runs: a scenario file (.toml), or a PTX
// file with the launch given on the command line. Both end as a
// PreparedScenario.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::cli {

inline constexpr int kExitInterrupted = 130;

struct InputOptions {
  std::string path;  // .toml scenario or .ptx module
  std::string entry, grid = "1", block = "32", cluster, mode;
  std::vector<std::string> buffers;
  std::vector<std::uint64_t> scalars;
  std::uint64_t maxSteps = 0;  // 0: the scenario's engine.max_steps, else 50,000,000
};

// The input and launch options shared by run, trace and check. `withMode`
// adds --mode (check always runs in hardware mode).
void addInputOptions(CLI::App* cmd, InputOptions& o, bool withMode);

struct Input {
  std::optional<core::Scenario> scenario;  // set for .toml inputs
  core::PreparedScenario prepared;
  std::uint64_t maxSteps = core::kDefaultMaxSteps;
};

bool isScenarioPath(const std::string& path);

// Loads the input; on failure prints every error (file:line:col) to stderr
// and returns nullopt (exit code 2).
std::optional<Input> loadInput(const InputOptions& o);

}  // namespace ws::cli
