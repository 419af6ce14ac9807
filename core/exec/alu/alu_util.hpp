#pragma once
// Shared plumbing of the ALU handlers (arith, bits, compare, convert): lane
// iteration, the mapping from PTX types to C++ value types and float formats,
// and how a typed value becomes register bits.
#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/alu/float_bits.hpp"

namespace ws::core::alu {

// Calls f(lane) for every set lane of m, in ascending lane order. The whole
// warp (the usual case) is a counted loop the compiler can unroll.
template <class F>
void forEachLane(LaneMask m, F&& f) {
  if (m == ~0u) {
    for (int lane = 0; lane < kWarpSize; ++lane) f(lane);
    return;
  }
  while (m != 0) {
    const int lane = std::countr_zero(m);
    m &= m - 1;
    f(lane);
  }
}

template <class T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<T>{}) with the C++ integer type of an integer or bit-size
// PTX type (bit-size types behave as unsigned); returns false for others.
template <class F>
bool withIntType(DataType t, F&& f) {
  switch (t) {
    case DataType::B8:
    case DataType::U8:
      f(TypeTag<std::uint8_t>{});
      return true;
    case DataType::S8:
      f(TypeTag<std::int8_t>{});
      return true;
    case DataType::B16:
    case DataType::U16:
      f(TypeTag<std::uint16_t>{});
      return true;
    case DataType::S16:
      f(TypeTag<std::int16_t>{});
      return true;
    case DataType::B32:
    case DataType::U32:
      f(TypeTag<std::uint32_t>{});
      return true;
    case DataType::S32:
      f(TypeTag<std::int32_t>{});
      return true;
    case DataType::B64:
    case DataType::U64:
      f(TypeTag<std::uint64_t>{});
      return true;
    case DataType::S64:
      f(TypeTag<std::int64_t>{});
      return true;
    default:
      return false;
  }
}

// The low `bits` bits set (all 64 for 64 or more).
constexpr std::uint64_t widthMask(int bits) { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

// The integer multiplications' double-width type (mul.wide, mul.hi, mad.hi).
__extension__ typedef unsigned __int128 U128;
__extension__ typedef __int128 S128;

template <class T>
struct Wider;
template <>
struct Wider<std::int16_t> {
  using type = std::int32_t;
};
template <>
struct Wider<std::uint16_t> {
  using type = std::uint32_t;
};
template <>
struct Wider<std::int32_t> {
  using type = std::int64_t;
};
template <>
struct Wider<std::uint32_t> {
  using type = std::uint64_t;
};
template <>
struct Wider<std::int64_t> {
  using type = S128;
};
template <>
struct Wider<std::uint64_t> {
  using type = U128;
};

template <class T>
using W = typename Wider<T>::type;

// The full 2n-bit product (mul.wide) and its halves (mul.lo / mul.hi).
template <class T>
W<T> wideProduct(T a, T b) {
  return static_cast<W<T>>(a) * static_cast<W<T>>(b);
}
template <class T>
T productLo(T a, T b) {
  return static_cast<T>(wideProduct(a, b));
}
template <class T>
T productHi(T a, T b) {
  return static_cast<T>(wideProduct(a, b) >> (8 * sizeof(T)));
}

// Integer and bit-size comparisons (Table 19): eq ne lt le gt ge compare in
// the type's signedness, lo ls hi hs always unsigned. Calls f with the
// comparison as a function object (so a loop over lanes can be instantiated
// per comparison); false for an operator that is not an integer one.
template <class T, class F>
bool withIntCompare(Mod cmp, F&& f) {
  using U = std::make_unsigned_t<T>;
  switch (cmp) {
    case Mod::Eq: f([](T a, T b) { return a == b; }); return true;
    case Mod::Ne: f([](T a, T b) { return a != b; }); return true;
    case Mod::Lt: f([](T a, T b) { return a < b; }); return true;
    case Mod::Le: f([](T a, T b) { return a <= b; }); return true;
    case Mod::Gt: f([](T a, T b) { return a > b; }); return true;
    case Mod::Ge: f([](T a, T b) { return a >= b; }); return true;
    case Mod::Lo: f([](T a, T b) { return static_cast<U>(a) < static_cast<U>(b); }); return true;
    case Mod::Ls: f([](T a, T b) { return static_cast<U>(a) <= static_cast<U>(b); }); return true;
    case Mod::Hi: f([](T a, T b) { return static_cast<U>(a) > static_cast<U>(b); }); return true;
    case Mod::Hs: f([](T a, T b) { return static_cast<U>(a) >= static_cast<U>(b); }); return true;
    default: return false;
  }
}

// Register bits of a value: signed values sign-extended to 64 bits, which is
// what a destination register wider than the type receives (PTX ISA 9.4.1);
// the engine masks the bits to the register's width.
template <class T>
constexpr std::uint64_t toBits(T v) {
  if constexpr (std::is_signed_v<T>) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
  } else {
    return static_cast<std::uint64_t>(v);
  }
}

template <class T>
constexpr T fromBits(std::uint64_t bits) {
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(bits));
}

// The float format of a scalar or packed (x2: per half) float type.
constexpr std::optional<fp::Format> formatOf(DataType t) {
  switch (t) {
    case DataType::F16:
    case DataType::F16x2:
      return fp::kF16;
    case DataType::BF16:
    case DataType::BF16x2:
      return fp::kBF16;
    case DataType::F32:
      return fp::kF32;
    case DataType::F64:
      return fp::kF64;
    default:
      return std::nullopt;
  }
}

constexpr bool isPacked(DataType t) { return t == DataType::F16x2 || t == DataType::BF16x2; }

// Applies op to each 16-bit half of packed operands (bits 0..15 and 16..31).
template <class Op>
std::uint64_t perHalf(std::uint64_t a, std::uint64_t b, std::uint64_t c, Op&& op) {
  const std::uint64_t lo = op(a & 0xffff, b & 0xffff, c & 0xffff) & 0xffff;
  const std::uint64_t hi = op((a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff) & 0xffff;
  return lo | (hi << 16);
}

inline void unsupported(ExecCtx& ctx, std::string_view what) {
  const Instr& ins = ctx.ins();
  ctx.diag(
      DiagKind::Unsupported, ctx.lanes(),
      fmt::format("{}{}{} {}", ins.info().mnemonic, ins.type != DataType::None ? "." : "", typeName(ins.type), what));
}

// The float forms of the arithmetic instructions (arith_float.cpp).
void execFloatArith(ExecCtx& ctx);
// cvt and cvt.pack (convert.cpp).
void execCvt(ExecCtx& ctx);
void execCvtPack(ExecCtx& ctx);

}  // namespace ws::core::alu
