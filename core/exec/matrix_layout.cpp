#include "core/exec/matrix_layout.hpp"

#include <fmt/format.h>

namespace ws::core::mx {

int elemBits(Elem e) {
  switch (e) {
    case Elem::F16:
    case Elem::BF16:
      return 16;
    case Elem::TF32:
    case Elem::F32:
    case Elem::S32:
      return 32;
    case Elem::F64:
      return 64;
    case Elem::E4M3:
    case Elem::E5M2:
    case Elem::S8:
    case Elem::U8:
      return 8;
    case Elem::S4:
    case Elem::U4:
      return 4;
    case Elem::B1:
      return 1;
    case Elem::None:
      return 0;
  }
  return 0;
}

std::string_view elemName(Elem e) {
  switch (e) {
    case Elem::F16:
      return "f16";
    case Elem::BF16:
      return "bf16";
    case Elem::TF32:
      return "tf32";
    case Elem::F32:
      return "f32";
    case Elem::F64:
      return "f64";
    case Elem::E4M3:
      return "e4m3";
    case Elem::E5M2:
      return "e5m2";
    case Elem::S8:
      return "s8";
    case Elem::U8:
      return "u8";
    case Elem::S4:
      return "s4";
    case Elem::U4:
      return "u4";
    case Elem::B1:
      return "b1";
    case Elem::S32:
      return "s32";
    case Elem::None:
      return "";
  }
  return "";
}

std::optional<Elem> elemOf(Mod m) {
  switch (m) {
    case Mod::F16:
      return Elem::F16;
    case Mod::BF16:
      return Elem::BF16;
    case Mod::Tf32:
      return Elem::TF32;
    case Mod::F32:
      return Elem::F32;
    case Mod::F64:
      return Elem::F64;
    case Mod::E4m3:
      return Elem::E4M3;
    case Mod::E5m2:
      return Elem::E5M2;
    case Mod::S8:
      return Elem::S8;
    case Mod::U8:
      return Elem::U8;
    case Mod::S4:
      return Elem::S4;
    case Mod::U4:
      return Elem::U4;
    case Mod::B1:
      return Elem::B1;
    case Mod::S32:
      return Elem::S32;
    default:
      return std::nullopt;
  }
}

bool isFloatElem(Elem e) {
  switch (e) {
    case Elem::F16:
    case Elem::BF16:
    case Elem::TF32:
    case Elem::F32:
    case Elem::F64:
    case Elem::E4M3:
    case Elem::E5M2:
      return true;
    default:
      return false;
  }
}

std::string_view operandName(MatOp o) {
  switch (o) {
    case MatOp::A:
      return "A";
    case MatOp::B:
      return "B";
    case MatOp::C:
      return "C";
    case MatOp::D:
      return "D";
  }
  return "";
}

Elem MmaForm::elem(MatOp o) const {
  switch (o) {
    case MatOp::A:
      return a;
    case MatOp::B:
      return b;
    case MatOp::C:
      return c;
    case MatOp::D:
      return d;
  }
  return Elem::None;
}

int MmaForm::rows(MatOp o) const { return o == MatOp::B ? shape.k : shape.m; }
int MmaForm::cols(MatOp o) const { return o == MatOp::A ? shape.k : shape.n; }

std::string MmaForm::describe() const {
  std::string s = fmt::format("m{}n{}k{}", shape.m, shape.n, shape.k);
  if (op == Opcode::WmmaMma || quadPairs()) s += fmt::format(" .{}.{}", aRow ? "row" : "col", bRow ? "row" : "col");
  s += fmt::format(" {} = {} x {} + {}", elemName(d), elemName(a), elemName(b), elemName(c));
  if (bitOp != Mod::None) s += fmt::format(" (.{}.popc)", bitOp == Mod::Xor ? "xor" : "and");
  if (satfinite) s += " .satfinite";
  return s;
}

namespace {

std::optional<Shape> shapeOf(const Instr& ins) {
  struct Row {
    Mod mod;
    Shape shape;
  };
  static constexpr Row kShapes[] = {
      {Mod::M8n8k4, {8, 8, 4}},       {Mod::M8n8k16, {8, 8, 16}},     {Mod::M8n8k32, {8, 8, 32}},
      {Mod::M8n8k128, {8, 8, 128}},   {Mod::M16n8k4, {16, 8, 4}},     {Mod::M16n8k8, {16, 8, 8}},
      {Mod::M16n8k16, {16, 8, 16}},   {Mod::M16n8k32, {16, 8, 32}},   {Mod::M16n8k64, {16, 8, 64}},
      {Mod::M16n8k128, {16, 8, 128}}, {Mod::M16n8k256, {16, 8, 256}}, {Mod::M16n16k16, {16, 16, 16}},
  };
  for (const Row& r : kShapes)
    if (ins.has(r.mod)) return r.shape;
  return std::nullopt;
}

bool isF8(Elem e) { return e == Elem::E4M3 || e == Elem::E5M2; }
bool isI8(Elem e) { return e == Elem::S8 || e == Elem::U8; }
bool isI4(Elem e) { return e == Elem::S4 || e == Elem::U4; }

// Shapes and types of mma.sync on sm_90 (PTX ISA 9.7.14.5.14, "Restrictions"
// per shape; what ptxas 13 accepts for sm_90a: tests/data/tensor/forms_sm90a.md).
bool legalMma(const MmaForm& f) {
  const Shape s = f.shape;
  const bool accF = f.c == f.d && (f.c == Elem::F32 || f.c == Elem::F16);
  const bool accI = f.c == Elem::S32 && f.d == Elem::S32;
  const bool f64 = f.a == Elem::F64 && f.b == Elem::F64 && f.c == Elem::F64 && f.d == Elem::F64;
  const bool half = (f.a == Elem::F16 || f.a == Elem::BF16) && f.a == f.b;
  if (s == Shape{8, 8, 4})
    return f64 || (f.a == Elem::F16 && f.b == Elem::F16 && (f.c == Elem::F16 || f.c == Elem::F32) &&
                   (f.d == Elem::F16 || f.d == Elem::F32));
  if (!f.aRow || f.bRow) return false;  // every other shape is .row.col
  if (f64) return s == Shape{16, 8, 4} || s == Shape{16, 8, 8} || s == Shape{16, 8, 16};
  if (half) return (s == Shape{16, 8, 8} || s == Shape{16, 8, 16}) && accF && (f.a == Elem::F16 || f.c == Elem::F32);
  if (f.a == Elem::TF32)
    return f.b == Elem::TF32 && f.c == Elem::F32 && f.d == Elem::F32 && s.m == 16 && (s.k == 4 || s.k == 8);
  if (isF8(f.a)) return isF8(f.b) && accF && s.m == 16 && (s.k == 16 || s.k == 32);
  if (isI8(f.a)) return isI8(f.b) && accI && (s == Shape{8, 8, 16} || s == Shape{16, 8, 16} || s == Shape{16, 8, 32});
  if (isI4(f.a)) return isI4(f.b) && accI && (s == Shape{8, 8, 32} || s == Shape{16, 8, 32} || s == Shape{16, 8, 64});
  if (f.a == Elem::B1)
    return f.b == Elem::B1 && accI && f.bitOp != Mod::None && (s.k == 128 || s.k == 256) && !(s.m == 8 && s.k == 256);
  return false;
}

}  // namespace

std::variant<MmaForm, std::string> decodeMma(const Instr& ins) {
  MmaForm f;
  f.op = ins.op;
  auto shape = shapeOf(ins);
  if (!shape) return std::string("no shape modifier");
  f.shape = *shape;
  std::array<Elem, 4> t{};
  for (std::size_t i = 0; i < ins.matrixTypeCount; ++i) t[i] = elemOf(ins.matrixTypes[i]).value_or(Elem::None);
  if (ins.op == Opcode::WmmaMma) {
    if (f.shape != Shape{16, 16, 16}) return std::string("wmma.mma is executed for .m16n16k16 only");
    if (ins.matrixTypeCount == 2) {  // .dtype.ctype, f16 inputs
      f.d = t[0];
      f.c = t[1];
      f.a = f.b = Elem::F16;
    } else if (ins.matrixTypeCount == 4 && t[1] == Elem::BF16 && t[2] == Elem::BF16) {
      f.d = t[0];
      f.a = t[1];
      f.b = t[2];
      f.c = t[3];
    } else {
      return std::string("wmma.mma types must be .dtype.ctype (f16 inputs) or .f32.bf16.bf16.f32");
    }
    if ((f.c != Elem::F16 && f.c != Elem::F32) || (f.d != Elem::F16 && f.d != Elem::F32))
      return std::string("wmma.mma accumulators must be .f16 or .f32");
    if (f.a == Elem::BF16 && (f.c != Elem::F32 || f.d != Elem::F32))
      return std::string("wmma.mma with .bf16 inputs accumulates in .f32");
  } else {
    if (ins.matrixTypeCount != 4) return std::string("mma.sync names four types: .dtype.atype.btype.ctype");
    f.d = t[0];
    f.a = t[1];
    f.b = t[2];
    f.c = t[3];
    f.satfinite = ins.has(Mod::Satfinite);
    if (ins.has(Mod::Xor)) f.bitOp = Mod::Xor;
    if (ins.has(Mod::And)) f.bitOp = Mod::And;
  }
  if (ins.matrixLayoutCount == 2) {
    f.aRow = ins.matrixLayouts[0] == Mod::Row;
    f.bRow = ins.matrixLayouts[1] == Mod::Row;
  } else {
    return std::string("expected .alayout.blayout (.row.col)");
  }
  if (ins.op == Opcode::Mma && !legalMma(f)) return fmt::format("{} is not an mma.sync form of sm_90", f.describe());
  return f;
}

FragShape fragShape(const MmaForm& f, MatOp o) {
  const Elem e = f.elem(o);
  FragShape s;
  s.elemBits = elemBits(e);
  s.regBits = e == Elem::F64 ? 64 : 32;
  s.perReg = s.regBits / s.elemBits;
  if (f.op == Opcode::WmmaMma) {
    // The H100's wmma fragments: f16 A and B take 8 registers (the 4 that
    // hold their 8 elements, twice), bf16 A and B 4, C and D 8 (f32) or 4 (f16).
    if (o == MatOp::A || o == MatOp::B)
      s.regs = e == Elem::F16 ? 8 : 4;
    else
      s.regs = 8 / s.perReg;
    return s;
  }
  const int perLane = f.rows(o) * f.cols(o) * f.problems() / 32;
  s.regs = perLane / s.perReg;
  return s;
}

Cell fragCell(const MmaForm& f, MatOp o, int lane, int reg, int slot) {
  const int g = lane >> 2, t = lane & 3;
  const FragShape s = fragShape(f, o);
  if (f.op == Opcode::WmmaMma) {
    const int r = reg & 3;
    switch (o) {
      case MatOp::A:
        return {0, g + 8 * (r & 1), 2 * t + slot + 8 * (r >> 1)};
      case MatOp::B:
        return {0, 2 * t + slot + 8 * (r & 1), g + 8 * (r >> 1)};
      default:
        if (s.perReg == 1) return {0, g + 8 * ((reg >> 1) & 1), 2 * t + (reg & 1) + 8 * (reg >> 2)};
        return {0, g + 8 * (reg & 1), 2 * t + slot + 8 * (reg >> 1)};
    }
  }
  const int i = reg * s.perReg + slot;  // element index within the lane
  if (f.quadPairs()) {
    const int p = (lane >> 2) & 3, h = lane >> 4;
    switch (o) {
      case MatOp::A:
        return f.aRow ? Cell{p, t + 4 * h, i} : Cell{p, i + 4 * h, t};
      case MatOp::B:
        return f.bRow ? Cell{p, t, i + 4 * h} : Cell{p, i, t + 4 * h};
      default:
        if (f.elem(o) == Elem::F16) return {p, t + 4 * h, i};
        return {p, (t & 1) + (i & 2) + 4 * h, (i & 4) + (t & 2) + (i & 1)};
    }
  }
  // m16n8k* and m8n8k16/k32/k128, f64 m8n8k4: E elements per register, a
  // k-chunk of KC = 4E columns per row across the four lanes of a group.
  const int E = s.perReg, KC = 4 * E;
  switch (o) {
    case MatOp::A:
      if (f.shape.m == 8) return {0, g, E * t + i};
      return {0, g + 8 * ((i / E) & 1), E * t + i % E + KC * (i / (2 * E))};
    case MatOp::B:
      return {0, E * t + i % E + KC * (i / E), g};
    default:
      if (f.shape.m == 8) return {0, g, 2 * t + i};
      return {0, g + 8 * (i >> 1), 2 * t + (i & 1)};
  }
}

MmaForm WmmaLdSt::mmaForm() const {
  MmaForm f;
  f.op = Opcode::WmmaMma;
  f.shape = shape;
  f.a = f.b = frag == MatOp::A || frag == MatOp::B ? type : Elem::F16;
  f.c = f.d = frag == MatOp::C || frag == MatOp::D ? type : Elem::F32;
  return f;
}

std::variant<WmmaLdSt, std::string> decodeWmmaLdSt(const Instr& ins) {
  WmmaLdSt w;
  if (ins.has(Mod::FragA))
    w.frag = MatOp::A;
  else if (ins.has(Mod::FragB))
    w.frag = MatOp::B;
  else if (ins.has(Mod::FragC))
    w.frag = MatOp::C;
  else if (ins.has(Mod::FragD))
    w.frag = MatOp::D;
  else
    return std::string("no fragment modifier (.a, .b, .c, .d)");
  if (!ins.has(Mod::M16n16k16)) return std::string("wmma is executed for .m16n16k16 only");
  w.shape = {16, 16, 16};
  if (ins.matrixTypeCount != 1) return std::string("expected one type modifier");
  w.type = elemOf(ins.matrixTypes[0]).value_or(Elem::None);
  const bool ab = w.frag == MatOp::A || w.frag == MatOp::B;
  if (ab ? (w.type != Elem::F16 && w.type != Elem::BF16) : (w.type != Elem::F16 && w.type != Elem::F32))
    return fmt::format("wmma .{} fragments of .{} are not executed", ab ? "a/.b" : "c/.d", elemName(w.type));
  if (ins.matrixLayoutCount != 1) return std::string("expected one layout modifier (.row or .col)");
  w.rowMajor = ins.matrixLayouts[0] == Mod::Row;
  return w;
}

MatCell ldmatrixCell(bool trans, int lane, int reg, int half) {
  const int r = lane >> 2, c = 2 * (lane & 3) + half;
  return trans ? MatCell{reg, c, r} : MatCell{reg, r, c};
}

int matrixCount(const Instr& ins) {
  if (ins.has(Mod::X1)) return 1;
  if (ins.has(Mod::X2)) return 2;
  if (ins.has(Mod::X4)) return 4;
  return 0;
}

}  // namespace ws::core::mx
