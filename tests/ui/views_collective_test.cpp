// View models of warp collectives, from step records built the way the
// collective handlers record them (step_record.hpp): arrows, gathers, match
// groups, masks, register highlights and the per-lane explanation.
#include <gtest/gtest.h>

#include <bit>

#include "tests/ui/synthetic_steps.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/scene/theme.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

using test::ui::Bench;
using test::ui::kernelBench;

TEST(ShuffleViews, ButterflyArrowsGoFromPartnerToLane) {
  Bench b = test::ui::butterflyStep();
  const Frame f = b.frame();
  const FlowsView v = buildFlows(f);
  ASSERT_EQ(v.arrows.size(), 32u);
  EXPECT_EQ(v.srcReg, static_cast<std::int32_t>(b.reg("%r0")));
  EXPECT_EQ(v.dstReg, static_cast<std::int32_t>(b.reg("%r1")));
  for (const Arrow& a : v.arrows) {
    EXPECT_EQ(a.kind, core::FlowKind::Shuffle);
    EXPECT_EQ(a.cls, "flow shuffle");
    EXPECT_EQ(a.from.lane, a.to.lane ^ 1);
    EXPECT_FALSE(a.keep);
    EXPECT_EQ(a.label, std::to_string(10 * (a.to.lane ^ 1)));
  }
  EXPECT_EQ(v.arrows[5].tooltip, "lane 5 reads lane 4's %r0 = 40");
  ASSERT_TRUE(v.shuffle.has_value());
  EXPECT_EQ(v.shuffle->mode, core::Mod::Bfly);
  EXPECT_EQ(v.shuffle->b, 1u);
  EXPECT_EQ(v.shuffle->c, 0x1fu);
  EXPECT_EQ(v.shuffle->segmask, 0u);
  EXPECT_EQ(v.shuffle->clamp, 31u);
  EXPECT_EQ(v.shuffle->segmentStarts, std::vector<int>{0});
  EXPECT_EQ(v.shuffle->modeText, ".bfly: xor 1");
  EXPECT_EQ(v.shuffle->clampText, "c = 0x1f: one segment of 32 lanes, clamp at segment lane 31");
}

TEST(ShuffleViews, ExplanationNamesSourceLaneRegisterAndValue) {
  Bench b = test::ui::butterflyStep();
  const ExplanationView e = buildExplanation(b.frame());
  EXPECT_EQ(e.headline, "shfl.sync.bfly.b32 (line " + std::to_string(b.program->instrs[b.pc].pos.line) +
                            "): exchange a register between lanes: d = a of the source lane picked by mode, b and c");
  ASSERT_EQ(e.lanes.size(), 32u);
  EXPECT_EQ(e.lanes[5].lane, 5);
  EXPECT_EQ(e.lanes[5].text, "lane 5 reads lane 4's %r0 = 40: .bfly: xor 1");
  EXPECT_EQ(e.lanes[0].text, "lane 0 reads lane 1's %r0 = 10: .bfly: xor 1");
}

TEST(ShuffleViews, LaneGridRegistersAndMasks) {
  Bench b = test::ui::butterflyStep();
  const Frame f = b.frame();
  const LaneGridView g = buildLaneGrid(f, 0);
  ASSERT_EQ(g.cells.size(), 32u);
  EXPECT_EQ(g.lanes, 32);
  EXPECT_TRUE(g.hasMembermask);
  EXPECT_EQ(g.membermask, 0xffffffffu);
  EXPECT_FALSE(g.diverged);
  for (const LaneCell& c : g.cells) {
    EXPECT_EQ(c.state, LaneState::Executed);
    EXPECT_TRUE(c.inMembermask);
    EXPECT_EQ(c.guard, -1);
  }
  EXPECT_EQ(g.title, "warp 0 of CTA (0,0,0)");

  const RegisterTableView t = buildRegisterTable(f, 0);
  const int c1 = t.columnOf(b.reg("%r1")), c0 = t.columnOf(b.reg("%r0")), c2 = t.columnOf(b.reg("%r2"));
  ASSERT_GE(c1, 0);
  ASSERT_GE(c0, 0);
  ASSERT_GE(c2, 0);
  EXPECT_TRUE(t.columns[static_cast<std::size_t>(c1)].written);
  EXPECT_TRUE(t.columns[static_cast<std::size_t>(c0)].read);
  EXPECT_EQ(t.columns[static_cast<std::size_t>(c1)].typeText, ".b32");
  const RegCell& cell = t.at(5, static_cast<std::size_t>(c1));
  EXPECT_TRUE(cell.changed);
  EXPECT_EQ(cell.text, "40");
  EXPECT_EQ(cell.before, "\u2014");  // never written before this step
  EXPECT_FALSE(t.at(5, static_cast<std::size_t>(c0)).changed);
  EXPECT_EQ(t.at(5, static_cast<std::size_t>(c0)).text, "50");
  // Never-written registers show a dash.
  EXPECT_FALSE(t.at(5, static_cast<std::size_t>(c2)).written);
  EXPECT_EQ(t.at(5, static_cast<std::size_t>(c2)).text, "\u2014");
  // Only the kernel's registers: %r<128>, %rd<64>, %p<32>, %f<64>, %fd<32>, %h<32>, %rs<32>.
  EXPECT_EQ(t.columns.size(), 128u + 64 + 32 + 64 + 32 + 32 + 32);

  const MasksView m = buildMasks(f, 0);
  ASSERT_GE(m.rows.size(), 3u);
  EXPECT_EQ(m.rows[0].label, "activemask");
  EXPECT_EQ(m.rows[0].hex, "0xffffffff");
  EXPECT_EQ(m.rows[1].label, "exited");
  EXPECT_EQ(m.rows[1].bits, 0u);
  EXPECT_EQ(m.rows[2].label, "membermask");
  EXPECT_EQ(m.rows[2].laneBits, std::string(32, '1'));
}

TEST(ShuffleViews, OutOfRangeLanesKeepTheirValueAndSayWhy) {
  // shfl.sync.up by 1 on 8 lanes: lane 0's source -1 is below the segment.
  Bench b = test::ui::shflUpStep();
  const Frame f = b.frame();
  const FlowsView v = buildFlows(f);
  ASSERT_EQ(v.arrows.size(), 8u);
  EXPECT_TRUE(v.arrows[0].keep);
  EXPECT_EQ(v.arrows[0].cls, "flow shuffle keep");
  EXPECT_EQ(v.arrows[0].tooltip, "lane 0 keeps its own %r0 = 100 (source out of range)");
  const ExplanationView e = buildExplanation(f);
  ASSERT_EQ(e.lanes.size(), 8u);
  EXPECT_EQ(e.lanes[0].text, "lane 0 keeps its own %r0 = 100: source -1 is below the segment start 0, p = false");
  EXPECT_EQ(e.lanes[3].text, "lane 3 reads lane 2's %r0 = 102: .up by 1, p = true");
  const MasksView m = buildMasks(f, 0);
  EXPECT_EQ(m.lanes, 8);
  ASSERT_EQ(m.rows.back().label, "source in range \u2192 %p1");
  EXPECT_EQ(m.rows.back().laneBits, "01111111");
  const LaneGridView g = buildLaneGrid(f, 0);
  EXPECT_EQ(g.lanes, 8);
  EXPECT_EQ(g.cells[8].state, LaneState::Absent);
}

TEST(ShuffleViews, SegmentsFromTheCOperand) {
  auto ob = kernelBench("\tshfl.sync.down.b32 %r1, %r0, 3, 0x1807, 0xffffffff;\n");
  ASSERT_TRUE(ob);
  core::StepRecord& r = ob->begin(0, ob->pc, 0xffffffffu);
  r.membermask = 0xffffffffu;
  ob->advance();
  const ShuffleInfo s = shuffleInfo(ob->frame(), ob->records.back(), ob->program->instrs[ob->pc]);
  EXPECT_EQ(s.segmask, 0x18u);
  EXPECT_EQ(s.clamp, 7u);
  EXPECT_EQ(s.segmentStarts, (std::vector<int>{0, 8, 16, 24}));
  EXPECT_EQ(s.clampText, "c = 0x1807: segments of 8 lanes, clamp at segment lane 7");
  EXPECT_EQ(s.modeText, ".down by 3");
}

// CUDA's __shfl_down_sync(..., 8) passes c = 0x181f: c[4:0] = 31, but only its
// bits outside the segment mask count, so the clamp is segment lane 7.
TEST(ShuffleViews, ClampCountsOnlyTheInSegmentBits) {
  auto ob = kernelBench("\tshfl.sync.down.b32 %r1, %r0, 3, 0x181f, 0xffffffff;\n");
  ASSERT_TRUE(ob);
  core::StepRecord& r = ob->begin(0, ob->pc, 0xffffffffu);
  r.membermask = 0xffffffffu;
  ob->advance();
  const ShuffleInfo s = shuffleInfo(ob->frame(), ob->records.back(), ob->program->instrs[ob->pc]);
  EXPECT_EQ(s.clamp, 31u);
  EXPECT_EQ(s.clampText, "c = 0x181f: segments of 8 lanes, clamp at segment lane 7");

  auto up = kernelBench("\tshfl.sync.up.b32 %r1, %r0, 2, 0x1802, 0xffffffff;\n");
  ASSERT_TRUE(up);
  core::StepRecord& ru = up->begin(0, up->pc, 0xffffffffu);
  ru.membermask = 0xffffffffu;
  up->advance();
  const ShuffleInfo su = shuffleInfo(up->frame(), up->records.back(), up->program->instrs[up->pc]);
  EXPECT_EQ(su.clampText, "c = 0x1802: segments of 8 lanes, sources below segment lane 2 keep their own value");
}

// A converged warp whose halves pass disjoint membermasks runs one redux.sync
// as two reductions: each half gets its own bus and result, and each lane's
// explanation names its own half, not the whole warp.
TEST(GatherViews, DisjointMembermasksGiveOneBusPerGroup) {
  const std::string body =
      "\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, 0x0000ffff, 0xffff0000, %p2;\n"
      "\tredux.sync.add.u32 %r6, %r0, %r9;\n";
  auto s = test::ui::session(test::kernel(body), test::ui::kernelLaunch());
  ASSERT_TRUE(s);
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Redux));
  const Frame f = s->frame();
  const FlowsView v = buildFlows(f);
  ASSERT_EQ(v.gathers.size(), 2u);
  EXPECT_EQ(v.gathers[0].members, 0x0000ffffu);
  EXPECT_EQ(v.gathers[0].result, "120");  // 0 + 1 + ... + 15
  EXPECT_EQ(v.gathers[0].inputs[16], "");
  EXPECT_EQ(v.gathers[1].members, 0xffff0000u);
  EXPECT_EQ(v.gathers[1].result, "376");  // 16 + 17 + ... + 31
  EXPECT_EQ(v.gathers[1].inputs[16], "16");
  const ExplanationView e = buildExplanation(f);
  auto about = [&](int lane) {
    for (const LaneExplanation& x : e.lanes)
      if ((x.lanes >> lane) & 1u) return x.text;
    return std::string();
  };
  EXPECT_NE(about(0).find("over lanes 0-15 \u2192 %r6 = 120"), std::string::npos) << about(0);
  EXPECT_NE(about(16).find("over lanes 16-31 \u2192 %r6 = 376"), std::string::npos) << about(16);
  // A membermask row per mask, and every lane is a member of one of them.
  const MasksView m = buildMasks(f, 0);
  std::vector<std::pair<std::string, core::LaneMask>> members;
  for (const MaskRow& row : m.rows)
    if (row.cls == "member") members.emplace_back(row.label, row.bits);
  EXPECT_EQ(members, (std::vector<std::pair<std::string, core::LaneMask>>{{"membermask 0-15", 0x0000ffffu},
                                                                         {"membermask 16-31", 0xffff0000u}}));
  EXPECT_EQ(buildLaneGrid(f, 0).membermask, 0xffffffffu);
  // Side by side, the two buses do not overlap.
  const Scene sc = buildScene(f, nullptr, builtinTheme("light"));
  int buses = 0;
  for (const Primitive& p : sc.items)
    if (p.cls == "flow reduce bus") ++buses;
  EXPECT_EQ(buses, 2);
}

// vote.ballot of even lanes: every member gathers every member's predicate.
TEST(GatherViews, BallotGathersIntoEveryMember) {
  Bench b = test::ui::ballotStep();
  const Frame f = b.frame();
  const FlowsView v = buildFlows(f);
  EXPECT_TRUE(v.arrows.empty());  // 1024 lane-to-lane flows become one gather
  ASSERT_EQ(v.gathers.size(), 1u);
  EXPECT_EQ(v.gathers[0].members, 0xffffffffu);
  EXPECT_EQ(v.gathers[0].op, "vote.sync.ballot.b32");
  EXPECT_EQ(v.gathers[0].result, "0x55555555");
  EXPECT_EQ(v.gathers[0].inputs[0], "true");
  EXPECT_EQ(v.gathers[0].inputs[1], "false");
  const MasksView m = buildMasks(f, 0);
  ASSERT_EQ(m.rows.back().label, "ballot \u2192 %r1");
  EXPECT_EQ(m.rows.back().bits, 0x55555555u);
  EXPECT_EQ(m.rows.back().laneBits, "10101010101010101010101010101010");
  const ExplanationView e = buildExplanation(f);
  EXPECT_EQ(e.lanes[2].text, "lane 2 gives its %p1 = true; vote.sync.ballot.b32 over lanes 0-31 \u2192 %r1 = 0x55555555");
}

TEST(GatherViews, ReduxSumIsTheCommonResult) {
  Bench b = test::ui::reduxStep();
  const FlowsView v = buildFlows(b.frame());
  ASSERT_EQ(v.gathers.size(), 1u);
  EXPECT_EQ(v.gathers[0].kind, core::FlowKind::Reduce);
  EXPECT_EQ(v.gathers[0].result, "496");
  EXPECT_EQ(v.gathers[0].inputs[31], "31");
  const ExplanationView e = buildExplanation(b.frame());
  EXPECT_EQ(e.lanes[7].text, "lane 7 gives its %r0 = 7; redux.sync.add.u32 over lanes 0-31 \u2192 %r1 = 496");
}

TEST(MatchViews, GroupsMasksAndExplanation) {
  Bench b = test::ui::matchStep();
  const Frame f = b.frame();
  const FlowsView v = buildFlows(f);
  ASSERT_EQ(v.matchGroups.size(), 3u);
  EXPECT_EQ(v.matchGroups[0].lanes, 0x49249249u);
  EXPECT_EQ(v.matchGroups[1].lanes, 0x92492492u);
  EXPECT_EQ(v.matchGroups[2].lanes, 0x24924924u);
  EXPECT_EQ(v.matchGroups[1].value, "7");
  EXPECT_EQ(v.matchGroups[2].colour, 2);
  const MasksView m = buildMasks(f, 0);
  std::vector<const MaskRow*> groups;
  for (const auto& r : m.rows)
    if (r.cls == "match") groups.push_back(&r);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0]->label, "match group 0");
  EXPECT_EQ(groups[0]->bits, 0x49249249u);
  EXPECT_EQ(groups[1]->colour, 1);
  EXPECT_EQ(groups[2]->bits, 0x24924924u);
  const ExplanationView e = buildExplanation(f);
  EXPECT_EQ(e.lanes[4].text,
            "lane 4 has %r0 = 7, the same as lanes 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31 (group 1) \u2192 %r1 = 0x92492492");
}

}  // namespace
}  // namespace ws::ui
