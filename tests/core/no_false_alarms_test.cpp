// Correct kernels of tests/data/no-false-alarms, one per false alarm
// warpscope once raised on nvcc output (issue 28, item 2): each runs in
// strict and hardware mode with every check on, reports nothing, and
// writes what it should.
#include <gtest/gtest.h>

#include <functional>
#include <numeric>
#include <set>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

constexpr std::uint32_t kThreads = 64;

std::vector<std::uint32_t> input() {
  std::vector<std::uint32_t> in(kThreads);
  std::iota(in.begin(), in.end(), 1u);
  return in;
}

// Runs `entry` as one block of 64 threads in both modes and returns the out
// words of each run (66: one per thread, two after them), with no diagnostic.
std::vector<std::vector<std::uint32_t>> runClean(const std::string& entry) {
  const std::string ptx = slurp(ws::test::dataPath("/no-false-alarms/kernels.ptx"));
  std::vector<std::vector<std::uint32_t>> outs;
  for (const core::ExecMode mode : {core::ExecMode::Strict, core::ExecMode::Hardware}) {
    core::LaunchConfig cfg;
    cfg.entry = entry;
    cfg.grid = {1, 1, 1};
    cfg.block = {kThreads, 1, 1};
    cfg.buffers.push_back({"in", toBytes(input())});
    cfg.buffers.push_back({"out", toBytes(std::vector<std::uint32_t>(kThreads + 2, 0))});
    cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
    core::EngineOptions opts;  // every check on, as `check` and the viewers run
    opts.mode = mode;
    const Run r = runPtx(ptx, cfg, opts);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.result.stop, core::StopReason::Finished) << entry;
    for (const auto& d : r.result.diags)
      ADD_FAILURE() << entry << (mode == core::ExecMode::Strict ? " (strict): " : " (hardware): ")
                    << core::diagSlug(d.kind) << ": " << d.message;
    outs.push_back(r.words(1));
  }
  return outs;
}

// Each warp's leader takes a slot of 32 (0 or 32, one each) with atomicAdd.
void expectSlots(const std::vector<std::uint32_t>& out, const std::function<std::uint32_t(std::uint32_t)>& rest) {
  std::set<std::uint32_t> slots;
  for (std::uint32_t t = 0; t < kThreads; ++t) {
    const std::uint32_t slot = out[t] - rest(t);
    EXPECT_EQ(slot, out[t - t % 32] - rest(t - t % 32)) << "thread " << t;
    slots.insert(slot);
  }
  EXPECT_EQ(slots, (std::set<std::uint32_t>{0, 32}));
  EXPECT_EQ(out[kThreads], 64u);
}

TEST(NoFalseAlarms, InvokeOneBroadcastPassesUnsetValuesIntoTheShuffle) {
  for (const auto& out : runClean("invoke_one_broadcast"))
    expectSlots(out, [](std::uint32_t t) { return t % 32 + (t + 1); });
}

TEST(NoFalseAlarms, AStructWithOneUnsetHalfIsPackedAndShuffled) {
  for (const auto& out : runClean("pack_undefined_half"))
    expectSlots(out, [](std::uint32_t t) { return t % 32 + (t - t % 32 + 1); });  // the leader's key
}

TEST(NoFalseAlarms, BarrierWhereTheBranchesOfLaneZeroRejoin) {
  const std::uint32_t w0 = 32 * 33 / 2, w1 = 64 * 65 / 2 - w0;  // the warps' sums of in
  for (const auto& out : runClean("rejoin_barrier")) {
    for (std::uint32_t t = 0; t < kThreads; ++t) EXPECT_EQ(out[t], w0 + w1) << "thread " << t;
    EXPECT_EQ(out[kThreads], w0);
    EXPECT_EQ(out[kThreads + 1], w1);
  }
}

TEST(NoFalseAlarms, TwoCallSitesOfOneShuffle) {
  for (const auto& out : runClean("two_shuffle_sites")) {
    for (std::uint32_t t = 0; t < kThreads; ++t) {
      const std::uint32_t partner = t ^ 16, in = partner + 1;
      EXPECT_EQ(out[t], t % 32 < 16 ? (in + 100) + 1000 : 2 * in * 3) << "thread " << t;
    }
  }
}

}  // namespace
}  // namespace ws::test
