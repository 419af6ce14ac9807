// The race corpus (tests/data/races, issue 28): buggy kernels as people write
// them, each beside its correct twin, recorded on an H200. Every kernel of
// manifest.json runs in strict and hardware mode with race checking on:
// - a buggy kernel reports a diagnostic of its manifest kind whose `race`
//   names two accesses from the threads the bug implies (lanes of one warp,
//   warps of one CTA, CTAs, or the async proxy against a thread);
// - a twin reports nothing at all and writes what the H200 wrote.
// A race only shows up as wrong words on some runs of the GPU (the recording
// keeps every run), so the buggy kernels' words are not compared.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using namespace ws;
const std::string kDir = ws::test::dataPath("/races");

struct Kernel {
  std::string entry, expect, between, twinOf;  // expect "": no diagnostic at all
  core::LaunchConfig cfg;
};

// gtest prints a parameter by its entry, not as bytes.
void PrintTo(const Kernel& k, std::ostream* os) { *os << k.entry; }

core::Dim3 dim(const nlohmann::json& j) { return {j.get<std::uint32_t>(), 1, 1}; }

// The manifest's launches: in = words 1..N, out = N zeroed words, as
// gen_plan.py gave them to the GPU.
std::vector<Kernel> manifest() {
  std::ifstream f(kDir + "/manifest.json");
  const nlohmann::json doc = nlohmann::json::parse(f);
  std::vector<Kernel> out;
  for (const auto& k : doc["kernels"]) {
    Kernel m;
    m.entry = k["entry"].get<std::string>();
    if (!k["expect"].is_null()) m.expect = k["expect"].get<std::string>();
    m.between = k.value("between", "");
    m.twinOf = k.value("twin_of", "");
    m.cfg.entry = m.entry;
    m.cfg.grid = dim(k["grid"]);
    m.cfg.block = dim(k["block"]);
    if (k["cluster"].get<std::uint32_t>() > 0) m.cfg.cluster = dim(k["cluster"]);
    std::vector<std::uint32_t> in(k["in"].get<std::size_t>());
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint32_t>(i + 1);
    m.cfg.buffers.push_back({"in", test::toBytes(in)});
    m.cfg.buffers.push_back({"out", test::toBytes(std::vector<std::uint32_t>(k["out"].get<std::size_t>(), 0))});
    m.cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
    out.push_back(std::move(m));
  }
  return out;
}

std::shared_ptr<const core::Program> program() {
  static const std::shared_ptr<const core::Program> p = [] {
    auto r = core::parsePtx(test::slurp(kDir + "/races.ptx"), kDir + "/races.ptx");
    return r.ok() ? std::make_shared<const core::Program>(std::move(*r.program)) : nullptr;
  }();
  return p;
}

std::string who(const core::RaceAccess& a) {
  return a.lane < 0 ? fmt::format("CTA {} warp {} (async proxy)", a.cta, a.warp)
                    : fmt::format("CTA {} warp {} lane {}", a.cta, a.warp, a.lane);
}

// Do the two accesses come from the threads the bug implies? warp is the
// global warp index, so "same warp" also means "same CTA".
bool between(const std::string& rel, const core::RaceInfo& r) {
  const core::RaceAccess &a = r.first, &b = r.second;
  const bool threads = a.lane >= 0 && b.lane >= 0;
  if (rel == "lanes") return threads && a.cta == b.cta && a.warp == b.warp && a.lane != b.lane;
  if (rel == "warps") return threads && a.cta == b.cta && a.warp != b.warp;
  if (rel == "threads") return threads && (a.cta != b.cta || a.warp != b.warp || a.lane != b.lane);
  if (rel == "ctas") return threads && a.cta != b.cta;
  if (rel == "async") return (a.lane < 0) != (b.lane < 0);
  ADD_FAILURE() << "manifest: unknown relation " << rel;
  return false;
}

std::map<std::string, test::HwCase> recorded() {
  std::map<std::string, test::HwCase> by;
  for (auto& c : test::loadHwCases(kDir)) by.emplace(c.name(), std::move(c));
  return by;
}

class RaceCorpus : public ::testing::TestWithParam<Kernel> {};

TEST_P(RaceCorpus, ReportsTheBugAndNothingOnItsTwin) {
  const Kernel& k = GetParam();
  ASSERT_TRUE(program()) << "races.ptx does not load";
  for (const core::ExecMode mode : {core::ExecMode::Strict, core::ExecMode::Hardware}) {
    const char* modeName = mode == core::ExecMode::Strict ? "strict" : "hardware";
    SCOPED_TRACE(fmt::format("{} in {} mode", k.entry, modeName));
    core::EngineOptions o;  // what `check` and the viewers use: every check on
    o.mode = mode;
    o.checkRaces = true;
    o.mufu = test::mufuTables();
    auto made = core::Engine::create(program(), k.cfg, o);
    ASSERT_TRUE(std::holds_alternative<core::Engine>(made)) << std::get<std::string>(made);
    core::Engine& e = std::get<core::Engine>(made);
    const core::RunResult result = e.run(50'000'000);
    if (k.expect.empty()) {
      for (const auto& d : result.diags) ADD_FAILURE() << "false alarm: " << core::diagSlug(d.kind) << ": " << d.message;
      EXPECT_EQ(result.stop, core::StopReason::Finished);
      const auto recording = recorded();
      const auto it = recording.find(k.entry);
      ASSERT_NE(it, recording.end()) << "no H200 recording";
      std::vector<std::uint32_t> out(e.buffer(1).size() / 4);
      std::memcpy(out.data(), e.buffer(1).data(), out.size() * 4);
      for (const auto& w : test::compareRecorded(it->second, out))
        ADD_FAILURE() << "out[" << w.index << "] = " << w.actual << ", the H200 wrote " << w.expected;
      continue;
    }
    bool found = false;
    std::string seen;
    for (const auto& d : result.diags) {
      const std::string kind(core::diagSlug(d.kind));
      seen += fmt::format("\n  {}: {}", kind, d.message);
      if (kind != k.expect || !d.race) continue;
      EXPECT_FALSE(d.race->first == d.race->second) << "a race needs two accesses";
      if (between(k.between, *d.race)) found = true;
      else seen += fmt::format(" [{} / {}: not between {}]", who(d.race->first), who(d.race->second), k.between);
    }
    EXPECT_TRUE(found) << "expected " << k.expect << " between " << k.between << "; got:" << (seen.empty() ? " nothing" : seen);
    // Hardware mode reports and goes on; a warning does not stop strict mode either.
    if (mode == core::ExecMode::Hardware || k.expect.starts_with("memory-model")) {
      EXPECT_EQ(result.stop, core::StopReason::Finished);
    }
  }
}

// Every buggy kernel has a twin and every twin names a buggy kernel; the
// recording holds every kernel of the manifest.
TEST(RaceCorpusManifest, PairsEveryBugWithATwinAndARecording) {
  const auto kernels = manifest();
  const auto recording = recorded();
  std::map<std::string, const Kernel*> by;
  for (const Kernel& k : kernels) by[k.entry] = &k;
  std::map<std::string, int> twins;
  for (const Kernel& k : kernels) {
    EXPECT_TRUE(recording.contains(k.entry)) << k.entry << " was not recorded";
    if (!k.twinOf.empty()) {
      ASSERT_TRUE(by.contains(k.twinOf)) << k.entry << " fixes an unknown kernel";
      EXPECT_FALSE(by[k.twinOf]->expect.empty()) << k.entry << " fixes a kernel without a bug";
      ++twins[k.twinOf];
    }
    if (!k.expect.empty()) {
      EXPECT_FALSE(k.between.empty()) << k.entry;
    } else {
      EXPECT_FALSE(k.twinOf.empty()) << k.entry << " is neither a bug nor a twin";
    }
  }
  for (const Kernel& k : kernels)
    if (!k.expect.empty() && k.twinOf.empty()) {
      EXPECT_GT(twins[k.entry], 0) << k.entry << " has no correct twin";
    }
}

INSTANTIATE_TEST_SUITE_P(Races, RaceCorpus, ::testing::ValuesIn(manifest()),
                         [](const auto& p) { return p.param.entry; });

}  // namespace
