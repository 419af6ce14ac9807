// Compiling instructions to their whole-warp forms (core/exec/engine/uniform_op.hpp).
// Every form below is the whole-warp case of a general handler, computed
// with the same lane functions: intArith (arith.cpp) for add, sub, mul.lo,
// mul.wide, mad.lo and neg; execBits (bits.cpp) for and, or, xor, not and
// shifts; execSetp (compare.cpp); execMov (move.cpp); execShfl (shfl.cpp).
// An instruction is compiled only in the shapes where its handler has no
// choice to make and nothing to report for a converged warp whose sources
// are written: no modifiers beyond the ones named here, register operands of
// plain registers (no .b128 halves, no selectors, no negation), integer
// immediates, and (mov) a variable's address.
#include "core/exec/engine/uniform_op.hpp"

#include <type_traits>

#include "core/exec/alu/alu_util.hpp"
#include "core/exec/collectives/collective_ops.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

using namespace alu;

using Rows = const std::uint64_t* const*;

// ---- kernels: all 32 lanes, values as the handlers compute them (before
// the destination's width mask, which the engine applies on writing).

template <class T>
using U = std::make_unsigned_t<T>;

// Arithmetic modulo 2^n in 64 bits (a 16-bit product would overflow int).
template <class T>
T wrap(std::uint64_t v) {
  return static_cast<T>(static_cast<U<T>>(v));
}
template <class T>
std::uint64_t u64(std::uint64_t bits) {
  return static_cast<U<T>>(fromBits<T>(bits));
}

struct AddOp {
  template <class T>
  static T apply(std::uint64_t a, std::uint64_t b) {
    return wrap<T>(u64<T>(a) + u64<T>(b));
  }
};
struct SubOp {
  template <class T>
  static T apply(std::uint64_t a, std::uint64_t b) {
    return wrap<T>(u64<T>(a) - u64<T>(b));
  }
};
struct MulLoOp {  // productLo()
  template <class T>
  static T apply(std::uint64_t a, std::uint64_t b) {
    return static_cast<T>(productLo(fromBits<T>(a), fromBits<T>(b)));
  }
};

using Out = std::uint64_t* __restrict;

template <class T, class Op>
void binaryKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t* a = s[0];
  const std::uint64_t* b = s[1];
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = toBits(Op::template apply<T>(a[l], b[l])) & op.dstMask;
}

template <class T>
void madLoKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t* a = s[0];
  const std::uint64_t* b = s[1];
  const std::uint64_t* c = s[2];
  for (std::size_t l = 0; l < kWarpSize; ++l)
    out[l] = toBits(wrap<T>(static_cast<U<T>>(productLo(fromBits<T>(a[l]), fromBits<T>(b[l]))) + u64<T>(c[l]))) &
             op.dstMask;
}

template <class T>
void mulWideKernel(const UniformOp& op, Rows s, Out out, Out) {
  using WT = W<T>;
  const std::uint64_t* a = s[0];
  const std::uint64_t* b = s[1];
  for (std::size_t l = 0; l < kWarpSize; ++l)
    out[l] = toBits(static_cast<WT>(static_cast<std::make_unsigned_t<WT>>(wideProduct(fromBits<T>(a[l]), fromBits<T>(b[l]))))) &
             op.dstMask;
}

template <class T>
void negKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t* a = s[0];
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = toBits(wrap<T>(0 - u64<T>(a[l]))) & op.dstMask;
}

// and, or, xor, not: the sources as read (their type's bits, srcMask), combined.
void andKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = s[0][l] & s[1][l] & m;
}
void orKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = (s[0][l] | s[1][l]) & m;
}
void xorKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = (s[0][l] ^ s[1][l]) & m;
}
void notKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = ~s[0][l] & m;
}
// shl/shr by one amount for the whole warp, clamped to the width (execBits).
void shlKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  if (op.amount >= 64) {
    for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = 0;
    return;
  }
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = (s[0][l] << op.amount) & m;
}
void shrKernel(const UniformOp& op, Rows s, Out out, Out) {  // unsigned and bit types
  if (op.amount >= 64) {
    for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = 0;
    return;
  }
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = ((s[0][l] & op.srcMask) >> op.amount) & op.dstMask;
}

void movKernel(const UniformOp& op, Rows s, Out out, Out) {
  const std::uint64_t m = op.srcMask & op.dstMask;
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = s[0][l] & m;
}

// setp without a bool-op: p is the comparison and q its complement.
template <class T, class Cmp>
void setpKernel(const UniformOp& op, Rows s, Out out, Out out2) {
  const std::uint64_t* a = s[0];
  const std::uint64_t* b = s[1];
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = (Cmp{}(fromBits<T>(a[l]), fromBits<T>(b[l])) ? 1u : 0u) & op.dstMask;
  if (out2)
    for (std::size_t l = 0; l < kWarpSize; ++l) out2[l] = (out[l] ^ 1u) & op.dst2Mask;
}

// shfl.sync once the engine has found b and c the same in every lane (s[1][0], s[2][0]).
void shflKernel(const UniformOp& op, Rows s, Out out, Out out2) {
  LaneValues d, p;
  coll::shflWholeWarp(op.mode, static_cast<std::uint32_t>(s[1][0]), static_cast<std::uint32_t>(s[2][0]), s[0], d, p);
  for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = d[l] & op.dstMask;
  if (out2)
    for (std::size_t l = 0; l < kWarpSize; ++l) out2[l] = p[l] & op.dst2Mask;
}

// ---- compiling

class Compiler {
 public:
  Compiler(const Program& p, const std::vector<std::uint64_t>& regMask, UniformCode& code)
      : m_p(p), m_regMask(regMask), m_code(code) {}

  UniformOp compile(std::uint32_t pc) {
    const Instr& ins = m_p.instrs[pc];
    UniformOp op;
    if (pc >= m_p.functions[ins.func].end || ins.unsupported >= 0 || ins.fusedMul >= 0 || ins.vec > 1) return op;
    op.guard = ins.guard;
    op.guardNegated = ins.guardNegated;
    if (ins.op == Opcode::Bra) {
      if (ins.ops.size() != 1 || ins.ops[0].kind != OperandKind::Label) return {};
      op.kind = UniformOp::Kind::Bra;
      op.target = ins.ops[0].target;
      return op;
    }
    op.kind = UniformOp::Kind::Compute;
    const bool ok = ins.family == Family::Collective ? shfl(ins, op) : plain(ins, op);
    if (!ok) return {};
    op.inPlace = true;
    for (std::size_t i = 0; i < op.sources; ++i) {
      const UniformSrc& s = op.src[i];
      if (s.kind == UniformSrc::Kind::Reg && (s.index == op.dst || s.index == op.dst2)) op.inPlace = false;
      if (s.kind == UniformSrc::Kind::Reg) op.regSources |= static_cast<std::uint8_t>(1u << i);
      if (s.kind == UniformSrc::Kind::Special) {
        if (op.specialSource >= 0) return {};  // (mov has one source)
        op.specialSource = static_cast<std::int8_t>(i);
      }
    }
    return op;
  }

 private:
  bool plain(const Instr& ins, UniformOp& op) {
    const DataType t = ins.type;
    for (Mod m : {Mod::Sat, Mod::Hi, Mod::Cc, Mod::Relu, Mod::U16x2, Mod::S16x2, Mod::Ftz})
      if (ins.has(m)) return false;
    switch (ins.op) {
      case Opcode::Mov:
        if (t == DataType::Pred || t == DataType::B128 || isFloat(t) || bitWidth(t) > 64) return false;
        op.srcMask = widthMask(bitWidth(t));
        op.kernel = movKernel;
        return operands(ins, op, {t}, true);
      case Opcode::Add:
      case Opcode::Sub:
        return arith(ins, op, 2, [&](auto tag) {
          using T = typename decltype(tag)::type;
          op.kernel = ins.op == Opcode::Add ? binaryKernel<T, AddOp> : binaryKernel<T, SubOp>;
        });
      case Opcode::Neg:
        return arith(ins, op, 1, [&](auto tag) { op.kernel = negKernel<typename decltype(tag)::type>; });
      case Opcode::Mul:
      case Opcode::Mad: {
        const bool mad = ins.op == Opcode::Mad;
        if (ins.has(Mod::Wide) == ins.has(Mod::Lo)) return false;
        if (ins.has(Mod::Wide) && (mad || bitWidth(t) > 32)) return false;
        return arith(ins, op, mad ? 3 : 2, [&](auto tag) {
          using T = typename decltype(tag)::type;
          if constexpr (sizeof(T) <= 4) {
            if (ins.has(Mod::Wide)) {
              op.kernel = mulWideKernel<T>;
              return;
            }
          }
          op.kernel = mad ? madLoKernel<T> : binaryKernel<T, MulLoOp>;
        });
      }
      case Opcode::And:
      case Opcode::Or:
      case Opcode::Xor:
      case Opcode::Not: {
        if (typeClass(t) != TypeClass::Bits || bitWidth(t) < 16 || bitWidth(t) > 64) return false;
        op.srcMask = widthMask(bitWidth(t));
        op.kernel = ins.op == Opcode::And ? andKernel
                    : ins.op == Opcode::Or ? orKernel
                    : ins.op == Opcode::Xor ? xorKernel
                                            : notKernel;
        return ins.op == Opcode::Not ? operands(ins, op, {t}) : operands(ins, op, {t, t});
      }
      case Opcode::Shl:
      case Opcode::Shr: {
        // One immediate amount; shr of signed types fills with the sign (the general path).
        const int width = bitWidth(t);
        if ((width != 16 && width != 32 && width != 64) || isFloat(t) || (ins.op == Opcode::Shr && isSigned(t)))
          return false;
        if (ins.ops.size() != 3 || ins.ops[2].kind != OperandKind::Imm || ins.ops[2].immIsFloat) return false;
        const auto n = static_cast<std::uint32_t>(ins.ops[2].imm);  // read as .u32
        op.amount = n < static_cast<std::uint32_t>(width) ? n : static_cast<std::uint32_t>(width);
        op.srcMask = widthMask(width);
        op.kernel = ins.op == Opcode::Shl ? shlKernel : shrKernel;
        return operands(ins, op, {t, DataType::None});
      }
      case Opcode::Cvta: {
        // To or from the global window: the identity (execCvta).
        const DataType ct = t == DataType::None ? DataType::U64 : t;
        if (ins.space != Mod::Global || isFloat(ct) || bitWidth(ct) > 64 || bitWidth(ct) < 8) return false;
        op.srcMask = widthMask(bitWidth(ct));
        op.kernel = movKernel;
        return operands(ins, op, {ct});
      }
      case Opcode::Ld:
        return paramLoad(ins, op);
      case Opcode::Setp: {
        const DataType ct = ins.type2 != DataType::None ? ins.type2 : ins.type;
        if (ins.has(Mod::And) || ins.has(Mod::Or) || ins.has(Mod::Xor) || ins.ops.size() != 3) return false;
        bool found = false;
        const bool isInt = withIntType(ct, [&](auto tag) {
          using T = typename decltype(tag)::type;
          found = withIntCompare<T>(ins.cmp, [&](auto cmp) { op.kernel = setpKernel<T, decltype(cmp)>; });
        });
        if (!isInt || !found) return false;
        const Operand& d = ins.ops[0];
        if (d.kind != OperandKind::Reg || (d.hasPred && d.reg2 == d.reg)) return false;
        if (d.hasPred) {
          op.dst2 = d.reg2;
          op.dst2Mask = m_regMask[d.reg2];
        }
        return operands(ins, op, {ct, ct});
      }
      default:
        return false;
    }
  }

  // ld.param of a kernel parameter named directly (execLoad's load of one
  // address for the whole warp): a scalar of 1 to 8 bytes.
  bool paramLoad(const Instr& ins, UniformOp& op) {
    const DataType t = ins.type;
    if (spaceOf(ins.space) != Space::Param || ins.ops.size() != 2 || t == DataType::Pred || bitWidth(t) < 8 ||
        bitWidth(t) > 64)
      return false;
    const Operand& d = ins.ops[0];
    const Operand& a = ins.ops[1];
    if (!plainReg(d) || d.hasPred || a.kind != OperandKind::Address || a.hasBase || a.symbol < 0) return false;
    const Symbol& sym = m_p.symbols[static_cast<std::size_t>(a.symbol)];
    if (sym.space != Space::Param) return false;
    op.kind = UniformOp::Kind::ParamLoad;
    op.dst = d.reg;
    op.dstMask = m_regMask[d.reg];
    op.offset = sym.offset + static_cast<std::uint64_t>(a.imm);
    op.bytes = static_cast<std::uint8_t>(bitWidth(t) / 8);
    op.signExtend = isSigned(t) && op.bytes < 8;
    return true;
  }

  // add, sub, neg, mul, mad of 16-, 32- and 64-bit integers: pick the
  // kernel for the type, then the operands (all of the instruction's type).
  template <class Pick>
  bool arith(const Instr& ins, UniformOp& op, std::size_t sources, Pick&& pick) {
    const DataType t = ins.type;
    bool sized = false;
    withIntType(t, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (sizeof(T) >= 2) {
        sized = true;
        pick(tag);
      }
    });
    if (!sized || typeClass(t) == TypeClass::Bits) return false;
    std::vector<DataType> types(sources, t);
    return operands(ins, op, types);
  }

  // The destination (a plain register) and the sources, each read as the
  // given type (None: an immediate read as .u32, already folded into op).
  bool operands(const Instr& ins, UniformOp& op, std::vector<DataType> types, bool specials = false) {
    if (ins.ops.size() != types.size() + 1) return false;
    const Operand& d = ins.ops[0];
    if (!plainReg(d) || (d.hasPred && op.dst2 == kNoReg)) return false;  // d|q: setp alone
    op.dst = d.reg;
    op.dstMask = m_regMask[d.reg];
    op.sources = 0;
    for (std::size_t i = 0; i < types.size(); ++i) {
      if (types[i] == DataType::None) continue;
      if (!source(ins.ops[i + 1], types[i], specials, op.src[op.sources])) return false;
      ++op.sources;
    }
    return true;
  }

  bool plainReg(const Operand& o) const {
    return o.kind == OperandKind::Reg && !o.negate && o.sel.kind == Operand::Selector::Kind::None &&
           m_p.regs[o.reg].hi == kNoReg;
  }

  bool source(const Operand& o, DataType t, bool specials, UniformSrc& s) {
    if (plainReg(o) && !o.hasPred) {
      s.kind = UniformSrc::Kind::Reg;
      s.index = o.reg;
      return true;
    }
    if (o.kind == OperandKind::Imm && !o.immIsFloat && !isFloat(t)) {
      // readOther(): an integer literal read as an integer type is its bits.
      constant(static_cast<std::uint64_t>(o.imm) & widthMask(bitWidth(t)), s);
      return true;
    }
    if (o.kind == OperandKind::Symbol && specials && !o.hasBase && o.symbol >= 0) {
      // A variable's address (mov r, name): the same for every lane.
      constant(symbolValue(m_p.symbols[static_cast<std::size_t>(o.symbol)], o.imm) & widthMask(bitWidth(t)), s);
      return true;
    }
    if (o.kind == OperandKind::Special && specials) {
      s.kind = UniformSrc::Kind::Special;
      s.sreg = o.sreg;
      s.comp = o.comp;
      return true;
    }
    return false;
  }

  // A source that reads value v in every lane: a row of its own.
  void constant(std::uint64_t v, UniformSrc& s) {
    LaneValues row;
    row.fill(v);
    s.kind = UniformSrc::Kind::Const;
    s.index = static_cast<std::uint32_t>(m_code.consts.size());
    m_code.consts.push_back(row);
  }

  // shfl.sync.mode.b32 d[|p], a, b, c, membermask with a register d.
  bool shfl(const Instr& ins, UniformOp& op) {
    if (ins.op != Opcode::Shfl || ins.type != DataType::B32 || ins.ops.size() != 5) return false;
    if (ins.opMod != Mod::Up && ins.opMod != Mod::Down && ins.opMod != Mod::Bfly && ins.opMod != Mod::Idx) return false;
    const Operand& d = ins.ops[0];
    if (d.kind != OperandKind::Reg || d.sel.kind != Operand::Selector::Kind::None || m_p.regs[d.reg].hi != kNoReg ||
        (d.hasPred && d.reg2 == d.reg))
      return false;
    // a is read as .b32 in place: its register may not be wider.
    const Operand& a = ins.ops[1];
    if (a.kind == OperandKind::Reg && (m_regMask[a.reg] >> 32) != 0) return false;
    op.kind = UniformOp::Kind::Shfl;
    op.mode = ins.opMod;
    op.kernel = shflKernel;
    if (d.hasPred) {
      op.dst2 = d.reg2;
      op.dst2Mask = m_regMask[d.reg2];
    }
    op.dst = d.reg;
    op.dstMask = m_regMask[d.reg];
    op.sources = 4;
    for (std::size_t i = 0; i < 4; ++i)
      if (!source(ins.ops[i + 1], DataType::B32, false, op.src[i])) return false;
    return true;
  }

  const Program& m_p;
  const std::vector<std::uint64_t>& m_regMask;
  UniformCode& m_code;
};

}  // namespace

UniformCode compileUniform(const Program& program, const std::vector<std::uint64_t>& regMask) {
  UniformCode code;
  Compiler c(program, regMask, code);
  code.ops.reserve(program.instrs.size() + 1);
  for (std::uint32_t pc = 0; pc < program.instrs.size(); ++pc) code.ops.push_back(c.compile(pc));
  code.ops.emplace_back();  // one past the last instruction: a body that falls off its end
  return code;
}

}  // namespace ws::core
