// A race in warpscope-imgui: the canvas's scene holds the race arrows, the
// Diagnostics tab counts the race, and Shift+F8 / F8 go to its first and
// second access. The race is built by hand and selected on the real session,
// so this does not depend on the detector.
#include <gtest/gtest.h>

#include <GLFW/glfw3.h>
#include <imgui_internal.h>

#include "tests/core/race_diagnostic.hpp"
#include "tests/imgui/headless.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::imgui {
namespace {

TEST(ImguiRace, CanvasDrawsTheRaceAndF8GoesToItsAccesses) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ui::LaunchRequest in;
  in.path = ws::test::dataPath("/imgui/shfl-snippet/scenario.toml");
  in.allowFiles.push_back(ws::test::dataPath());
  ASSERT_TRUE(v.open(in)) << v.error();
  h.frame(v);
  ui::Session& s = *v.session();
  for (int i = 0; i < 4; ++i) s.step(core::StepUnit::Step);
  ASSERT_GE(s.position(), 4u);
  const core::StepRecord a = s.history().record(1), b = s.history().record(s.position() - 1);
  const core::Diagnostic d = ws::test::raceDiagnostic(
      core::DiagKind::RaceShared, {a.step, 0, a.warp, 3, a.pc, core::RaceAccess::What::Write, false},
      {b.step, 0, b.warp, 9, b.pc, core::RaceAccess::What::Read, false}, core::MemRegion::Shared, 0, 1024, 4);
  const std::uint64_t second = s.position();
  ASSERT_TRUE(s.selectRace(d));
  h.frame(v);
  h.frame(v);
  EXPECT_EQ(v.scene().find("race arrow first").size(), 1u);
  EXPECT_EQ(v.scene().find("race arrow second").size(), 1u);
  EXPECT_EQ(v.scene().find("race cell").size(), 1u);
  // The Diagnostics tab says a race is listed.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  bool labelled = false;
  for (int i = 0; i < g.TabBars.GetMapSize(); ++i)
    if (ImGuiTabBar* bar = g.TabBars.TryGetMapData(i))
      for (const ImGuiTabItem& t : bar->Tabs) labelled |= std::string(bar->GetTabName(&t)) == "Diagnostics (0, 1 race)###diag";
  EXPECT_TRUE(labelled);

  ImGuiIO& io = ImGui::GetIO();
  auto press = [&](int key, bool shift) {
    io.KeyShift = shift;
    io.KeysDown[key] = true;
    h.frame(v);
    io.KeysDown[key] = false;
    io.KeyShift = false;
    h.frame(v);
  };
  press(GLFW_KEY_F8, true);
  EXPECT_EQ(s.position(), 2u);
  EXPECT_EQ(s.focus().lane, 3);
  EXPECT_EQ(v.scene().find("race arrow first").size(), 1u);
  press(GLFW_KEY_F8, false);
  EXPECT_EQ(s.position(), second);
  EXPECT_EQ(s.focus().lane, 9);
}

}  // namespace
}  // namespace ws::imgui
