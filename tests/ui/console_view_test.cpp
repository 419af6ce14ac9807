// The console view: what device printf printed up to the shown step, who
// printed each line, the lines of the step just shown marked, and stepping
// back taking lines away again (the history index keeps them per step).
#include <gtest/gtest.h>

#include "tests/ui/ui_test_util.hpp"

namespace ws::test::ui {
namespace {

// Each lane prints "lane N says M" (N = %laneid, M = 10 * N) through vprintf,
// as nvcc lowers printf: the arguments in a local buffer, the format string a
// global array.
constexpr const char* kPrintf = R"(.version 8.0
.target sm_90
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[17] = {108, 97, 110, 101, 32, 37, 117, 32, 115, 97, 121, 115, 32, 37, 100, 10, 0};
.visible .entry k(.param .u64 out)
{
  .local .align 8 .b8 __local_depot0[8];
  .reg .b64 %SP;
  .reg .b64 %SPL;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  mov.u64 %SPL, __local_depot0;
  cvta.local.u64 %SP, %SPL;
  mov.u32 %r1, %laneid;
  mul.lo.u32 %r2, %r1, 10;
  st.local.v2.u32 [%SPL], {%r1, %r2};
  mov.u64 %rd1, $str;
  cvta.global.u64 %rd2, %rd1;
  {
  .param .b64 param0;
  st.param.b64 [param0], %rd2;
  .param .b64 param1;
  st.param.b64 [param1], %SP;
  .param .b32 retval0;
  call.uni (retval0), vprintf, (param0, param1);
  ld.param.b32 %r3, [retval0];
  }
  ret;
}
)";

TEST(ConsoleView, ShowsWhatWasPrintedUpToTheStep) {
  core::LaunchConfig launch;
  launch.entry = "k";
  launch.grid = {1, 1, 1};
  launch.block = {4, 1, 1};
  launch.buffers.push_back({"out", std::vector<std::uint8_t>(16, 0)});
  launch.params = {core::ParamValue::buf(0)};
  auto s = session(kPrintf, launch);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->views().console.lines.empty());
  ASSERT_TRUE(stepUntil(*s, core::Opcode::Call));
  const ws::ui::ConsoleView& v = s->views().console;
  ASSERT_EQ(v.lines.size(), 4u);
  EXPECT_EQ(v.lines[0].text, "lane 0 says 0");
  EXPECT_EQ(v.lines[3].text, "lane 3 says 30");
  EXPECT_EQ(v.lines[2].who, "CTA 0 warp 0 lane 2");
  EXPECT_TRUE(v.lines[0].thisStep);
  EXPECT_EQ(v.text, "lane 0 says 0\nlane 1 says 10\nlane 2 says 20\nlane 3 says 30\n");
  // The step's explanation says what each lane printed.
  const auto& lanes = s->views().explanation.lanes;
  ASSERT_EQ(lanes.size(), 4u);
  EXPECT_EQ(lanes[1].text, "lane 1 prints \"lane 1 says 10\"");
  const std::uint64_t printedAt = s->position();

  s->continueFor(100);
  EXPECT_EQ(s->views().console.lines.size(), 4u);
  EXPECT_FALSE(s->views().console.lines[0].thisStep);

  s->seek(printedAt - 1);  // before the call: nothing printed yet
  EXPECT_TRUE(s->views().console.lines.empty());
  s->seek(printedAt);
  EXPECT_EQ(s->views().console.lines.size(), 4u);
}

}  // namespace
}  // namespace ws::test::ui
