// A saved schedule's forced switch on warpscope-imgui's timeline: drawn in
// the theme's switch colour under the slider at the step it forced (the
// vertices ImGui produced, as there are no pixels without a window), hot
// under the pointer (a click goes there), and gone with the future a policy
// change cuts off.
#include <gtest/gtest.h>

#include <imgui_internal.h>

#include <algorithm>
#include <optional>

#include "app/imgui/style.hpp"
#include "tests/imgui/headless.hpp"
#include "tests/ui/scheduled_session.hpp"
#include "ui/session/session.hpp"

namespace ws::imgui {
namespace {

struct Span {
  float x0, x1, y0, y1;
};

// Where the last frame drew in colour c (opaque vertices only: anti-aliased
// fringes share the colour at alpha 0).
std::optional<Span> drawnIn(const ui::Color& c) {
  const ImU32 want = toU32(c);
  std::optional<Span> s;
  const ImDrawData* dd = ImGui::GetDrawData();
  for (int i = 0; i < dd->CmdListsCount; ++i)
    for (const ImDrawVert& v : dd->CmdLists[i]->VtxBuffer)
      if (v.col == want) {
        if (!s) s = Span{v.pos.x, v.pos.x, v.pos.y, v.pos.y};
        s->x0 = std::min(s->x0, v.pos.x);
        s->x1 = std::max(s->x1, v.pos.x);
        s->y0 = std::min(s->y0, v.pos.y);
        s->y1 = std::max(s->y1, v.pos.y);
      }
  return s;
}

TEST(ImguiForcedSwitch, TimelineDrawsItInItsColourAndAClickGoesThere) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  v.setTheme("light");
  v.adopt(ws::test::scheduledSession(), "two-warps.ptx");
  ui::Session& s = *v.session();
  const ui::Color c = v.theme().forcedSwitch;
  for (std::uint64_t i = 0; i < ws::test::kForcedAt; ++i) s.step();
  h.frame(v);
  h.frame(v);
  EXPECT_FALSE(drawnIn(c)) << "no switch is recorded yet";

  for (int i = 0; i < 3; ++i) s.step();
  const std::uint64_t end = ws::test::kForcedAt + 3;
  ASSERT_EQ(s.position(), end);
  h.frame(v);
  h.frame(v);
  const std::optional<Span> mark = drawnIn(c);
  ASSERT_TRUE(mark);
  // A tick with a flag, in the timeline at the bottom of the window: the
  // flag twice as wide as another kind's 3-pixel tick (less the anti-aliased
  // fringe), the tick taller than theirs (10 pixels).
  EXPECT_GE(mark->x1 - mark->x0, 6.0f);
  EXPECT_GE(mark->y1 - mark->y0, 12.0f);
  EXPECT_GT(mark->y0, ImGui::GetIO().DisplaySize.y * 0.8f);
  // At the moment after the forced step, that far along the slider.
  const float x = (mark->x0 + mark->x1) / 2;
  EXPECT_NEAR(x / ImGui::GetIO().DisplaySize.x, static_cast<double>(ws::test::kForcedAt + 1) / static_cast<double>(end), 0.05);

  // Hot under the pointer: a click goes to the moment after the switch.
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(x, (mark->y0 + mark->y1) / 2);
  h.frame(v);
  io.MouseDown[0] = true;
  h.frame(v);
  io.MouseDown[0] = false;
  h.frame(v);
  EXPECT_EQ(s.position(), ws::test::kForcedAt + 1);
  io.MousePos = ImVec2(-1, -1);

  // A policy change before it cuts the switch off with the future.
  s.seek(ws::test::kForcedAt - 1);
  s.setMode(s.options().mode == core::ExecMode::Strict ? core::ExecMode::Hardware : core::ExecMode::Strict);
  h.frame(v);
  h.frame(v);
  EXPECT_FALSE(drawnIn(c));
  // Replayed there again, it comes back.
  s.step();
  s.step();
  h.frame(v);
  h.frame(v);
  EXPECT_TRUE(drawnIn(c));
}

}  // namespace
}  // namespace ws::imgui
