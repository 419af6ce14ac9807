// A lesson's goal, prerequisites and [[question]] tables (format 2): read in
// full, every mistake reported at its file:line:col, a format 1 file told to
// say format 2, and load -> save -> load equal and byte-stable.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

constexpr std::string_view kProgram = R"(
[program.snippet]
code = '''
mov.u32 %r1, %laneid;
add.u32 %r2, %r1, 1;
'''
)";

std::string lesson(std::string_view format, std::string_view top, std::string_view tail = "") {
  return "format = " + std::string(format) + "\ntitle = \"t\"\n" + std::string(top) + std::string(kProgram) +
         std::string(tail);
}

// The first error's "line:col: message", or "" when none.
std::string firstError(const ScenarioLoad& r) {
  if (r.errors.empty()) return "";
  const LoadError& e = r.errors.front();
  return std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message;
}

TEST(ScenarioLesson, ReadsGoalPrerequisitesAndQuestions) {
  const std::string text = lesson("2", R"(goal = "Predict what add leaves in each lane."
prerequisites = ["vote-all-any-ballot", "ub-deadlock/strict"]
)",
                                  R"(
[[question]]
ask_step = 1
prompt = "What does lane 5's `%r2` hold?"
choices = ["5", "6", "7"]
answer = "6"
reveal_step = 2
explanation = "lane + 1"

[question.check]
register = "%r2"
lane = 5

[[question]]
ask_ptx_line = 2
prompt = "Type lane 0's value."
answer = "1"
)");
  auto r = loadText(text);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  const LessonInfo& l = r.scenario->lesson;
  EXPECT_EQ(l.goal, "Predict what add leaves in each lane.");
  EXPECT_EQ(l.prerequisites, (std::vector<std::string>{"vote-all-any-ballot", "ub-deadlock/strict"}));
  ASSERT_EQ(l.questions.size(), 2u);
  const Question& q = l.questions[0];
  EXPECT_EQ(q.ask, (QuestionPoint{1, std::nullopt}));
  EXPECT_EQ(q.reveal, (QuestionPoint{2, std::nullopt}));
  EXPECT_EQ(q.prompt, "What does lane 5's `%r2` hold?");
  EXPECT_EQ(q.choices, (std::vector<std::string>{"5", "6", "7"}));
  EXPECT_EQ(q.answer, "6");
  EXPECT_EQ(q.explanation, "lane + 1");
  EXPECT_EQ(q.check, (QuestionCheck{"%r2", 0, 0, 5}));
  EXPECT_EQ(l.questions[1].ask, (QuestionPoint{std::nullopt, 2}));
  EXPECT_FALSE(l.questions[1].reveal.given());
  EXPECT_TRUE(l.questions[1].choices.empty());
  EXPECT_FALSE(l.questions[1].check);
  // Where the second question is, for the lint's messages.
  const std::string before = text.substr(0, text.find("[[question]]\nask_ptx_line"));
  EXPECT_EQ(r.scenario->source.at("question[1]").line,
            static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n') + 1));

  // Saved and read back: the same lesson, and a second save is identical.
  const std::string saved = formatScenario(*r.scenario);
  EXPECT_NE(saved.find("format = 2\n"), std::string::npos);
  auto again = loadText(saved);
  ASSERT_TRUE(again.ok()) << errorsText(again.errors) << saved;
  EXPECT_EQ(again.scenario->lesson, l);
  EXPECT_EQ(formatScenario(*again.scenario), saved);
}

TEST(ScenarioLesson, FormatOneFilesLoadAndMayNotUseTheNewKeys) {
  auto plain = loadText(lesson("1", ""));
  EXPECT_TRUE(plain.ok()) << errorsText(plain.errors);
  auto r = loadText(lesson("1", "goal = \"g\"\n"));
  EXPECT_EQ(firstError(r), "3:8: 'goal' is a format 2 key: start the file with 'format = 2'");
}

TEST(ScenarioLesson, EachMistakeAtItsPlace) {
  struct Case {
    std::string tail;
    std::string error;
  };
  const std::string head = lesson("2", "");
  const auto line = [&](int k) { return std::to_string(static_cast<int>(std::count(head.begin(), head.end(), '\n')) + k); };
  const std::vector<Case> cases = {
      {"\n[[question]]\nprompt = \"p\"\nanswer = \"1\"\n", line(2) + ":1: [[question]] needs ask_step or ask_ptx_line"},
      {"\n[[question]]\nask_step = 1\nanswer = \"1\"\n", line(2) + ":1: [[question]] needs a prompt"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\n", line(2) + ":1: [[question]] needs an answer"},
      {"\n[[question]]\nask_step = 1\nask_ptx_line = 2\nprompt = \"p\"\nanswer = \"1\"\n",
       line(4) + ":16: give ask_step or ask_ptx_line, not both"},
      {"\n[[question]]\nask_step = 3\nreveal_step = 2\nprompt = \"p\"\nanswer = \"1\"\n",
       line(4) + ":15: reveal_step 2 comes before ask_step 3"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\nchoices = [\"a\", \"b\"]\nanswer = \"c\"\n",
       line(6) + ":10: answer \"c\" is not one of the choices"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\nchoices = [\"a\"]\nanswer = \"a\"\n",
       line(5) + ":11: choices needs at least two entries"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\nanswer = \"a\"\nhint = \"x\"\n",
       line(6) + ":1: unknown key 'hint' in [[question]]"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\nanswer = \"a\"\n[question.check]\nregister = \"r2\"\n",
       line(7) + ":12: register names a PTX register"},
      {"\n[[question]]\nask_step = 1\nprompt = \"p\"\nanswer = \"a\"\n[question.check]\nregister = \"%r2\"\nlane = 32\n",
       line(8) + ":8: "},
  };
  for (const Case& c : cases) {
    auto r = loadText(head + c.tail);
    EXPECT_FALSE(r.ok()) << c.tail;
    EXPECT_EQ(firstError(r).rfind(c.error, 0), 0u) << "got: " << firstError(r) << "\nwanted: " << c.error << "\n"
                                                  << c.tail;
  }
  auto goal = loadText(lesson("2", "goal = '''\ntwo\nlines'''\n"));
  EXPECT_EQ(firstError(goal).rfind("3:8: goal is one line", 0), 0u) << firstError(goal);
}

}  // namespace
}  // namespace ws::core
