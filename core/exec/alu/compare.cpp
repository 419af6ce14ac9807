// Comparison and selection handlers: PTX ISA 9.7.5 Comparison and Selection
// Instructions (set 9.7.5.1, setp 9.7.5.2, selp 9.7.5.3, slct 9.7.5.4) and
// 9.7.6 Half Precision Comparison Instructions (set, setp on f16/f16x2/bf16/bf16x2);
// the comparison operators are those of 9.3.1 (Tables 19 and 20).
#include <cmath>
#include <cstdint>

#include "core/exec/alu/alu_util.hpp"

namespace ws::core {
namespace {

using namespace alu;

template <class T>
bool compareInt(Mod cmp, T a, T b) {
  bool r = false;
  withIntCompare<T>(cmp, [&](auto op) { r = op(a, b); });
  return r;
}

// Floating-point comparisons (Table 20): the ordered ones are false when an
// operand is NaN, the unordered (..u) ones true; num and nan test for NaN.
bool compareFloat(Mod cmp, double x, double y) {
  const bool nan = std::isnan(x) || std::isnan(y);
  switch (cmp) {
    case Mod::Eq:
      return !nan && x == y;
    case Mod::Ne:
      return !nan && x != y;
    case Mod::Lt:
      return !nan && x < y;
    case Mod::Le:
      return !nan && x <= y;
    case Mod::Gt:
      return !nan && x > y;
    case Mod::Ge:
      return !nan && x >= y;
    case Mod::Equ:
      return nan || x == y;
    case Mod::Neu:
      return nan || x != y;
    case Mod::Ltu:
      return nan || x < y;
    case Mod::Leu:
      return nan || x <= y;
    case Mod::Gtu:
      return nan || x > y;
    case Mod::Geu:
      return nan || x >= y;
    case Mod::Num:
      return !nan;
    case Mod::Nan:
      return nan;
    default:
      return false;
  }
}

// One comparison of operand bits of scalar type t (for packed types: one half).
bool compareBits(Mod cmp, DataType t, std::uint64_t a, std::uint64_t b, bool ftz) {
  if (const auto f = formatOf(t)) {
    if (ftz && (*f == fp::kF32 || *f == fp::kF16)) {
      a = fp::flushSubnormal(a, *f);
      b = fp::flushSubnormal(b, *f);
    }
    return compareFloat(cmp, fp::toDouble(a, *f), fp::toDouble(b, *f));
  }
  bool r = false;
  withIntType(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    r = compareInt<T>(cmp, fromBits<T>(a), fromBits<T>(b));
  });
  return r;
}

// The optional .and/.or/.xor with predicate c.
Mod boolOpOf(const Instr& ins) {
  if (ins.has(Mod::And)) return Mod::And;
  if (ins.has(Mod::Or)) return Mod::Or;
  if (ins.has(Mod::Xor)) return Mod::Xor;
  return Mod::None;
}
bool boolOp(Mod op, bool t, bool c) {
  switch (op) {
    case Mod::And: return t && c;
    case Mod::Or: return t || c;
    case Mod::Xor: return t != c;
    default: return t;
  }
}
bool boolOp(const Instr& ins, bool t, bool c) { return boolOp(boolOpOf(ins), t, c); }

bool hasBoolOp(const Instr& ins) { return ins.has(Mod::And) || ins.has(Mod::Or) || ins.has(Mod::Xor); }

// The scalar element type compared for a packed operand type.
DataType elementType(DataType t) {
  if (t == DataType::F16x2) return DataType::F16;
  if (t == DataType::BF16x2) return DataType::BF16;
  return t;
}

void execSetp(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType t = ins.type2 != DataType::None ? ins.type2 : ins.type;
  const DataType et = elementType(t);
  const bool ftz = ins.has(Mod::Ftz);
  const bool withC = hasBoolOp(ins) && ins.ops.size() > 3;
  const Operand& pDst = ins.ops[0];
  LaneValues bufA, bufB, cv, pv{}, qv{};
  const std::uint64_t* av = ctx.row(ins.ops[1], t, bufA);
  const std::uint64_t* bv = ctx.row(ins.ops[2], t, bufB);
  if (withC) ctx.gatherPred(ins.ops[3], cv);
  // The comparisons (for packed types: the low halves in bit 0, the high
  // halves in bit 1); an integer type is dispatched once, not per lane.
  LaneValues rv{};
  bool intCompare = false;
  if (!formatOf(t)) {
    withIntType(t, [&](auto tag) {
      using T = typename decltype(tag)::type;
      intCompare = withIntCompare<T>(ins.cmp, [&](auto op) {
        forEachLane(ctx.lanes(), [&](int lane) {
          const auto l = static_cast<std::size_t>(lane);
          rv[l] = op(fromBits<T>(av[l]), fromBits<T>(bv[l])) ? 1 : 0;
        });
      });
    });
  }
  if (!intCompare) {
    forEachLane(ctx.lanes(), [&](int lane) {
      const auto l = static_cast<std::size_t>(lane);
      const std::uint64_t a = av[l], b = bv[l];
      if (isPacked(t)) {
        rv[l] = (compareBits(ins.cmp, et, a & 0xffff, b & 0xffff, ftz) ? 1u : 0u) |
                (compareBits(ins.cmp, et, (a >> 16) & 0xffff, (b >> 16) & 0xffff, ftz) ? 2u : 0u);
      } else {
        rv[l] = compareBits(ins.cmp, t, a, b, ftz) ? 1 : 0;
      }
    });
  }
  const Mod bop = boolOpOf(ins);
  if (bop == Mod::None && !isPacked(t)) {
    // No bool-op: p is the comparison and q its complement.
    for (std::size_t l = 0; l < kWarpSize; ++l) {
      pv[l] = rv[l];
      qv[l] = rv[l] ^ 1u;
    }
    ctx.scatterWithPred(pDst, pv, qv);
    return;
  }
  forEachLane(ctx.lanes(), [&](int lane) {
    const auto l = static_cast<std::size_t>(lane);
    const bool c = withC && cv[l] != 0;
    bool p = false, q = false;
    if (isPacked(t)) {
      // f16x2/bf16x2 (9.7.6.2): p from the low halves, q from the high halves.
      p = boolOp(bop, (rv[l] & 1u) != 0, c);
      q = boolOp(bop, (rv[l] & 2u) != 0, c);
    } else {
      // q is computed from the complement of the comparison, before the bool-op.
      const bool r = rv[l] != 0;
      p = boolOp(bop, r, c);
      q = boolOp(bop, !r, c);
    }
    pv[l] = p ? 1 : 0;
    qv[l] = q ? 1 : 0;
  });
  ctx.scatterWithPred(pDst, pv, qv);
}

// set (9.7.5.1, 9.7.6.1): all ones of the destination integer type, 1.0 for
// f32/f16/bf16 destinations, per half for an f16x2 or bf16x2 source.
void execSet(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType dt = ins.type;
  const DataType st = ins.type2 != DataType::None ? ins.type2 : ins.type;
  const bool ftz = ins.has(Mod::Ftz);
  const bool withC = hasBoolOp(ins) && ins.ops.size() > 3;
  auto trueValue = [&](bool half) -> std::uint64_t {
    if (dt == DataType::F32) return fp::kF32.oneBits();
    if (dt == DataType::F16 || dt == DataType::F16x2) return fp::kF16.oneBits();
    if (dt == DataType::BF16 || dt == DataType::BF16x2) return fp::kBF16.oneBits();
    if (half || bitWidth(dt) == 16) return 0xffff;
    return bitWidth(dt) >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bitWidth(dt)) - 1;
  };
  forEachLane(ctx.lanes(), [&](int lane) {
    const std::uint64_t a = ctx.read(lane, ins.ops[1], st);
    const std::uint64_t b = ctx.read(lane, ins.ops[2], st);
    const bool c = withC ? ctx.readPred(lane, ins.ops[3]) : false;
    std::uint64_t d = 0;
    if (isPacked(st)) {
      const DataType et = elementType(st);
      for (int h = 0; h < 2; ++h) {
        const bool r = compareBits(ins.cmp, et, (a >> (16 * h)) & 0xffff, (b >> (16 * h)) & 0xffff, ftz);
        if (boolOp(ins, r, c)) d |= trueValue(true) << (16 * h);
      }
    } else if (boolOp(ins, compareBits(ins.cmp, st, a, b, ftz), c)) {
      d = trueValue(false);
    }
    ctx.write(lane, ins.ops[0], d);
  });
}

void execSelp(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  LaneValues c, a, b, d;
  ctx.gatherPred(ins.ops[3], c);
  LaneMask pickA = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l) pickA |= static_cast<LaneMask>(c[l]) << l;
  pickA &= ctx.lanes();
  // Each lane reads only the operand it selects.
  ctx.gather(ins.ops[1], ins.type, a, pickA);
  ctx.gather(ins.ops[2], ins.type, b, ctx.lanes() & ~pickA);
  for (std::size_t l = 0; l < kWarpSize; ++l) d[l] = c[l] ? a[l] : b[l];
  ctx.scatter(ins.ops[0], d);
}

// slct: a if c >= 0 (-0.0 included; a NaN c selects b), b otherwise; .ftz
// flushes a subnormal f32 c to zero, which selects a.
void execSlct(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const DataType ct = ins.type2 != DataType::None ? ins.type2 : DataType::S32;
  forEachLane(ctx.lanes(), [&](int lane) {
    const std::uint64_t c = ctx.read(lane, ins.ops[3], ct);
    bool pickA = false;
    if (ct == DataType::F32) {
      const std::uint64_t cf = ins.has(Mod::Ftz) ? fp::flushSubnormal(c, fp::kF32) : c;
      pickA = fp::toDouble(cf, fp::kF32) >= 0;  // false for NaN
    } else {
      pickA = static_cast<std::int32_t>(static_cast<std::uint32_t>(c)) >= 0;
    }
    ctx.write(lane, ins.ops[0], ctx.read(lane, ins.ops[pickA ? 1 : 2], ins.type));
  });
}

// testp.op.type p, a (PTX ISA 9.7.3.1): p = whether a is finite, infinite,
// a number, not a number, normal or subnormal. The ISA calls zero neither
// normal nor subnormal; an H100 says testp.normal of +0 and -0 is true
// (f32 and f64, tests/data/isa): .normal is "finite and not subnormal".
void execTestp(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const fp::Format f = ins.type == DataType::F64 ? fp::kF64 : fp::kF32;
  LaneValues a, p;
  ctx.gather(ins.ops[1], ins.type, a);
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    const std::uint64_t v = a[l];
    const bool nan = fp::isNaN(v, f), inf = fp::isInf(v, f), sub = fp::isSubnormal(v, f);
    bool r = false;
    switch (ins.opMod) {
      case Mod::Finite: r = !nan && !inf; break;
      case Mod::Infinite: r = inf; break;
      case Mod::Number: r = !nan; break;
      case Mod::NotANumber: r = nan; break;
      case Mod::Normal: r = !nan && !inf && !sub; break;
      case Mod::Subnormal: r = sub; break;
      default: break;
    }
    p[l] = r ? 1 : 0;
  }
  ctx.scatter(ins.ops[0], p);
}

}  // namespace

void execCompare(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Testp:
      execTestp(ctx);
      break;
    case Opcode::Setp:
      execSetp(ctx);
      break;
    case Opcode::Set:
      execSet(ctx);
      break;
    case Opcode::Selp:
      execSelp(ctx);
      break;
    case Opcode::Slct:
      execSlct(ctx);
      break;
    default:
      unsupported(ctx, "is not a comparison instruction");
      break;
  }
}

}  // namespace ws::core
