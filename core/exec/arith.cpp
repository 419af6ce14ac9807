#include <fmt/format.h>

#include "core/exec/exec_ctx.hpp"

namespace ws::core {

void execArith(ExecCtx& ctx) {
  ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not implemented yet", ctx.ins().info().mnemonic));
}

}  // namespace ws::core
