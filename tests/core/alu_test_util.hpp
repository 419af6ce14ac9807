#pragma once
// Helpers for the ALU tests: run PTX snippets through the engine on one thread
// and compare 32-bit results with values worked out by hand from the PTX ISA.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/core/test_util.hpp"

namespace ws::test {

// One snippet: PTX that leaves its 32-bit result in %r1, and that result.
struct Expect {
  std::string ptx;
  std::uint32_t value;
};

// Runs every snippet, in order, in one kernel on a single thread (snippet k
// stores %r1 to out[k]) and checks each result.
inline Run expectWords(const std::vector<Expect>& cases, const std::vector<std::uint32_t>& in = {0},
                       std::string_view target = "sm_90a") {
  std::string body;
  for (std::size_t k = 0; k < cases.size(); ++k)
    body += fmt::format("\t{}\n\tst.global.u32 [%rd1+{}], %r1;\n", cases[k].ptx, 4 * k);
  Run r = runKernel(body, in, cases.size(), 1, {}, target);
  EXPECT_EQ(r.error, "");
  const auto out = r.words(1);
  if (out.size() != cases.size()) {
    ADD_FAILURE() << "no output (" << r.error << ")";
    return r;
  }
  for (std::size_t k = 0; k < cases.size(); ++k)
    EXPECT_EQ(out[k], cases[k].value) << fmt::format("{}: got 0x{:08x}, expected 0x{:08x}", cases[k].ptx, out[k],
                                                     cases[k].value);
  return r;
}

// A snippet leaving a 64-bit result in %rd10, as two checked words.
inline std::vector<Expect> wide(const std::string& ptx, std::uint64_t value) {
  return {{ptx + " mov.b64 {%r1, %r2}, %rd10;", static_cast<std::uint32_t>(value)},
          {"mov.b64 {%r2, %r1}, %rd10;", static_cast<std::uint32_t>(value >> 32)}};
}

// A snippet leaving a 16-bit result in %rs1, zero-extended.
inline Expect half(const std::string& ptx, std::uint16_t value) { return {ptx + " cvt.u32.u16 %r1, %rs1;", value}; }

// A snippet setting %p1 (and %p2 for p|q), as p | q << 1.
inline Expect preds(const std::string& ptx, bool p, bool q = false) {
  // %p2 starts false (setp of %r0 != %r0) so one-predicate snippets read q = 0.
  return {
      "setp.ne.u32 %p2, %r0, %r0; " + ptx + " selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 2, 0, %p2; or.b32 %r1, %r1, %r2;",
      (p ? 1u : 0u) | (q ? 2u : 0u)};
}

inline void append(std::vector<Expect>& to, const std::vector<Expect>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

}  // namespace ws::test
