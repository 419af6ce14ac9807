// The narration lint on snippet scenarios written here: each rule fires on a
// note that is wrong (a step one off, a number no lane holds, a line that
// never runs ...), and notes that are right pass; then what it reads in a
// note's text (note_claims.hpp), rule by rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "core/scenario/scenario_io.hpp"
#include "ui/lesson/narration_lint.hpp"
#include "ui/lesson/note_claims.hpp"

namespace ws::ui {
namespace {

// Steps: 1 setp, 2 mul.lo, 3 add (lanes 0-15), 4 mov 0xffffffff, 5 cvt,
// 6 mul.rn.f32 (lane / 4), 7 bra over the add of %r5, 8 mov %r6, 9 the exit.
constexpr const char* kSnippet = R"(format = 1
title = "lint"

[program.snippet]
code = '''
setp.lt.u32    %p1, %r1, 16;
mul.lo.u32     %r2, %r1, 3;
@%p1 add.u32   %r3, %r2, 1;
mov.b32        %r4, 0xffffffff;
cvt.rn.f32.u32 %f1, %r1;
mul.rn.f32     %f2, %f1, 0f3E800000;
bra.uni        DONE;
add.u32        %r5, %r1, 1;
DONE:
mov.u32        %r6, 7;
'''
lanes = 32

[program.snippet.init]
"%r1" = "lane"
)";

std::string path() { return ::testing::TempDir() + "narration_lint.toml"; }

// The PTX line of the snippet's line that starts with `start`.
std::uint32_t lineOf(std::string_view start) {
  const core::ScenarioLoad l = core::loadScenarioTextAt(kSnippet, path());
  EXPECT_TRUE(l.ok());
  const auto& lines = l.prepared->program->sourceLines;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& s = lines[i];
    const std::size_t a = s.find_first_not_of(" \t");
    if (a != std::string::npos && s.compare(a, start.size(), start) == 0) return static_cast<std::uint32_t>(i + 1);
  }
  ADD_FAILURE() << "no line starts with " << start;
  return 0;
}

std::string note(std::string_view when, std::string_view text) {
  return fmt::format("\n[[narration]]\n{}\ntext = '''{}'''\n", when, text);
}

LintReport lint(const std::string& notes) { return lintScenarioText(std::string(kSnippet) + notes, path()); }

std::string dump(const LintReport& r) {
  std::string out;
  for (const std::string& l : r.lines()) out += l + "\n";
  return out;
}

std::size_t count(const LintReport& r, LintRule rule) {
  return static_cast<std::size_t>(
      std::count_if(r.findings.begin(), r.findings.end(), [&](const LintFinding& f) { return f.rule == rule; }));
}

TEST(NarrationLint, CorrectNotesPass) {
  const std::string notes =
      note("step = 0", "Every lane starts with its number in `%r1`: lane 7 has `%r1` = 7.") +
      note("step = 1", "`setp.lt.u32 %p1, %r1, 16`: `%p1` = lane < 16, true in lanes 0-15.") +
      note("step = 2", "This `mul.lo` triples the lane: lane 5's `%r2` = 15, and `%r2` = **93** in lane 31.") +
      note(fmt::format("step = 3\nptx_line = {}", lineOf("@%p1 add")),
           "`@%p1 add.u32 %r3, %r2, 1`: only lanes 0-15 add; `%r3` = 16 in lane 5.") +
      note("step = 4", "`mov.b32`: `%r4` = **0xffffffff**, or `%r4` = -1 read as signed, `%r4` = 4294967295 unsigned.") +
      note(fmt::format("ptx_line = {}", lineOf("cvt.rn")), "The lane as a float: lane 5 holds `%f1` = 5.0.") +
      note("step = 6", "**`mul.rn.f32`** by a quarter: in lane 5 `%f2` = 1.25, lane 6 gets `%f2` = `1.5`; `%f2` = 0.33 + x is "
                       "not read, nor is `%f2` = 1, 2, 3 (a list).") +
      note("step = 9", "The end: every lane has left.") +
      note(fmt::format("ptx_line = {}", lineOf("mov.u32")), "`%r6` = 7 everywhere.") +
      note("step = 7", "`bra.uni DONE` jumps over the add: `%r5` is never written.");
  const LintReport r = lint(notes);
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.notes, 10u);
  EXPECT_EQ(r.steps, 9u);
  EXPECT_EQ(r.stop, "finished");
  EXPECT_TRUE(r.findings.empty()) << dump(r);
}

TEST(NarrationLint, AStepOneEarlyNamesAnotherInstruction) {
  // The off-by-one of counting the first instruction as step 0.
  const LintReport r = lint(note("step = 1", "`mul.lo.u32 %r2, %r1, 3`: lane 5's `%r2` = 15.") +
                            note("step = 0", "`setp.lt.u32`: `%p1` = lane < 16."));
  ASSERT_EQ(count(r, LintRule::InstructionMismatch), 2u) << dump(r);
  EXPECT_EQ(count(r, LintRule::RegisterUnwritten), 2u) << dump(r);  // %r2 and %p1 are not written yet
  const std::string text = dump(r);
  EXPECT_NE(text.find("the instruction that ran at step 1 is `setp.lt.u32    %p1, %r1, 16`"), std::string::npos) << text;
  EXPECT_NE(text.find("`mul.lo.u32` runs at step 2"), std::string::npos) << text;
  EXPECT_NE(text.find("no instruction ran at step 0: it is the launch"), std::string::npos) << text;
  EXPECT_NE(text.find("`setp.lt.u32` runs at step 1"), std::string::npos) << text;
}

TEST(NarrationLint, FindingsPointAtTheNarrationHeader) {
  const std::string before = std::string(kSnippet) + "\n";
  const auto header = static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n') + 1);
  const LintReport r = lintScenarioText(before + "[[narration]]\nstep = 40\ntext = 'late'\n", path());
  ASSERT_EQ(r.findings.size(), 1u) << dump(r);
  EXPECT_EQ(r.findings[0].rule, LintRule::StepNotReached);
  EXPECT_EQ(r.findings[0].line, header);
  EXPECT_EQ(r.findings[0].col, 1u);
  EXPECT_EQ(r.findings[0].block, "narration[0]");
  EXPECT_EQ(r.lines()[0], fmt::format("{}:{}:1: step-not-reached: step 40 is never reached: the run ends at step 9 (finished)",
                                      path(), header));
}

TEST(NarrationLint, WrongNumbersAreReported) {
  const LintReport r =
      lint(note("step = 4", "`%r4` = 0xfffffffe.") + note("step = 2", "In lane 5, `%r2` = 16.") +
           note("step = 2", "`%r2` = 94 somewhere.") + note("step = 6", "`%f2` = 1.4 in lane 5.") +
           note(fmt::format("ptx_line = {}", lineOf("cvt.rn")), "`%f1` = 40.0 in some lane."));
  EXPECT_EQ(count(r, LintRule::RegisterValue), 5u) << dump(r);
  const std::string text = dump(r);
  EXPECT_NE(text.find("\"`%r4` = 0xfffffffe\": at step 4, the warp holds 0xffffffff"), std::string::npos) << text;
  EXPECT_NE(text.find("lane 5 of warp 0 holds 15"), std::string::npos) << text;
  EXPECT_NE(text.find("lane 5 of warp 0 holds 1.25"), std::string::npos) << text;
  EXPECT_NE(text.find("when line " + std::to_string(lineOf("cvt.rn")) + " runs (step 5)"), std::string::npos) << text;
}

TEST(NarrationLint, LinesWithoutInstructionsOrThatNeverRun) {
  const LintReport r = lint(note(fmt::format("ptx_line = {}", lineOf("add.u32        %r5")), "Never runs.") +
                            note(fmt::format("ptx_line = {}", lineOf("DONE:")), "A label.") +
                            note("ptx_line = 999", "Past the end.") +
                            note(fmt::format("step = 2\nptx_line = {}", lineOf("setp")), "Step 2 is not the setp."));
  EXPECT_EQ(count(r, LintRule::PtxLineNeverRuns), 1u) << dump(r);
  EXPECT_EQ(count(r, LintRule::PtxLineNoInstruction), 2u) << dump(r);
  EXPECT_EQ(count(r, LintRule::StepNotOnLine), 1u) << dump(r);
  const std::string text = dump(r);
  EXPECT_NE(text.find("holds no instruction (`DONE:`)"), std::string::npos) << text;
  EXPECT_NE(text.find("past the end of the PTX"), std::string::npos) << text;
  EXPECT_NE(text.find("the instruction that ran at step 2 is on PTX line " + std::to_string(lineOf("mul.lo"))),
            std::string::npos)
      << text;
}

TEST(NarrationLint, ALineNotesOpenerMustBeItsLinesInstruction) {
  const LintReport r = lint(note(fmt::format("ptx_line = {}", lineOf("cvt.rn")), "`mul.rn.f32`: a quarter."));
  ASSERT_EQ(count(r, LintRule::InstructionMismatch), 1u) << dump(r);
}

TEST(NarrationLint, AFileThatDoesNotLoadIsAnErrorNotAFinding) {
  const LintReport r = lintScenarioText("format = 1\n[program]\nptx = 3\n", path());
  EXPECT_FALSE(r.error.empty());
  EXPECT_TRUE(r.findings.empty());
  EXPECT_FALSE(r.ok());
}

// ---------------------------------------------------------------- [[question]]

std::string question(std::string_view keys, std::string_view answer, std::string_view check) {
  return fmt::format("\n[[question]]\n{}\nprompt = 'What?'\nanswer = '{}'\n{}", keys, answer,
                     check.empty() ? std::string() : fmt::format("\n[question.check]\n{}\n", check));
}

LintReport lintQuestions(const std::string& blocks) {
  std::string text = std::string(kSnippet) + blocks;
  text.replace(text.find("format = 1"), 10, "format = 2");
  return lintScenarioText(text, path());
}

TEST(QuestionLint, RightAnswersAtReachablePointsPass) {
  const LintReport r = lintQuestions(
      question("ask_step = 1", "15", "register = '%r2'\nlane = 5") +  // revealed at step 2, after the mul
      question("ask_step = 3\nreveal_step = 4", "0xffffffff", "register = '%r4'\nlane = 9") +
      question(fmt::format("ask_ptx_line = {}", lineOf("mul.rn")), "1.25", "register = '%f2'\nlane = 5") +
      question(fmt::format("ask_step = 0\nreveal_ptx_line = {}", lineOf("setp")), "true", "register = '%p1'\nlane = 3") +
      question("ask_step = 2", "a word", ""));  // no check: nothing to compare
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.questions, 5u);
  EXPECT_TRUE(r.findings.empty()) << dump(r);
}

TEST(QuestionLint, WrongAnswersUnreachedPointsAndOrder) {
  const LintReport r = lintQuestions(
      question("ask_step = 2", "15", "register = '%r2'\nlane = 5") +  // revealed at step 3: still 15, passes
      question("ask_step = 1", "16", "register = '%r2'\nlane = 5") +
      question("ask_step = 0", "15", "register = '%r2'\nlane = 5") +  // revealed at step 1: not written yet
      question("ask_step = 40", "1", "") +
      question(fmt::format("ask_ptx_line = {}", lineOf("add.u32        %r5")), "1", "") +
      question(fmt::format("ask_ptx_line = {}\nreveal_step = 2", lineOf("mov.b32")), "1", "") +
      question("ask_step = 1", "fifteen", "register = '%r2'\nlane = 5") +
      question("ask_step = 1", "15", "register = '%r2'\nwarp = 3"));
  EXPECT_EQ(count(r, LintRule::QuestionAnswer), 4u) << dump(r);
  EXPECT_EQ(count(r, LintRule::QuestionNotReached), 2u) << dump(r);
  EXPECT_EQ(count(r, LintRule::QuestionOrder), 1u) << dump(r);
  const std::string text = dump(r);
  EXPECT_NE(text.find("the answer is \"16\", but at the reveal (step 2) `%r2` of lane 5 of warp 0 of CTA 0 holds 15"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("at the reveal (step 1) lane 5 of warp 0 of CTA 0 has not written `%r2`"), std::string::npos) << text;
  EXPECT_NE(text.find("ask_step 40 is never reached"), std::string::npos) << text;
  EXPECT_NE(text.find("it is revealed at step 2, before it is asked at step 3"), std::string::npos) << text;
  EXPECT_NE(text.find("\"fifteen\" is not a number"), std::string::npos) << text;
  EXPECT_NE(text.find("which the launch does not have"), std::string::npos) << text;
}

// ---------------------------------------------------------------- what a note says

TEST(NoteClaims, AnOpenerIsACodeSpanStartingWithAnInstruction) {
  EXPECT_EQ(instructionOpener("`setp.gt.u32 %p1, %r1, 9`: lanes ...")->word, "setp.gt.u32");
  EXPECT_EQ(instructionOpener("**`call vprintf`**: lanes 0-2 print")->word, "call");
  EXPECT_EQ(instructionOpener("This `shfl.sync` moves values")->word, "shfl.sync");
  EXPECT_EQ(instructionOpener("`@%p1 red.global.and.b32 [a], ~(1 << lane)`: only")->word, "red.global.and.b32");
  EXPECT_EQ(instructionOpener("`min.abs.NaN.f32`: team")->written, "min.abs.NaN.f32");
  EXPECT_FALSE(instructionOpener("`%p1` = lane < 16."));
  EXPECT_FALSE(instructionOpener("`atomicCAS(lock, 0, 1)`: lane 0 takes it"));
  EXPECT_FALSE(instructionOpener("The second `redux.sync.add.s32`: ..."));  // not at the start
  EXPECT_FALSE(instructionOpener("`phase ^= 1` only when"));
  EXPECT_FALSE(instructionOpener("Lanes 0-7 hold"));
}

TEST(NoteClaims, AnOpenerNamesTheInstructionByPartsOrByOpcode) {
  core::Instr redux;
  redux.op = *core::findMnemonic("redux");
  EXPECT_TRUE(openerNames(*instructionOpener("`min.s32` compares"), redux, "redux.sync.min.s32"));
  EXPECT_FALSE(openerNames(*instructionOpener("`min.u32` compares"), redux, "redux.sync.min.s32"));
  EXPECT_TRUE(openerNames(*instructionOpener("`redux.sync`"), redux, "redux.sync.min.s32"));
  core::Instr atom;
  atom.op = *core::findMnemonic("atom");
  // Modifiers in another order than written.
  EXPECT_TRUE(openerNames(*instructionOpener("`atom.add.relaxed.cta.s32`"), atom, "atom.relaxed.cta.shared.add.s32"));
  EXPECT_FALSE(openerNames(*instructionOpener("`mov.u32`"), atom, "atom.relaxed.cta.shared.add.s32"));
}

TEST(NoteClaims, RegisterValuesAndTheirLanes) {
  auto c = registerClaims("At the start `%r10` = **0xffffffff** in all 32 lanes.");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].reg, "%r10");
  ASSERT_TRUE(c[0].number);
  EXPECT_EQ(c[0].number->kind, QuotedNumber::Kind::Hex);
  EXPECT_EQ(c[0].number->bits, 0xffffffffu);
  EXPECT_FALSE(c[0].lane);

  c = registerClaims("Lane 5 reads it, so `%r2` = 7. Lane 6: `%f3` == -1.5e2 in lane 9; `%r1` = `12`.");
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].lane, 5u);
  EXPECT_EQ(c[0].number->kind, QuotedNumber::Kind::Integer);
  EXPECT_EQ(c[1].lane, 9u);  // "in lane 9" after the number wins
  EXPECT_EQ(c[1].number->kind, QuotedNumber::Kind::Decimal);
  EXPECT_DOUBLE_EQ(c[1].number->value, -150.0);
  EXPECT_FALSE(c[2].lane);  // another sentence
  EXPECT_EQ(c[2].number->magnitude, 12u);

  // Not numbers: expressions, lists, ranges of lanes, code that is not a value.
  c = registerClaims("`%p1` = lane < 16; `%f1` = -10.75 + 1.5 * x; `%r1` = 0, 7, 2; lanes 0-15: `%r3` = 4; "
                     "`%rd6` = `records + 5 i`; `%r2` is `&bins[t]`; `%r9` => 3");
  ASSERT_EQ(c.size(), 5u);
  EXPECT_FALSE(c[0].number);
  EXPECT_FALSE(c[1].number);
  EXPECT_FALSE(c[2].number);
  ASSERT_TRUE(c[3].number);
  EXPECT_FALSE(c[3].lane);  // "lanes 0-15" is no single lane
  EXPECT_FALSE(c[4].number);
}

TEST(NoteClaims, NumbersMatchAsWrittenForTheRegistersType) {
  auto num = [](std::string_view text) { return *registerClaims(fmt::format("`%r` = {}.", text))[0].number; };
  EXPECT_TRUE(numberMatches(num("0xffffffff"), 0xffffffffu, core::DataType::U32));
  EXPECT_FALSE(numberMatches(num("0xffffffff"), 0xffffffffffffffffull, core::DataType::U64));
  EXPECT_TRUE(numberMatches(num("-1"), 0xffffffffu, core::DataType::B32));
  EXPECT_TRUE(numberMatches(num("4294967295"), 0xffffffffu, core::DataType::S32));
  EXPECT_TRUE(numberMatches(num("-12"), 0xfffffff4u, core::DataType::S32));
  EXPECT_FALSE(numberMatches(num("12"), 0xfffffff4u, core::DataType::S32));
  EXPECT_TRUE(numberMatches(num("0.25"), 0x3e800000u, core::DataType::F32));
  EXPECT_TRUE(numberMatches(num("0.33"), 0x3eaaaaabu, core::DataType::F32));   // 0.33333334, to two places
  EXPECT_FALSE(numberMatches(num("0.34"), 0x3eaaaaabu, core::DataType::F32));
  EXPECT_TRUE(numberMatches(num("34"), 0x4209999au, core::DataType::F32));     // 34.4 to the nearest whole number
  EXPECT_FALSE(numberMatches(num("34"), 0x420a8f5cu, core::DataType::F32));    // 34.64 is not
  EXPECT_TRUE(numberMatches(num("1.3"), 0x3fa00000u, core::DataType::F32));    // 1.25 to one place (half a unit)
  EXPECT_TRUE(numberMatches(num("2.5"), 0x4100u, core::DataType::F16));
  EXPECT_TRUE(numberMatches(num("3"), 0x40400000u, core::DataType::B32));     // float bits in an untyped register
  EXPECT_TRUE(numberMatches(num("1.5"), 0x3ff8000000000000ull, core::DataType::F64));
}

TEST(NoteClaims, AnswersAreNumbersInTheFormsAStudentTypes) {
  EXPECT_EQ(answerNumber(" 0b101 ")->bits, 5u);
  EXPECT_EQ(answerNumber("0xAA")->bits, 0xaau);
  EXPECT_EQ(answerNumber("true")->bits, 1u);
  EXPECT_EQ(answerNumber("-3")->magnitude, 3u);
  EXPECT_DOUBLE_EQ(answerNumber("2.5")->value, 2.5);
  EXPECT_FALSE(answerNumber("lane 3"));
  EXPECT_FALSE(answerNumber("3 lanes"));
}

}  // namespace
}  // namespace ws::ui
