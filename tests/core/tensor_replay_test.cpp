// The tensor-core corpus (tests/data/tensor): ldmatrix, stmatrix, movmatrix,
// every mma.sync form of sm_90, wmma m16n16k16 and the numerics probes,
// each test replayed against what an H100 wrote, word for word. Failure
// messages name the out word (which fragment, lane and register, or which
// D element and, for the numerics probes, the design of the row and column)
// from cases.json (fp8_cases.json for tcfp8.py's tc_fp8).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using nlohmann::json;

// cases.json (gen.py's modules) and fp8_cases.json (tcfp8.py's tc_fp8).
const json& cases(const std::string& file) {
  static std::map<std::string, json> docs;
  static std::mutex mu;
  std::lock_guard lock(mu);
  auto it = docs.find(file);
  if (it == docs.end()) it = docs.emplace(file, json::parse(ws::test::slurp(ws::test::dataPath("/tensor/") + file))).first;
  return it->second;
}

const json* entryOf(const std::string& module, const std::string& name) {
  for (const char* file : {"cases.json", "fp8_cases.json"})
    for (const json& m : cases(file)["modules"]) {
      if (m["module"] != module) continue;
      for (const json& e : m["entries"])
        if (e["name"] == name) return &e;
    }
  return nullptr;
}

// "warp 1, D_frag lane 5 reg 2" or "warp 3 (bigpos_g24), D[4][7]: T at k=4 ... | c = 0".
std::string describeWord(const json* e, std::size_t word) {
  if (!e || !e->contains("out_words_per_warp")) return {};
  const std::size_t per = (*e)["out_words_per_warp"].get<std::size_t>();
  const std::size_t warp = word / per, off = word % per;
  std::string s = "warp " + std::to_string(warp);
  const json* design = nullptr;
  if (e->contains("mmas"))
    for (const json& m : (*e)["mmas"])
      if (m["warp"].get<std::size_t>() == warp) design = &m;
  if (design) s += " (" + (*design)["design"].get<std::string>() + ")";
  for (const auto& [name, region] : (*e)["out"].items()) {
    if (!region.is_object() || !region.contains("offset")) continue;
    const std::size_t o = region["offset"].get<std::size_t>(), n = region["words"].get<std::size_t>();
    if (off < o || off >= o + n) continue;
    const std::size_t i = off - o;
    s += ", " + name;
    if (region.contains("regs") || region.contains("frag_regs")) {
      const std::size_t regs =
          region.contains("regs") ? region["regs"].get<std::size_t>() : region["frag_regs"].get<std::size_t>();
      const std::size_t wpr = region.value("words_per_reg", 1);
      if (name.ends_with("_frag") || name == "regs")
        return s + " lane " + std::to_string(i / (regs * wpr)) + " reg " + std::to_string((i / wpr) % regs);
    }
    if (region.contains("cols") && region.contains("elem_bits")) {
      const std::size_t bits = region["elem_bits"].get<std::size_t>(), cols = region["cols"].get<std::size_t>();
      const std::size_t elem = bits >= 32 ? i * 32 / bits : i * (32 / bits);
      const std::size_t r = elem / cols, c = elem % cols;
      s += "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
      if (design && design->contains("rows") && r < (*design)["rows"].size() && c < (*design)["cols"].size())
        s += ": " + (*design)["rows"][r].get<std::string>() + " | " + (*design)["cols"][c].get<std::string>();
    }
    return s;
  }
  return s;
}

class Tensor : public ::testing::TestWithParam<ws::test::HwCase> {};

TEST_P(Tensor, MatchesTheH100) {
  const ws::test::HwCase& c = GetParam();
  const json* e = entryOf(c.module, c.name());
  ws::test::expectReplays(c, [&](std::size_t i) { return describeWord(e, i); });
}

INSTANTIATE_TEST_SUITE_P(Corpus, Tensor, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/tensor"))),
                         [](const auto& p) { return p.param.label; });

}  // namespace
