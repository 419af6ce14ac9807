#include "core/scenario/values.hpp"

#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace ws::core {
namespace {

std::string numberText(const Number& n) { return n.isFloat ? formatTomlFloat(n.f) : fmt::format("{}", n.i); }

// Integers of a `bits`-wide type: any value that is a valid signed or unsigned
// `bits`-bit integer, stored as its two's complement pattern.
std::optional<std::uint64_t> intBits(std::int64_t v, int bits, std::string_view what, std::string& error) {
  if (bits < 64) {
    const std::int64_t lo = -(std::int64_t{1} << (bits - 1));
    const std::int64_t hi = static_cast<std::int64_t>((std::uint64_t{1} << bits) - 1);
    if (v < lo || v > hi) {
      error = fmt::format("{} does not fit in {} ({} bits)", v, what, bits);
      return std::nullopt;
    }
    return static_cast<std::uint64_t>(v) & ((std::uint64_t{1} << bits) - 1);
  }
  return static_cast<std::uint64_t>(v);
}

}  // namespace

std::string formatTomlFloat(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::optional<std::uint32_t> wordBits(const Number& n, WordType t, std::string& error) {
  if (t == WordType::F32) {
    const float f = static_cast<float>(n.isFloat ? n.f : static_cast<double>(n.i));
    return std::bit_cast<std::uint32_t>(f);
  }
  if (n.isFloat) {
    error = fmt::format("{} is a float, but the buffer holds {} words (declare type = \"f32\" for floats)",
                        numberText(n), wordTypeName(t));
    return std::nullopt;
  }
  auto b = intBits(n.i, 32, "a 32-bit word", error);
  if (!b) return std::nullopt;
  return static_cast<std::uint32_t>(*b);
}

std::optional<std::uint64_t> valueBits(const Number& n, DataType t, std::string& error) {
  switch (t) {
    case DataType::F32: {
      const float f = static_cast<float>(n.isFloat ? n.f : static_cast<double>(n.i));
      return std::bit_cast<std::uint32_t>(f);
    }
    case DataType::F64: return std::bit_cast<std::uint64_t>(n.isFloat ? n.f : static_cast<double>(n.i));
    case DataType::Pred:
      if (n.isFloat || (n.i != 0 && n.i != 1)) {
        error = fmt::format("{} is not a predicate value (0 or 1)", numberText(n));
        return std::nullopt;
      }
      return static_cast<std::uint64_t>(n.i);
    default: break;
  }
  const int w = bitWidth(t);
  if (isFloat(t) || w == 0 || w > 64) {
    error = fmt::format("values of type .{} are not supported here", typeName(t));
    return std::nullopt;
  }
  if (n.isFloat) {
    error = fmt::format("{} is a float, but the type is .{}", numberText(n), typeName(t));
    return std::nullopt;
  }
  return intBits(n.i, w, fmt::format("a .{}", typeName(t)), error);
}

std::optional<std::uint64_t> exprBits(const ExprValue& v, DataType t, std::string& error) {
  switch (t) {
    case DataType::Pred: return v.truthy() ? 1 : 0;
    case DataType::F32: return std::bit_cast<std::uint32_t>(static_cast<float>(v.asDouble()));
    case DataType::F64: return std::bit_cast<std::uint64_t>(v.asDouble());
    default: break;
  }
  const int w = bitWidth(t);
  if (isFloat(t) || w == 0 || w > 64) {
    error = fmt::format("initial values of .{} registers are not supported", typeName(t));
    return std::nullopt;
  }
  if (v.isFloat) {
    error = fmt::format("the value {} is a float, but the register is .{} (declare it .f32, or use an integer "
                        "expression)",
                        formatTomlFloat(v.f), typeName(t));
    return std::nullopt;
  }
  // Registers keep the low bits, as a cvt to a narrower type would.
  const std::uint64_t raw = static_cast<std::uint64_t>(v.i);
  return w == 64 ? raw : raw & ((std::uint64_t{1} << w) - 1);
}

std::string formatWord(std::uint32_t bits, WordType t) {
  switch (t) {
    case WordType::U32: return fmt::format("{}", bits);
    case WordType::S32: return fmt::format("{}", static_cast<std::int32_t>(bits));
    case WordType::F32: {
      const float f = std::bit_cast<float>(bits);
      if (std::isnan(f) || std::isinf(f)) return formatTomlFloat(f);
      return fmt::format("{}", f);
    }
  }
  return fmt::format("{}", bits);
}

std::string formatValue(std::uint64_t bits, DataType t) {
  const int w = bitWidth(t);
  switch (t) {
    case DataType::Pred: return (bits & 1) ? "1" : "0";
    case DataType::F32: return formatWord(static_cast<std::uint32_t>(bits), WordType::F32);
    case DataType::F64: return formatTomlFloat(std::bit_cast<double>(bits));
    default: break;
  }
  if (isSigned(t) && w > 0 && w <= 64) {
    const int sh = 64 - w;
    return fmt::format("{}", static_cast<std::int64_t>(bits << sh) >> sh);
  }
  // Unsigned and untyped bits read as unsigned numbers: nvcc declares its
  // integer registers .b32/.b64, and "lane*3" should show 0, 3, 6, ...
  if (typeClass(t) == TypeClass::Unsigned || typeClass(t) == TypeClass::Bits) return fmt::format("{}", bits);
  // f16 forms: hex, zero-padded to the width.
  const int digits = w > 0 && w <= 64 ? (w + 3) / 4 : 16;
  return fmt::format("{:#0{}x}", bits, digits + 2);
}

}  // namespace ws::core
