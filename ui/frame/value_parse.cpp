#include "ui/frame/value_parse.hpp"

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace ws::ui {
namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

// f32 bits to f16 bits, round to nearest even (what cvt.rn.f16.f32 does).
std::uint16_t floatToHalf(float f) {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t exp = (x >> 23) & 0xffu;
  std::uint32_t man = x & 0x7fffffu;
  if (exp == 0xff) return static_cast<std::uint16_t>(sign | 0x7c00u | (man ? 0x200u : 0u));
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 0x1f) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return static_cast<std::uint16_t>(sign);
    man |= 0x800000u;
    const int shift = 14 - e;
    std::uint32_t h = man >> shift;
    const std::uint32_t rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
  }
  std::uint32_t h = (static_cast<std::uint32_t>(e) << 10) | (man >> 13);
  const std::uint32_t rem = man & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
  return static_cast<std::uint16_t>(sign | h);
}

std::optional<double> readFloat(const std::string& s) {
  if (s.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return d;
}

}  // namespace

ParsedValue parseRegisterValue(std::string_view input, core::DataType t, ValueFormat f) {
  const std::string s = trim(input);
  ParsedValue out;
  if (s.empty()) {
    out.error = "type a value";
    return out;
  }
  const int width = t == core::DataType::Pred ? 1 : core::bitWidth(t);
  const std::uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;

  if (t == core::DataType::Pred || f == ValueFormat::Pred) {
    if (s == "true" || s == "1") out.bits = 1;
    else if (s == "false" || s == "0") out.bits = 0;
    else out.error = "a predicate is true or false";
    return out;
  }

  // Integers: 0x hex, or decimal with an optional sign.
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  if (hex) {
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str() + 2, &end, 16);
    if (end != s.c_str() + s.size() || errno == ERANGE) {
      out.error = fmt::format("'{}' is not a hexadecimal number", s);
    } else if (v & ~mask) {
      out.error = fmt::format("{} does not fit in {} bits", s, width);
    } else {
      out.bits = v;
    }
    return out;
  }

  const bool wantsFloat = f == ValueFormat::Float || (f == ValueFormat::Auto && core::isFloat(t));
  const bool looksFloat = s.find_first_of(".eEnN") != std::string::npos;
  if (wantsFloat || looksFloat) {
    auto d = readFloat(s);
    if (!d) {
      out.error = fmt::format("'{}' is not a number", s);
      return out;
    }
    if (width == 64) out.bits = std::bit_cast<std::uint64_t>(*d);
    else if (width == 32) out.bits = std::bit_cast<std::uint32_t>(static_cast<float>(*d));
    else if (width == 16) out.bits = floatToHalf(static_cast<float>(*d));
    else out.error = fmt::format("a {}-bit register cannot hold a float", width);
    return out;
  }

  errno = 0;
  char* end = nullptr;
  if (s[0] == '-') {
    const long long v = std::strtoll(s.c_str(), &end, 10);
    const long long lo = width >= 64 ? INT64_MIN : -(1ll << (width - 1));
    if (end != s.c_str() + s.size() || errno == ERANGE) out.error = fmt::format("'{}' is not a number", s);
    else if (v < lo) out.error = fmt::format("{} does not fit in {} bits", s, width);
    else out.bits = static_cast<std::uint64_t>(v) & mask;
    return out;
  }
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) out.error = fmt::format("'{}' is not a number", s);
  else if (v & ~mask) out.error = fmt::format("{} does not fit in {} bits", s, width);
  else out.bits = v;
  return out;
}

}  // namespace ws::ui
