// Determinism: the same scenario (or hardware-golden kernel launch) gives the
// same trace, step for step, and the same final state on every run in one
// process. The trace hash covers what each step did (lanes, every register
// and memory change, flows, diagnostics); the CI compares the CLI's
// `trace --hash` of the same inputs across builds (.ci/run).
#include <gtest/gtest.h>

#include <filesystem>

#include "core/scenario/scenario_io.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

namespace fs = std::filesystem;

struct Fnv {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xffu;
      h *= 0x100000001b3ull;
    }
  }
  void add(const std::string& s) {
    add(s.size());
    for (unsigned char c : s) add(c);
  }
};

struct Trace {
  std::uint64_t steps = 0, traceHash = 0, stateHash = 0;
};

Trace traceOf(Engine e, std::uint64_t maxSteps) {
  Fnv f;
  Trace t;
  StepRecord r;
  while (t.steps < maxSteps) {
    const StepResult res = e.step(&r);
    f.add(r.step), f.add(r.warp), f.add(r.pc), f.add(r.lanes), f.add(r.activeBefore), f.add(r.guardFalse);
    for (const auto& c : r.regs) f.add(c.warp), f.add(c.reg), f.add(c.lane), f.add(c.before), f.add(c.after);
    for (const auto& m : r.mem)
      f.add(static_cast<std::uint64_t>(m.region)), f.add(m.index), f.add(m.offset), f.add(m.size), f.add(m.before),
          f.add(m.after);
    for (const auto& fl : r.flows)
      f.add(static_cast<std::uint64_t>(fl.kind)), f.add(fl.from.lane), f.add(fl.to.lane), f.add(fl.from.addr),
          f.add(fl.to.addr), f.add(fl.value), f.add(fl.order);
    for (const auto& d : r.diags) f.add(static_cast<std::uint64_t>(d.kind)), f.add(d.lanes), f.add(d.message);
    if (!res.executed || res.stop != StopReason::None) break;
    ++t.steps;
  }
  t.traceHash = f.h;
  t.stateHash = e.state().hash();
  return t;
}

std::vector<fs::path> bundledScenarios() {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(ws::test::dataPath()) / ".." / ".." / "scenarios";
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    // Lessons are scenarios/<lesson>/*.toml; scenarios/course.toml is the course order.
    if (e.is_regular_file() && e.path().extension() == ".toml" && e.path().parent_path() != dir)
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Determinism, EveryBundledScenarioTracesTheSameTwice) {
  for (const fs::path& p : bundledScenarios()) {
    SCOPED_TRACE(p.string());
    Trace runs[2];
    for (Trace& t : runs) {
      const ScenarioLoad l = loadScenarioFile(p.string());
      ASSERT_TRUE(l.ok()) << (l.errors.empty() ? std::string() : l.errors.front().str());
      auto made = createEngine(*l.prepared);
      ASSERT_TRUE(std::holds_alternative<Engine>(made));
      t = traceOf(std::move(std::get<Engine>(made)), std::min<std::uint64_t>(l.prepared->maxSteps, 2'000'000));
    }
    EXPECT_GT(runs[0].steps, 0u);
    EXPECT_EQ(runs[0].steps, runs[1].steps);
    EXPECT_EQ(runs[0].traceHash, runs[1].traceHash);
    EXPECT_EQ(runs[0].stateHash, runs[1].stateHash);
  }
}

TEST(Determinism, EveryGoldenKernelTracesTheSameTwiceInBothModes) {
  const auto cases =
      test::loadGoldenFile(ws::test::dataPath("/golden/golden-h100.json"), ws::test::dataPath("/golden/kernels.ptx"), "");
  ASSERT_FALSE(cases.empty());
  auto program = [&] {
    auto parsed = parsePtx(test::slurp(cases.front().ptxPath), "kernels.ptx");
    EXPECT_TRUE(parsed.ok());
    return std::make_shared<const Program>(std::move(*parsed.program));
  }();
  for (const auto& c : cases) {
    const auto& t = c.json;
    LaunchConfig cfg;
    cfg.entry = t["name"].get<std::string>();
    cfg.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
    cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
    if (t["cluster"].get<std::uint32_t>() > 0) cfg.cluster = {t["cluster"].get<std::uint32_t>(), 1, 1};
    cfg.buffers.push_back({"in", test::toBytes(t["in"].get<std::vector<std::uint32_t>>())});
    cfg.buffers.push_back({"out", test::toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
    cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
    for (ExecMode mode : {ExecMode::Strict, ExecMode::Hardware}) {
      EngineOptions o;
      o.mode = mode;
      auto made = Engine::create(program, cfg, o);
      ASSERT_TRUE(std::holds_alternative<Engine>(made)) << c.label;
      const Engine& e = std::get<Engine>(made);
      const Trace a = traceOf(e, 1'000'000), b = traceOf(e, 1'000'000);
      EXPECT_GT(a.steps, 0u) << c.label;
      EXPECT_EQ(a.traceHash, b.traceHash) << c.label;
      EXPECT_EQ(a.stateHash, b.stateHash) << c.label;
    }
  }
}

}  // namespace
}  // namespace ws::core
