#pragma once
// Helpers shared by the warp-collective tests: kernels that store several
// rows of 32 words (row k of lane l at out[k * 32 + l]), and stepping an
// engine to the step that executed a given instruction.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/core/test_util.hpp"

namespace ws::test::coll {

using Row = std::array<std::uint32_t, 32>;

// Row k of a run's out buffer.
inline Row row(const Run& r, std::size_t k) {
  Row out{};
  const auto w = r.words(1);
  for (std::size_t l = 0; l < 32 && k * 32 + l < w.size(); ++l) out[l] = w[k * 32 + l];
  return out;
}

// A row built from a per-lane formula worked out by hand from the ISA.
inline Row rowOf(const std::function<std::uint32_t(std::uint32_t)>& f) {
  Row out{};
  for (std::uint32_t l = 0; l < 32; ++l) out[l] = f(l);
  return out;
}

// The out buffer's initial word (runKernel pre-fills 0xcdcd0000 | index):
// what a lane that never stored to row k leaves there.
inline std::uint32_t untouched(std::size_t k, std::uint32_t lane) {
  return 0xcdcd0000u | static_cast<std::uint32_t>(k * 32 + lane);
}

// `st.global.u32 [%rd3+128*k], reg;`: lane l's word of row k.
inline std::string store(int k, const std::string& reg) {
  return "\tst.global.u32 [%rd3+" + std::to_string(128 * k) + "], " + reg + ";\n";
}

// Store predicate `p` as 0/1 to row k (uses %r120 as scratch).
inline std::string storePred(int k, const std::string& p) {
  return "\tselp.u32 %r120, 1, 0, " + p + ";\n" + store(k, "%r120");
}

inline core::EngineOptions hardwareMode() {
  core::EngineOptions o;
  o.mode = core::ExecMode::Hardware;
  return o;
}

// Runs a kernel body (see ws::test::kernel) with in[l] given and `rows` rows of out.
inline Run runRows(const std::string& body, const std::vector<std::uint32_t>& in, std::size_t rows,
                   core::EngineOptions opts = {}, std::string_view target = "sm_90a", std::uint32_t block = 32) {
  return runKernel(body, in, rows * 32, block, opts, target);
}

inline std::vector<std::uint32_t> laneValues(const std::function<std::uint32_t(std::uint32_t)>& f,
                                             std::size_t n = 32) {
  std::vector<std::uint32_t> v(n);
  for (std::uint32_t l = 0; l < n; ++l) v[l] = f(l);
  return v;
}

// Engine for a kernel body, not yet run (nullopt + ADD_FAILURE on a load error).
struct Loaded {
  std::shared_ptr<const core::Program> program;
  std::optional<core::Engine> engine;
};
Loaded load(const std::string& body, const std::vector<std::uint32_t>& in, std::size_t outWords,
            core::EngineOptions opts = {}, std::string_view target = "sm_90a", std::uint32_t block = 32);

// Steps until a step executes an instruction with opcode `op` for some lanes,
// and returns that step's record (nullopt if the run ends first).
std::optional<core::StepRecord> stepTo(core::Engine& e, core::Opcode op, std::uint64_t maxSteps = 10'000);

// The flows of a record of kind k, as (from lane, to lane) pairs.
std::vector<std::pair<int, int>> flowPairs(const core::StepRecord& rec, core::FlowKind k);

}  // namespace ws::test::coll
