#pragma once
// Warp-matrix instructions as data: which form an instruction is (shape,
// element types, layouts) and which lane holds which element of A, B, C and D
// in which register. One place for the fragment layouts, read by the engine
// (exec/matrix_*.cpp) and by the views (ui/views/matrix_view.cpp).
//
// Sources: PTX ISA 9.0, 9.7.14.5 "Matrix fragments for mma.sync" (every
// m8n8k*, m16n8k* layout, checked against every register of
// tests/data/tensor/golden-tc_mma*.json.gz), 9.7.14.5.14 ldmatrix /
// 9.7.14.5.15 stmatrix / 9.7.14.5.16 movmatrix, and for wmma, whose layout the
// ISA leaves unspecified, the H100's own (golden-tc_wmma.json.gz and
// golden-tc_wmma2.json.gz, every register of every shape): the mma.m16n8kK
// layout twice, side by side (m16n16k16, m16n16k8) or stacked (m32n8k16);
// m8n32k16 as the transposed m32n8k16 product; the m8n8k* shapes as their
// mma.sync forms. The 8-register f16 A and B fragments repeat their distinct
// registers, and wmma.mma reads the first copy.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/isa/instr.hpp"

namespace ws::core::mx {

// Element formats of matrix operands.
enum class Elem : std::uint8_t { None, F16, BF16, TF32, F32, F64, E4M3, E5M2, S8, U8, S4, U4, B1, S32 };

// Bits one element takes in a register (tf32: a 32-bit register).
int elemBits(Elem e);
std::string_view elemName(Elem e);
std::optional<Elem> elemOf(Mod m);
bool isFloatElem(Elem e);

enum class MatOp : std::uint8_t { A, B, C, D };
std::string_view operandName(MatOp o);  // "A"

struct Shape {
  int m = 0, n = 0, k = 0;
  bool operator==(const Shape&) const = default;
};

// One mma.sync or wmma.mma form.
struct MmaForm {
  Opcode op = Opcode::Mma;
  Shape shape;
  Elem a = Elem::None, b = Elem::None, c = Elem::None, d = Elem::None;
  bool aRow = true;   // .alayout is .row (mma m16n8*/m8n8k16..: always .row.col)
  bool bRow = false;  // .blayout is .row
  bool satfinite = false;
  Mod bitOp = Mod::None;  // b1: .xor or .and (with .popc)
  Mod rnd = Mod::None;    // wmma.mma .f64: .rn, .rz, .rm or .rp (None: .rn)

  // mma.m8n8k4 with f16 inputs: four independent 8x8x4 problems, one per
  // quad-pair (lanes 4q..4q+3 and 4q+16..4q+19).
  bool quadPairs() const { return op == Opcode::Mma && shape == Shape{8, 8, 4} && a == Elem::F16; }
  int problems() const { return quadPairs() ? 4 : 1; }
  Elem elem(MatOp o) const;
  // Rows and columns of an operand matrix (A: m x k, B: k x n, C/D: m x n).
  int rows(MatOp o) const;
  int cols(MatOp o) const;
  std::string describe() const;  // "m16n8k16 .row.col f32 <- f16 x f16 + f32"
};

// The form of an mma.sync / wmma.mma instruction, or why it is not one the
// engine executes.
std::variant<MmaForm, std::string> decodeMma(const Instr& ins);

// Registers per lane of an operand's fragment: `regs` registers of `regBits`
// (32, or 64 for f64) holding `perReg` elements each. The first `unique`
// registers hold distinct elements; the rest (f16 wmma A and B fragments,
// always 8 registers) repeat them: register r holds what r % unique does.
struct FragShape {
  int regs = 0;
  int unique = 0;
  int perReg = 1;
  int regBits = 32;
  int elemBits = 16;
};
FragShape fragShape(const MmaForm& f, MatOp o);

// The matrix element a fragment slot holds.
struct Cell {
  int problem = 0;  // m8n8k4 quad-pair problem (0 otherwise)
  int row = 0, col = 0;
  bool operator==(const Cell&) const = default;
};
// Element `slot` of register `reg` of `lane`.
Cell fragCell(const MmaForm& f, MatOp o, int lane, int reg, int slot);

// Calls fn(lane, reg, slot, cell) for every fragment element of every lane,
// in lane, register, slot order.
template <class F>
void forEachFragElement(const MmaForm& f, MatOp o, F&& fn) {
  const FragShape s = fragShape(f, o);
  for (int lane = 0; lane < 32; ++lane)
    for (int r = 0; r < s.regs; ++r)
      for (int j = 0; j < s.perReg; ++j) fn(lane, r, j, fragCell(f, o, lane, r, j));
}

// How the H100 lays out a wmma form's fragments, in words (for the views).
std::string wmmaLayoutSummary(const MmaForm& f);

// The bits of element `slot` of a register value.
constexpr std::uint64_t slotBits(std::uint64_t reg, int slot, int elemBits) {
  const std::uint64_t mask = elemBits >= 64 ? ~0ull : (std::uint64_t{1} << elemBits) - 1;
  return (reg >> (slot * elemBits)) & mask;
}

// wmma.load / wmma.store: which fragment, shape, element type and memory layout.
struct WmmaLdSt {
  MatOp frag = MatOp::A;
  Shape shape;
  Elem type = Elem::None;
  bool rowMajor = true;
  // The wmma.mma form this fragment belongs to, for fragCell()/fragShape().
  MmaForm mmaForm() const;
};
std::variant<WmmaLdSt, std::string> decodeWmmaLdSt(const Instr& ins);

// ldmatrix / stmatrix / movmatrix: element `half` (0, 1) of register `reg`
// of `lane` is element (row, col) of 8x8 matrix `matrix` (= reg). Rows of
// matrix m are addressed by lanes 8m..8m+7 (ldmatrix, stmatrix).
struct MatCell {
  int matrix = 0, row = 0, col = 0;
  bool operator==(const MatCell&) const = default;
};
MatCell ldmatrixCell(bool trans, int lane, int reg, int half);
constexpr int rowAddressLane(int matrix, int row) { return 8 * matrix + row; }

// .x1 / .x2 / .x4 of ldmatrix and stmatrix (0 when absent).
int matrixCount(const Instr& ins);

}  // namespace ws::core::mx
