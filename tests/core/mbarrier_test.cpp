// mbarrier instructions run by the engine (PTX ISA 9.7.13.15): phase sequences
// driven by one thread and by many, counts, arrive_drop, expect_tx/complete_tx
// in either order, state-token and parity waits on the current and the
// preceding phase, pending_count, inval + re-init, diagnostics and data flows.
// Expected values are worked out by hand from the ISA; pub_mbarrier_basic's
// are the H100's.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <variant>

#include "core/exec/async/mbarrier_object.hpp"
#include "core/trace/history.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using namespace ws::core;
using ws::test::runKernel;

constexpr const char* kBarDecl = ".shared .align 8 .b64 bar;\n.shared .align 8 .b64 bar2;\n";

void expectClean(const ws::test::Run& run) {
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
}

// Builds a one-thread kernel body: the barrier address is in %r1, state
// tokens in %rd10.., recorded results go to out[0], out[1], ...
class Script {
 public:
  Script() { m_body = "\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra DONE;\n\tmov.u32 %r1, bar;\n"; }
  Script& op(const std::string& line) {
    m_body += "\t" + line + "\n";
    return *this;
  }
  Script& init(int n) { return op(fmt::format("mbarrier.init.shared.b64 [%r1], {};", n)); }
  Script& arrive(int s, const std::string& suffix = "", const std::string& count = "") {
    return op(fmt::format("mbarrier.arrive{}.shared.b64 %rd{}, [%r1]{};", suffix, 10 + s, count.empty() ? "" : ", " + count));
  }
  Script& test(int s, const std::string& which = "test_wait") {
    return record(fmt::format("mbarrier.{}.shared.b64 %p1, [%r1], %rd{};", which, 10 + s));
  }
  Script& parity(int p, const std::string& which = "test_wait") {
    return record(fmt::format("mbarrier.{}.parity.shared.b64 %p1, [%r1], {};", which, p));
  }
  Script& pending(int s) {
    op(fmt::format("mbarrier.pending_count.b64 %r2, %rd{};", 10 + s));
    return store();
  }
  std::string body() const { return m_body + "DONE:\n"; }
  int count() const { return m_k; }

 private:
  Script& record(const std::string& wait) {
    op(wait);
    op("selp.u32 %r2, 1, 0, %p1;");
    return store();
  }
  Script& store() { return op(fmt::format("st.global.u32 [%rd1+{}], %r2;", 4 * m_k++)); }
  std::string m_body;
  int m_k = 0;
};

TEST(Mbarrier, PubMbarrierBasicMatchesTheH100) {
  // /work/shared/hw-golden pub_mbarrier_basic: out = [0, 1, 1] on the H100.
  Script s;
  s.init(2).arrive(0).test(0).arrive(1).test(1).parity(0);
  const auto run = runKernel(s.body(), {}, 3, 32, {}, "sm_90a", kBarDecl);
  expectClean(run);
  EXPECT_EQ(run.words(1), (std::vector<std::uint32_t>{0, 1, 1}));
}

TEST(Mbarrier, OneThreadPhaseSequence) {
  Script s;
  // phase 0, count 3
  s.init(3).arrive(0);
  s.test(0).pending(0).parity(0).parity(1);                     // 0..3
  s.arrive(1, "", "2");                                           // completes phase 0
  s.test(0).test(1).pending(1).parity(0).parity(1);              // 4..8
  s.test(1, "try_wait").parity(0, "try_wait").parity(1, "try_wait");  // 9..11
  // phase 1, count 3: noComplete 1, arrive_drop (expected -> 2)
  s.arrive(2, ".noComplete", "1").op("mbarrier.arrive_drop.shared.b64 %rd13, [%r1];");
  s.test(2).pending(2).pending(3).parity(1);                     // 12..15
  s.arrive(4);                                                    // completes phase 1
  s.test(2).test(4).pending(4).parity(1).parity(0);              // 16..20
  // phase 2, count 2: expect_tx 64 before the arrivals, complete_tx in halves
  s.op("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r1], 64;").arrive(5).arrive(6);
  s.test(6).pending(6).parity(0);                                // 21..23
  s.op("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r1], 32;").test(6);  // 24
  s.op("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r1], 32;").test(6).parity(0).parity(1);  // 25..27
  // phase 3, count 2: arrive.expect_tx 16, complete_tx 16, arrive
  s.arrive(7, ".expect_tx", "16").test(7).pending(7);            // 28..29
  s.op("mbarrier.complete_tx.shared.b64 [%r1], 16;").test(7);    // 30
  s.arrive(8).test(8).test(7).parity(1).parity(0);               // 31..34
  // phase 4: the token of phase 3 names the immediately preceding phase
  s.arrive(9).test(7).test(9);                                    // 35..36
  s.op("mbarrier.try_wait.shared.b64 %p1, [%r1], %rd17, 1000;").op("selp.u32 %r2, 1, 0, %p1;");
  s.op("st.global.u32 [%rd1+148], %r2;");                          // 37
  // inval, re-init with count 1
  s.op("mbarrier.inval.shared.b64 [%r1];").init(1);
  const std::string tail =
      "\tmbarrier.test_wait.parity.shared.b64 %p1, [%r1], 0;\n\tselp.u32 %r2, 1, 0, %p1;\n\tst.global.u32 [%rd1+152], %r2;\n"
      "\tmbarrier.arrive.shared.b64 %rd20, [%r1];\n"
      "\tmbarrier.test_wait.shared.b64 %p1, [%r1], %rd20;\n\tselp.u32 %r2, 1, 0, %p1;\n\tst.global.u32 [%rd1+156], %r2;\n"
      "\tmbarrier.pending_count.b64 %r2, %rd20;\n\tst.global.u32 [%rd1+160], %r2;\n"
      "\tmbarrier.inval.shared.b64 [%r1];\n\tmbarrier.init.shared.b64 [%r1], 2;\n"
      "\tmbarrier.arrive.release.cta.shared::cta.b64 %rd21, [%r1];\n"
      "\tmbarrier.test_wait.acquire.cta.shared::cta.b64 %p1, [%r1], %rd21;\n\tselp.u32 %r2, 1, 0, %p1;\n"
      "\tst.global.u32 [%rd1+164], %r2;\n"
      "\tmbarrier.arrive.release.cta.shared::cta.b64 _, [%r1];\n"
      "\tmbarrier.test_wait.acquire.cta.shared::cta.b64 %p1, [%r1], %rd21;\n\tselp.u32 %r2, 1, 0, %p1;\n"
      "\tst.global.u32 [%rd1+168], %r2;\n";
  std::string body = s.body();
  body.insert(body.rfind("DONE:"), tail);
  ASSERT_EQ(s.count(), 37);
  const auto run = runKernel(body, {}, 43, 32, {}, "sm_90a", kBarDecl);
  expectClean(run);
  const std::vector<std::uint32_t> want = {
      0, 3, 0, 1,          // phase 0 open: token incomplete, 3 pending before the arrive, parity 1 = preceding
      1, 1, 2, 1, 0,       // phase 0 complete
      1, 1, 0,             // try_wait answers at once
      0, 3, 2, 0,          // phase 1: noComplete then arrive_drop
      1, 1, 1, 1, 0,       // phase 1 complete
      0, 1, 0,             // arrivals done but 64 tx bytes outstanding
      0,                   // 32 of 64
      1, 1, 0,             // all 64: phase 2 complete
      0, 2,                // arrive.expect_tx 16
      0,                   // tx done, one arrival missing
      1, 1, 1, 0,          // phase 3 complete
      1, 0,                // phase 3's token is the preceding phase's
      1,                   // try_wait with a suspend-time hint
      0, 1, 1,             // re-initialised with count 1
      0, 1,                // .release/.acquire spellings
  };
  EXPECT_EQ(run.words(1), want);
}

TEST(Mbarrier, ManyThreadsManyPhases) {
  // 128 threads (4 warps), rows out[row * 128 + tid]; see each phase below.
  const std::string body = R"(
	mov.u32 %r1, bar;
	setp.ne.u32 %p0, %r127, 0;
	@%p0 bra S0;
	mbarrier.init.shared.b64 [%r1], 128;
S0:
	bar.sync 0;
	mbarrier.arrive.shared.b64 %rd10, [%r1];
W0:
	mbarrier.test_wait.shared.b64 %p1, [%r1], %rd10;
	@!%p1 bra W0;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3], %r2;
	bar.sync 0;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 0;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+512], %r2;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 1;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+1024], %r2;
	bar.sync 0;
	and.b32 %r3, %r127, 1;
	setp.eq.u32 %p2, %r3, 0;
	@%p2 mbarrier.arrive.shared.b64 _, [%r1], 2;
W1:
	mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 1;
	@!%p1 bra W1;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 1;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+1536], %r2;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 0;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+2048], %r2;
	bar.sync 0;
	shr.u32 %r4, %r127, 5;
	setp.eq.u32 %p3, %r4, 0;
	@%p3 mbarrier.arrive_drop.shared.b64 _, [%r1];
	@!%p3 mbarrier.arrive.shared.b64 _, [%r1];
W2:
	mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 0;
	@!%p1 bra W2;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+2560], %r2;
	bar.sync 0;
	@!%p3 mbarrier.arrive.shared.b64 _, [%r1];
W3:
	mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 1;
	@!%p1 bra W3;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+3072], %r2;
	bar.sync 0;
	setp.eq.u32 %p4, %r127, 32;
	@%p4 mbarrier.arrive.expect_tx.shared.b64 _, [%r1], 256;
	setp.gt.u32 %p5, %r127, 32;
	@%p5 mbarrier.arrive.shared.b64 _, [%r1];
	@!%p0 mbarrier.complete_tx.shared.b64 [%r1], 256;
W4:
	mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 0;
	@!%p1 bra W4;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+3584], %r2;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 1;
	selp.u32 %r2, 1, 0, %p1;
	st.global.u32 [%rd3+4096], %r2;
)";
  // Row meaning (all threads alike):
  //  0 token of phase 0 after the spin: 1     1 parity 0 after phase 0: 1
  //  2 parity 1 (phase 1, still open): 0      3 parity 1 after 64 arrivals of count 2: 1
  //  4 parity 0 (phase 2 open): 0             5 phase 2 (warp 0 drops): 1
  //  6 phase 3 with 96 expected: 1            7 phase 4 with 256 tx bytes: 1
  //  8 parity 1 (phase 5 open): 0
  const std::uint32_t want[9] = {1, 1, 0, 1, 0, 1, 1, 1, 0};
  for (const auto sched : {WarpScheduling::RoundRobin, WarpScheduling::RunToBlock}) {
    EngineOptions opts;
    opts.scheduling = sched;
    const auto run = runKernel(body, {}, 9 * 128, 128, opts, "sm_90a", kBarDecl);
    expectClean(run);
    const auto w = run.words(1);
    ASSERT_EQ(w.size(), 9u * 128u);
    for (int row = 0; row < 9; ++row)
      for (int t = 0; t < 128; ++t) EXPECT_EQ(w[row * 128 + t], want[row]) << "row " << row << " thread " << t;
  }
}

TEST(Mbarrier, LanesArriveInAscendingOrderWithinOneInstruction) {
  // 32 lanes arrive on a barrier of count 32 in one instruction: lane l's
  // token holds 32 - l pending arrivals (mbarrier.pending_count needs a
  // .noComplete token; lanes 0..30 use one), and the last lane completes it.
  const std::string body = R"(
	mov.u32 %r1, bar;
	setp.ne.u32 %p0, %r0, 0;
	@%p0 bra S0;
	mbarrier.init.shared.b64 [%r1], 32;
S0:
	bar.sync 0;
	setp.eq.u32 %p2, %r0, 31;
	@!%p2 mbarrier.arrive.noComplete.shared.b64 %rd10, [%r1], 1;
	@%p2 mbarrier.arrive.shared.b64 %rd10, [%r1];
	mbarrier.pending_count.b64 %r2, %rd10;
	st.global.u32 [%rd3], %r2;
	mbarrier.test_wait.shared.b64 %p1, [%r1], %rd10;
	selp.u32 %r3, 1, 0, %p1;
	st.global.u32 [%rd3+128], %r3;
)";
  const auto run = runKernel(body, {}, 64, 32, {}, "sm_90a", kBarDecl);
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t l = 0; l < 32; ++l) {
    if (l < 31) {
      EXPECT_EQ(w[l], 32u - l) << "lane " << l;
    }
    EXPECT_EQ(w[32 + l], 1u) << "lane " << l;
  }
}

// ---------------------------------------------------------------- diagnostics

ws::test::Run runHw(const std::string& lines) {
  EngineOptions hw;
  hw.mode = ExecMode::Hardware;
  Script s;
  s.op(lines);
  return runKernel(s.body(), {}, 4, 32, hw, "sm_90a", kBarDecl);
}

TEST(MbarrierDiagnostics, UseBeforeInit) {
  const auto run = runHw("mbarrier.arrive.shared.b64 %rd10, [%r1];");
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierUninitialized));
}

TEST(MbarrierDiagnostics, OverArrival) {
  const auto run = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.arrive.shared.b64 %rd10, [%r1], 2;");
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierOverArrive));
}

// Rule R: the kinds of mbarrier misuse an H200 answered with a CUDA error
// stop a hardware-mode run there with a hardware fault naming the error;
// strict mode stops at the undefined behaviour itself, without one.
TEST(MbarrierDiagnostics, RecordedFaultsStopHardwareMode) {
  const auto over = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.arrive.shared.b64 %rd10, [%r1], 2;");
  ASSERT_EQ(over.error, "");
  EXPECT_EQ(over.result.stop, StopReason::Diagnostic);
  ASSERT_TRUE(over.hasDiag(DiagKind::HardwareFault));
  bool launchFailure = false;
  for (const auto& d : over.result.diags)
    launchFailure |= d.kind == DiagKind::HardwareFault && d.message.find("unspecified launch failure") != std::string::npos;
  EXPECT_TRUE(launchFailure);

  const auto uninit = runHw("mbarrier.arrive.shared.b64 %rd10, [%r1];");
  EXPECT_TRUE(uninit.hasDiag(DiagKind::HardwareFault));

  Script arriveOnly;
  arriveOnly.op("mbarrier.arrive.shared.b64 %rd10, [%r1];");
  const auto strict = runKernel(arriveOnly.body(), {}, 4, 32, EngineOptions{}, "sm_90a", kBarDecl);
  EXPECT_TRUE(strict.hasDiag(DiagKind::MbarrierUninitialized));
  EXPECT_FALSE(strict.hasDiag(DiagKind::HardwareFault));

  // Not every kind: a re-init is undefined too, but no recording stopped on it.
  const auto twice = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.init.shared.b64 [%r1], 1;");
  EXPECT_TRUE(twice.hasDiag(DiagKind::MbarrierReinit));
  EXPECT_FALSE(twice.hasDiag(DiagKind::HardwareFault));
}

TEST(MbarrierDiagnostics, NoCompleteThatCompletes) {
  const auto run = runHw("mbarrier.init.shared.b64 [%r1], 2;\n\tmbarrier.arrive.noComplete.shared.b64 %rd10, [%r1], 2;");
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierNoCompleteCompletes));
  EXPECT_FALSE(run.hasDiag(DiagKind::MbarrierOverArrive));
}

TEST(MbarrierDiagnostics, TxCountOutOfRange) {
  const auto run = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.expect_tx.shared.b64 [%r1], 1048576;");
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierTxOverflow));
}

TEST(MbarrierDiagnostics, CountOutOfRangeAndReinit) {
  const auto zero = runHw("mbarrier.init.shared.b64 [%r1], 0;");
  EXPECT_TRUE(zero.hasDiag(DiagKind::MbarrierCountRange));
  const auto twice = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.init.shared.b64 [%r1], 1;");
  EXPECT_TRUE(twice.hasDiag(DiagKind::MbarrierReinit));
  const auto reinit = runHw("mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.inval.shared.b64 [%r1];\n\t"
                            "mbarrier.init.shared.b64 [%r1], 1;");
  EXPECT_TRUE(reinit.result.diags.empty());
}

TEST(MbarrierDiagnostics, WaitOnAStalePhase) {
  // The token of phase 0 tested at phase 2.
  const auto run = runHw(
      "mbarrier.init.shared.b64 [%r1], 1;\n\tmbarrier.arrive.shared.b64 %rd10, [%r1];\n\t"
      "mbarrier.arrive.shared.b64 %rd11, [%r1];\n\tmbarrier.test_wait.shared.b64 %p1, [%r1], %rd10;");
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierStalePhase));
}

TEST(MbarrierDiagnostics, StrictModeStopsAtTheFirstOne) {
  Script s;
  s.op("mbarrier.arrive.shared.b64 %rd10, [%r1];");
  const auto run = runKernel(s.body(), {}, 4, 32, {}, "sm_90a", kBarDecl);
  EXPECT_EQ(run.result.stop, StopReason::Diagnostic);
  ASSERT_FALSE(run.result.diags.empty());
  EXPECT_EQ(run.result.diags[0].kind, DiagKind::MbarrierUninitialized);
  EXPECT_EQ(run.result.diags[0].lanes, 1u);
}

// ---------------------------------------------------------------- flows, memory, history

struct Stepped {
  std::shared_ptr<const Program> prog;
  std::optional<Engine> engine;
  std::vector<StepRecord> records;
};

Stepped stepAll(const std::string& body, std::uint32_t block = 32) {
  Stepped s;
  auto parsed = parsePtx(ws::test::kernel(body, "sm_90a", kBarDecl), "t.ptx");
  if (!parsed.ok()) return s;
  s.prog = std::make_shared<const Program>(std::move(*parsed.program));
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {block, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(64, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  auto made = Engine::create(s.prog, cfg);
  if (!std::holds_alternative<Engine>(made)) return s;
  s.engine.emplace(std::move(std::get<Engine>(made)));
  for (int i = 0; i < 10000 && !s.engine->finished(); ++i) {
    StepRecord rec;
    if (!s.engine->step(&rec).executed) break;
    s.records.push_back(std::move(rec));
  }
  return s;
}

TEST(Mbarrier, FlowsAndTheObjectInSharedMemory) {
  const auto s = stepAll(
      "\tmov.u32 %r1, bar;\n\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra S0;\n\tmbarrier.init.shared.b64 [%r1], 40;\nS0:\n"
      "\tbar.sync 0;\n\tmbarrier.arrive.shared.b64 %rd10, [%r1];\n");
  ASSERT_TRUE(s.engine.has_value());
  ASSERT_TRUE(s.engine->finished());
  const Symbol* bar = nullptr;
  for (const auto& sym : s.prog->symbols)
    if (sym.name == "bar") bar = &sym;
  ASSERT_NE(bar, nullptr);
  int arrives = 0;
  for (const auto& rec : s.records) {
    const Instr& ins = s.prog->instrs[rec.pc];
    if (ins.op != Opcode::Mbarrier || !ins.has(Mod::Arrive)) continue;
    ++arrives;
    ASSERT_EQ(rec.flows.size(), 32u);
    for (std::uint32_t l = 0; l < 32; ++l) {
      EXPECT_EQ(rec.flows[l].kind, FlowKind::MbarrierOp);
      EXPECT_EQ(rec.flows[l].from.lane, l);
      EXPECT_EQ(rec.flows[l].order, l);
      EXPECT_EQ(rec.flows[l].to.kind, Endpoint::Kind::Mbarrier);
      EXPECT_EQ(rec.flows[l].to.addr, bar->offset);
    }
    // The object is memory: one 8-byte change journaled for the instruction's
    // final word (each lane's change is journaled; the last one ends at 8 pending).
    ASSERT_FALSE(rec.mem.empty());
    EXPECT_EQ(rec.mem.back().region, MemRegion::Shared);
    EXPECT_EQ(rec.mem.back().offset, bar->offset);
    EXPECT_EQ(mbar::decode(rec.mem.back().after).pending, 8u);
  }
  EXPECT_EQ(arrives, 1);
  std::uint64_t word = 0;
  const auto& sh = s.engine->state().ctas[0].shared;
  for (int i = 0; i < 8; ++i) word |= static_cast<std::uint64_t>(sh[bar->offset + i]) << (8 * i);
  // 40 expected, 8 pending, phase 0, initialised.
  EXPECT_EQ(word, 0x8000000002800008ull);
}

TEST(Mbarrier, HistoryStepsBackToTheInitialState) {
  auto parsed = parsePtx(ws::test::kernel(
                             "\tmov.u32 %r1, bar;\n\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra S0;\n"
                             "\tmbarrier.init.shared.b64 [%r1], 64;\nS0:\n\tbar.sync 0;\n"
                             "\tmbarrier.arrive.shared.b64 %rd10, [%r1];\nW:\n"
                             "\tmbarrier.try_wait.shared.b64 %p1, [%r1], %rd10;\n\t@!%p1 bra W;\n",
                             "sm_90a", kBarDecl),
                         "t.ptx");
  ASSERT_TRUE(parsed.ok());
  auto prog = std::make_shared<const Program>(std::move(*parsed.program));
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {64, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes({0})}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  auto made = Engine::create(prog, cfg);
  ASSERT_TRUE(std::holds_alternative<Engine>(made));
  const MachineState initial = std::get<Engine>(made).state();
  History h(std::move(std::get<Engine>(made)));
  std::uint64_t n = 0;
  while (n < 100000 && h.forward().executed) ++n;
  EXPECT_TRUE(h.engine().finished());
  const MachineState last = h.state();
  h.seek(0);
  EXPECT_EQ(h.state(), initial);
  h.seek(n);
  EXPECT_EQ(h.state(), last);
}

// ---------------------------------------------------------------- across CTAs

// Cluster of 2: CTA 1's 32 lanes arrive on CTA 0's barrier (count 32) through
// shared::cluster; CTA 0 waits and writes out[lane] = 1.
std::string remoteArriveKernel(const std::string& dst) {
  return ".version 8.7\n.target sm_90a\n.address_size 64\n\n"
         ".visible .entry k(\n\t.param .u64 k_in,\n\t.param .u64 k_out\n)\n{\n"
         "\t.reg .pred %p<8>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n\t.shared .align 8 .b64 bar;\n"
         "\tld.param.u64 %rd3, [k_out];\n\tcvta.to.global.u64 %rd3, %rd3;\n"
         "\tmov.u32 %r1, %cluster_ctarank;\n\tmov.u32 %r2, %tid.x;\n\tmov.u32 %r7, bar;\n"
         "\tsetp.ne.s32 %p1, %r2, 0;\n\t@%p1 bra SYNC;\n\tmbarrier.init.shared.b64 [%r7], 32;\n"
         "SYNC:\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n"
         "\tsetp.eq.s32 %p3, %r1, 0;\n\t@%p3 bra WAIT;\n"
         "\tmapa.shared::cluster.u32 %r14, %r7, 0;\n"
         "\tmbarrier.arrive.release.cluster.shared::cluster.b64 " + dst + ", [%r14];\n"
         "\tbra.uni END;\n"
         "WAIT:\n\tmbarrier.try_wait.parity.shared.b64 %p4, [%r7], 0;\n\t@!%p4 bra WAIT;\n"
         "\tmul.wide.u32 %rd4, %r2, 4;\n\tadd.s64 %rd5, %rd3, %rd4;\n\tmov.u32 %r9, 1;\n\tst.global.u32 [%rd5], %r9;\n"
         "END:\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n\tret;\n}\n";
}

LaunchConfig cluster2() {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = {2, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes({0})}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(32, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  return cfg;
}

TEST(Mbarrier, ArrivalsFromAnotherCtaOfTheCluster) {
  const auto run = ws::test::runPtx(remoteArriveKernel("_"), cluster2());
  expectClean(run);
  EXPECT_EQ(run.words(1), std::vector<std::uint32_t>(32, 1));
}

TEST(MbarrierDiagnostics, RemoteArriveCannotReturnAState) {
  const auto run = ws::test::runPtx(remoteArriveKernel("%rd10"), cluster2());
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Diagnostic);
  EXPECT_TRUE(run.hasDiag(DiagKind::MbarrierRemoteUnsupported));
}

// ---------------------------------------------------------------- H100 recordings

class HwMbarrier : public ::testing::TestWithParam<ws::test::GoldenCase> {};

TEST_P(HwMbarrier, MatchesTheH100) { ws::test::replayGolden(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Recorded, HwMbarrier,
                         ::testing::ValuesIn(ws::test::loadGoldenFile(ws::test::dataPath("/hw/golden-mbarrier.json"),
                                                                      ws::test::dataPath("/hw/mbarrier.ptx"), "")),
                         [](const auto& p) { return p.param.label; });

}  // namespace
