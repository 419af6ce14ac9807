// Video instructions (PTX ISA 9.7.16): the scalar forms (vadd vsub vabsdiff
// vmin vmax vshl vshr vmad vset, 9.7.16.1) on a byte, half-word or word of
// each source, with saturation and an optional secondary operation or
// sub-word merge with c; and the SIMD forms (vadd2 ... vset2, vadd4 ...
// vset4, 9.7.16.2) on two half-words or four bytes picked from {b, a}, with a
// merge into c or an accumulate into c under a destination mask. nvcc emits
// them for the SIMD intrinsics (__vabsdiffu4, __vsetgtu2, ...).
//
// An H100 has no video unit: ptxas 13.0 compiles each video instruction to
// 64-bit integer code. The SIMD forms come out as the ISA says; the scalar
// ones depart from its pseudocode in the ways Quirk lists (found in
// tests/data/video, the 1312 recorded scalar forms, and in the SASS ptxas
// writes for each). The engine computes what the H100 computes; it also
// computes the ISA's result, and the lanes where the two differ get an
// isa-deviation warning naming the rules.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "core/exec/alu/alu_util.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

using Sel = Operand::Selector;
// The ISA's intermediates need more than 64 bits: vmad's product of two 33-bit
// values, vshl's shift by 32 (GCC and clang both have __int128).
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

template <class T>
T clampTo(T v, bool isSigned, unsigned bits) {
  const T lo = isSigned ? -(T{1} << (bits - 1)) : 0;
  const T hi = isSigned ? (T{1} << (bits - 1)) - 1 : (T{1} << bits) - 1;
  return std::clamp(v, lo, hi);
}

unsigned selWidth(const Sel& s) { return s.kind == Sel::Kind::Byte ? 8 : s.kind == Sel::Kind::Half ? 16 : 32; }

// A value's low 32 bits, sign-extended.
std::int64_t low32Signed(std::int64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); }

// optMerge: the low bits of r placed at the destination selector, the rest of c.
std::uint32_t merge(const Sel& dsel, std::uint32_t r, std::uint32_t c) {
  if (dsel.kind == Sel::Kind::None) return r;
  const unsigned w = selWidth(dsel), shift = dsel.digits[0] * w;
  const std::uint32_t m = ((1u << w) - 1) << shift;
  return ((r << shift) & m) | (c & ~m);
}

bool compare(Mod cmp, std::int64_t a, std::int64_t b) {
  switch (cmp) {
    case Mod::Eq:
      return a == b;
    case Mod::Ne:
      return a != b;
    case Mod::Lt:
      return a < b;
    case Mod::Le:
      return a <= b;
    case Mod::Gt:
      return a > b;
    case Mod::Ge:
      return a >= b;
    default:
      return false;
  }
}

bool isShift(Opcode op) { return op == Opcode::Vshl || op == Opcode::Vshr; }

// The scalar forms' operands: vop.dtype.atype.btype d{.dsel}, a{.asel},
// b{.bsel}{, c}; vset.atype.btype.cmp has no dtype; vshl/vshr take b as .u32.
struct ScalarArgs {
  std::int64_t ta = 0, tb = 0;
  bool dSigned = false;  // .dtype signed (vset: .atype, which decides its secondary .min/.max)
};

ScalarArgs scalarArgs(const Instr& ins, std::uint32_t a, std::uint32_t b) {
  const bool set = ins.op == Opcode::Vset;
  const DataType at = set ? ins.type : ins.type2;
  const DataType bt = set ? ins.type2 : isShift(ins.op) ? DataType::U32 : ins.type3;
  return {partSelect(a, at, ins.ops[1].sel), partSelect(b, bt, ins.ops[2].sel), isSignedType(ins.type)};
}

// The primary operation on the extended sources, exactly (vshl's up to 65 bits).
Int128 primary(const Instr& ins, std::int64_t ta, std::int64_t tb) {
  switch (ins.op) {
    case Opcode::Vadd:
      return ta + tb;
    case Opcode::Vsub:
      return ta - tb;
    case Opcode::Vabsdiff:
      return ta > tb ? ta - tb : tb - ta;
    case Opcode::Vmin:
      return std::min(ta, tb);
    case Opcode::Vmax:
      return std::max(ta, tb);
    case Opcode::Vshl:
    case Opcode::Vshr:
      if (ins.has(Mod::Clamp) && tb > 32) tb = 32;
      if (ins.has(Mod::Wrap)) tb &= 0x1f;
      if (ins.op == Opcode::Vshr) return ta >> std::min<std::int64_t>(tb, 63);
      return tb > 63 ? 0 : static_cast<Int128>(ta) << tb;  // tb <= 32 after .clamp/.wrap
    case Opcode::Vset:
      return compare(ins.cmp, ta, tb) ? 1 : 0;
    default:
      return 0;
  }
}

// ---- the PTX ISA's pseudocode (9.7.16.1), kept to tell where an H100 differs

std::uint32_t scalarIsa(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const ScalarArgs x = scalarArgs(ins, a, b);
  Int128 t = primary(ins, x.ta, x.tb);
  // vset's result is unsigned (ISA: no dtype), so are its c and d.
  const bool isSigned = ins.op != Opcode::Vset && x.dSigned;
  const Sel& dsel = ins.ops[0].sel;
  if (ins.has(Mod::Sat) && ins.op != Opcode::Vset) t = clampTo(t, isSigned, selWidth(dsel));
  const Int128 cv = isSigned ? static_cast<std::int32_t>(c) : static_cast<std::int64_t>(c);
  switch (ins.opMod) {
    case Mod::Add:
      return static_cast<std::uint32_t>(t + cv);
    case Mod::Min:
      return static_cast<std::uint32_t>(std::min(t, cv));
    case Mod::Max:
      return static_cast<std::uint32_t>(std::max(t, cv));
    default:
      return merge(dsel, static_cast<std::uint32_t>(t), c);
  }
}

// vmad.dtype.atype.btype{.po}{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c.
std::uint32_t vmadIsa(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
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
  if (ins.has(Mod::Sat)) tmp = clampTo(tmp, signedFinal, 32);
  return static_cast<std::uint32_t>(tmp);
}

// ---- what an H100 computes (ptxas 13.0's code for sm_90)

// Where an H100's scalar video code departs from the ISA's pseudocode.
enum Quirk : unsigned {
  // optMerge into d.h1 stores bits 16..31 of the result, not bits 0..15
  // (ptxas merges with PRMT 0x3254): vset ... d.h1 always writes 0 there.
  kMergeH1 = 1u << 0,
  // .sat of a whole .u32 word (vadd vsub vabsdiff vmin vmax): negative
  // results give 0, but results past 0xffffffff wrap to their low 32 bits.
  kSatWordUnsigned = 1u << 1,
  // .sat into d.b0-d.b3/d.h0/d.h1 clamps the 64-bit result as an unsigned
  // number to the maximum (0xff/0xffff, .s32: 0x7f/0x7fff): a negative
  // result gives the maximum, and nothing gives the signed minimum.
  kSatSubword = 1u << 2,
  // vshl/vshr .sat clamps to 32 bits whatever d's selector, and clamps the
  // shifted value's low 34 bits (as a signed number), not the whole value.
  kSatShift = 1u << 3,
  // The secondary .min/.max compares 64-bit numbers: c sign-extended and a
  // signed comparison for a .s32 dtype (vset: a .s32 atype), c zero-extended
  // and an unsigned one for .u32. The result is taken exactly, except that
  // vadd's and vsub's result, and vshl's and vshr's after .sat, are their
  // low 32 bits sign-extended (vadd.u32 giving 0x80000000 is "negative").
  kSecondaryMinMax = 1u << 4,
  // vmad multiplies whole-word .u32 sources as .s32 (32 x 32 -> 64 bits
  // signed), always sign-extends c, and keeps 64 bits; .shr7/.shr15 shift
  // arithmetically when the result is signed, logically otherwise, and .sat
  // clamps that 64-bit number.
  kVmadSigned = 1u << 5,
};

// The quirks an instruction form is subject to.
unsigned quirksOf(const Instr& ins) {
  if (ins.op == Opcode::Vmad) return kVmadSigned;
  unsigned q = 0;
  const Sel& dsel = ins.ops[0].sel;
  const bool op2 = ins.opMod == Mod::Add || ins.opMod == Mod::Min || ins.opMod == Mod::Max;
  if (!op2 && dsel.kind == Sel::Kind::Half && dsel.digits[0] == 1) q |= kMergeH1;
  if (ins.has(Mod::Sat) && ins.op != Opcode::Vset) {
    if (isShift(ins.op))
      q |= kSatShift;
    else if (dsel.kind != Sel::Kind::None && !op2)
      q |= kSatSubword;
    else if (!isSignedType(ins.type))
      q |= kSatWordUnsigned;
  }
  if (ins.opMod == Mod::Min || ins.opMod == Mod::Max) q |= kSecondaryMinMax;
  return q;
}

std::string quirkText(unsigned q) {
  std::string s;
  const auto add = [&](Quirk k, const char* text) {
    if ((q & k) == 0) return;
    if (!s.empty()) s += "; ";
    s += text;
  };
  add(kMergeH1, "d.h1 receives bits 16..31 of the result, not bits 0..15");
  add(kSatWordUnsigned, ".sat to a whole .u32 word makes negative results 0 but lets results past 0xffffffff wrap");
  add(kSatSubword,
      ".sat into a byte or half-word clamps the result as an unsigned 64-bit number, so a negative "
      "result gives the maximum");
  add(kSatShift, "vshl/vshr .sat clamps the low 34 bits of the shifted value to 32 bits, whatever d's selector");
  add(kSecondaryMinMax,
      "the secondary .min/.max compares 64-bit values (vadd's, vsub's and a .sat shift's result "
      "sign-extended from bit 31; c extended by the signedness of .dtype, vset's by .atype)");
  add(kVmadSigned, "vmad multiplies whole-word .u32 sources as .s32 and sign-extends c, in 64 bits");
  return s;
}

std::uint32_t scalarH100(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const ScalarArgs x = scalarArgs(ins, a, b);
  const Sel& dsel = ins.ops[0].sel;
  const bool shift = isShift(ins.op), sat = ins.has(Mod::Sat) && ins.op != Opcode::Vset;
  // ptxas keeps 64 bits: a .u32 vshl by 32 wraps there.
  std::int64_t t = static_cast<std::int64_t>(primary(ins, x.ta, x.tb));
  if (sat && shift) {
    // kSatShift: the low 34 bits as a signed number, clamped to 32 bits.
    t = static_cast<std::int64_t>(static_cast<std::uint64_t>(t) << 30) >> 30;
    t = clampTo(t, x.dSigned, 32);
  } else if (sat && dsel.kind == Sel::Kind::None) {
    t = x.dSigned ? clampTo(t, true, 32) : std::max<std::int64_t>(t, 0);  // kSatWordUnsigned
  } else if (sat) {
    const unsigned w = selWidth(dsel);
    const std::uint64_t max = x.dSigned ? (std::uint64_t{1} << (w - 1)) - 1 : (std::uint64_t{1} << w) - 1;
    t = static_cast<std::int64_t>(std::min(static_cast<std::uint64_t>(t), max));  // kSatSubword
  }
  switch (ins.opMod) {
    case Mod::Add:
      return static_cast<std::uint32_t>(t) + c;
    case Mod::Min:
    case Mod::Max: {
      // kSecondaryMinMax (equal numbers have equal low 32 bits: either pick is d)
      const bool low32 = ins.op == Opcode::Vadd || ins.op == Opcode::Vsub || (shift && sat);
      const std::int64_t v = low32 ? low32Signed(t) : t;
      const auto pick = [&](auto tv, auto cv) { return ins.opMod == Mod::Min ? tv <= cv : tv >= cv; };
      const bool takeT = x.dSigned ? pick(v, low32Signed(c)) : pick(static_cast<std::uint64_t>(v), std::uint64_t{c});
      return takeT ? static_cast<std::uint32_t>(t) : c;
    }
    default:
      break;
  }
  if (dsel.kind == Sel::Kind::Half && dsel.digits[0] == 1)  // kMergeH1
    return (static_cast<std::uint32_t>(t) & 0xffff0000u) | (c & 0xffffu);
  return merge(dsel, static_cast<std::uint32_t>(t), c);
}

std::uint32_t vmadH100(const Instr& ins, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  // kVmadSigned: the selected part extended into 32 bits, then read as .s32.
  const std::int64_t ta = low32Signed(partSelect(a, ins.type2, ins.ops[1].sel));
  const std::int64_t tb = low32Signed(partSelect(b, ins.type3, ins.ops[2].sel));
  const bool negProduct = ins.ops[1].negate != ins.ops[2].negate, negC = ins.ops[3].negate;
  const bool signedFinal = isSignedType(ins.type2) || isSignedType(ins.type3) || negProduct || negC;
  const std::int64_t p = ta * tb, cv = static_cast<std::int32_t>(c);  // |p| <= 2^62: no overflow below
  std::int64_t v = ins.has(Mod::Po) ? p + cv + 1 : negProduct ? cv - p : negC ? p - cv : p + cv;
  const int scale = ins.has(Mod::Shr7) ? 7 : ins.has(Mod::Shr15) ? 15 : 0;
  if (scale != 0) v = signedFinal ? v >> scale : static_cast<std::int64_t>(static_cast<std::uint64_t>(v) >> scale);
  if (ins.has(Mod::Sat)) v = clampTo(v, signedFinal, 32);
  return static_cast<std::uint32_t>(v);
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
      case Opcode::Vadd2:
      case Opcode::Vadd4:
        t[i] = va[i] + vb[i];
        break;
      case Opcode::Vsub2:
      case Opcode::Vsub4:
        t[i] = va[i] - vb[i];
        break;
      case Opcode::Vavrg2:
      case Opcode::Vavrg4: {
        const std::int64_t s = va[i] + vb[i];
        t[i] = s >= 0 ? (s + 1) >> 1 : s >> 1;
        break;
      }
      case Opcode::Vabsdiff2:
      case Opcode::Vabsdiff4:
        t[i] = va[i] > vb[i] ? va[i] - vb[i] : vb[i] - va[i];
        break;
      case Opcode::Vmin2:
      case Opcode::Vmin4:
        t[i] = std::min(va[i], vb[i]);
        break;
      case Opcode::Vmax2:
      case Opcode::Vmax4:
        t[i] = std::max(va[i], vb[i]);
        break;
      default:
        t[i] = compare(ins.cmp, va[i], vb[i]) ? 1 : 0;
        break;
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
  LaneValues a, b, c{}, d{};
  ctx.gather(ins.ops[1], DataType::U32, a);
  ctx.gather(ins.ops[2], DataType::U32, b);
  // A merge into a sub-word of d reads the rest from c.
  if (ins.ops.size() > 3) ctx.gather(ins.ops[3], DataType::U32, c);
  const bool scalarForm = ins.op == Opcode::Vadd || ins.op == Opcode::Vsub || ins.op == Opcode::Vabsdiff ||
                          ins.op == Opcode::Vmin || ins.op == Opcode::Vmax || isShift(ins.op) || ins.op == Opcode::Vset;
  LaneMask deviates = 0;
  std::string example;
  alu::forEachLane(ctx.lanes(), [&](int lane) {
    const auto l = static_cast<std::size_t>(lane);
    const auto av = static_cast<std::uint32_t>(a[l]), bv = static_cast<std::uint32_t>(b[l]);
    const auto cv = static_cast<std::uint32_t>(c[l]);
    if (ins.op != Opcode::Vmad && !scalarForm) {
      d[l] = simd(ins, av, bv, cv);
      return;
    }
    const std::uint32_t hw = ins.op == Opcode::Vmad ? vmadH100(ins, av, bv, cv) : scalarH100(ins, av, bv, cv);
    const std::uint32_t isa = ins.op == Opcode::Vmad ? vmadIsa(ins, av, bv, cv) : scalarIsa(ins, av, bv, cv);
    if (hw != isa) {
      if (deviates == 0) example = fmt::format("lane {}: {:#x} where the ISA gives {:#x}", lane, hw, isa);
      deviates |= 1u << lane;
    }
    d[l] = hw;
  });
  ctx.scatter(ins.ops[0], d);
  if (deviates != 0) {
    ctx.diag(DiagKind::IsaDeviation, deviates,
             fmt::format("{}: an H100 differs from the PTX ISA in {} lane(s) ({}): {} (ptxas 13.0's code), and so "
                         "does this engine",
                         ins.info().mnemonic, std::popcount(deviates), example, quirkText(quirksOf(ins))));
  }
}

}  // namespace ws::core
