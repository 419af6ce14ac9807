// Predict mode's model on the real engine: which steps it asks about, the
// questions per lane, reading typed guesses, and the verdicts after the step
// runs (true source lane or value, the lane's explanation, the score).
#include <gtest/gtest.h>

#include "tests/ui/ui_test_util.hpp"
#include "ui/lesson/predict.hpp"
#include "ui/lesson/predict_scene.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

// Walks forward until the next step would execute `op`.
bool stepBefore(Session& s, core::Opcode op) {
  for (int i = 0; i < 200; ++i) {
    const core::NextStep n = core::peekNext(s.history());
    if (!n.valid) return false;
    if (s.program().instrs[n.pc].op == op) return true;
    s.step();
  }
  return false;
}

std::unique_ptr<Session> bodySession(const char* body, std::uint32_t block = 32) {
  return test::ui::session(test::kernel(body), test::ui::kernelLaunch(block));
}

const char* kShfl =
    "\tmul.lo.u32 %r1, %r0, 3;\n"
    "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"
    "\tshfl.sync.up.b32 %r4, %r1, 2, 0, 0xffffffff;\n"
    "\tvote.sync.ballot.b32 %r3, %p9, 0xffffffff;\n";

TEST(Predict, OnlyCollectivesAndAtomicsAreAsked) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s);
  EXPECT_FALSE(PredictRound::forNextStep(*s).has_value());  // ld.param first
  ASSERT_TRUE(stepBefore(*s, core::Opcode::Shfl));
  EXPECT_TRUE(PredictRound::forNextStep(*s).has_value());
  s->stepBack();  // the mul before it
  EXPECT_EQ(s->program().instrs[core::peekNext(s->history()).pc].op, core::Opcode::Mul);
  EXPECT_FALSE(PredictRound::forNextStep(*s).has_value());
  s->step();
  EXPECT_TRUE(PredictRound::forNextStep(*s).has_value());
  // After the last shfl (the ballot reads a never-set predicate, still a collective).
  s->step();
  s->step();
  ASSERT_TRUE(PredictRound::forNextStep(*s).has_value());
  EXPECT_EQ(PredictRound::forNextStep(*s)->questions()[0].prompt, "lane 0: %r3 = ?");
  s->step();
  EXPECT_FALSE(PredictRound::forNextStep(*s).has_value());  // ret
}

TEST(Predict, ShuffleAsksSourceLanesWithoutTouchingTheSession) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  const std::uint64_t pos = s->position(), rev = s->revision(), size = s->history().size();
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  EXPECT_EQ(s->position(), pos);
  EXPECT_EQ(s->revision(), rev);
  EXPECT_EQ(s->history().size(), size);
  EXPECT_TRUE(round->asksSourceLanes());
  EXPECT_EQ(round->position(), pos);
  EXPECT_EQ(round->lanes(), 0xffffffffu);
  ASSERT_EQ(round->questions().size(), 32u);
  EXPECT_EQ(round->questions()[5].kind, QuestionKind::SourceLane);
  EXPECT_EQ(round->questions()[5].prompt, "lane 5: reads %r2 from lane ?");
  EXPECT_EQ(round->instruction(), "shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff");
  EXPECT_NE(round->headline().find("which lane does it read from"), std::string::npos);
  EXPECT_EQ(round->questions()[0].regName, "%r2");
}

TEST(Predict, RevealMarksSourceLaneGuesses) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  const std::uint64_t pos = s->position();
  EXPECT_TRUE(round->guessSource(5, 4));    // bfly 1: lane 5 reads lane 4
  EXPECT_TRUE(round->guessSource(6, 5));    // wrong: lane 6 reads lane 7
  EXPECT_TRUE(round->guessValue(0, "1"));   // typed lane numbers work too
  std::string err;
  EXPECT_FALSE(round->guessSource(3, 32, &err));
  EXPECT_EQ(err, "there is no lane 32");
  EXPECT_FALSE(round->guessValue(3, "x", &err));
  EXPECT_EQ(err, "\"x\" is not a lane number (0-31)");
  EXPECT_EQ(round->guessesGiven(), 3);
  EXPECT_EQ(round->scoreText(), "3 of 32 lanes guessed");

  ASSERT_FALSE(round->reveal(*s).has_value());
  EXPECT_EQ(s->position(), pos + 1);
  ASSERT_TRUE(round->revealed());
  const auto& v = round->verdicts();
  ASSERT_EQ(v.size(), 32u);
  EXPECT_TRUE(v[5].answered);
  EXPECT_TRUE(v[5].correct);
  EXPECT_EQ(v[5].truth, "lane 4");
  EXPECT_EQ(v[5].explanation, "lane 5 reads lane 4's %r1 = 12: .bfly: xor 1");
  EXPECT_FALSE(v[6].correct);
  EXPECT_EQ(v[6].guess, "lane 5");
  EXPECT_EQ(v[6].truth, "lane 7");
  EXPECT_TRUE(v[0].correct);
  EXPECT_FALSE(v[9].answered);
  EXPECT_FALSE(v[9].correct);
  EXPECT_EQ(v[9].truth, "lane 8");
  const PredictScore sc = round->score();
  EXPECT_EQ(sc.correct, 2);
  EXPECT_EQ(sc.answered, 3);
  EXPECT_EQ(sc.total, 32);
  EXPECT_EQ(round->scoreText(), "2 of 32 right (3 guessed)");
  // Guesses are closed once revealed, and revealing again changes nothing.
  EXPECT_FALSE(round->guessSource(9, 8));
  EXPECT_FALSE(round->reveal(*s).has_value());
  EXPECT_EQ(s->position(), pos + 1);
}

TEST(Predict, ShuffleOutOfRangeKeepsItsOwnLane) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  s->step();  // the bfly; next is shfl.up by 2
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  EXPECT_TRUE(round->guessSource(1, 1));   // below lane 0: keeps its own value
  EXPECT_TRUE(round->guessSource(2, 1));   // wrong: reads lane 0
  ASSERT_FALSE(round->reveal(*s).has_value());
  EXPECT_TRUE(round->verdicts()[1].correct);
  EXPECT_EQ(round->verdicts()[1].truth, "lane 1");
  EXPECT_FALSE(round->verdicts()[2].correct);
  EXPECT_EQ(round->verdicts()[2].truth, "lane 0");
}

TEST(Predict, ValueQuestionsForVoteAndRedux) {
  auto s = bodySession(
      "\tsetp.lt.u32 %p1, %r0, 4;\n"
      "\tvote.sync.ballot.b32 %r3, %p1, 0xffffffff;\n"
      "\tvote.sync.any.pred %p2, %p1, 0xffffffff;\n"
      "\tredux.sync.add.s32 %r4, %r0, 0xffffffff;\n");
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Vote));
  auto ballot = PredictRound::forNextStep(*s);
  ASSERT_TRUE(ballot);
  EXPECT_FALSE(ballot->asksSourceLanes());
  EXPECT_EQ(ballot->questions()[0].prompt, "lane 0: %r3 = ?");
  EXPECT_TRUE(ballot->guessValue(0, "0xf"));
  EXPECT_TRUE(ballot->guessValue(1, "15"));
  EXPECT_TRUE(ballot->guessValue(2, "0b1111"));
  EXPECT_TRUE(ballot->guessValue(3, "4"));
  ASSERT_FALSE(ballot->reveal(*s).has_value());
  EXPECT_TRUE(ballot->verdicts()[0].correct);
  EXPECT_TRUE(ballot->verdicts()[1].correct);
  EXPECT_TRUE(ballot->verdicts()[2].correct);
  EXPECT_FALSE(ballot->verdicts()[3].correct);
  EXPECT_EQ(ballot->verdicts()[3].truth, "15");
  EXPECT_EQ(ballot->verdicts()[3].guess, "4");
  EXPECT_FALSE(ballot->verdicts()[3].explanation.empty());

  auto any = PredictRound::forNextStep(*s);
  ASSERT_TRUE(any);
  EXPECT_TRUE(any->guessValue(7, "true"));
  EXPECT_TRUE(any->guessValue(8, "0"));
  std::string err;
  EXPECT_FALSE(any->guessValue(9, "2", &err));
  EXPECT_EQ(err, "\"2\" is not true or false");
  ASSERT_FALSE(any->reveal(*s).has_value());
  EXPECT_TRUE(any->verdicts()[7].correct);
  EXPECT_EQ(any->verdicts()[7].truth, "true");
  EXPECT_FALSE(any->verdicts()[8].correct);

  auto sum = PredictRound::forNextStep(*s);
  ASSERT_TRUE(sum);
  EXPECT_TRUE(sum->guessValue(31, "496"));  // 0 + 1 + ... + 31
  EXPECT_TRUE(sum->guessValue(30, "-496"));
  ASSERT_FALSE(sum->reveal(*s).has_value());
  EXPECT_TRUE(sum->verdicts()[31].correct);
  EXPECT_FALSE(sum->verdicts()[30].correct);
}

TEST(Predict, AtomAsksTheOldValuePerLane) {
  auto s = bodySession(
      "\tatom.global.add.u32 %r5, [%rd1], 1;\n", 4);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Atom));
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  EXPECT_EQ(round->lanes(), 0xfu);
  ASSERT_EQ(round->questions().size(), 4u);
  // out[0] starts as 0; lanes serialize in ascending order.
  EXPECT_TRUE(round->guessValue(0, "0"));
  EXPECT_TRUE(round->guessValue(3, "3"));
  EXPECT_TRUE(round->guessValue(2, "0"));
  ASSERT_FALSE(round->reveal(*s).has_value());
  EXPECT_TRUE(round->verdicts()[0].correct);
  EXPECT_TRUE(round->verdicts()[3].correct);
  EXPECT_FALSE(round->verdicts()[2].correct);
  EXPECT_EQ(round->verdicts()[2].truth, "2");
}

TEST(Predict, RevealRefusesAMovedSession) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  s->stepBack();
  const auto err = round->reveal(*s);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("not where this prediction was made"), std::string::npos);
  EXPECT_FALSE(round->revealed());
}

TEST(Predict, RecordedFutureIsPredictedToo) {
  auto s = bodySession(kShfl);
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  s->step();
  s->stepBack();  // the shfl is now in the recorded future
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  EXPECT_TRUE(round->guessSource(5, 4));
  ASSERT_FALSE(round->reveal(*s).has_value());
  EXPECT_TRUE(round->verdicts()[5].correct);
}

TEST(Predict, ParsesGuessesByType) {
  using core::DataType;
  EXPECT_EQ(parseGuess("-1", DataType::S32), 0xffffffffu);
  EXPECT_EQ(parseGuess(" 0x1F ", DataType::B32), 0x1fu);
  EXPECT_EQ(parseGuess("0b101", DataType::U32), 5u);
  EXPECT_EQ(parseGuess("1.5", DataType::F32), 0x3fc00000u);
  EXPECT_EQ(parseGuess("0x3fc00000", DataType::F32), 0x3fc00000u);
  EXPECT_EQ(parseGuess("-inf", DataType::F64), 0xfff0000000000000u);
  EXPECT_EQ(parseGuess("TRUE", DataType::Pred), 1u);
  EXPECT_EQ(parseGuess("256", DataType::B8), 0u);  // masked to the width
  EXPECT_FALSE(parseGuess("", DataType::B32));
  EXPECT_FALSE(parseGuess("12abc", DataType::U32));
  EXPECT_FALSE(parseGuess("1.5", DataType::U32));
  EXPECT_FALSE(parseGuess("maybe", DataType::Pred));
}

}  // namespace
}  // namespace ws::ui

namespace ws::ui {
namespace {

TEST(PredictScene, QuestionMarksThenGuessesThenVerdicts) {
  auto s = test::ui::session(test::kernel(
                                 "\tmul.lo.u32 %r1, %r0, 3;\n"
                                 "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"),
                             test::ui::kernelLaunch(32));
  ASSERT_TRUE(s && stepBefore(*s, core::Opcode::Shfl));
  auto round = PredictRound::forNextStep(*s);
  ASSERT_TRUE(round);
  const Theme theme = builtinTheme("projector");
  Scene sc = buildPredictScene(*round, *s, theme, 5);
  EXPECT_EQ(sc.find("question").size(), 32u);
  ASSERT_TRUE(sc.findId("w0-lane5"));
  ASSERT_EQ(sc.find("picked").size(), 1u);
  // The input row shows %r1 as it is before the step: lane 4 holds 12.
  const auto inputs = sc.find("input-text");
  ASSERT_EQ(inputs.size(), 32u);
  EXPECT_EQ(inputs[4]->text, "12");
  EXPECT_TRUE(sc.find("flow guess").empty());

  ASSERT_TRUE(round->guessSource(5, 4));
  ASSERT_TRUE(round->guessSource(6, 5));
  sc = buildPredictScene(*round, *s, theme);
  ASSERT_EQ(sc.find("flow guess").size(), 2u);
  EXPECT_TRUE(sc.find("flow guess")[0]->dashed);
  EXPECT_EQ(sc.find("flow guess")[0]->dataValue("from"), "lane4");
  EXPECT_EQ(sc.find("question guessed").size(), 2u);
  EXPECT_EQ(sc.find("question").size(), 32u);

  ASSERT_FALSE(round->reveal(*s).has_value());
  sc = buildPredictScene(*round, *s, theme);
  EXPECT_TRUE(sc.find("question").empty());
  EXPECT_EQ(sc.find("flow shuffle truth").size(), 32u);
  EXPECT_EQ(sc.find("flow guess wrong").size(), 1u);
  EXPECT_EQ(sc.find("verdict right").size(), 1u);
  EXPECT_EQ(sc.find("verdict wrong").size(), 1u);
  EXPECT_EQ(sc.find("verdict-text wrong")[0]->text, "\u2717 5");
  // Inputs are still the values before the step (the step wrote %r2, not %r1).
  EXPECT_EQ(sc.find("input-text")[4]->text, "12");
  EXPECT_EQ(sc.find("predict-score")[0]->text, "1 of 32 right (2 guessed)");
}

}  // namespace
}  // namespace ws::ui
