// Device printf and assert (tests/data/printf, README.md there): kernels
// nvcc compiled unmodified, run on an H100, whose output lines, printf return
// values and assert messages the engine must reproduce.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "core/exec/control/device_printf.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

std::vector<std::string> linesOf(const std::vector<core::PrintedText>& printed) {
  std::string all;
  for (const auto& t : printed) all += t.text;
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < all.size()) {
    const std::size_t nl = all.find('\n', at);
    if (nl == std::string::npos) {
      lines.push_back(all.substr(at));
      break;
    }
    lines.push_back(all.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

std::vector<std::string> recordedLines(const HwCase& c) {
  auto lines = c.t()["printed"].get<std::vector<std::string>>();
  // The runtime ends the assert messages of a launch with an empty line.
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Lines the H100 prints from bytes that are not printf arguments (a spec
// outside CUDA's grammar: the host reads past the copied arguments), or a
// device address: the engine prints the spec as written and warns.
const std::map<std::string, std::set<std::size_t>> kNotArguments = {
    {"pf_formats", {4}},                         // %hhd, %hhx
    {"pf_returns", {1, 3, 6, 10, 12, 14}},  // %hhd, %hhx, %hhd %d %d, %.*f, %p, %q
};

class Printf : public ::testing::TestWithParam<HwCase> {};

TEST_P(Printf, PrintsAsTheH100) {
  const HwCase& c = GetParam();
  core::EngineOptions opts;
  opts.mode = core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  const HwRun r = runHwCase(c, opts);
  ASSERT_EQ(r.error, "");
  const std::string name = c.name();
  const std::vector<std::string> got = linesOf(r.result.printed), want = recordedLines(c);

  if (name == "pf_assert") {
    ASSERT_FALSE(r.result.diags.empty());
    const auto& d = r.result.diags.back();
    EXPECT_EQ(d.kind, core::DiagKind::AssertFailed) << d.message;
    EXPECT_EQ(d.lanes, 0x21u) << "lanes 0 and 5 fail the assert";
    EXPECT_EQ(r.result.stop, core::StopReason::Diagnostic);
    EXPECT_EQ(got, want);
    return;
  }
  EXPECT_EQ(r.result.stop, core::StopReason::Finished);
  EXPECT_TRUE(compareRecorded(c, r.out).empty()) << "printf's return values differ from the H100's";
  ASSERT_EQ(got.size(), want.size());

  if (c.t().contains("printed_runs") && name == "pf_blocks") {
    // The order of warps varies from run to run on the H100; each warp's own
    // lines come in its order, and the lines are the same.
    auto sorted = [](std::vector<std::string> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    EXPECT_EQ(sorted(got), sorted(want));
    auto ofWarp = [](const std::vector<std::string>& lines, unsigned block, unsigned warp) {
      std::vector<std::string> out;
      for (const auto& l : lines) {
        unsigned b = 0, t = 0;
        if (std::sscanf(l.c_str(), "block %u thread %u", &b, &t) == 2 && b == block && t / 32 == warp) out.push_back(l);
        if (std::sscanf(l.c_str(), "block %u warp %u", &b, &t) == 2 && b == block && t == warp) out.push_back(l);
      }
      return out;
    };
    for (unsigned b = 0; b < 2; ++b)
      for (unsigned w = 0; w < 2; ++w) EXPECT_EQ(ofWarp(got, b, w), ofWarp(want, b, w)) << "block " << b << " warp " << w;
    return;
  }
  const auto skip = kNotArguments.count(name) ? kNotArguments.at(name) : std::set<std::size_t>{};
  bool warned = false;
  for (const auto& d : r.result.diags) warned |= d.kind == core::DiagKind::PrintfFormat;
  EXPECT_EQ(warned, !skip.empty()) << "specs outside CUDA's printf are reported";
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (skip.count(i)) continue;
    EXPECT_EQ(got[i], want[i]) << "line " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Recorded, Printf, ::testing::ValuesIn(loadHwCases(ws::test::dataPath("/printf"))),
                         [](const auto& p) { return p.param.label; });

// The device's grammar on its own: what each spec copies and returns.
TEST(DevicePrintf, CountsOnlySpecsOfCudasGrammar) {
  std::vector<std::uint64_t> args = {6, 7, 42, 0x4004000000000000};  // 2.5 as a double
  std::size_t next = 0;
  auto argument = [&](unsigned) -> std::optional<std::uint64_t> {
    if (next >= args.size()) return std::nullopt;
    return args[next++];
  };
  auto string = [](std::uint64_t) -> std::optional<std::string> { return "s"; };
  auto run = [&](std::string_view f) {
    next = 0;
    return core::formatDevicePrintf(f, argument, string);
  };
  EXPECT_EQ(run("%*d|%hhd|%.*f").text, "     7|%hh" "d|%.*f");
  EXPECT_EQ(run("%*d|%hhd|%.*f").returned, 2);
  EXPECT_EQ(run("%*d|%hhd|%.*f").unsupported, (std::vector<std::string>{"%hh", "%.*"}));
  EXPECT_EQ(run("%zu %5%|%x").text, "%z" "u %|6");
  EXPECT_EQ(run("%zu %5%|%x").returned, 1);
  EXPECT_EQ(run("%d%").unsupported, (std::vector<std::string>{"%"}));
  EXPECT_EQ(run("%999999999d").text.size(), 1u << 16) << "a huge width is cut, not allocated";
  args = {};
  EXPECT_FALSE(run("%d").error.empty()) << "an argument past the buffer is an error, not garbage";
}

}  // namespace
}  // namespace ws::test
