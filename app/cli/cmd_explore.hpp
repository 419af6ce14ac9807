#pragma once
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/common/input.hpp"

namespace ws::cli {

struct ExploreOptions {
  ui::LaunchRequest in = app::headlessRequest();
  std::string strategy = "pct";
  std::uint64_t schedules = 1000;
  std::uint64_t seed = 1;
  std::optional<std::uint32_t> depth;
  unsigned jobs = 0;      // 0: every core
  std::string shard;      // "I/N"
  std::string output;     // -o: the failing schedule as a scenario
  bool json = false;
  bool noShrink = false;
  bool ignoreExpect = false;
};

void addExploreCommand(CLI::App& app, ExploreOptions& o);
int exploreCommand(const ExploreOptions& o);

}  // namespace ws::cli
