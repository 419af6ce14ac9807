#pragma once
// The value semantics of atom, red and red.async (PTX ISA 9.7.13.5, 9.7.13.6,
// 9.7.13.7) on one scalar memory element, free of any machine state so the
// handlers and the tests share one definition:
//
//   atomic { d = *a; *a = (op == cas) ? cas(*a, b, c) : op(*a, b); }
//   inc(r, s) = (r >= s) ? 0 : r + 1
//   dec(r, s) = (r == 0 || r > s) ? s : r - 1
//   exch(r, s) = s;  cas(r, s, t) = (r == s) ? t : r
//
// Floating-point .add rounds to nearest even. f16/bf16 (and each half of
// f16x2/bf16x2) never flush subnormals (.noftz); f32 .add flushes subnormal
// inputs and results to sign-preserving zero only on global memory.
// NaN results are what the H100 gives (tests/data/hw/README.md): f32
// 0x7fffffff, f16/bf16 0x7fff; f64 keeps a NaN operand's payload (a signalling
// NaN stays signalling on global memory and is quieted on shared memory) and
// makes 0xfff8000000000000 from inf - inf.
#include <cstdint>

#include "core/isa/isa.hpp"

namespace ws::core::atomics {

// The NaNs an operation with no NaN operand produces (and, except for f64,
// every NaN result).
inline constexpr std::uint16_t kHalfNaN = 0x7fff;
inline constexpr std::uint16_t kBf16NaN = 0x7fff;
inline constexpr std::uint32_t kF32NaN = 0x7fffffffu;
inline constexpr std::uint64_t kF64NaN = 0xfff8000000000000ull;

// IEEE binary16 and bfloat16 <-> double. The conversions to the narrow format
// round to nearest even, keep subnormals, overflow to infinity and turn any
// NaN into the canonical NaN.
double halfToDouble(std::uint16_t h);
std::uint16_t doubleToHalf(double x);
double bf16ToDouble(std::uint16_t h);
std::uint16_t doubleToBf16(double x);

// f32 subnormal -> zero of the same sign (what global f32 .add does).
std::uint32_t flushF32(std::uint32_t bits);

// Whether `op` on `type` names an operation atom/red can perform. Vector
// forms are checked separately by the handler (vectorFormValid).
bool opValid(Mod op, DataType type);
// The vector table of 9.7.13.5/9.7.13.6: .v2/.v4 of f32 (.add only), of
// f16x2/bf16x2 and .v2/.v4/.v8 of f16/bf16 (.add/.min/.max).
bool vectorFormValid(Mod op, DataType type, int vec);

struct ElementArgs {
  Mod op = Mod::Add;
  DataType type = DataType::U32;
  std::uint64_t b = 0;
  std::uint64_t c = 0;            // cas: the new value
  bool global = false;            // the element is in global memory (see above)
};

// The new memory value for element `old` (raw bits, zero-extended to 64).
std::uint64_t apply(const ElementArgs& args, std::uint64_t old);

}  // namespace ws::core::atomics
