// ws_bench's main: registers one history-memory benchmark per bundled
// scenario (scenarios/*/*.toml, found when the benchmarks start, so new
// scenarios are measured without changing this code) and per hardware-golden
// kernel of tests/data/golden, then runs Google Benchmark as usual.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/bench_history.hpp"

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(WS_SCENARIOS_DIR, ec)) {
    if (!dir.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(dir.path(), ec))
      if (f.path().extension() == ".toml") files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const std::string name = "BM_HistoryBytesScenario/" + f.parent_path().filename().string() + "/" + f.stem().string();
    benchmark::RegisterBenchmark(name.c_str(), ws::bench::historyBytesOfScenario, f.string())->Iterations(1);
  }
  for (const auto& g : ws::bench::goldenLaunches()) {
    const std::string name = "BM_HistoryBytesGolden/" + g.name;
    benchmark::RegisterBenchmark(name.c_str(), ws::bench::historyBytesOfGolden, g)->Iterations(1);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
