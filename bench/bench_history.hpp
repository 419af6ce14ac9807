#pragma once
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/exec/state/launch.hpp"

namespace ws::bench {

// A hardware-golden kernel of tests/data/golden and the launch it was recorded with.
struct GoldenLaunch {
  std::string name;
  std::string ptxPath;  // absolute
  core::LaunchConfig launch;
};
std::vector<GoldenLaunch> goldenLaunches();
void historyBytesOfGolden(benchmark::State& state, const GoldenLaunch& g);

// History memory per step of one scenario file (registered per file by bench_main.cpp).
void historyBytesOfScenario(benchmark::State& state, const std::string& path);

}  // namespace ws::bench
