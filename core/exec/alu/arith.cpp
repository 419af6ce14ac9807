// Integer arithmetic handlers (PTX ISA 9.7.1 Integer Arithmetic Instructions:
// add, sub, mul, mad, mul24, mad24, sad, div, rem, abs, neg, min, max, with
// the .u16x2/.s16x2 SIMD forms of add, sub, min, max; 9.7.2
// Extended-Precision Integer Arithmetic: add.cc, addc, sub.cc, subc, mad.cc,
// madc) and the dispatch of the float forms to arith_float.cpp.
#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "core/exec/alu/alu_util.hpp"

namespace ws::core {
namespace {

using namespace alu;

// .sat for 32-bit signed results: MININT..MAXINT.
std::int32_t saturate32(std::int64_t v) {
  if (v > std::numeric_limits<std::int32_t>::max()) return std::numeric_limits<std::int32_t>::max();
  if (v < std::numeric_limits<std::int32_t>::min()) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(v);
}

// U addition with carry-in and carry-out (CC.CF).
template <class U>
U addCarry(U a, U b, bool cin, bool& cout) {
  const U s = static_cast<U>(a + b);
  const U r = static_cast<U>(s + (cin ? 1 : 0));
  cout = s < a || r < s;
  return r;
}

// 24-bit operand of mul24/mad24: the low 24 bits, sign-extended for .s32.
template <class T>
std::int64_t low24(T v) {
  const std::uint32_t b = static_cast<std::uint32_t>(v) & 0xffffffu;
  if constexpr (std::is_signed_v<T>) return (b & 0x800000u) ? static_cast<std::int64_t>(b) - 0x1000000 : b;
  return b;
}

// min/max (9.7.1.10, 9.7.1.11) of two integers; .relu (.s32, .s16x2): a
// negative result becomes 0.
template <class T>
T minMax(bool isMax, T a, T b, bool relu) {
  T r = isMax == (a < b) ? b : a;
  if constexpr (std::is_signed_v<T>) {
    if (relu && r < 0) r = 0;
  }
  return r;
}

// add/sub/min/max .u16x2 / .s16x2 (9.7.1.1, 9.7.1.2, 9.7.1.10, 9.7.1.11):
// each 16-bit half of the operands on its own, by the rule of the scalar
// 16-bit form (wrapping add and sub).
template <class T>
void simdHalves(ExecCtx& ctx) {
  using U = std::make_unsigned_t<T>;
  const Instr& ins = ctx.ins();
  const bool relu = ins.has(Mod::Relu);
  LaneValues a, b, out{};
  ctx.gather(ins.ops[1], DataType::B32, a);
  ctx.gather(ins.ops[2], DataType::B32, b);
  auto half = [&](std::uint64_t x, std::uint64_t y) -> std::uint64_t {
    const T p = fromBits<T>(x), q = fromBits<T>(y);
    switch (ins.op) {
      case Opcode::Add:
        return static_cast<U>(static_cast<U>(p) + static_cast<U>(q));
      case Opcode::Sub:
        return static_cast<U>(static_cast<U>(p) - static_cast<U>(q));
      case Opcode::Min:
      case Opcode::Max:
        return static_cast<U>(minMax<T>(ins.op == Opcode::Max, p, q, relu));
      default:
        return 0;
    }
  };
  for (std::size_t l = 0; l < kWarpSize; ++l)
    out[l] = half(a[l] & 0xffffu, b[l] & 0xffffu) | half((a[l] >> 16) & 0xffffu, (b[l] >> 16) & 0xffffu) << 16;
  ctx.scatter(ins.ops[0], out);
}

// The register a register's value comes from: followed through its only
// definition while that is a mov from another register (inline asm copies
// its operands into block-scoped registers).
std::uint32_t origin(const Program& prog, const Function& fn, std::uint32_t reg) {
  for (int depth = 0; depth < 8; ++depth) {
    const Instr* def = nullptr;
    int defs = 0;
    for (std::uint32_t i = fn.begin; i < fn.end; ++i) {
      const Instr& in = prog.instrs[i];
      if (!in.ops.empty() && in.ops[0].kind == OperandKind::Reg && in.ops[0].reg == reg) {
        def = &in;
        ++defs;
      }
    }
    if (defs != 1 || def->op != Opcode::Mov || def->ops.size() < 2 || def->ops[1].kind != OperandKind::Reg) return reg;
    reg = def->ops[1].reg;
  }
  return reg;
}

// Whether ptxas folds this mad.hi.sat.s32 into the IMAD.WIDE of a
// mad.wide.s32 in the same function whose factors come from the same
// registers (it then computes hi(a*b) + c as the high word of a*b + (c << 32)).
bool foldedIntoWideMad(const ExecCtx& ctx) {
  const Program& prog = ctx.program();
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 4 || ins.ops[1].kind != OperandKind::Reg || ins.ops[2].kind != OperandKind::Reg) return false;
  const auto idx = static_cast<std::uint32_t>(&ins - prog.instrs.data());
  for (const Function& fn : prog.functions) {
    if (idx < fn.begin || idx >= fn.end) continue;
    const std::uint32_t a = origin(prog, fn, ins.ops[1].reg), b = origin(prog, fn, ins.ops[2].reg);
    for (std::uint32_t i = fn.begin; i < fn.end; ++i) {
      const Instr& w = prog.instrs[i];
      if (w.op != Opcode::Mad || !w.has(Mod::Wide) || w.type != DataType::S32 || w.ops.size() < 4) continue;
      if (w.ops[1].kind != OperandKind::Reg || w.ops[2].kind != OperandKind::Reg) continue;
      const std::uint32_t wa = origin(prog, fn, w.ops[1].reg), wb = origin(prog, fn, w.ops[2].reg);
      if ((wa == a && wb == b) || (wa == b && wb == a)) return true;
    }
  }
  return false;
}

template <class T>
void intArith(ExecCtx& ctx) {
  using U = std::make_unsigned_t<T>;
  const Instr& ins = ctx.ins();
  const DataType t = ins.type;
  const bool sat = ins.has(Mod::Sat);
  const bool hi = ins.has(Mod::Hi);
  const bool wide = ins.has(Mod::Wide);
  const bool relu = ins.has(Mod::Relu);
  const LaneMask carryIn = ctx.warp().ctl.carry;
  LaneMask carryOut = 0;
  LaneMask divZero = 0;
  bool madcHi16 = false;  // madc.hi .u16/.s16 ran (outside the ISA, computed as the H100 does)
  LaneMask satWraps = 0;  // mad.hi.sat.s32 lanes whose sum overflowed
  const bool satFolded = sat && hi && ins.op == Opcode::Mad && t == DataType::S32 && foldedIntoWideMad(ctx);
  std::string satWhat;
  std::string divWhat;
  // Every source operand of every lane first (mad.wide's addend in the
  // doubled type), then one pass computing the lanes.
  const bool madWide = wide && (ins.op == Opcode::Mad || ins.op == Opcode::Madc);
  const std::size_t sources =
      ins.op == Opcode::Abs || ins.op == Opcode::Neg                                                        ? 1
      : ins.op == Opcode::Mad || ins.op == Opcode::Madc || ins.op == Opcode::Mad24 || ins.op == Opcode::Sad ? 3
                                                                                                            : 2;
  auto sourceType = [&](std::size_t i) {
    if (i == 2 && madWide)
      return sizeof(T) == 2 ? (std::is_signed_v<T> ? DataType::S32 : DataType::U32)
                            : (std::is_signed_v<T> ? DataType::S64 : DataType::U64);
    return t;
  };
  const bool plain = ins.op == Opcode::Add || ins.op == Opcode::Sub || ins.op == Opcode::Mul || ins.op == Opcode::Mad;
  if (ctx.lanes() == ~0u && plain && !sat && !hi && !ins.has(Mod::Cc) && ins.ops.size() > sources) {
    // The whole warp through add/sub/mul/mad with no carry, saturation or
    // high half: one pass per opcode over the source rows, in place where
    // they can be (the general loop below gives the same results).
    std::array<LaneValues, 3> buf;
    std::array<const std::uint64_t*, 3> in{};
    for (std::size_t i = 0; i < sources; ++i) in[i] = ctx.row(ins.ops[i + 1], sourceType(i), buf[i]);
    const std::uint64_t* a = in[0];
    const std::uint64_t* b = in[1];
    const std::uint64_t* c = in[2];
    auto at = [](const std::uint64_t* r, std::size_t l) { return static_cast<U>(fromBits<T>(r[l])); };
    switch (ins.op) {
      case Opcode::Add:
        ctx.writeLanes(ins.ops[0],
                       [&](std::size_t l) { return toBits(static_cast<T>(static_cast<U>(at(a, l) + at(b, l)))); });
        return;
      case Opcode::Sub:
        ctx.writeLanes(ins.ops[0],
                       [&](std::size_t l) { return toBits(static_cast<T>(static_cast<U>(at(a, l) - at(b, l)))); });
        return;
      default: {  // mul, mad
        const bool mad = ins.op == Opcode::Mad;
        if constexpr (sizeof(T) <= 4) {
          if (wide) {
            using WT = W<T>;
            using WU = std::make_unsigned_t<WT>;
            auto product = [&](std::size_t l) {
              return static_cast<WU>(wideProduct(fromBits<T>(a[l]), fromBits<T>(b[l])));
            };
            // mul and mad apart: one small function per pass, inlined
            if (mad) {
              ctx.writeLanes(ins.ops[0], [&](std::size_t l) {
                return toBits(static_cast<WT>(static_cast<WU>(product(l) + static_cast<WU>(fromBits<WT>(c[l])))));
              });
            } else {
              ctx.writeLanes(ins.ops[0], [&](std::size_t l) { return toBits(static_cast<WT>(product(l))); });
            }
            return;
          }
        }
        auto product = [&](std::size_t l) { return static_cast<U>(productLo(fromBits<T>(a[l]), fromBits<T>(b[l]))); };
        if (mad) {
          ctx.writeLanes(ins.ops[0],
                         [&](std::size_t l) { return toBits(static_cast<T>(static_cast<U>(product(l) + at(c, l)))); });
        } else {
          ctx.writeLanes(ins.ops[0], [&](std::size_t l) { return toBits(static_cast<T>(product(l))); });
        }
        return;
      }
    }
  }
  std::array<LaneValues, 3> in;
  for (std::size_t i = 0; i < sources && i + 1 < ins.ops.size(); ++i) ctx.gather(ins.ops[i + 1], sourceType(i), in[i]);
  auto src = [&](int lane, std::size_t i) { return fromBits<T>(in[i - 1][static_cast<std::size_t>(lane)]); };
  LaneValues out{};

  // One loop per opcode (a template argument, so each loop is straight-line
  // code instead of a switch per lane).
  auto run = [&]<Opcode Op>() {
    forEachLane(ctx.lanes(), [&](int lane) {
      const bool cin = (carryIn >> lane) & 1u;
      bool cout = false;
      std::uint64_t d = 0;
      switch (Op) {
        case Opcode::Add:
        case Opcode::Addc: {
          const T a = src(lane, 1), b = src(lane, 2);
          const U r = addCarry<U>(static_cast<U>(a), static_cast<U>(b), Op == Opcode::Addc && cin, cout);
          if constexpr (std::is_same_v<T, std::int32_t>) {
            if (sat) {
              d = toBits(saturate32(static_cast<std::int64_t>(a) + b));
              break;
            }
          }
          d = toBits(static_cast<T>(r));
          break;
        }
        case Opcode::Sub:
        case Opcode::Subc: {
          // The ISA writes the borrow to CC.CF; an H100 subtracts as a + ~b + 1
          // and keeps that addition's carry, i.e. CF = !borrow, and subc adds
          // CF instead of subtracting a borrow. Chains of sub.cc/subc give the
          // same results either way; mixing add.cc with subc (recorded in
          // golden-alu.json) shows the hardware's convention, which is kept.
          const T a = src(lane, 1), b = src(lane, 2);
          const bool addIn = Op == Opcode::Subc ? cin : true;
          const U r = addCarry<U>(static_cast<U>(a), static_cast<U>(~static_cast<U>(b)), addIn, cout);
          if constexpr (std::is_same_v<T, std::int32_t>) {
            if (sat) {
              d = toBits(saturate32(static_cast<std::int64_t>(a) - b));
              break;
            }
          }
          d = toBits(static_cast<T>(r));
          break;
        }
        case Opcode::Mul: {
          const T a = src(lane, 1), b = src(lane, 2);
          if constexpr (sizeof(T) <= 4) {
            if (wide) {
              d = toBits(wideProduct(a, b));
              break;
            }
          }
          d = toBits(hi ? productHi(a, b) : productLo(a, b));
          break;
        }
        case Opcode::Mad:
        case Opcode::Madc: {
          const T a = src(lane, 1), b = src(lane, 2);
          if constexpr (sizeof(T) <= 4) {
            if (wide) {
              using WT = W<T>;
              const WT c = fromBits<WT>(in[2][static_cast<std::size_t>(lane)]);
              using WU = std::make_unsigned_t<WT>;
              d = toBits(static_cast<WT>(static_cast<WU>(static_cast<WU>(wideProduct(a, b)) + static_cast<WU>(c))));
              break;
            }
          }
          const T c = src(lane, 3);
          T p = hi ? productHi(a, b) : productLo(a, b);
          if constexpr (sizeof(T) == 2) {
            // madc.hi .u16/.s16 (accepted by ptxas 13.0, not in the ISA): an
            // H100 takes the high half of the 32-bit operands' 64-bit product,
            // i.e. 0 or -1, not bits 16..31 (tests/data/isa, isa_ext_madc).
            if (Op == Opcode::Madc && hi) {
              p = static_cast<T>(productHi<W<T>>(a, b));
              madcHi16 = true;
            }
          }
          if constexpr (std::is_same_v<T, std::int32_t>) {
            // mad.hi.sat.s32 saturates the sum both ways on an H100 (ptxas
            // emits IMAD.HI, an add and overflow selects: tests/data/
            // isa-followup, followup_madsat), as the ISA says, except where
            // ptxas folds it into the 64-bit IMAD.WIDE of a mad.wide.s32 of
            // the same operands, which drops the .sat: then a positive
            // overflow wraps (0x7f + 0x7ffffffe gives 0x8000007d,
            // tests/data/isa, isa_int_mad).
            if (sat && hi && Op == Opcode::Mad) {
              const std::int64_t sum = static_cast<std::int64_t>(p) + c;
              if (sum < std::numeric_limits<std::int32_t>::min() || sum > std::numeric_limits<std::int32_t>::max()) {
                if (!satFolded) {
                  d = toBits(saturate32(sum));
                  break;
                }
                if (satWraps == 0) satWhat = fmt::format("lane {}: {:#x} + {:#x}", lane, p, c);
                satWraps |= 1u << lane;
              }
            }
          }
          const U r = addCarry<U>(static_cast<U>(p), static_cast<U>(c), Op == Opcode::Madc && cin, cout);
          d = toBits(static_cast<T>(r));
          break;
        }
        case Opcode::Mul24:
        case Opcode::Mad24: {
          // 48-bit product of the 24-bit operands; .lo = bits 31..0, .hi = bits 47..16.
          const std::int64_t p = low24(src(lane, 1)) * low24(src(lane, 2));
          const std::uint32_t part = static_cast<std::uint32_t>(static_cast<std::uint64_t>(p) >> (hi ? 16 : 0));
          if (Op == Opcode::Mul24) {
            d = toBits(static_cast<T>(part));
            break;
          }
          const T c = src(lane, 3);
          if constexpr (std::is_same_v<T, std::int32_t>) {
            if (sat && hi) {
              d = toBits(saturate32(static_cast<std::int64_t>(static_cast<std::int32_t>(part)) + c));
              break;
            }
          }
          d = toBits(static_cast<T>(static_cast<std::uint32_t>(part + static_cast<std::uint32_t>(c))));
          break;
        }
        case Opcode::Sad: {
          const T a = src(lane, 1), b = src(lane, 2), c = src(lane, 3);
          const U diff = a < b ? static_cast<U>(static_cast<U>(b) - static_cast<U>(a))
                               : static_cast<U>(static_cast<U>(a) - static_cast<U>(b));
          d = toBits(static_cast<T>(static_cast<U>(static_cast<U>(c) + diff)));
          break;
        }
        case Opcode::Div:
        case Opcode::Rem: {
          const T a = src(lane, 1), b = src(lane, 2);
          if (b == 0) {
            // Unspecified by the ISA; an H100 gives all ones for the quotient
            // and the remainder, signed or not (tests/data/hw/golden-alu.json).
            d = toBits(static_cast<T>(~U{0}));
            if (divZero == 0) divWhat = fmt::format("lane {}: {} / 0", lane, a);
            divZero |= 1u << lane;
            break;
          }
          if constexpr (std::is_signed_v<T>) {
            if (a == std::numeric_limits<T>::min() && b == -1) {  // the one overflowing quotient wraps
              d = toBits(static_cast<T>(Op == Opcode::Div ? a : 0));
              break;
            }
          }
          d = toBits(static_cast<T>(Op == Opcode::Div ? a / b : a % b));
          break;
        }
        case Opcode::Abs: {
          const T a = src(lane, 1);
          bool negative = false;
          if constexpr (std::is_signed_v<T>) negative = a < 0;
          d = toBits(static_cast<T>(negative ? static_cast<U>(U{0} - static_cast<U>(a)) : static_cast<U>(a)));
          break;
        }
        case Opcode::Neg:
          d = toBits(static_cast<T>(static_cast<U>(U{0} - static_cast<U>(src(lane, 1)))));
          break;
        case Opcode::Min:
        case Opcode::Max: {
          d = toBits(minMax<T>(Op == Opcode::Max, src(lane, 1), src(lane, 2), relu));
          break;
        }
        default:  // execArith passes only the opcodes above
          break;
      }
      if (cout) carryOut |= 1u << lane;
      out[static_cast<std::size_t>(lane)] = d;
    });
  };
  switch (ins.op) {
    case Opcode::Add:
      run.template operator()<Opcode::Add>();
      break;
    case Opcode::Addc:
      run.template operator()<Opcode::Addc>();
      break;
    case Opcode::Sub:
      run.template operator()<Opcode::Sub>();
      break;
    case Opcode::Subc:
      run.template operator()<Opcode::Subc>();
      break;
    case Opcode::Mul:
      run.template operator()<Opcode::Mul>();
      break;
    case Opcode::Mad:
      run.template operator()<Opcode::Mad>();
      break;
    case Opcode::Madc:
      run.template operator()<Opcode::Madc>();
      break;
    case Opcode::Mul24:
      run.template operator()<Opcode::Mul24>();
      break;
    case Opcode::Mad24:
      run.template operator()<Opcode::Mad24>();
      break;
    case Opcode::Sad:
      run.template operator()<Opcode::Sad>();
      break;
    case Opcode::Div:
      run.template operator()<Opcode::Div>();
      break;
    case Opcode::Rem:
      run.template operator()<Opcode::Rem>();
      break;
    case Opcode::Abs:
      run.template operator()<Opcode::Abs>();
      break;
    case Opcode::Neg:
      run.template operator()<Opcode::Neg>();
      break;
    case Opcode::Min:
      run.template operator()<Opcode::Min>();
      break;
    case Opcode::Max:
      run.template operator()<Opcode::Max>();
      break;
    default:
      break;  // execArith passes only these
  }
  ctx.scatter(ins.ops[0], out);

  if (ins.has(Mod::Cc)) {
    WarpControl& ctl = ctx.ctl();
    ctl.carry = (ctl.carry & ~ctx.lanes()) | carryOut;
  }
  if (madcHi16) {
    ctx.diag(DiagKind::IsaDeviation, ctx.lanes(),
             fmt::format("madc.hi.{} is not in the PTX ISA (ptxas 13.0 accepts it): an H100 adds the high 32 bits of "
                         "the 32-bit operands' product (0 or -1), not bits 16..31",
                         typeName(t)));
  }
  if (satWraps != 0) {
    ctx.diag(DiagKind::IsaDeviation, satWraps,
             fmt::format("mad.hi.sat.s32 overflows in {} lane(s) ({}): the ISA saturates, but ptxas 13.0 computes it "
                         "with the IMAD.WIDE of a mad.wide.s32 of the same operands and drops the .sat: an H100 "
                         "wraps, and so does this engine",
                         std::popcount(satWraps), satWhat));
  }
  if (divZero != 0) {
    ctx.diag(DiagKind::DivideByZero, divZero,
             fmt::format("{}.{} divides by zero in {} lane(s) ({}); the result is all ones, as on an H100",
                         ins.info().mnemonic, typeName(t), std::popcount(divZero), divWhat));
  }
}

bool isIntegerArith(Opcode op) {
  switch (op) {
    case Opcode::Add:
    case Opcode::Addc:
    case Opcode::Sub:
    case Opcode::Subc:
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Madc:
    case Opcode::Mul24:
    case Opcode::Mad24:
    case Opcode::Sad:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Min:
    case Opcode::Max:
      return true;
    default:
      return false;
  }
}

}  // namespace

void execArith(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (isFloat(ins.type)) {
    alu::execFloatArith(ctx);
    return;
  }
  const bool simd = ins.has(Mod::U16x2) || ins.has(Mod::S16x2);
  if (simd && (ins.op == Opcode::Add || ins.op == Opcode::Sub || ins.op == Opcode::Min || ins.op == Opcode::Max)) {
    if (ins.has(Mod::S16x2))
      simdHalves<std::int16_t>(ctx);
    else
      simdHalves<std::uint16_t>(ctx);
    return;
  }
  bool done = false;
  if (isIntegerArith(ins.op)) {
    done = withIntType(ins.type, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (sizeof(T) < 2) {
        unsupported(ctx, "has no 8-bit arithmetic form");
      } else if (sizeof(T) == 8 && ins.has(Mod::Wide)) {
        unsupported(ctx, "has no .wide form (PTX: .wide is for 16- and 32-bit types)");
      } else {
        intArith<T>(ctx);
      }
    });
  }
  if (!done) unsupported(ctx, "is not an integer arithmetic form this engine executes");
}

}  // namespace ws::core
