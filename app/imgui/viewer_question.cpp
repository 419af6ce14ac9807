// The question window: a lesson's authored question ([[question]]) while
// it is asked, with radio buttons or a text field and a Check button, and
// its answer and explanation once the run reaches the reveal point. The
// model is ui::AuthoredQuestions, as in the Qt app's Predict panel.
#include <algorithm>
#include <cfloat>
#include <cstring>

#include <imgui.h>

#include "app/imgui/fonts.hpp"
#include "app/imgui/style.hpp"
#include "app/imgui/viewer.hpp"
#include "ui/session/session.hpp"

namespace ws::imgui {

void Viewer::typeAnswer(std::string_view text) {
  const std::size_t n = std::min(text.size(), m_question.typed.size() - 1);
  std::memcpy(m_question.typed.data(), text.data(), n);
  m_question.typed[n] = '\0';
}

bool Viewer::checkAnswer() {
  if (!m_question.index) return false;
  const std::size_t i = *m_question.index;
  std::string err;
  bool ok = false;
  if (!m_questions.question(i).choices.empty()) {
    if (m_question.picked >= 0) ok = m_questions.answerChoice(i, m_question.picked, &err);
    else err = "pick one of the choices";
  } else {
    ok = m_questions.answerText(i, m_question.typed.data(), &err);
  }
  m_question.error = ok ? std::string() : err;
  return ok;
}

void Viewer::drawQuestion() {
  m_question.shown.reset();
  if (!m_session || m_questions.empty()) return;
  if (m_questionsRevision != m_session->revision()) {  // the history is scanned once per change, not per frame
    m_questions.update(*m_session);
    m_questionsRevision = m_session->revision();
  }
  const auto cur = m_questions.current();
  if (!cur) return;
  if (cur != m_question.index) {  // another question: its fields show the answer given to it, if any
    const ui::AuthoredAnswer& a = m_questions.answer(*cur);
    m_question.index = cur;
    m_question.picked = a.given ? a.choice : -1;
    typeAnswer(a.given ? a.text : std::string());
    m_question.error.clear();
  }
  const ui::AuthoredQuestionView v = m_questions.view(*cur);
  if (m_question.closed == std::pair{*cur, v.state}) return;
  m_question.closed.reset();
  const bool asked = v.state == ui::AuthoredState::Asked;

  // Over the lane view's right side, where the lanes asked about stay visible on the left.
  const float w = std::max(320.0f * m_scale, m_lane.w * 0.36f);
  ImGui::SetNextWindowPos(ImVec2(m_lane.x + m_lane.w - w - 12 * m_scale, m_lane.y + 36 * m_scale), ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, FLT_MAX));
  bool open = true;
  if (ImGui::Begin("Question###question", &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::PushFont(panel().bold);
    ImGui::TextUnformatted(v.heading.c_str());
    ImGui::PopFont();
    // The prompt and the explanation are markdown, flowed like the narration.
    const FlowColors flow{ImGui::GetColorU32(ImGuiCol_Text), toU32(m_theme.mutedText, 0.15)};
    drawFlowText(ui::parseMarkdown(v.prompt), panel(), flow);
    ImGui::Spacing();
    ImGui::BeginDisabled(!asked);
    if (!v.choices.empty()) {
      for (std::size_t c = 0; c < v.choices.size(); ++c) {
        ImGui::PushID(static_cast<int>(c));
        if (ImGui::RadioButton(v.choices[c].c_str(), m_question.picked == static_cast<int>(c))) m_question.picked = static_cast<int>(c);
        ImGui::PopID();
      }
    } else {
      ImGui::SetNextItemWidth(w * 0.6f);
      if (ImGui::InputTextWithHint("##answer", "a number (0x hex, 0b binary) or words", m_question.typed.data(),
                                   m_question.typed.size(), ImGuiInputTextFlags_EnterReturnsTrue))
        checkAnswer();
      ImGui::SameLine();
    }
    if (ImGui::Button("Check")) checkAnswer();
    ImGui::EndDisabled();
    const std::string& verdict = m_question.error.empty() ? v.verdict : m_question.error;
    if (!verdict.empty()) {
      const bool right = m_question.error.empty() && v.answer.given && v.answer.correct;
      ImGui::PushStyleColor(ImGuiCol_Text, toVec4(right ? ui::okabe_ito::kBluishGreen : ui::okabe_ito::kVermillion));
      ImGui::PushFont(panel().bold);
      ImGui::TextUnformatted(verdict.c_str());
      ImGui::PopFont();
      ImGui::PopStyleColor();
    }
    if (!v.hint.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, toVec4(m_theme.mutedText));
      ImGui::TextUnformatted(v.hint.c_str());
      ImGui::PopStyleColor();
    }
    if (!v.solution.empty()) {
      ImGui::Separator();
      ImGui::PushFont(panel().bold);
      ImGui::TextUnformatted(v.solution.c_str());
      ImGui::PopFont();
      drawFlowText(ui::parseMarkdown(v.explanation), panel(), flow);
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  if (!open) m_question.closed = std::pair{*cur, v.state};
  else m_question.shown = v;
}

}  // namespace ws::imgui
