// Bit-manipulation and logic handlers: PTX ISA 9.7.7 Logic and Shift
// Instructions (and, or, xor, not, cnot, lop3 with its .and/.or predicate
// output, shf, shl, shr) and the bit
// instructions of 9.7.1 Integer Arithmetic (popc 9.7.1.14, clz 9.7.1.15,
// bfind 9.7.1.16, fns 9.7.1.17, brev 9.7.1.18, bfe 9.7.1.19, bfi 9.7.1.20,
// dp4a 9.7.1.23, dp2a 9.7.1.24), plus prmt (9.7.8.7 Data Movement and
// Conversion Instructions: prmt).
#include <fmt/format.h>

#include <array>
#include <bit>
#include <cstdint>
#include <limits>

#include "core/exec/alu/alu_util.hpp"

namespace ws::core {
namespace {

using namespace alu;

// lop3: bit i of immLut is F(a, b, c) for a = i bit 2, b = i bit 1, c = i bit 0
// (the ISA's ta = 0xF0, tb = 0xCC, tc = 0xAA encoding).
std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t lut) {
  std::uint32_t r = 0;
  for (unsigned i = 0; i < 8; ++i) {
    if (((lut >> i) & 1u) == 0) continue;
    r |= ((i & 4u) ? a : ~a) & ((i & 2u) ? b : ~b) & ((i & 1u) ? c : ~c);
  }
  return r;
}

bool lop3Pred(const Instr& ins, bool nonzero, bool q) { return ins.has(Mod::And) ? nonzero && q : nonzero || q; }

// shf (9.7.7.7): the 64-bit pair {b, a} shifted by n = clamp ? min(c, 32) : c & 31.
std::uint32_t funnelShift(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool left, bool clamp) {
  const unsigned n = clamp ? (c < 32 ? c : 32) : (c & 31u);
  const std::uint64_t pair = (static_cast<std::uint64_t>(b) << 32) | a;
  return left ? static_cast<std::uint32_t>((pair << n) >> 32) : static_cast<std::uint32_t>(pair >> n);
}

// bfind (9.7.1.16): position of the most significant non-sign bit, 0xffffffff if none.
std::uint32_t bfind(std::uint64_t a, int width, bool isSigned, bool shiftAmt) {
  const int msb = width - 1;
  if (isSigned && ((a >> msb) & 1u)) a = ~a & widthMask(width);
  if (a == 0) return 0xffffffffu;
  const int pos = 63 - std::countl_zero(a);
  return static_cast<std::uint32_t>(shiftAmt ? msb - pos : pos);
}

// brev (9.7.1.18) of a 64-bit value; narrower values are the top bits of the result.
std::uint64_t reverseBits(std::uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555ull) | ((v & 0x5555555555555555ull) << 1);
  v = ((v >> 2) & 0x3333333333333333ull) | ((v & 0x3333333333333333ull) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0full) | ((v & 0x0f0f0f0f0f0f0f0full) << 4);
  v = ((v >> 8) & 0x00ff00ff00ff00ffull) | ((v & 0x00ff00ff00ff00ffull) << 8);
  v = ((v >> 16) & 0x0000ffff0000ffffull) | ((v & 0x0000ffff0000ffffull) << 16);
  return (v >> 32) | (v << 32);
}

// bfe/bfi position and length: the ISA restricts them to their low 8 bits
// (0..255). An H100 does so for .b32/.u32/.s32, but the 64-bit forms use the
// whole 32-bit values (recorded in golden-alu.json: bfe.u64 with c = 0x803
// extracts 2051 bits, not 3; bfi.b64 likewise for its length, its position
// was only recorded below 256 and is taken the same way).
std::int64_t fieldArg(std::uint32_t v, int width) { return width == 64 ? v : (v & 0xffu); }

// bfe (9.7.1.19): len bits of a from pos, padded with the field's sign bit
// for .s types (the ISA's pseudo-code).
std::uint64_t bfe(std::uint64_t a, std::uint32_t b, std::uint32_t c, int width, bool isSigned) {
  const std::int64_t msb = width - 1;
  const std::int64_t pos = fieldArg(b, width);
  const std::int64_t len = fieldArg(c, width);
  bool sbit = false;
  if (isSigned && len != 0) {
    const std::int64_t at = pos + len - 1 < msb ? pos + len - 1 : msb;
    sbit = (a >> at) & 1u;
  }
  const std::int64_t room = msb + 1 - pos;
  const int avail = pos > msb ? 0 : static_cast<int>(len < room ? len : room);  // bits taken from a
  const std::uint64_t field = avail == 0 ? 0 : (a >> pos) & widthMask(avail);
  const std::uint64_t fill = sbit ? (widthMask(width) & ~widthMask(avail)) : 0;
  return field | fill;
}

// bfi (9.7.1.20): b with len bits at pos replaced by the low bits of a.
std::uint64_t bfi(std::uint64_t a, std::uint64_t b, std::uint32_t c, std::uint32_t d, int width) {
  const std::int64_t pos = fieldArg(c, width);
  const std::int64_t len = fieldArg(d, width);
  if (len == 0 || pos > width - 1) return b;
  const int n = static_cast<int>(len < width - pos ? len : width - pos);
  const std::uint64_t m = widthMask(n) << pos;
  return (b & ~m) | ((a << pos) & m);
}

// prmt (9.7.8.7): the source byte each destination byte d.b0..d.b3 takes in
// the special modes, indexed by c[1:0], from the ISA's table.
using ByteSel = std::array<std::uint8_t, 4>;
constexpr std::array<ByteSel, 4> kF4e = {{{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}};
constexpr std::array<ByteSel, 4> kB4e = {{{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}};
constexpr std::array<ByteSel, 4> kRc8 = {{{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}};
constexpr std::array<ByteSel, 4> kEcl = {{{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}};
constexpr std::array<ByteSel, 4> kEcr = {{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}};
constexpr std::array<ByteSel, 4> kRc16 = {{{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}};

std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c, Mod mode) {
  const std::uint64_t bytes = (static_cast<std::uint64_t>(b) << 32) | a;  // {b7..b4, b3..b0}
  auto byteAt = [&](unsigned i) { return static_cast<std::uint32_t>((bytes >> (8 * i)) & 0xffu); };
  const std::array<ByteSel, 4>* table = nullptr;
  switch (mode) {
    case Mod::F4e:
      table = &kF4e;
      break;
    case Mod::B4e:
      table = &kB4e;
      break;
    case Mod::Rc8:
      table = &kRc8;
      break;
    case Mod::Ecl:
      table = &kEcl;
      break;
    case Mod::Ecr:
      table = &kEcr;
      break;
    case Mod::Rc16:
      table = &kRc16;
      break;
    default:
      break;
  }
  std::uint32_t d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    std::uint32_t v = 0;
    if (table) {
      v = byteAt((*table)[c & 3u][i]);
    } else {
      // Generic form: selector nibble i; its msb replicates the byte's sign bit.
      const std::uint32_t sel = (c >> (4 * i)) & 0xfu;
      v = byteAt(sel & 7u);
      if (sel & 8u) v = (v & 0x80u) ? 0xffu : 0u;
    }
    d |= v << (8 * i);
  }
  return d;
}

// fns (9.7.1.17): position of the offset-th set bit of mask counting from base
// (upwards for offset > 0, downwards for offset < 0), 0xffffffff if none.
// A base past 31 is undefined in the ISA; an H100 gives 0xffffffff there too
// (35 recorded words). The offset INT_MIN, whose magnitude overflows 32 bits,
// gives 0 on an H100 for every base and mask (72 words: tests/data/isa,
// isa_int_fns, and tests/data/isa-followup, followup_fns), where the ISA's
// loop would find no bit (0xffffffff).
std::uint32_t fns(std::uint32_t mask, std::uint32_t base, std::int32_t offset) {
  if (offset == std::numeric_limits<std::int32_t>::min()) return 0;
  if (offset == 0) return (base < 32 && ((mask >> base) & 1u)) ? base : 0xffffffffu;
  std::int64_t pos = base;
  std::int64_t count = (offset > 0 ? static_cast<std::int64_t>(offset) : -static_cast<std::int64_t>(offset)) - 1;
  const int inc = offset > 0 ? 1 : -1;
  while (pos >= 0 && pos < 32) {
    if ((mask >> pos) & 1u) {
      if (count == 0) return static_cast<std::uint32_t>(pos);
      --count;
    }
    pos += inc;
  }
  return 0xffffffffu;
}

// bmsk.mode.b32 (PTX ISA 9.7.1.24): a mask of width b starting at bit a.
std::uint32_t bmsk(std::uint32_t a, std::uint32_t b, bool clamp) {
  const std::uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
  std::uint32_t mask0 = ~0u << a1;
  std::uint32_t mask1 = sum >= 32 ? 0u : ~0u << sum;
  bool overflow = sum >= 32;
  if (clamp) {
    if (a >= 32) {
      overflow = true;
      mask0 = 0;
    }
    if (b >= 32) overflow = true;
  }
  if (overflow)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = ~0u;
  return mask0 & ~mask1;
}

// szext.mode.type (PTX ISA 9.7.1.23): the low b bits of a, sign- or
// zero-extended to 32 bits.
std::uint32_t szext(std::uint32_t a, std::uint32_t b, bool clamp, bool isSigned) {
  const std::uint32_t b1 = b & 0x1f;
  const bool tooLarge = b >= 32 && clamp;
  const std::uint32_t mask = tooLarge ? 0u : ~0u << b1;
  const std::uint32_t signPos = (b1 - 1) & 0x1f;
  const bool sign = b1 != 0 && !tooLarge && isSigned && ((a >> signPos) & 1u) != 0;
  return (a & ~mask) | (sign ? mask : 0u);
}

// One byte (dp4a, dp2a b) or halfword (dp2a a), sign- or zero-extended.
std::int64_t part(std::uint32_t v, int index, int bits, bool isSigned) {
  const std::uint32_t raw = (v >> (index * bits)) & static_cast<std::uint32_t>(widthMask(bits));
  if (isSigned && ((raw >> (bits - 1)) & 1u)) return static_cast<std::int64_t>(raw) - (std::int64_t{1} << bits);
  return raw;
}

std::uint32_t dot(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool aSigned, bool bSigned, bool twoWay,
                  bool hiHalf) {
  std::int64_t sum = static_cast<std::int32_t>(c);
  if (twoWay) {
    const int sel = hiHalf ? 2 : 0;
    for (int i = 0; i < 2; ++i) sum += part(a, i, 16, aSigned) * part(b, sel + i, 8, bSigned);
  } else {
    for (int i = 0; i < 4; ++i) sum += part(a, i, 8, aSigned) * part(b, i, 8, bSigned);
  }
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(sum));  // modulo 2^32 for .u32 and .s32
}

// The types an instruction reads its source operands 1..4 as (None: not read).
using SourceTypes = std::array<DataType, 4>;
SourceTypes sourceTypes(Opcode op, DataType t) {
  constexpr DataType u32 = DataType::U32, none = DataType::None;
  switch (op) {
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
      return {t, t, none, none};
    case Opcode::Not:
    case Opcode::Cnot:
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Bfind:
    case Opcode::Brev:
      return {t, none, none, none};
    case Opcode::Lop3:
      return {u32, u32, u32, u32};
    case Opcode::Shl:
    case Opcode::Shr:
      return {t, u32, none, none};
    case Opcode::Shf:
    case Opcode::Prmt:
    case Opcode::Dp4a:
    case Opcode::Dp2a:
      return {u32, u32, u32, none};
    case Opcode::Bfe:
      return {t, u32, u32, none};
    case Opcode::Bfi:
      return {t, t, u32, u32};
    case Opcode::Fns:
      return {u32, u32, DataType::S32, none};
    case Opcode::Bmsk:
    case Opcode::Szext:
      return {u32, u32, none, none};
    default:
      return {none, none, none, none};
  }
}

}  // namespace

namespace {

// shl/shr of `a` (a value of `width` bits) by the unsigned 32-bit amount n.
// Amounts past the width clamp to the width (zero, or the sign for .s right
// shifts).
std::uint64_t shiftBits(bool left, std::uint64_t a, std::uint32_t n, int width, std::uint64_t mask, bool isSigned) {
  const unsigned s = n < static_cast<std::uint32_t>(width) ? n : static_cast<unsigned>(width);
  if (left) return s >= 64 ? 0 : (a << s) & mask;
  if (isSigned && ((a >> (width - 1)) & 1u)) {
    const std::uint64_t filled = a | ~mask;  // sign-extended to 64 bits
    return (s >= 64 ? ~std::uint64_t{0} : ~(~filled >> s)) & mask;
  }
  return s >= 64 ? 0 : a >> s;
}

}  // namespace

void execBits(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType t = ins.type;
  const int width = bitWidth(t);
  const bool isSigned = core::isSigned(t);
  const std::uint64_t mask = t == DataType::Pred ? 1u : widthMask(width);
  LaneMask badBase = 0;
  std::string badWhat;
  // Every source operand of every lane first, each in the one type the
  // instruction reads it as, then one pass computing the lanes.
  std::array<LaneValues, 4> in;
  auto rd = [&](int lane, std::size_t i, DataType) { return in[i - 1][static_cast<std::size_t>(lane)]; };
  auto u32 = [&](int lane, std::size_t i) { return static_cast<std::uint32_t>(rd(lane, i, DataType::U32)); };

  switch (ins.op) {
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Cnot:
    case Opcode::Lop3:
    case Opcode::Shl:
    case Opcode::Shr:
    case Opcode::Shf:
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Bfind:
    case Opcode::Brev:
    case Opcode::Bfe:
    case Opcode::Bfi:
    case Opcode::Prmt:
    case Opcode::Fns:
    case Opcode::Dp4a:
    case Opcode::Dp2a:
    case Opcode::Bmsk:
    case Opcode::Szext:
      break;
    default:
      unsupported(ctx, "is not a bit instruction");
      return;
  }
  if (width == 0) {
    unsupported(ctx, "needs a type");
    return;
  }

  const SourceTypes sources = sourceTypes(ins.op, t);
  const bool twoOperand = ins.op == Opcode::And || ins.op == Opcode::Or || ins.op == Opcode::Xor ||
                          ins.op == Opcode::Shl || ins.op == Opcode::Shr;
  if (ctx.lanes() == ~0u && twoOperand && t != DataType::Pred && ins.ops.size() > 2) {
    // The whole warp through the common two-operand forms: one pass per
    // opcode over the source rows, in place where they can be, with nothing
    // chosen per lane (the general loop below gives the same results).
    LaneValues bufA, bufB;
    const std::uint64_t* a = ctx.row(ins.ops[1], sources[0], bufA);
    const std::uint64_t* b = ctx.row(ins.ops[2], sources[1], bufB);
    const Operand& d = ins.ops[0];
    switch (ins.op) {
      case Opcode::And: ctx.writeLanes(d, [&](std::size_t l) { return a[l] & b[l]; }); return;
      case Opcode::Or: ctx.writeLanes(d, [&](std::size_t l) { return a[l] | b[l]; }); return;
      case Opcode::Xor: ctx.writeLanes(d, [&](std::size_t l) { return a[l] ^ b[l]; }); return;
      default: {
        const bool left = ins.op == Opcode::Shl;
        std::uint64_t differ = 0;
        for (std::size_t l = 0; l < kWarpSize; ++l) differ |= (b[l] ^ b[0]) & 0xffffffffu;
        if (differ == 0 && (left || !isSigned)) {
          // One amount for every lane (an immediate, usually): shiftBits()
          // with the clamp worked out once.
          const std::uint32_t n = static_cast<std::uint32_t>(b[0]);
          const unsigned sh = n < static_cast<std::uint32_t>(width) ? n : static_cast<unsigned>(width);
          if (sh >= 64) {
            ctx.writeLanes(d, [](std::size_t) { return std::uint64_t{0}; });
          } else if (left) {
            ctx.writeLanes(d, [&](std::size_t l) { return (a[l] << sh) & mask; });
          } else {
            ctx.writeLanes(d, [&](std::size_t l) { return a[l] >> sh; });
          }
          return;
        }
        ctx.writeLanes(d, [&](std::size_t l) {
          return shiftBits(left, a[l], static_cast<std::uint32_t>(b[l]), width, mask, isSigned);
        });
        return;
      }
    }
  }
  for (std::size_t i = 0; i < sources.size() && i + 1 < ins.ops.size(); ++i) {
    if (sources[i] == DataType::Pred) {
      ctx.gatherPred(ins.ops[i + 1], in[i]);
    } else if (sources[i] != DataType::None) {
      ctx.gather(ins.ops[i + 1], sources[i], in[i]);
    }
  }
  LaneValues out{};
  // bfe.s32 with an immediate position past bit 31 (and a nonzero immediate
  // length): the ISA extends a's bit 31; an H100 running ptxas 13.0's code
  // gives all ones whatever a is (bfe.s32 d, a, 40, 5 in tests/data/isa).
  // With register operands it follows the ISA.
  const bool immBfeAllOnes = ins.op == Opcode::Bfe && t == DataType::S32 && ins.ops.size() > 3 &&
                             ins.ops[2].kind == OperandKind::Imm && ins.ops[3].kind == OperandKind::Imm &&
                             (ins.ops[2].imm & 0xff) >= 32 && (ins.ops[3].imm & 0xff) != 0;
  if (immBfeAllOnes)
    ctx.diag(DiagKind::IsaDeviation, ctx.lanes(),
             "bfe.s32 with an immediate position past bit 31: an H100 gives all ones (ptxas 13.0), the ISA the "
             "sign bit of a");
  // lop3.and / lop3.or (9.7.7.6): d|p, ..., q with p = (d != 0) .and/.or q.
  const bool boolOut = ins.op == Opcode::Lop3 && (ins.has(Mod::And) || ins.has(Mod::Or)) && ins.ops.size() > 5;
  LaneValues q{}, pred{};
  if (boolOut) ctx.gatherPred(ins.ops[5], q);

  if (ctx.lanes() == ~0u) {
    // The whole warp through the common two-operand forms: one loop per
    // opcode, with nothing chosen per lane.
    const LaneValues& a = in[0];
    const LaneValues& b = in[1];
    bool done = true;
    switch (ins.op) {
      case Opcode::And:
        for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = a[l] & b[l];
        break;
      case Opcode::Or:
        for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = a[l] | b[l];
        break;
      case Opcode::Xor:
        for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = a[l] ^ b[l];
        break;
      case Opcode::Shl:
      case Opcode::Shr: {
        const bool left = ins.op == Opcode::Shl;
        for (std::size_t l = 0; l < kWarpSize; ++l)
          out[l] = shiftBits(left, a[l], static_cast<std::uint32_t>(b[l]), width, mask, isSigned);
        break;
      }
      default:
        done = false;
        break;
    }
    if (done) {
      ctx.scatter(ins.ops[0], out);
      return;
    }
  }

  forEachLane(ctx.lanes(), [&](int lane) {
    std::uint64_t d = 0;
    switch (ins.op) {
      case Opcode::And:
        d = rd(lane, 1, t) & rd(lane, 2, t);
        break;
      case Opcode::Or:
        d = rd(lane, 1, t) | rd(lane, 2, t);
        break;
      case Opcode::Xor:
        d = rd(lane, 1, t) ^ rd(lane, 2, t);
        break;
      case Opcode::Not:
        d = ~rd(lane, 1, t) & mask;
        break;
      case Opcode::Cnot:
        d = rd(lane, 1, t) == 0 ? 1 : 0;
        break;
      case Opcode::Lop3:
        d = lop3(u32(lane, 1), u32(lane, 2), u32(lane, 3), u32(lane, 4) & 0xffu);
        if (boolOut)
          pred[static_cast<std::size_t>(lane)] = lop3Pred(ins, d != 0, q[static_cast<std::size_t>(lane)] != 0);
        break;
      case Opcode::Shl:
      case Opcode::Shr:
        d = shiftBits(ins.op == Opcode::Shl, rd(lane, 1, t), u32(lane, 2), width, mask, isSigned);
        break;
      case Opcode::Shf:
        d = funnelShift(u32(lane, 1), u32(lane, 2), u32(lane, 3), ins.has(Mod::L), ins.has(Mod::Clamp));
        break;
      case Opcode::Popc:
        d = static_cast<std::uint64_t>(std::popcount(rd(lane, 1, t)));
        break;
      case Opcode::Clz:
        d = static_cast<std::uint64_t>(std::countl_zero(rd(lane, 1, t)) - (64 - width));
        break;
      case Opcode::Bfind:
        d = bfind(rd(lane, 1, t), width, isSigned, ins.has(Mod::ShiftAmt));
        break;
      case Opcode::Brev:
        d = reverseBits(rd(lane, 1, t)) >> (64 - width);
        break;
      case Opcode::Bfe:
        d = immBfeAllOnes ? widthMask(width) : bfe(rd(lane, 1, t), u32(lane, 2), u32(lane, 3), width, isSigned);
        break;
      case Opcode::Bfi:
        d = bfi(rd(lane, 1, t), rd(lane, 2, t), u32(lane, 3), u32(lane, 4), width);
        break;
      case Opcode::Prmt: {
        const Mod mode = ins.has(Mod::F4e)    ? Mod::F4e
                         : ins.has(Mod::B4e)  ? Mod::B4e
                         : ins.has(Mod::Rc8)  ? Mod::Rc8
                         : ins.has(Mod::Ecl)  ? Mod::Ecl
                         : ins.has(Mod::Ecr)  ? Mod::Ecr
                         : ins.has(Mod::Rc16) ? Mod::Rc16
                                              : Mod::None;
        d = prmt(u32(lane, 1), u32(lane, 2), u32(lane, 3), mode);
        break;
      }
      case Opcode::Fns: {
        const std::uint32_t base = u32(lane, 2);
        if (base > 31) {
          if (badBase == 0) badWhat = fmt::format("lane {} has base {}", lane, base);
          badBase |= 1u << lane;
        }
        d = fns(u32(lane, 1), base, static_cast<std::int32_t>(rd(lane, 3, DataType::S32)));
        break;
      }
      case Opcode::Dp4a:
      case Opcode::Dp2a: {
        const DataType bt = ins.type2 != DataType::None ? ins.type2 : t;
        d = dot(u32(lane, 1), u32(lane, 2), u32(lane, 3), isSigned, core::isSigned(bt), ins.op == Opcode::Dp2a,
                ins.has(Mod::Hi));
        break;
      }
      case Opcode::Bmsk:
        d = bmsk(u32(lane, 1), u32(lane, 2), ins.has(Mod::Clamp));
        break;
      case Opcode::Szext:
        d = szext(u32(lane, 1), u32(lane, 2), ins.has(Mod::Clamp), isSigned);
        break;
      default:  // the opcodes above are the only ones that get here
        break;
    }
    out[static_cast<std::size_t>(lane)] = d;
  });
  if (boolOut)
    ctx.scatterWithPred(ins.ops[0], out, pred);
  else
    ctx.scatter(ins.ops[0], out);
  if (badBase != 0) ctx.diag(DiagKind::FnsBaseRange, badBase, fmt::format("fns.b32: {} (must be <= 31)", badWhat));
}

}  // namespace ws::core
