// Engine throughput and parsing (Google Benchmark). Throughput figures are
// lane-instructions per second of CPU time: every lane that executes one
// instruction counts one. Engine creation (allocating and zeroing the launch
// state) is outside the timed region; the run itself is inside.
#include <benchmark/benchmark.h>

#include <optional>

#include "bench/bench_util.hpp"
#include "core/ptx/parser.hpp"
#include "core/trace/history.hpp"

namespace ws::bench {
namespace {

// The options `warpscope-cli run` uses for a headless run.
core::EngineOptions headlessOptions() {
  core::EngineOptions o;
  o.scheduling = core::WarpScheduling::RunToBlock;
  return o;
}

// Runs the launch to its end once per iteration, headless; the engine is
// made and destroyed outside the timed region.
void runHeadless(benchmark::State& state, const std::shared_ptr<const core::Program>& program,
                 const core::LaunchConfig& launch, const char* what,
                 const core::EngineOptions& options = headlessOptions()) {
  std::uint64_t lanes = 0;
  std::optional<core::Engine> e;
  for (auto _ : state) {
    state.PauseTiming();
    e.reset();
    e.emplace(makeEngine(program, launch, options));
    state.ResumeTiming();
    const core::RunResult r = e->run(1ull << 40);
    if (r.stop != core::StopReason::Finished) state.SkipWithError(what);
    lanes += e->laneInstructions();
  }
  state.counters["lane_instr_per_s"] = benchmark::Counter(static_cast<double>(lanes), benchmark::Counter::kIsRate);
  state.counters["lane_instr"] = static_cast<double>(lanes) / static_cast<double>(state.iterations());
}

void BM_BlockReduceHeadless(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  runHeadless(state, loadProgram("block_reduce.ptx"), blockReduceLaunch(ctas, 256), "the reduction did not finish");
}
BENCHMARK(BM_BlockReduceHeadless)->Arg(1024)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same reduction with the race detector on (docs/races.md): every
// shared-memory access is checked against the shadow, every barrier and
// shuffle joins clocks. Its shadow size is reported as a counter.
void BM_BlockReduceRaceCheck(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  core::EngineOptions o = headlessOptions();
  o.checkRaces = true;
  runHeadless(state, loadProgram("block_reduce.ptx"), blockReduceLaunch(ctas, 256), "the reduction did not finish", o);
}
BENCHMARK(BM_BlockReduceRaceCheck)->Arg(1024)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same reduction on 64 CTAs, whose register files (about 20 KB a warp)
// stay in the cache: against the row above, what the 1024-CTA launch's
// 165 MB of registers cost in memory traffic.
// (A name of its own: bench/report.py finds the row above by its prefix.)
void BM_CacheResidentBlockReduce(benchmark::State& state) { BM_BlockReduceHeadless(state); }
BENCHMARK(BM_CacheResidentBlockReduce)->Arg(64)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// A large grid: 4096 CTAs of 64 threads walk an array of 2.75 words per
// thread with a grid stride (bench/data/grid_stride.cu), so the last pass
// runs with a quarter of the threads and its warps diverge at the loop exit.
void BM_GridStrideHeadless(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  constexpr std::uint32_t kThreads = 64;
  const std::uint32_t n = ctas * kThreads * 11 / 4;
  runHeadless(state, loadProgram("grid_stride.ptx"), gridStrideLaunch(ctas, kThreads, n),
              "the grid-stride kernel did not finish");
}
BENCHMARK(BM_GridStrideHeadless)->Arg(4096)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Full history recording: every step goes through History::forward(), which
// keeps what stepping back, seeking and the views need. Arguments: CTAs, and
// whether the scheduling is the headless one (run-to-block, so the only
// difference from BM_BlockReduceHeadless is the recording) or the
// interactive default (round-robin: one warp instruction per warp in turn).
void BM_BlockReduceWithHistory(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  const auto program = loadProgram("block_reduce.ptx");
  const core::LaunchConfig launch = blockReduceLaunch(ctas, 256);
  const core::EngineOptions options = state.range(1) ? headlessOptions() : core::EngineOptions{};
  std::uint64_t lanes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto h = std::make_unique<core::History>(makeEngine(program, launch, options));
    state.ResumeTiming();
    while (h->forward().executed) {
    }
    if (!h->engine().finished()) state.SkipWithError("the reduction did not finish");
    lanes += h->engine().laneInstructions();
    state.PauseTiming();
    h.reset();
    state.ResumeTiming();
  }
  state.counters["lane_instr_per_s"] = benchmark::Counter(static_cast<double>(lanes), benchmark::Counter::kIsRate);
  state.counters["lane_instr"] = static_cast<double>(lanes) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_BlockReduceWithHistory)
    ->ArgNames({"ctas", "run_to_block"})
    ->Args({1024, 1})
    ->Args({64, 0})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

void parse(benchmark::State& state, const char* file) {
  const std::string text = slurp(std::string(WS_BENCH_DATA "/") + file);
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  for (auto _ : state) {
    auto r = core::parsePtx(text, file);
    if (!r.ok()) state.SkipWithError("the module does not parse");
    benchmark::DoNotOptimize(r);
  }
  state.counters["lines"] = static_cast<double>(lines);
}

void BM_ParseBlockReduce(benchmark::State& state) { parse(state, "block_reduce.ptx"); }
BENCHMARK(BM_ParseBlockReduce)->Unit(benchmark::kMicrosecond);

// About 10,000 lines of nvcc -lineinfo output (bench/data/big_module.cu).
void BM_Parse10kLines(benchmark::State& state) { parse(state, "big_module.ptx"); }
BENCHMARK(BM_Parse10kLines)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ws::bench
