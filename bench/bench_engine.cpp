// Engine throughput and parsing benchmarks (Google Benchmark). Figures are
// lane-instructions per second: every lane that executes one instruction
// counts one.
#include <fstream>
#include <memory>
#include <sstream>
#include <variant>

#include <benchmark/benchmark.h>

#include "core/exec/engine.hpp"
#include "core/ptx/parser.hpp"
#include "core/trace/history.hpp"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::shared_ptr<const ws::core::Program> blockReduceProgram() {
  static auto p = [] {
    auto r = ws::core::parsePtx(slurp(WS_BENCH_DATA "/block_reduce.ptx"), "block_reduce.ptx");
    return std::make_shared<const ws::core::Program>(std::move(*r.program));
  }();
  return p;
}

ws::core::LaunchConfig blockReduceLaunch(std::uint32_t ctas, std::uint32_t threads) {
  ws::core::LaunchConfig cfg;
  cfg.entry = "block_reduce";
  cfg.grid = {ctas, 1, 1};
  cfg.block = {threads, 1, 1};
  std::vector<std::uint8_t> in(static_cast<std::size_t>(ctas) * threads * 4);
  for (std::size_t i = 0; i < in.size(); i += 4) in[i] = static_cast<std::uint8_t>(i / 4);
  cfg.buffers.push_back({"in", in});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(static_cast<std::size_t>(ctas) * 4)});
  cfg.params = {ws::core::ParamValue::buf(0), ws::core::ParamValue::buf(1)};
  return cfg;
}

void BM_BlockReduceHeadless(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  std::uint64_t lanes = 0;
  for (auto _ : state) {
    ws::core::EngineOptions o;
    o.scheduling = ws::core::WarpScheduling::RunToBlock;
    o.reportUninitializedReads = false;
    auto e = std::get<ws::core::Engine>(ws::core::Engine::create(blockReduceProgram(), blockReduceLaunch(ctas, 256), o));
    auto r = e.run(1ull << 40);
    benchmark::DoNotOptimize(r);
    lanes += e.laneInstructions();
  }
  state.counters["lane_instr_per_s"] = benchmark::Counter(static_cast<double>(lanes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BlockReduceHeadless)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_BlockReduceWithHistory(benchmark::State& state) {
  const auto ctas = static_cast<std::uint32_t>(state.range(0));
  std::uint64_t lanes = 0;
  for (auto _ : state) {
    ws::core::EngineOptions o;
    o.reportUninitializedReads = false;
    ws::core::History h(std::get<ws::core::Engine>(ws::core::Engine::create(blockReduceProgram(), blockReduceLaunch(ctas, 256), o)));
    while (h.forward().executed) {
    }
    lanes += h.engine().laneInstructions();
  }
  state.counters["lane_instr_per_s"] = benchmark::Counter(static_cast<double>(lanes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BlockReduceWithHistory)->Arg(64)->Unit(benchmark::kMillisecond);

void BM_ParseBlockReduce(benchmark::State& state) {
  const std::string text = slurp(WS_BENCH_DATA "/block_reduce.ptx");
  for (auto _ : state) benchmark::DoNotOptimize(ws::core::parsePtx(text, "block_reduce.ptx"));
}
BENCHMARK(BM_ParseBlockReduce);

}  // namespace

BENCHMARK_MAIN();
