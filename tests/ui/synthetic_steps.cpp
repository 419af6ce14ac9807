#include "tests/ui/synthetic_steps.hpp"
#include <fmt/format.h>


#include "core/exec/async/mbarrier_object.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test::ui {
namespace {

void allToAll(Bench& b, core::FlowKind k, std::string_view from, std::string_view to, core::LaneMask lanes,
              std::uint64_t (*value)(int)) {
  const auto rf = static_cast<std::int32_t>(b.reg(from)), rt = static_cast<std::int32_t>(b.reg(to));
  for (int f = 0; f < 32; ++f)
    for (int t = 0; t < 32; ++t) {
      if (!((lanes >> f) & 1u) || !((lanes >> t) & 1u)) continue;
      core::Flow fl;
      fl.kind = k;
      fl.from = core::Endpoint::ofLane(b.records.back().warp, f, rf);
      fl.to = core::Endpoint::ofLane(b.records.back().warp, t, rt);
      fl.value = value(f);
      b.records.back().flows.push_back(fl);
    }
}

// Writes `word` into CTA c's shared memory at `offset` and journals it in the last record.
void writeShared(Bench& b, std::uint32_t c, std::uint64_t offset, unsigned bytes, std::uint64_t word) {
  std::uint64_t before = 0;
  for (unsigned k = 0; k < bytes; ++k) before |= static_cast<std::uint64_t>(b.state.ctas[c].shared[offset + k]) << (8 * k);
  b.records.back().mem.push_back({core::MemRegion::Shared, c, offset, static_cast<std::uint8_t>(bytes), before, word});
  for (unsigned k = 0; k < bytes; ++k) b.state.ctas[c].shared[offset + k] = static_cast<std::uint8_t>(word >> (8 * k));
}

std::uint64_t mbarInit(std::uint32_t count) {
  return core::mbar::encode(core::mbar::init(count));
}

}  // namespace

std::uint64_t symbolOffset(const core::Program& p, std::string_view suffix) {
  for (const auto& s : p.symbols)
    if (s.name.size() >= suffix.size() && s.name.compare(s.name.size() - suffix.size(), suffix.size(), suffix) == 0) return s.offset;
  ADD_FAILURE() << "no symbol " << suffix;
  return 0;
}

Bench butterflyStep(int xorMask) {
  auto b = kernelBench(fmt::format("\tshfl.sync.bfly.b32 %r1, %r0, {}, 0x1f, 0xffffffff;\n", xorMask));
  EXPECT_TRUE(b.has_value());
  b->setReg(0, "%r0", [](int l) { return 10u * static_cast<unsigned>(l); });
  core::StepRecord& r = b->begin(0, b->pc, 0xffffffffu);
  r.membermask = 0xffffffffu;
  const auto r0 = static_cast<std::int32_t>(b->reg("%r0")), r1 = static_cast<std::int32_t>(b->reg("%r1"));
  for (int l = 0; l < 32; ++l) b->write("%r1", l, 10u * static_cast<unsigned>(l ^ xorMask));
  for (int l = 0; l < 32; ++l) {
    core::Flow f;
    f.kind = core::FlowKind::Shuffle;
    f.from = core::Endpoint::ofLane(0, l ^ xorMask, r0);
    f.to = core::Endpoint::ofLane(0, l, r1);
    f.value = 10u * static_cast<unsigned>(l ^ xorMask);
    b->records.back().flows.push_back(f);
  }
  b->advance();
  return std::move(*b);
}

Bench shflUpStep() {
  auto ob = kernelBench("\tshfl.sync.up.b32 %r1|%p1, %r0, 1, 0x0, 0xff;\n", 8);
  EXPECT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%r0", [](int l) { return static_cast<unsigned>(l) + 100u; });
  core::StepRecord& r = b.begin(0, b.pc, 0xffu);
  r.membermask = 0xffu;
  const auto r0 = static_cast<std::int32_t>(b.reg("%r0")), r1 = static_cast<std::int32_t>(b.reg("%r1"));
  for (int l = 0; l < 8; ++l) {
    b.write("%r1", l, 100u + static_cast<unsigned>(l == 0 ? 0 : l - 1));
    b.write("%p1", l, l == 0 ? 0 : 1);
  }
  for (int l = 0; l < 8; ++l) {
    core::Flow fl;
    fl.kind = l == 0 ? core::FlowKind::ShuffleKeep : core::FlowKind::Shuffle;
    fl.from = core::Endpoint::ofLane(0, l == 0 ? 0 : l - 1, r0);
    fl.to = core::Endpoint::ofLane(0, l, r1);
    fl.value = 100u + static_cast<unsigned>(l == 0 ? 0 : l - 1);
    b.records.back().flows.push_back(fl);
  }
  b.advance();
  return std::move(*ob);
}

Bench ballotStep() {
  auto ob = kernelBench("\tvote.sync.ballot.b32 %r1, %p1, 0xffffffff;\n");
  EXPECT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%p1", [](int l) { return l % 2 == 0 ? 1u : 0u; });
  b.begin(0, b.pc, 0xffffffffu).membermask = 0xffffffffu;
  for (int l = 0; l < 32; ++l) b.write("%r1", l, 0x55555555u);
  allToAll(b, core::FlowKind::Vote, "%p1", "%r1", 0xffffffffu, [](int f) -> std::uint64_t { return f % 2 == 0; });
  b.advance();
  return std::move(*ob);
}

Bench reduxStep() {
  auto ob = kernelBench("\tredux.sync.add.u32 %r1, %r0, 0xffffffff;\n");
  EXPECT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%r0", [](int l) { return static_cast<unsigned>(l); });
  b.begin(0, b.pc, 0xffffffffu).membermask = 0xffffffffu;
  for (int l = 0; l < 32; ++l) b.write("%r1", l, 496);
  allToAll(b, core::FlowKind::Reduce, "%r0", "%r1", 0xffffffffu, [](int f) -> std::uint64_t { return static_cast<unsigned>(f); });
  b.advance();
  return std::move(*ob);
}

Bench matchStep() {
  auto ob = kernelBench("\tmatch.any.sync.b32 %r1, %r0, 0xffffffff;\n");
  EXPECT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%r0", [](int l) { return 7u * static_cast<unsigned>(l % 3); });
  b.begin(0, b.pc, 0xffffffffu).membermask = 0xffffffffu;
  const auto r0 = static_cast<std::int32_t>(b.reg("%r0")), r1 = static_cast<std::int32_t>(b.reg("%r1"));
  std::uint32_t groupMask[3] = {0, 0, 0};
  for (int l = 0; l < 32; ++l) groupMask[l % 3] |= 1u << l;
  for (int l = 0; l < 32; ++l) b.write("%r1", l, groupMask[l % 3]);
  for (int from = 0; from < 32; ++from)
    for (int to = 0; to < 32; ++to) {
      if (from % 3 != to % 3) continue;
      core::Flow fl;
      fl.kind = core::FlowKind::Match;
      fl.from = core::Endpoint::ofLane(0, from, r0);
      fl.to = core::Endpoint::ofLane(0, to, r1);
      fl.value = 7u * static_cast<unsigned>(from % 3);
      fl.group = static_cast<std::uint32_t>(to % 3);
      b.records.back().flows.push_back(fl);
    }
  b.advance();
  return std::move(*ob);
}

Bench atomicStep() {
  auto ob = kernelBench("\tatom.global.add.u32 %r1, [%rd1], %r0;\n", 4);
  EXPECT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%r0", [](int l) { return static_cast<unsigned>(l) + 1; });
  const std::uint64_t out = b.state.global[2].base;  // launch buffer 1 = "out"
  core::StepRecord& r = b.begin(0, b.pc, 0xfu);
  const auto r0 = static_cast<std::int32_t>(b.reg("%r0"));
  std::uint32_t sum = 0;
  for (int l = 0; l < 4; ++l) {
    b.write("%r1", l, sum);
    core::Flow fl;
    fl.kind = core::FlowKind::Atomic;
    fl.from = core::Endpoint::ofLane(0, l, r0);
    fl.to = core::Endpoint::ofMemory(core::Space::Global, 0, out);
    fl.value = static_cast<unsigned>(l) + 1;
    fl.order = static_cast<std::uint32_t>(l);
    b.records.back().flows.push_back(fl);
    sum += static_cast<std::uint32_t>(l) + 1;
  }
  r.mem.push_back({core::MemRegion::Global, 2, 0, 4, 0, sum});
  b.state.global[2].bytes[0] = static_cast<std::uint8_t>(sum);
  b.advance();
  return std::move(*ob);
}

AsyncSteps redAsyncSteps(int completed) {
  core::LaunchConfig cfg;
  cfg.entry = "pub_red_async_add";
  cfg.grid = {2, 1, 1};
  cfg.block = {32, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(128, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto ob = makeBench(slurp(ws::test::dataPath("/golden/kernels.ptx")), cfg);
  EXPECT_TRUE(ob);
  AsyncSteps a{std::move(*ob)};
  Bench& b = a.b;
  a.acc = symbolOffset(*b.program, "pub_red_async_addE3acc");
  a.bar = symbolOffset(*b.program, "pub_red_async_addE7bar_mem");
  // acc[i] = 1000 * i in both CTAs (the kernel's first store).
  for (std::uint32_t c = 0; c < 2; ++c)
    for (std::uint32_t i = 0; i < 32; ++i)
      for (int k = 0; k < 4; ++k)
        b.state.ctas[c].shared[a.acc + 4 * i + static_cast<std::uint32_t>(k)] = static_cast<std::uint8_t>((1000 * i) >> (8 * k));
  const std::uint32_t init = b.pcOfLine("mbarrier.init");
  for (std::uint32_t w = 0; w < 2; ++w) {
    b.begin(w, init, 1u);
    writeShared(b, w, a.bar, 8, mbarInit(1));
    b.advance();
  }
  const std::uint32_t pc = b.pcOfLine("red.async");
  b.setReg(0, "%r17", [](int l) { return static_cast<unsigned>(l) + 1; });
  b.begin(0, pc, 0xffffffffu);
  const auto r17 = static_cast<std::int32_t>(b.reg("%r17"));
  for (int l = 0; l < 32; ++l) {
    core::AsyncOp op;
    op.id = static_cast<std::uint64_t>(l);
    op.issuedStep = b.state.step;
    op.issuerWarp = 0;
    op.issuerLane = static_cast<std::uint32_t>(l);
    op.pc = pc;
    op.dst = {core::Space::Shared, 1, a.acc + 4u * static_cast<std::uint32_t>(l)};
    op.size = 4;
    op.hasMbar = true;
    op.mbar = {core::Space::Shared, 1, a.bar};
    op.op = core::Mod::Add;
    op.type = core::DataType::U32;
    op.data[0] = static_cast<unsigned>(l) + 1;
    b.state.inflight.push_back(op);
    core::Flow fl;
    fl.kind = core::FlowKind::AsyncIssue;
    fl.from = core::Endpoint::ofLane(0, l, r17);
    fl.to = core::Endpoint::ofMemory(core::Space::Shared, 1, op.dst.addr);
    fl.value = op.data[0];
    fl.order = static_cast<std::uint32_t>(l);
    b.records.back().flows.push_back(fl);
  }
  b.advance();
  for (int k = 0; k < completed && !b.state.inflight.empty(); ++k) {
    const core::AsyncOp op = b.state.inflight.front();
    core::StepRecord& c = b.begin(0, pc, 0);
    c.completedAsync = true;
    const std::uint64_t result = 1000ull * op.issuerLane + op.data[0];
    writeShared(b, 1, static_cast<std::uint32_t>(op.dst.addr), 4, result);
    core::Flow done;
    done.kind = core::FlowKind::AsyncComplete;
    done.from = core::Endpoint::ofLane(0, static_cast<int>(op.issuerLane));
    done.to = core::Endpoint::ofMemory(core::Space::Shared, 1, op.dst.addr);
    done.value = result;
    done.order = static_cast<std::uint32_t>(op.id);
    c.flows.push_back(done);
    core::Flow tx;
    tx.kind = core::FlowKind::CompleteTx;
    tx.from = done.to;
    tx.to = core::Endpoint::ofMbarrier(1, a.bar);
    tx.value = 4;
    tx.order = done.order;
    c.flows.push_back(tx);
    b.state.inflight.erase(b.state.inflight.begin());
    ++b.state.step;
  }
  return a;
}

}  // namespace ws::test::ui
