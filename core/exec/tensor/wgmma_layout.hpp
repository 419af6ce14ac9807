#pragma once
// wgmma.mma_async as data (PTX ISA 9.7.15.5): which form an instruction is,
// which thread of the warpgroup holds which element of D and of an A
// fragment in registers, and which shared-memory bytes a matrix descriptor
// names for each element of A or B. Read by the engine
// (exec/tensor/wgmma_exec.cpp) and meant for the views.
//
// Sources: PTX ISA 9.1, 9.7.15.5.1.1 "Register Fragments" (the figures for
// .m64nNk8/k16/k32/k256), 9.7.15.5.1.2.2 "Matrix Descriptor Format",
// 9.7.15.5.1.2.1 "Leading/Stride Dimension Byte Offset" and "Canonical
// Layouts" (given there as CuTe layouts, which CUTLASS's
// cute/atom/mma_traits_sm90_gmma.hpp builds the same way).
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "core/exec/tensor/matrix_layout.hpp"
#include "core/util/swizzle.hpp"

namespace ws::core::mx {

inline constexpr int kWgmmaM = 64;
inline constexpr int kWarpgroupWarps = 4;

// One wgmma.mma_async form. M is always 64; each warp of the warpgroup
// (warp rank % 4 = q) owns rows 16q..16q+15 of A and D.
struct WgmmaForm {
  int n = 0, k = 0;
  Elem a = Elem::None, b = Elem::None, d = Elem::None;
  bool aInRegs = false;   // A is a fragment in registers (else a descriptor)
  bool satfinite = false;
  // The immediates: imm-scale-a/b (-1 negates every element), imm-trans-a/b
  // (1: the matrix is MN-major in shared memory, "transposed").
  int scaleA = 1, scaleB = 1;
  bool transA = false, transB = false;

  // Registers of D per thread: N/2 (f32, s32) or N/4 f16x2 pairs.
  int dRegs() const { return d == Elem::F16 ? n / 4 : n / 2; }
  int dPerReg() const { return d == Elem::F16 ? 2 : 1; }
  // A in registers: always four 32-bit registers, 32 / bits elements each.
  static constexpr int kARegs = 4;
  int aPerReg() const { return 32 / elemBits(a); }
  // How many of the instruction operands there are for this form:
  // d, a, b-desc, scale-d, then imm-scale-a/b (floating point), imm-trans-a
  // (f16/bf16 with A from a descriptor), imm-trans-b (f16/bf16).
  int operandCount() const;
  std::string describe() const;  // "m64n64k16 f32 <- f16 x f16, A from registers"
};

// The K of each input type (f16/bf16: 16, tf32: 8, fp8 and 8-bit
// integers: 32, b1: 256), and whether N is one the ISA lists for it
// (floating point: 8..256 step 8; integers and b1: 8, 16, 24, 32, then
// 48..256 step 16).
int wgmmaK(Elem a);
bool wgmmaValidN(Elem a, int n);

// The form of a wgmma.mma_async instruction, or why it is not one the
// PTX ISA allows (the immediates are checked here too).
std::variant<WgmmaForm, std::string> decodeWgmma(const Instr& ins);

// Element (row, col) of a matrix.
struct WgCell {
  int row = 0, col = 0;
  bool operator==(const WgCell&) const = default;
};

// D (and its accumulator input): element `slot` of register `reg` of thread
// `thread` (0..127) of the warpgroup. With q = thread / 32, g = lane / 4,
// t = lane % 4 and i = reg * dPerReg + slot: row 16q + g + 8((i / 2) % 2),
// column 8(i / 4) + 2t + i % 2 (the ISA's figures 149, 151, 153, 155).
WgCell wgmmaDCell(const WgmmaForm& f, int thread, int reg, int slot);
// A in registers: element `slot` of register `reg` (0..3) of `thread`:
// the mma.m16n8kK A fragment of the warp's 16 rows, E = 32 / bits elements
// per register: row 16q + g + 8(reg % 2), column Et + slot + 4E(reg / 2).
WgCell wgmmaACell(const WgmmaForm& f, int thread, int reg, int slot);

// The 64-bit matrix descriptor (9.7.15.5.1.2.2), decoded: byte values.
struct MatrixDescriptor {
  std::uint32_t start = 0;       // bits 0-13, << 4: shared::cta address of the matrix
  std::uint32_t leading = 0;     // bits 16-29, << 4: leading dimension byte offset (LBO)
  std::uint32_t stride = 0;      // bits 32-45, << 4: stride dimension byte offset (SBO)
  std::uint32_t baseOffset = 0;  // bits 49-51: where the swizzle pattern starts (swizzled modes)
  Swizzle swizzle = Swizzle::None;  // bits 62-63: 0 none, 1 128B, 2 64B, 3 32B
  bool operator==(const MatrixDescriptor&) const = default;
};
MatrixDescriptor decodeDescriptor(std::uint64_t bits);
std::string describeDescriptor(const MatrixDescriptor& d);

// Where element (mn, k) of a descriptor's matrix lies: A's (row, k) or B's
// (column n, k). `kMajor` is the untransposed layout (A row-major, B
// column-major: K contiguous); transposed matrices are MN-major. The byte
// address is after the swizzle; `bit` is the element's first bit in that byte
// (b1 elements are packed from bit 0 up).
struct ElemLoc {
  std::uint64_t addr = 0;
  unsigned bit = 0;
  bool operator==(const ElemLoc&) const = default;
};
// With T = 128 / bits elements per 16 bytes and W = the swizzle row in 16-byte
// chunks (1 for none, 2, 4, 8 for 32B, 64B, 128B), the canonical layouts:
//   K-major, none:       (mn%8)*16 + (mn/8)*SBO + (k/T)*LBO
//   K-major, swizzled:   (mn%8)*16W + (mn/8)*SBO + (k/T)*16
//   MN-major, none:      (k%8)*16 + (k/8)*LBO + (mn/T)*SBO
//   MN-major, swizzled:  (k%8)*16W + (k/8)*SBO + ((mn/T)%W)*16 + (mn/(TW))*LBO
// plus ((k%T) or (mn%T)) * bits inside the 16 bytes; the start address is
// added, then the swizzle (core/util/swizzle.hpp) permutes the 16-byte chunk.
ElemLoc descriptorElement(const MatrixDescriptor& d, bool kMajor, int elemBits, int mn, int k);

}  // namespace ws::core::mx
