// The table panels: PTX listing, registers, memory and mbarriers. Long lists
// go through ImGuiListClipper, so only the rows on screen cost anything.
#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "app/imgui/style.hpp"
#include "app/imgui/viewer.hpp"
#include "ui/session/session.hpp"

namespace ws::imgui {
namespace {

constexpr ImGuiTableFlags kTable = ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                                   ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_BordersOuter |
                                   ImGuiTableFlags_SizingFixedFit;

void hoverText(const std::string& s) {
  if (s.empty() || !ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
  ImGui::TextUnformatted(s.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void Viewer::drawListing() {
  place(m_listing);
  if (!ImGui::Begin("PTX", nullptr, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  const ui::ListingView& v = m_session->views().listing;
  ImGui::Checkbox("Follow", &m_followListing);
  ImGui::SameLine();
  ImGui::TextDisabled("%s   click a line to select it, double-click or F9 for a breakpoint, Ctrl+F10 runs to it",
                      v.file.c_str());
  if (ImGui::BeginTable("##listing", 5, kTable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(" ", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 1.2f);
    ImGui::TableSetupColumn("line");
    ImGui::TableSetupColumn("lanes here");
    ImGui::TableSetupColumn("PTX");
    ImGui::TableSetupColumn("CUDA source");
    ImGui::TableHeadersRow();
    const float rowH = ImGui::GetTextLineHeightWithSpacing();
    // Bring the focused warp's next line into view once per change.
    if (m_followListing && m_listingScrolledAt != m_session->revision()) {
      m_listingScrolledAt = m_session->revision();
      for (std::size_t i = 0; i < v.lines.size(); ++i)
        if (v.lines[i].lanesHere) {
          const float target = static_cast<float>(i) * rowH;
          const float viewH = ImGui::GetWindowHeight();
          if (target < ImGui::GetScrollY() + rowH || target > ImGui::GetScrollY() + viewH - 3 * rowH)
            ImGui::SetScrollY(std::max(0.0f, target - viewH * 0.35f));
          break;
        }
    }
    const ImU32 hereBg = toU32(mix(m_theme.background, m_theme.laneReady, 0.35));
    const ImU32 ranBg = toU32(mix(m_theme.background, m_theme.laneExecuted, 0.22));
    const ImU32 bpCol = toU32(ui::okabe_ito::kVermillion);
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(v.lines.size()), rowH);
    std::int32_t toggle = 0;
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const ui::ListingLine& ln = v.lines[static_cast<std::size_t>(i)];
        ImGui::TableNextRow(0, rowH);
        if (ln.lanesHere) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, hereBg);
        else if (ln.executedNow) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ranBg);
        ImGui::TableSetColumnIndex(0);
        if (ln.breakpoint) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(bpCol), "\u25CF");
        else if (ln.lanesHere) ImGui::TextUnformatted("\u25B6");  // where the focused warp goes next
        else if (!ln.notExecuted.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(bpCol), "\u25A1");
        ImGui::TableSetColumnIndex(1);
        ImGui::PushID(i);
        const std::string num = fmt::format("{}", ln.line);
        if (ImGui::Selectable(num.c_str(), m_choices.cursorLine == ln.line,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
          m_choices.cursorLine = ln.line;
          if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && ln.pc >= 0) toggle = ln.line;
        }
        hoverText(ln.tooltip);
        ImGui::PopID();
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(ln.lanesText.c_str());
        ImGui::TableSetColumnIndex(3);
        ImGui::PushFont(panel().mono);
        ImGui::TextUnformatted(ln.text.c_str());
        ImGui::PopFont();
        ImGui::TableSetColumnIndex(4);
        if (!ln.cuda.empty()) {
          ImGui::TextDisabled("%s", ln.cuda.c_str());
          if (!ln.cudaText.empty()) {
            ImGui::SameLine();
            ImGui::PushFont(panel().mono);
            ImGui::TextUnformatted(ln.cudaText.c_str());
            ImGui::PopFont();
          }
        }
      }
    ImGui::EndTable();
    if (toggle) m_session->toggleBreakpoint(toggle);
  }
  ImGui::End();
}

void Viewer::drawRegisters() {
  const ui::RegisterTableView& v = m_session->views().registers;
  ImGui::TextDisabled("%s, warp %u: rows are registers, columns lanes; right-click a register for its notation",
                      v.funcName.c_str(), v.warp);
  const int lanes = std::clamp(v.lanes, 0, 32);
  if (lanes == 0 || v.columns.empty()) {
    ImGui::TextUnformatted("No registers in this function.");
    return;
  }
  if (!ImGui::BeginTable("##regs", 2 + lanes, kTable)) return;
  ImGui::TableSetupScrollFreeze(2, 1);
  ImGui::TableSetupColumn("reg");
  ImGui::TableSetupColumn("type");
  const int focus = m_session->focus().lane;
  for (int l = 0; l < lanes; ++l) ImGui::TableSetupColumn(fmt::format("{}", l).c_str());
  ImGui::TableHeadersRow();
  const ImU32 changedBg = toU32(m_theme.changed);
  const ImU32 focusBg = toU32(mix(m_theme.background, m_theme.laneReady, 0.25));
  const ImVec4 muted = toVec4(m_theme.mutedText);
  const float rowH = ImGui::GetTextLineHeightWithSpacing();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(v.columns.size()), rowH);
  while (clip.Step())
    for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
      const ui::RegColumn& col = v.columns[static_cast<std::size_t>(r)];
      ImGui::TableNextRow(0, rowH);
      ImGui::TableSetColumnIndex(0);
      ImGui::PushID(r);
      ImGui::PushFont(col.written || col.read ? panel().bold : panel().regular);
      ImGui::Selectable(col.name.c_str(), false);
      ImGui::PopFont();
      if (col.written) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, changedBg);
      if (ImGui::BeginPopupContextItem("##fmt")) {
        for (ui::ValueFormat f : {ui::ValueFormat::Auto, ui::ValueFormat::Hex, ui::ValueFormat::Signed,
                                  ui::ValueFormat::Unsigned, ui::ValueFormat::Float, ui::ValueFormat::F16x2,
                                  ui::ValueFormat::Pred})
          if (ImGui::MenuItem(std::string(ui::formatName(f)).c_str(), nullptr, col.format == f))
            m_session->setRegisterFormat(col.reg, f);
        ImGui::EndPopup();
      }
      ImGui::PopID();
      ImGui::TableSetColumnIndex(1);
      ImGui::TextColored(muted, "%s", ui::formatCaption(col.type, col.format).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("shown %s; right-click the name to change", std::string(ui::formatHow(col.format)).c_str());
      for (int l = 0; l < lanes; ++l) {
        if (!ImGui::TableSetColumnIndex(2 + l)) continue;
        const ui::RegCell& c = v.at(l, static_cast<std::size_t>(r));
        if (c.changed) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, changedBg);
        else if (l == focus) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, focusBg);
        ImGui::PushFont(panel().mono);
        if (c.written) ImGui::TextUnformatted(c.text.c_str());
        else ImGui::TextColored(muted, "%s", c.text.c_str());
        ImGui::PopFont();
        if (ImGui::IsItemHovered()) {
          ImGui::BeginTooltip();
          ImGui::Text("lane %d  %s = %s", l, col.name.c_str(), c.text.c_str());
          if (c.changed) ImGui::Text("this step wrote it; before: %s", c.before.c_str());
          ImGui::EndTooltip();
          if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) m_session->focusLane(l);
        }
      }
    }
  ImGui::EndTable();
}

void Viewer::drawMemory() {
  const ui::MemoryView& v = m_session->views().memory;
  if (v.regions.empty()) ImGui::TextUnformatted("No memory regions in this launch.");
  const ImU32 nowBg = toU32(m_theme.changed);
  const ImU32 recentBg = toU32(mix(m_theme.background, m_theme.changed, 0.45));
  constexpr int kPerRow = 8;
  const float rowH = ImGui::GetTextLineHeightWithSpacing();
  for (std::size_t ri = 0; ri < v.regions.size(); ++ri) {
    const ui::MemoryRegionView& reg = v.regions[ri];
    const std::string head = fmt::format("{}  ({} bytes)###mem{}", reg.name, reg.bytes, ri);
    if (!ImGui::CollapsingHeader(head.c_str(), ri < 4 ? ImGuiTreeNodeFlags_DefaultOpen : 0)) continue;
    const int rows = static_cast<int>((reg.words.size() + kPerRow - 1) / kPerRow);
    if (rows == 0) continue;
    const float h = rowH * static_cast<float>(std::min(rows, 10) + 1) + 6;
    ImGui::PushID(static_cast<int>(ri));
    if (ImGui::BeginTable("##words", 1 + kPerRow, kTable, ImVec2(0, h))) {
      ImGui::TableSetupScrollFreeze(1, 1);
      ImGui::TableSetupColumn("offset");
      for (int c = 0; c < kPerRow; ++c) ImGui::TableSetupColumn(fmt::format("+{:x}", c * 4).c_str());
      ImGui::TableHeadersRow();
      ImGuiListClipper clip;
      clip.Begin(rows, rowH);
      while (clip.Step())
        for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
          ImGui::TableNextRow(0, rowH);
          ImGui::TableSetColumnIndex(0);
          ImGui::PushFont(panel().mono);
          ImGui::TextDisabled("%s", ui::hexFixed(reg.words[static_cast<std::size_t>(r * kPerRow)].offset, 4).c_str());
          for (int c = 0; c < kPerRow; ++c) {
            const std::size_t i = static_cast<std::size_t>(r * kPerRow + c);
            if (i >= reg.words.size()) break;
            ImGui::TableSetColumnIndex(1 + c);
            const ui::MemWord& w = reg.words[i];
            if (w.changedNow) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, nowBg);
            else if (w.changedRecently) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, recentBg);
            ImGui::TextUnformatted(w.text.c_str());
            if (ImGui::IsItemHovered())
              ImGui::SetTooltip("%s + %s = %s (%s)%s", reg.name.c_str(), ui::hexMinimal(w.offset).c_str(), w.text.c_str(),
                                ui::hexFixed(w.value, 8).c_str(),
                                w.changedNow ? ", written by this step" : w.changedRecently ? ", written recently" : "");
          }
          ImGui::PopFont();
        }
      ImGui::EndTable();
    }
    ImGui::PopID();
  }
}

void Viewer::drawMbarriers() {
  const ui::MbarrierPanelView& v = m_session->views().mbarriers;
  if (v.objects.empty()) {
    ImGui::TextUnformatted("No mbarrier objects in this launch.");
    return;
  }
  for (std::size_t i = 0; i < v.objects.size(); ++i) {
    const ui::MbarrierRow& m = v.objects[i];
    const std::string head = fmt::format("{}{}  {}###mb{}", m.touched ? "\u25B6 " : "", m.name, m.addrText, i);
    if (!ImGui::CollapsingHeader(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
    ImGui::Indent();
    for (const std::string* s : {&m.ringText, &m.stateText, &m.phaseText, &m.pendingText, &m.txText, &m.waitingText})
      if (!s->empty()) ImGui::TextUnformatted(s->c_str());
    if (!m.timeline.empty()) {
      ImGui::PushID(static_cast<int>(i));
      for (const ui::MbarrierEvent& e : m.timeline) {
        const std::string label = fmt::format("step {:>6}  {}", e.step + 1, e.what);
        ImGui::PushFont(e.phaseCompleted ? panel().bold : panel().regular);
        if (ImGui::Selectable(label.c_str(), m_session->position() == e.step + 1)) m_session->seek(e.step + 1);
        ImGui::PopFont();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Go to the moment after this step");
      }
      ImGui::PopID();
    }
    ImGui::Unindent();
  }
}

}  // namespace ws::imgui
