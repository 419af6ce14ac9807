// The bulk asynchronous copies (PTX ISA 9.7.9.25.4) and st.async (9.7.9.12):
// cp.async.bulk in its four directions (multicast included), cp.reduce.async.bulk
// into global memory (every op/type of the table, against the element rule of
// atomic_ops) and into a peer CTA, bulk async-groups with wait_group{.read},
// complete-tx of the byte count, one operation per multicast destination,
// the completion policies, every diagnostic, and stepping back.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>

#include "core/exec/memory/atomic_ops.hpp"
#include "core/exec/async/mbarrier_object.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace {

using namespace ws::core;

constexpr std::string_view kShared =
    ".shared .align 128 .b8 src[256];\n.shared .align 128 .b8 recv[256];\n.shared .align 8 .b64 bar;\n";

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

std::uint32_t symbol(const Program& p, std::string_view name) {
  for (const auto& s : p.symbols)
    if (s.name == name) return static_cast<std::uint32_t>(s.offset);
  return 0;
}

mbar::Mbarrier barOf(const Engine& e, std::uint32_t cta, std::uint32_t off) {
  std::uint64_t w = 0;
  for (std::uint32_t i = 0; i < 8; ++i) w |= static_cast<std::uint64_t>(e.state().ctas[cta].shared[off + i]) << (8 * i);
  return mbar::decode(w);
}

// ---------------------------------------------------------------- cluster kernels

// A cluster of two CTAs of 64 threads. Before the cluster barrier: thread t
// sets src word t = in[rank * 64 + t] and recv word t = 1000 * t + rank,
// thread 0 inits bar (count 1) and arrives on it with expect_tx(`expect`).
// Then `issue` (thread 0 only when `leader`), every thread waits on bar phase 0
// and stores recv word t to out[rank * 64 + t].
std::string clusterKernel(std::string_view issue, int expect, bool leader = true) {
  std::string s = R"(
	mov.u32 %r60, %cluster_ctarank;
	xor.b32 %r61, %r60, 1;
	mov.u32 %r62, src;
	mov.u32 %r63, recv;
	mov.u32 %r64, bar;
	shl.b32 %r65, %r127, 2;
	mul.lo.u32 %r66, %r60, 64;
	add.u32 %r67, %r66, %r127;
	mul.wide.u32 %rd40, %r67, 4;
	add.s64 %rd41, %rd0, %rd40;
	ld.global.u32 %r68, [%rd41];
	add.u32 %r69, %r62, %r65;
	st.shared.u32 [%r69], %r68;
	mul.lo.u32 %r70, %r127, 1000;
	add.u32 %r70, %r70, %r60;
	add.u32 %r71, %r63, %r65;
	st.shared.u32 [%r71], %r70;
	fence.proxy.async;
	setp.ne.u32 %p10, %r127, 0;
	@%p10 bra SYNC;
	mbarrier.init.shared.b64 [%r64], 1;
	fence.mbarrier_init.release.cluster;
)";
  s += fmt::format("\tmbarrier.arrive.expect_tx.shared.b64 _, [%r64], {};\n", expect);
  s += "SYNC:\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n";
  s += "\tmapa.shared::cluster.u32 %r72, %r63, %r61;\n\tmapa.shared::cluster.u32 %r73, %r64, %r61;\n";
  if (leader) s += "\t@%p10 bra WAIT;\n";
  s += issue;
  s += R"(
WAIT:
	mbarrier.try_wait.parity.shared.b64 %p11, [%r64], 0;
	@!%p11 bra WAIT;
	ld.shared.u32 %r74, [%r71];
	mul.wide.u32 %rd42, %r67, 4;
	add.s64 %rd43, %rd1, %rd42;
	st.global.u32 [%rd43], %r74;
	barrier.cluster.arrive;
	barrier.cluster.wait;
)";
  return s;
}

LaunchConfig clusterLaunch(const std::vector<std::uint32_t>& in, std::uint32_t clusterSize = 2) {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = {2, 1, 1};
  cfg.block = {64, 1, 1};
  cfg.cluster = {clusterSize, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes(in)}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(128, 0))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  return cfg;
}

ws::test::Run runCluster(std::string_view issue, int expect, EngineOptions o = {}, bool leader = true,
                         std::uint64_t maxSteps = 2'000'000) {
  return ws::test::runPtx(ws::test::kernel(clusterKernel(issue, expect, leader), "sm_90a", kShared), clusterLaunch(iota(128, 7, 3)),
                          o, maxSteps);
}

// recv word t of CTA rank r, as the kernel stores it.
std::uint32_t recvInit(std::uint32_t r, std::uint32_t t) { return 1000 * t + r; }
std::uint32_t inWord(std::uint32_t r, std::uint32_t t) { return 7 * (r * 64 + t) + 3; }

// ---------------------------------------------------------------- global -> shared

constexpr std::string_view kLoad = R"(
	mov.u32 %r1, recv;
	mov.u32 %r2, bar;
	mbarrier.init.shared::cta.b64 [%r2], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 256;
	cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r1], [%rd0+256], 256, [%r2], %rd0;
	cp.async.bulk.prefetch.L2.global [%rd0], 256;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0;
	@!%p1 bra WAIT;
	mov.u32 %r3, 0;
LOOP:
	add.u32 %r4, %r1, %r3;
	ld.shared.u32 %r5, [%r4];
	cvt.u64.u32 %rd5, %r3;
	add.s64 %rd6, %rd1, %rd5;
	st.global.u32 [%rd6], %r5;
	add.u32 %r3, %r3, 4;
	setp.lt.u32 %p2, %r3, 256;
	@%p2 bra LOOP;
)";

TEST(BulkCopy, GlobalToSharedCompletesTheTxCount) {
  const auto in = iota(128, 5, 11);
  const auto run = ws::test::runKernel(kLoad, in, 64, 1, {}, "sm_90a", kShared);
  expectClean(run);
  const auto w = run.words(1);
  for (std::uint32_t i = 0; i < 64; ++i) EXPECT_EQ(w[i], in[64 + i]) << i;
}

TEST(BulkCopy, InFlightUntilCompletedThenOneCompleteTxOfItsSize) {
  EngineOptions o;
  o.asyncCompletion = AsyncCompletion::Manual;
  auto run = ws::test::runPtx(ws::test::kernel(kLoad, "sm_90a", kShared), [] {
    LaunchConfig cfg;
    cfg.entry = "k";
    cfg.block = {1, 1, 1};
    cfg.buffers = {{"in", ws::test::toBytes(iota(128, 5, 11))}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(64))}};
    cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
    return cfg;
  }(), o, 0);
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  const std::uint32_t recv = symbol(*run.program, "recv"), bar = symbol(*run.program, "bar");
  for (int i = 0; i < 200 && e.state().warps[0].ctl.yielded == 0; ++i) e.step();
  ASSERT_EQ(e.state().inflight.size(), 1u);
  const AsyncOp& op = e.state().inflight[0];
  EXPECT_EQ(op.kind, AsyncKind::BulkCopy);
  EXPECT_EQ(op.src, (AsyncLoc{Space::Global, 0, e.bufferAddress(0) + 256}));
  EXPECT_EQ(op.dst, (AsyncLoc{Space::Shared, 0, recv}));
  EXPECT_EQ(op.size, 256u);
  EXPECT_TRUE(op.hasMbar);
  EXPECT_EQ(op.mbar, (AsyncLoc{Space::Shared, 0, bar}));
  EXPECT_EQ(op.group, kNoAsyncGroup);
  EXPECT_EQ(barOf(e, 0, bar).tx, 256);
  EXPECT_EQ(barOf(e, 0, bar).phase, 0u);
  StepRecord rec;
  ASSERT_TRUE(e.completeAsync(op.id, &rec).executed);
  ASSERT_EQ(rec.flows.size(), 2u);
  EXPECT_EQ(rec.flows[0].kind, FlowKind::AsyncComplete);
  EXPECT_EQ(rec.flows[0].from.space, Space::Global);
  EXPECT_EQ(rec.flows[0].bytes, 256u);
  EXPECT_EQ(rec.flows[0].value, (static_cast<std::uint64_t>(5 * 65 + 11) << 32) | (5 * 64 + 11));
  EXPECT_EQ(rec.flows[1].kind, FlowKind::CompleteTx);
  EXPECT_EQ(rec.flows[1].value, 256u);
  EXPECT_EQ(barOf(e, 0, bar).tx, 0);
  EXPECT_EQ(barOf(e, 0, bar).phase, 1u);
  EXPECT_EQ(rec.mem.size(), 32u + 1u);  // 32 eight-byte writes and the mbarrier word
}

// ---------------------------------------------------------------- shared -> global, bulk groups

constexpr std::string_view kStore = R"(
	mov.u32 %r1, src;
	shl.b32 %r2, %r127, 2;
	add.u32 %r3, %r1, %r2;
	ld.global.u32 %r4, [%rd2];
	mul.lo.u32 %r5, %r4, 3;
	st.shared.u32 [%r3], %r5;
	fence.proxy.async.shared::cta;
	bar.sync 0;
	setp.ne.u32 %p1, %r127, 0;
	@%p1 bra DONE;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 128;
	cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1+128], [%r1+128], 128, %rd0;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group.read 0;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1+256], [%r1], 256;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
DONE:
)";

TEST(BulkCopy, SharedToGlobalInBulkGroups) {
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions o;
    o.asyncCompletion = policy;
    const auto in = iota(64, 3, 1);
    const auto run = ws::test::runKernel(kStore, in, 128, 64, o, "sm_90a", kShared);
    expectClean(run);
    const auto w = run.words(1);
    for (std::uint32_t i = 0; i < 128; ++i) EXPECT_EQ(w[i], 3 * in[i % 64]) << i;
  }
}

TEST(BulkCopy, WaitGroupReadBlocksTheIssuerUntilItsGroupCompletes) {
  EngineOptions o;
  o.asyncCompletion = AsyncCompletion::Manual;
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {64, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes(iota(64))}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(128))}};
  cfg.params = {ParamValue::buf(0), ParamValue::buf(1)};
  auto run = ws::test::runPtx(ws::test::kernel(kStore, "sm_90a", kShared), cfg, o, 0);
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  const auto& c = e.state().warps[0].ctl;
  for (int i = 0; i < 500 && c.waitKind[0] != WaitKind::BulkGroup; ++i) e.step();
  ASSERT_EQ(c.waiting & 1u, 1u);
  EXPECT_EQ(c.waitKind[0], WaitKind::BulkGroup);
  EXPECT_EQ(e.state().warps[0].groups.bulk[0], 1u);
  ASSERT_EQ(e.state().inflight.size(), 2u);
  EXPECT_EQ(e.state().inflight[0].group, 0u);
  EXPECT_EQ(e.state().inflight[1].group, 0u);
  ASSERT_TRUE(e.completeAsync(1).executed);
  EXPECT_EQ(c.waiting & 1u, 1u);
  ASSERT_TRUE(e.completeAsync(0).executed);
  EXPECT_EQ(c.waiting & 1u, 0u);
}

// ---------------------------------------------------------------- reductions into global

struct ReduceCase {
  std::string form;  // "add.u32", "add.noftz.f16", ...
  Mod op;
  DataType type;
};

TEST(BulkReduce, EveryOperationAndTypeIntoGlobalMemory) {
  const ReduceCase cases[] = {
      {"add.u32", Mod::Add, DataType::U32},        {"add.s32", Mod::Add, DataType::S32},
      {"add.u64", Mod::Add, DataType::U64},        {"add.f32", Mod::Add, DataType::F32},
      {"add.f64", Mod::Add, DataType::F64},        {"add.noftz.f16", Mod::Add, DataType::F16},
      {"add.noftz.bf16", Mod::Add, DataType::BF16}, {"min.u32", Mod::Min, DataType::U32},
      {"max.s32", Mod::Max, DataType::S32},        {"min.u64", Mod::Min, DataType::U64},
      {"max.s64", Mod::Max, DataType::S64},        {"min.f16", Mod::Min, DataType::F16},
      {"max.bf16", Mod::Max, DataType::BF16},      {"inc.u32", Mod::Inc, DataType::U32},
      {"dec.u32", Mod::Dec, DataType::U32},        {"and.b32", Mod::And, DataType::B32},
      {"or.b64", Mod::Or, DataType::B64},          {"xor.b64", Mod::Xor, DataType::B64},
  };
  // Source: the 256-byte tile of `in`; destination: `out`, pre-filled with 0xcdcd0000 | i.
  std::vector<std::uint32_t> in(64);
  for (std::uint32_t i = 0; i < 64; ++i) in[i] = 0x9e3779b9u * (i + 1) ^ (i << 7);
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.form);
    const std::string body = fmt::format(R"(
	mov.u32 %r1, src;
	mov.u32 %r3, 0;
FILL:
	cvt.u64.u32 %rd5, %r3;
	add.s64 %rd6, %rd0, %rd5;
	ld.global.u32 %r4, [%rd6];
	add.u32 %r5, %r1, %r3;
	st.shared.u32 [%r5], %r4;
	add.u32 %r3, %r3, 4;
	setp.lt.u32 %p1, %r3, 256;
	@%p1 bra FILL;
	fence.proxy.async.shared::cta;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.{} [%rd1], [%r1], 256;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
)",
                                         tc.form);
    const auto run = ws::test::runKernel(body, in, 64, 1, {}, "sm_90a", kShared);
    expectClean(run);
    const auto w = run.words(1);
    std::vector<std::uint8_t> dst(256), srcBytes(256);
    for (std::uint32_t i = 0; i < 64; ++i) {
      const std::uint32_t init = 0xcdcd0000u | i;
      std::memcpy(dst.data() + 4 * i, &init, 4);
      std::memcpy(srcBytes.data() + 4 * i, &in[i], 4);
    }
    const auto elem = static_cast<std::size_t>(byteWidth(tc.type));
    for (std::size_t off = 0; off < 256; off += elem) {
      std::uint64_t old = 0, b = 0;
      std::memcpy(&old, dst.data() + off, elem);
      std::memcpy(&b, srcBytes.data() + off, elem);
      atomics::ElementArgs a;
      a.op = tc.op;
      a.type = tc.type;
      a.b = b;
      a.global = true;
      const std::uint64_t r = atomics::apply(a, old);
      std::memcpy(dst.data() + off, &r, elem);
    }
    for (std::uint32_t i = 0; i < 64; ++i) {
      std::uint32_t want = 0;
      std::memcpy(&want, dst.data() + 4 * i, 4);
      EXPECT_EQ(w[i], want) << "word " << i;
    }
  }
}

// ---------------------------------------------------------------- into the peer CTA

TEST(BulkCopy, SharedCtaIntoThePeerCtaAndAReductionThere) {
  // Rank r copies its src into the peer's recv, then adds its src into it again:
  // recv of rank r = 2 * src of rank r^1, 512 bytes expected.
  const std::string issue = R"(
	cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r72], [%r62], 256, [%r73];
)";
  const auto copied = runCluster(issue, 256);
  expectClean(copied);
  const auto reduce = runCluster(
      "\tcp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%r72], [%r62], 256, "
      "[%r73];\n",
      256);
  expectClean(reduce);
  const auto wc = copied.words(1), wr = reduce.words(1);
  for (std::uint32_t r = 0; r < 2; ++r)
    for (std::uint32_t t = 0; t < 64; ++t) {
      EXPECT_EQ(wc[r * 64 + t], inWord(r ^ 1, t)) << r << " " << t;
      EXPECT_EQ(wr[r * 64 + t], recvInit(r, t) + inWord(r ^ 1, t)) << r << " " << t;
    }
}

TEST(BulkCopy, MulticastIsOneOperationPerDestinationCta) {
  // Rank r loads in[r * 32 .. r * 32 + 32) to recv word r * 32 .. of both CTAs:
  // each CTA's mbarrier expects both halves (256 bytes).
  const std::string issue = R"(
	mov.u16 %rs1, 3;
	mul.wide.u32 %rd44, %r60, 128;
	add.s64 %rd45, %rd0, %rd44;
	mul.lo.u32 %r75, %r60, 128;
	add.u32 %r76, %r63, %r75;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r76], [%rd45], 128, [%r64], %rs1;
)";
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions o;
    o.asyncCompletion = policy;
    const auto run = runCluster(issue, 256, o);
    expectClean(run);
    const auto w = run.words(1);
    for (std::uint32_t r = 0; r < 2; ++r)
      for (std::uint32_t t = 0; t < 64; ++t) EXPECT_EQ(w[r * 64 + t], inWord(0, t)) << r << " " << t;
  }
  EngineOptions m;
  m.asyncCompletion = AsyncCompletion::Manual;
  auto run = runCluster(issue, 256, m, true, 0);
  ASSERT_EQ(run.error, "");
  Engine& e = *run.engine;
  for (int i = 0; i < 4000 && e.state().inflight.size() < 4; ++i) e.step();
  ASSERT_EQ(e.state().inflight.size(), 4u);
  const std::uint32_t recv = symbol(*run.program, "recv"), bar = symbol(*run.program, "bar");
  for (const AsyncOp& op : e.state().inflight) {
    const std::uint32_t issuerRank = e.state().ctas[e.state().warps[op.issuerWarp].cta].clusterRank;
    EXPECT_EQ(op.ctaMask, 3u);
    EXPECT_EQ(op.dst.addr, recv + 128 * issuerRank);
    EXPECT_EQ(op.mbar, (AsyncLoc{Space::Shared, op.dst.cta, bar}));
    EXPECT_EQ(op.size, 128u);
  }
  EXPECT_NE(e.state().inflight[0].dst.cta, e.state().inflight[1].dst.cta);
}

// ---------------------------------------------------------------- st.async

TEST(StAsync, VectorStoresIntoThePeerCta) {
  // Threads 0-7: .v4.b32 into peer words 4t..4t+3; threads 8-11: .v2.b64
  // into words 4t..4t+3; threads 12-19: .v2.b32 into words 2t+24, 2t+25.
  // Each copies its own CTA's src words there: 256 bytes for the peer's mbarrier.
  const std::string issue = R"(
	setp.ge.u32 %p12, %r127, 20;
	@%p12 bra WAIT;
	setp.ge.u32 %p13, %r127, 12;
	@%p13 bra NARROW;
	shl.b32 %r77, %r127, 4;
	add.u32 %r78, %r72, %r77;
	add.u32 %r79, %r62, %r77;
	setp.ge.u32 %p14, %r127, 8;
	@%p14 bra WIDE;
	ld.shared.v4.u32 {%r80, %r81, %r82, %r83}, [%r79];
	st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%r78], {%r80, %r81, %r82, %r83}, [%r73];
	bra.uni WAIT;
WIDE:
	ld.shared.v2.u64 {%rd46, %rd47}, [%r79];
	st.async.weak.shared::cluster.mbarrier::complete_tx::bytes.v2.b64 [%r78], {%rd46, %rd47}, [%r73];
	bra.uni WAIT;
NARROW:
	shl.b32 %r77, %r127, 3;
	add.u32 %r77, %r77, 96;
	add.u32 %r78, %r72, %r77;
	add.u32 %r79, %r62, %r77;
	ld.shared.v2.u32 {%r80, %r81}, [%r79];
	st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.b32 [%r78], {%r80, %r81}, [%r73];
)";
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions o;
    o.asyncCompletion = policy;
    const auto run = runCluster(issue, 256, o, false);
    expectClean(run);
    const auto w = run.words(1);
    for (std::uint32_t r = 0; r < 2; ++r)
      for (std::uint32_t t = 0; t < 64; ++t) EXPECT_EQ(w[r * 64 + t], inWord(r ^ 1, t)) << r << " " << t;
  }
}

// ---------------------------------------------------------------- diagnostics

struct DiagCase {
  std::string name;
  std::string body;   // a kernel body (one CTA, or the cluster kernel's issue)
  bool cluster;
  DiagKind kind;
};

TEST(BulkDiagnostics, EveryRuleIsATypedDiagnostic) {
  const std::string load = "\tmov.u32 %r1, recv;\n\tmov.u32 %r2, bar;\n\tmbarrier.init.shared::cta.b64 [%r2], 1;\n";
  const DiagCase cases[] = {
      {"size not a multiple of 16", load + "\tcp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r1], [%rd0], 24, [%r2];\n",
       false, DiagKind::BulkCopySize},
      {"misaligned source", load + "\tcp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r1], [%rd0+8], 64, [%r2];\n",
       false, DiagKind::BulkCopyAlignment},
      {"source past the buffer", load + "\tcp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r1], [%rd0+256], 256, [%r2];\n",
       false, DiagKind::BulkCopyRange},
      {"destination past shared memory", load + "\tcp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r1+1024], [%rd0], 256, [%r2];\n",
       false, DiagKind::BulkCopyRange},
      {"prefetch size", "\tcp.async.bulk.prefetch.L2.global [%rd0], 40;\n", false, DiagKind::BulkCopySize},
      {"add.f16 without .noftz", "\tmov.u32 %r1, src;\n\tcp.reduce.async.bulk.global.shared::cta.bulk_group.add.f16 [%rd1], [%r1], 64;\n",
       false, DiagKind::BulkReduceForm},
      {"st.async in a cluster of one", "\tmov.u32 %r1, recv;\n\tmov.u32 %r2, bar;\n\tmbarrier.init.shared.b64 [%r2], 1;\n"
       "\tst.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r0, [%r2];\n", false, DiagKind::StAsyncTarget},
      {".shared::cta destination in the peer", "\tcp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r72], [%rd0], 64, [%r64];\n",
       true, DiagKind::BulkCopyNotLocal},
      {"shared::cta to the executing CTA", "\tcp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r63], [%r62], 64, [%r64];\n",
       true, DiagKind::BulkCopyNotRemote},
      {"mbarrier in another CTA", "\tcp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r63], [%rd0], 64, [%r73];\n",
       true, DiagKind::AsyncMbarrierNotWithData},
      {"min.u64 into shared::cluster", "\tcp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.min.u64 [%r72], [%r62], 64, [%r73];\n",
       true, DiagKind::BulkReduceForm},
      {"st.async data and mbarrier in different CTAs", "\tst.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r72], %r0, [%r64];\n",
       true, DiagKind::StAsyncTarget},
  };
  for (const DiagCase& c : cases) {
    SCOPED_TRACE(c.name);
    EngineOptions hw;
    hw.mode = ExecMode::Hardware;
    const auto run = c.cluster ? runCluster(c.body, 64, hw, true, 20000)
                               : ws::test::runKernel(c.body, iota(64), 64, 1, hw, "sm_90a", kShared);
    ASSERT_EQ(run.error, "");
    EXPECT_TRUE(run.hasDiag(c.kind));
    // Strict mode stops at it.
    const auto strict = c.cluster ? runCluster(c.body, 64, {}, true, 20000)
                                  : ws::test::runKernel(c.body, iota(64), 64, 1, {}, "sm_90a", kShared);
    EXPECT_EQ(strict.result.stop, StopReason::Diagnostic);
  }
}

// ---------------------------------------------------------------- history

TEST(BulkHistory, SteppingBackThroughClusterCopiesRestoresEveryState) {
  const std::string issue = R"(
	cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r72], [%r62], 128, [%r73];
	cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%r72+128], [%r62+128], 128, [%r73];
)";
  for (const auto policy : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy}) {
    EngineOptions o;
    o.asyncCompletion = policy;
    auto run = runCluster(issue, 256, o, true, 0);
    ASSERT_EQ(run.error, "");
    History h(std::move(*run.engine), {.checkpointEvery = 32, .recordCache = 16});
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
  }
}

}  // namespace
