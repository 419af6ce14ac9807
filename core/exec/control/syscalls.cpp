// The CUDA system calls nvcc emits for printf and assert (PTX ISA, "System
// Calls"): the module only declares vprintf and __assertfail, and the engine
// runs them as the CUDA runtime does. What they print goes to the step's
// record and the run's result (core/exec/state/printed.hpp); tests/data/printf
// holds what an H100 printed for the same kernels.
#include <fmt/format.h>

#include "core/exec/control/device_printf.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

// The longest string a %s or an assert message reads before it gives up
// (the H100's printf buffer holds 1 MB by default).
constexpr std::uint64_t kMaxString = 1u << 16;

// The call's i-th argument (a .param the caller stored) as `bytes` bytes.
std::optional<std::uint64_t> callArgument(ExecCtx& ctx, int lane, std::size_t i, unsigned bytes) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 3 || i >= ins.ops[2].elems.size()) return std::nullopt;
  const Operand& a = ins.ops[2].elems[i];
  std::uint64_t v = 0;
  if (a.symbol < 0) return ctx.read(lane, a, bytes == 8 ? DataType::U64 : DataType::U32);
  const Symbol& s = ctx.program().symbols[static_cast<std::size_t>(a.symbol)];
  if (!ctx.load(lane, {Space::ParamFunc, s.offset}, bytes, v)) return std::nullopt;
  return v;
}

std::optional<std::string> readString(ExecCtx& ctx, int lane, std::uint64_t addr) {
  std::string s;
  for (std::uint64_t i = 0; i < kMaxString; ++i) {
    std::uint64_t c = 0;
    if (!ctx.load(lane, {Space::Generic, addr + i}, 1, c)) return std::nullopt;
    if (c == 0) return s;
    s += static_cast<char>(c);
  }
  return std::nullopt;
}

void storeReturn(ExecCtx& ctx, int lane, std::uint32_t value) {
  const Instr& ins = ctx.ins();
  if (ins.ops.empty() || ins.ops[0].elems.empty() || ins.ops[0].elems[0].symbol < 0) return;
  const Symbol& s = ctx.program().symbols[static_cast<std::size_t>(ins.ops[0].elems[0].symbol)];
  ctx.store(lane, {Space::ParamFunc, s.offset}, 4, value);
}

// vprintf(format, args): lane by lane, in lane order (as the H100 prints one
// warp's lines).
void execVprintf(ExecCtx& ctx) {
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const auto fmtAddr = callArgument(ctx, l, 0, 8);
    const auto argsAddr = callArgument(ctx, l, 1, 8);
    const auto format = fmtAddr ? readString(ctx, l, *fmtAddr) : std::nullopt;
    if (!format || !argsAddr) {
      ctx.diag(DiagKind::OutOfBounds, 1u << l,
               fmt::format("lane {} calls printf with a format string that cannot be read (at {:#x})", l,
                           fmtAddr.value_or(0)));
      storeReturn(ctx, l, static_cast<std::uint32_t>(-1));
      continue;
    }
    std::uint64_t offset = 0;
    auto argument = [&](unsigned bytes) -> std::optional<std::uint64_t> {
      offset = (offset + bytes - 1) / bytes * bytes;
      std::uint64_t v = 0;
      if (*argsAddr == 0 || !ctx.load(l, {Space::Generic, *argsAddr + offset}, bytes, v)) return std::nullopt;
      offset += bytes;
      return v;
    };
    auto string = [&](std::uint64_t addr) { return readString(ctx, l, addr); };
    const DevicePrintf out = formatDevicePrintf(*format, argument, string);
    for (const std::string& spec : out.unsupported)
      ctx.diag(DiagKind::PrintfFormat, 1u << l,
               fmt::format("lane {}: printf spec \"{}\" is outside CUDA's printf: it copies no argument, and the "
                           "H100 prints it as written or prints bytes that are not arguments; shown as written",
                           l, spec));
    if (!out.error.empty())
      ctx.diag(DiagKind::OutOfBounds, 1u << l, fmt::format("lane {}: printf \"{}\": {}", l, *format, out.error));
    ctx.print(l, out.text);
    storeReturn(ctx, l, static_cast<std::uint32_t>(out.returned));
  }
}

// __assertfail(message, file, line, function, charSize): the message the
// CUDA runtime prints, then the kernel stops (cudaErrorAssert).
void execAssertFail(ExecCtx& ctx) {
  const Engine& e = ctx.engine();
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    auto str = [&](std::size_t i) {
      const auto a = callArgument(ctx, l, i, 8);
      return a ? readString(ctx, l, *a).value_or("?") : std::string("?");
    };
    const std::string message = str(0), file = str(1), function = str(3);
    const auto line = callArgument(ctx, l, 2, 4).value_or(0);
    auto dim = [&](SpecialReg r) {
      return fmt::format("[{},{},{}]", e.special(ctx.warpIndex(), l, r, 0), e.special(ctx.warpIndex(), l, r, 1),
                         e.special(ctx.warpIndex(), l, r, 2));
    };
    ctx.print(l, fmt::format("{}:{}: {}: block: {}, thread: {} Assertion `{}` failed.\n", file, line, function,
                             dim(SpecialReg::Ctaid), dim(SpecialReg::Tid), message));
  }
  LaneMask lanes = ctx.lanes();
  ctx.diag(DiagKind::AssertFailed, lanes,
           fmt::format("lanes {:#010x} failed an assert(); the kernel stops here (cudaErrorAssert: \"device-side "
                       "assert triggered\")",
                       lanes));
  ctx.exitLanes(lanes);
}

}  // namespace

void execSysCall(ExecCtx& ctx) {
  switch (ctx.ins().sysCall) {
    case SysCall::Vprintf: execVprintf(ctx); break;
    case SysCall::AssertFail: execAssertFail(ctx); break;
    case SysCall::None: break;
  }
}

}  // namespace ws::core
