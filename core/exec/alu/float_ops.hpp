#pragma once
// Correctly rounded floating-point operations on raw register bits, one
// generic implementation per operation for f16, bf16, f32 and f64, with the
// special-value rules an H100 follows (recorded in tests/data/hw):
//  - f16/bf16/f32: any NaN result is the canonical NaN (0x7fff / 0x7fffffff).
//  - f64: a NaN operand is returned quieted with its payload (for add, sub
//    and mul the b operand's NaN wins, then a; for fma b, then c, then a:
//    fma(sNaN, pi, qNaN) returns c's NaN; for div a, then b);
//    a NaN created from non-NaN operands is 0xfff8000000000000.
//  - ftz (f32, f16): subnormal inputs are flushed before the operation, tiny
//    results after rounding (see roundPack).
// f16/bf16/f32 are computed exactly in double arithmetic (error-free
// transformations) and rounded once by roundPack; f64 uses the host FPU in
// the requested rounding mode (f64_fenv.cpp).
#include <cstdint>

#include "core/exec/alu/float_bits.hpp"

namespace ws::core::fp {

struct Env {
  RoundMode mode = RoundMode::NearestEven;
  bool ftz = false;
};

std::uint64_t add(Format f, std::uint64_t a, std::uint64_t b, Env e);
std::uint64_t sub(Format f, std::uint64_t a, std::uint64_t b, Env e);
std::uint64_t mul(Format f, std::uint64_t a, std::uint64_t b, Env e);
std::uint64_t fma(Format f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Env e);
std::uint64_t div(Format f, std::uint64_t a, std::uint64_t b, Env e);
std::uint64_t sqrt(Format f, std::uint64_t a, Env e);

// min/max (PTX ISA 9.7.3.11-12, 9.7.4.7-8): a NaN operand is ignored, two
// NaNs give the canonical NaN (f64: b), nanProp (.NaN) makes any NaN operand
// give the canonical NaN; -0.0 < +0.0.
std::uint64_t minMax(Format f, std::uint64_t a, std::uint64_t b, bool isMax, bool nanProp, bool ftz);
// min/max .xorsign.abs (9.7.3.11-12, 9.7.4.7-8): minMax of |a| and |b|, with
// the sign of a XOR b on a result that is not NaN.
std::uint64_t minMaxXorsignAbs(Format f, std::uint64_t a, std::uint64_t b, bool isMax, bool nanProp, bool ftz);
// neg/abs: f16/bf16/f32 NaN -> canonical NaN; an f64 NaN passes unchanged
// (quieted: an H100 returns sNaN 0x7ff4.. as 0x7ffc..).
std::uint64_t negate(Format f, std::uint64_t a, bool ftz);
std::uint64_t absolute(Format f, std::uint64_t a, bool ftz);

}  // namespace ws::core::fp
