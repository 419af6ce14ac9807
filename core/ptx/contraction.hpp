#pragma once
// Floating-point contraction as ptxas does it. The PTX ISA lets the code
// generator fuse a mul and an add/sub that carry no rounding modifier into
// one fma ("mul/add ... may be optimized aggressively by the code generator,
// e.g., mul and add may be contracted into fma"); nvcc -O3 leaves such pairs
// for ptxas (a*b - c*d), and an H100 then computes them with one rounding.
// This pass marks each add/sub that ptxas fuses with the mul feeding it
// (Instr::fusedMul), so the engine computes what the hardware does.
#include "core/ptx/program.hpp"

namespace ws::core {

// The rule, matched against H100 recordings (tests/data/realworld2,
// misc_noinline_struct_param: 192 of 192 cross-product words): an add/sub
// without a rounding modifier fuses the mul without one (same type, same
// .ftz, no .sat) that defines one of its operands in the same basic block,
// when that product has no other use and the mul's sources are not written
// in between; with two such products the first operand's is fused
// (sub d, a*b, c*d = fma(a, b, -(c*d))).
void markContractions(Program& p);

}  // namespace ws::core
