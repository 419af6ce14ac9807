// warpscope-imgui: the debugger in one fast window (Dear ImGui over GLFW and
// OpenGL 3.3). Opens a scenario or a PTX file given on the command line, or
// one picked in the app; --screenshot and --benchmark-frames run it without
// a person for tests and the performance table.
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <GL/gl.h>
#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/common/command_line.hpp"
#include "app/common/input_options.hpp"
#include "app/common/option_rules.hpp"
#include "app/imgui/gl_window.hpp"
#include "app/imgui/settings.hpp"
#include "app/imgui/style.hpp"
#include "app/imgui/viewer.hpp"
#include "ui/session/frame_stats.hpp"
#include "ui/session/session.hpp"
#include "ui/session/step_until.hpp"

namespace {

struct Options {
  ws::ui::LaunchRequest in;
  float scale = 0;
  std::string theme;
  std::string screenshot;
  std::uint64_t step = 0;
  std::string until;
  std::uint64_t benchmarkFrames = 0;
  std::string size;
  bool oneWarp = false, allWarps = false, noSettings = false;
};

bool parseSize(const std::string& s, int& w, int& h) {
  return std::sscanf(s.c_str(), "%dx%d", &w, &h) == 2 && w >= 320 && h >= 240 && w <= 16384 && h <= 16384;
}

using Clock = std::chrono::steady_clock;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"warpscope-imgui: step PTX kernels and scenarios lane by lane, forward and backward"};
  Options o;
  ws::app::addInputOptions(&app, o.in, true, false);
  app.add_option("--scale", o.scale, "UI scale for high-DPI screens (default: the monitor's content scale)")
      ->check(CLI::Range(0.5, 4.0));
  app.add_option("--theme", o.theme, "light, dark or projector (default: the last one used)")
      ->check(ws::app::themeName(false));
  app.add_option("--size", o.size, "window size WxH (default: the last one used, else 1600x1000)");
  CLI::Option* oneWarp = app.add_flag("--one-warp", o.oneWarp, "the lane view shows only the focused warp");
  app.add_flag("--all-warps", o.allWarps, "the lane view shows every warp of the focused CTA")->excludes(oneWarp);
  CLI::Option* step =
      app.add_option("--step", o.step, "go to the moment after N steps (as on the timeline) after opening")
          ->check(ws::app::wholeNumber(0, ws::app::kMaxCount));
  app.add_option("--until", o.until, "after opening, step until an instruction whose mnemonic starts with TEXT "
                                     "(e.g. shfl.sync.bfly)")
      ->excludes(step);
  app.add_flag("--no-settings", o.noSettings, "do not read or write the saved layout, theme and last file");
  app.add_option("--screenshot", o.screenshot, "write the window as a PNG after --step/--until and exit");
  app.add_option("--benchmark-frames", o.benchmarkFrames,
                 "autoplay the input one step (a cycle of every warp) per frame for N frames, restarting at the end, "
                 "and print frame-time statistics; no vsync");
  app.footer("Keys: F10 step, Shift+F10 step back, F5 continue, Shift+F5 reverse continue, F9 breakpoint, "
             "Ctrl+F10 run to cursor, Alt+1..7 stepping unit, Ctrl+H hardware mode, Alt+arrows focus, "
             "Space autoplay, Esc stop, Ctrl+O open.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : ws::app::kExitUsage;
  }
  const bool headlessRun = !o.screenshot.empty() || o.benchmarkFrames > 0;
  if (o.benchmarkFrames && o.in.path.empty()) {
    fmt::print(stderr, "error: --benchmark-frames needs an input file\n");
    return ws::app::kExitUsage;
  }

  // Scripted runs neither read nor write the person's settings: same picture every time.
  std::string err;
  const bool useSettings = !headlessRun && !o.noSettings;
  ws::imgui::Settings settings = !useSettings ? ws::imgui::Settings{} : ws::imgui::loadSettings(ws::imgui::settingsPath(), err);
  if (!err.empty()) fmt::print(stderr, "warning: {} (using defaults)\n", err);
  int width = settings.windowWidth, height = settings.windowHeight;
  if (!o.size.empty() && !parseSize(o.size, width, height)) {
    fmt::print(stderr, "error: --size '{}' is not WxH (e.g. 1600x1000)\n", o.size);
    return ws::app::kExitUsage;
  }
  if (o.oneWarp) settings.allWarps = false;
  if (o.allWarps) settings.allWarps = true;

  GLFWwindow* win = ws::imgui::openGlWindow(width, height, "warpscope", err);
  if (!win) {
    fmt::print(stderr, "error: {}\n", err);
    return ws::app::kExitFailed;
  }
  glfwSwapInterval(o.benchmarkFrames ? 0 : 1);
  float scale = o.scale > 0 ? o.scale : settings.scale;
  if (scale <= 0) {
    float xs = 1, ys = 1;
    glfwGetWindowContentScale(win, &xs, &ys);
    scale = xs > 0.5f ? xs : 1.0f;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  static std::string iniPath;  // ImGui keeps the pointer
  iniPath = useSettings ? ws::imgui::layoutIniPath() : std::string{};
  if (!iniPath.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(ws::imgui::configDir(), ec);  // ImGui writes the .ini there
  }
  io.IniFilename = iniPath.empty() ? nullptr : iniPath.c_str();
  const ws::imgui::Fonts fonts = ws::imgui::loadFonts(*io.Fonts, scale);
  ImGui_ImplGlfw_InitForOpenGL(win, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int rc = 0;
  {
    ws::imgui::Viewer viewer(settings, fonts, scale);
    if (!o.theme.empty()) viewer.setTheme(o.theme);
    if (!o.in.path.empty() && !viewer.open(o.in)) {
      fmt::print(stderr, "{}\n", viewer.error());
      if (headlessRun) rc = ws::app::kExitUsage;
    }
    // --step N shows the moment after N steps, counted as the timeline and
    // `warpscope-cli render --step N` count them.
    if (rc == 0 && viewer.session() && o.step) {
      const std::uint64_t reached = viewer.session()->seek(o.step);
      if (reached < o.step) fmt::print(stderr, "note: the program ends after {} steps\n", reached);
    }
    if (rc == 0 && viewer.session() && !o.until.empty() &&
        !ws::ui::stepUntilMnemonic(*viewer.session(), o.until, 1'000'000)) {
      fmt::print(stderr, "no step runs an instruction starting with '{}'\n", o.until);
      if (headlessRun) rc = ws::app::kExitUsage;
    }
    if (rc == 0 && viewer.session() && o.benchmarkFrames) viewer.command(ws::ui::ActionId::UnitCycle);

    std::vector<double> frameMs, buildMs;  // whole frame; the viewer's part (views, scene, ImGui lists)
    if (o.benchmarkFrames) {
      frameMs.reserve(o.benchmarkFrames);
      buildMs.reserve(o.benchmarkFrames);
    }
    std::uint64_t frame = 0;
    auto last = Clock::now();
    std::string shownTitle;
    while (rc == 0 && !glfwWindowShouldClose(win) && !viewer.quitRequested()) {
      const auto start = Clock::now();
      if (headlessRun || viewer.busy()) glfwPollEvents();
      else glfwWaitEventsTimeout(0.25);  // idle: no redraws until something happens
      double dt = std::chrono::duration<double>(Clock::now() - last).count();
      last = Clock::now();
      if (o.benchmarkFrames) {
        // One step per frame, whatever the frame rate: loop the scenario.
        dt = 1.0 / 60.0;
        if (!viewer.busy()) {
          // The end, or a stop (undefined behaviour in strict mode): start over.
          if (viewer.session()->position() > 0 && viewer.driver().lastOutcome().why != ws::core::RunOutcome::Why::Budget)
            viewer.command(ws::ui::ActionId::Restart);
          viewer.startAutoplay(60.0);
        }
      }
      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      const auto buildStart = Clock::now();
      ImGui::NewFrame();
      viewer.frame(dt);
      ImGui::Render();
      const double built = std::chrono::duration<double, std::milli>(Clock::now() - buildStart).count();
      int fbw = 0, fbh = 0;
      glfwGetFramebufferSize(win, &fbw, &fbh);
      glViewport(0, 0, fbw, fbh);
      const ws::ui::Color bg = viewer.theme().background;
      glClearColor(static_cast<float>(bg.r) / 255.0f, static_cast<float>(bg.g) / 255.0f, static_cast<float>(bg.b) / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      ++frame;
      // A few frames first: ImGui sizes some windows from the previous frame's contents.
      if (!o.screenshot.empty() && frame == 4) {
        glFinish();
        if (!ws::imgui::writeFramebufferPng(fbw, fbh, o.screenshot, err)) {
          fmt::print(stderr, "error: {}\n", err);
          rc = ws::app::kExitFailed;
        } else {
          fmt::print("{}\n", o.screenshot);
        }
        break;
      }
      glfwSwapBuffers(win);
      if (o.benchmarkFrames) {
        glFinish();
        frameMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        buildMs.push_back(built);
        if (frame >= o.benchmarkFrames) {
          fmt::print("{}: {}x{}, {} scene items at the end, {}\n", o.in.path, fbw, fbh, viewer.sceneItems(),
                     reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
          fmt::print("  whole frame: {}\n", ws::ui::formatFrameStats(ws::ui::frameStats(frameMs)));
          fmt::print("  viewer only: {}\n", ws::ui::formatFrameStats(ws::ui::frameStats(buildMs)));
          break;
        }
      }
      if (const std::string t = viewer.title(); t != shownTitle) {
        glfwSetWindowTitle(win, t.c_str());
        shownTitle = t;
      }
    }
    if (useSettings) {
      ws::imgui::Settings& s = viewer.settings();
      glfwGetWindowSize(win, &s.windowWidth, &s.windowHeight);
      if (o.scale > 0) s.scale = o.scale;
      if (!ws::imgui::saveSettings(s, ws::imgui::settingsPath(), err)) fmt::print(stderr, "warning: {}\n", err);
    }
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  ws::imgui::closeGlWindow(win);
  return rc;
}
