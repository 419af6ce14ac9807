#include "app/imgui/launch_form.hpp"

#include <algorithm>
#include <cstring>

#include <imgui.h>

namespace ws::imgui {
namespace {

template <std::size_t N>
void copyTo(char (&buf)[N], const std::string& s) {
  const std::size_t n = std::min(N - 1, s.size());
  std::memcpy(buf, s.data(), n);
  buf[n] = '\0';
}

std::vector<std::string> splitList(const char* text) {
  std::vector<std::string> out;
  std::string item;
  auto flush = [&] {
    const auto b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
    if (b != std::string::npos) out.push_back(item.substr(b, e - b + 1));
    item.clear();
  };
  for (const char* c = text; *c; ++c) {
    if (*c == ',') flush();
    else item += *c;
  }
  flush();
  return out;
}

}  // namespace

void LaunchForm::setModule(const std::string& ptxPath) {
  if (ptxPath == m_module) return;
  m_module = ptxPath;
  m_entries.clear();
  m_error.clear();
  m_entry = 0;
  auto e = ui::ptxEntries(ptxPath);
  if (auto* err = std::get_if<std::string>(&e)) m_error = *err;
  else m_entries = std::move(std::get<std::vector<std::string>>(e));
}

bool LaunchForm::chooseEntry(const std::string& name) {
  const auto it = std::find(m_entries.begin(), m_entries.end(), name);
  if (it == m_entries.end()) return false;
  m_entry = static_cast<int>(it - m_entries.begin());
  return true;
}

bool LaunchForm::setField(const std::string& option, const std::string& text) {
  if (option == "grid") copyTo(m_grid, text);
  else if (option == "block") copyTo(m_block, text);
  else if (option == "cluster") copyTo(m_cluster, text);
  else if (option == "buffers") copyTo(m_buffers, text);
  else if (option == "scalars") copyTo(m_scalars, text);
  else return false;
  return true;
}

void LaunchForm::draw(bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 14);
  const char* shown = m_entries.empty() ? "" : m_entries[static_cast<std::size_t>(m_entry)].c_str();
  if (ImGui::BeginCombo("entry", shown)) {
    for (int i = 0; i < static_cast<int>(m_entries.size()); ++i)
      if (ImGui::Selectable(m_entries[static_cast<std::size_t>(i)].c_str(), i == m_entry)) m_entry = i;
    ImGui::EndCombo();
  }
  for (auto [label, buf] : {std::pair{"grid", m_grid}, std::pair{"block", m_block}, std::pair{"cluster", m_cluster}}) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 5);
    ImGui::InputText(label, buf, 32);
  }
  ImGui::SetNextItemWidth(em * 16);
  ImGui::InputTextWithHint("buffers", "in.json, zeros:32, iota:64", m_buffers, sizeof m_buffers);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 8);
  ImGui::InputTextWithHint("scalars", "42, 0x2a, 1.5", m_scalars, sizeof m_scalars);
  ImGui::SetNextItemWidth(em * 6);
  ImGui::InputInt("dynamic smem (bytes)", &m_dynamicSmem, 0);
  m_dynamicSmem = std::clamp(m_dynamicSmem, 0, 256 * 1024);
  ImGui::SameLine();
  ImGui::Checkbox("hardware mode", &m_hardware);
  ImGui::EndDisabled();
}

ui::LaunchRequest LaunchForm::request() const {
  ui::LaunchRequest r;
  r.path = m_module;
  if (!m_entries.empty()) r.entry = m_entries[static_cast<std::size_t>(m_entry)];
  r.grid = m_grid;
  r.block = m_block;
  r.cluster = m_cluster;
  r.buffers = splitList(m_buffers);
  r.scalars = splitList(m_scalars);
  r.dynamicSmem = static_cast<std::uint32_t>(m_dynamicSmem);
  r.mode = m_hardware ? "hardware" : "strict";
  return r;
}

}  // namespace ws::imgui
