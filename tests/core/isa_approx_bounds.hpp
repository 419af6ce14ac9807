#pragma once
// The error bounds of the PTX ISA's approximate instructions, for checking
// the `_approx` entries of the ISA matrix (tests/data/isa): the engine's
// result must lie within the instruction's bound of the true value, the
// H100's result too (a check of the bound itself), and special values (NaN,
// infinities, zeros, signs, flushed subnormals) must be the H100's bit for
// bit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::test {

// The element format of an approximate form's operands and result.
enum class ElemFormat : std::uint8_t { F16, BF16, F32, F64 };

struct ApproxForm {
  std::string op;         // "sin", "ex2", "div", ...
  ElemFormat fmt = ElemFormat::F32;
  bool packed = false;    // .f16x2 / .bf16x2: two halves of one word
  bool ftz = false;
  bool full = false;      // div.full
  // Allowed |result - true value|: ulps of the true value in fmt, plus a
  // relative and an absolute part (PTX ISA 9.7.3 / 9.7.4, each instruction's
  // "maximum error" sentence; see the .cpp).
  double ulps = 0, rel = 0, abs = 0;
};

// The form of a PTX line such as "sin.approx.ftz.f32 d, a;"; nullopt when
// the instruction is not one of the approximations this checker knows.
std::optional<ApproxForm> approxFormOf(std::string_view ptx);

// Checks one element (a 16-bit half, an f32 word or an f64 pair) of one
// thread: operands a (and b for div) as raw bits of fmt. Returns "" when the
// engine's result is acceptable, else why not.
std::string checkApprox(const ApproxForm& f, const std::vector<std::uint64_t>& operands, std::uint64_t engine,
                        std::uint64_t h100);

}  // namespace ws::test
