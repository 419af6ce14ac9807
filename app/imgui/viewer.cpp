#include "app/imgui/viewer.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <imgui.h>

#include "app/common/open_input.hpp"
#include "app/imgui/key_map.hpp"
#include "app/imgui/style.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/scene/scene_hit.hpp"
#include "ui/session/session.hpp"
#include "ui/session/status_text.hpp"

namespace ws::imgui {
namespace fs = std::filesystem;

Viewer::Viewer(Settings settings, Fonts fonts, float scale)
    : m_settings(std::move(settings)), m_fonts(fonts), m_scale(scale) {
  setTheme(m_settings.theme);
  m_driver.setAutoplaySpeed(m_settings.autoplaySpeed);
  m_course = ui::listCourse(ui::bundledScenarioDir());
  m_showExamples = true;  // until something is opened: the way in for a first run
}

Viewer::~Viewer() = default;

std::string Viewer::title() const { return ui::windowTitle(m_session.get()); }

bool Viewer::open(const ui::LaunchRequest& in) {
  ui::ScenarioStart start = app::openInput(in);
  if (!start.engine) {
    m_error = start.error;
    m_showError = true;
    // Refused only for reading outside its folder: ask before reading anything.
    if (auto files = ui::filesToAllow(in); !files.empty()) m_allowPrompt.ask(in, std::move(files));
    return false;
  }
  auto made = ui::sessionFromStart(std::move(start));
  if (auto* e = std::get_if<std::string>(&made)) {
    m_error = *e;
    m_showError = true;
    return false;
  }
  adopt(std::move(std::get<std::unique_ptr<ui::Session>>(made)), in.path);
  std::error_code ec;
  const fs::path abs = fs::absolute(in.path, ec);
  m_settings.lastFile = ec ? in.path : abs.string();
  m_settings.lastDir = fs::path(m_settings.lastFile).parent_path().string();
  m_status = ui::openedText(*m_session, in.path);
  return true;
}

void Viewer::adopt(std::unique_ptr<ui::Session> session, std::string file) {
  m_driver.stop();
  m_session = std::move(session);
  m_file = std::move(file);
  m_choices = {};
  m_sceneRevision = 0;
  m_listingScrolledAt = UINT64_MAX;
  m_canvas.fit();
  m_error.clear();
  m_showError = false;
  m_showExamples = false;
  m_questions = ui::AuthoredQuestions::forSession(*m_session);
  m_question = {};
}

void Viewer::setTheme(const std::string& name) {
  m_theme = ui::loadTheme(name);
  m_settings.theme = name;
  applyTheme(m_theme, m_scale, ImGui::GetStyle());
  ImGui::GetIO().FontDefault = panel().regular;  // from the next frame on
}

void Viewer::startAutoplay(double stepsPerSecond) {
  m_driver.startAutoplay(stepsPerSecond);
  m_settings.autoplaySpeed = m_driver.autoplaySpeed();
}

void Viewer::command(ui::ActionId id) {
  if (!m_session) return;
  m_driver.start(id, *m_session, m_choices);
  m_status = ui::runStatusText(m_driver, *m_session);
}

void Viewer::handleKeys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (stopPressed(io)) m_driver.stop();
  if (openPressed(io)) m_browser.open(m_settings.lastDir);
  if (quitPressed(io)) m_quit = true;
  if (!m_session) return;
  if (autoplayPressed(io)) {
    if (m_driver.autoplaying()) m_driver.stopAutoplay();
    else startAutoplay(m_settings.autoplaySpeed);
  }
  if (const auto a = pressedAction(io)) command(*a);
}

void Viewer::rebuildScene() {
  if (!m_session) return;
  if (m_sceneRevision == m_session->revision() && m_sceneTheme == m_theme.name && m_sceneAllWarps == m_settings.allWarps)
    return;
  ui::SceneOptions o;
  o.allWarpsOfCta = m_settings.allWarps;
  m_scene = ui::buildScene(m_session->frame(), &m_session->index(), m_theme, o);
  m_sceneRevision = m_session->revision();
  m_sceneTheme = m_theme.name;
  m_sceneAllWarps = m_settings.allWarps;
}

void Viewer::place(const Rect& r) {
  const ImGuiCond cond = m_relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y), cond);
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h), cond);
}

void Viewer::layout() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiStyle& st = ImGui::GetStyle();
  const float x0 = vp->Pos.x, y0 = vp->Pos.y + ImGui::GetFrameHeight();
  const float W = vp->Size.x, H = vp->Size.y - ImGui::GetFrameHeight();
  const float toolbarH = ImGui::GetFrameHeightWithSpacing() * 2 + st.WindowPadding.y * 2;
  const float timelineH = ImGui::GetFrameHeightWithSpacing() * 2 + st.WindowPadding.y * 2 + 8 * m_scale;
  const float midY = y0 + toolbarH, midH = std::max(100.0f, H - toolbarH - timelineH);
  // The lane view across the whole width (32 lanes side by side need it);
  // listing, data and notes side by side below.
  const float laneH = std::round(midH * 0.56f);
  const float lowY = midY + laneH, lowH = midH - laneH;
  const float listW = std::round(W * 0.40f), dataW = std::round(W * 0.34f);
  m_toolbar = {x0, y0, W, toolbarH};
  m_lane = {x0, midY, W, laneH};
  m_listing = {x0, lowY, listW, lowH};
  m_data = {x0 + listW, lowY, dataW, lowH};
  m_notes = {x0 + listW + dataW, lowY, W - listW - dataW, lowH};
  m_timeline = {x0, midY + midH, W, timelineH};
}

void Viewer::frame(double dt) {
  m_hoveredTip.clear();
  if (m_session) m_driver.tick(*m_session, m_choices, dt);
  handleKeys();
  layout();
  drawMenuBar();
  drawToolbar();
  if (m_session) {
    rebuildScene();
    drawLaneView();
    drawListing();
    place(m_data);
    if (ImGui::Begin("Data", nullptr, ImGuiWindowFlags_NoCollapse)) {
      if (ImGui::BeginTabBar("##data")) {
        if (ImGui::BeginTabItem("Registers")) {
          drawRegisters();
          ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Memory")) {
          drawMemory();
          ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Mbarriers")) {
          drawMbarriers();
          ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
      }
    }
    ImGui::End();
    place(m_notes);
    if (ImGui::Begin("Notes", nullptr, ImGuiWindowFlags_NoCollapse)) {
      if (ImGui::BeginTabBar("##notes")) {
        if (ImGui::BeginTabItem("Narration")) {
          drawNarration();
          ImGui::EndTabItem();
        }
        const std::size_t n = m_session->views().diagnostics.items.size();
        const std::size_t races = m_session->views().diagnostics.races.size();
        const std::string diagLabel = races ? fmt::format("Diagnostics ({}, {} race{})###diag", n, races, races == 1 ? "" : "s")
                                      : n   ? fmt::format("Diagnostics ({})###diag", n)
                                            : std::string("Diagnostics###diag");
        if (ImGui::BeginTabItem(diagLabel.c_str())) {
          drawDiagnostics();
          ImGui::EndTabItem();
        }
        const ui::ConsoleView& console = m_session->views().console;
        const std::size_t lines = console.lines.size() + console.omitted;
        const std::string consoleLabel = lines ? fmt::format("Console ({})###console", lines) : std::string("Console###console");
        if (ImGui::BeginTabItem(consoleLabel.c_str())) {
          drawConsole();
          ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
      }
    }
    ImGui::End();
    drawTimeline();
    drawQuestion();
  }
  if (auto picked = m_browser.draw()) open(*picked);
  drawExamples();
  drawErrors();
  if (auto allowed = m_allowPrompt.draw()) open(*allowed);
  m_relayout = false;
}

void Viewer::drawErrors() {
  if (!m_showError) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x * 0.6f, 0), ImGuiCond_Appearing);
  if (ImGui::Begin("Could not open", &m_showError, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushFont(panel().mono);
    ImGui::PushTextWrapPos(vp->Size.x * 0.58f);
    ImGui::TextUnformatted(m_error.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    if (ImGui::Button("Close")) m_showError = false;
  }
  ImGui::End();
}

void Viewer::drawExamples() {
  m_examplesHeadings.clear();
  if (!m_showExamples) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x * 0.55f, vp->Size.y * 0.7f), ImGuiCond_Appearing);
  if (ImGui::Begin("Examples", &m_showExamples, ImGuiWindowFlags_NoCollapse)) {
    std::optional<std::string> pick;
    if (!m_course.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, toVec4(ui::okabe_ito::kVermillion));
      ImGui::TextWrapped("%s", m_course.error.c_str());
      ImGui::PopStyleColor();
    }
    bool any = false;
    for (const ui::GalleryUnit& u : m_course.units) {
      if (u.lessons.empty()) continue;
      any = true;
      m_examplesHeadings.push_back(u.title);
      ImGui::Spacing();
      ImGui::PushFont(panel().bold);
      ImGui::TextUnformatted(u.title.c_str());
      ImGui::PopFont();
      if (!u.goal.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.mutedText));
        ImGui::TextWrapped("%s", u.goal.c_str());
        ImGui::PopStyleColor();
      }
      ImGui::Separator();
      for (const ui::GalleryLesson& l : u.lessons) {
        ImGui::PushID(l.name.c_str());
        if (ImGui::Selectable(l.title.c_str())) pick = l.files.front().path;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.name.c_str());
        ImGui::Indent();
        const std::string& sub = l.error.empty() ? l.goal : l.error;
        if (!sub.empty()) {
          ImGui::PushStyleColor(ImGuiCol_Text, toVec4(l.error.empty() ? m_theme.mutedText : ui::okabe_ito::kVermillion));
          ImGui::TextWrapped("%s", sub.c_str());
          ImGui::PopStyleColor();
        }
        if (!l.prerequisites.empty()) {
          std::string names;
          for (const std::string& p : l.prerequisites) names += (names.empty() ? "" : ", ") + p;
          ImGui::TextDisabled("Take first: %s", names.c_str());
        }
        // A lesson of several files: each one under it.
        if (l.files.size() > 1)
          for (const ui::GalleryEntry& f : l.files) {
            ImGui::PushID(f.path.c_str());
            const std::string caption = "> " + ui::variantCaption(l, f);
            if (ImGui::Selectable(caption.c_str())) pick = f.path;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.title.c_str());
            ImGui::PopID();
          }
        ImGui::Unindent();
        ImGui::PopID();
      }
    }
    if (!any)
      ImGui::TextWrapped("No bundled scenarios in %s. Open a scenario or PTX file with File > Open (Ctrl+O).",
                         ui::bundledScenarioDir().c_str());
    if (pick) {
      ui::LaunchRequest o;
      o.path = *pick;
      open(o);
    }
  }
  ImGui::End();
}

}  // namespace ws::imgui
