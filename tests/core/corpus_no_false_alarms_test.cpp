// Correct code draws no diagnostic (issue 28, item 2): every launch of the
// hardware-golden corpora (nvcc output an H100 ran and agreed with) runs in
// strict and in hardware mode with every check on, as `warpscope-cli check`
// and the viewers run it, and reports nothing. A warning here is a false
// alarm: users learn to ignore a checker that cries wolf on correct code.
// The folders of deliberately undefined kernels (tests/data/hwmode*) are not
// part of it; the few corpus tests that document a diagnostic are listed in
// kExpected below, and must still give it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;
using namespace ws;

// Corpus tests whose diagnostic is the point of the test, or a real one:
// label (folder/module:entry) -> the diagnostic kinds (slugs) it must give,
// in both modes. Nothing else may be listed here.
const std::set<std::string> kDeviation = {"isa-deviation"};
const std::map<std::string, std::set<std::string>> kExpected = {
    // The H100 recordings of the hardware-mode rules for undefined shuffles
    // (tests/data/hw/shfl.cu): sources that exited, are inactive, or are
    // outside the membermask, each undefined ("If the source thread is
    // inactive or not in membermask, the value read is undefined").
    {"hw/shfl:shfl_undef_exited_src", {"shfl-source-inactive"}},
    {"hw/shfl:shfl_undef_inactive_src", {"shfl-source-inactive"}},
    {"hw/shfl:shfl_undef_not_in_mask", {"shfl-source-inactive"}},
    // CUDA samples' reduce7 shuffles down under a __ballot_sync mask of fewer
    // than 32 lanes, so lanes read partners outside the membermask: undefined
    // by the same sentence (a real bug of the sample, which the H100 forgives).
    {"realworld/samples:reduce7_warp_shfl", {"shfl-source-inactive"}},
    // Integer division by zero, recorded on purpose (its result is unspecified).
    {"hw/alu:alu_int32", {"divide-by-zero"}},
    {"hw/alu:alu_int_wide", {"divide-by-zero"}},
    {"isa/isa_int:isa_int_divrem", {"divide-by-zero"}},
    // fns with a base above 31, recorded on purpose ("otherwise behavior is undefined").
    {"isa/isa_int:isa_int_fns", {"fns-base-range"}},
    {"isa-followup/isa_followup:followup_fns", {"fns-base-range"}},
    // Code ordered only by what current GPUs honour and the PTX memory model
    // does not promise (docs/races.md, memory-model-no-acquire): CUDA
    // samples' threadFenceReduction reads the other blocks' partial sums
    // after its atomicInc ticket with no fence or acquire after it; this
    // message passing fences on each lane before the __syncwarp, not after
    // it, on both sides, so the flag's writer and reader publish and
    // acquire only their own lane's data.
    {"realworld/samples:threadfence_reduction", {"memory-model-no-acquire"}},
    {"no-false-alarms/sync:msg_fences_both_sides", {"memory-model-no-acquire"}},
    // The 128-bit atomics of this test are not executed by the engine yet.
    {"hw/atom:atom_sem_scope", {"unsupported"}},
    // Device printf and assert: a failed assert() on purpose, and specs
    // outside CUDA's printf on purpose (what the H100 prints for them).
    {"printf/printf:pf_assert", {"assert-failed"}},
    {"printf/printf:pf_formats", {"printf-format"}},
    {"printf/printf:pf_returns", {"printf-format"}},
    // Forms where the H100 does not do what the PTX ISA says: the warning
    // says so (each recorded to document that deviation).
    {"isa/isa_ext:isa_ext_madc", kDeviation},
    {"isa/isa_half:isa_half_fma_h", kDeviation},
    {"isa/isa_int:isa_int_bfe", kDeviation},
    {"isa/isa_int:isa_int_mad", kDeviation},
    {"isa/isa_move:isa_move_ld", kDeviation},
    {"isa/isa_move:isa_move_st", kDeviation},
    {"isa-followup/isa_followup:followup_bfe_imm", kDeviation},
    {"video/video_scalar:video_vabsdiff", kDeviation},
    {"video/video_scalar:video_vadd", kDeviation},
    {"video/video_scalar:video_vmad", kDeviation},
    {"video/video_scalar:video_vmax", kDeviation},
    {"video/video_scalar:video_vmin", kDeviation},
    {"video/video_scalar:video_vset", kDeviation},
    {"video/video_scalar:video_vshl", kDeviation},
    {"video/video_scalar:video_vshr", kDeviation},
    {"video/video_scalar:video_vsub", kDeviation},
};

struct Launch {
  std::string label;  // folder/entry
  std::string ptxPath;
  core::LaunchConfig cfg;
};

// The launches of one corpus folder: the recorder's golden-NAME.json.gz
// beside NAME.ptx, or the older plain golden-NAME.json (beside NAME.ptx or
// kernels.ptx).
std::vector<Launch> launchesOf(const std::string& folder) {
  const std::string dir = ws::test::dataPath("/") + folder;
  std::vector<Launch> out;
  for (const auto& c : test::loadHwCases(dir))
    out.push_back({folder + "/" + c.module + ":" + c.name(), dir + "/" + c.module + ".ptx", test::hwLaunch(c)});
  std::vector<std::string> plain;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n.starts_with("golden") && n.ends_with(".json")) plain.push_back(n);
  }
  std::sort(plain.begin(), plain.end());
  for (const std::string& n : plain) {
    const std::string family = n.substr(std::string("golden-").size(), n.size() - 12);
    std::string ptx = dir + "/" + family + ".ptx";
    if (!fs::exists(ptx)) ptx = dir + "/kernels.ptx";
    for (const auto& c : test::loadGoldenFile(dir + "/" + n, ptx, ""))
      out.push_back({folder + "/" + family + ":" + c.label, ptx, test::goldenLaunch(c)});
  }
  return out;
}

std::shared_ptr<const core::Program> parsed(const std::string& path) {
  static std::map<std::string, std::shared_ptr<const core::Program>> cache;
  auto& p = cache[path];
  if (!p) {
    auto r = core::parsePtx(test::slurp(path), path);
    if (r.ok()) p = std::make_shared<const core::Program>(std::move(*r.program));
  }
  return p;
}

class NoFalseAlarms : public ::testing::TestWithParam<const char*> {};

TEST_P(NoFalseAlarms, CorrectKernelsDrawNoDiagnostic) {
  // kind -> launches that gave it, and the first message of each, per mode.
  std::map<std::string, std::map<std::string, std::string>> seen;
  std::map<std::string, std::size_t> count;  // kind -> diagnostics
  std::size_t ran = 0;
  std::set<std::string> seenLabels;
  for (const Launch& l : launchesOf(GetParam())) {
    seenLabels.insert(l.label);
    auto program = parsed(l.ptxPath);
    ASSERT_TRUE(program) << l.ptxPath << " does not load";
    for (const core::ExecMode mode : {core::ExecMode::Strict, core::ExecMode::Hardware}) {
      core::EngineOptions o;  // what `check` and the viewers use: every check on
      o.mode = mode;
      o.checkRaces = true;
      o.mufu = test::mufuTables();
      auto made = core::Engine::create(program, l.cfg, o);
      ASSERT_TRUE(std::holds_alternative<core::Engine>(made)) << l.label << ": " << std::get<std::string>(made);
      const auto result = std::get<core::Engine>(made).run(50'000'000);
      ++ran;
      const char* modeName = mode == core::ExecMode::Strict ? "strict" : "hardware";
      std::set<std::string> kinds;
      for (const auto& d : result.diags) {
        const std::string kind(core::diagSlug(d.kind));
        kinds.insert(kind);
        ++count[kind];
        seen[kind].emplace(fmt::format("{} ({})", l.label, modeName), d.message);
      }
      const auto expected = kExpected.find(l.label);
      if (expected != kExpected.end()) {
        EXPECT_EQ(kinds, expected->second) << l.label << " in " << modeName << " mode";
      } else {
        EXPECT_TRUE(kinds.empty()) << l.label << " in " << modeName << " mode gives " << fmt::format("{}", fmt::join(kinds, ", "))
                                   << ": " << (result.diags.empty() ? "" : result.diags.front().message);
      }
    }
  }
  EXPECT_GT(ran, 0u);
  for (const auto& [label, kinds] : kExpected) {
    if (label.starts_with(std::string(GetParam()) + "/")) {
      EXPECT_TRUE(seenLabels.contains(label)) << label << " is listed but not in the corpus";
    }
  }
  // The figures, for the record: diagnostics and runs per kind.
  std::printf("%s: %zu runs\n", GetParam(), ran);
  for (const auto& [kind, where] : seen)
    std::printf("%s: %zu diagnostics in %zu runs, first %s: %s\n", kind.c_str(), count[kind], where.size(),
                where.begin()->first.c_str(), where.begin()->second.c_str());
}

INSTANTIATE_TEST_SUITE_P(Corpora, NoFalseAlarms,
                         ::testing::Values("realworld", "realworld2", "coop", "tensor", "smem", "golden", "printf",
                                           "video", "isa", "isa-followup", "hw", "no-false-alarms"),
                         [](const auto& p) {
                           std::string s = p.param;
                           std::replace(s.begin(), s.end(), '-', '_');
                           return s;
                         });

}  // namespace
