// cp.async (PTX ISA 9.7.9.25.3), its cp.async-groups (commit_group,
// wait_group, wait_all) and cp.async.mbarrier.arrive{.noinc} (9.7.13.15.15):
// the copies and their zero-fill, the in-flight state before completion, how
// wait_group blocks a thread until its older groups complete (empty groups
// counted), the arrive-on that waits for the thread's prior copies, every
// completion policy, the diagnostics, and stepping back through all of it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>

#include "core/exec/async/async_op.hpp"
#include "core/exec/async/mbarrier_object.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace {

using namespace ws::core;

constexpr std::string_view kShared =
    ".shared .align 16 .b8 buf[1024];\n.shared .align 16 .b8 buf2[1024];\n.shared .align 8 .b64 bar;\n";

// Every thread t (%r127) stores word t of `array` to out[base + t].
std::string storeWord(std::string_view array, int base) {
  return fmt::format(
      "\tmov.u32 %r90, {};\n\tshl.b32 %r91, %r127, 2;\n\tadd.u32 %r92, %r90, %r91;\n\tld.shared.u32 %r93, [%r92];\n"
      "\tst.global.u32 [%rd3+{}], %r93;\n",
      array, 4 * base);
}

std::vector<std::uint32_t> iota(std::size_t n, std::uint32_t k = 1, std::uint32_t add = 0) {
  std::vector<std::uint32_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = k * static_cast<std::uint32_t>(i) + add;
  return v;
}

void expectClean(const ws::test::Run& run) {
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
}

// A launch that has not run yet: the engine to step by hand.
ws::test::Run prepared(std::string_view body, const std::vector<std::uint32_t>& in, std::size_t outWords,
                       std::uint32_t block, EngineOptions opts) {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {block, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes(in)}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(outWords, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  return ws::test::runPtx(ws::test::kernel(body, "sm_90a", kShared), cfg, opts, 0);
}

EngineOptions manual() {
  EngineOptions o;
  o.asyncCompletion = AsyncCompletion::Manual;
  return o;
}

// Steps until `done` holds (or nothing can run); the number of steps taken.
template <class F>
int stepUntil(Engine& e, F done, int limit = 5000) {
  int n = 0;
  while (!done() && n < limit && e.step().executed) ++n;
  return n;
}

// ---------------------------------------------------------------- copies

// Lane t: 4 bytes of in[t] (.ca), 16 bytes of in[64 + 4t..] with src-size
// (t % 5) * 4 (.cg, the rest zero-filled), 8 bytes of in[256 + 2t..] with
// ignore-src for odd lanes (all zeros).
constexpr std::string_view kCopies = R"(
	mov.u32 %r1, buf;
	shl.b32 %r2, %r127, 2;
	add.u32 %r3, %r1, %r2;
	cp.async.ca.shared.global [%r3], [%rd2], 4;
	mov.u32 %r4, buf2;
	shl.b32 %r5, %r127, 4;
	add.u32 %r6, %r4, %r5;
	mul.wide.u32 %rd10, %r127, 16;
	add.s64 %rd11, %rd0, %rd10;
	rem.u32 %r7, %r127, 5;
	shl.b32 %r8, %r7, 2;
	cp.async.cg.shared::cta.global.L2::128B [%r6+0], [%rd11+256], 16, %r8;
	and.b32 %r9, %r127, 1;
	setp.eq.u32 %p1, %r9, 1;
	shl.b32 %r10, %r127, 3;
	add.u32 %r11, %r4, %r10;
	mul.wide.u32 %rd12, %r127, 8;
	add.s64 %rd13, %rd0, %rd12;
	cp.async.ca.shared.global [%r11+512], [%rd13+1024], 8, %p1;
	cp.async.wait_all;
	bar.sync 0;
)";

TEST(CpAsync, CopiesEverySizeZeroFillsAndIgnoresTheSource) {
  std::string body(kCopies);
  body += storeWord("buf", 0);
  // buf2 words 0..127 (the 16-byte copies) and 128..191 (the 8-byte ones).
  for (int k = 0; k < 6; ++k) body += storeWord(fmt::format("buf2+{}", 128 * k), 32 + 32 * k);
  const auto in = iota(512, 3, 7);
  const auto run = ws::test::runKernel(body, in, 32 * 7, 32, {}, "sm_90a", kShared);
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(w[t], in[t]) << t;
  for (std::uint32_t t = 0; t < 32; ++t) {
    const std::uint32_t srcWords = (t % 5);  // src-size / 4, at most 4
    for (std::uint32_t k = 0; k < 4; ++k)
      EXPECT_EQ(w[32 + 4 * t + k], k < srcWords ? in[64 + 4 * t + k] : 0u) << "16-byte copy of lane " << t << " word " << k;
    for (std::uint32_t k = 0; k < 2; ++k)
      EXPECT_EQ(w[32 + 128 + 2 * t + k], (t & 1) ? 0u : in[256 + 2 * t + k]) << "8-byte copy of lane " << t << " word " << k;
  }
}

TEST(CpAsync, IssueRecordsAnOperationPerLaneAndWritesNothing) {
  auto run = prepared("\tmov.u32 %r1, buf;\n\tshl.b32 %r2, %r127, 2;\n\tadd.u32 %r3, %r1, %r2;\n"
                      "\tcp.async.ca.shared.global [%r3], [%rd2], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group 0;\n",
                      iota(32, 1, 100), 32, 32, manual());
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  const auto& st = e.state();
  std::uint32_t bufOff = 0;
  for (const auto& s : run.program->symbols)
    if (s.name == "buf") bufOff = static_cast<std::uint32_t>(s.offset);
  StepRecord issue;
  while (st.inflight.empty()) ASSERT_TRUE(e.step(&issue).executed);
  ASSERT_EQ(st.inflight.size(), 32u);
  ASSERT_EQ(issue.flows.size(), 32u);
  for (std::uint32_t l = 0; l < 32; ++l) {
    const AsyncOp& op = st.inflight[l];
    EXPECT_EQ(op.kind, AsyncKind::CpAsync);
    EXPECT_EQ(op.issuerLane, l);
    EXPECT_EQ(op.src, (AsyncLoc{Space::Global, 0, e.bufferAddress(0) + 4 * l}));
    EXPECT_EQ(op.dst, (AsyncLoc{Space::Shared, 0, bufOff + 4 * l}));
    EXPECT_EQ(op.size, 4u);
    EXPECT_EQ(op.srcSize, 4u);
    EXPECT_EQ(op.group, 0u);
    EXPECT_FALSE(op.hasMbar);
    EXPECT_EQ(issue.flows[l].kind, FlowKind::AsyncIssue);
    EXPECT_EQ(issue.flows[l].from.kind, Endpoint::Kind::Memory);
    EXPECT_EQ(issue.flows[l].to.addr, bufOff + 4 * l);
    EXPECT_EQ(issue.flows[l].bytes, 4u);
    EXPECT_EQ(issue.flows[l].issuerLane, l);
    EXPECT_EQ(st.ctas[0].shared[bufOff + 4 * l], 0u);  // nothing written before completion
  }
  // commit_group closes group 0; wait_group 0 blocks every lane.
  stepUntil(e, [&] { return st.warps[0].ctl.waiting != 0; });
  EXPECT_EQ(st.warps[0].groups.cpAsync[5], 1u);
  EXPECT_EQ(st.warps[0].ctl.waiting, 0xffffffffu);
  EXPECT_EQ(st.warps[0].ctl.waitKind[5], WaitKind::AsyncGroup);
  EXPECT_EQ(st.warps[0].ctl.waitArg[5], 0u);
  EXPECT_NE(e.laneReport().find("cp.async-groups"), std::string::npos) << e.laneReport();
  // Manual: nothing happens until the user completes one.
  EXPECT_FALSE(e.step().executed);
  StepRecord done;
  ASSERT_TRUE(e.completeAsync(7, &done).executed);
  EXPECT_TRUE(done.completedAsync);
  EXPECT_EQ(st.ctas[0].shared[bufOff + 28], 107u);
  ASSERT_EQ(done.flows.size(), 1u);
  EXPECT_EQ(done.flows[0].kind, FlowKind::AsyncComplete);
  EXPECT_EQ(done.flows[0].value, 107u);
  // The warp waits as one: lane 7's group is complete, but it goes on with
  // the others, once the last copy completed.
  EXPECT_EQ(st.warps[0].ctl.waiting, 0xffffffffu);
  for (std::uint64_t id = 0; id < 32; ++id) {
    if (id == 7) continue;
    EXPECT_EQ(st.warps[0].ctl.waiting, 0xffffffffu);
    ASSERT_TRUE(e.completeAsync(id).executed);
  }
  EXPECT_EQ(st.warps[0].ctl.waiting, 0u);
  EXPECT_EQ(st.warps[0].ctl.waitKind[7], WaitKind::None);
}

// ---------------------------------------------------------------- groups

// One thread: group 0 = copy A, group 1 = copy B, group 2 empty; then
// wait_group N. Which copies must be complete before it goes on.
std::string groupsKernel(int n) {
  return fmt::format(R"(
	mov.u32 %r1, buf;
	cp.async.ca.shared.global [%r1], [%rd0], 4;
	cp.async.commit_group;
	cp.async.ca.shared.global [%r1+4], [%rd0+4], 4;
	cp.async.commit_group;
	cp.async.commit_group;
	cp.async.wait_group {};
)",
                     n);
}

TEST(CpAsyncGroups, WaitGroupCountsEmptyGroupsAndWaitsForTheOlderOnes) {
  // wait_group 1: groups 0 and 1 must complete (group 2, the most recent, is empty).
  // wait_group 2: only group 0. wait_group 3: none.
  for (int n : {1, 2, 3}) {
    SCOPED_TRACE(n);
    auto run = prepared(groupsKernel(n), iota(4, 1, 50), 4, 1, manual());
    ASSERT_EQ(run.error, "");
    Engine& e = *run.engine;
    const auto& c = e.state().warps[0].ctl;
    // Past the wait_group (the last instruction before ret): waiting, or gone on.
    stepUntil(e, [&] { return c.waiting != 0 || c.pc[0] >= run.program->instrs.size() - 1; });
    ASSERT_EQ(e.state().inflight.size(), 2u);
    EXPECT_EQ(e.state().inflight[0].group, 0u);
    EXPECT_EQ(e.state().inflight[1].group, 1u);
    EXPECT_EQ(e.state().warps[0].groups.cpAsync[0], 3u);
    if (n == 3) {
      EXPECT_EQ(c.waiting, 0u);  // nothing to wait for
      continue;
    }
    ASSERT_EQ(c.waiting, 1u);
    EXPECT_EQ(c.waitKind[0], WaitKind::AsyncGroup);
    // Completing group 1's copy first does not release a wait for group 0.
    ASSERT_TRUE(e.completeAsync(1).executed);
    EXPECT_EQ(c.waiting, 1u);
    ASSERT_TRUE(e.completeAsync(0).executed);
    EXPECT_EQ(c.waiting, 0u);
  }
}

TEST(CpAsyncGroups, WaitGroupReleasesWhenOnlyTheNewestArePending) {
  auto run = prepared(groupsKernel(1), iota(4, 1, 50), 4, 1, manual());
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  const auto& c = e.state().warps[0].ctl;
  stepUntil(e, [&] { return c.waiting != 0; });
  ASSERT_EQ(c.waiting, 1u);
  ASSERT_TRUE(e.completeAsync(0).executed);
  EXPECT_EQ(c.waiting, 1u);  // group 1 is older than the newest (empty) group
  ASSERT_TRUE(e.completeAsync(1).executed);
  EXPECT_EQ(c.waiting, 0u);
}

TEST(CpAsyncGroups, WaitAllCommitsTheUncommittedCopiesFirst) {
  auto run = prepared("\tmov.u32 %r1, buf;\n\tcp.async.ca.shared.global [%r1], [%rd0], 4;\n\tcp.async.wait_all;\n",
                      iota(4), 4, 1, manual());
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  stepUntil(e, [&] { return e.state().warps[0].ctl.waiting != 0; });
  EXPECT_EQ(e.state().warps[0].groups.cpAsync[0], 1u);
  EXPECT_EQ(e.state().warps[0].ctl.waiting, 1u);
  ASSERT_TRUE(e.completeAsync(0).executed);
  EXPECT_EQ(e.state().warps[0].ctl.waiting, 0u);
}

TEST(CpAsyncGroups, PipelineUnderEveryCompletionPolicy) {
  // A double-buffered loop: copy tile k + 1 while tile k is read, wait_group 1.
  const std::string body = R"(
	mov.u32 %r1, buf;
	shl.b32 %r2, %r127, 2;
	add.u32 %r3, %r1, %r2;
	cp.async.ca.shared.global [%r3], [%rd2], 4;
	cp.async.commit_group;
	mov.u32 %r20, 0;
LOOP:
	add.u32 %r21, %r20, 1;
	and.b32 %r22, %r21, 1;
	shl.b32 %r23, %r22, 7;
	add.u32 %r24, %r3, %r23;
	mul.wide.u32 %rd20, %r21, 128;
	add.s64 %rd21, %rd2, %rd20;
	setp.lt.u32 %p3, %r21, 4;
	@%p3 cp.async.ca.shared.global [%r24], [%rd21], 4;
	cp.async.commit_group;
	cp.async.wait_group 1;
	and.b32 %r25, %r20, 1;
	shl.b32 %r26, %r25, 7;
	add.u32 %r27, %r3, %r26;
	ld.shared.u32 %r28, [%r27];
	mul.wide.u32 %rd22, %r20, 128;
	add.s64 %rd23, %rd3, %rd22;
	st.global.u32 [%rd23], %r28;
	add.u32 %r20, %r20, 1;
	setp.lt.u32 %p4, %r20, 4;
	@%p4 bra LOOP;
)";
  const auto in = iota(128, 5, 1);
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    SCOPED_TRACE(static_cast<int>(policy));
    EngineOptions o;
    o.asyncCompletion = policy;
    const auto run = ws::test::runKernel(body, in, 128, 32, o, "sm_90a", kShared);
    expectClean(run);
    EXPECT_EQ(run.words(1), in);
  }
}

// ---------------------------------------------------------------- mbarrier arrive

// Thread t copies in[t] and signals bar; with .noinc the barrier counts the
// async arrivals (count 2 * threads: the copy's and the thread's own), without
// it the increment at issue cancels it (count = threads).
std::string arriveKernel(bool noinc, int threads) {
  return fmt::format(R"(
	mov.u32 %r1, buf;
	mov.u32 %r2, bar;
	setp.ne.u32 %p1, %r127, 0;
	@%p1 bra SYNC;
	mbarrier.init.shared.b64 [%r2], {};
SYNC:
	bar.sync 0;
	shl.b32 %r3, %r127, 2;
	add.u32 %r4, %r1, %r3;
	cp.async.ca.shared.global [%r4], [%rd2], 4;
	cp.async.mbarrier.arrive{}.shared::cta.b64 [%r2];
	mbarrier.arrive.shared.b64 _, [%r2];
WAIT:
	mbarrier.try_wait.parity.shared.b64 %p2, [%r2], 0;
	@!%p2 bra WAIT;
	xor.b32 %r5, %r127, 1;
	shl.b32 %r6, %r5, 2;
	add.u32 %r7, %r1, %r6;
	ld.shared.u32 %r8, [%r7];
	st.global.u32 [%rd3], %r8;
)",
                     noinc ? 2 * threads : threads, noinc ? ".noinc" : "");
}

TEST(CpAsyncMbarrier, ArriveOnWaitsForTheThreadsPriorCopies) {
  for (const bool noinc : {true, false}) {
    SCOPED_TRACE(noinc ? "noinc" : "inc");
    auto run = prepared(arriveKernel(noinc, 32), iota(32, 9, 2), 32, 32, manual());
    ASSERT_EQ(run.error, "");
    Engine& e = *run.engine;
    const auto& st = e.state();
    std::uint32_t barOff = 0;
    for (const auto& s : run.program->symbols)
      if (s.name == "bar") barOff = static_cast<std::uint32_t>(s.offset);
    auto bar = [&] {
      std::uint64_t w = 0;
      for (int i = 0; i < 8; ++i) w |= static_cast<std::uint64_t>(st.ctas[0].shared[barOff + static_cast<std::uint32_t>(i)]) << (8 * i);
      return mbar::decode(w);
    };
    // Run until every lane spins in the wait loop: 32 copies and 32 arrive-ons in flight.
    stepUntil(e, [&] { return st.inflight.size() == 64 && st.warps[0].ctl.yielded == 0xffffffffu; });
    ASSERT_EQ(st.inflight.size(), 64u);
    // Without .noinc each arrive raised the pending count before the thread's own arrive.
    EXPECT_EQ(bar().pending, 32u);
    EXPECT_EQ(bar().expected, noinc ? 64u : 32u);
    for (std::uint32_t l = 0; l < 32; ++l) {
      const AsyncOp& arrive = st.inflight[32 + l];
      ASSERT_EQ(arrive.kind, AsyncKind::CpAsyncArrive);
      EXPECT_EQ(arrive.issuerLane, l);
      EXPECT_EQ(arrive.mbar, (AsyncLoc{Space::Shared, 0, barOff}));
      EXPECT_FALSE(asyncReady(st, 32 + l));  // its lane's copy is still in flight
    }
    // The arrive-on cannot complete before the copy of its lane.
    EXPECT_FALSE(e.completeAsync(32 + 3).executed);
    ASSERT_TRUE(e.completeAsync(3).executed);
    StepRecord rec;
    ASSERT_TRUE(e.completeAsync(32 + 3, &rec).executed);
    ASSERT_EQ(rec.flows.size(), 1u);
    EXPECT_EQ(rec.flows[0].kind, FlowKind::AsyncArrive);
    EXPECT_EQ(rec.flows[0].issuerLane, 3u);
    EXPECT_EQ(bar().pending, 31u);
    // The rest under the Oldest policy: the phase completes, everybody reads its neighbour's word.
    EngineOptions o;
    e.setOptions(o);
    const auto r = e.run(100000);
    EXPECT_EQ(r.stop, StopReason::Finished);
    for (const auto& d : r.diags) ADD_FAILURE() << d.message;
    const auto& out = e.buffer(1);
    for (std::uint32_t t = 0; t < 32; ++t) {
      std::uint32_t v = 0;
      std::memcpy(&v, out.data() + 4 * t, 4);
      EXPECT_EQ(v, 9u * (t ^ 1u) + 2u) << t;
    }
  }
}

// ---------------------------------------------------------------- diagnostics

TEST(CpAsyncDiagnostics, SrcSizeLargerThanCpSize) {
  const auto run = ws::test::runKernel("\tmov.u32 %r1, buf;\n\tmov.u32 %r2, 12;\n"
                                       "\tcp.async.ca.shared.global [%r1], [%rd0], 8, %r2;\n\tcp.async.wait_all;\n",
                                       iota(8), 8, 1, {}, "sm_90a", kShared);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Diagnostic);
  EXPECT_TRUE(run.hasDiag(DiagKind::CpAsyncSrcSize));
}

TEST(CpAsyncDiagnostics, TwoCopiesOfOneGroupToTheSameLocation) {
  EngineOptions o = manual();
  o.mode = ExecMode::Hardware;
  const auto run = ws::test::runKernel("\tmov.u32 %r1, buf;\n\tcp.async.ca.shared.global [%r1], [%rd0], 8;\n"
                                       "\tcp.async.ca.shared.global [%r1+4], [%rd0], 4;\n\tcp.async.commit_group;\n",
                                       iota(8), 8, 1, o, "sm_90a", kShared);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::CpAsyncGroupOverlap));
}

TEST(CpAsyncDiagnostics, MisalignedAndOutOfBoundsCopies) {
  EngineOptions hw;
  hw.mode = ExecMode::Hardware;
  const auto misaligned = ws::test::runKernel("\tmov.u32 %r1, buf;\n\tcp.async.cg.shared.global [%r1+8], [%rd0], 16;\n"
                                              "\tcp.async.wait_all;\n",
                                              iota(8), 8, 1, hw, "sm_90a", kShared);
  EXPECT_TRUE(misaligned.hasDiag(DiagKind::Misaligned));
  const auto outside = ws::test::runKernel("\tmov.u32 %r1, buf;\n\tcp.async.cg.shared.global [%r1], [%rd0+32], 16;\n"
                                           "\tcp.async.wait_all;\n",
                                           iota(8), 8, 1, hw, "sm_90a", kShared);
  EXPECT_TRUE(outside.hasDiag(DiagKind::OutOfBounds));
}

TEST(CpAsyncDiagnostics, ArriveOnAnAddressOutsideSharedCta) {
  const auto run = ws::test::runKernel("\tcp.async.mbarrier.arrive.b64 [%rd0];\n", iota(8), 8, 1, {}, "sm_90a", kShared);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::CpAsyncArriveNotShared));
}

TEST(CpAsyncDiagnostics, ArrivePastThePendingCountLimit) {
  const auto run = ws::test::runKernel("\tmov.u32 %r2, bar;\n\tmbarrier.init.shared.b64 [%r2], 1048575;\n"
                                       "\tcp.async.mbarrier.arrive.shared.b64 [%r2];\n",
                                       iota(8), 8, 1, {}, "sm_90a", kShared);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::CpAsyncArriveOverflow));
}

// ---------------------------------------------------------------- history

// Stepping back over copies, group commits, waits and arrive-ons restores
// every earlier state (the in-flight list, the group counters, memory).
TEST(CpAsyncHistory, BackToTheStartRestoresTheLaunchAndReplayIsExact) {
  for (const std::string& body : {std::string(kCopies) + storeWord("buf", 0), arriveKernel(false, 32), groupsKernel(1)}) {
    for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
      EngineOptions o;
      o.asyncCompletion = policy;
      auto run = prepared(body, iota(1024, 3, 1), 256, 32, o);
      ASSERT_EQ(run.error, "");
      History h(std::move(*run.engine), {.checkpointEvery = 16, .recordCache = 8});
      const MachineState initial = h.state();
      std::vector<std::uint64_t> hashes{initial.hash()};
      while (h.forward().executed) hashes.push_back(h.state().hash());
      ASSERT_TRUE(h.engine().finished());
      for (std::uint64_t i = hashes.size() - 1; i > 0; --i) {
        ASSERT_TRUE(h.back());
        ASSERT_EQ(h.state().hash(), hashes[i - 1]) << "back to " << i - 1;
      }
      EXPECT_TRUE(h.state() == initial);
      h.seek(hashes.size() - 1);
      EXPECT_EQ(h.state().hash(), hashes.back());
      h.seek(hashes.size() / 2);
      EXPECT_EQ(h.state().hash(), hashes[hashes.size() / 2]);
    }
  }
}

TEST(CpAsyncHistory, ChosenCompletionsAreReplayed) {
  auto run = prepared(groupsKernel(1), iota(4, 1, 50), 4, 1, manual());
  ASSERT_EQ(run.error, "");
  History h(std::move(*run.engine), {.checkpointEvery = 4, .recordCache = 2});
  while (h.forward().executed) {
  }
  ASSERT_EQ(h.state().inflight.size(), 2u);
  ASSERT_TRUE(h.completeAsync(1).executed);
  ASSERT_TRUE(h.completeAsync(0).executed);
  while (h.forward().executed) {
  }
  EXPECT_TRUE(h.engine().finished());
  const auto end = h.state().hash();
  const auto n = h.position();
  h.seek(0);
  h.seek(n);
  EXPECT_EQ(h.state().hash(), end);
}

}  // namespace
