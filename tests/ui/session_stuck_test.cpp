// Programs that cannot finish, driven through the Session both front ends
// use: an endless loop stops at the step budget with a note saying where
// every lane is; a deadlock's diagnostic says what every lane waits for.
#include <gtest/gtest.h>

#include "core/ptx/parser.hpp"
#include "tests/ui/ui_test_util.hpp"
#include "ui/session/actions.hpp"
#include "ui/session/session.hpp"
#include "tests/kernels/crossed_barriers.hpp"

namespace ws::ui {
namespace {

TEST(SessionStepBudget, AnEndlessLoopStopsAtTheBudgetAndSaysWhereTheLanesAre) {
  auto parsed = core::parsePtx(test::kernel("$L_top:\n\tadd.u32 %r1, %r1, 1;\n\tbra.uni $L_top;\n"), "spin.ptx");
  ASSERT_TRUE(parsed.ok());
  SessionSource src;
  src.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  src.launch = test::ui::kernelLaunch(32);
  src.maxSteps = 500;
  auto s = std::move(std::get<std::unique_ptr<Session>>(Session::create(std::move(src))));
  EXPECT_EQ(s->stepBudgetNote(), "");
  core::RunOutcome o;
  int chunks = 0;
  do {
    o = s->continueFor(64);
  } while (o.why == core::RunOutcome::Why::Budget && ++chunks < 100);
  EXPECT_EQ(o.why, core::RunOutcome::Why::Stopped);
  EXPECT_EQ(o.stop, core::StopReason::StepBudget);
  EXPECT_EQ(s->state().step, 500u);
  const std::string note = s->stepBudgetNote();
  EXPECT_NE(note.find("stopped after 500 steps"), std::string::npos) << note;
  EXPECT_NE(note.find("CTA 0 warp 0 lanes 0-31: running at line"), std::string::npos) << note;
  // The status line both front ends show says it in one line.
  const std::string status = describeOutcome(s->lastOutcome(), *s);
  EXPECT_EQ(status.find('\n'), std::string::npos) << status;
  EXPECT_NE(status.find("Stopped, step 500: stopped after 500 steps"), std::string::npos) << status;
  EXPECT_NE(status.find("The lanes are at: CTA 0 warp 0 lanes 0-31: running at line"), std::string::npos) << status;
  // Nothing more runs, by any command, until the budget is raised.
  EXPECT_EQ(s->step().why, core::RunOutcome::Why::Stopped);
  EXPECT_EQ(s->seek(1'000'000'000'000ull), 500u);
  EXPECT_EQ(s->lastOutcome().stop, core::StopReason::StepBudget);
  // Moving back is always allowed; so is running on with a larger budget.
  EXPECT_TRUE(s->stepBack());
  EXPECT_EQ(s->stepBudgetNote(), "");
  s->setStepBudget(600);
  EXPECT_EQ(s->continueFor(1000).why, core::RunOutcome::Why::Stopped);
  EXPECT_EQ(s->state().step, 600u);
}

TEST(SessionDeadlock, TheDiagnosticsViewShowsWhatEveryLaneWaitsFor) {
  // Warp 0 waits at barrier 0, warp 1 at barrier 1.
  const std::string ptx = test::kCrossedBarriersPtx;
  core::LaunchConfig launch;
  launch.entry = "crossed";
  launch.block = {64, 1, 1};
  auto s = test::ui::session(ptx, launch);
  ASSERT_TRUE(s);
  const core::RunOutcome o = s->continueFor(1000);
  EXPECT_EQ(o.stop, core::StopReason::Deadlock);
  const ViewSet& v = s->views();
  EXPECT_EQ(v.diagnostics.summary, "Step 9: nothing could run.");
  ASSERT_EQ(v.diagnostics.items.size(), 1u);
  const std::string& m = v.diagnostics.items[0].message;
  EXPECT_NE(m.find("CTA 0 warp 0 lanes 0-31: waits at barrier 0 (line 14: bar.sync 0, 64;): 32 of 64 threads arrived"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("CTA 0 warp 1 lanes 0-31: waits at barrier 1 (line 11: bar.sync 1, 64;): 32 of 64 threads arrived"),
            std::string::npos)
      << m;
  // A deadlock is warpscope's own check: no quotation, only its explanation, unquoted.
  EXPECT_EQ(v.diagnostics.items[0].quoteLine, "");
  EXPECT_EQ(v.diagnostics.items[0].sectionUrl, "");
  EXPECT_EQ(v.diagnostics.items[0].explanationLine,
            "warpscope: " + std::string(core::diagInfo(core::DiagKind::Deadlock).explanation));
}

TEST(DiagnosticLines, QuoteTheDocumentAndKeepTheExplanationApart) {
  const core::DiagInfo& shfl = core::diagInfo(core::DiagKind::ShflSourceInactive);
  EXPECT_EQ(diagQuoteLine(shfl),
            "PTX ISA 9.1 (\u00a7data-movement-and-conversion-instructions-shfl-sync): \"Note that results are undefined if a "
            "thread sources a register from an inactive thread or a thread that is not in membermask.\"");
  EXPECT_EQ(diagExplanationLine(shfl), "warpscope: " + std::string(shfl.explanation));
  const core::DiagInfo& mask = core::diagInfo(core::DiagKind::MembermaskMismatch);
  EXPECT_EQ(diagQuoteLine(mask).rfind("CUDA C++ Programming Guide (\u00a7warp-shuffle-description): \"Each calling thread", 0), 0u)
      << diagQuoteLine(mask);
  EXPECT_EQ(core::sectionUrl(mask), "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#warp-shuffle-description");
}

}  // namespace
}  // namespace ws::ui
