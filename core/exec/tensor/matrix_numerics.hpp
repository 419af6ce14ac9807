#pragma once
// The arithmetic of one output element of mma.sync / wmma.mma:
// d = c + sum_k a[k] * b[k], as an H100 computes it. docs/tensor-cores.md
// gives each rule, the H100 recordings that pin it down
// (tests/data/tensor/golden-tc_numerics.json.gz) and what is not known.
//
//   Block (f16, bf16, tf32 inputs; f32 or f16 accumulator): the products are
//     exact; c and every product are aligned to the largest exponent among
//     them (a product's exponent is ea + eb, before normalization of its
//     significand in [1, 4)) and truncated toward zero to 25 bits below it
//     (a 23-bit fraction plus 2 extra bits); the aligned terms are summed
//     exactly (the whole K of the instruction is one block) and the sum is
//     normalized and rounded once: toward zero to f32, to nearest even to f16.
//   Fp8 (e4m3, e5m2 inputs): two block passes chained through the
//     accumulator format. The products form two groups, k with bit 1 clear
//     (k = 0, 1, 4, 5, ...: the low half of each A/B register) and k with bit
//     1 set. Pass 1 is the block rule over the first group alone (no c);
//     pass 2 the block rule over the second group with pass 1's result as
//     its accumulator term; each pass rounds to the accumulator format as the
//     block rule does (toward zero to f32, to nearest to f16). Then c is
//     added with one rounding to nearest even.
//   WgmmaFp8 (wgmma.mma_async with e4m3/e5m2 inputs, H200): one block over
//     the whole K (32) with c, the terms truncated 13 bits (not 25) below
//     the largest exponent; the exact sum of the truncated terms is, for an
//     f32 accumulator, truncated to 14 significant bits (then exact in f32),
//     for an f16 one rounded to nearest even. c = 0 in every recording, so
//     where c enters is assumed (as a block term), not pinned down.
//   BlockK4Chain (wmma.mma .m16n16k8 .tf32, run as HMMA.1684 twice): the
//     block rule over k = 0..3 with c, then over k = 4..7 with that f32
//     result as the accumulator.
//   QuadPairChain (mma.m8n8k4 with f16 inputs, emulated on sm_90): the
//     products summed in k order in f32 with rounding to nearest after each
//     addition, then c added last, then rounded to the d type.
//   F64Chain: d = fma(a[K-1], b[K-1], ... fma(a[0], b[0], c)), IEEE binary64
//     with rounding to nearest even at each step (wmma.mma: as .rnd asks).
//   Integer: exact; the 32-bit result wraps, or with .satfinite is clamped
//     once, at the end, to [INT32_MIN, INT32_MAX].
//   Popc (b1): c + popc(a XOR/AND b) over K bits, wrapping.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/exec/tensor/matrix_layout.hpp"

namespace ws::core::mx {

enum class Rule : std::uint8_t { Block, BlockK4Chain, Fp8, WgmmaFp8, QuadPairChain, F64Chain, Integer, Popc };

Rule ruleOf(const MmaForm& f);
// True where the rule reproduces every H100 recording bit for bit.
bool ruleIsExact(Rule r);
// One line for the views ("aligned to the largest exponent, truncated, ...").
std::string_view ruleSummary(Rule r);

// d for one output element: a[k], b[k] are the element bits of one row of A
// and one column of B (K each), c the accumulator element's bits.
// The value of a floating-point element (f16, bf16, tf32, f32, f64, e4m3,
// e5m2) for display; NaN and infinities as the double ones.
double elemValue(Elem e, std::uint64_t bits);

std::uint64_t dotElement(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                         std::uint64_t c);

// dotElement for a whole tile, each element of A and B decoded once: a[r] is
// row r of A, b[n] column n of B (K elements each); K is summed in chunks of
// `blockK`, each chunk's result the next one's accumulator (as dotElement
// called chunk by chunk). cd[r * b.size() + n] holds C and receives D.
void dotTile(const MmaForm& f, std::span<const std::vector<std::uint64_t>> a,
             std::span<const std::vector<std::uint64_t>> b, std::size_t blockK, std::span<std::uint64_t> cd);

}  // namespace ws::core::mx
