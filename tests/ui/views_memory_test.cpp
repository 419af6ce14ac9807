// View models of atomics, red.async across a cluster, mbarrier objects,
// memory, the listing, diagnostics and the timeline, from hand-built records.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/exec/memory/memory_map.hpp"
#include "tests/ui/synthetic_steps.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

#include "core/exec/async/mbarrier_object.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

using test::ui::Bench;

std::uint64_t symbolOffset(const core::Program& p, std::string_view suffix) {
  for (const auto& s : p.symbols)
    if (s.name.size() >= suffix.size() && s.name.compare(s.name.size() - suffix.size(), suffix.size(), suffix) == 0) return s.offset;
  ADD_FAILURE() << "no symbol " << suffix;
  return 0;
}

TEST(AtomicViews, LanesToOneCellInSerializationOrder) {
  Bench b = test::ui::atomicStep();
  const Frame f = b.frame();
  const FlowsView v = buildFlows(f);
  ASSERT_EQ(v.arrows.size(), 4u);
  ASSERT_EQ(v.cells.size(), 1u);
  EXPECT_EQ(v.cells[0].name, "out[0]");
  EXPECT_EQ(v.cells[0].value, "10");
  for (std::uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(v.arrows[i].cls, "flow atomic");
    EXPECT_EQ(v.arrows[i].order, i);
    EXPECT_EQ(v.arrows[i].to.cell, 0);
  }
  EXPECT_EQ(v.arrows[2].tooltip, "lane 2: out[0] with 3 (3 in serialization order)");
  const ExplanationView e = buildExplanation(f);
  ASSERT_EQ(e.lanes.size(), 4u);
  EXPECT_EQ(e.lanes[2].text, "lane 2 (3rd of 4 in serialization order): atom.global.add.u32 out[0] 3; it gets the old value 3");
  const MemoryView m = buildMemory(f);
  ASSERT_GE(m.regions.size(), 2u);
  EXPECT_EQ(m.regions[0].name, "in");
  EXPECT_EQ(m.regions[1].name, "out");
  EXPECT_TRUE(m.regions[1].words[0].changedNow);
  EXPECT_FALSE(m.regions[1].words[1].changedNow);
  EXPECT_EQ(m.regions[1].words[0].text, "10");
}

// atom.cas has two value operands: the explanation must say what is compared
// (b), what would be written (c) and whether the swap happened.
TEST(AtomicViews, CompareAndSwapNamesBothOperandsAndTheOutcome) {
  auto s = test::ui::session(test::kernel("\tadd.u32 %r1, %r0, 10;\n"
                                          "\tatom.global.cas.b32 %r2, [%rd1], 0, %r1;\n"
                                          "\tatom.global.cas.b32 %r2, [%rd1], 0, %r1;\n"),
                             test::ui::kernelLaunch(4));
  ASSERT_TRUE(s);
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Atom));
  const ExplanationView& e = s->views().explanation;
  ASSERT_EQ(e.lanes.size(), 4u);
  EXPECT_EQ(e.lanes[0].text,
            "lane 0 (1st of 4 in serialization order): atom.global.cas.b32 out[0]: if it holds 0, write 10; it gets the old value 0 "
            "(equal: swapped)");
  EXPECT_EQ(e.lanes[2].text,
            "lane 2 (3rd of 4 in serialization order): atom.global.cas.b32 out[0]: if it holds 0, write 12; it gets the old value 10 "
            "(different: not swapped)");
  // Again: out[0] is 10 now, so nobody swaps. Lanes 1-3 get 10 back into a
  // register that already held 10; the old value is still reported.
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Atom));
  const ExplanationView& again = s->views().explanation;
  ASSERT_EQ(again.lanes.size(), 4u);
  EXPECT_EQ(again.lanes[2].text,
            "lane 2 (3rd of 4 in serialization order): atom.global.cas.b32 out[0]: if it holds 0, write 12; it gets the old value 10 "
            "(different: not swapped)");
}

// pub_red_async_add on a 2-CTA cluster: CTA rank 0's lanes send to CTA rank 1's acc[lane].
struct AsyncBench {
  Bench b;
  std::uint64_t acc = 0, bar = 0;
};

AsyncBench asyncBench() {
  core::LaunchConfig cfg;
  cfg.entry = "pub_red_async_add";
  cfg.grid = {2, 1, 1};
  cfg.block = {32, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(128, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto ob = test::ui::makeBench(test::ui::slurp(ws::test::dataPath("/golden/kernels.ptx")), cfg);
  EXPECT_TRUE(ob);
  AsyncBench a{std::move(*ob)};
  a.acc = symbolOffset(*a.b.program, "pub_red_async_addE3acc");
  a.bar = symbolOffset(*a.b.program, "pub_red_async_addE7bar_mem");
  return a;
}

TEST(AsyncViews, InFlightArrowsCrossToTheRemoteCta) {
  AsyncBench a = asyncBench();
  Bench& b = a.b;
  ASSERT_EQ(b.state.ctas.size(), 2u);
  ASSERT_EQ(b.state.ctas[1].clusterRank, 1u);
  const std::uint32_t pc = b.pcOfLine("red.async");
  b.setReg(0, "%r17", [](int l) { return static_cast<unsigned>(l) + 1; });
  b.begin(0, pc, 0xffffffffu);
  const auto r17 = static_cast<std::int32_t>(b.reg("%r17"));
  for (int l = 0; l < 32; ++l) {
    core::AsyncOp op;
    op.id = static_cast<std::uint64_t>(l);
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
  const FlowsView v = buildFlows(b.frame());
  EXPECT_TRUE(v.crossCta);
  ASSERT_EQ(v.arrows.size(), 32u);
  ASSERT_EQ(v.cells.size(), 32u);
  for (std::size_t i = 0; i < 32; ++i) {
    EXPECT_TRUE(v.arrows[i].inFlight);
    EXPECT_EQ(v.arrows[i].cls, "flow async inflight");
    EXPECT_EQ(v.cells[static_cast<std::size_t>(v.arrows[i].to.cell)].name, "acc[" + std::to_string(i) + "]");
    EXPECT_EQ(v.cells[static_cast<std::size_t>(v.arrows[i].to.cell)].ctaRank, 1u);
  }
  const ExplanationView e = buildExplanation(b.frame());
  EXPECT_EQ(e.lanes[3].text, "lane 3 sends %r17 = 4 to acc[3] of CTA rank 1 shared (red.async #3, in flight until the async unit completes it)");

  // The async unit retires #0: its arrow turns solid, the others stay dashed.
  core::StepRecord& c = b.begin(0, pc, 0);
  c.completedAsync = true;
  core::Flow done;
  done.kind = core::FlowKind::AsyncComplete;
  done.from = core::Endpoint::ofLane(0, 0);
  done.to = core::Endpoint::ofMemory(core::Space::Shared, 1, a.acc);
  done.value = 1001;
  done.order = 0;
  c.flows.push_back(done);
  core::Flow tx;
  tx.kind = core::FlowKind::CompleteTx;
  tx.from = done.to;
  tx.to = core::Endpoint::ofMbarrier(1, a.bar);
  tx.value = 4;
  c.flows.push_back(tx);
  b.state.inflight.erase(b.state.inflight.begin());
  ++b.state.step;
  const HistoryIndex ix = b.index();
  ASSERT_EQ(ix.asyncOps().size(), 32u);
  EXPECT_EQ(ix.asyncOps().at(0).completeStep, 1);
  EXPECT_EQ(ix.asyncOps().at(5).completeStep, -1);
  const FlowsView w = buildFlows(b.frame(), &ix);
  std::size_t flying = 0, solid = 0, txs = 0;
  for (const Arrow& arr : w.arrows) {
    if (arr.kind == core::FlowKind::CompleteTx) {
      ++txs;
      EXPECT_EQ(arr.label, "4 B");
      EXPECT_EQ(arr.to.kind, FlowEnd::Kind::Mbarrier);
      continue;
    }
    (arr.inFlight ? flying : solid)++;
    if (arr.from.lane == 0) {
      EXPECT_FALSE(arr.inFlight);
    }
  }
  EXPECT_EQ(flying, 31u);
  EXPECT_EQ(solid, 1u);
  EXPECT_EQ(txs, 1u);
  const ExplanationView e2 = buildExplanation(b.frame());
  EXPECT_EQ(e2.headline, "The async unit completed an in-flight red.async.");
  ASSERT_GE(e2.notes.size(), 2u);
  EXPECT_EQ(e2.notes[0], "red.async #0 from lane 0 completes: acc[0] of CTA rank 1 shared = 1001");
}

TEST(MbarrierViews, ObjectsComeFromExecutedInits) {
  AsyncBench a = asyncBench();
  Bench& b = a.b;
  const std::uint32_t init = b.pcOfLine("mbarrier.init");
  // Lane 0 of each CTA's warp runs mbarrier.init [bar_mem], 1.
  const std::uint64_t word = core::mbar::encode(core::mbar::init(1));
  for (std::uint32_t w = 0; w < 2; ++w) {
    core::StepRecord& r = b.begin(w, init, 1u);
    r.mem.push_back({core::MemRegion::Shared, w, a.bar, 8, 0, word});
    for (int k = 0; k < 8; ++k) b.state.ctas[w].shared[a.bar + static_cast<std::uint64_t>(k)] = static_cast<std::uint8_t>(word >> (8 * k));
    b.advance();
  }
  const HistoryIndex ix = b.index();
  ASSERT_EQ(ix.mbarriers().size(), 2u);
  EXPECT_EQ(ix.mbarriers()[1].cta, 1u);
  EXPECT_EQ(ix.mbarriers()[1].offset, a.bar);
  EXPECT_EQ(ix.touches().size(), 2u);
  EXPECT_EQ(ix.touches()[0].op, "init");
  // The panel: both objects, one timeline event each.
  Frame f = b.frame();
  const MbarrierPanelView p = buildMbarrierPanel(f, ix);
  ASSERT_EQ(p.objects.size(), 2u);
  EXPECT_EQ(p.objects[1].name, "bar_mem");
  EXPECT_EQ(p.objects[1].ctaRank, 1u);
  EXPECT_EQ(p.objects[1].addrText, fmt::format("CTA rank 1 shared, offset {:#x}", a.bar));
  EXPECT_TRUE(p.objects[1].touched);
  EXPECT_FALSE(p.objects[0].touched);
  ASSERT_EQ(p.objects[1].timeline.size(), 1u);
  EXPECT_EQ(p.objects[1].timeline[0].step, 1u);
  EXPECT_EQ(p.objects[1].waitingText, "no lane waits on it");
  EXPECT_TRUE(p.objects[1].fields.initialised);
  EXPECT_EQ(p.objects[1].phaseText, "phase 0 (parity 0)");
  EXPECT_EQ(p.objects[1].pendingText, "1 of 1 arrivals pending");
  EXPECT_EQ(p.objects[1].txText, "tx-count 0");
  EXPECT_EQ(p.objects[1].timeline[0].what, "init(1)");
  // At position 1 only CTA 0's init has run.
  f.position = 1;
  f.record = &b.records[0];
  EXPECT_EQ(buildMbarrierPanel(f, ix).objects.size(), 1u);
  // Lanes spinning in the try_wait loop of CTA rank 1 wait on its bar_mem.
  const std::uint32_t wait = b.pcOfLine("{ .reg .pred q; mbarrier.try_wait");
  b.setReg(1, "%r10", [&](int) { return a.bar; });
  auto& c = b.state.warps[1].ctl;
  for (int l = 0; l < 32; ++l) c.pc[static_cast<std::size_t>(l)] = wait;
  const MbarrierPanelView q = buildMbarrierPanel(b.frame(), ix);
  ASSERT_EQ(q.objects[1].waiting.size(), 1u);
  EXPECT_EQ(q.objects[1].waiting[0].first, 1u);
  EXPECT_EQ(q.objects[1].waiting[0].second, 0xffffffffu);
  // try_wait.parity with the immediate 0 while the object is in phase 0: the
  // lanes wait for the current phase to complete.
  EXPECT_EQ(q.objects[1].waitingText, "warp 1 lanes 0-31 wait for parity 0: this phase");
  EXPECT_TRUE(q.objects[1].ringText.empty());
  EXPECT_TRUE(q.objects[0].waiting.empty());
}

TEST(HistoryIndex, InvalidateDropsTheCutFuture) {
  AsyncBench a = asyncBench();
  Bench& b = a.b;
  const std::uint32_t init = b.pcOfLine("mbarrier.init");
  for (std::uint32_t w = 0; w < 2; ++w) {
    core::StepRecord& r = b.begin(w, init, 1u);
    r.mem.push_back({core::MemRegion::Shared, w, a.bar, 8, 0, 0x8000000000100001ull});
    r.diags.push_back({core::DiagKind::UninitializedRead, 0, w, 0, 1, init, "lane 0 reads %r1 before it is written", {}});
  }
  HistoryIndex ix = b.index();
  EXPECT_EQ(ix.mbarriers().size(), 2u);
  std::size_t diagMarkers = 0, mbarMarkers = 0;
  for (const auto& m : ix.markers()) {
    diagMarkers += m.kind == MarkerKind::Diagnostic;
    mbarMarkers += m.kind == MarkerKind::Mbarrier;
  }
  EXPECT_EQ(diagMarkers, 2u);
  EXPECT_EQ(mbarMarkers, 2u);
  ix.invalidateFrom(1);
  EXPECT_EQ(ix.scanned(), 1u);
  EXPECT_EQ(ix.mbarriers().size(), 1u);
  for (const auto& m : ix.markers()) EXPECT_EQ(m.step, 0u);
  b.records.pop_back();
  VectorRecords v(b.records);
  ix.sync(*b.program, b.state, v);
  EXPECT_EQ(ix.mbarriers().size(), 1u);
}

TEST(ListingAndTimeline, CurrentLinesBreakpointsAndMarkers) {
  auto ob = test::ui::kernelBench("\tvote.sync.ballot.b32 %r1, %p1, 0xffffffff;\n\tst.global.u32 [%rd3], %r1;\n");
  ASSERT_TRUE(ob);
  Bench& b = *ob;
  b.begin(0, b.pc, 0xffffffffu).membermask = 0xffffffffu;
  b.advance();
  std::vector<core::Breakpoint> bps(1);
  bps[0].kind = core::Breakpoint::Kind::PtxLine;
  bps[0].line = static_cast<std::int32_t>(b.program->instrs[b.pc].pos.line);
  Frame f = b.frame();
  f.breakpoints = &bps;
  VectorRecords recs(b.records);
  f.records = &recs;
  const ListingView l = buildListing(f);
  ASSERT_FALSE(l.lines.empty());
  const ListingLine* vote = nullptr;
  const ListingLine* st = nullptr;
  for (const auto& ln : l.lines) {
    if (ln.pc == static_cast<std::int32_t>(b.pc)) vote = &ln;
    if (ln.pc == static_cast<std::int32_t>(b.pc + 1)) st = &ln;
  }
  ASSERT_TRUE(vote && st);
  EXPECT_TRUE(vote->breakpoint);
  EXPECT_TRUE(vote->executedNow);
  EXPECT_EQ(vote->lanesHere, 0u);
  EXPECT_EQ(st->lanesHere, 0xffffffffu);
  EXPECT_EQ(st->lanesText, "lanes 0-31");
  EXPECT_FALSE(st->breakpoint);
  EXPECT_EQ(vote->tooltip, "vote: warp vote on predicate a over the lanes of membermask m");
  EXPECT_EQ(vote->text.find("vote.sync.ballot.b32"), 1u);

  const HistoryIndex ix = b.index();
  const TimelineView t = buildTimeline(f, ix);
  EXPECT_EQ(t.position, 1u);
  EXPECT_EQ(t.size, 1u);
  ASSERT_EQ(t.markers.size(), 2u);
  EXPECT_EQ(t.markers[0].kind, MarkerKind::Collective);
  EXPECT_EQ(t.markers[1].kind, MarkerKind::Breakpoint);

  const DiagnosticsView d = buildDiagnostics(f);
  EXPECT_EQ(d.summary, fmt::format("Step 1: warp 0 of CTA (0,0,0) ran line {}, vote.sync.ballot.b32 %r1, %p1, 0xffffffff, on lanes 0-31.",
                                     vote->line));
  EXPECT_TRUE(d.items.empty());
}

TEST(LaneGrid, DivergedWaitingExitedAndGuards) {
  auto ob = test::ui::kernelBench("\t@%p1 bra $L1;\n\tbar.sync 0;\n$L1:\n\tbar.sync 0;\n");
  ASSERT_TRUE(ob);
  Bench& b = *ob;
  b.setReg(0, "%p1", [](int l) { return l >= 16 ? 1u : 0u; });
  core::StepRecord& r = b.begin(0, b.pc, 0xffff0000u);
  r.guardFalse = 0x0000ffffu;
  auto& c = b.state.warps[0].ctl;
  for (int l = 0; l < 32; ++l) c.pc[static_cast<std::size_t>(l)] = l >= 16 ? b.pc + 2 : b.pc + 1;
  c.exited = 0x80000000u;
  c.waiting = 0x00010000u;
  c.waitKind[16] = core::WaitKind::Barrier;
  c.waitArg[16] = 0;
  ++b.state.step;
  const LaneGridView g = buildLaneGrid(b.frame(), 0);
  EXPECT_TRUE(g.diverged);
  ASSERT_EQ(g.groups.size(), 2u);
  EXPECT_EQ(g.groups[0].lanes, 0x0000ffffu);
  EXPECT_EQ(g.groups[1].lanes, 0x7fff0000u);
  EXPECT_EQ(g.cells[0].state, LaneState::GuardFalse);
  EXPECT_EQ(g.cells[0].guardText, "@%p1 = false");
  EXPECT_EQ(g.cells[0].guard, 0);
  EXPECT_EQ(g.cells[17].state, LaneState::Executed);
  EXPECT_EQ(g.cells[17].guard, 1);
  EXPECT_EQ(g.cells[16].state, LaneState::Waiting);
  EXPECT_EQ(g.cells[16].stateText, "waiting at barrier 0");
  EXPECT_EQ(g.cells[31].state, LaneState::Executed);  // ran the branch, then exited
  EXPECT_EQ(g.cells[31].stateText, "executed, then exited");
  EXPECT_EQ(g.cells[3].pcText, "line " + std::to_string(b.program->instrs[b.pc + 1].pos.line));
  // Without the step's record (focus elsewhere in time): ready vs diverged.
  b.records.clear();
  const LaneGridView h = buildLaneGrid(b.frame(), 0);
  EXPECT_EQ(h.cells[0].state, LaneState::Ready);
  EXPECT_EQ(h.cells[17].state, LaneState::Diverged);
  EXPECT_EQ(h.cells[31].state, LaneState::Exited);
}

// An instruction warpscope parses but does not execute: its listing line
// says so, and the diagnostics carry the module's load warning at every step.
TEST(ListingView, InstructionsThatDoNotExecuteAreMarkedAndWarnedAbout) {
  auto ob = test::ui::kernelBench("\tstacksave.u64 %rd9;\n\tst.global.u32 [%rd3], %r0;\n");
  ASSERT_TRUE(ob);
  Bench& b = *ob;
  Frame f = b.frame();
  const ListingView l = buildListing(f);
  const ListingLine* fence = nullptr;
  const ListingLine* st = nullptr;
  for (const auto& ln : l.lines) {
    if (ln.pc == static_cast<std::int32_t>(b.pc)) fence = &ln;
    if (ln.pc == static_cast<std::int32_t>(b.pc + 1)) st = &ln;
  }
  ASSERT_NE(fence, nullptr);
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(fence->notExecuted,
            "stacksave: not executed by warpscope (warpscope parses 'stacksave' but does not execute it); a run "
            "stops here");
  EXPECT_NE(fence->tooltip.find(fence->notExecuted), std::string::npos);
  EXPECT_TRUE(st->notExecuted.empty());
  const DiagnosticsView d = buildDiagnostics(f);
  ASSERT_EQ(d.loadWarnings.size(), 1u);
  EXPECT_EQ(d.loadWarnings[0].rfind(fmt::format("line {}: 'stacksave' is not executed by warpscope", fence->line), 0),
            0u)
      << d.loadWarnings[0];
}

}  // namespace
}  // namespace ws::ui
