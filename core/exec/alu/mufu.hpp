#pragma once
// The .approx floating-point instructions as an H100 runs them: the
// instruction sequence ptxas 13.0 emits for each PTX form (read with
// cuobjdump -sass) around the multi-function unit's result, which comes from
// the recorded tables (mufu_tables.hpp). PTX ISA 9.7.3.13 (rcp), 9.7.3.10
// (div.approx), 9.7.3.15-16 (sqrt, rsqrt), 9.7.3.18-19 (sin, cos), 9.7.3.20-21
// (lg2, ex2), 9.7.4.11-12 (ex2, tanh on f16 and bf16).
#include <cstdint>
#include <optional>

#include "core/exec/alu/float_bits.hpp"
#include "core/exec/alu/mufu_tables.hpp"
#include "core/isa/isa.hpp"

namespace ws::core::mufu {

// MUFU itself on f32 bits: subnormal inputs act as zeros, subnormal results
// are flushed, a NaN result is 0x7fffffff.
std::uint32_t rcp(const MufuTables& t, std::uint32_t x);
std::uint32_t rsqrt(const MufuTables& t, std::uint32_t x);
std::uint32_t sqrt(const MufuTables& t, std::uint32_t x);
std::uint32_t ex2(const MufuTables& t, std::uint32_t x);
std::uint32_t lg2(const MufuTables& t, std::uint32_t x);
// sin.approx/cos.approx: FMUL.RZ by 1/(2 pi), then MUFU.SIN/COS of the turns.
std::uint32_t sinCos(const MufuTables& t, std::uint32_t x, bool cosine);

// The result of an .approx form (op, format f, .ftz) on one element, or
// nothing where no table covers it (tanh.f32, the f64 forms) or the tables
// are missing; b is div's divisor, a its dividend.
std::optional<std::uint64_t> approx(const MufuTables& t, Opcode op, fp::Format f, bool ftz, std::uint64_t a,
                                    std::uint64_t b);

}  // namespace ws::core::mufu
