// The viewer's frame around the panels: the menu bar (built from the shared
// command table), the toolbar and the lane view's window.
#include <fmt/format.h>
#include <imgui.h>

#include "app/imgui/style.hpp"
#include "app/imgui/viewer.hpp"
#include "ui/scene/scene_hit.hpp"
#include "ui/session/session.hpp"
#include "ui/session/status_text.hpp"

namespace ws::imgui {

void Viewer::drawActionMenu(std::string_view menu) {
  const std::string name(menu);
  const bool have = m_session != nullptr;
  if (!ImGui::BeginMenu(name.c_str(), have)) return;
  for (const ui::ActionInfo& a : ui::allActions()) {
    if (a.menu != menu) continue;
    const std::string label(a.label);
    const std::string keys = ui::shortcutText(a.shortcut);
    const bool checked = a.checkable && ui::actionChecked(a.id, *m_session, m_choices);
    if (ImGui::MenuItem(label.c_str(), keys.empty() ? nullptr : keys.c_str(), checked,
                        ui::actionEnabled(a.id, *m_session, m_choices)))
      command(a.id);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(a.tip).c_str());
  }
  ImGui::EndMenu();
}

void Viewer::drawMenuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open…", "Ctrl+O")) m_browser.open(m_settings.lastDir);
    if (ImGui::MenuItem("Examples…", nullptr, m_showExamples)) m_showExamples = !m_showExamples;
    if (!m_settings.lastFile.empty() && m_settings.lastFile != m_file &&
        ImGui::MenuItem(fmt::format("Reopen {}", m_settings.lastFile).c_str())) {
      ui::LaunchRequest o;
      o.path = m_settings.lastFile;
      open(o);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) m_quit = true;
    ImGui::EndMenu();
  }
  for (std::string_view menu : {"Debug", "Step unit", "Mode", "Async", "Focus"}) drawActionMenu(menu);
  if (ImGui::BeginMenu("View")) {
    for (const std::string& t : ui::builtinThemeNames())
      if (ImGui::MenuItem(fmt::format("Theme: {}", t).c_str(), nullptr, m_settings.theme == t)) setTheme(t);
    ImGui::Separator();
    ImGui::MenuItem("All warps of the CTA", nullptr, &m_settings.allWarps);
    if (ImGui::MenuItem("Fit lane view")) m_canvas.fit();
    if (ImGui::MenuItem("Zoom in")) m_canvas.zoomBy(1.25f);
    if (ImGui::MenuItem("Zoom out")) m_canvas.zoomBy(0.8f);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) m_relayout = true;
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void Viewer::actionButton(ui::ActionId id, const char* text) {
  const ui::ActionInfo& a = ui::actionInfo(id);
  const bool enabled = m_session && ui::actionEnabled(id, *m_session, m_choices);
  ImGui::BeginDisabled(!enabled);
  if (ImGui::Button(text)) command(id);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    const std::string keys = ui::shortcutText(a.shortcut);
    ImGui::SetTooltip("%s%s%s\n%s", std::string(a.label).c_str(), keys.empty() ? "" : "  ", keys.c_str(),
                      std::string(a.tip).c_str());
  }
  ImGui::SameLine();
}

void Viewer::drawToolbar() {
  place(m_toolbar);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (!ImGui::Begin("##toolbar", nullptr, flags)) {
    ImGui::End();
    return;
  }
  if (!m_session) {
    if (ImGui::Button("Open\u2026")) m_browser.open(m_settings.lastDir);
    ImGui::SameLine();
    if (ImGui::Button("Examples")) m_showExamples = true;
    ImGui::TextUnformatted(m_status.empty() ? "Open a scenario (.toml) or a PTX file (Ctrl+O), or pick one of the examples."
                                            : m_status.c_str());
    ImGui::End();
    return;
  }
  using ui::ActionId;
  actionButton(ActionId::Restart, "\u21E4 Start");
  actionButton(ActionId::ReverseContinue, "\u25C0\u25C0 Reverse");
  actionButton(ActionId::StepBack, "\u25C0 Back");
  actionButton(ActionId::StepOver, "Step \u25B6");
  actionButton(ActionId::Continue, "Continue \u25B6\u25B6");
  actionButton(ActionId::RunToEnd, "End \u21E5");
  ImGui::BeginDisabled(!busy());
  if (ImGui::Button("\u25A0 Stop")) m_driver.stop();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Stop a run or autoplay (Esc)");
  ImGui::SameLine();
  ImGui::BeginDisabled(!m_session);
  bool autoplay = m_driver.autoplaying();
  if (ImGui::Checkbox("Autoplay", &autoplay)) {
    if (autoplay) startAutoplay(m_settings.autoplaySpeed);
    else m_driver.stopAutoplay();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step at a steady rate, for presenting (Space)");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  float speed = static_cast<float>(m_settings.autoplaySpeed);
  if (ImGui::SliderFloat("##speed", &speed, 0.5f, 60.0f, "%.1f steps/s", ImGuiSliderFlags_Logarithmic)) {
    m_settings.autoplaySpeed = speed;
    m_driver.setAutoplaySpeed(speed);
  }
  ImGui::SameLine();
  // Stepping unit and mode: the checked item of their action groups.
  auto combo = [&](const char* id, std::string_view menu, float width) {
    std::string current;
    if (m_session)
      for (const ui::ActionInfo& a : ui::allActions())
        if (a.menu == menu && ui::actionChecked(a.id, *m_session, m_choices)) current = a.label;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * width);
    if (ImGui::BeginCombo(id, current.c_str())) {
      for (const ui::ActionInfo& a : ui::allActions()) {
        if (a.menu != menu) continue;
        const std::string label(a.label);
        if (ImGui::Selectable(label.c_str(), label == current)) command(a.id);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(a.tip).c_str());
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
  };
  combo("##unit", "Step unit", 10);
  combo("##mode", "Mode", 13);
  if (m_session) {
    const auto& st = m_session->state();
    int warp = static_cast<int>(m_session->focus().warp);
    int lane = m_session->focus().lane;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.5f);
    if (ImGui::InputInt("warp", &warp) && warp >= 0 && static_cast<std::size_t>(warp) < st.warps.size())
      m_session->focusWarp(static_cast<std::uint32_t>(warp));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.5f);
    if (ImGui::InputInt("lane", &lane) && lane >= 0 && lane < 32) m_session->focusLane(lane);
  }
  ImGui::EndDisabled();
  // Second row: what is going on, and where in time.
  const std::string status = m_session ? ui::runStatusText(m_driver, *m_session) : m_status;
  ImGui::TextUnformatted(status.c_str());
  if (m_session) {
    const std::string pos = ui::positionText(*m_session);
    const float w = ImGui::CalcTextSize(pos.c_str()).x;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - w);
    ImGui::TextUnformatted(pos.c_str());
  }
  ImGui::End();
}

void Viewer::drawLaneView() {
  place(m_lane);
  if (!ImGui::Begin("Lanes", nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                          ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::End();
    return;
  }
  if (ImGui::SmallButton("Fit")) m_canvas.fit();
  ImGui::SameLine();
  if (ImGui::SmallButton("-")) m_canvas.zoomBy(0.8f);
  ImGui::SameLine();
  if (ImGui::SmallButton("+")) m_canvas.zoomBy(1.25f);
  ImGui::SameLine();
  ImGui::Text("%.0f%%", static_cast<double>(m_canvas.zoom() * 100.0f));
  ImGui::SameLine();
  ImGui::Checkbox("All warps of the CTA", &m_settings.allWarps);
  ImGui::SameLine();
  ImGui::TextDisabled("Ctrl+wheel zooms, drag pans, click a lane to focus it");
  const CanvasEvents ev = m_canvas.draw(m_scene, m_fonts);
  if (ev.hovered) m_hoveredTip = ev.hovered->tooltip;
  if (ev.clicked)
    if (const auto f = ui::laneOfElement(*ev.clicked)) {
      m_session->focusWarp(f->warp);
      m_session->focusLane(f->lane);
    }
  ImGui::End();
}

}  // namespace ws::imgui
