// The whole-warp forms of the commonest instructions (core/exec/
// uniform_op.hpp) change the machine exactly as the general path does. So
// every kernel recorded on the H100 for the tests is run with them and with
// the general path alone (Engine::useGeneralPathOnly), with the same
// scheduling, in both modes, with and without the uninitialized-read checks:
// - unrecorded (converged warps of a run-to-block run take the forms), it
//   must end in the same state after the same number of steps, with the same
//   diagnostics;
// - recorded (groups take the forms that need no collective), every step's
//   record must be the same, journal and all.
// A third run, recorded, finds every warp's groups from its lanes' PCs at
// every step, and must end the same way: where the scheduler keeps a warp's
// groups instead, it keeps them exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <fmt/format.h>

#include "core/exec/engine/uniform_op.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

// Long kernels are compared at this step: the state must agree there too.
constexpr std::uint64_t kMaxSteps = 300'000;

struct Outcome {
  std::uint64_t steps = 0;
  StopReason stop = StopReason::None;
  std::uint64_t stateHash = 0;
  std::uint64_t laneInstructions = 0;
  std::vector<std::string> diags;
};

std::string describe(const Diagnostic& d) {
  return fmt::format("step {} warp {} lanes {:#x} kind {}: {}", d.step, d.warp, d.lanes, static_cast<int>(d.kind),
                     d.message);
}

Outcome headless(Engine e) {
  const RunResult r = e.run(kMaxSteps);
  Outcome o{r.steps, r.stop, e.state().hash(), e.laneInstructions(), {}};
  for (const Diagnostic& d : r.diags)
    if (d.kind != DiagKind::StepBudget) o.diags.push_back(describe(d));
  return o;
}

// run()'s loop, one recorded step at a time. `rescan`: the scheduler is made
// to forget where it left each warp's lanes (a converged warp's PC, a split
// warp's two groups) before every step, so that it finds every group from
// the lanes' PCs. `same`: an engine on the general path alone, stepped
// beside this one; each step's record must equal its own.
Outcome recorded(Engine e, bool rescan = false, std::optional<Engine> same = std::nullopt) {
  Outcome o;
  StepRecord rec, other;
  std::size_t differing = 0;
  while (o.steps < kMaxSteps) {
    if (rescan) e.mutableState();
    const StepResult s = e.step(&rec);
    if (same) {
      const StepResult t = same->step(&other);
      if ((rec != other || s.executed != t.executed || s.stop != t.stop) && ++differing <= 3)
        ADD_FAILURE() << "step " << rec.step << " (warp " << rec.warp << ", pc " << rec.pc
                      << ") is recorded differently on the general path";
    }
    for (const Diagnostic& d : rec.diags) o.diags.push_back(describe(d));
    if (s.executed) ++o.steps;
    if (s.stop != StopReason::None) {
      o.stop = s.stop;
      break;
    }
    if (!s.executed) break;
  }
  if (o.stop == StopReason::None && e.finished()) o.stop = StopReason::Finished;
  if (o.stop == StopReason::None && o.steps >= kMaxSteps) o.stop = StopReason::StepBudget;
  o.stateHash = e.state().hash();
  o.laneInstructions = e.laneInstructions();
  return o;
}

std::shared_ptr<const Program> parseFile(const std::string& path) {
  auto parsed = parsePtx(test::readMaybeGz(path), path);
  if (!parsed.ok()) return nullptr;
  return std::make_shared<const Program>(std::move(*parsed.program));
}

// Every case of the recorded folders, each module parsed once.
void expectSameAsGeneralPath(const std::string& dir) {
  const std::vector<test::HwCase> cases = test::loadHwCases(dir);
  ASSERT_FALSE(cases.empty()) << dir;
  std::map<std::string, std::shared_ptr<const Program>> modules;
  std::size_t compared = 0;
  for (const test::HwCase& c : cases) {
    auto& program = modules[c.module];
    if (!program) program = parseFile(c.dir + "/" + c.module + ".ptx");
    if (!program) continue;  // modules that do not load are the loader's tests
    // The interactive default (strict, reads checked) and the replays' options.
    for (const ExecMode mode : {ExecMode::Strict, ExecMode::Hardware}) {
      {
        const bool checkReads = mode == ExecMode::Strict;
        EngineOptions o;
        o.mode = mode;
        o.scheduling = WarpScheduling::RunToBlock;
        o.reportUninitializedReads = checkReads;
        o.mufu = test::mufuTables();
        auto made = Engine::create(program, test::hwLaunch(c), o);
        if (!std::holds_alternative<Engine>(made)) continue;
        const Engine& e = std::get<Engine>(made);
        Engine generalOnly = e;
        generalOnly.useGeneralPathOnly();
        SCOPED_TRACE(fmt::format("{} ({} mode, uninitialized reads {})", c.label,
                                 mode == ExecMode::Strict ? "strict" : "hardware", checkReads ? "checked" : "not checked"));
        const Outcome fast = headless(e), general = headless(generalOnly);
        const Outcome withForms = recorded(e, false, generalOnly), scanned = recorded(e, true);
        EXPECT_EQ(fast.steps, general.steps);
        EXPECT_EQ(fast.stop, general.stop);
        EXPECT_EQ(fast.stateHash, general.stateHash);
        EXPECT_EQ(fast.laneInstructions, general.laneInstructions);
        EXPECT_EQ(fast.diags, general.diags);
        EXPECT_EQ(withForms.steps, general.steps);
        EXPECT_EQ(withForms.stateHash, general.stateHash);
        EXPECT_EQ(withForms.diags, general.diags);
        // What the scheduler keeps of the warps' groups changes nothing.
        EXPECT_EQ(scanned.steps, general.steps);
        EXPECT_EQ(scanned.stateHash, general.stateHash);
        EXPECT_EQ(scanned.diags, general.diags);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 0u);
}

class UniformStepCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(UniformStepCorpus, EndsAsOnTheGeneralPath) { expectSameAsGeneralPath(ws::test::dataPath("/") + GetParam()); }

INSTANTIATE_TEST_SUITE_P(Folders, UniformStepCorpus,
                         ::testing::Values("realworld", "realworld2", "coop", "tensor", "smem", "isa", "isa-followup",
                                           "hwmode", "hwmode_extra", "printf", "video"),
                         [](const auto& p) {
                           std::string s = p.param;
                           std::replace(s.begin(), s.end(), '-', '_');
                           return s;
                         });

// The forms the block reduction of bench/ needs are compiled (a run that
// never took them would pass the tests above without testing anything).
TEST(UniformStep, CompilesTheCommonInstructionsOfAReduction) {
  const std::string ptx = R"(
.version 8.7
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<5>;
  .shared .align 4 .b8 buf[128];
  ld.param.u64 %rd2, [k_out];
  cvta.to.global.u64 %rd3, %rd2;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 31;
  mov.u32 %r3, -1;
  and.b32 %r4, %r1, 31;
  shfl.sync.down.b32 %r5|%p1, %r1, 16, %r2, %r3;
  add.s32 %r6, %r5, %r1;
  mad.lo.s32 %r7, %r6, %r1, 7;
  mul.wide.u32 %rd1, %r7, 4;
  shr.u32 %r8, %r1, 5;
  setp.ne.s32 %p2, %r4, 0;
  @%p2 bra DONE;
  shfl.sync.bfly.b32 %r9, %r7, %r8, 0x1f, 0xffffffff;
  shr.s32 %r10, %r1, 5;
  add.sat.s32 %r11, %r10, 1;
DONE:
  mov.u32 %r1, buf;
  mov.u64 %rd4, buf;
  ret;
}
)";
  auto parsed = parsePtx(ptx, "k.ptx");
  ASSERT_TRUE(parsed.ok());
  const Program& p = *parsed.program;
  std::vector<std::uint64_t> regMask;
  for (const RegInfo& r : p.regs) regMask.push_back(r.type == DataType::Pred ? 1 : r.type == DataType::B64 ? ~0ull : 0xffffffffull);
  const UniformCode code = compileUniform(p, regMask);
  ASSERT_EQ(code.ops.size(), p.instrs.size() + 1);
  std::vector<UniformOp::Kind> kinds;
  for (const UniformOp& op : code.ops) kinds.push_back(op.kind);
  using K = UniformOp::Kind;
  const std::vector<K> expected = {
      K::ParamLoad, K::Compute,                        // ld.param, cvta.to.global
      K::Compute, K::Compute, K::Compute, K::Compute,  // mov special, mov imm x2, and
      K::Shfl,    K::Compute, K::Compute, K::Compute,  // shfl, add, mad.lo, mul.wide
      K::Compute, K::Compute, K::Bra,                  // shr.u32, setp, bra
      K::Shfl,                                         // shfl with a register b
      K::None,    K::None,                             // shr.s32, add.sat: the general path
      K::Compute, K::Compute,                          // mov of a variable's address
      K::None,    K::None,                             // ret, past the end
  };
  EXPECT_EQ(kinds, expected);
}

}  // namespace
}  // namespace ws::core
