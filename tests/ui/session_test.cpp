// The Session's commands on the real engine: stepping, time travel, chunked
// continues, breakpoints, focus, journaled edits, policies, async retirement,
// change notification and the per-revision view cache; and sessions made
// from scenario files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/ui/ui_test_util.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

const char* const kBody = test::ui::kButterflyBody;

std::unique_ptr<Session> bodySession(std::uint32_t block = 32, core::EngineOptions o = {}) {
  return test::ui::session(test::kernel(kBody), test::ui::kernelLaunch(block), o);
}

std::uint32_t regIndex(const core::Program& p, std::string_view name) {
  for (std::uint32_t i = 0; i < p.regs.size(); ++i)
    if (p.regs[i].name == name) return i;
  return 0;
}

TEST(Session, StepsBackAndSeeksWithRevisionsAndObservers) {
  auto s = bodySession();
  ASSERT_TRUE(s);
  int calls = 0;
  const int id = s->addObserver([&](const Session&) { ++calls; });
  const std::uint64_t r0 = s->revision();
  EXPECT_EQ(s->position(), 0u);
  s->step();
  EXPECT_EQ(s->position(), 1u);
  EXPECT_GT(s->revision(), r0);
  EXPECT_EQ(calls, 1);
  // Through the shfl: 9 preamble instructions, mul, shfl.
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Shfl));
  const std::uint64_t atShfl = s->position();
  EXPECT_EQ(atShfl, 11u);
  const ViewSet& v = s->views();
  ASSERT_EQ(v.flows.arrows.size(), 32u);
  EXPECT_EQ(v.flows.arrows[5].from.lane, 4);
  EXPECT_EQ(v.flows.arrows[5].label, "12");  // lane 4's %r1 = 4 * 3
  EXPECT_EQ(v.explanation.lanes[5].text, "lane 5 reads lane 4's %r1 = 12: .bfly: xor 1");
  EXPECT_TRUE(s->stepBack());
  EXPECT_EQ(s->position(), atShfl - 1);
  EXPECT_TRUE(s->views().flows.arrows.empty());
  EXPECT_EQ(s->seek(atShfl), atShfl);
  EXPECT_EQ(s->views().flows.arrows.size(), 32u);
  EXPECT_EQ(s->seek(0), 0u);
  EXPECT_FALSE(s->stepBack());
  EXPECT_EQ(s->lastOutcome().why, core::RunOutcome::Why::AtStart);
  s->removeObserver(id);
  const int before = calls;
  s->step();
  EXPECT_EQ(calls, before);
}

TEST(Session, ViewsAreCachedPerRevision) {
  auto s = bodySession();
  ASSERT_TRUE(s);
  s->step();
  const ViewSet* a = &s->views();
  const std::string title = a->laneGrid.title;
  EXPECT_EQ(&s->views(), a);
  s->focusLane(3);
  EXPECT_TRUE(s->views().laneGrid.cells[3].focused);
  EXPECT_FALSE(s->views().laneGrid.cells[0].focused);
  EXPECT_EQ(s->views().laneGrid.title, title);
}

TEST(Session, ChunkedContinueRunsToTheEnd) {
  auto s = bodySession();
  ASSERT_TRUE(s);
  int chunks = 0;
  core::RunOutcome o;
  do {
    o = s->continueFor(4);
    ++chunks;
  } while (o.why == core::RunOutcome::Why::Budget && chunks < 100);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Finished);
  EXPECT_GT(chunks, 2);
  EXPECT_TRUE(s->finished());
  // The output the program computed: out[i] = 3i + 3(i^1).
  const auto& out = s->state().global[2].bytes;
  for (std::uint32_t i = 0; i < 32; ++i) {
    const std::uint32_t w = static_cast<std::uint32_t>(out[4 * i]) | static_cast<std::uint32_t>(out[4 * i + 1]) << 8;
    EXPECT_EQ(w, 3 * i + 3 * (i ^ 1));
  }
  // Reverse-continue goes back to the launch.
  do {
    o = s->reverseContinueFor(5);
  } while (o.why == core::RunOutcome::Why::Budget);
  EXPECT_EQ(o.why, core::RunOutcome::Why::AtStart);
  EXPECT_EQ(s->position(), 0u);
}

TEST(Session, BreakpointsOnPtxLines) {
  auto s = bodySession();
  ASSERT_TRUE(s);
  const auto& p = s->program();
  std::int32_t addLine = 0;
  for (const auto& ins : p.instrs)
    if (ins.op == core::Opcode::Add && ins.type == core::DataType::U32) addLine = static_cast<std::int32_t>(ins.pos.line);
  ASSERT_GT(addLine, 0);
  EXPECT_TRUE(s->toggleBreakpoint(addLine));
  ASSERT_EQ(s->breakpoints().size(), 1u);
  const core::RunOutcome o = s->continueFor(1000);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Breakpoint);
  // Stopped before the add: the next instruction is on the breakpoint's line.
  const auto next = core::peekNext(s->history());
  ASSERT_TRUE(next.valid);
  EXPECT_EQ(static_cast<std::int32_t>(p.instrs[next.pc].pos.line), addLine);
  bool marked = false;
  for (const auto& ln : s->views().listing.lines)
    if (ln.line == addLine) marked = ln.breakpoint && ln.lanesHere == 0xffffffffu;
  EXPECT_TRUE(marked);
  // run-until a line, and toggling removes.
  EXPECT_FALSE(s->toggleBreakpoint(addLine));
  EXPECT_TRUE(s->breakpoints().empty());
  s->seek(0);
  s->runUntilPtxLine(addLine);
  EXPECT_EQ(static_cast<std::int32_t>(p.instrs[core::peekNext(s->history()).pc].pos.line), addLine);
}

TEST(Session, EditsAreJournaledAndCutTheFuture) {
  auto s = bodySession();
  ASSERT_TRUE(s);
  s->seek(10);  // after the mul
  const std::uint32_t r1 = regIndex(s->program(), "%r1");
  ASSERT_TRUE(s->editRegister(4, r1, 1000));
  EXPECT_EQ(s->position(), 11u);
  ASSERT_TRUE(s->history().current()->userEdit);
  EXPECT_EQ(s->history().size(), 11u);  // the recorded future is gone
  EXPECT_EQ(s->views().explanation.headline, "A value was edited by hand.");
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Shfl));
  EXPECT_EQ(s->views().flows.arrows[5].label, "1000");
  // Stepping back over the edit restores the old value.
  s->seek(10);
  EXPECT_EQ(s->state().warps[0].regs[static_cast<std::size_t>(r1) * 32 + 4], 12u);
  EXPECT_FALSE(s->editRegister(4, 99999, 1));  // no such register
  // Memory edits.
  EXPECT_TRUE(s->editMemory(core::MemRegion::Global, 2, 8, 4, 0xabcd));
  EXPECT_EQ(s->state().global[2].bytes[8], 0xcd);
  EXPECT_FALSE(s->editMemory(core::MemRegion::Global, 2, 1u << 20, 4, 1));
  EXPECT_TRUE(s->views().memory.regions[1].words[2].changedNow);
  // The timeline marks the edits.
  std::size_t edits = 0;
  for (const auto& m : s->views().timeline.markers) edits += m.kind == MarkerKind::Edit;
  EXPECT_EQ(edits, 1u);  // the register edit was cut off by seeking back and editing memory
}

TEST(Session, FocusFollowsTheExecutingWarp) {
  auto s = bodySession(64);
  ASSERT_TRUE(s);
  s->step();
  const std::uint32_t first = s->focus().warp;
  s->step();
  EXPECT_NE(s->focus().warp, first);  // round robin: the other warp ran
  s->setFollowExecution(false);
  s->focusWarp(0);
  s->step();
  s->step();
  EXPECT_EQ(s->focus().warp, 0u);
  s->focusCta(0);
  EXPECT_EQ(s->focus().warp, 0u);
  s->focusWarp(7);  // out of range: ignored
  EXPECT_EQ(s->focus().warp, 0u);
}

TEST(Session, ModeAndManualAsyncCompletion) {
  core::LaunchConfig cfg;
  cfg.entry = "pub_red_async_add";
  cfg.grid = {2, 1, 1};
  cfg.block = {32, 1, 1};
  cfg.cluster = {2, 1, 1};
  std::vector<std::uint32_t> in(32);
  for (std::uint32_t i = 0; i < 32; ++i) in[i] = i + 1;
  cfg.buffers.push_back({"in", test::toBytes(in)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto s = test::ui::session(test::ui::slurp(ws::test::dataPath("/golden/kernels.ptx")), cfg);
  ASSERT_TRUE(s);
  s->setMode(core::ExecMode::Hardware);
  EXPECT_EQ(s->options().mode, core::ExecMode::Hardware);
  s->setAsyncCompletion(core::AsyncCompletion::Manual);
  EXPECT_EQ(s->options().asyncCompletion, core::AsyncCompletion::Manual);
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::RedAsync, 5000));
  ASSERT_EQ(s->state().inflight.size(), 32u);
  EXPECT_TRUE(s->views().flows.crossCta);
  // Retire #7 first: its arrow turns solid.
  ASSERT_TRUE(s->completeAsync(7));
  EXPECT_EQ(s->state().inflight.size(), 31u);
  const FlowsView& f = s->views().flows;
  std::size_t solid = 0;
  for (const Arrow& a : f.arrows)
    if (a.kind == core::FlowKind::AsyncComplete) {
      ++solid;
      EXPECT_EQ(a.from.lane, 7);
      EXPECT_EQ(a.label, "7008");  // acc[7] = 7 * 1000 + in[7] (8)
    }
  EXPECT_EQ(solid, 1u);
  EXPECT_FALSE(s->completeAsync(7));  // already retired
  // Run on: the remaining operations complete only when asked; with none left waiting... finish by hand.
  for (std::uint64_t id = 0; id < 32; ++id)
    if (id != 7) s->completeAsync(id);
  core::RunOutcome o;
  do o = s->continueFor(100000); while (o.why == core::RunOutcome::Why::Budget);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Finished) << static_cast<int>(o.why);
  const auto& out = s->state().global[2].bytes;
  EXPECT_EQ(out[4 * 7] | out[4 * 7 + 1] << 8, 7008);
}

TEST(Session, FromAScenarioFile) {
  const std::string dir = ::testing::TempDir() + "/ws_ui_scenario";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/bfly.toml";
  std::ofstream(path) << R"(format = 1
title = "Butterfly"

[program.snippet]
code = '''
shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;
add.u32 %r3, %r1, %r2;
'''

[program.snippet.init]
"%r1" = "lane*3"

[[narration]]
step = 1
text = "Every lane swaps with its neighbour."

[session]
focus = { cta = 0, warp = 0, lane = 5 }

[[session.breakpoint]]
instruction = "collective"
)";
  auto made = loadScenarioSession(path);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made)) << std::get<std::string>(made);
  auto& s = *std::get<std::unique_ptr<Session>>(made);
  EXPECT_EQ(s.title(), "Butterfly");
  EXPECT_EQ(s.focus().lane, 5);
  ASSERT_EQ(s.breakpoints().size(), 1u);
  EXPECT_EQ(s.breakpoints()[0].kind, core::Breakpoint::Kind::InstrKind);
  s.step();
  const ViewSet& v = s.views();
  EXPECT_EQ(v.explanation.lanes[5].text, "lane 5 reads lane 4's %r1 = 12: .bfly: xor 1");
  ASSERT_EQ(v.diagnostics.narration.size(), 1u);
  EXPECT_EQ(v.diagnostics.narration[0], "Every lane swaps with its neighbour.");
  // A broken scenario: the error text instead of a session.
  std::ofstream(dir + "/bad.toml") << "format = 1\n[program]\nptx_file = \"missing.ptx\"\n";
  auto bad = loadScenarioSession(dir + "/bad.toml");
  ASSERT_TRUE(std::holds_alternative<std::string>(bad));
  EXPECT_NE(std::get<std::string>(bad).find("missing.ptx"), std::string::npos);
}

TEST(Session, ScenarioBreakpointsWithLaneConditionsAndMnemonics) {
  const std::string dir = ::testing::TempDir() + "/ws_ui_scenario_lanes";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/lanes.toml";
  // Two warps; only threads 40-63 (warp 1, lanes 8-31) take the add.
  std::ofstream(path) << R"(format = 1
title = "Lane conditions"

[program.snippet]
code = '''
setp.lt.u32 %p1, %r1, 40;
@%p1 bra LOW;
add.u32 %r2, %r1, 100;
LOW:
mul.lo.u32 %r3, %r1, 2;
'''
lanes = 64

[program.snippet.init]
"%r1" = "tid"

[[session.breakpoint]]
instruction = "add"
lanes = "tid == 3"

[[session.breakpoint]]
instruction = "add"
lanes = "tid == 45"

[[session.breakpoint]]
lanes = "warp == 0 && lane == 7"
enabled = false
)";
  auto made = loadScenarioSession(path);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made)) << std::get<std::string>(made);
  auto& s = *std::get<std::unique_ptr<Session>>(made);
  ASSERT_EQ(s.breakpoints().size(), 3u);
  EXPECT_EQ(s.breakpoints()[0].laneFilter, (std::vector<std::uint32_t>{1u << 3, 0u}));
  EXPECT_EQ(s.breakpoints()[1].laneFilter, (std::vector<std::uint32_t>{0u, 1u << 13}));
  EXPECT_EQ(s.breakpoints()[2].kind, core::Breakpoint::Kind::Lanes);
  // Thread 3 never executes the add, thread 45 does: the second breakpoint stops it.
  const core::RunOutcome o = s.continueFor(10'000);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Breakpoint);
  EXPECT_EQ(o.breakpoint, 1);
  s.step(core::StepUnit::Step);
  const core::StepRecord* r = s.history().current();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->warp, 1u);
  EXPECT_EQ(s.program().instrs[r->pc].op, core::Opcode::Add);
  // The lanes-only breakpoint stops before any instruction lane 7 of warp 0 runs.
  s.seek(0);
  s.setBreakpointEnabled(2, true);
  s.setBreakpointEnabled(1, false);
  s.continueFor(10'000);  // the first step is never stopped at; the next of warp 0 is
  EXPECT_EQ(s.lastOutcome().why, core::RunOutcome::Why::Breakpoint);
  EXPECT_EQ(s.lastOutcome().breakpoint, 2);
}

}  // namespace
}  // namespace ws::ui
