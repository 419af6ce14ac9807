#include "bench/bench_util.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <variant>

#include "core/ptx/parser.hpp"

namespace ws::bench {

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "ws_bench: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::shared_ptr<const core::Program> loadProgram(const std::string& file) {
  const std::string path = file.starts_with('/') ? file : std::string(WS_BENCH_DATA "/") + file;
  auto r = core::parsePtx(slurp(path), path.substr(path.rfind('/') + 1));
  if (!r.ok()) {
    for (const auto& e : r.errors) std::fprintf(stderr, "%s\n", e.str().c_str());
    std::exit(2);
  }
  return std::make_shared<const core::Program>(std::move(*r.program));
}

namespace {

std::vector<std::uint8_t> words(std::size_t n, std::uint32_t (*value)(std::size_t)) {
  std::vector<std::uint8_t> b(n * 4);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t v = value(i);
    for (int k = 0; k < 4; ++k) b[i * 4 + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v >> (8 * k));
  }
  return b;
}

}  // namespace

core::LaunchConfig blockReduceLaunch(std::uint32_t ctas, std::uint32_t threads) {
  core::LaunchConfig cfg;
  cfg.entry = "block_reduce";
  cfg.grid = {ctas, 1, 1};
  cfg.block = {threads, 1, 1};
  // Word i holds i & 0xff (the Oclgrind host fills its input the same way).
  cfg.buffers.push_back({"in", words(static_cast<std::size_t>(ctas) * threads, [](std::size_t i) {
                           return static_cast<std::uint32_t>(i & 0xff);
                         })});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(static_cast<std::size_t>(ctas) * 4)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  return cfg;
}

core::LaunchConfig gridStrideLaunch(std::uint32_t ctas, std::uint32_t threads, std::uint32_t n) {
  core::LaunchConfig cfg;
  cfg.entry = "grid_stride";
  cfg.grid = {ctas, 1, 1};
  cfg.block = {threads, 1, 1};
  cfg.buffers.push_back({"in", words(n, [](std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u); })});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(static_cast<std::size_t>(n) * 4)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1), core::ParamValue::scalar(n)};
  return cfg;
}

core::LaunchConfig steppingLoopLaunch(std::uint32_t iterations) {
  core::LaunchConfig cfg;
  cfg.entry = "stepping_loop";
  cfg.block = {128, 1, 1};
  cfg.buffers.push_back({"in", words(128, [](std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u); })});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128 * 4)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1), core::ParamValue::scalar(iterations)};
  return cfg;
}

core::Engine makeEngine(std::shared_ptr<const core::Program> program, const core::LaunchConfig& launch,
                        const core::EngineOptions& options) {
  auto made = core::Engine::create(std::move(program), launch, options);
  if (auto* err = std::get_if<std::string>(&made)) {
    std::fprintf(stderr, "ws_bench: %s\n", err->c_str());
    std::exit(2);
  }
  return std::move(std::get<core::Engine>(made));
}

LatencySample::Stamp LatencySample::now() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  const double cpu = static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) * 1e-3;
  const double wall =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
  return {wall, cpu};
}

namespace {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

}  // namespace

void LatencySample::report(benchmark::State& state, const std::string& prefix) const {
  state.counters[prefix + "_p50_us"] = percentile(m_cpu, 0.50);
  state.counters[prefix + "_p99_us"] = percentile(m_cpu, 0.99);
  state.counters[prefix + "_max_us"] = percentile(m_cpu, 1.0);
  state.counters[prefix + "_wall_p99_us"] = percentile(m_wall, 0.99);
  state.counters[prefix + "_wall_max_us"] = percentile(m_wall, 1.0);
}

}  // namespace ws::bench
