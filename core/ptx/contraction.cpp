#include "core/ptx/contraction.hpp"

#include <unordered_map>

namespace ws::core {
namespace {

bool floatType(DataType t) {
  switch (t) {
    case DataType::F32: case DataType::F64: case DataType::F16: case DataType::F16x2:
    case DataType::BF16: case DataType::BF16x2:
      return true;
    default:
      return false;
  }
}

// Every register an operand names (vector elements and address bases too).
template <class F>
void forEachReg(const Operand& o, F&& f) {
  if (o.kind == OperandKind::Reg || (o.kind == OperandKind::Address && o.hasBase)) f(o.reg);
  if (o.hasPred) f(o.reg2);
  for (const Operand& e : o.elems) forEachReg(e, f);
}

// Whether the instruction may write register r: its first operand (the
// destination of every instruction that has one) or a d|p predicate output.
// Instructions without a destination name only sources there, which can only
// make the pass more careful.
bool mayWrite(const Instr& ins, std::uint32_t r) {
  if (ins.ops.empty()) return false;
  bool hit = false;
  forEachReg(ins.ops[0], [&](std::uint32_t x) { hit = hit || x == r; });
  return hit;
}

bool isPlainMul(const Instr& m, const Instr& add) {
  return m.op == Opcode::Mul && m.type == add.type && m.rnd == Mod::None && m.guard < 0 && m.ops.size() == 3 &&
         m.ops[0].kind == OperandKind::Reg && !m.has(Mod::Sat) && m.has(Mod::Ftz) == add.has(Mod::Ftz) &&
         m.unsupported < 0;
}

}  // namespace

void markContractions(Program& p) {
  for (const Function& f : p.functions) {
    // How often each register is named in the function: a product used only
    // by the add is named twice (the mul's destination and the add's source).
    std::unordered_map<std::uint32_t, std::uint32_t> uses;
    for (std::uint32_t i = f.begin; i < f.end; ++i)
      for (const Operand& o : p.instrs[i].ops) forEachReg(o, [&](std::uint32_t r) { ++uses[r]; });
    for (std::uint32_t i = f.begin; i < f.end; ++i) {
      Instr& add = p.instrs[i];
      if ((add.op != Opcode::Add && add.op != Opcode::Sub) || !floatType(add.type) || add.rnd != Mod::None ||
          add.ops.size() != 3 || add.guard >= 0 || add.unsupported >= 0)
        continue;
      for (std::uint8_t k = 1; k <= 2 && add.fusedMul < 0; ++k) {
        const Operand& src = add.ops[k];
        if (src.kind != OperandKind::Reg || uses[src.reg] != 2) continue;
        // The definition, looking back within the basic block (a label ends it).
        for (std::uint32_t j = i; j > f.begin;) {
          --j;
          const Instr& m = p.instrs[j];
          if (p.labels.count(j + 1) || (m.info().flags & (kBranch | kBarrier)) != 0) break;
          if (!mayWrite(m, src.reg)) continue;
          if (!isPlainMul(m, add)) break;
          // The mul's sources must still hold the values it multiplied.
          bool clobbered = false;
          for (std::uint32_t x = j + 1; x < i && !clobbered; ++x)
            for (std::size_t s = 1; s < 3 && !clobbered; ++s)
              forEachReg(m.ops[s], [&](std::uint32_t r) { clobbered = clobbered || mayWrite(p.instrs[x], r); });
          if (!clobbered) {
            add.fusedMul = static_cast<std::int32_t>(j);
            add.fusedOperand = k;
          }
          break;
        }
      }
    }
  }
}

}  // namespace ws::core
