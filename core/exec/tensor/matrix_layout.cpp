#include "core/exec/tensor/matrix_layout.hpp"

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
  if (rnd != Mod::None) s += rnd == Mod::Rz ? " .rz" : rnd == Mod::Rm ? " .rm" : rnd == Mod::Rp ? " .rp" : " .rn";
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
      {Mod::M32n8k16, {32, 8, 16}},   {Mod::M8n32k16, {8, 32, 16}},   {Mod::M16n16k8, {16, 16, 8}},
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

bool isWmmaShape16(Shape s) { return s == Shape{16, 16, 16} || s == Shape{32, 8, 16} || s == Shape{8, 32, 16}; }
bool isWmmaShape(Shape s) {
  return isWmmaShape16(s) || s == Shape{16, 16, 8} || s == Shape{8, 8, 4} || s == Shape{8, 8, 32} ||
         s == Shape{8, 8, 128};
}

// Shapes and types of wmma.mma on sm_90 (PTX ISA 9.7.14.4.7 wmma.mma; what
// ptxas 13 accepts for sm_90: .satfinite only with integers, which must be
// .s8.s8 or .u8.u8 (.s4.s4, .u4.u4); a rounding modifier only with .f64;
// sub-byte and single-bit forms only .row.col).
bool legalWmma(const MmaForm& f) {
  const Shape s = f.shape;
  const bool accI = f.c == Elem::S32 && f.d == Elem::S32;
  const bool intAB = (isI8(f.a) || isI4(f.a)) && f.b == f.a;
  if (f.rnd != Mod::None && f.a != Elem::F64) return false;
  if (f.satfinite && !intAB) return false;
  if ((f.bitOp != Mod::None) != (f.a == Elem::B1)) return false;
  if (isWmmaShape16(s)) {
    if (f.a == Elem::F16)
      return f.b == Elem::F16 && (f.c == Elem::F16 || f.c == Elem::F32) && (f.d == Elem::F16 || f.d == Elem::F32);
    if (f.a == Elem::BF16) return f.b == Elem::BF16 && f.c == Elem::F32 && f.d == Elem::F32;
    return isI8(f.a) && intAB && accI;
  }
  if (s == Shape{16, 16, 8}) return f.a == Elem::TF32 && f.b == Elem::TF32 && f.c == Elem::F32 && f.d == Elem::F32;
  if (s == Shape{8, 8, 4}) return f.a == Elem::F64 && f.b == Elem::F64 && f.c == Elem::F64 && f.d == Elem::F64;
  if (!f.aRow || f.bRow) return false;
  if (s == Shape{8, 8, 32}) return isI4(f.a) && intAB && accI;
  if (s == Shape{8, 8, 128}) return f.a == Elem::B1 && f.b == Elem::B1 && accI;
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
  if (ins.op == Opcode::WmmaMma && ins.matrixTypeCount == 2) {  // .dtype.ctype: f16 multiplicands
    f.d = t[0];
    f.c = t[1];
    f.a = f.b = Elem::F16;
  } else if (ins.matrixTypeCount == 4) {
    f.d = t[0];
    f.a = t[1];
    f.b = t[2];
    f.c = t[3];
  } else {
    return std::string(ins.op == Opcode::WmmaMma
                           ? "wmma.mma names .dtype.ctype (f16 inputs) or .dtype.atype.btype.ctype"
                           : "mma.sync names four types: .dtype.atype.btype.ctype");
  }
  f.satfinite = ins.has(Mod::Satfinite);
  if (ins.has(Mod::Xor)) f.bitOp = Mod::Xor;
  if (ins.has(Mod::And)) f.bitOp = Mod::And;
  if (ins.op == Opcode::WmmaMma)
    for (Mod m : {Mod::Rn, Mod::Rz, Mod::Rm, Mod::Rp})
      if (ins.has(m)) f.rnd = m;
  if (ins.matrixLayoutCount == 2) {
    f.aRow = ins.matrixLayouts[0] == Mod::Row;
    f.bRow = ins.matrixLayouts[1] == Mod::Row;
  } else {
    return std::string("expected .alayout.blayout (.row.col)");
  }
  if (ins.op == Opcode::Mma && !legalMma(f)) return fmt::format("{} is not an mma.sync form of sm_90", f.describe());
  if (ins.op == Opcode::WmmaMma && !legalWmma(f))
    return fmt::format("{} is not a wmma.mma form of sm_90", f.describe());
  return f;
}

FragShape fragShape(const MmaForm& f, MatOp o) {
  const Elem e = f.elem(o);
  FragShape s;
  s.elemBits = elemBits(e);
  s.regBits = e == Elem::F64 ? 64 : 32;
  s.perReg = s.regBits / s.elemBits;
  const int perLane = f.rows(o) * f.cols(o) * f.problems() / 32;
  s.regs = s.unique = perLane / s.perReg;
  // wmma: an f16 A or B fragment is 8 registers whatever the shape (the
  // PTX ISA's register count); the H100 fills the ones beyond `unique` with
  // copies.
  if (f.op == Opcode::WmmaMma && e == Elem::F16 && (o == MatOp::A || o == MatOp::B)) s.regs = 8;
  return s;
}

namespace {

MmaForm asMma(const MmaForm& f, Shape shape) {
  MmaForm m = f;
  m.op = Opcode::Mma;
  m.shape = shape;
  return m;
}

// The H100's wmma layouts (golden-tc_wmma*.json.gz). The m8n8k* shapes are
// their mma.sync forms. m16n16kK and m32n8k16 are two mma.m16n8kK problems:
// side by side in n (A shared, B and C/D split in column halves) or stacked
// in m (B shared, A and C/D split in row halves); a fragment's registers are
// the first problem's, then the second's, and a shared operand's are the
// one problem's. m8n32k16 is computed as D^T = B^T A^T, an m32n8k16: its B
// fragment holds B^T as m32n8k16's A, its A holds A^T as m32n8k16's B, C/D
// hold C^T/D^T.
Cell wmmaCell(const MmaForm& f, MatOp o, int lane, int reg, int slot) {
  const Shape s = f.shape;
  if (s.m == 8 && s.n == 8) return fragCell(asMma(f, s), o, lane, reg, slot);
  if (s == Shape{8, 32, 16}) {
    MmaForm t = f;
    t.shape = {32, 8, 16};
    std::swap(t.a, t.b);
    const MatOp to = o == MatOp::A ? MatOp::B : o == MatOp::B ? MatOp::A : o;
    const Cell c = wmmaCell(t, to, lane, reg, slot);
    return {0, c.col, c.row};
  }
  const MmaForm atom = asMma(f, {16, 8, s.k});
  const int atomRegs = fragShape(atom, o).regs;
  const int r = reg % fragShape(f, o).unique;
  const int half = r / atomRegs;
  Cell c = fragCell(atom, o, lane, r % atomRegs, slot);
  if (s.n == 16 && o != MatOp::A) c.col += 8 * half;
  if (s.m == 32 && o != MatOp::B) c.row += 16 * half;
  return c;
}

}  // namespace

std::string wmmaLayoutSummary(const MmaForm& f) {
  const Shape s = f.shape;
  if (s.m == 8 && s.n == 8) return fmt::format("the mma.m8n8k{} layout", s.k);
  if (s == Shape{8, 32, 16}) return "the m32n8k16 layout of the transposed product D^T = B^T A^T";
  if (s.m == 32) return "the mma.m16n8k16 layout twice, stacked: rows 0-15, then 16-31";
  return fmt::format("the mma.m16n8k{} layout twice, side by side: columns 0-7, then 8-15", s.k);
}

Cell fragCell(const MmaForm& f, MatOp o, int lane, int reg, int slot) {
  if (f.op == Opcode::WmmaMma) return wmmaCell(f, o, lane, reg, slot);
  const int g = lane >> 2, t = lane & 3;
  const FragShape s = fragShape(f, o);
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
  // The fragment's own type, and for the other operands one the shape takes
  // (fragCell of an m8n8k4 form differs between f16 and f64, say).
  MmaForm f;
  f.op = Opcode::WmmaMma;
  f.shape = shape;
  const bool ab = frag == MatOp::A || frag == MatOp::B;
  const Elem in = shape.k == 4     ? Elem::F64
                  : shape.k == 8   ? Elem::TF32
                  : shape.k == 32  ? Elem::S4
                  : shape.k == 128 ? Elem::B1
                                   : Elem::F16;
  f.a = f.b = ab ? type : in;
  const Elem acc = isFloatElem(f.a) ? (f.a == Elem::F64 ? Elem::F64 : Elem::F32) : Elem::S32;
  f.c = f.d = ab ? acc : type;
  if (f.a == Elem::B1) f.bitOp = Mod::Xor;
  return f;
}

namespace {

// Element types of wmma.load/.store per shape and fragment on sm_90 (PTX
// ISA 9.7.14.4.5 wmma.load, 9.7.14.4.6 wmma.store); "" when legal.
std::string wmmaLdStError(const WmmaLdSt& w) {
  const bool ab = w.frag == MatOp::A || w.frag == MatOp::B;
  const Elem e = w.type;
  bool ok = false;
  if (isWmmaShape16(w.shape))
    ok = ab ? (e == Elem::F16 || e == Elem::BF16 || isI8(e)) : (e == Elem::F16 || e == Elem::F32 || e == Elem::S32);
  else if (w.shape == Shape{16, 16, 8})
    ok = e == (ab ? Elem::TF32 : Elem::F32);
  else if (w.shape == Shape{8, 8, 4})
    ok = e == Elem::F64;
  else if (w.shape == Shape{8, 8, 32} || w.shape == Shape{8, 8, 128})
    ok = ab ? (w.shape.k == 32 ? isI4(e) : e == Elem::B1) : e == Elem::S32;
  if (!ok)
    return fmt::format("wmma .{} fragments of .{} do not exist for m{}n{}k{}", operandName(w.frag), elemName(e),
                       w.shape.m, w.shape.n, w.shape.k);
  // Sub-byte and single-bit A is .row only, B .col only.
  if (w.shape.k >= 32 && ab && w.rowMajor != (w.frag == MatOp::A))
    return fmt::format("wmma .{} fragments of .{} are .{} only", w.frag == MatOp::A ? "a" : "b", elemName(e),
                       w.frag == MatOp::A ? "row" : "col");
  return {};
}

}  // namespace

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
  const auto shape = shapeOf(ins);
  if (!shape || !isWmmaShape(*shape))
    return std::string(
        "expected a wmma shape (.m16n16k16, .m32n8k16, .m8n32k16, .m16n16k8, .m8n8k4, .m8n8k32, .m8n8k128)");
  w.shape = *shape;
  if (ins.matrixTypeCount != 1) return std::string("expected one type modifier");
  w.type = elemOf(ins.matrixTypes[0]).value_or(Elem::None);
  if (ins.matrixLayoutCount != 1) return std::string("expected one layout modifier (.row or .col)");
  w.rowMajor = ins.matrixLayouts[0] == Mod::Row;
  if (std::string err = wmmaLdStError(w); !err.empty()) return err;
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
