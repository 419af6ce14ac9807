// red.async (PTX ISA 9.7.13.7) in a cluster of two CTAs, in the pattern of
// the H100-recorded pub_red_async_add: CTA 0's lanes reduce into CTA 1's
// shared array and signal CTA 1's mbarrier with complete-tx; CTA 1 waits on
// its mbarrier (expect_tx of the total byte count) and writes the array out.
// Covers every op/type, the in-flight state before completion, the data
// flows, every completion policy, and the diagnostic for a red.async into the
// executing CTA itself.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>
#include <variant>

#include "core/exec/async/mbarrier_object.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using namespace ws::core;

struct Form {
  std::string op;            // "add.u32"
  bool wide = false;         // 64-bit cells and operand
};

// acc[l] = 1000 * l in every CTA; CTA 0 lane l reduces in[l] (in[2l..2l+1]
// for 64-bit forms) into acc[l] of CTA `target`; CTA 1 waits and writes
// out[l] (64-bit: out[2l..2l+1]).
std::string clusterKernel(const Form& f, int target = 1) {
  const int cell = f.wide ? 8 : 4;
  const std::string init = f.wide ? "\tcvt.u64.u32 %rd9, %r4;\n\tst.shared.u64 [%r3], %rd9;\n" : "\tst.shared.u32 [%r3], %r4;\n";
  const std::string out = f.wide
                              ? "\tld.shared.u64 %rd11, [%r3];\n\tmul.wide.u32 %rd4, %r2, 8;\n\tadd.s64 %rd5, %rd3, %rd4;\n"
                                "\tst.global.u64 [%rd5], %rd11;\n"
                              : "\tld.shared.u32 %r11, [%r3];\n\tmul.wide.u32 %rd4, %r2, 4;\n\tadd.s64 %rd5, %rd3, %rd4;\n"
                                "\tst.global.u32 [%rd5], %r11;\n";
  const std::string operand = f.wide ? "\tmul.wide.u32 %rd7, %r2, 8;\n\tadd.s64 %rd8, %rd2, %rd7;\n\tld.global.u64 %rd10, [%rd8];\n"
                                     : "\tmul.wide.u32 %rd7, %r2, 4;\n\tadd.s64 %rd8, %rd2, %rd7;\n\tld.global.u32 %r17, [%rd8];\n";
  std::string s = ".version 8.7\n.target sm_90a\n.address_size 64\n\n";
  s += ".visible .entry k(\n\t.param .u64 k_in,\n\t.param .u64 k_out\n)\n{\n";
  s += "\t.reg .pred %p<8>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n";
  s += "\t.shared .align 8 .b8 acc[256];\n\t.shared .align 8 .b64 bar;\n";
  s += "\tld.param.u64 %rd2, [k_in];\n\tld.param.u64 %rd3, [k_out];\n";
  s += "\tcvta.to.global.u64 %rd2, %rd2;\n\tcvta.to.global.u64 %rd3, %rd3;\n";
  s += "\tmov.u32 %r1, %cluster_ctarank;\n\tmov.u32 %r2, %tid.x;\n\tmul.lo.s32 %r4, %r2, 1000;\n";
  s += fmt::format("\tshl.b32 %r5, %r2, {};\n", cell == 8 ? 3 : 2);
  s += "\tmov.u32 %r6, acc;\n\tadd.s32 %r3, %r6, %r5;\n" + init;
  s += "\tmov.u32 %r7, bar;\n\tsetp.ne.s32 %p1, %r2, 0;\n\t@%p1 bra SYNC;\n";
  s += "\tmbarrier.init.shared.b64 [%r7], 1;\n\tfence.mbarrier_init.release.cluster;\n";
  s += "\tsetp.ne.s32 %p2, %r1, 1;\n\t@%p2 bra SYNC;\n";
  s += fmt::format("\tmbarrier.arrive.expect_tx.shared.b64 _, [%r7], {};\n", 32 * cell);
  s += "SYNC:\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n";
  s += "\tsetp.eq.s32 %p3, %r1, 0;\n\t@%p3 bra ISSUE;\n";
  s += "WAIT:\n\tmbarrier.try_wait.parity.shared.b64 %p4, [%r7], 0;\n\t@!%p4 bra WAIT;\n" + out + "\tbra.uni END;\n";
  s += "ISSUE:\n";
  s += fmt::format("\tmapa.shared::cluster.u32 %r12, %r3, {};\n\tmapa.shared::cluster.u32 %r14, %r7, {};\n", target, target);
  s += operand;
  s += fmt::format("\tred.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{} [%r12], {}, [%r14];\n", f.op,
                   f.wide ? "%rd10" : "%r17");
  s += "END:\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n\tret;\n}\n";
  return s;
}

LaunchConfig clusterLaunch(const std::vector<std::uint32_t>& in, std::size_t outWords) {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = {2, 1, 1};
  cfg.block = {32, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes(in)}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(outWords, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  return cfg;
}

void expectClean(const ws::test::Run& run) {
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
}

std::vector<std::uint32_t> iota32(std::uint32_t k = 1) {
  std::vector<std::uint32_t> v(32);
  for (std::uint32_t l = 0; l < 32; ++l) v[l] = k * l;
  return v;
}

TEST(RedAsync, PubRedAsyncAddPattern) {
  std::vector<std::uint32_t> in(32);
  for (std::uint32_t l = 0; l < 32; ++l) in[l] = 0x9e3779b9u * (l + 1);
  const auto run = ws::test::runPtx(clusterKernel({"add.u32"}), clusterLaunch(in, 32));
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(w[l], 1000u * l + in[l]) << "lane " << l;
}

struct OpCase {
  const char* op;
  std::uint32_t b;                       // the same operand for every lane
  std::uint32_t (*want)(std::uint32_t);  // expected cell from acc = 1000 * l
};

TEST(RedAsync, EveryThirtyTwoBitOperation) {
  const OpCase cases[] = {
      {"add.s32", 0xfffffffbu, [](std::uint32_t a) { return a - 5u; }},
      {"min.u32", 15500, [](std::uint32_t a) { return a < 15500u ? a : 15500u; }},
      {"max.u32", 15500, [](std::uint32_t a) { return a > 15500u ? a : 15500u; }},
      {"min.s32", 0xffffffffu, [](std::uint32_t) { return 0xffffffffu; }},
      {"max.s32", 0xffffffffu, [](std::uint32_t a) { return a; }},
      // inc(r, s) = (r >= s) ? 0 : r+1; dec(r, s) = (r == 0 || r > s) ? s : r-1
      {"inc.u32", 5000, [](std::uint32_t a) { return a >= 5000u ? 0u : a + 1u; }},
      {"dec.u32", 5000, [](std::uint32_t a) { return (a == 0u || a > 5000u) ? 5000u : a - 1u; }},
      {"and.b32", 0xff, [](std::uint32_t a) { return a & 0xffu; }},
      {"or.b32", 0x10000, [](std::uint32_t a) { return a | 0x10000u; }},
      {"xor.b32", 0xffffffffu, [](std::uint32_t a) { return ~a; }},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.op);
    const auto run = ws::test::runPtx(clusterKernel({tc.op}), clusterLaunch(std::vector<std::uint32_t>(32, tc.b), 32));
    expectClean(run);
    const auto w = run.words(1);
    ASSERT_EQ(w.size(), 32u);
    for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(w[l], tc.want(1000u * l)) << "lane " << l;
  }
}

TEST(RedAsync, AddU64CarriesAcrossWords) {
  // operand 0xffffffff + l: 1000l + 0xffffffff + l = 0x1_0000_0000 + 1001l - 1
  std::vector<std::uint32_t> in(64);
  for (std::uint32_t l = 0; l < 32; ++l) {
    in[2 * l] = 0xffffffffu + l;  // wraps for l > 0: low word l - 1, high word 1
    in[2 * l + 1] = l == 0 ? 0u : 1u;
  }
  const auto run = ws::test::runPtx(clusterKernel({"add.u64", true}), clusterLaunch(in, 64));
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t l = 0; l < 32; ++l) {
    const std::uint64_t got = w[2 * l] | (static_cast<std::uint64_t>(w[2 * l + 1]) << 32);
    EXPECT_EQ(got, 1000ull * l + 0xffffffffull + l) << "lane " << l;
  }
}

TEST(RedAsync, EveryCompletionPolicyGivesTheSameResult) {
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions opts;
    opts.asyncCompletion = policy;
    const auto run = ws::test::runPtx(clusterKernel({"add.u32"}), clusterLaunch(iota32(3), 32), opts);
    expectClean(run);
    const auto w = run.words(1);
    for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(w[l], 1003u * l);
  }
}

// ---------------------------------------------------------------- in flight

struct Machine {
  std::shared_ptr<const Program> prog;
  std::optional<Engine> engine;
  std::uint32_t accOff = 0, barOff = 0;

  std::uint64_t shared(std::uint32_t cta, std::uint32_t off, int bytes) const {
    std::uint64_t v = 0;
    const auto& sh = engine->state().ctas[cta].shared;
    for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(sh[off + static_cast<std::uint32_t>(i)]) << (8 * i);
    return v;
  }
  mbar::Mbarrier bar(std::uint32_t cta) const { return mbar::decode(shared(cta, barOff, 8)); }
};

Machine makeMachine(const std::string& ptx, const LaunchConfig& cfg, EngineOptions opts) {
  Machine m;
  auto parsed = parsePtx(ptx, "t.ptx");
  if (!parsed.ok()) return m;
  m.prog = std::make_shared<const Program>(std::move(*parsed.program));
  for (const auto& s : m.prog->symbols) {
    if (s.name == "acc") m.accOff = static_cast<std::uint32_t>(s.offset);
    if (s.name == "bar") m.barOff = static_cast<std::uint32_t>(s.offset);
  }
  auto made = Engine::create(m.prog, cfg, opts);
  if (std::holds_alternative<Engine>(made)) m.engine.emplace(std::move(std::get<Engine>(made)));
  return m;
}

TEST(RedAsync, InFlightStateBeforeCompletion) {
  EngineOptions opts;
  opts.asyncCompletion = AsyncCompletion::Manual;
  const auto in = iota32(7);
  Machine m = makeMachine(clusterKernel({"add.u32"}), clusterLaunch(in, 32), opts);
  ASSERT_TRUE(m.engine.has_value());
  Engine& eng = *m.engine;
  std::vector<Flow> issueFlows;
  for (int i = 0; i < 5000 && eng.state().inflight.size() < 32; ++i) {
    StepRecord rec;
    eng.step(&rec);
    if (m.prog->instrs[rec.pc].op == Opcode::RedAsync && !rec.completedAsync) issueFlows = rec.flows;
  }
  ASSERT_EQ(eng.state().inflight.size(), 32u);
  // Nothing completes on its own under the Manual policy: CTA 1 keeps spinning.
  for (int i = 0; i < 300; ++i) eng.step();
  ASSERT_EQ(eng.state().inflight.size(), 32u);

  ASSERT_EQ(issueFlows.size(), 32u);
  for (std::uint32_t l = 0; l < 32; ++l) {
    const AsyncOp& op = eng.state().inflight[l];
    EXPECT_EQ(op.id, l);
    EXPECT_EQ(op.issuerLane, l);
    EXPECT_EQ(op.kind, AsyncKind::RedAsync);
    EXPECT_EQ(op.dst, (AsyncLoc{Space::Shared, 1, m.accOff + 4 * l}));
    EXPECT_TRUE(op.hasMbar);
    EXPECT_EQ(op.mbar, (AsyncLoc{Space::Shared, 1, m.barOff}));
    EXPECT_EQ(op.op, Mod::Add);
    EXPECT_EQ(op.type, DataType::U32);
    EXPECT_EQ(op.data[0], 7u * l);
    EXPECT_EQ(m.prog->instrs[op.pc].op, Opcode::RedAsync);
    // Target memory is untouched until completion.
    EXPECT_EQ(m.shared(1, m.accOff + 4 * l, 4), 1000u * l);
    const Flow& f = issueFlows[l];
    EXPECT_EQ(f.kind, FlowKind::AsyncIssue);
    EXPECT_EQ(f.from.lane, l);
    EXPECT_EQ(f.to.kind, Endpoint::Kind::Memory);
    EXPECT_EQ(f.to.space, Space::Shared);
    EXPECT_EQ(f.to.cta, 1u);
    EXPECT_EQ(f.to.addr, m.accOff + 4 * l);
    EXPECT_EQ(f.value, 7u * l);
    EXPECT_EQ(f.order, l);
  }
  // CTA 1's mbarrier: its one arrival is in (arrive.expect_tx), 128 bytes outstanding.
  mbar::Mbarrier b = m.bar(1);
  EXPECT_TRUE(b.initialised);
  EXPECT_EQ(b.phase, 0u);
  EXPECT_EQ(b.pending, 0u);
  EXPECT_EQ(b.tx, 128);
  EXPECT_EQ(m.bar(0).pending, 1u);  // CTA 0's own barrier is untouched

  // Retire them newest first; each performs the add and a 4-byte complete-tx.
  for (int l = 31; l >= 0; --l) {
    const auto ul = static_cast<std::uint32_t>(l);
    StepRecord rec;
    ASSERT_TRUE(eng.completeAsync(ul, &rec).executed);
    EXPECT_TRUE(rec.completedAsync);
    EXPECT_EQ(m.shared(1, m.accOff + 4 * ul, 4), 1007u * ul);
    b = m.bar(1);
    if (l > 0) {
      EXPECT_EQ(b.tx, 4 * l);
      EXPECT_EQ(b.phase, 0u);
    } else {
      EXPECT_EQ(b.tx, 0);
      EXPECT_EQ(b.phase, 1u);  // the last complete-tx completes the phase
      EXPECT_EQ(b.pending, 1u);
    }
    ASSERT_EQ(rec.flows.size(), 2u);
    EXPECT_EQ(rec.flows[0].kind, FlowKind::AsyncComplete);
    EXPECT_EQ(rec.flows[0].to.addr, m.accOff + 4 * ul);
    EXPECT_EQ(rec.flows[0].value, 1007u * ul);
    EXPECT_EQ(rec.flows[1].kind, FlowKind::CompleteTx);
    EXPECT_EQ(rec.flows[1].to.kind, Endpoint::Kind::Mbarrier);
    EXPECT_EQ(rec.flows[1].to.cta, 1u);
    EXPECT_EQ(rec.flows[1].to.addr, m.barOff);
    EXPECT_EQ(rec.flows[1].value, 4u);
  }
  EXPECT_TRUE(eng.state().inflight.empty());
  const auto r = eng.run(100000);
  EXPECT_EQ(r.stop, StopReason::Finished);
  EXPECT_TRUE(r.diags.empty());
  std::vector<std::uint32_t> out(32);
  std::memcpy(out.data(), eng.buffer(1).data(), 128);
  for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(out[l], 1007u * l);
}

// ---------------------------------------------------------------- diagnostics

TEST(RedAsync, IntoTheExecutingCtaIsReported) {
  // CTA 0 maps to rank 0: the destination is its own shared memory.
  const auto run = ws::test::runPtx(clusterKernel({"add.u32"}, 0), clusterLaunch(iota32(), 32));
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Diagnostic);
  ASSERT_TRUE(run.hasDiag(DiagKind::RedAsyncNotRemote));
  for (const auto& d : run.result.diags) {
    if (d.kind != DiagKind::RedAsyncNotRemote) continue;
    EXPECT_EQ(d.lanes, 0xffffffffu);
    EXPECT_NE(d.message.find("destination in CTA rank 0"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("executing CTA rank 0"), std::string::npos) << d.message;
  }
}

TEST(RedAsync, AddressOutsideTheClusterIsReported) {
  // A ::cluster address naming rank 5 in a cluster of 2.
  std::string ptx = clusterKernel({"add.u32"});
  const std::string from = "\tmapa.shared::cluster.u32 %r12, %r3, 1;\n";
  ptx.replace(ptx.find(from), from.size(), "\tadd.u32 %r12, %r3, 0x06000000;\n");
  EngineOptions hw;
  hw.mode = ExecMode::Hardware;
  const auto run = ws::test::runPtx(ptx, clusterLaunch(iota32(), 32), hw, 20000);
  ASSERT_EQ(run.error, "");
  EXPECT_TRUE(run.hasDiag(DiagKind::RedAsyncNotRemote));
}

TEST(RedAsync, UninitialisedTargetMbarrierIsReportedAtCompletion) {
  // CTA 1 never initialises its barrier: drop CTA 1's init by making only
  // rank 0 run it.
  std::string ptx = clusterKernel({"add.u32"});
  const std::string init = "\tmbarrier.init.shared.b64 [%r7], 1;\n";
  ptx.replace(ptx.find(init), init.size(), "\tsetp.ne.s32 %p5, %r1, 0;\n\t@%p5 bra SYNC;\n" + init);
  // Nor does CTA 1 wait on it: that wait would be the first use of the
  // uninitialised object, and hardware mode stops at the first (rule R).
  const std::string wait = "\tmbarrier.try_wait.parity.shared.b64 %p4, [%r7], 0;\n\t@!%p4 bra WAIT;\n";
  ptx.replace(ptx.find(wait), wait.size(), "");
  EngineOptions hw;
  hw.mode = ExecMode::Hardware;
  const auto run = ws::test::runPtx(ptx, clusterLaunch(iota32(), 32), hw, 20000);
  ASSERT_EQ(run.error, "");
  bool atCompletion = false;
  for (const auto& d : run.result.diags)
    atCompletion |= d.kind == DiagKind::MbarrierUninitialized && d.message.find("complete-tx") != std::string::npos;
  EXPECT_TRUE(atCompletion);
}

// ---------------------------------------------------------------- H100 recordings

class HwRedAsync : public ::testing::TestWithParam<ws::test::GoldenCase> {};

TEST_P(HwRedAsync, MatchesTheH100) { ws::test::replayGolden(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Recorded, HwRedAsync,
                         ::testing::ValuesIn(ws::test::loadGoldenFile(ws::test::dataPath("/hw/golden-redasync.json"),
                                                                      ws::test::dataPath("/hw/redasync.ptx"), "")),
                         [](const auto& p) { return p.param.label; });

}  // namespace
