#include "core/exec/tensor/wgmma_layout.hpp"

#include <fmt/format.h>

namespace ws::core::mx {
namespace {

bool isFp8(Elem e) { return e == Elem::E4M3 || e == Elem::E5M2; }
bool isInt8(Elem e) { return e == Elem::S8 || e == Elem::U8; }
bool isHalf(Elem e) { return e == Elem::F16 || e == Elem::BF16; }

// Whether .dtype.atype.btype is one of the ISA's combinations (9.7.15.5.2
// Syntax): f16 (f16 or f32 D), bf16 and tf32 (f32 D), fp8 in any mix (f16 or
// f32 D), s8/u8 in any mix (s32 D), b1 (s32 D).
bool validTypes(Elem d, Elem a, Elem b) {
  if (a == Elem::F16) return b == Elem::F16 && (d == Elem::F16 || d == Elem::F32);
  if (a == Elem::BF16 || a == Elem::TF32) return b == a && d == Elem::F32;
  if (isFp8(a)) return isFp8(b) && (d == Elem::F16 || d == Elem::F32);
  if (isInt8(a)) return isInt8(b) && d == Elem::S32;
  if (a == Elem::B1) return b == Elem::B1 && d == Elem::S32;
  return false;
}

// An immediate operand's value, or nullopt when the operand is not an integer immediate.
std::optional<std::int64_t> immediate(const Instr& ins, std::size_t i) {
  if (i >= ins.ops.size() || ins.ops[i].kind != OperandKind::Imm || ins.ops[i].immIsFloat) return std::nullopt;
  return ins.ops[i].imm;
}

}  // namespace

int wgmmaK(Elem a) {
  if (isHalf(a)) return 16;
  if (a == Elem::TF32) return 8;
  if (isFp8(a) || isInt8(a)) return 32;
  if (a == Elem::B1) return 256;
  return 0;
}

bool wgmmaValidN(Elem a, int n) {
  if (n < 8 || n > 256 || n % 8 != 0) return false;
  if (isInt8(a) || a == Elem::B1) return n <= 32 || n % 16 == 0;
  return true;
}

int WgmmaForm::operandCount() const {
  if (isInt8(a) || a == Elem::B1) return 4;
  if (!isHalf(a)) return 6;
  return aInRegs ? 7 : 8;
}

std::string WgmmaForm::describe() const {
  std::string s = fmt::format("m64n{}k{} {} <- {} x {}", n, k, elemName(d), elemName(a), elemName(b));
  if (satfinite) s += " .satfinite";
  if (a == Elem::B1) s += " .and.popc";
  s += aInRegs ? ", A from registers" : ", A from a descriptor";
  if (transA) s += ", A transposed";
  if (transB) s += ", B transposed";
  if (scaleA < 0) s += ", A negated";
  if (scaleB < 0) s += ", B negated";
  return s;
}

std::variant<WgmmaForm, std::string> decodeWgmma(const Instr& ins) {
  WgmmaForm f;
  if (ins.shapeN == 0) return std::string("no .m64nNkK shape");
  if (ins.matrixTypeCount != 3) return std::string("needs three types: .dtype.atype.btype");
  Elem t[3]{};
  for (std::size_t i = 0; i < 3; ++i) t[i] = elemOf(ins.matrixTypes[i]).value_or(Elem::None);
  f.d = t[0];
  f.a = t[1];
  f.b = t[2];
  if (!validTypes(f.d, f.a, f.b))
    return fmt::format(".{}.{}.{} is not a wgmma.mma_async type combination", elemName(f.d), elemName(f.a),
                       elemName(f.b));
  f.n = ins.shapeN;
  f.k = ins.shapeK;
  if (f.k != wgmmaK(f.a)) return fmt::format(".{} takes K = {}, not {}", elemName(f.a), wgmmaK(f.a), f.k);
  if (!wgmmaValidN(f.a, f.n)) return fmt::format("N = {} is not a wgmma.mma_async shape for .{}", f.n, elemName(f.a));
  f.satfinite = ins.has(Mod::Satfinite);
  if (f.satfinite && !isInt8(f.a)) return std::string(".satfinite is for the integer types only");
  if (f.a == Elem::B1 && !(ins.has(Mod::And) && ins.has(Mod::Popc))) return std::string(".b1 needs .and.popc");
  if (f.a != Elem::B1 && (ins.has(Mod::And) || ins.has(Mod::Popc))) return std::string(".and.popc is for .b1 only");
  if (ins.ops.size() < 4) return std::string("needs d, a, b-desc and scale-d");
  f.aInRegs = ins.ops[1].kind == OperandKind::Vector;
  const auto want = static_cast<std::size_t>(f.operandCount());
  if (ins.ops.size() != want)
    return fmt::format("this form takes {} operands, found {}", want, ins.ops.size());
  if (want >= 6) {
    for (std::size_t i : {std::size_t{4}, std::size_t{5}}) {
      const auto v = immediate(ins, i);
      if (!v || (*v != 1 && *v != -1)) return std::string("imm-scale-a and imm-scale-b must be the immediates 1 or -1");
    }
    f.scaleA = static_cast<int>(*immediate(ins, 4));
    f.scaleB = static_cast<int>(*immediate(ins, 5));
  }
  // The transpose immediates exist only for f16/bf16 (the ISA: "only
  // supported ... with .f16/.bf16 types on matrices accessed from shared
  // memory using matrix descriptors"), A's only when A is a descriptor.
  for (std::size_t i = 6; i < want; ++i) {
    const auto v = immediate(ins, i);
    if (!v || (*v != 0 && *v != 1)) return std::string("imm-trans-a and imm-trans-b must be the immediates 0 or 1");
  }
  if (want == 8) f.transA = *immediate(ins, 6) == 1;
  if (want >= 7) f.transB = *immediate(ins, want - 1) == 1;
  return f;
}

WgCell wgmmaDCell(const WgmmaForm& f, int thread, int reg, int slot) {
  const int q = (thread / 32) % kWarpgroupWarps, lane = thread % 32;
  const int g = lane / 4, t = lane % 4;
  const int i = reg * f.dPerReg() + slot;
  return {16 * q + g + 8 * ((i / 2) % 2), 8 * (i / 4) + 2 * t + i % 2};
}

WgCell wgmmaACell(const WgmmaForm& f, int thread, int reg, int slot) {
  const int q = (thread / 32) % kWarpgroupWarps, lane = thread % 32;
  const int g = lane / 4, t = lane % 4;
  const int e = f.aPerReg();
  return {16 * q + g + 8 * (reg % 2), e * t + slot + 4 * e * (reg / 2)};
}

MatrixDescriptor decodeDescriptor(std::uint64_t bits) {
  MatrixDescriptor d;
  d.start = static_cast<std::uint32_t>(bits & 0x3fff) << 4;
  d.leading = static_cast<std::uint32_t>((bits >> 16) & 0x3fff) << 4;
  d.stride = static_cast<std::uint32_t>((bits >> 32) & 0x3fff) << 4;
  d.baseOffset = static_cast<std::uint32_t>((bits >> 49) & 0x7);
  // The mode numbers run the other way from the swizzle widths.
  constexpr Swizzle kModes[4] = {Swizzle::None, Swizzle::B128, Swizzle::B64, Swizzle::B32};
  d.swizzle = kModes[(bits >> 62) & 3];
  return d;
}

std::string describeDescriptor(const MatrixDescriptor& d) {
  return fmt::format("start {:#x}, LBO {}, SBO {}, base offset {}, swizzle {}", d.start, d.leading, d.stride,
                     d.baseOffset, swizzleName(d.swizzle));
}

ElemLoc descriptorElement(const MatrixDescriptor& d, bool kMajor, int elemBits, int mn, int k) {
  const auto T = static_cast<std::uint64_t>(128 / elemBits);
  const std::uint64_t W = swizzleRowBytes(d.swizzle) / 16;
  const bool swizzled = d.swizzle != Swizzle::None;
  const auto umn = static_cast<std::uint64_t>(mn), uk = static_cast<std::uint64_t>(k);
  std::uint64_t off = 0, inChunk = 0;  // inChunk: the element's index inside its 16 bytes
  if (kMajor) {
    off = swizzled ? (umn % 8) * 16 * W + (umn / 8) * d.stride + (uk / T) * 16
                   : (umn % 8) * 16 + (umn / 8) * d.stride + (uk / T) * d.leading;
    inChunk = uk % T;
  } else {
    off = swizzled ? (uk % 8) * 16 * W + (uk / 8) * d.stride + ((umn / T) % W) * 16 + (umn / (T * W)) * d.leading
                   : (uk % 8) * 16 + (uk / 8) * d.leading + (umn / T) * d.stride;
    inChunk = umn % T;
  }
  const std::uint64_t bitOff = inChunk * static_cast<std::uint64_t>(elemBits);
  const std::uint64_t addr = d.start + off + bitOff / 8;
  // The pattern repeats from an address whose row bits (7..9) are the base
  // offset: the swizzle is taken relative to it (0: the pattern starts on its
  // own alignment, CUTLASS's case).
  const std::uint64_t base = swizzled ? std::uint64_t{d.baseOffset} * 128 : 0;
  return {swizzleAddress(addr - base, d.swizzle) + base, static_cast<unsigned>(bitOff % 8)};
}

}  // namespace ws::core::mx
