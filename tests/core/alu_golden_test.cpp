// Replays the ALU hardware recordings (tests/data/hw/alu.cu, recorded on an
// NVIDIA H100 by alu_harness.cu): every kernel writes result k of thread t to
// out[k * 64 + t], so a mismatch is reported as (result k, thread t).
//  - golden-alu.json: exact instructions, compared bit for bit.
//  - approx-alu.json: .approx / .full / MUFU instructions, compared with the
//    error bounds of the PTX ISA (special values exactly).
// Set WS_ALU_DUMP=<dir> to write the engine's outputs there as <kernel>.txt.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

constexpr std::uint32_t kThreads = 64;

struct Recording {
  std::string name;
  nlohmann::json test;
};

std::vector<Recording> load(const std::string& file) {
  std::vector<Recording> out;
  auto j = nlohmann::json::parse(ws::test::slurp(file), nullptr, false);
  if (j.is_discarded()) return out;
  for (auto& t : j["tests"]) out.push_back({t["name"].get<std::string>(), t});
  return out;
}

std::vector<std::uint32_t> run(const nlohmann::json& t) {
  ws::core::LaunchConfig cfg;
  cfg.entry = t["name"].get<std::string>();
  cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
  cfg.buffers.push_back({"in", ws::test::toBytes(t["in"].get<std::vector<std::uint32_t>>())});
  cfg.buffers.push_back({"out", ws::test::toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
  cfg.params = {ws::core::ParamValue::buf(0), ws::core::ParamValue::buf(1)};
  ws::core::EngineOptions opts;
  opts.mode = ws::core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  auto r = ws::test::runPtx(ws::test::slurp(ws::test::dataPath("/hw/alu.ptx")), cfg, opts);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, ws::core::StopReason::Finished);
  for (const auto& d : r.result.diags)
    if (d.kind == ws::core::DiagKind::Unsupported) ADD_FAILURE() << "unsupported: " << d.message;
  auto words = r.words(1);
  if (const char* dir = std::getenv("WS_ALU_DUMP")) {
    std::ofstream f(std::string(dir) + "/" + cfg.entry + ".txt");
    for (auto w : words) f << w << "\n";
  }
  return words;
}

class AluExact : public ::testing::TestWithParam<Recording> {};

TEST_P(AluExact, BitForBit) {
  const auto& t = GetParam().test;
  const auto expected = t["out"].get<std::vector<std::uint32_t>>();
  const auto actual = run(t);
  ASSERT_EQ(actual.size(), expected.size());
  int shown = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (actual[i] != expected[i] && shown++ < 20)
      ADD_FAILURE() << GetParam().name << " result " << i / kThreads << " thread " << i % kThreads << ": engine 0x"
                    << std::hex << actual[i] << ", H100 0x" << expected[i];
  }
}

INSTANTIATE_TEST_SUITE_P(H100, AluExact, ::testing::ValuesIn(load(ws::test::dataPath("/hw/golden-alu.json"))),
                         [](const auto& p) { return p.param.name; });

// ---- approximate instructions (alu_f32_approx)

float asF32(std::uint32_t b) { return std::bit_cast<float>(b); }

// Distance in units in the last place between two finite f32 (through zero).
std::int64_t ulpDistance(std::uint32_t a, std::uint32_t b) {
  auto key = [](std::uint32_t x) -> std::int64_t {
    return (x & 0x80000000u) ? -static_cast<std::int64_t>(x & 0x7fffffffu) : static_cast<std::int64_t>(x);
  };
  return std::llabs(key(a) - key(b));
}

bool nanOrInf32(std::uint32_t b) { return ((b >> 23) & 0xffu) == 0xffu; }

// Result k of alu_f32_approx: the PTX ISA's bound for it.
struct Bound {
  int ulps = 0;         // relative bound in f32 ulps (0: exact)
  double absolute = 0;  // absolute bound (sin, cos, lg2)
  int width = 32;       // 16: two packed halves (f16 or bf16)
  bool bf16 = false;
};

Bound boundOf(std::size_t k) {
  if (k <= 3) return {2, 0, 32, false};              // div.approx / div.full: 2 ulp
  if (k <= 9) return {2, 0, 32, false};              // sqrt, rsqrt, rcp approximations
  if (k <= 13) return {0, 0x1p-20, 32, false};       // sin, cos: 2^-20.9 absolute
  if (k <= 15) return {1, 0x1p-22, 32, false};       // lg2: 2^-22.6 on the mantissa's log, + the final rounding
  if (k <= 17) return {2, 0, 32, false};             // ex2: 2 ulp
  if (k == 18) return {4096, 0, 32, false};          // tanh: relative 2^-11
  if (k == 19 || k == 20) return {2, 0, 16, false};  // f16x2 ex2 / tanh
  return {2, 0, 16, true};                           // bf16x2 ex2 / tanh
}

bool closeEnough(std::uint32_t engine, std::uint32_t hw, const Bound& b) {
  if (engine == hw) return true;
  if (b.width == 16) {
    for (int h = 0; h < 2; ++h) {
      const std::uint32_t e = (engine >> (16 * h)) & 0xffffu, g = (hw >> (16 * h)) & 0xffffu;
      if (e == g) continue;
      const std::uint32_t expMask = b.bf16 ? 0x7f80u : 0x7c00u;
      if ((e & expMask) == expMask || (g & expMask) == expMask) return false;  // inf / NaN exactly
      if (std::llabs(static_cast<std::int64_t>(e) - static_cast<std::int64_t>(g)) > b.ulps) return false;
    }
    return true;
  }
  if (nanOrInf32(engine) || nanOrInf32(hw)) return false;  // infinities and NaN exactly
  if (b.absolute > 0 && std::fabs(static_cast<double>(asF32(engine)) - asF32(hw)) <= b.absolute) return true;
  return ulpDistance(engine, hw) <= b.ulps;
}

// f64 results of alu_f32_approx (words lo, hi at results k, k + 1): special
// values exactly, others within a relative error.
bool closeF64(std::uint64_t engine, std::uint64_t hw, double rel) {
  if (engine == hw) return true;
  const double e = std::bit_cast<double>(engine), g = std::bit_cast<double>(hw);
  if (!std::isfinite(e) || !std::isfinite(g) || e == 0 || g == 0) return false;
  return std::fabs(e - g) <= rel * std::fabs(g);
}

TEST(AluApprox, WithinIsaBounds) {
  auto recs = load(ws::test::dataPath("/hw/approx-alu.json"));
  ASSERT_EQ(recs.size(), 1u);
  const auto& t = recs[0].test;
  const auto expected = t["out"].get<std::vector<std::uint32_t>>();
  const auto actual = run(t);
  ASSERT_EQ(actual.size(), expected.size());
  int shown = 0;
  const std::size_t results = (expected.size() - 1) / kThreads;
  constexpr std::size_t kFirstF64 = 23;  // rcp.approx.ftz.f64, rsqrt.approx.f64, rsqrt.approx.ftz.f64
  for (std::size_t k = 0; k < results; ++k) {
    for (std::size_t lane = 0; lane < kThreads; ++lane) {
      const std::size_t i = k * kThreads + lane;
      bool ok = false;
      if (k < kFirstF64) {
        ok = closeEnough(actual[i], expected[i], boundOf(k));
      } else {
        if ((k - kFirstF64) % 2 == 1) continue;  // the high word is checked with its pair
        const std::size_t j = i + kThreads;
        const std::uint64_t e = (static_cast<std::uint64_t>(actual[j]) << 32) | actual[i];
        const std::uint64_t g = (static_cast<std::uint64_t>(expected[j]) << 32) | expected[i];
        // The .ftz forms compute from 20 mantissa bits ("gross approximation").
        ok = closeF64(e, g, k == kFirstF64 + 2 ? 0x1p-40 : 0x1p-18);
        if (k != kFirstF64 + 2) ok = ok && actual[i] == 0;  // their low words are 0
      }
      if (!ok && shown++ < 20)
        ADD_FAILURE() << "alu_f32_approx result " << k << " thread " << lane << ": engine 0x" << std::hex << actual[i]
                      << ", H100 0x" << expected[i];
    }
  }
  EXPECT_EQ(actual.back(), expected.back());
}

}  // namespace
