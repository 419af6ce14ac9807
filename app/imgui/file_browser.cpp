#include "app/imgui/file_browser.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>
#include <imgui.h>

namespace ws::imgui {
namespace fs = std::filesystem;

namespace {

void copyTo(char* buf, std::size_t size, const std::string& s) {
  const std::size_t n = std::min(size - 1, s.size());
  std::memcpy(buf, s.data(), n);
  buf[n] = '\0';
}

}  // namespace

std::vector<FileBrowser::Entry> FileBrowser::list(const std::string& dir, std::string& error) {
  std::vector<Entry> dirs, files;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    error = fmt::format("{}: {}", dir, ec.message());
    return {};
  }
  for (const auto& e : it) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    if (e.is_directory(ec)) dirs.push_back({name, true});
    else if (e.path().extension() == ".toml" || e.path().extension() == ".ptx") files.push_back({name, false});
  }
  auto byName = [](const Entry& a, const Entry& b) { return a.name < b.name; };
  std::sort(dirs.begin(), dirs.end(), byName);
  std::sort(files.begin(), files.end(), byName);
  dirs.insert(dirs.end(), files.begin(), files.end());
  return dirs;
}

void FileBrowser::enter(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(dir), ec);
  if (ec) p = dir;
  m_error.clear();
  auto entries = list(p.string(), m_error);
  if (!m_error.empty()) return;  // stay where we were, show why
  m_dir = p.string();
  m_entries = std::move(entries);
  m_selected = -1;
  copyTo(m_pathBuf, sizeof m_pathBuf, m_dir);
}

void FileBrowser::open(const std::string& startDir) {
  m_open = true;
  std::error_code ec;
  enter(!startDir.empty() && fs::is_directory(startDir, ec) ? startDir : fs::current_path(ec).string());
}

std::optional<ui::LaunchRequest> FileBrowser::draw() {
  if (!m_open) return std::nullopt;
  std::optional<ui::LaunchRequest> picked;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.5f, vp->WorkSize.y * 0.6f), ImGuiCond_Appearing);
  if (!ImGui::Begin("Open a scenario or PTX file", &m_open, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return picked;
  }
  if (ImGui::Button("Up")) enter((fs::path(m_dir).parent_path()).string());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##path", m_pathBuf, sizeof m_pathBuf, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code ec;
    if (fs::is_regular_file(m_pathBuf, ec)) {
      ui::LaunchRequest o;
      o.path = m_pathBuf;
      picked = o;
    } else {
      enter(m_pathBuf);
    }
  }
  if (!m_error.empty()) ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1.0f), "%s", m_error.c_str());
  const float footer = ImGui::GetFrameHeightWithSpacing() * 4.2f;
  ImGui::BeginChild("##files", ImVec2(0, -footer), true);
  std::string enterDir;
  for (int i = 0; i < static_cast<int>(m_entries.size()); ++i) {
    const Entry& e = m_entries[static_cast<std::size_t>(i)];
    const std::string label = e.isDir ? e.name + "/" : e.name;
    if (ImGui::Selectable(label.c_str(), m_selected == i, ImGuiSelectableFlags_AllowDoubleClick)) {
      m_selected = i;
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        if (e.isDir) {
          enterDir = (fs::path(m_dir) / e.name).string();
        } else {
          ui::LaunchRequest o;
          o.path = (fs::path(m_dir) / e.name).string();
          picked = o;
        }
      }
    }
  }
  ImGui::EndChild();
  if (!enterDir.empty()) enter(enterDir);
  const bool ptx = m_selected >= 0 && static_cast<std::size_t>(m_selected) < m_entries.size() &&
                   fs::path(m_entries[static_cast<std::size_t>(m_selected)].name).extension() == ".ptx";
  if (ptx) m_launch.setModule((fs::path(m_dir) / m_entries[static_cast<std::size_t>(m_selected)].name).string());
  m_launch.draw(ptx);
  const bool canOpen = m_selected >= 0 && static_cast<std::size_t>(m_selected) < m_entries.size() &&
                       !m_entries[static_cast<std::size_t>(m_selected)].isDir;
  ImGui::BeginDisabled(!canOpen);
  if (ImGui::Button("Open") && canOpen) {
    ui::LaunchRequest o;
    o.path = (fs::path(m_dir) / m_entries[static_cast<std::size_t>(m_selected)].name).string();
    picked = o;
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) m_open = false;
  ImGui::End();
  if (picked && fs::path(picked->path).extension() == ".ptx") {
    m_launch.setModule(picked->path);
    picked = m_launch.request();
  }
  if (picked) m_open = false;
  return picked;
}

}  // namespace ws::imgui
