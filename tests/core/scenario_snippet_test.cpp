// Snippet mode: a few instructions with per-lane initial values become a
// one-CTA kernel whose first step is the user's first instruction.
#include <gtest/gtest.h>

#include <bit>

#include "core/scenario/snippet.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

std::uint64_t reg(const Engine& e, std::uint32_t warp, std::string_view name, int lane) {
  const Program& p = e.program();
  for (std::uint32_t r = 0; r < p.regs.size(); ++r)
    if (p.regs[r].name == name)
      return e.state().warps[warp].regs[static_cast<std::size_t>(r) * kWarpSize + static_cast<std::size_t>(lane)];
  ADD_FAILURE() << "no register " << name;
  return 0;
}

std::uint32_t written(const Engine& e, std::uint32_t warp, std::string_view name) {
  const Program& p = e.program();
  for (std::uint32_t r = 0; r < p.regs.size(); ++r)
    if (p.regs[r].name == name) return e.state().warps[warp].written[r];
  return 0;
}

constexpr std::string_view kShflSnippet = R"(format = 1
title = "Butterfly"

[program.snippet]
code = '''
shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;
add.u32 %r3, %r1, %r2;
shfl.sync.idx.b32 %r4, %r3, 0, 0x1f, 0xffffffff;
'''

[program.snippet.init]
"%r1" = "lane*3"
"%p1" = "lane % 2 == 0"
"%f1" = "1.5 * lane"
)";

TEST(ScenarioSnippet, RegisterScanSkipsSpecialRegistersCommentsAndDeclarations) {
  auto regs = scanSnippetRegisters(
      "mov.u32 %r1, %laneid; // %r9 in a comment\n"
      "/* %r8 */ .reg .b32 %mine, %q<4>;\n"
      "add.u32 %r2, %r1, %tid.x;\n"
      "mov.u32 %q2, %mine;\n"
      "@%p1 bra $L__x;\n");
  EXPECT_EQ(regs.used, (std::vector<std::string>{"%r1", "%r2", "%q2", "%mine", "%p1"}));
  EXPECT_TRUE(regs.declares("%mine"));
  EXPECT_TRUE(regs.declares("%q2"));
  EXPECT_FALSE(regs.declares("%q4"));
  EXPECT_FALSE(regs.declares("%r1"));
}

TEST(ScenarioSnippet, TypesFollowNvccNames) {
  EXPECT_EQ(registerTypeFromName("%r1"), DataType::B32);
  EXPECT_EQ(registerTypeFromName("%rd12"), DataType::B64);
  EXPECT_EQ(registerTypeFromName("%rs0"), DataType::B16);
  EXPECT_EQ(registerTypeFromName("%f3"), DataType::F32);
  EXPECT_EQ(registerTypeFromName("%fd3"), DataType::F64);
  EXPECT_EQ(registerTypeFromName("%p7"), DataType::Pred);
  EXPECT_EQ(registerTypeFromName("%h2"), DataType::B16);
  EXPECT_FALSE(registerTypeFromName("%result"));
  EXPECT_FALSE(registerTypeFromName("%r"));
  EXPECT_TRUE(isSpecialRegisterName("%laneid"));
  EXPECT_TRUE(isSpecialRegisterName("%envreg3"));
  EXPECT_FALSE(isSpecialRegisterName("%r1"));
}

TEST(ScenarioSnippet, GeneratedModuleDeclaresEveryRegister) {
  auto r = loadText(kShflSnippet);
  ASSERT_TRUE(r.scenario) << errorsText(r.errors);
  std::vector<SnippetError> errs;
  auto m = buildSnippetModule(*r.scenario, errs);
  ASSERT_TRUE(m) << (errs.empty() ? "" : errs[0].message);
  for (const char* decl : {"\t.reg .b32 %r1;\n", "\t.reg .b32 %r2;\n", "\t.reg .b32 %r3;\n", "\t.reg .b32 %r4;\n",
                           "\t.reg .pred %p1;\n", "\t.reg .f32 %f1;\n"})
    EXPECT_NE(m->ptx.find(decl), std::string::npos) << decl << " missing from\n" << m->ptx;
  EXPECT_NE(m->ptx.find(".visible .entry snippet()"), std::string::npos) << m->ptx;
  // The code's first line sits at codeFirstLine of the module.
  std::size_t off = 0;
  for (std::uint32_t l = 1; l < m->codeFirstLine; ++l) off = m->ptx.find('\n', off) + 1;
  EXPECT_EQ(m->ptx.compare(off, 18, "shfl.sync.bfly.b32"), 0) << m->ptx;
}

TEST(ScenarioSnippet, UndeclarableRegisterIsAnError) {
  auto r = loadText("format = 1\n[program.snippet]\ncode = \"mov.u32 %result, 1;\"\n");
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].line, 3u);
  EXPECT_EQ(r.errors[0].col, 17u);  // the register inside the code string (opening quote at col 8)
  EXPECT_NE(r.errors[0].message.find("cannot tell the type of register %result"), std::string::npos)
      << errorsText(r.errors);
}

// Needs the parser and the shfl handler.
TEST(ScenarioSnippet, InitialValuesAreInPlaceBeforeTheFirstStep) {
  auto r = loadText(kShflSnippet);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  Engine& e = std::get<Engine>(made);
  ASSERT_EQ(e.state().warps.size(), 1u);
  EXPECT_EQ(e.state().step, 0u);
  for (int lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(reg(e, 0, "%r1", lane), static_cast<std::uint64_t>(lane * 3));
    EXPECT_EQ(reg(e, 0, "%p1", lane), lane % 2 == 0 ? 1u : 0u);
    EXPECT_EQ(reg(e, 0, "%f1", lane), std::bit_cast<std::uint32_t>(1.5f * static_cast<float>(lane)));
  }
  EXPECT_EQ(reg(e, 0, "%f1", 3), 0x40900000u);  // 4.5f
  EXPECT_EQ(written(e, 0, "%r1"), 0xffffffffu);
  EXPECT_EQ(written(e, 0, "%r2"), 0u);
  // Step 0 runs the snippet's first instruction (line 6 of the scenario file).
  StepRecord rec;
  ASSERT_TRUE(e.step(&rec).executed);
  EXPECT_EQ(e.program().instrs[rec.pc].op, Opcode::Shfl);
  EXPECT_EQ(r.prepared->ptxLineToFileLine.at(e.program().instrs[rec.pc].pos.line), 6u);
}

TEST(ScenarioSnippet, ThreeInstructionShflGivesTheRightValues) {
  auto r = loadText(kShflSnippet);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  Engine& e = std::get<Engine>(made);
  const RunResult run = e.run(1000);
  EXPECT_EQ(run.stop, StopReason::Finished);
  EXPECT_TRUE(run.diags.empty()) << (run.diags.empty() ? "" : run.diags[0].message);
  for (int lane = 0; lane < 32; ++lane) {
    // bfly 1: lane reads lane^1; then %r3 = 3*lane + 3*(lane^1); idx 0: everyone gets lane 0's %r3 = 0 + 3.
    EXPECT_EQ(reg(e, 0, "%r2", lane), static_cast<std::uint64_t>((lane ^ 1) * 3)) << lane;
    EXPECT_EQ(reg(e, 0, "%r3", lane), static_cast<std::uint64_t>(lane * 3 + (lane ^ 1) * 3)) << lane;
    EXPECT_EQ(reg(e, 0, "%r4", lane), 3u) << lane;
  }
}

TEST(ScenarioSnippet, PartialWarpsAndMoreThanOneWarp) {
  const char* text = "format = 1\n"
                     "[program.snippet]\n"
                     "code = \"add.u32 %r2, %r1, 1;\"\n"
                     "lanes = 40\n"
                     "[program.snippet.init]\n"
                     "\"%r1\" = \"tid * 10 + warp\"\n";
  auto r = loadText(text);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  Engine& e = std::get<Engine>(made);
  ASSERT_EQ(e.state().warps.size(), 2u);
  EXPECT_EQ(reg(e, 0, "%r1", 31), 310u);
  EXPECT_EQ(reg(e, 1, "%r1", 0), 321u);  // tid 32 of warp 1
  EXPECT_EQ(reg(e, 1, "%r1", 7), 391u);
  EXPECT_EQ(written(e, 1, "%r1"), 0xffu);  // only 8 threads in the last warp
  EXPECT_EQ(e.run(100).stop, StopReason::Finished);
  EXPECT_EQ(reg(e, 1, "%r2", 7), 392u);
}

TEST(ScenarioSnippet, InitValueErrorsPointIntoTheExpression) {
  const char* text = "format = 1\n"                                 // 1
                     "[program.snippet]\n"                          // 2
                     "code = \"mov.u32 %r2, %r1;\"\n"               // 3
                     "[program.snippet.init]\n"                     // 4
                     "\"%r1\" = \"100 / (lane - 7)\"\n"             // 5: '/' at col 10+4
                     "\"%r2\" = \"1.5\"\n";                         // 6: a float for a .b32 register
  auto r = loadText(text);
  bool div = false, flt = false;
  for (const auto& e : r.errors) {
    if (e.line == 5 && e.col == 14 && e.message.find("at lane 7") != std::string::npos &&
        e.message.find("division by zero") != std::string::npos)
      div = true;
    if (e.line == 6 && e.message.find("is a float, but the register is .b32") != std::string::npos) flt = true;
  }
  EXPECT_TRUE(div) << errorsText(r.errors);
  EXPECT_TRUE(flt) << errorsText(r.errors);
}

TEST(ScenarioSnippet, ParamsBecomeKernelParameters) {
  const char* text = "format = 1\n"
                     "[program.snippet]\n"
                     "code = '''\n"
                     "ld.param.u64 %rd1, [out];\n"
                     "cvta.to.global.u64 %rd1, %rd1;\n"
                     "ld.param.u32 %r2, [n];\n"
                     "mul.wide.u32 %rd2, %r1, 4;\n"
                     "add.s64 %rd1, %rd1, %rd2;\n"
                     "add.u32 %r3, %r1, %r2;\n"
                     "st.global.u32 [%rd1], %r3;\n"
                     "'''\n"
                     "[program.snippet.init]\n"
                     "\"%r1\" = \"lane\"\n"
                     "[[param]]\n"
                     "buffer = \"out\"\n"
                     "fill = { value = 0, count = 32 }\n"
                     "[[param]]\n"
                     "scalar = \"n\"\n"
                     "type = \"u32\"\n"
                     "value = 100\n"
                     "[[expect.buffer]]\n"
                     "name = \"out\"\n"
                     "at = { 0 = 100, 31 = 131 }\n";
  auto r = loadText(text);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  Engine& e = std::get<Engine>(made);
  EXPECT_EQ(e.run(1000).stop, StopReason::Finished);
  const auto& out = e.buffer(0);
  ASSERT_EQ(out.size(), 128u);
  EXPECT_EQ(out[0], 100u);
  EXPECT_EQ(out[31 * 4], 131u);
}

}  // namespace
}  // namespace ws::core
