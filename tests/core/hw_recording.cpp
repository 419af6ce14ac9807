#include "tests/core/hw_recording.hpp"

#include "core/scenario/mufu_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace fs = std::filesystem;

namespace ws::test {

std::string readMaybeGz(const std::string& path) { return core::readMaybeGzFile(path); }

std::vector<HwCase> loadHwCases(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n.starts_with("golden-") && n.ends_with(".json.gz")) files.push_back(n);
  }
  std::sort(files.begin(), files.end());
  std::vector<HwCase> out;
  for (const std::string& f : files) {
    const std::string module = f.substr(7, f.size() - 7 - 8);
    // The names, by a scan of the text: every test object of the recorder's
    // JSON begins with its "name" (HwCase::t() checks the match).
    const std::string text = readMaybeGz(dir + "/" + f);
    constexpr std::string_view kKey = "{\"name\":";
    std::size_t index = 0;
    for (std::size_t p = text.find(kKey); p != std::string::npos; p = text.find(kKey, p)) {
      p += kKey.size();
      while (p < text.size() && text[p] == ' ') ++p;
      if (p >= text.size() || text[p++] != '"') continue;
      const std::size_t end = text.find('"', p);
      if (end == std::string::npos) break;
      HwCase c;
      c.dir = dir;
      c.module = module;
      c.testName = text.substr(p, end - p);
      c.index = index++;
      std::string label = module + "_" + c.testName;
      for (char& ch : label)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      c.label = label;
      out.push_back(std::move(c));
    }
  }
  return out;
}

const nlohmann::json& HwCase::t() const {
  if (test) return *test;
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const nlohmann::json>> docs;
  std::lock_guard lock(mu);
  const std::string path = dir + "/golden-" + module + ".json.gz";
  auto& doc = docs[path];
  if (!doc) doc = std::make_shared<const nlohmann::json>(nlohmann::json::parse(readMaybeGz(path), nullptr, false));
  static const nlohmann::json kNone = nlohmann::json::object();
  if (doc->is_discarded() || !doc->contains("tests")) return kNone;
  const auto& tests = (*doc)["tests"];
  const nlohmann::json* hit = nullptr;
  if (index < tests.size() && tests[index].value("name", "") == testName) hit = &tests[index];
  for (std::size_t i = 0; !hit && i < tests.size(); ++i)
    if (tests[i].value("name", "") == testName) hit = &tests[i];
  if (!hit) return kNone;
  test = std::shared_ptr<const nlohmann::json>(doc, hit);
  return *test;
}

namespace {

core::Dim3 dims(const nlohmann::json& v, std::uint32_t none) {
  if (v.is_number()) {
    const auto n = v.get<std::uint32_t>();
    return n == 0 ? core::Dim3{none, none, none} : core::Dim3{n, 1, 1};
  }
  return {v[0].get<std::uint32_t>(), v[1].get<std::uint32_t>(), v[2].get<std::uint32_t>()};
}

std::shared_ptr<const core::Program> moduleOf(const std::string& path, std::string& error) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const core::Program>> cache;
  std::lock_guard lock(mu);
  if (auto it = cache.find(path); it != cache.end()) return it->second;
  auto parsed = core::parsePtx(slurp(path), path);
  if (!parsed.ok()) {
    error = parsed.errors.empty() ? "parse failed" : parsed.errors.front().str();
    return nullptr;
  }
  auto p = std::make_shared<const core::Program>(std::move(*parsed.program));
  cache.emplace(path, p);
  return p;
}

}  // namespace

core::LaunchConfig hwLaunch(const HwCase& c) {
  const nlohmann::json& t = c.t();
  core::LaunchConfig cfg;
  cfg.entry = t.value("entry", t["name"].get<std::string>());
  cfg.grid = dims(t["grid"], 1);
  cfg.block = dims(t["block"], 1);
  cfg.cluster = dims(t["cluster"], 0);
  cfg.dynamicSharedBytes = t.value("smem", 0u);
  cfg.buffers.push_back({"in", toBytes(t["in"].get<std::vector<std::uint32_t>>())});
  cfg.buffers.push_back({"out", toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  if (t.contains("scalars"))
    for (std::uint32_t s : t["scalars"].get<std::vector<std::uint32_t>>())
      cfg.params.push_back(core::ParamValue::scalar(s));
  return cfg;
}

HwRun runHwCase(const HwCase& c, core::EngineOptions opts, std::uint64_t maxSteps) {
  HwRun r;
  auto program = moduleOf(c.dir + "/" + c.module + ".ptx", r.error);
  if (!program) return r;
  auto created = core::Engine::create(program, hwLaunch(c), opts);
  if (auto* err = std::get_if<std::string>(&created)) {
    r.error = *err;
    return r;
  }
  core::Engine& e = std::get<core::Engine>(created);
  r.result = e.run(maxSteps);
  const auto& bytes = e.state().global[2].bytes;
  r.out.resize(bytes.size() / 4);
  for (std::size_t i = 0; i < r.out.size(); ++i)
    r.out[i] = static_cast<std::uint32_t>(bytes[4 * i]) | static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8 |
               static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16 | static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24;
  return r;
}

namespace {

struct Range {
  std::size_t start = 0, len = 0;
};

// "multiset:0:64,ignore:70:2" -> the ranges of each kind.
void parseCompare(const std::string& spec, std::vector<Range>& multiset, std::vector<Range>& ignore) {
  std::size_t b = 0;
  while (b < spec.size()) {
    std::size_t e = spec.find(',', b);
    if (e == std::string::npos) e = spec.size();
    const std::string item = spec.substr(b, e - b);
    const std::size_t c1 = item.find(':'), c2 = item.find(':', c1 + 1);
    if (c1 != std::string::npos && c2 != std::string::npos) {
      Range r{std::stoul(item.substr(c1 + 1, c2 - c1 - 1)), std::stoul(item.substr(c2 + 1))};
      (item.starts_with("multiset") ? multiset : ignore).push_back(r);
    }
    b = e + 1;
  }
}

std::vector<WordDiff> diffAgainst(const std::vector<std::uint32_t>& expected, const std::vector<std::uint32_t>& actual,
                                  const std::vector<Range>& multiset, const std::vector<Range>& ignore) {
  std::vector<WordDiff> d;
  std::vector<bool> skip(expected.size(), false);
  for (const Range& r : ignore)
    for (std::size_t i = r.start; i < r.start + r.len && i < skip.size(); ++i) skip[i] = true;
  for (const Range& r : multiset) {
    if (r.start + r.len > expected.size() || r.start + r.len > actual.size()) continue;
    std::vector<std::uint32_t> a(actual.begin() + static_cast<std::ptrdiff_t>(r.start),
                                 actual.begin() + static_cast<std::ptrdiff_t>(r.start + r.len));
    std::vector<std::uint32_t> x(expected.begin() + static_cast<std::ptrdiff_t>(r.start),
                                 expected.begin() + static_cast<std::ptrdiff_t>(r.start + r.len));
    std::sort(a.begin(), a.end());
    std::sort(x.begin(), x.end());
    for (std::size_t i = 0; i < r.len; ++i) {
      if (a[i] != x[i]) d.push_back({r.start + i, a[i], x[i]});
      skip[r.start + i] = true;
    }
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (skip[i]) continue;
    const std::uint32_t a = i < actual.size() ? actual[i] : 0;
    if (a != expected[i] || i >= actual.size()) d.push_back({i, a, expected[i]});
  }
  return d;
}

}  // namespace

std::vector<WordDiff> compareRecorded(const HwCase& c, const std::vector<std::uint32_t>& actual) {
  const nlohmann::json& t = c.t();
  std::vector<Range> multiset, ignore;
  parseCompare(t.value("compare", std::string()), multiset, ignore);
  auto best = diffAgainst(t["out"].get<std::vector<std::uint32_t>>(), actual, multiset, ignore);
  if (!best.empty() && t.contains("outs")) {
    for (const auto& run : t["outs"]) {
      auto d = diffAgainst(run.get<std::vector<std::uint32_t>>(), actual, multiset, ignore);
      if (d.size() < best.size()) best = std::move(d);
      if (best.empty()) break;
    }
  }
  return best;
}

std::shared_ptr<const core::MufuTables> mufuTables() {
  // Each table is read when a test first runs an instruction that needs it
  // (most replays never do), as the front ends load them.
  static const std::shared_ptr<const core::MufuTables> kTables =
      core::mufuTablesFrom(ws::test::assetsPath("/mufu"));
  return kTables;
}

void expectReplays(const HwCase& c, const std::function<std::string(std::size_t)>& describe) {
  core::EngineOptions opts;
  opts.mufu = mufuTables();
  opts.mode = core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  HwRun r = runHwCase(c, opts);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, core::StopReason::Finished);
  for (const auto& d : r.result.diags)
    if (core::diagInfo(d.kind).severity == core::Severity::Error) ADD_FAILURE() << "diagnostic: " << d.message;
  const auto diffs = compareRecorded(c, r.out);
  int shown = 0;
  for (const WordDiff& d : diffs) {
    if (shown++ >= 12) {
      ADD_FAILURE() << "... " << diffs.size() - 12 << " more words differ";
      break;
    }
    ADD_FAILURE() << "out[" << d.index << "]" << (describe ? " (" + describe(d.index) + ")" : std::string()) << " = "
                  << std::hex << "0x" << d.actual << ", the H100 wrote 0x" << d.expected << std::dec;
  }
}

}  // namespace ws::test
