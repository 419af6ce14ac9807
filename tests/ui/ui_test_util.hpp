#pragma once
// Helpers for the view-layer tests: load a PTX kernel into a machine state
// and hand-build the step records the engine's handlers produce (so view
// models are checked against the record conventions of step_record.hpp
// without depending on every handler), or run the real engine in a Session.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/test_util.hpp"
#include "ui/frame/frame.hpp"
#include "ui/views/history_index.hpp"
#include "ui/session/session.hpp"

namespace ws::test::ui {

// A test::kernel() body: %r1 = laneid * 3; shfl.bfly by 1; add; store to out[tid].
inline constexpr const char* kButterflyBody =
    "\tmul.lo.u32 %r1, %r0, 3;\n"
    "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;\n"
    "\tadd.u32 %r3, %r1, %r2;\n"
    "\tst.global.u32 [%rd3], %r3;\n";

// A loaded kernel and a machine state to doctor: the launch state of
// test::kernel(body) on `block` threads (buffers in and out of `words` words).
struct Bench {
  std::shared_ptr<const core::Program> program;
  core::LaunchConfig launch;
  core::MachineState state;
  std::vector<core::StepRecord> records;
  std::uint32_t pc = 0;  // the body's first instruction (after the kernel() preamble)

  std::uint32_t reg(std::string_view name) const;
  std::uint32_t pcOfLine(std::string_view textStart) const;  // first instruction whose source line starts with it
  // Sets a register of warp w for every lane: value(lane), marked written.
  template <class F>
  void setReg(std::uint32_t w, std::string_view name, F value) {
    const std::uint32_t r = reg(name);
    auto& ws = state.warps[w];
    for (int l = 0; l < core::kWarpSize; ++l) {
      ws.regs[static_cast<std::size_t>(r) * core::kWarpSize + static_cast<std::size_t>(l)] = value(l);
      ws.written[r] |= 1u << l;
    }
  }
  // Starts a record of warp w executing the instruction at pc on `lanes`.
  core::StepRecord& begin(std::uint32_t w, std::uint32_t atPc, core::LaneMask lanes);
  // Writes reg on lane of the record's warp, journaling before/after into the last record.
  void write(std::string_view name, int lane, std::uint64_t value);
  // Moves the executed lanes to the next instruction (the record's pc + 1).
  void advance();
  ws::ui::Frame frame() const;
  ws::ui::HistoryIndex index() const;
};

// Parses `ptx` (failing the test on errors) and makes its launch state.
std::optional<Bench> makeBench(const std::string& ptx, const core::LaunchConfig& launch);
// The launch of test::kernel() bodies: in (param 0) and out (param 1), `block` threads.
core::LaunchConfig kernelLaunch(std::uint32_t block = 32, std::size_t words = 64);
std::optional<Bench> kernelBench(std::string_view body, std::uint32_t block = 32, std::string_view extraDecls = "");

// A session on a whole PTX module.
std::unique_ptr<ws::ui::Session> session(const std::string& ptx, const core::LaunchConfig& launch, core::EngineOptions opts = {});
// Steps the session until the step that just ran executed opcode `op` (in
// `lanes` when non-zero). False if the program ends or reports Unsupported first.
bool stepUntil(ws::ui::Session& s, core::Opcode op, std::uint64_t maxSteps = 20000);
// Whether the session's history has reported an Unsupported diagnostic (an engine part not merged yet).
bool sawUnsupported(const ws::ui::Session& s);

std::string slurp(const std::string& path);

}  // namespace ws::test::ui
