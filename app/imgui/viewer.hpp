#pragma once
// The whole viewer as ImGui draws it, one frame at a time, with no window
// system underneath: the GLFW main loop (main.cpp) and the headless tests
// both call frame() between ImGui::NewFrame() and ImGui::Render().
//
// It owns the Session, the person's choices (stepping unit, cursor line) and
// the RunDriver; every command goes through the shared table in
// ui/session/actions.hpp, so menus, toolbar and keys do exactly what the Qt app does.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/imgui/allow_prompt.hpp"
#include "app/common/input_options.hpp"
#include "app/imgui/canvas.hpp"
#include "app/imgui/file_browser.hpp"
#include "app/imgui/fonts.hpp"
#include "app/imgui/settings.hpp"
#include "ui/session/actions.hpp"
#include "ui/lesson/authored_questions.hpp"
#include "ui/lesson/gallery.hpp"
#include "ui/session/run_driver.hpp"
#include "ui/scene/scene.hpp"
#include "ui/scene/theme.hpp"

namespace ws::ui {
class Session;
}

namespace ws::imgui {

class Viewer {
 public:
  Viewer(Settings settings, Fonts fonts, float scale);
  ~Viewer();
  Viewer(const Viewer&) = delete;
  Viewer& operator=(const Viewer&) = delete;

  // Opens a scenario or PTX file; on failure keeps the current session and
  // shows the errors (also returned through error()).
  bool open(const ui::LaunchRequest& in);
  const std::string& error() const { return m_error; }
  // Shows a session made elsewhere (a test's, with an engine set up by hand),
  // as open() shows the one it makes; `file` is what the title names.
  void adopt(std::unique_ptr<ui::Session> session, std::string file);

  // Builds every window of one frame; `dt` is the seconds since the last
  // frame (drives long runs and autoplay). Call between NewFrame and Render.
  void frame(double dt);

  // A command from the shared table, as a menu click or its key would run it.
  void command(ui::ActionId id);
  bool busy() const { return m_driver.running() || m_driver.autoplaying(); }
  void startAutoplay(double stepsPerSecond);

  ui::Session* session() { return m_session.get(); }
  const ui::Session* session() const { return m_session.get(); }
  const ui::DebuggerChoices& choices() const { return m_choices; }
  const ui::RunDriver& driver() const { return m_driver; }
  std::string title() const;
  const std::string& status() const { return m_status; }
  // The tooltip of the lane-view element under the pointer in the last frame.
  const std::string& hoveredTooltip() const { return m_hoveredTip; }
  std::size_t sceneItems() const { return m_scene.items.size(); }
  const ui::Scene& scene() const { return m_scene; }
  const SceneCanvas& canvas() const { return m_canvas; }

  void setTheme(const std::string& name);
  const ui::Theme& theme() const { return m_theme; }
  const Settings& settings() const { return m_settings; }
  Settings& settings() { return m_settings; }
  bool quitRequested() const { return m_quit; }
  const FileBrowser& fileBrowser() const { return m_browser; }

  // The lesson's authored questions: the question window shows the one
  // asked (or last revealed) at the session's position. Its radio buttons,
  // text field and Check button call these.
  const ui::AuthoredQuestions& questions() const { return m_questions; }
  void pickAnswer(int choice) { m_question.picked = choice; }
  void typeAnswer(std::string_view text);
  bool checkAnswer();
  // What the question window showed in the last frame (nullopt: no window).
  const std::optional<ui::AuthoredQuestionView>& shownQuestion() const { return m_question.shown; }
  // The course the Examples window lists, and the unit headings it drew in the last frame.
  const ui::CourseGallery& course() const { return m_course; }
  const std::vector<std::string>& examplesHeadings() const { return m_examplesHeadings; }
  void showExamples() { m_showExamples = true; }

 private:
  struct Rect {
    float x, y, w, h;
  };
  void place(const Rect& r);
  // The panels' fonts for the current theme (larger for the projector).
  const PanelFonts& panel() const { return m_theme.name == "projector" ? m_fonts.large : m_fonts.normal; }
  void layout();
  void handleKeys();
  void rebuildScene();

  void drawMenuBar();
  void drawActionMenu(std::string_view menu);
  void drawToolbar();
  void drawLaneView();
  void drawListing();
  void drawRegisters();
  void drawMemory();
  void drawMbarriers();
  void drawNarration();
  void drawDiagnostics();
  void drawRaces();
  void drawConsole();
  void drawTimeline();
  void drawExamples();
  void drawQuestion();
  void drawErrors();
  void actionButton(ui::ActionId id, const char* text);

  Settings m_settings;
  Fonts m_fonts;
  float m_scale = 1;
  ui::Theme m_theme;
  std::unique_ptr<ui::Session> m_session;
  std::string m_file;
  ui::DebuggerChoices m_choices;
  ui::RunDriver m_driver;
  std::string m_status;
  std::string m_error;
  bool m_showError = false;
  AllowPrompt m_allowPrompt;

  ui::Scene m_scene;
  std::uint64_t m_sceneRevision = 0;
  std::string m_sceneTheme;
  bool m_sceneAllWarps = true;
  SceneCanvas m_canvas;
  std::string m_hoveredTip;

  FileBrowser m_browser;
  ui::CourseGallery m_course;
  std::vector<std::string> m_examplesHeadings;
  bool m_showExamples = false;
  // The question window's UI-only state.
  struct QuestionUi {
    std::optional<std::size_t> index;  // the question the fields belong to
    int picked = -1;
    std::array<char, 256> typed{};
    std::string error;
    std::optional<ui::AuthoredQuestionView> shown;
    std::optional<std::pair<std::size_t, ui::AuthoredState>> closed;  // closed by the person until it changes
  };
  ui::AuthoredQuestions m_questions;
  std::uint64_t m_questionsRevision = 0;
  QuestionUi m_question;
  bool m_relayout = true;
  bool m_quit = false;
  bool m_followListing = true;
  std::uint64_t m_listingScrolledAt = UINT64_MAX;
  // Rects of the tiled layout, computed each frame from the display size.
  Rect m_toolbar{}, m_lane{}, m_listing{}, m_data{}, m_notes{}, m_timeline{};
};

}  // namespace ws::imgui
