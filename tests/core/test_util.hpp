#pragma once
// Helpers for engine tests: parse a PTX module (or wrap a kernel body in one)
// and run it to the end on given buffers.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/ptx/parser.hpp"

namespace ws::test {

struct Run {
  std::shared_ptr<const core::Program> program;
  std::optional<core::Engine> engine;
  core::RunResult result;
  std::string error;  // load or launch error text ("" when it ran)
  // 32-bit words of launch buffer i.
  std::vector<std::uint32_t> words(std::uint32_t buffer) const;
  bool hasDiag(core::DiagKind k) const;
};

std::vector<std::uint8_t> toBytes(const std::vector<std::uint32_t>& words);

// Parse a whole module and make the engine of launch `cfg`, not run (the
// module and the launch must be valid: a failure is a test failure).
core::Engine makeEngine(std::string_view ptx, const core::LaunchConfig& cfg, core::EngineOptions opts = {});

// Parse a whole module and run `cfg` to the end (at most maxSteps steps).
Run runPtx(std::string_view ptx, core::LaunchConfig cfg, core::EngineOptions opts = {},
           std::uint64_t maxSteps = 2'000'000);

// Wrap instructions in a module with one entry
//   .visible .entry k(.param .u64 k_in, .param .u64 k_out)
// that declares %r<128> .b32, %rd<64> .b64, %p<32> .pred, %f<64> .f32,
// %fd<32> .f64, %h<32> .b16 and %rs<32> .b16, and pre-loads
//   %rd0 = cvta.to.global(in), %rd1 = cvta.to.global(out),
//   %r0 = %laneid (== %tid.x for one warp),
//   %rd2 = in + 4 * %tid.x, %rd3 = out + 4 * %tid.x.
// `extraDecls` goes before the entry (e.g. .shared variables).
std::string kernel(std::string_view body, std::string_view target = "sm_90a", std::string_view extraDecls = "");

// The launch of kernel() on `block` threads (grid 1) with buffers in (param 0)
// and out (param 1, pre-filled with 0xcdcd0000 | index).
core::LaunchConfig kernelLaunch(const std::vector<std::uint32_t>& in, std::size_t outWords, std::uint32_t block = 32);

// Run a kernel body on `block` threads (grid 1) with buffers in (param 0) and
// out (param 1, pre-filled with 0xcdcd0000 | index).
Run runKernel(std::string_view body, const std::vector<std::uint32_t>& in, std::size_t outWords,
              std::uint32_t block = 32, core::EngineOptions opts = {}, std::string_view target = "sm_90a",
              std::string_view extraDecls = "");

}  // namespace ws::test
