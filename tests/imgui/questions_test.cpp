// The viewer's question window asks a lesson's authored questions at their
// step, takes a picked or typed answer, marks it, and shows the answer and
// the explanation at the reveal step; the Examples window lists the course's
// units in order.
#include <gtest/gtest.h>

#include "app/imgui/viewer.hpp"
#include "tests/imgui/headless.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::imgui {
namespace {

const std::string kQuiz = ws::test::dataPath("/lesson/questions.toml");

TEST(ImguiQuestions, AskedCheckedAndRevealed) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);
  ui::LaunchRequest in;
  in.path = kQuiz;
  ASSERT_TRUE(v.open(in)) << v.error();
  ui::Session& s = *v.session();
  h.frame(v);
  EXPECT_FALSE(v.shownQuestion());
  s.seek(2);
  h.frame(v);
  ASSERT_TRUE(v.shownQuestion());
  EXPECT_EQ(v.shownQuestion()->state, ui::AuthoredState::Asked);
  EXPECT_EQ(v.shownQuestion()->choices.size(), 3u);
  EXPECT_TRUE(v.shownQuestion()->explanation.empty());
  EXPECT_FALSE(v.checkAnswer()) << "nothing picked yet";
  v.pickAnswer(0);
  EXPECT_TRUE(v.checkAnswer());
  h.frame(v);
  EXPECT_EQ(v.shownQuestion()->verdict, "Not right.");
  v.pickAnswer(2);
  EXPECT_TRUE(v.checkAnswer());
  h.frame(v);
  EXPECT_EQ(v.shownQuestion()->verdict, "Right.");
  // Back before the ask: no window; on to the reveal step: answer and explanation.
  s.seek(1);
  h.frame(v);
  EXPECT_FALSE(v.shownQuestion());
  s.seek(4);
  h.frame(v);
  ASSERT_TRUE(v.shownQuestion());
  EXPECT_EQ(v.shownQuestion()->state, ui::AuthoredState::Revealed);
  EXPECT_EQ(v.shownQuestion()->solution, "Answer: 6");
  EXPECT_NE(v.shownQuestion()->explanation.find("Lane 4 ^ 1"), std::string::npos);
  EXPECT_EQ(v.shownQuestion()->verdict, "You answered 6: right.");
  // The typed question, asked when the vote is next.
  s.seek(5);
  h.frame(v);
  ASSERT_TRUE(v.shownQuestion());
  EXPECT_EQ(v.shownQuestion()->index, 1u);
  v.typeAnswer("0b10101010101010101010101010101010");
  EXPECT_TRUE(v.checkAnswer());
  h.frame(v);
  EXPECT_EQ(v.shownQuestion()->verdict, "Right.");
  s.seek(7);
  h.frame(v);
  EXPECT_EQ(v.shownQuestion()->state, ui::AuthoredState::Revealed);
}

TEST(ImguiExamples, ListsTheCourseUnitsInOrder) {
  test::Headless h;
  Viewer v(Settings{}, h.fonts, 1.0f);  // nothing open: the Examples window is up
  h.frame(v);
  const ui::CourseGallery& c = v.course();
  ASSERT_GE(c.units.size(), 2u);
  const auto& drawn = v.examplesHeadings();
  ASSERT_GE(drawn.size(), 2u);
  EXPECT_EQ(drawn[0], c.units[0].title);
  EXPECT_EQ(drawn[1], c.units[1].title);
  EXPECT_EQ(drawn[0], "Divergence and masks");
}

}  // namespace
}  // namespace ws::imgui
