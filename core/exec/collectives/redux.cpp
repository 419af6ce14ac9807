// PTX ISA 9.1, 9.7.13.12 Parallel Synchronization and Communication
// Instructions: redux.sync
//   redux.sync.op.type dst, src, membermask;       .op = {.add, .min, .max}  .type = {.u32, .s32}
//   redux.sync.op.b32  dst, src, membermask;       .op = {.and, .or, .xor}
//   redux.sync.op{.abs}{.NaN}.f32 dst, src, membermask;  .op = {.min, .max}
// "performs a reduction operation .op of the 32 bit source register src across
// all non-exited threads in the membermask." ".add ... result is truncated to
// 32 bits." ".f32: if the input value is 0.0 then +0.0 > -0.0." ".abs: the
// absolute value of the input is considered." ".NaN: the result is canonical
// NaN if the input from any participating thread is NaN. In the absence of
// .NaN, only non-NaN values are considered and the result will be canonical
// NaN when all inputs are NaNs."
#include <fmt/format.h>

#include <cstring>

#include "core/exec/collectives/collective_ops.hpp"

namespace ws::core::coll {
namespace {

constexpr std::uint32_t kCanonicalNaN = 0x7fffffffu;

using Values = std::array<std::uint32_t, kWarpSize>;

// Folds the lanes of `set` (never empty) with op over values of type T.
template <class T, class Op>
std::uint32_t fold(const Values& v, LaneMask set, Op op) {
  bool first = true;
  T acc{};
  forLanes(set, [&](int l) {
    T x{};
    std::memcpy(&x, &v[static_cast<std::size_t>(l)], sizeof x);
    acc = first ? x : op(acc, x);
    first = false;
  });
  std::uint32_t bits = 0;
  std::memcpy(&bits, &acc, sizeof bits);
  return bits;
}

template <class T>
std::uint32_t reduceInt(Mod op, const Values& v, LaneMask set) {
  switch (op) {
    // Unsigned wrap-around: the 32 truncated bits are the same for .s32.
    case Mod::Add: return fold<std::uint32_t>(v, set, [](std::uint32_t x, std::uint32_t y) { return x + y; });
    case Mod::Min: return fold<T>(v, set, [](T x, T y) { return y < x ? y : x; });
    case Mod::Max: return fold<T>(v, set, [](T x, T y) { return y > x ? y : x; });
    case Mod::And: return fold<std::uint32_t>(v, set, [](std::uint32_t x, std::uint32_t y) { return x & y; });
    case Mod::Or: return fold<std::uint32_t>(v, set, [](std::uint32_t x, std::uint32_t y) { return x | y; });
    case Mod::Xor: return fold<std::uint32_t>(v, set, [](std::uint32_t x, std::uint32_t y) { return x ^ y; });
    default: return 0;
  }
}

bool isNaN(std::uint32_t bits) { return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0; }

// A key that orders non-NaN f32 bit patterns as numbers, with -0.0 < +0.0.
std::uint32_t orderKey(std::uint32_t bits) { return (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u; }

std::uint32_t reduceF32(const Instr& ins, const Values& v, LaneMask set) {
  const bool isMax = ins.opMod == Mod::Max;
  const bool abs = ins.has(Mod::Abs);
  bool anyNaN = false, anyNumber = false;
  std::uint32_t best = 0;
  forLanes(set, [&](int l) {
    std::uint32_t x = v[static_cast<std::size_t>(l)];
    if (abs) x &= 0x7fffffffu;
    if (isNaN(x)) {
      anyNaN = true;
      return;
    }
    const bool better = isMax ? orderKey(x) > orderKey(best) : orderKey(x) < orderKey(best);
    if (!anyNumber || better) best = x;
    anyNumber = true;
  });
  if (!anyNumber || (anyNaN && ins.has(Mod::NaNProp))) return kCanonicalNaN;
  return best;
}

std::uint32_t reduce(const Instr& ins, const Values& v, LaneMask set) {
  switch (ins.type) {
    case DataType::F32: return reduceF32(ins, v, set);
    case DataType::S32: return reduceInt<std::int32_t>(ins.opMod, v, set);
    default: return reduceInt<std::uint32_t>(ins.opMod, v, set);
  }
}

}  // namespace

void execRedux(ExecCtx& ctx) {
  if (!hasOperands(ctx, 3)) return;
  const Instr& ins = ctx.ins();
  const Operand& dst = ins.ops[0];
  const Operand& src = ins.ops[1];
  const Members m = gatherMembers(ctx);

  // Phase 1: every participating lane's source.
  Values v{};
  forLanes(m.lanes, [&](int l) {
    v[static_cast<std::size_t>(l)] = static_cast<std::uint32_t>(ctx.read(l, ctx.laneOp(l, src), DataType::B32));
  });

  // Phase 2: each lane's reduction over its membermask.
  Values out{};
  forLanes(m.lanes, [&](int l) {
    // m.of(l) always holds l (see Members::of for lanes outside their mask).
    out[static_cast<std::size_t>(l)] = reduce(ins, v, m.of(l));
  });
  shareUndefined(ctx);
  forLanes(m.lanes, [&](int l) { ctx.write(l, ctx.laneOp(l, dst), out[static_cast<std::size_t>(l)]); });
  flowAllToAll(ctx, m, FlowKind::Reduce, &src, dst,
               [&](int from) { return static_cast<std::uint64_t>(v[static_cast<std::size_t>(from)]); });
}

}  // namespace ws::core::coll
