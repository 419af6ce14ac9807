// The viewer's frames with no window: every bundled scenario opens, steps
// forward and back, runs to its end through the chunked driver and draws
// each frame without an ImGui error (libimgui's assertions are on); keys,
// hover and click reach the shared commands and the session.
#include <gtest/gtest.h>

#include <GLFW/glfw3.h>
#include <imgui_internal.h>

#include <filesystem>

#include "app/imgui/key_map.hpp"
#include "tests/imgui/headless.hpp"
#include "ui/lesson/gallery.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::imgui {
namespace {

const std::string kSnippet = ws::test::dataPath("/imgui/shfl-snippet/scenario.toml");

ui::LaunchRequest input(const std::string& path) {
  ui::LaunchRequest o;
  o.path = path;
  // The test scenarios share tests/data/golden's kernels: allowed explicitly,
  // as a user allows a folder with --allow-files.
  o.allowFiles.push_back(ws::test::dataPath());
  return o;
}

std::vector<ui::GalleryEntry> allScenarios() {
  auto entries = ui::listGallery(ui::bundledScenarioDir());
  for (auto& e : ui::listGallery(ws::test::dataPath("/imgui"))) entries.push_back(std::move(e));
  return entries;
}

TEST(ImguiViewer, EveryScenarioStepsAndDraws) {
  const auto entries = allScenarios();
  ASSERT_GE(entries.size(), 3u);  // at least the test scenarios
  const char* themes[] = {"light", "dark", "projector"};
  int k = 0;
  for (const ui::GalleryEntry& e : entries) {
    SCOPED_TRACE(e.path);
    ASSERT_TRUE(e.error.empty()) << e.error;
    test::Headless h;
    Viewer v(Settings{}, h.fonts, 1.0f);
    v.setTheme(themes[k++ % 3]);
    ASSERT_TRUE(v.open(input(e.path))) << v.error();
    ASSERT_NE(v.session(), nullptr);
    EXPECT_GT(h.frame(v), 0);
    ui::Session& s = *v.session();
    // Step through, a frame after every step, as someone holding F10 would.
    std::uint64_t steps = 0;
    while (!s.finished() && steps < 150 && ui::actionEnabled(ui::ActionId::StepOver, s, v.choices())) {
      const std::uint64_t before = s.position();
      v.command(ui::ActionId::StepOver);
      if (s.position() == before) break;  // stopped (undefined behaviour in strict mode)
      ++steps;
      EXPECT_GT(h.frame(v), 0);
      EXPECT_GT(v.sceneItems(), 0u);
    }
    EXPECT_GT(steps, 0u);
    // The rest through the run driver, one chunk per frame.
    v.command(ui::ActionId::RunToEnd);
    for (int f = 0; f < 2000 && v.busy(); ++f) h.frame(v);
    EXPECT_FALSE(v.busy());
    h.frame(v);
    const std::uint64_t end = s.position();
    EXPECT_GE(end, steps);
    v.command(ui::ActionId::StepBack);
    h.frame(v);
    EXPECT_EQ(s.position(), end - 1);
    v.command(ui::ActionId::Restart);
    h.frame(v);
    EXPECT_EQ(s.position(), 0u);
    const int lane = s.focus().lane;
    v.command(ui::ActionId::NextLane);
    h.frame(v);
    EXPECT_EQ(s.focus().lane, (lane + 1) % 32);
  }
}

TEST(ImguiViewer, KeysRunTheSharedCommands) {
  for (const ui::ActionInfo& a : ui::allActions())
    if (a.shortcut.key != ui::Key::None) {
      EXPECT_GE(glfwKeyOf(a.shortcut.key), 0) << a.name;
    }
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ASSERT_TRUE(v.open(input(kSnippet))) << v.error();
  h.frame(v);
  ImGuiIO& io = ImGui::GetIO();
  auto press = [&](int key, bool shift = false, bool ctrl = false, bool alt = false) {
    io.KeyShift = shift;
    io.KeyCtrl = ctrl;
    io.KeyAlt = alt;
    io.KeysDown[key] = true;
    h.frame(v);
    io.KeysDown[key] = false;
    io.KeyShift = io.KeyCtrl = io.KeyAlt = false;
    h.frame(v);
  };
  ui::Session& s = *v.session();
  press(GLFW_KEY_F10);
  EXPECT_EQ(s.position(), 1u);
  press(GLFW_KEY_F10);
  EXPECT_EQ(s.position(), 2u);
  press(GLFW_KEY_F10, true);  // Shift+F10: step back
  EXPECT_EQ(s.position(), 1u);
  press(GLFW_KEY_3, false, false, true);  // Alt+3: to the next collective
  EXPECT_EQ(v.choices().unit, core::StepUnit::NextCollective);
  press(GLFW_KEY_H, false, true);  // Ctrl+H: hardware mode
  EXPECT_EQ(s.options().mode, core::ExecMode::Hardware);
  press(GLFW_KEY_RIGHT, false, false, true);  // Alt+Right: next lane
  EXPECT_EQ(s.focus().lane, 1);
  press(GLFW_KEY_F5);  // continue: runs to the end through the driver
  for (int f = 0; f < 100 && v.busy(); ++f) h.frame(v);
  EXPECT_TRUE(s.finished());
  press(GLFW_KEY_F5, true);  // reverse continue: back to step 0
  for (int f = 0; f < 100 && v.busy(); ++f) h.frame(v);
  EXPECT_EQ(s.position(), 0u);
  press(GLFW_KEY_SPACE);  // autoplay
  EXPECT_TRUE(v.driver().autoplaying());
  press(GLFW_KEY_ESCAPE);
  EXPECT_FALSE(v.busy());
}

TEST(ImguiViewer, HoverShowsTheSceneTooltipAndClickFocusesTheLane) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ASSERT_TRUE(v.open(input(kSnippet))) << v.error();
  v.command(ui::ActionId::StepOver);
  h.frame(v);
  h.frame(v);
  const ui::Primitive* cell = v.scene().findId("w0-lane7");
  ASSERT_NE(cell, nullptr);
  ASSERT_FALSE(cell->tooltip.empty());
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = v.canvas().toScreen({cell->x + cell->w / 2, cell->y + cell->h / 2});
  h.frame(v);
  EXPECT_EQ(v.hoveredTooltip(), cell->tooltip);
  io.MouseDown[0] = true;
  h.frame(v);
  io.MouseDown[0] = false;
  h.frame(v);
  EXPECT_EQ(v.session()->focus().lane, 7);
}

// The Notes window's Console tab: its label counts the printed lines, and a
// click on a line goes to the step that printed it.
TEST(ImguiViewer, ConsoleTabListsWhatTheKernelPrinted) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ASSERT_TRUE(v.open(input(ui::bundledScenarioDir() + "/printf-warp-sum/scenario.toml"))) << v.error();
  v.command(ui::ActionId::RunToEnd);
  for (int f = 0; f < 2000 && v.busy(); ++f) h.frame(v);
  h.frame(v);
  ui::Session& s = *v.session();
  ASSERT_TRUE(s.finished());
  ASSERT_EQ(s.views().console.lines.size(), 16u);
  // Find the tab in ImGui's tab bars and click it.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGuiTabBar* bar = nullptr;
  const ImGuiTabItem* tab = nullptr;
  for (int i = 0; i < g.TabBars.GetMapSize() && !tab; ++i) {
    ImGuiTabBar* b = g.TabBars.TryGetMapData(i);
    if (!b) continue;
    for (const ImGuiTabItem& t : b->Tabs)
      if (std::string(b->GetTabName(&t)).starts_with("Console")) {
        bar = b;
        tab = &t;
      }
  }
  ASSERT_NE(tab, nullptr);
  EXPECT_STREQ(bar->GetTabName(tab), "Console (16)###console");
  const ImGuiID consoleId = tab->ID;
  ImGuiIO& io = ImGui::GetIO();
  // Tabs are laid out left to right, ItemInnerSpacing apart.
  float x = bar->BarRect.Min.x;
  for (const ImGuiTabItem& t : bar->Tabs) {
    if (t.ID == consoleId) break;
    x += t.Width + ImGui::GetStyle().ItemInnerSpacing.x;
  }
  const ImVec2 at(x + tab->Width / 2, (bar->BarRect.Min.y + bar->BarRect.Max.y) / 2);
  io.MousePos = at;
  h.frame(v);
  io.MouseDown[0] = true;
  h.frame(v);
  io.MouseDown[0] = false;
  h.frame(v);
  h.frame(v);
  EXPECT_EQ(bar->SelectedTabId, consoleId) << "clicked at " << at.x << "," << at.y << " over "
                                            << (g.HoveredWindow ? g.HoveredWindow->Name : "nothing");
  // The first lines (warp 0's lanes 0-2, one step) sit under the tab bar.
  const std::uint64_t firstStep = s.views().console.lines[0].step;
  io.MousePos = ImVec2(at.x, bar->BarRect.Max.y + ImGui::GetStyle().ItemSpacing.y + ImGui::GetTextLineHeight());
  h.frame(v);
  io.MouseDown[0] = true;
  h.frame(v);
  io.MouseDown[0] = false;
  h.frame(v);
  EXPECT_EQ(s.position(), firstStep + 1);
  EXPECT_EQ(s.views().console.lines.size(), 3u) << "at that step only warp 0's first call has printed";
}

TEST(ImguiViewer, OpensPtxWithLaunchOptionsAndReportsBadInput) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  const std::string dir = ::testing::TempDir();
  {
    std::FILE* f = std::fopen((dir + "/in32.json").c_str(), "w");
    std::fputs("[", f);
    for (int i = 0; i < 32; ++i) std::fprintf(f, "%s%d", i ? "," : "", i * 3);
    std::fputs("]", f);
    std::fclose(f);
    f = std::fopen((dir + "/out256.json").c_str(), "w");
    std::fputs("{\"words\": [0", f);
    for (int i = 1; i < 256; ++i) std::fputs(",0", f);
    std::fputs("]}", f);
    std::fclose(f);
  }
  ui::LaunchRequest o = input(ws::test::dataPath("/golden/kernels.ptx"));
  EXPECT_FALSE(v.open(o));  // several entries: one must be chosen
  EXPECT_NE(v.error().find("choose one with --entry"), std::string::npos) << v.error();
  h.frame(v);  // the error window draws
  o.entry = "pub_shfl_modes";
  o.buffers = {dir + "/in32.json", dir + "/out256.json"};
  o.block = "32";
  ASSERT_TRUE(v.open(o)) << v.error();
  EXPECT_EQ(v.session()->launch().entry, "pub_shfl_modes");
  for (int i = 0; i < 20; ++i) {
    v.command(ui::ActionId::StepOver);
    h.frame(v);
  }
  EXPECT_EQ(v.session()->position(), 20u);

  const std::string bad = dir + "/bad.toml";
  std::FILE* f = std::fopen(bad.c_str(), "w");
  std::fputs("format = 1\ntitle = \"x\"\n[program]\nptx = 3\n", f);
  std::fclose(f);
  EXPECT_FALSE(v.open(input(bad)));
  EXPECT_NE(v.error().find(bad + ":4:"), std::string::npos) << v.error();
  EXPECT_EQ(v.session()->launch().entry, "pub_shfl_modes");  // the open session stays
  h.frame(v);
}

// The file picker's launch fields: the module's entries to choose from and
// the options every front end takes, opened through the one loader.
TEST(ImguiViewer, LaunchFormOpensAPtxFileAsTheCliWould) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  LaunchForm form;
  form.setModule(ws::test::dataPath("/golden/kernels.ptx"));
  EXPECT_TRUE(form.error().empty()) << form.error();
  ASSERT_GE(form.entries().size(), 5u);
  ASSERT_TRUE(form.chooseEntry("pub_shfl_modes"));
  EXPECT_FALSE(form.chooseEntry("no_such_entry"));
  ASSERT_TRUE(form.setField("buffers", " iota:32 ,zeros:256"));
  EXPECT_FALSE(form.setField("colour", "red"));
  form.setHardwareMode(true);
  ImGui::NewFrame();
  ImGui::Begin("launch");
  form.draw(true);  // draws without an ImGui error
  ImGui::End();
  ImGui::Render();
  const ui::LaunchRequest r = form.request();
  EXPECT_EQ(r.entry, "pub_shfl_modes");
  EXPECT_EQ(r.buffers, (std::vector<std::string>{"iota:32", "zeros:256"}));
  ASSERT_TRUE(v.open(r)) << v.error();
  EXPECT_EQ(v.session()->launch().entry, "pub_shfl_modes");
  EXPECT_EQ(v.session()->options().mode, core::ExecMode::Hardware);
  // Fields the module does not take: the loader's error, shown by the viewer.
  ASSERT_TRUE(form.setField("grid", "0"));
  EXPECT_FALSE(v.open(form.request()));
  EXPECT_NE(v.error().find("'0' is not a dimension"), std::string::npos) << v.error();
  h.frame(v);

  LaunchForm broken;
  broken.setModule(ws::test::dataPath("/missing.ptx"));
  EXPECT_NE(broken.error().find("missing.ptx"), std::string::npos) << broken.error();
  EXPECT_TRUE(broken.entries().empty());
}

TEST(ImguiViewer, CtrlOOpensTheFilePickerWhichOpensAScenario) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ASSERT_TRUE(v.open(input(kSnippet))) << v.error();
  h.frame(v);
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  io.KeysDown[GLFW_KEY_O] = true;
  h.frame(v);
  io.KeysDown[GLFW_KEY_O] = false;
  io.KeyCtrl = false;
  EXPECT_TRUE(v.fileBrowser().isOpen());
  EXPECT_EQ(v.fileBrowser().dir(), std::filesystem::weakly_canonical(ws::test::dataPath("/imgui/shfl-snippet")).string());
  for (int i = 0; i < 3; ++i) h.frame(v);  // the picker draws over the panels
  EXPECT_TRUE(v.fileBrowser().isOpen());
}

TEST(ImguiViewer, StartsWithTheExamplesAndNoSession) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  EXPECT_GT(h.frame(v), 0);
  EXPECT_EQ(v.session(), nullptr);
  EXPECT_EQ(v.title(), "warpscope");
  v.command(ui::ActionId::StepOver);  // nothing to step: no crash
  h.frame(v);
}

}  // namespace
}  // namespace ws::imgui
