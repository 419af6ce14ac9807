// Video instructions (PTX ISA 9.7.16): the scalar forms (vadd vsub vabsdiff
// vmin vmax vshl vshr vmad vset, 9.7.16.1) on a byte, half-word or word of
// each source, with saturation and an optional secondary operation or
// sub-word merge with c; and the SIMD forms (vadd2 ... vset2, vadd4 ...
// vset4, 9.7.16.2) on two half-words or four bytes picked from {b, a}, with a
// merge into c or an accumulate into c under a destination mask. nvcc emits
// them for the SIMD intrinsics (__vabsdiffu4, __vsetgtu2, ...).
#include <algorithm>
#include <cstdint>

#include "core/exec/alu_util.hpp"
#include "core/exec/exec_ctx.hpp"

namespace ws::core {
namespace {

using Sel = Operand::Selector;
// vmad's product of two 33-bit values needs 66 bits (GCC and clang both have it).
__extension__ typedef __int128 Int128;

bool isSignedType(DataType t) { return t == DataType::S32; }

// partSelectSignExtend: the selected byte/half-word (or the whole word),
// sign- or zero-extended by the operand type.
std::int64_t partSelect(std::uint32_t v, DataType t, const Sel& sel) {
  const bool s = isSignedType(t);
  if (sel.kind == Sel::Kind::None) return s ? static_cast<std::int32_t>(v) : static_cast<std::int64_t>(v);
  const unsigned width = sel.kind == Sel::Kind::Byte ? 8 : 16;
  const std::uint32_t part = (v >> (sel.digits[0] * width)) & ((1u << width) - 1);
  if (s && (part >> (width - 1)) != 0) return static_cast<std::int64_t>(part) - (std::int64_t{1} << width);
  return part;
}

std::int64_t clampTo(std::int64_t v, bool isSigned, unsigned bits) {
  const std::int64_t lo = isSigned ? -(std::int64_t{1} << (bits - 1)) : 0;
  const std::int64_t hi = isSigned ? (std::int64_t{1} << (bits - 1)) - 1 : (std::int64_t{1} << bits) - 1;
  return std::clamp(v, lo, hi);
}

unsigned selWidth(const Sel& s) { return s.kind == Sel::Kind::Byte ? 8 : s.kind == Sel::Kind::Half ? 16 : 32; }

// optMerge: the low bits of r placed at the destination selector, the rest of c.
std::uint32_t merge(const Sel& dsel, std::uint32_t r, std::uint32_t c) {
  if (dsel.kind == Sel::Kind::None) return r;
  const unsigned w = selWidth(dsel), shift = dsel.digits[0] * w;
  const std::uint32_t m = ((1u << w) - 1) << shift;
  return ((r << shift) & m) | (c & ~m);
}

std::uint32_t secondary(Mod op2, std::int64_t t, std::uint32_t c, bool isSigned) {
  const std::int64_t cv = isSigned ? static_cast<std::int32_t>(c) : static_cast<std::int64_t>(c);
  switch (op2) {
    case Mod::Add: return static_cast<std::uint32_t>(t + cv);
    case Mod::Min: return static_cast<std::uint32_t>(std::min(t, cv));
    case Mod::Max: return static_cast<std::uint32_t>(std::max(t, cv));
    default: return static_cast<std::uint32_t>(t);
  }
}

bool compare(Mod cmp, std::int64_t a, std::int64_t b) {
  switch (cmp) {
    case Mod::Eq: return a == b;
    case Mod::Ne: return a != b;
    case Mod::Lt: return a < b;
    case Mod::Le: return a <= b;
    case Mod::Gt: return a > b;
    case Mod::Ge: return a >= b;
    default: return false;
  }
}

// The scalar forms: vop.dtype.atype.btype{.sat}{.op2} d{.dsel}, a{.asel}, b{.bsel}{, c}.
std::uint32_t scalar(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const DataType dt = ins.type, at = ins.type2;
  const DataType bt = ins.op == Opcode::Vset ? ins.type2 : ins.type3;
  const Sel& dsel = ins.ops[0].sel;
  const std::int64_t ta = partSelect(a, ins.op == Opcode::Vset ? ins.type : at, ins.ops[1].sel);
  std::int64_t tb = partSelect(b, ins.op == Opcode::Vshl || ins.op == Opcode::Vshr ? DataType::U32 : bt, ins.ops[2].sel);
  std::int64_t t = 0;
  bool isSigned = isSignedType(dt);
  switch (ins.op) {
    case Opcode::Vadd: t = ta + tb; break;
    case Opcode::Vsub: t = ta - tb; break;
    case Opcode::Vabsdiff: t = ta > tb ? ta - tb : tb - ta; break;
    case Opcode::Vmin: t = std::min(ta, tb); break;
    case Opcode::Vmax: t = std::max(ta, tb); break;
    case Opcode::Vshl:
    case Opcode::Vshr:
      if (ins.has(Mod::Clamp) && tb > 32) tb = 32;
      if (ins.has(Mod::Wrap)) tb &= 0x1f;
      t = ins.op == Opcode::Vshl ? (tb >= 63 ? 0 : static_cast<std::int64_t>(static_cast<std::uint64_t>(ta) << tb))
                                 : (ta >> std::min<std::int64_t>(tb, 63));
      break;
    case Opcode::Vset:
      // The comparison's result is unsigned, so are d and c.
      t = compare(ins.cmp, partSelect(a, ins.type, ins.ops[1].sel), partSelect(b, ins.type2, ins.ops[2].sel)) ? 1 : 0;
      isSigned = false;
      break;
    default: break;
  }
  if (ins.has(Mod::Sat) && ins.op != Opcode::Vset) t = clampTo(t, isSigned, selWidth(dsel));
  if (ins.opMod == Mod::Add || ins.opMod == Mod::Min || ins.opMod == Mod::Max) return secondary(ins.opMod, t, c, isSigned);
  return merge(dsel, static_cast<std::uint32_t>(t), c);
}

// vmad.dtype.atype.btype{.po}{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c.
std::uint32_t vmad(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const std::int64_t ta = partSelect(a, ins.type2, ins.ops[1].sel);
  const std::int64_t tb = partSelect(b, ins.type3, ins.ops[2].sel);
  const bool negProduct = ins.ops[1].negate != ins.ops[2].negate, negC = ins.ops[3].negate;
  const bool signedFinal = isSignedType(ins.type2) || isSignedType(ins.type3) || negProduct || negC;
  Int128 tmp = static_cast<Int128>(ta) * tb;
  int lsb = 0;
  std::uint32_t cc = c;
  if (ins.has(Mod::Po)) {
    lsb = 1;
  } else if (negProduct) {
    tmp = ~tmp;
    lsb = 1;
  } else if (negC) {
    cc = ~cc;
    lsb = 1;
  }
  const Int128 c128 = signedFinal ? static_cast<Int128>(static_cast<std::int32_t>(cc)) : static_cast<Int128>(cc);
  tmp = tmp + c128 + lsb;
  if (ins.has(Mod::Shr7)) tmp >>= 7;
  if (ins.has(Mod::Shr15)) tmp >>= 15;
  std::int64_t result = static_cast<std::int64_t>(tmp);
  if (ins.has(Mod::Sat)) result = clampTo(result, signedFinal, 32);
  return static_cast<std::uint32_t>(result);
}

// The n elements a SIMD source selector picks from {b, a} (n = 2 half-words
// or 4 bytes), sign- or zero-extended; `dflt` when the operand has none.
void simdElements(std::uint32_t a, std::uint32_t b, const Sel& sel, const Sel& dflt, int n, DataType t,
                  std::int64_t* out) {
  const Sel& s = sel.kind == Sel::Kind::None ? dflt : sel;
  const unsigned w = n == 2 ? 16 : 8;
  const std::uint64_t ab = static_cast<std::uint64_t>(b) << 32 | a;
  for (int i = 0; i < n; ++i) {
    const unsigned digit = s.digits[static_cast<std::size_t>(n - 1 - i)];  // digits are listed from element n-1 down
    const std::uint32_t part = static_cast<std::uint32_t>(ab >> (digit * w)) & ((1u << w) - 1);
    const bool neg = isSignedType(t) && (part >> (w - 1)) != 0;
    out[i] = neg ? static_cast<std::int64_t>(part) - (std::int64_t{1} << w) : part;
  }
}

Sel selOf(Sel::Kind k, std::initializer_list<std::uint8_t> digits) {
  Sel s;
  s.kind = k;
  s.count = static_cast<std::uint8_t>(digits.size());
  std::size_t i = 0;
  for (std::uint8_t d : digits) s.digits[i++] = d;
  return s;
}

std::uint32_t simd(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const bool two = ins.op == Opcode::Vadd2 || ins.op == Opcode::Vsub2 || ins.op == Opcode::Vavrg2 ||
                   ins.op == Opcode::Vabsdiff2 || ins.op == Opcode::Vmin2 || ins.op == Opcode::Vmax2 ||
                   ins.op == Opcode::Vset2;
  const int n = two ? 2 : 4;
  const unsigned w = two ? 16 : 8;
  const Sel::Kind k = two ? Sel::Kind::Half : Sel::Kind::Byte;
  const bool isSet = ins.op == Opcode::Vset2 || ins.op == Opcode::Vset4;
  // vset2/vset4 have no destination type: .atype.btype.
  const DataType dt = isSet ? DataType::U32 : ins.type;
  const DataType at = isSet ? ins.type : ins.type2, bt = isSet ? ins.type2 : ins.type3;
  std::int64_t va[4], vb[4], t[4];
  simdElements(a, b, ins.ops[1].sel, two ? selOf(k, {1, 0}) : selOf(k, {3, 2, 1, 0}), n, at, va);
  simdElements(a, b, ins.ops[2].sel, two ? selOf(k, {3, 2}) : selOf(k, {7, 6, 5, 4}), n, bt, vb);
  for (int i = 0; i < n; ++i) {
    switch (ins.op) {
      case Opcode::Vadd2: case Opcode::Vadd4: t[i] = va[i] + vb[i]; break;
      case Opcode::Vsub2: case Opcode::Vsub4: t[i] = va[i] - vb[i]; break;
      case Opcode::Vavrg2: case Opcode::Vavrg4: {
        const std::int64_t s = va[i] + vb[i];
        t[i] = s >= 0 ? (s + 1) >> 1 : s >> 1;
        break;
      }
      case Opcode::Vabsdiff2: case Opcode::Vabsdiff4: t[i] = va[i] > vb[i] ? va[i] - vb[i] : vb[i] - va[i]; break;
      case Opcode::Vmin2: case Opcode::Vmin4: t[i] = std::min(va[i], vb[i]); break;
      case Opcode::Vmax2: case Opcode::Vmax4: t[i] = std::max(va[i], vb[i]); break;
      default: t[i] = compare(ins.cmp, va[i], vb[i]) ? 1 : 0; break;
    }
    if (ins.has(Mod::Sat) && !isSet) t[i] = clampTo(t[i], isSignedType(dt), w);
  }
  // The destination mask: which elements are written (default: all).
  bool mask[4] = {true, true, true, true};
  const Sel& m = ins.ops[0].sel;
  if (m.kind != Sel::Kind::None) {
    for (bool& x : mask) x = false;
    for (std::size_t i = 0; i < m.count; ++i) mask[m.digits[i]] = true;
  }
  if (ins.opMod == Mod::Add) {
    std::uint32_t d = c;
    for (int i = 0; i < n; ++i)
      if (mask[i]) d += static_cast<std::uint32_t>(t[i]);
    return d;
  }
  std::uint32_t d = 0;
  const std::uint32_t elemMask = (1u << w) - 1;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t shift = static_cast<std::uint32_t>(i) * w;
    const std::uint32_t v = mask[i] ? static_cast<std::uint32_t>(t[i]) & elemMask : (c >> shift) & elemMask;
    d |= v << shift;
  }
  return d;
}

}  // namespace

void execVideo(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  LaneValues a, b, c{}, d;
  ctx.gather(ins.ops[1], DataType::U32, a);
  ctx.gather(ins.ops[2], DataType::U32, b);
  if (ins.ops.size() > 3) ctx.gather(ins.ops[3], DataType::U32, c);
  // A merge into a sub-word of d reads the rest from c.
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    const auto av = static_cast<std::uint32_t>(a[l]), bv = static_cast<std::uint32_t>(b[l]);
    const auto cv = static_cast<std::uint32_t>(c[l]);
    switch (ins.op) {
      case Opcode::Vmad: d[l] = vmad(ins, av, bv, cv); break;
      case Opcode::Vadd: case Opcode::Vsub: case Opcode::Vabsdiff: case Opcode::Vmin: case Opcode::Vmax:
      case Opcode::Vshl: case Opcode::Vshr: case Opcode::Vset:
        d[l] = scalar(ins, av, bv, cv);
        break;
      default: d[l] = simd(ins, av, bv, cv); break;
    }
  }
  ctx.scatter(ins.ops[0], d);
}

}  // namespace ws::core
