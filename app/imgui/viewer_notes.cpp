// The text panels (narration with the step's explanation, diagnostics) and
// the timeline slider with its markers.
#include <algorithm>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <imgui.h>

#include "app/imgui/fonts.hpp"
#include "app/imgui/style.hpp"
#include "app/imgui/viewer.hpp"
#include "ui/scene/marker_color.hpp"
#include "ui/session/actions.hpp"
#include "ui/session/session.hpp"

namespace ws::imgui {

void Viewer::drawNarration() {
  // Every text here flows at spaces (drawFlowText): an instruction such as
  // "shfl.sync.bfly.b32" is never split, and the narration's markdown reads
  // as paragraphs with its bold and code spans.
  const ui::ViewSet& v = m_session->views();
  const PanelFonts& fonts = panel();
  const FlowColors plain{ImGui::GetColorU32(ImGuiCol_Text), 0};
  const ImU32 codeBackground = toU32(m_theme.mutedText, 0.15);
  if (!v.diagnostics.summary.empty())
    drawFlowText({ui::plainParagraph(v.diagnostics.summary, {.strong = true})}, fonts, plain);
  for (const std::string& s : v.diagnostics.narration) {
    ImGui::Spacing();
    drawFlowText(ui::parseMarkdown(s), fonts, {toU32(m_theme.laneExecuted), codeBackground});
  }
  const ui::ExplanationView& e = v.explanation;
  if (!e.headline.empty()) {
    ImGui::Separator();
    drawFlowText({ui::plainParagraph(e.headline)}, fonts, plain);
  }
  std::vector<ui::RichParagraph> lanes;
  for (const ui::LaneExplanation& l : e.lanes) {
    lanes.push_back(ui::plainParagraph(l.text));
    lanes.back().bullet = true;
    lanes.back().indent = 1;
  }
  drawFlowText(lanes, fonts, plain);
  std::vector<ui::RichParagraph> notes;
  for (const std::string& n : e.notes) notes.push_back(ui::plainParagraph(n));
  drawFlowText(notes, fonts, {toU32(m_theme.mutedText), 0});
}

void Viewer::drawDiagnostics() {
  const ui::DiagnosticsView& d = m_session->views().diagnostics;
  ImGui::PushTextWrapPos(0.0f);
  if (!d.loadWarnings.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.laneWaiting));
    ImGui::PushFont(panel().bold);
    ImGui::TextUnformatted("Load warnings: not executed by warpscope");
    ImGui::PopFont();
    ImGui::PopStyleColor();
    for (const std::string& w : d.loadWarnings) ImGui::TextUnformatted(w.c_str());
    ImGui::Separator();
  }
  if (d.items.empty()) ImGui::TextUnformatted("No diagnostics at this step.");
  for (const ui::DiagnosticItem& it : d.items) {
    const bool error = it.severity == core::Severity::Error;
    ImGui::PushStyleColor(ImGuiCol_Text, toVec4(it.race ? m_theme.race : error ? ui::okabe_ito::kVermillion : m_theme.laneWaiting));
    ImGui::PushFont(panel().bold);
    ImGui::Text("%s: %s", it.severityText.c_str(), it.title.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    ImGui::TextUnformatted(it.message.c_str());
    if (!it.where.empty() || !it.lanes.empty()) ImGui::TextDisabled("%s  %s", it.where.c_str(), it.lanes.c_str());
    if (it.race) {
      ImGui::TextUnformatted(it.race->summary.c_str());
      ImGui::Text("1  %s", it.race->first.text.c_str());
      ImGui::Text("2  %s", it.race->second.text.c_str());
    }
    // The quote line quotes the document; the explanation is warpscope's own words.
    if (!it.quoteLine.empty() || !it.explanationLine.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.mutedText));
      if (!it.quoteLine.empty()) ImGui::TextUnformatted(it.quoteLine.c_str());
      if (!it.explanationLine.empty()) ImGui::TextUnformatted(it.explanationLine.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::Separator();
  }
  drawRaces();
  ImGui::PopTextWrapPos();
}

// Every race of the recorded history with both accesses: clicking an access
// selects the race and goes to that step (Shift+F8 / F8 from the keyboard).
void Viewer::drawRaces() {
  const ui::DiagnosticsView& d = m_session->views().diagnostics;
  if (d.races.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.race));
  ImGui::PushFont(panel().bold);
  ImGui::Text("Races: %zu", d.races.size());
  ImGui::PopFont();
  ImGui::PopStyleColor();
  ImGui::TextDisabled("Click an access to go to it; %s / %s go to the selected race's first / second access.",
                      ui::shortcutText(ui::actionInfo(ui::ActionId::GoToRaceFirst).shortcut).c_str(),
                      ui::shortcutText(ui::actionInfo(ui::ActionId::GoToRaceSecond).shortcut).c_str());
  std::optional<std::pair<std::size_t, bool>> go;  // (race, first access)
  for (std::size_t i = 0; i < d.races.size(); ++i) {
    const ui::RaceView& r = d.races[i];
    const bool selected = static_cast<int>(i) == d.selectedRace;
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.race));
    ImGui::PushFont(panel().bold);
    ImGui::Text("%s%s: %s", selected ? "> " : "", r.slug.c_str(), r.summary.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", r.title.c_str(), r.message.c_str());
    for (int n = 1; n <= 2; ++n) {
      const ui::RaceAccessView& a = n == 1 ? r.first : r.second;
      const std::string label = fmt::format("{}  {}##access{}", n, a.text, n);
      if (ImGui::Selectable(label.c_str(), selected && m_session->position() == a.position)) go = std::pair{i, n == 1};
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("go to step %llu and focus %s\n%s", static_cast<unsigned long long>(a.position),
                                                    a.who.c_str(), a.instr.c_str());
    }
    ImGui::PopID();
    ImGui::Separator();
  }
  if (go) {
    const core::Diagnostic race = d.races[go->first].diagnostic;  // the views are rebuilt by what follows
    m_driver.stop();
    m_session->selectRace(race);
    m_session->goToRaceAccess(go->second);
  }
}

// What the kernel printed so far; the step just shown in the theme's
// "changed" colour, the printer in a tooltip, a click goes to the step.
void Viewer::drawConsole() {
  const ui::ConsoleView& c = m_session->views().console;
  if (c.lines.empty()) {
    ImGui::TextDisabled("Nothing printed so far (device printf and failed asserts show here).");
    return;
  }
  if (c.omitted) ImGui::TextDisabled("... %zu earlier lines", c.omitted);
  ImGui::PushFont(panel().mono);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(c.lines.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const ui::ConsoleLine& l = c.lines[static_cast<std::size_t>(i)];
      ImGui::PushID(i);
      if (l.thisStep) ImGui::PushStyleColor(ImGuiCol_Header, toVec4(m_theme.changed));
      if (ImGui::Selectable(l.text.empty() ? " " : l.text.c_str(), l.thisStep)) {
        m_driver.stop();
        m_session->seek(l.step + 1);
      }
      if (l.thisStep) ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("step %llu: %s", static_cast<unsigned long long>(l.step + 1), l.who.c_str());
      ImGui::PopID();
    }
  }
  ImGui::PopFont();
  // Follow the output as it grows, unless the reader scrolled up.
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1) ImGui::SetScrollHereY(1.0f);
}

void Viewer::drawTimeline() {
  place(m_timeline);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoCollapse;
  if (!ImGui::Begin("Timeline", nullptr, flags)) {
    ImGui::End();
    return;
  }
  const ui::TimelineView& t = m_session->views().timeline;
  const std::uint64_t lo = 0, hi = std::max<std::uint64_t>({t.size, t.position, 1});
  std::uint64_t pos = m_session->position();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderScalar("##timeline", ImGuiDataType_U64, &pos, &lo, &hi, "step %llu")) {
    m_driver.stop();
    m_session->seek(pos);
  }
  // Markers under the slider, at the moment after the step that made them.
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const float grab = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
  const float x0 = a.x + grab, w = std::max(1.0f, b.x - a.x - 2 * grab);
  // A saved schedule's forced switch stands out: taller, wider, under a flag.
  const float y0 = b.y + 2, y1 = y0 + 10 * m_scale, ySwitch = y1 + 4 * m_scale;
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const ui::TimelineMarker* hot = nullptr;
  auto xOf = [&](const ui::TimelineMarker& m) {
    return x0 + w * static_cast<float>(static_cast<double>(m.step + 1) / static_cast<double>(hi));
  };
  for (const ui::TimelineMarker& m : t.markers) {
    if (m.kind == ui::MarkerKind::Switch) continue;
    const float x = xOf(m);
    dl.AddRectFilled(ImVec2(x - 1.5f, y0), ImVec2(x + 1.5f, y1), toU32(ui::markerColor(m.kind, m_theme)));
    if (mouse.y >= y0 && mouse.y <= y1 + 2 && mouse.x >= x - 3 && mouse.x <= x + 3) hot = &m;
  }
  // Drawn last, over a marker of the same step, and taking the pointer from it.
  for (const ui::TimelineMarker& m : t.markers) {
    if (m.kind != ui::MarkerKind::Switch) continue;
    const float x = xOf(m), half = 2 * m_scale, flag = 5 * m_scale;
    const ImU32 c = toU32(ui::markerColor(m.kind, m_theme));
    dl.AddRectFilled(ImVec2(x - half, y0), ImVec2(x + half, ySwitch), c);
    dl.AddTriangleFilled(ImVec2(x - flag, y0), ImVec2(x + flag, y0), ImVec2(x, y0 + flag + 1), c);
    if (mouse.y >= y0 && mouse.y <= ySwitch + 2 && mouse.x >= x - flag && mouse.x <= x + flag) hot = &m;
  }
  ImGui::Dummy(ImVec2(w, ySwitch - y0 + 2));
  if (hot && ImGui::IsWindowHovered()) {
    ImGui::SetTooltip("step %llu, %s: %s (click to go there)", static_cast<unsigned long long>(hot->step + 1),
                      std::string(ui::markerKindName(hot->kind)).c_str(), hot->tooltip.c_str());
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      m_driver.stop();
      m_session->seek(hot->step + 1);
    }
  }
  ImGui::End();
}

}  // namespace ws::imgui
