// The race detector on small kernels: what orders two accesses (barriers,
// __syncwarp and collectives, release/acquire, atomics) and what does not,
// what a report names, and that the history finds the same races when it
// executes steps again (docs/races.md).
#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace ws::test {
namespace {

using core::DiagKind;

core::EngineOptions races(core::ExecMode mode = core::ExecMode::Strict) {
  core::EngineOptions o;
  o.mode = mode;
  o.checkRaces = true;
  return o;
}

const std::string kShared = ".shared .align 4 .b32 s[64];\n";

// Thread t stores in[t] to s[t], passes SYNC, and loads s[PARTNER] into out[t].
std::string exchange(const std::string& sync, const std::string& partner) {
  return "\tmov.u32 %r1, %tid.x;\n\tld.global.u32 %r2, [%rd2];\n\tshl.b32 %r3, %r1, 2;\n\tmov.u32 %r4, s;\n"
         "\tadd.s32 %r5, %r4, %r3;\n\tst.shared.u32 [%r5], %r2;\n" +
         sync + "\n\t" + partner +
         "\n\tshl.b32 %r6, %r6, 2;\n\tadd.s32 %r6, %r4, %r6;\n\tld.shared.u32 %r7, [%r6];\n"
         "\tst.global.u32 [%rd3], %r7;\n\tret;\n";
}
const std::string kOtherWarp = "xor.b32 %r6, %r1, 32;";  // t ^ 32: the same lane of the other warp
const std::string kNextLane = "xor.b32 %r6, %r1, 1;";    // t ^ 1: a lane of the same warp

std::vector<std::uint32_t> iota64() {
  std::vector<std::uint32_t> v(64);
  for (std::uint32_t i = 0; i < 64; ++i) v[i] = 100 + i;
  return v;
}

std::vector<core::Diagnostic> racesOf(const ws::test::Run& r) {
  std::vector<core::Diagnostic> v;
  for (const auto& d : r.result.diags)
    if (core::diagSlug(d.kind).starts_with("race") || core::diagSlug(d.kind).starts_with("memory-model")) v.push_back(d);
  return v;
}

TEST(RaceDetector, MissingBarrierBetweenWarpsIsARaceOnSharedMemory) {
  const ws::test::Run r = runKernel(exchange("", kOtherWarp), iota64(), 64, 64, races(core::ExecMode::Hardware), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  const auto d = racesOf(r);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].kind, DiagKind::RaceShared);
  ASSERT_TRUE(d[0].race.has_value());
  const core::RaceInfo& info = *d[0].race;
  // Each warp stores, then loads the other warp's word: the same lane of
  // two warps, one access a store, the other a load.
  EXPECT_NE(info.first.warp, info.second.warp);
  EXPECT_EQ(info.first.lane, info.second.lane);
  EXPECT_EQ(info.region, core::MemRegion::Shared);
  EXPECT_EQ(info.bytes, 4);
  EXPECT_LT(info.first.step, info.second.step);
  EXPECT_EQ(d[0].step, info.second.step);
  EXPECT_NE(d[0].message.find("__syncthreads()"), std::string::npos) << d[0].message;
  EXPECT_NE(d[0].message.find("s+"), std::string::npos) << d[0].message;
}

TEST(RaceDetector, BarrierOrdersTheWarps) {
  const ws::test::Run r = runKernel(exchange("\tbar.sync 0;", kOtherWarp), iota64(), 64, 64, races(), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(racesOf(r).empty()) << racesOf(r).front().message;
  EXPECT_EQ(r.result.stop, core::StopReason::Finished);
  EXPECT_EQ(r.words(1)[0], 132u);
}

TEST(RaceDetector, LanesOfOneWarpNeedSyncwarp) {
  const ws::test::Run r = runKernel(exchange("", kNextLane), iota64(), 32, 32, races(core::ExecMode::Hardware), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  const auto d = racesOf(r);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].kind, DiagKind::RaceShared);
  EXPECT_EQ(d[0].race->first.warp, d[0].race->second.warp);
  EXPECT_NE(d[0].race->first.lane, d[0].race->second.lane);
  EXPECT_NE(d[0].message.find("__syncwarp()"), std::string::npos) << d[0].message;
}

TEST(RaceDetector, SyncwarpAndCollectivesOrderLanes) {
  for (const std::string sync : {"\tbar.warp.sync -1;", "\tshfl.sync.idx.b32 %r9, %r1, 0, 31, -1;",
                                 "\tvote.sync.ballot.b32 %r9, 1, -1;"}) {
    const ws::test::Run r = runKernel(exchange(sync, kNextLane), iota64(), 32, 32, races(), "sm_90a", kShared);
    ASSERT_EQ(r.error, "") << sync;
    EXPECT_TRUE(racesOf(r).empty()) << sync << ": " << racesOf(r).front().message;
  }
}

TEST(RaceDetector, VolatileHandOffInsideAWarpIsReportedAndSaysWhy) {
  // The warp-synchronous idiom: volatile accesses, no __syncwarp.
  std::string body = exchange("", kNextLane);
  for (const std::string op : {"st.shared.u32", "ld.shared.u32"})
    body.replace(body.find(op), op.size(), op.substr(0, 3) + "volatile." + op.substr(3));
  const ws::test::Run r = runKernel(body, iota64(), 32, 32, races(core::ExecMode::Hardware), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  const auto d = racesOf(r);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(d[0].race->first.strong && d[0].race->second.strong);
  EXPECT_NE(d[0].message.find(".volatile"), std::string::npos) << d[0].message;
}

TEST(RaceDetector, VolatileFlagsBetweenWarpsAreNotRaces) {
  // Strong accesses of different warps are morally strong: no data race.
  std::string body = exchange("", kOtherWarp);
  for (const std::string op : {"st.shared.u32", "ld.shared.u32"})
    body.replace(body.find(op), op.size(), op.substr(0, 3) + "volatile." + op.substr(3));
  const ws::test::Run r = runKernel(body, iota64(), 64, 64, races(), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(racesOf(r).empty()) << racesOf(r).front().message;
}

TEST(RaceDetector, AtomicsDoNotRaceWithAtomicsButPlainReadsDo) {
  const std::string atomics = "\tmov.u32 %r4, s;\n\tatom.shared.add.u32 %r2, [%r4], 1;\n\tbar.sync 0;\n"
                              "\tatom.shared.add.u32 %r3, [%r4], 0;\n\tst.global.u32 [%rd3], %r3;\n\tret;\n";
  const ws::test::Run ok = runKernel(atomics, iota64(), 64, 64, races(), "sm_90a", kShared);
  ASSERT_EQ(ok.error, "");
  EXPECT_TRUE(racesOf(ok).empty()) << racesOf(ok).front().message;
  // A plain read of the counter while the other warp still adds to it.
  const std::string plain = "\tmov.u32 %r4, s;\n\tatom.shared.add.u32 %r2, [%r4], 1;\n"
                            "\tld.shared.u32 %r3, [%r4];\n\tst.global.u32 [%rd3], %r3;\n\tret;\n";
  const ws::test::Run bad = runKernel(plain, iota64(), 64, 64, races(core::ExecMode::Hardware), "sm_90a", kShared);
  ASSERT_EQ(bad.error, "");
  const auto d = racesOf(bad);
  ASSERT_FALSE(d.empty());
  EXPECT_NE(d[0].race->first.what, d[0].race->second.what);
}

TEST(RaceDetector, TheSameValueWrittenAgainIsBenign) {
  // Every thread writes 1 to one flag: a write-write race of equal values.
  const std::string body = "\tmov.u32 %r4, s;\n\tmov.u32 %r2, 1;\n\tst.shared.u32 [%r4], %r2;\n\tbar.sync 0;\n"
                           "\tld.shared.u32 %r3, [%r4];\n\tst.global.u32 [%rd3], %r3;\n\tret;\n";
  const ws::test::Run r = runKernel(body, iota64(), 64, 64, races(), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(racesOf(r).empty()) << racesOf(r).front().message;
}

TEST(RaceDetector, OffByDefault) {
  const ws::test::Run r = runKernel(exchange("", kOtherWarp), iota64(), 64, 64, {}, "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(racesOf(r).empty());
  EXPECT_EQ(r.result.stop, core::StopReason::Finished);
}

TEST(RaceDetector, EachPairOfProgramPointsOnceWithItsLanes) {
  const ws::test::Run r = runKernel(exchange("", kOtherWarp), iota64(), 64, 64, races(core::ExecMode::Hardware), "sm_90a", kShared);
  ASSERT_EQ(r.error, "");
  const auto d = racesOf(r);
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (const auto& x : d) EXPECT_TRUE(pairs.insert({x.race->first.pc, x.race->second.pc}).second) << x.message;
  EXPECT_EQ(std::popcount(d[0].lanes), 32);  // the whole warp raced at that step: one report
}

// The history executes steps again from checkpoints (seeking, rebuilding
// records, a choice in the past): it must find the same races each time,
// and no race a run that went that way from the start would not find.
void historyFindsTheSameRaces(const std::string& sync) {
  const std::string ptx = kernel(exchange(sync, kOtherWarp), "sm_90a", kShared);
  const core::LaunchConfig cfg = kernelLaunch(iota64(), 64, 64);
  // Records of every step kept, so that going back moves by data alone.
  core::History h(makeEngine(ptx, cfg, races(core::ExecMode::Hardware)), {.checkpointEvery = 4, .recordCache = 256});
  std::vector<std::pair<std::uint64_t, std::string>> first;
  while (true) {
    const core::StepResult s = h.forward();
    if (!s.executed) break;
    for (const auto& d : h.current()->diags) first.emplace_back(h.position() - 1, d.message);
    if (s.stop != core::StopReason::None) break;
  }
  const std::uint64_t end = h.position();
  // Records made again from checkpoints carry the same reports.
  h.seek(0);
  for (const auto& [i, msg] : first) {
    bool found = false;
    for (const auto& d : h.record(i).diags) found = found || d.message == msg;
    EXPECT_TRUE(found) << "step " << i << ": " << msg;
  }
  // Back to before the shared-memory stores (by data: the detector stays at
  // the end), then new steps by a choice (a warp picked by hand, which cuts off the
  // recorded future): the detector must be where the machine is, as if the
  // run had gone that way from the start. A second history takes the same
  // steps without ever going back.
  h.seek(end);
  while (h.position() > 2) h.back();
  const std::uint64_t at = h.position();
  const std::uint32_t warp = h.record(at).warp;
  auto onward = [&](core::History& x) {
    std::vector<std::string> seen;
    x.forwardWarp(warp);
    for (const auto& d : x.current()->diags) seen.push_back(d.message);
    while (x.position() < end) {
      const core::StepResult s = x.forward();
      if (!s.executed) break;
      for (const auto& d : x.current()->diags) seen.push_back(d.message);
      if (s.stop != core::StopReason::None) break;
    }
    return seen;
  };
  const std::vector<std::string> again = onward(h);
  core::History straight(makeEngine(ptx, cfg, races(core::ExecMode::Hardware)));
  while (straight.position() < at) ASSERT_TRUE(straight.forward().executed);
  EXPECT_EQ(again, onward(straight));
}

TEST(RaceDetector, HistoryFindsTheSameRacesAgain) { historyFindsTheSameRaces(""); }
TEST(RaceDetector, HistoryFindsNoRaceInCorrectCodeAfterGoingBack) { historyFindsTheSameRaces("\tbar.sync 0;"); }

}  // namespace
}  // namespace ws::test
