#pragma once
// Which untyped (.b16/.b32/.b64) registers of a program carry float bits:
// nvcc declares every integer register .b32 and moves floats through them
// for shuffles and atomics (`mov.b32 %r1, %f1; shfl.sync.bfly.b32 %r2, %r1,
// ...; mov.b32 %f2, %r2`). Shown as hex or decimal such values mean nothing
// to a reader, so the register views show them as floats by default (the
// format menu gives the bits back).
#include <cstdint>
#include <vector>

#include "core/ptx/program.hpp"

namespace ws::ui {

// [reg]: true for a .bN register every write of which is a float: a move or
// shuffle of a float register or of one that itself carries float bits, a
// float immediate, or an instruction of float type (ld.global.f32, cvt.f32.*).
// A register written nowhere, or once by anything else, is false.
std::vector<bool> floatCarryingRegisters(const core::Program& p);

}  // namespace ws::ui
