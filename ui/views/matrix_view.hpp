#pragma once
// The warp-matrix instructions of a step as tiles: every operand matrix (A,
// B, C, D of an mma or wmma; the 8x8 matrices of ldmatrix/stmatrix/movmatrix;
// the tile a wmma.load or wmma.store moves) as a grid of cells, each knowing
// the lane and register that holds it and its value; for ldmatrix/stmatrix
// the lane that gave each row's address; per-lane sentences ("lane 5 holds
// A[1][2..3] and A[9][2..3]"); and the arithmetic rule the result follows.
// The fragment layouts come from core/exec/tensor/matrix_layout.hpp, the same
// tables the engine executes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ui/frame/frame.hpp"

namespace ws::ui {

struct MatrixCell {
  int lane = -1;            // owning lane (-1: nobody holds it)
  int reg = -1;             // index in the operand's register list
  int slot = 0;             // element within the register
  std::int32_t regId = -1;  // the register (program register index)
  std::string value;        // compact text of the element
  std::string tooltip;      // "A[1][2] = 0.5: lane 5, %r12 (reg 0), low half"
  bool changed = false;     // written by this step
  int warp = -1;            // a warpgroup's cell: the owning warp (-1: the step's warp)
  // A cell read from or written to shared memory through a swizzle: the
  // 16-byte chunk of the matrix row it belongs to (0..7), coloured alike
  // wherever it lands, so the swizzle's permutation shows; -1 otherwise.
  int chunk = -1;
  std::int64_t addr = -1;   // its shared-memory offset (-1: a register)
  bool oob = false;         // a tensor copy's element outside the tensor (filled, not read)
};

struct MatrixTile {
  std::string name;     // "A", "B", "C", "D", "matrix 2", "tile"
  std::string caption;  // "A 16x16 f16 (before)"
  std::string role;     // "a", "b", "c", "d", "matrix", "tile" (scene classes)
  int problem = 0;      // m8n8k4 quad-pair problem
  int rows = 0, cols = 0;
  std::vector<MatrixCell> cells;  // rows * cols, row-major
  const MatrixCell& at(int r, int c) const { return cells[static_cast<std::size_t>(r * cols + c)]; }
};

// ldmatrix / stmatrix: the lane whose address names row `row` of matrix `matrix`.
struct MatrixRowAddress {
  int matrix = 0, row = 0, lane = 0;
  std::uint64_t addr = 0;
  std::string text;  // "lane 9: shared 0x1a0"
};

struct MatrixView {
  enum class Kind : std::uint8_t { Ldmatrix, Stmatrix, Movmatrix, Mma, WmmaLoad, WmmaStore, Wgmma, TensorCopy };
  Kind kind = Kind::Mma;
  std::uint32_t warp = 0;
  std::string title;              // "mma m16n8k16 .row.col f32 = f16 x f16 + f32"
  std::string rule;               // how D is computed
  bool ruleExact = true;          // false: the rule is known to differ from an H100 at times
  bool trans = false;             // ldmatrix/stmatrix .trans
  std::vector<MatrixTile> tiles;  // in drawing order (A, B, C, D per problem; matrices 0..3)
  std::vector<MatrixRowAddress> rows;
  std::vector<std::string> laneText;  // [lane] what the lane holds / gave / received
  std::string error;                  // the form is not one the engine executes
};

// The matrix view of the frame's step, when it executed a warp-matrix
// instruction on the focused warp (or any warp: the step's own warp).
std::optional<MatrixView> buildMatrixView(const Frame& f);

// The warpgroup view of a wgmma.mma_async step (wgmma_view.cpp): A and B as
// the descriptors read them from shared memory (each cell's 16-byte chunk,
// so the swizzle shows) or A from registers, and the 64xN accumulator
// coloured by owning thread across the four warps.
std::optional<MatrixView> buildWgmmaView(const Frame& f);
// The tensor-copy view of a cp.async.bulk.tensor step (tensor_copy_view.cpp):
// the global box (its out-of-bounds part marked) and the shared tile as the
// copy lays it down, chunks coloured alike in both.
std::optional<MatrixView> buildTensorCopyView(const Frame& f);

// The lanes' colour index of a cell: lanes of one quad (lane / 4) share a
// hue, the four lanes of a quad are told apart by lightness (ui/scene_matrix).
inline int laneHue(int lane) { return lane >> 2; }

}  // namespace ws::ui
