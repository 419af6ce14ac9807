#include "ui/frame/float_registers.hpp"

namespace ws::ui {
namespace {

using core::TypeClass;

// How an instruction writes its destination register.
struct Write {
  std::uint32_t reg = 0;
  enum class Kind : std::uint8_t { Float, Other, CopyOf } kind = Kind::Other;
  std::uint32_t from = 0;  // CopyOf: the source register
};

bool floatType(core::DataType t) { return core::typeClass(t) == TypeClass::Float; }

Write writeOf(const core::Instr& ins) {
  Write w;
  w.reg = ins.ops[0].reg;
  const bool copies = ins.op == core::Opcode::Mov || ins.op == core::Opcode::Shfl;
  if (copies && ins.ops.size() > 1) {
    const core::Operand& a = ins.ops[1];
    if (a.kind == core::OperandKind::Reg) {
      w.kind = Write::Kind::CopyOf;
      w.from = a.reg;
    } else if (a.kind == core::OperandKind::Imm && a.immIsFloat) {
      w.kind = Write::Kind::Float;
    }
    return w;
  }
  // cvt names the destination type first; every other instruction's first
  // type is what it produces.
  if (floatType(ins.type)) w.kind = Write::Kind::Float;
  return w;
}

}  // namespace

std::vector<bool> floatCarryingRegisters(const core::Program& p) {
  const std::size_t n = p.regs.size();
  std::vector<bool> isFloat(n, false);
  std::vector<Write> writes;
  for (const core::Instr& ins : p.instrs) {
    if (ins.ops.empty() || ins.ops[0].kind != core::OperandKind::Reg || ins.ops[0].reg >= n) continue;
    if (ins.op == core::Opcode::Call) continue;
    writes.push_back(writeOf(ins));
  }
  // Optimistic start (every written .bN register, every float register),
  // then drop registers with a write that is not a float until nothing
  // changes: copies around a loop keep their float-ness.
  std::vector<bool> written(n, false);
  for (const Write& w : writes) written[w.reg] = true;
  for (std::size_t r = 0; r < n; ++r) {
    const TypeClass c = core::typeClass(p.regs[r].type);
    isFloat[r] = c == TypeClass::Float || (c == TypeClass::Bits && written[r]);
  }
  for (bool again = true; again;) {
    again = false;
    for (const Write& w : writes) {
      if (!isFloat[w.reg] || core::typeClass(p.regs[w.reg].type) == TypeClass::Float) continue;
      const bool ok = w.kind == Write::Kind::Float || (w.kind == Write::Kind::CopyOf && w.from < n && isFloat[w.from]);
      if (!ok) {
        isFloat[w.reg] = false;
        again = true;
      }
    }
  }
  // Only the untyped registers are answered for: typed ones speak for themselves.
  for (std::size_t r = 0; r < n; ++r)
    if (core::typeClass(p.regs[r].type) != TypeClass::Bits) isFloat[r] = false;
  return isFloat;
}

}  // namespace ws::ui
