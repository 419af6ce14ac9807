#include "app/imgui/allow_prompt.hpp"

#include <imgui.h>

#include "ui/session/scenario_access.hpp"

namespace ws::imgui {
namespace {
constexpr const char* kTitle = "Allow files outside the scenario's folder?";
}

void AllowPrompt::ask(ui::LaunchRequest request, std::vector<std::string> files) {
  m_request = std::move(request);
  m_files = std::move(files);
  m_opening = true;
}

std::optional<ui::LaunchRequest> AllowPrompt::draw() {
  if (!m_request) return std::nullopt;
  if (m_opening) {
    ImGui::OpenPopup(kTitle);
    m_opening = false;
  }
  std::optional<ui::LaunchRequest> out;
  if (ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted("This scenario reads files outside its own folder:");
    for (const std::string& f : m_files) ImGui::BulletText("%s", f.c_str());
    ImGui::TextUnformatted("Allow it to read the folders of these files?");
    if (ImGui::Button("Allow and open")) {
      for (std::string& d : ui::foldersOf(m_files)) m_request->allowFiles.push_back(std::move(d));
      out = std::move(m_request);
      m_request.reset();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      m_request.reset();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return out;
}

}  // namespace ws::imgui
