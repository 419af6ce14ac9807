// Time travel: step forward / step back latency and seek time with a million
// steps already in the history of a 4-warp launch, and history memory per
// step (journal + checkpoints) of that launch and of the bundled scenarios
// (registered in bench_main.cpp, one benchmark per scenario file).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <optional>

#include "bench/bench_history.hpp"
#include "bench/bench_util.hpp"
#include "core/trace/history.hpp"
#include "ui/session/scenario_bridge.hpp"

#include <nlohmann/json.hpp>

namespace ws::bench {
namespace {

constexpr std::uint64_t kHistorySteps = 1'000'000;
constexpr int kSteps = 10000;  // timed steps per benchmark run (more than the history keeps records of)
constexpr int kSeeks = 200;

// The stepping benchmarks' launch: 4 warps looping long enough to run past a
// million steps, with a million steps recorded (built once per process).
core::History& millionStepHistory() {
  static std::unique_ptr<core::History> h = [] {
    auto made = std::make_unique<core::History>(makeEngine(loadProgram("stepping_loop.ptx"), steppingLoopLaunch(40'000)));
    const auto t0 = std::chrono::steady_clock::now();
    while (made->size() < kHistorySteps) {
      const core::StepResult r = made->forward();
      if (!r.executed) {
        std::fprintf(stderr, "ws_bench: the stepping loop stopped after %llu steps\n",
                     static_cast<unsigned long long>(made->size()));
        std::exit(2);
      }
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "ws_bench: recorded %llu steps of the 4-warp loop in %.2f s\n",
                 static_cast<unsigned long long>(made->size()), s);
    return made;
  }();
  return *h;
}

void BM_StepBack(benchmark::State& state) {
  core::History& h = millionStepHistory();
  LatencySample sample;
  for (auto _ : state) {
    h.seek(kHistorySteps);
    for (int i = 0; i < kSteps; ++i) sample.time([&] { benchmark::DoNotOptimize(h.back()); });
  }
  sample.report(state, "back");
}
BENCHMARK(BM_StepBack)->Iterations(1)->Unit(benchmark::kMillisecond);

// Forward over the recorded future (replay), then forward into new steps at
// the end of the history.
void BM_StepForward(benchmark::State& state) {
  core::History& h = millionStepHistory();
  LatencySample replay, fresh;
  for (auto _ : state) {
    h.seek(kHistorySteps - kSteps);
    for (int i = 0; i < kSteps; ++i) replay.time([&] { benchmark::DoNotOptimize(h.forward()); });
    h.truncateFuture();
    for (int i = 0; i < kSteps; ++i) fresh.time([&] { benchmark::DoNotOptimize(h.forward()); });
    h.seek(kHistorySteps);
    h.truncateFuture();
  }
  replay.report(state, "replay");
  fresh.report(state, "new");
}
BENCHMARK(BM_StepForward)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_Seek(benchmark::State& state) {
  core::History& h = millionStepHistory();
  LatencySample sample;
  std::uint64_t x = 12345;
  for (auto _ : state) {
    for (int i = 0; i < kSeeks; ++i) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const std::uint64_t target = i == 0 ? 0 : i == 1 ? kHistorySteps : (x >> 33) % (kHistorySteps + 1);
      sample.time([&] { benchmark::DoNotOptimize(h.seek(target)); });
    }
  }
  sample.report(state, "seek");
}
BENCHMARK(BM_Seek)->Iterations(1)->Unit(benchmark::kMillisecond);

void reportBytes(benchmark::State& state, std::uint64_t bytes, std::uint64_t steps) {
  state.counters["history_bytes_per_step"] = steps ? static_cast<double>(bytes) / static_cast<double>(steps) : 0.0;
  state.counters["steps"] = static_cast<double>(steps);
}

// A launch runs to its end (or a million steps) in a fresh history, again
// and again until a million steps have run or a few seconds have passed:
// each run is deterministic, so every run gives the same bytes per step.
template <class MakeEngine>
void historyBytesLooped(benchmark::State& state, MakeEngine&& make) {
  std::uint64_t bytes = 0, steps = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) {
    while (steps < kHistorySteps && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3)) {
      std::optional<core::Engine> e = make();
      if (!e) return;
      core::History h(std::move(*e));
      while (h.size() < kHistorySteps - steps) {
        const core::StepResult r = h.forward();
        if (!r.executed || r.stop != core::StopReason::None) break;
      }
      bytes += h.memoryBytes();
      steps += h.size();
      if (h.size() == 0) break;
    }
  }
  reportBytes(state, bytes, steps);
}

void BM_HistoryBytes4WarpLoop(benchmark::State& state) {
  core::History& h = millionStepHistory();
  for (auto _ : state) benchmark::DoNotOptimize(h.memoryBytes());
  h.seek(kHistorySteps);
  reportBytes(state, h.memoryBytes(), h.size());
  // Beside the journal and checkpoints: the bounded cache of step records
  // around the cursor (the same size at any history length).
  state.counters["record_cache_bytes"] = static_cast<double>(h.cacheBytes());
  state.counters["checkpoint_spacing"] = static_cast<double>(h.checkpointSpacing());
}
BENCHMARK(BM_HistoryBytes4WarpLoop)->Iterations(1);

void BM_HistoryBytesBlockReduce(benchmark::State& state) {
  const auto program = loadProgram("block_reduce.ptx");
  historyBytesLooped(state, [&]() -> std::optional<core::Engine> { return makeEngine(program, blockReduceLaunch(4, 256)); });
}
BENCHMARK(BM_HistoryBytesBlockReduce)->Iterations(1);

}  // namespace

void historyBytesOfScenario(benchmark::State& state, const std::string& path) {
  historyBytesLooped(state, [&]() -> std::optional<core::Engine> {
    ui::ScenarioStart start = ui::scenarioStartFromFile(path);
    if (!start.engine) state.SkipWithError(("cannot load: " + start.error).c_str());
    return std::move(start.engine);
  });
}

void historyBytesOfGolden(benchmark::State& state, const GoldenLaunch& g) {
  const auto program = loadProgram(g.ptxPath);
  historyBytesLooped(state, [&]() -> std::optional<core::Engine> {
    core::EngineOptions o;
    o.mode = core::ExecMode::Hardware;
    return makeEngine(program, g.launch, o);
  });
}

}  // namespace ws::bench

namespace ws::bench {

std::vector<GoldenLaunch> goldenLaunches() {
  const nlohmann::json doc = nlohmann::json::parse(slurp(WS_TEST_DATA "/golden/golden-h100.json"));
  auto bytesOf = [](const nlohmann::json& words) {
    std::vector<std::uint8_t> b;
    for (const auto& w : words) {
      const auto v = w.get<std::uint32_t>();
      for (int k = 0; k < 4; ++k) b.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
    }
    return b;
  };
  std::vector<GoldenLaunch> out;
  for (const auto& t : doc["tests"]) {
    GoldenLaunch g;
    g.name = t["name"].get<std::string>();
    g.ptxPath = WS_TEST_DATA "/golden/kernels.ptx";
    g.launch.entry = g.name;
    g.launch.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
    g.launch.block = {t["block"].get<std::uint32_t>(), 1, 1};
    if (t["cluster"].get<std::uint32_t>() > 0) g.launch.cluster = {t["cluster"].get<std::uint32_t>(), 1, 1};
    g.launch.buffers.push_back({"in", bytesOf(t["in"])});
    g.launch.buffers.push_back({"out", bytesOf(t["out_init"])});
    g.launch.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace ws::bench
