#pragma once
// Internal to the tensor room: the wgmma handlers execMatrix() dispatches
// to (wgmma_exec.cpp), and the one arithmetic parameter that awaits the
// H200 recordings.
#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/tensor/matrix_layout.hpp"

namespace ws::core::mx {

// How many products of K one block of the H100's arithmetic
// (matrix_numerics.hpp) sums exactly before the accumulator is rounded: the
// chunks of K a wgmma.mma_async is computed in, each chunk's result the next
// one's accumulator. Taken as the instruction's whole K (16 for f16/bf16, 8
// for tf32, 32 for fp8), as mma.sync sums its whole K in one block; not yet
// checked against an H200 (tests/data/hopper/ will hold the recordings).
int wgmmaBlockK(Elem a);

void execWgmmaMmaAsync(ExecCtx& ctx);
void execWgmmaFence(ExecCtx& ctx);
void execWgmmaCommitGroup(ExecCtx& ctx);
void execWgmmaWaitGroup(ExecCtx& ctx);

}  // namespace ws::core::mx
