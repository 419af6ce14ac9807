// Authored questions over a session's history: asked at their step or line,
// revealed at theirs, answers typed or picked and kept when stepping back.
#include <gtest/gtest.h>

#include <memory>

#include "ui/lesson/authored_questions.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {

// The steps of tests/data/lesson/questions.toml: 0 mov, 1 add, 2 shfl, 3 and,
// 4 setp, 5 vote (line 14), 6 ret (line 15).
std::unique_ptr<Session> quiz() {
  auto made = loadScenarioSession(ws::test::dataPath("/lesson/questions.toml"));
  if (auto* e = std::get_if<std::string>(&made)) ADD_FAILURE() << *e;
  return std::move(std::get<std::unique_ptr<Session>>(made));
}

void seek(Session& s, AuthoredQuestions& q, std::uint64_t pos) {
  s.seek(pos);
  q.update(s);
}

TEST(SameAnswer, NumbersInAnyBaseAndWordsIgnoringCase) {
  EXPECT_TRUE(sameAnswer("10", "0xa"));
  EXPECT_TRUE(sameAnswer(" 0b1010 ", "10"));
  EXPECT_TRUE(sameAnswer("0xAAAAAAAA", "0xaaaaaaaa"));
  EXPECT_TRUE(sameAnswer("2.50", "2.5"));
  EXPECT_TRUE(sameAnswer("3", "3.0"));
  EXPECT_TRUE(sameAnswer("-1", "-1.0"));
  EXPECT_TRUE(sameAnswer("nan", "NaN"));
  EXPECT_FALSE(sameAnswer("11", "0xa"));
  EXPECT_FALSE(sameAnswer("2.4", "2.5"));
  EXPECT_TRUE(sameAnswer("  Lane 5  ", "lane 5"));
  EXPECT_TRUE(sameAnswer("all   lanes", "All lanes"));
  EXPECT_FALSE(sameAnswer("lane 4", "lane 5"));
  EXPECT_FALSE(sameAnswer("five", "5"));
}

TEST(AuthoredQuestions, SessionCarriesTheLessonsQuestions) {
  auto s = quiz();
  ASSERT_EQ(s->lesson().questions.size(), 2u);
  EXPECT_EQ(s->lesson().goal, "Answer one question about a shuffle and one about a ballot.");
}

TEST(AuthoredQuestions, AskedAtItsStepRevealedAtItsRevealStep) {
  auto s = quiz();
  auto q = AuthoredQuestions::forSession(*s);
  q.update(*s);
  EXPECT_FALSE(q.current());
  EXPECT_EQ(q.state(0), AuthoredState::Hidden);
  seek(*s, q, 2);
  ASSERT_EQ(q.asking(), 0u);
  EXPECT_EQ(q.askPosition(0), 2u);
  EXPECT_EQ(q.revealPosition(0), 4u);
  const AuthoredQuestionView v = q.view(0);
  EXPECT_EQ(v.heading, "Question 1 of 2 (step 2)");
  EXPECT_EQ(v.choices.size(), 3u);
  EXPECT_TRUE(v.solution.empty());
  EXPECT_TRUE(v.explanation.empty()) << "the explanation stays hidden while the question is asked";
  EXPECT_NE(v.hint.find("step 4"), std::string::npos) << v.hint;
  seek(*s, q, 3);
  EXPECT_EQ(q.state(0), AuthoredState::Asked);
  seek(*s, q, 4);
  EXPECT_EQ(q.state(0), AuthoredState::Revealed);
  EXPECT_EQ(q.current(), 0u);
  EXPECT_FALSE(q.asking());
  EXPECT_EQ(q.view(0).solution, "Answer: 6");
  EXPECT_NE(q.view(0).explanation.find("Lane 4 ^ 1"), std::string::npos);
  EXPECT_EQ(q.view(0).verdict, "You did not answer this one.");
}

TEST(AuthoredQuestions, AskedByLineWhenItsInstructionIsNextRevealedAfterTheRevealLine) {
  auto s = quiz();
  auto q = AuthoredQuestions::forSession(*s);
  // Stepped to forwards (the vote is not recorded yet: the question is found by peeking).
  for (int i = 0; i < 4; ++i) s->step();
  q.update(*s);
  EXPECT_EQ(q.state(1), AuthoredState::Hidden);
  s->step();
  q.update(*s);
  ASSERT_EQ(s->position(), 5u);
  EXPECT_EQ(q.asking(), 1u);
  EXPECT_EQ(q.askPosition(1), 5u);
  EXPECT_FALSE(q.revealPosition(1)) << "known once line 15 has run";
  EXPECT_TRUE(q.view(1).choices.empty());
  EXPECT_NE(q.view(1).hint.find("line 15"), std::string::npos) << q.view(1).hint;
  s->step();  // the vote ran; ret is next
  q.update(*s);
  EXPECT_EQ(q.state(1), AuthoredState::Asked);
  s->step();  // ret ran
  q.update(*s);
  EXPECT_EQ(q.revealPosition(1), 7u);
  EXPECT_EQ(q.state(1), AuthoredState::Revealed);
  EXPECT_EQ(q.current(), 1u);
  // Back and forth through the recorded history.
  seek(*s, q, 0);
  EXPECT_FALSE(q.current());
  seek(*s, q, 5);
  EXPECT_EQ(q.asking(), 1u);
  seek(*s, q, 7);
  EXPECT_EQ(q.state(1), AuthoredState::Revealed);
}

TEST(AuthoredQuestions, DefaultRevealIsJustAfterTheAskedInstruction) {
  auto s = quiz();
  core::Question byLine = s->lesson().questions[1];
  byLine.reveal = {};
  core::Question byStep = s->lesson().questions[0];
  byStep.reveal = {};
  AuthoredQuestions q({byStep, byLine});
  seek(*s, q, 7);
  EXPECT_EQ(q.revealPosition(0), 3u);
  EXPECT_EQ(q.revealPosition(1), 6u);
  seek(*s, q, 5);
  EXPECT_EQ(q.state(1), AuthoredState::Asked);
  EXPECT_EQ(q.state(0), AuthoredState::Revealed);
  EXPECT_NE(q.view(1).hint.find("next step"), std::string::npos) << q.view(1).hint;
  seek(*s, q, 6);
  EXPECT_EQ(q.state(1), AuthoredState::Revealed);
}

TEST(AuthoredQuestions, MultipleChoiceAnswerMarkedAndKeptWhenSteppingBack) {
  auto s = quiz();
  auto q = AuthoredQuestions::forSession(*s);
  q.update(*s);
  std::string err;
  EXPECT_FALSE(q.answerChoice(0, 2, &err)) << "not asked yet";
  EXPECT_NE(err.find("not been asked"), std::string::npos);
  seek(*s, q, 2);
  EXPECT_FALSE(q.answerChoice(0, 3, &err));
  ASSERT_TRUE(q.answerChoice(0, 1, &err)) << err;
  EXPECT_FALSE(q.answer(0).correct);
  EXPECT_EQ(q.view(0).verdict, "Not right.");
  ASSERT_TRUE(q.answerChoice(0, 2));
  EXPECT_TRUE(q.answer(0).correct);
  EXPECT_EQ(q.view(0).verdict, "Right.");
  EXPECT_EQ(q.answer(0).text, "6");
  seek(*s, q, 1);  // before the ask: hidden again, the answer kept
  EXPECT_EQ(q.state(0), AuthoredState::Hidden);
  EXPECT_FALSE(q.current());
  seek(*s, q, 4);
  EXPECT_EQ(q.state(0), AuthoredState::Revealed);
  EXPECT_TRUE(q.answer(0).correct);
  EXPECT_EQ(q.view(0).verdict, "You answered 6: right.");
  EXPECT_FALSE(q.answerChoice(0, 0, &err)) << "no answers after the reveal";
  EXPECT_TRUE(q.answer(0).correct);
}

TEST(AuthoredQuestions, TypedAnswerIsTheSameNumberInAnyBase) {
  auto s = quiz();
  auto q = AuthoredQuestions::forSession(*s);
  seek(*s, q, 5);
  ASSERT_EQ(q.asking(), 1u);
  std::string err;
  EXPECT_FALSE(q.answerText(1, "   ", &err));
  ASSERT_TRUE(q.answerText(1, "0x55555555"));
  EXPECT_FALSE(q.answer(1).correct);
  ASSERT_TRUE(q.answerText(1, " 2863311530 "));  // 0xaaaaaaaa in decimal
  EXPECT_TRUE(q.answer(1).correct);
  EXPECT_EQ(q.answer(1).text, "2863311530");
  ASSERT_TRUE(q.answerText(1, "0b10101010101010101010101010101010"));
  EXPECT_TRUE(q.answer(1).correct);
  // A typed answer to a multiple-choice question picks the matching choice.
  seek(*s, q, 2);
  ASSERT_TRUE(q.answerText(0, "0x6"));
  EXPECT_EQ(q.answer(0).choice, 2);
  EXPECT_TRUE(q.answer(0).correct);
}

TEST(AuthoredQuestions, TheMostRecentlyAskedIsCurrent) {
  auto s = quiz();
  auto q = AuthoredQuestions::forSession(*s);
  seek(*s, q, 7);
  EXPECT_EQ(q.current(), 1u);
  seek(*s, q, 4);
  EXPECT_EQ(q.current(), 0u);
}

}  // namespace
}  // namespace ws::ui
