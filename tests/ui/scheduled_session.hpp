#pragma once
// A session replaying a saved schedule, for the tests of what shows forced
// switches (views, the Qt timeline bar, the ImGui timeline): two warps of a
// small kernel, warp 1's lane 0 forced to run again at step kForcedAt, where
// the viewers' round-robin policy would turn to warp 0. It is made as a scenario
// with a [schedule] makes one: the engine's setSchedule, then the session.
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/exec/engine/pick.hpp"
#include "core/ptx/parser.hpp"
#include "ui/session/session.hpp"

namespace ws::test {

// 33 threads (warp 1 is lane 0 alone), each storing its index. Line numbers
// matter: the forced switch's tooltip names them.
inline constexpr const char* kTwoWarpsPtx =
    ".version 8.7\n"
    ".target sm_90a\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry k(.param .u64 k_out)\n"
    "{\n"
    "\t.reg .b32 %r<4>;\n"
    "\t.reg .b64 %rd<4>;\n"
    "\tld.param.u64 %rd0, [k_out];\n"
    "\tcvta.to.global.u64 %rd0, %rd0;\n"  // line 10
    "\tmov.u32 %r0, %tid.x;\n"
    "\tmul.wide.u32 %rd1, %r0, 4;\n"
    "\tadd.s64 %rd2, %rd0, %rd1;\n"
    "\tst.global.u32 [%rd2], %r0;\n"
    "\tret;\n"
    "}\n";
inline constexpr std::uint64_t kForcedAt = 2;  // record index (0-based) of the forced step
// Its timeline tooltip.
inline constexpr const char* kForcedTip =
    "step 3: forced switch: warp 1 of CTA (0,0,0), lane 0, ran line 10 (cvta.to.global.u64 %rd0, %rd0) "
    "instead of the scheduler's choice";

inline std::unique_ptr<ui::Session> scheduledSession() {
  auto parsed = core::parsePtx(kTwoWarpsPtx, "two_warps.ptx");
  if (!parsed.ok()) throw std::runtime_error("the two-warp module does not parse");
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {33, 1, 1};
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(33 * 4, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto made = core::Engine::create(std::make_shared<const core::Program>(std::move(*parsed.program)), cfg);
  if (auto* err = std::get_if<std::string>(&made)) throw std::runtime_error("the two-warp launch fails: " + *err);
  core::Engine e = std::move(std::get<core::Engine>(made));
  core::Pick pick;
  pick.warp = 1;
  pick.lanes = 0x1u;
  pick.pc = core::kAnyPc;  // as a saved schedule names it: the lanes alone
  e.setSchedule(std::make_shared<const core::ForcedSchedule>(core::ForcedSchedule{{{kForcedAt, pick}}}));
  ui::SessionSource meta;
  meta.title = "two warps, one forced switch";
  return ui::Session::fromEngine(std::move(e), std::move(meta));
}

}  // namespace ws::test
