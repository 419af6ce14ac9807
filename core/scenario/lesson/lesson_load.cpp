// goal, prerequisites and [[question]] -> LessonInfo, every problem at
// file:line:col.
#include "core/scenario/lesson/lesson_load.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ws::core::detail {
namespace {

constexpr std::int64_t kLessonFormat = 2;  // the format that introduced these keys

std::optional<QuestionPoint> point(TomlReader& r, const toml::table& q, const std::string& path,
                                   std::string_view stepKey, std::string_view lineKey) {
  QuestionPoint p;
  if (auto v = r.integer(q, stepKey, path, 0, INT64_MAX)) p.step = static_cast<std::uint64_t>(*v);
  if (auto v = r.integer(q, lineKey, path, 1, UINT32_MAX)) p.ptxLine = static_cast<std::uint32_t>(*v);
  if (p.step && p.ptxLine) {
    r.error(*q.get(lineKey), fmt::format("give {} or {}, not both", stepKey, lineKey));
    return std::nullopt;
  }
  return p;
}

void readCheck(TomlReader& r, const toml::table& c, const std::string& path, Question& q) {
  r.remember(path, c);
  r.checkKeys(c, "[question.check]", {"register", "lane", "warp", "cta"});
  QuestionCheck out;
  if (auto v = r.str(c, "register", path)) {
    out.reg = *v;
    if (out.reg.size() < 2 || out.reg[0] != '%') r.error(*c.get("register"), "register names a PTX register, like \"%r12\"");
  } else if (!c.get("register")) {
    r.error(c, "[question.check] needs the register whose value is the answer");
  }
  if (auto v = r.integer(c, "lane", path, 0, 31)) out.lane = static_cast<std::uint32_t>(*v);
  if (auto v = r.integer(c, "warp", path, 0, 1023)) out.warp = static_cast<std::uint32_t>(*v);
  if (auto v = r.integer(c, "cta", path, 0, UINT32_MAX)) out.cta = static_cast<std::uint32_t>(*v);
  q.check = std::move(out);
}

Question readQuestion(TomlReader& r, const toml::table& t, const std::string& path) {
  r.checkKeys(t, "[[question]]", {"ask_step", "ask_ptx_line", "reveal_step", "reveal_ptx_line", "prompt", "choices",
                                  "answer", "explanation", "check"});
  Question q;
  if (auto p = point(r, t, path, "ask_step", "ask_ptx_line")) q.ask = *p;
  if (auto p = point(r, t, path, "reveal_step", "reveal_ptx_line")) q.reveal = *p;
  if (!t.get("ask_step") && !t.get("ask_ptx_line"))
    r.error(t, "[[question]] needs ask_step or ask_ptx_line (when it is asked)");
  if (q.ask.step && q.reveal.step && *q.reveal.step < *q.ask.step)
    r.error(*t.get("reveal_step"), fmt::format("reveal_step {} comes before ask_step {}", *q.reveal.step, *q.ask.step));
  if (auto v = r.str(t, "prompt", path)) q.prompt = *v;
  if (q.prompt.empty() && !(t.get("prompt") && !t.get("prompt")->is_string()))
    r.error(t, "[[question]] needs a prompt");
  if (auto v = r.str(t, "answer", path)) q.answer = *v;
  else if (!t.get("answer")) r.error(t, "[[question]] needs an answer (hidden until the reveal)");
  if (auto v = r.str(t, "explanation", path)) q.explanation = *v;
  if (const toml::array* a = r.array(t, "choices", path)) {
    for (const toml::node& n : *a)
      if (auto s = r.stringOf(n, "a choice")) q.choices.push_back(*s);
    if (q.choices.size() == 1) r.error(*t.get("choices"), "choices needs at least two entries (or none for a typed answer)");
    const bool listed = std::find(q.choices.begin(), q.choices.end(), q.answer) != q.choices.end();
    if (!q.choices.empty() && t.get("answer") && !listed)
      r.error(*t.get("answer"), fmt::format("answer \"{}\" is not one of the choices", q.answer));
  }
  if (const toml::table* c = r.table(t, "check", path)) readCheck(r, *c, path + ".check", q);
  return q;
}

}  // namespace

void readLesson(TomlReader& r, const toml::table& doc, std::int64_t format, Scenario& s) {
  for (std::string_view k : {"goal", "prerequisites", "question"}) {
    if (const toml::node* n = doc.get(k); n && format < kLessonFormat)
      r.error(*n, fmt::format("'{}' is a format {} key: start the file with 'format = {}'", k, kLessonFormat,
                              kLessonFormat));
  }
  if (auto v = r.str(doc, "goal", "")) {
    s.lesson.goal = *v;
    if (v->find('\n') != std::string::npos) r.error(*doc.get("goal"), "goal is one line (the galleries show it under the title)");
  }
  if (const toml::array* a = r.array(doc, "prerequisites", "")) {
    for (const toml::node& n : *a)
      if (auto p = r.stringOf(n, "a prerequisite (a lesson name like \"vote-all-any-ballot\")")) {
        if (p->empty()) r.error(n, "a prerequisite names a lesson: its directory, or directory/file for a pair");
        s.lesson.prerequisites.push_back(*p);
      }
  }
  const auto list = r.tables(doc, "question", "");
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i]) continue;
    const std::string path = fmt::format("question[{}]", i);
    r.remember(path, *list[i]);
    s.lesson.questions.push_back(readQuestion(r, *list[i], path));
  }
}

}  // namespace ws::core::detail
