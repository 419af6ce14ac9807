#include "ui/frame/format.hpp"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace ws::ui {
namespace {

std::uint64_t widthMask(int widthBits) { return widthBits >= 64 ? ~0ull : (1ull << widthBits) - 1; }

std::int64_t signExtend(std::uint64_t bits, int widthBits) {
  if (widthBits >= 64) return static_cast<std::int64_t>(bits);
  const std::uint64_t sign = 1ull << (widthBits - 1);
  bits &= widthMask(widthBits);
  return static_cast<std::int64_t>((bits ^ sign) - sign);
}

// Round-to-nearest-even float -> binary16, for checking that a shortened
// decimal still names the same half.
std::uint16_t floatToHalf(float f) {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u));
  if (absx >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds to infinity
  if (absx < 0x38800000u) {  // subnormal half (or zero)
    const float a = std::bit_cast<float>(absx);
    const auto q = static_cast<std::uint32_t>(std::nearbyint(a * 16777216.0f));  // a / 2^-24, ties to even
    return static_cast<std::uint16_t>(sign | q);
  }
  const std::uint32_t mant = absx & 0x7fffffu;
  std::uint32_t h = ((absx >> 23) - 112u) << 10 | (mant >> 13);
  const std::uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
  return static_cast<std::uint16_t>(sign | h);
}

std::uint16_t floatToBF16(float f) {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);
  const std::uint32_t rounded = x + 0x7fffu + ((x >> 16) & 1u);
  return static_cast<std::uint16_t>(rounded >> 16);
}

// Shortest %g text that converts back to the same 16-bit pattern.
template <class Back>
std::string shortest16(float value, std::uint16_t bits, Back back) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  // Whole numbers read better without an exponent (65504, not 6.55e+04).
  if (value == std::trunc(value) && std::abs(value) < 1e7f) return fmt::format("{}", value);
  for (int p = 1; p <= 9; ++p) {
    std::string s = fmt::format("{:.{}g}", value, p);
    if (back(std::strtof(s.c_str(), nullptr)) == bits) return s;
  }
  return fmt::format("{}", value);
}

}  // namespace

ValueFormat defaultFormat(core::DataType t) {
  using core::DataType;
  switch (core::typeClass(t)) {
    case core::TypeClass::Unsigned: return ValueFormat::Unsigned;
    case core::TypeClass::Signed: return ValueFormat::Signed;
    case core::TypeClass::Pred: return ValueFormat::Pred;
    case core::TypeClass::Float:
      return t == DataType::F16x2 || t == DataType::BF16x2 ? ValueFormat::F16x2 : ValueFormat::Float;
    case core::TypeClass::Bits:
    case core::TypeClass::None: return ValueFormat::Auto;
  }
  return ValueFormat::Auto;
}

std::string_view formatName(ValueFormat f) {
  switch (f) {
    case ValueFormat::Auto: return "auto";
    case ValueFormat::Hex: return "hex";
    case ValueFormat::Signed: return "signed";
    case ValueFormat::Unsigned: return "unsigned";
    case ValueFormat::Float: return "float";
    case ValueFormat::F16x2: return "f16x2";
    case ValueFormat::Pred: return "predicate";
  }
  return "";
}

std::string formatCaption(core::DataType declared, ValueFormat f) {
  const std::string type = fmt::format(".{}", core::typeName(declared));
  return f == defaultFormat(declared) ? type : fmt::format("{} as {}", type, formatName(f));
}

std::string_view formatHow(ValueFormat f) {
  switch (f) {
    case ValueFormat::Auto: return "decimal below 0x10000, hex from there";
    case ValueFormat::Hex: return "hexadecimal";
    case ValueFormat::Signed: return "signed decimal";
    case ValueFormat::Unsigned: return "unsigned decimal";
    case ValueFormat::Float: return "floating point";
    case ValueFormat::F16x2: return "two halves {low, high}";
    case ValueFormat::Pred: return "true / false";
  }
  return "";
}

std::string hexMinimal(std::uint64_t v) { return fmt::format("{:#x}", v); }
std::string hexFixed(std::uint64_t v, int digits) { return fmt::format("0x{:0{}x}", v, digits); }
std::string formatMask(core::LaneMask m) { return hexFixed(m, 8); }

std::string formatBits(std::uint64_t bits, int widthBits, ValueFormat f) {
  if (widthBits <= 0) widthBits = 64;
  bits &= widthMask(widthBits);
  switch (f) {
    case ValueFormat::Auto: return bits < 0x10000u ? fmt::format("{}", bits) : hexMinimal(bits);
    case ValueFormat::Hex: return hexMinimal(bits);
    case ValueFormat::Unsigned: return fmt::format("{}", bits);
    case ValueFormat::Signed: return fmt::format("{}", signExtend(bits, widthBits));
    case ValueFormat::Pred: return bits ? "true" : "false";
    case ValueFormat::Float:
      if (widthBits == 16) return formatF16(static_cast<std::uint16_t>(bits));
      if (widthBits == 32) return formatF32(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
      if (widthBits == 64) return formatF64(std::bit_cast<double>(bits));
      return hexMinimal(bits);
    case ValueFormat::F16x2:
      if (widthBits != 32) return hexMinimal(bits);
      return "{" + formatF16(static_cast<std::uint16_t>(bits)) + ", " +
             formatF16(static_cast<std::uint16_t>(bits >> 16)) + "}";
  }
  return hexMinimal(bits);
}

std::string formatValue(std::uint64_t bits, core::DataType t, ValueFormat f) {
  using core::DataType;
  const int width = t == DataType::None ? 64 : core::bitWidth(t);
  if (f == ValueFormat::Float && (t == DataType::BF16 || t == DataType::BF16x2)) {
    if (t == DataType::BF16) return formatBF16(static_cast<std::uint16_t>(bits));
    return formatBF16(static_cast<std::uint16_t>(bits)) + ", " + formatBF16(static_cast<std::uint16_t>(bits >> 16));
  }
  if (f == ValueFormat::F16x2 && t == DataType::BF16x2)
    return "{" + formatBF16(static_cast<std::uint16_t>(bits)) + ", " +
           formatBF16(static_cast<std::uint16_t>(bits >> 16)) + "}";
  if (width > 64) return formatBits(bits, 64, f);
  return formatBits(bits, width, f);
}

std::string maskBitsLaneOrder(core::LaneMask m, int lanes) {
  std::string s;
  s.reserve(static_cast<std::size_t>(lanes));
  for (int l = 0; l < lanes && l < core::kWarpSize; ++l) s.push_back(((m >> l) & 1u) ? '1' : '0');
  return s;
}

std::string laneList(core::LaneMask m) {
  if (m == 0) return "none";
  std::string s;
  int l = 0;
  while (l < core::kWarpSize) {
    if (!((m >> l) & 1u)) { ++l; continue; }
    int e = l;
    while (e + 1 < core::kWarpSize && ((m >> (e + 1)) & 1u)) ++e;
    if (!s.empty()) s += ", ";
    s += e == l ? fmt::format("{}", l) : fmt::format("{}-{}", l, e);
    l = e + 1;
  }
  return s;
}

int popcount(core::LaneMask m) { return std::popcount(m); }

std::string lanesPhrase(core::LaneMask m) {
  if (m == 0) return "no lanes";
  return (popcount(m) == 1 ? "lane " : "lanes ") + laneList(m);
}

float halfToFloat(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu;
  const std::uint32_t mant = h & 0x3ffu;
  if (exp == 0) {
    const float v = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -v : v;
  }
  if (exp == 31) return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
  return std::bit_cast<float>(sign | ((exp + 112u) << 23) | (mant << 13));
}

float bf16ToFloat(std::uint16_t h) { return std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16); }

std::string formatF32(float f) {
  if (std::isnan(f)) return "nan";
  return fmt::format("{}", f);
}
std::string formatF64(double d) {
  if (std::isnan(d)) return "nan";
  return fmt::format("{}", d);
}
std::string formatF16(std::uint16_t h) { return shortest16(halfToFloat(h), h, floatToHalf); }
std::string formatBF16(std::uint16_t h) { return shortest16(bf16ToFloat(h), h, floatToBF16); }

std::string xmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab/newline are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
        else out += c;
    }
  }
  return out;
}

}  // namespace ws::ui
