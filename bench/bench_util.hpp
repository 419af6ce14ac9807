#pragma once
// Shared by the benchmarks: the bundled benchmark kernels and their launches,
// and per-operation latency samples (Google Benchmark reports means; the
// stepping targets are percentiles, so those benchmarks time each operation
// themselves and report the percentiles as counters).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/exec/engine/engine.hpp"
#include "core/ptx/program.hpp"

namespace ws::bench {

std::string slurp(const std::string& path);
// Parses a PTX file of bench/data, or at an absolute path (exits if it does not parse).
std::shared_ptr<const core::Program> loadProgram(const std::string& file);

// The two-level block reduction over `ctas` CTAs of `threads` threads.
core::LaunchConfig blockReduceLaunch(std::uint32_t ctas, std::uint32_t threads);
// The grid-stride kernel over `ctas` CTAs of `threads` threads and an array
// of `n` words (bench/data/grid_stride.cu).
core::LaunchConfig gridStrideLaunch(std::uint32_t ctas, std::uint32_t threads, std::uint32_t n);
// Four warps of one CTA looping `iterations` times (shuffles, shared memory, bar.sync).
core::LaunchConfig steppingLoopLaunch(std::uint32_t iterations);

core::Engine makeEngine(std::shared_ptr<const core::Program> program, const core::LaunchConfig& launch,
                        const core::EngineOptions& options = {});

// Per-operation times, wall clock and this thread's CPU time, in microseconds.
class LatencySample {
 public:
  template <class F>
  void time(F&& op) {
    const Stamp a = now();
    op();
    const Stamp b = now();
    m_wall.push_back(b.wall - a.wall);
    m_cpu.push_back(b.cpu - a.cpu);
  }
  // Adds p50/p99/max counters named `prefix`_{p50,p99,max}_us (CPU time) and
  // `prefix`_wall_{p99,max}_us.
  void report(benchmark::State& state, const std::string& prefix) const;

 private:
  struct Stamp {
    double wall = 0, cpu = 0;
  };
  static Stamp now();
  std::vector<double> m_wall, m_cpu;
};

}  // namespace ws::bench
