// The editor's document: problems at their line and column in the edited
// text (PTX, and a scenario's inline snippet), and applying an edit as a new
// session that keeps the launch, breakpoints and position.
#include <gtest/gtest.h>

#include "tests/ui/ui_test_util.hpp"
#include "ui/files/document.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {
namespace {

const char* const kBody = test::ui::kButterflyBody;

TEST(Document, PtxProblemsAreAtTheirLine) {
  std::string ptx = test::kernel(kBody);
  EXPECT_TRUE(checkDocument(ptx, DocumentKind::Ptx, "k.ptx").empty());
  const auto at = ptx.find("\tadd.u32");
  ptx.replace(at, 8, "\tadd.q99");
  const auto problems = checkDocument(ptx, DocumentKind::Ptx, "k.ptx");
  ASSERT_FALSE(problems.empty());
  const auto line = static_cast<std::uint32_t>(std::count(ptx.begin(), ptx.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  EXPECT_EQ(problems[0].line, line);
  EXPECT_GT(problems[0].col, 0u);
  EXPECT_FALSE(problems[0].message.empty());
  EXPECT_EQ(problems[0].text.rfind("k.ptx:" + std::to_string(line) + ":", 0), 0u) << problems[0].text;
}

TEST(Document, ScenarioSnippetProblemsAreAtTheScenarioLine) {
  const std::string good =
      "format = 1\n"
      "title = \"t\"\n"
      "[program.snippet]\n"
      "code = '''\n"
      "shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"
      "'''\n"
      "lanes = 32\n";
  EXPECT_TRUE(checkDocument(good, DocumentKind::Scenario, "/tmp/lesson.toml").empty());
  std::string bad = good;
  bad.replace(bad.find("shfl.sync.bfly"), 14, "shfl.sync.zzzz");
  const auto problems = checkDocument(bad, DocumentKind::Scenario, "/tmp/lesson.toml");
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0].line, 5u);
  std::string typo = good;
  typo.replace(typo.find("lanes"), 5, "lamps");
  const auto p2 = checkDocument(typo, DocumentKind::Scenario, "/tmp/lesson.toml");
  ASSERT_FALSE(p2.empty());
  EXPECT_EQ(p2[0].line, 7u);
}

TEST(Document, ApplyingPtxKeepsLaunchBreakpointsAndPosition) {
  auto s = test::ui::session(test::kernel(kBody), test::ui::kernelLaunch(64));
  ASSERT_TRUE(s);
  std::int32_t shflLine = 0;
  for (const auto& ins : s->program().instrs)
    if (ins.op == core::Opcode::Shfl) shflLine = ins.pos.line;
  s->toggleBreakpoint(shflLine);
  s->seek(5);
  s->focusLane(7);
  // The edit: bfly by 2 instead of 1.
  std::string ptx = test::kernel(kBody);
  ptx.replace(ptx.find("%r1, 1, 0x1f"), 12, "%r1, 2, 0x1f");
  auto made = applyDocument(ptx, DocumentKind::Ptx, "k.ptx", s.get());
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made)) << std::get<std::string>(made);
  auto& n = *std::get<std::unique_ptr<Session>>(made);
  EXPECT_EQ(n.launch().block[0], 64u);
  EXPECT_EQ(n.position(), 5u);
  EXPECT_EQ(n.focus().lane, 7);
  ASSERT_EQ(n.breakpoints().size(), 1u);
  EXPECT_EQ(n.breakpoints()[0].line, shflLine);
  ASSERT_TRUE(test::ui::stepUntil(n, core::Opcode::Shfl));
  EXPECT_EQ(n.views().flows.arrows[5].from.lane, 7);  // 5 xor 2
  // A broken edit gives the errors and no session.
  auto bad = applyDocument("not ptx", DocumentKind::Ptx, "k.ptx", s.get());
  ASSERT_TRUE(std::holds_alternative<std::string>(bad));
  EXPECT_NE(std::get<std::string>(bad).find("k.ptx:1:"), std::string::npos);
}

TEST(Document, ApplyingAScenarioMakesItsSession) {
  const std::string text =
      "format = 1\n"
      "title = \"Edited\"\n"
      "[program.snippet]\n"
      "code = '''\n"
      "shfl.sync.bfly.b32 %r2, %r1, 4, 0x1f, 0xffffffff;\n"
      "'''\n"
      "lanes = 32\n"
      "[program.snippet.init]\n"
      "\"%r1\" = \"lane\"\n";
  auto made = applyDocument(text, DocumentKind::Scenario, "/tmp/edited.toml", nullptr);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made)) << std::get<std::string>(made);
  auto& s = *std::get<std::unique_ptr<Session>>(made);
  EXPECT_EQ(s.title(), "Edited");
  s.step();
  EXPECT_EQ(s.views().flows.arrows[1].from.lane, 5);
}

}  // namespace
}  // namespace ws::ui
