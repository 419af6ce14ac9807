#include <fmt/format.h>

#include "core/exec/exec_ctx.hpp"

namespace ws::core {

void execCollective(ExecCtx& ctx) {
  ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not implemented yet", ctx.ins().info().mnemonic));
}

}  // namespace ws::core

namespace ws::core {
int membermaskOperand(const Instr& ins) {
  switch (ins.op) {
    case Opcode::Shfl: return 4;
    case Opcode::Vote: case Opcode::Match: case Opcode::Redux: return 2;
    case Opcode::BarWarp: return 0;
    case Opcode::Elect: return 1;
    default: return -1;
  }
}
}  // namespace ws::core
