// Schedule exploration throughput (docs/explore.md): schedules per second of
// core::explore::explore on two correct lessons, so that no schedule fails
// and every one of the budget runs, with the PCT strategy and race checking
// as `warpscope-cli explore` sets it (on unless the scenario turns it off).
// The search runs on threads of its own even with one job, so these rows
// measure the process's CPU time; the rows on every core report wall time
// (their CPU column is then the CPU time of all the threads together).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <string>
#include <thread>
#include <variant>

#include "core/explore/explorer.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::bench {
namespace {

struct Lesson {
  core::Scenario scenario;
  core::PreparedScenario prepared;
};

Lesson loadLesson(const std::string& rel) {
  core::ScenarioLoad l = core::loadScenarioFile(std::string(WS_SCENARIOS_DIR "/") + rel);
  if (!l.ok()) {
    std::fprintf(stderr, "bench: %s does not load\n", rel.c_str());
    std::exit(1);
  }
  Lesson out{*l.scenario, *l.prepared};
  out.prepared.options.checkRaces = out.scenario.engine.checkRaces.value_or(true);
  return out;
}

// One search of `schedules` schedules per iteration; the engine the search
// starts from is made outside the timed region. Arguments: schedules, jobs
// (0: std::thread::hardware_concurrency(), a row timed in wall time).
void exploreLesson(benchmark::State& state, const char* rel) {
  const Lesson l = loadLesson(rel);
  core::explore::Options o;
  o.strategy = core::explore::Strategy::Pct;
  o.schedules = static_cast<std::uint64_t>(state.range(0));
  o.jobs = state.range(1) > 0 ? static_cast<unsigned>(state.range(1)) : std::max(1u, std::thread::hardware_concurrency());
  // Google Benchmark has no per-minute rate, so the searches are timed here
  // as well, by the clock the row reports.
  const bool wall = state.range(1) == 0;
  double seconds = 0;
  std::uint64_t searched = 0, policySteps = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto made = core::createEngine(l.prepared);
    if (!std::holds_alternative<core::Engine>(made)) {
      state.SkipWithError("the engine cannot be made");
      break;
    }
    const core::Engine engine = std::get<core::Engine>(std::move(made));
    state.ResumeTiming();
    const auto wall0 = std::chrono::steady_clock::now();
    const std::clock_t cpu0 = std::clock();
    const core::explore::Result r = core::explore::explore(l.scenario, l.prepared, engine, o);
    seconds += wall ? std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count()
                    : static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    if (r.found) {
      state.SkipWithError("a schedule failed: every schedule must run for this figure");
      break;
    }
    searched += r.searched;
    policySteps = r.policySteps;
  }
  using benchmark::Counter;
  state.counters["schedules_per_s"] = Counter(static_cast<double>(searched), Counter::kIsRate);
  state.counters["schedules_per_min"] = seconds > 0 ? 60.0 * static_cast<double>(searched) / seconds : 0.0;
  state.counters["jobs"] = o.jobs;
  state.counters["policy_steps"] = static_cast<double>(policySteps);
}

// 128 threads: lane 0 of four warps adds to a counter with atomicAdd.
void BM_ExploreLostUpdateFixed(benchmark::State& state) { exploreLesson(state, "lost-update/fixed.toml"); }
BENCHMARK(BM_ExploreLostUpdateFixed)
    ->ArgNames({"schedules", "jobs"})
    ->Args({2000, 1})
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK(BM_ExploreLostUpdateFixed)
    ->ArgNames({"schedules", "jobs"})
    ->Args({2000, 0})
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

// 1,024 threads: 32 warps build a shared-memory histogram with atomics and
// two barriers.
void BM_ExploreBlockHistogram(benchmark::State& state) { exploreLesson(state, "block-histogram/scenario.toml"); }
BENCHMARK(BM_ExploreBlockHistogram)
    ->ArgNames({"schedules", "jobs"})
    ->Args({200, 1})
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK(BM_ExploreBlockHistogram)
    ->ArgNames({"schedules", "jobs"})
    ->Args({200, 0})
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

}  // namespace
}  // namespace ws::bench
