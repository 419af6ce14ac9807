#include <fmt/format.h>

#include "core/exec/exec_ctx.hpp"

namespace ws::core {

void execAtomic(ExecCtx& ctx) {
  ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not implemented yet", ctx.ins().info().mnemonic));
}

}  // namespace ws::core

namespace ws::core {
void completeAsyncOp(ExecCtx& ctx, const AsyncOp&) { ctx.diag(DiagKind::Unsupported, 0, "red.async completion is not implemented yet"); }
}  // namespace ws::core
