// Races shown, not only listed: a race diagnostic built by hand (so these
// tests do not depend on the detector) becomes a race row in the lane view
// (an arrow from the first access's lane into the memory cell, one from the
// cell to the second access's lane, in the theme's race colour), the SVG
// carries it, the Diagnostics view lists both accesses, and the session's
// "go to first / second access" actions move the history to their steps.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>

#include "tests/core/race_diagnostic.hpp"
#include "tests/ui/ui_test_util.hpp"
#include "ui/files/svg_writer.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/actions.hpp"

namespace ws::ui {
namespace {

using test::ui::Bench;

constexpr const char* kBody =
    "\tst.shared.u32 [tile+8], %r0;\n"
    "\tld.shared.u32 %r5, [tile+8];\n";
constexpr const char* kDecls = ".shared .align 4 .b32 tile[64];\n";

// The shared-window offset of `tile` (the first 1 KB is the system's).
std::uint64_t tileOffset(const core::Program& p) {
  for (const auto& sym : p.symbols)
    if (sym.name == "tile") return sym.offset;
  ADD_FAILURE() << "no tile";
  return 0;
}

core::Diagnostic sharedRace(std::uint32_t storePc, std::uint64_t tile) {
  return ws::test::raceDiagnostic(core::DiagKind::RaceShared, {2, 0, 0, 2, storePc, core::RaceAccess::What::Write, false},
                              {5, 0, 1, 5, storePc + 1, core::RaceAccess::What::Read, false}, core::MemRegion::Shared, 0,
                              tile + 8, 4,
                              "lane 5 of warp 1 reads tile[2], which lane 2 of warp 0 wrote with no barrier between");
}

// Six steps alternating between the two warps of a 64-thread CTA; the last
// (warp 1, the load) reports the race.
Bench raceBench() {
  auto b = test::ui::kernelBench(kBody, 64, kDecls);
  EXPECT_TRUE(b.has_value());
  for (std::uint32_t i = 0; i < 6; ++i) {
    b->begin(i % 2, i < 4 ? b->pc : b->pc + 1, 0xffffffffu);
    b->advance();
  }
  b->records.back().diags.push_back(sharedRace(b->pc, tileOffset(*b->program)));
  return std::move(*b);
}

// WS_UI_DUMP_DIR=dir writes the scenes as SVG, to look at.
void dump(const Scene& s, const std::string& name) {
  if (const char* dir = std::getenv("WS_UI_DUMP_DIR")) {
    std::string err;
    EXPECT_TRUE(writeSvgFile(s, std::string(dir) + "/" + name + ".svg", err)) << err;
  }
}

double laneBottom(const Scene& s, std::uint32_t warp, int lane) {
  const Primitive* p = s.findId(fmt::format("w{}-lane{}", warp, lane));
  return p ? p->y + p->h : -1;
}

Point laneCentreTop(const Scene& s, std::uint32_t warp, int lane) {
  const Primitive* p = s.findId(fmt::format("w{}-lane{}", warp, lane));
  EXPECT_NE(p, nullptr) << warp << "/" << lane;
  return p ? Point{p->x + p->w / 2, p->y} : Point{};
}

const Primitive* only(const Scene& s, std::string_view cls) {
  const auto v = s.find(cls);
  EXPECT_EQ(v.size(), 1u) << cls;
  return v.empty() ? nullptr : v.front();
}

TEST(RaceView, DescribesBothAccessesAndTheVariable) {
  const Bench b = raceBench();
  const Frame f = b.frame();
  const RaceView r = describeRace(f, b.records.back().diags.front());
  EXPECT_EQ(r.slug, "race-shared");
  EXPECT_EQ(r.conflict, "write/read");
  EXPECT_EQ(r.cell, "tile[2]");
  EXPECT_EQ(r.symbol, "tile");
  EXPECT_EQ(r.symbolOffset, 8u);
  EXPECT_EQ(r.regionText, "shared memory of CTA 0");
  EXPECT_EQ(r.first.position, 3u);
  EXPECT_EQ(r.first.who, "CTA 0 warp 0 lane 2");
  EXPECT_EQ(r.first.what, "write");
  EXPECT_EQ(r.second.who, "CTA 0 warp 1 lane 5");
  EXPECT_EQ(r.second.position, 6u);
  EXPECT_GT(r.first.ptxLine, 0);
  EXPECT_EQ(r.second.ptxLine, r.first.ptxLine + 1);
  EXPECT_NE(r.first.instr.find("st.shared.u32"), std::string::npos);
  EXPECT_NE(r.summary.find("tile[2]"), std::string::npos);

  // The Diagnostics view: this step's item carries the race; the history's list holds it.
  const HistoryIndex ix = b.index();
  ASSERT_EQ(ix.races().size(), 1u);
  EXPECT_EQ(ix.races().front().record, 5u);
  const ViewSet v = buildViews(f, ix);
  ASSERT_EQ(v.diagnostics.items.size(), 1u);
  ASSERT_TRUE(v.diagnostics.items.front().race.has_value());
  EXPECT_EQ(v.diagnostics.items.front().race->cell, "tile[2]");
  ASSERT_EQ(v.diagnostics.races.size(), 1u);
  EXPECT_EQ(v.diagnostics.selectedRace, -1);
}

TEST(RaceScene, ArrowFromTheFirstLaneThroughTheCellToTheSecond) {
  const Bench b = raceBench();
  const HistoryIndex ix = b.index();
  SceneOptions o;
  o.allWarpsOfCta = true;
  for (const std::string& name : builtinThemeNames()) {
    const Theme t = builtinTheme(name);
    const Scene s = buildScene(b.frame(), &ix, t, o);
    dump(s, "race-two-warps-" + name);
    const Primitive* first = only(s, "race arrow first");
    const Primitive* second = only(s, "race arrow second");
    const Primitive* cell = only(s, "race cell");
    ASSERT_TRUE(first && second && cell);
    EXPECT_EQ(first->kind, Primitive::Kind::Arrow);
    EXPECT_EQ(first->stroke, t.race) << name;
    EXPECT_EQ(second->stroke, t.race) << name;
    EXPECT_EQ(first->dataValue("from"), "w0.lane2");
    EXPECT_EQ(first->dataValue("to"), "cell");
    EXPECT_EQ(first->dataValue("step"), "3");
    EXPECT_EQ(first->dataValue("what"), "write");
    EXPECT_EQ(second->dataValue("from"), "cell");
    EXPECT_EQ(second->dataValue("to"), "w1.lane5");
    EXPECT_EQ(second->dataValue("step"), "6");
    EXPECT_EQ(cell->dataValue("cell"), "tile[2]");
    // Warp 1 (the step's) is drawn first, warp 0 below it: the first access
    // comes up from warp 0's lane 2, the second ends under warp 1's lane 5.
    const Point l2 = laneCentreTop(s, 0, 2), l5 = laneCentreTop(s, 1, 5);
    EXPECT_NEAR(first->p0.x, l2.x, 0.01);
    EXPECT_NEAR(second->p3.x, l5.x, 0.01);
    EXPECT_NEAR(second->p3.y, laneBottom(s, 1, 5) + 2, 0.01);  // up from the cell to the lane's own box
    EXPECT_GT(first->p0.y, cell->y + cell->h);  // from the warp drawn below
    EXPECT_LT(first->p0.y, l2.y);
    // Both lanes are ringed, and the race reads as a hazard on every background.
    EXPECT_EQ(s.find("race lane-mark").size(), 2u);
    const double lb = t.background.luminance(), lr = t.race.luminance();
    EXPECT_GE((std::max(lb, lr) + 0.05) / (std::min(lb, lr) + 0.05), 3.0) << name;
  }
}

TEST(RaceScene, AnAccessOutsideTheViewComesInFromTheEdgeWithWhoAndWhen) {
  const Bench b = raceBench();
  const HistoryIndex ix = b.index();
  const Theme t = builtinTheme("light");
  const Scene s = buildScene(b.frame(), &ix, t, {});  // warp 1 only
  dump(s, "race-offview");
  const Primitive* first = only(s, "race arrow first offview");
  ASSERT_NE(first, nullptr);
  EXPECT_NEAR(first->p0.x, t.margin, 0.01);
  const Primitive* label = only(s, "race offview-label");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->text, "write by CTA 0 warp 0 lane 2, step 3");
  EXPECT_EQ(label->fill, t.race);
  const Primitive* second = only(s, "race arrow second");
  ASSERT_NE(second, nullptr);
  EXPECT_NEAR(second->p3.x, laneCentreTop(s, 1, 5).x, 0.01);
  // Nothing else overlaps the label: the cell starts to its right.
  const Primitive* cell = only(s, "race cell");
  ASSERT_NE(cell, nullptr);
  EXPECT_GT(cell->x, label->x + textWidth(label->text, label->fontSize, false));

  // The SVG export carries the same arrows, colour and data.
  const std::string svg = toSvg(s);
  EXPECT_NE(svg.find("class=\"race arrow first offview\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"race arrow second\""), std::string::npos);
  EXPECT_NE(svg.find(t.race.hex()), std::string::npos);
  EXPECT_NE(svg.find("data-to=\"w1.lane5\""), std::string::npos);
  EXPECT_NE(svg.find("write by CTA 0 warp 0 lane 2, step 3"), std::string::npos);
}

TEST(RaceScene, TheFirstAccessStepShowsTheRaceItWillTakePartIn) {
  Bench b = raceBench();
  const core::Diagnostic race = b.records.back().diags.front();
  // Back at step 3 (record 2, warp 0's store), with the race known to the index.
  const HistoryIndex ix = b.index();
  const std::vector<core::StepRecord> all = b.records;
  b.records.resize(3);
  const Scene s = buildScene(b.frame(), &ix, builtinTheme("light"), {});
  dump(s, "race-at-first-access");
  const Primitive* first = only(s, "race arrow first");
  ASSERT_NE(first, nullptr);
  EXPECT_NEAR(first->p0.x, laneCentreTop(s, 0, 2).x, 0.01);
  const Primitive* second = only(s, "race arrow second offview");
  ASSERT_NE(second, nullptr);
  EXPECT_FALSE(s.find("race offview-label").empty());
  // Not at an unrelated step.
  b.records.resize(2);
  EXPECT_TRUE(buildScene(b.frame(), &ix, builtinTheme("light"), {}).find("race").empty());
  // Without an index the selected race is drawn at its accesses' steps.
  b.records = all;
  b.records.back().diags.clear();
  b.records.resize(3);
  Frame f = b.frame();
  EXPECT_TRUE(buildScene(f, nullptr, builtinTheme("light"), {}).find("race arrow").empty());
  f.selectedRace = &race;
  EXPECT_EQ(buildScene(f, nullptr, builtinTheme("light"), {}).find("race arrow").size(), 2u);
}

TEST(RaceActions, GoToTheFirstAndSecondAccess) {
  auto s = test::ui::session(test::kernel(test::ui::kButterflyBody), test::ui::kernelLaunch(64));
  ASSERT_NE(s, nullptr);
  DebuggerChoices c;
  EXPECT_FALSE(actionEnabled(ActionId::GoToRaceFirst, *s, c));  // no race yet
  for (int i = 0; i < 12; ++i) s->step(core::StepUnit::Step);
  ASSERT_EQ(s->position(), 12u);
  const core::StepRecord r3 = s->history().record(3), r9 = s->history().record(9);
  const core::Diagnostic d = ws::test::raceDiagnostic(
      core::DiagKind::RaceGlobal, {r3.step, 0, r3.warp, 7, r3.pc, core::RaceAccess::What::Write, false},
      {r9.step, 0, r9.warp, 4, r9.pc, core::RaceAccess::What::Read, false}, core::MemRegion::Global, 2, 16, 4);
  ASSERT_TRUE(s->selectRace(d));
  EXPECT_TRUE(actionEnabled(ActionId::GoToRaceFirst, *s, c));
  EXPECT_TRUE(actionEnabled(ActionId::GoToRaceSecond, *s, c));

  runAction(ActionId::GoToRaceFirst, *s, c);
  EXPECT_EQ(s->position(), 4u);
  EXPECT_EQ(s->focus().warp, r3.warp);
  EXPECT_EQ(s->focus().lane, 7);
  // The lane view at the first access shows the race (the session's selection).
  EXPECT_EQ(buildScene(s->frame(), &s->index(), builtinTheme("light"), {}).find("race arrow first").size(), 1u);
  ASSERT_EQ(s->views().diagnostics.races.size(), 1u);
  EXPECT_EQ(s->views().diagnostics.selectedRace, 0);
  EXPECT_EQ(s->views().diagnostics.races.front().cell, "out[4]");

  runAction(ActionId::GoToRaceSecond, *s, c);
  EXPECT_EQ(s->position(), 10u);
  EXPECT_EQ(s->focus().warp, r9.warp);
  EXPECT_EQ(s->focus().lane, 4);
  EXPECT_EQ(s->positionOfStep(r3.step), 4u);

  // The keys: Shift+F8 back to the first access, F8 to the second.
  EXPECT_EQ(actionForShortcut({Key::F8, false, true, false}), ActionId::GoToRaceFirst);
  EXPECT_EQ(actionForShortcut({Key::F8, false, false, false}), ActionId::GoToRaceSecond);
  EXPECT_EQ(shortcutText(actionInfo(ActionId::GoToRaceFirst).shortcut), "Shift+F8");
}

}  // namespace
}  // namespace ws::ui
