#include "core/ptx/number.hpp"

#include <charconv>
#include <cstring>
#include <system_error>

namespace ws::core {
namespace {

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

// Digits of `base` only; false on a stray digit or 64-bit overflow.
bool accumulate(std::string_view digits, unsigned base, std::uint64_t& out, std::string& why) {
  if (digits.empty()) {
    why = "it has no digits after its prefix";
    return false;
  }
  std::uint64_t v = 0;
  for (char c : digits) {
    int d = digitValue(c);
    if (d >= static_cast<int>(base)) {
      why = base == 8 ? "a leading 0 makes it octal, and octal digits are 0-7"
                      : std::string("'") + c + "' is not a base-" + std::to_string(base) + " digit";
      return false;
    }
    if (v > (~std::uint64_t{0} - static_cast<std::uint64_t>(d)) / base) {
      why = "it does not fit in 64 bits";
      return false;
    }
    v = v * base + static_cast<std::uint64_t>(d);
  }
  out = v;
  return true;
}

std::optional<NumLit> hexBits(std::string_view digits, std::size_t want, std::string& why) {
  if (digits.size() != want) {
    why = "it needs exactly " + std::to_string(want) + " hex digits after its prefix";
    return std::nullopt;
  }
  std::uint64_t v = 0;
  if (!accumulate(digits, 16, v, why)) return std::nullopt;
  return NumLit{true, want == 8 ? f32ToF64Bits(static_cast<std::uint32_t>(v)) : v};
}

}  // namespace

std::uint64_t f32ToF64Bits(std::uint32_t f) {
  std::uint64_t sign = static_cast<std::uint64_t>(f >> 31) << 63;
  std::uint32_t exp = (f >> 23) & 0xffu;
  std::uint64_t man = f & 0x7fffffu;
  if (exp == 0xff) return sign | (0x7ffull << 52) | (man << 29);
  if (exp == 0) {
    if (man == 0) return sign;
    // Subnormal f32: normalize (every one is a normal f64).
    int e = -126;
    while (!(man & 0x800000u)) {
      man <<= 1;
      --e;
    }
    man &= 0x7fffffu;
    return sign | (static_cast<std::uint64_t>(e + 1023) << 52) | (man << 29);
  }
  return sign | (static_cast<std::uint64_t>(static_cast<int>(exp) - 127 + 1023) << 52) | (man << 29);
}

NumLit negate(NumLit n) {
  if (n.isFloat)
    n.bits ^= 1ull << 63;
  else
    n.bits = ~n.bits + 1;
  return n;
}

std::optional<NumLit> parseNumber(std::string_view s, std::string& why) {
  if (s.size() >= 2 && s[0] == '0') {
    char p = s[1];
    if (p == 'f' || p == 'F') return hexBits(s.substr(2), 8, why);
    if (p == 'd' || p == 'D') return hexBits(s.substr(2), 16, why);
  }
  // A decimal float is digits followed by a fraction or an exponent.
  std::size_t firstNonDigit = s.find_first_not_of("0123456789");
  bool isFloat = firstNonDigit != std::string_view::npos && firstNonDigit > 0 &&
                 (s[firstNonDigit] == '.' || s[firstNonDigit] == 'e' || s[firstNonDigit] == 'E');
  if (isFloat) {
    double d = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d, std::chars_format::general);
    if (ec == std::errc::result_out_of_range) {
      why = "it is out of the range of a 64-bit float";
      return std::nullopt;
    }
    if (ec != std::errc() || p != s.data() + s.size()) {
      why = "it is not a valid decimal floating-point literal";
      return std::nullopt;
    }
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, 8);
    return NumLit{true, bits};
  }
  if (!s.empty() && (s.back() == 'U' || s.back() == 'u')) s.remove_suffix(1);
  NumLit n;
  bool ok = false;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    ok = accumulate(s.substr(2), 16, n.bits, why);
  else if (s.size() >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    ok = accumulate(s.substr(2), 2, n.bits, why);
  else if (s.size() >= 2 && s[0] == '0')
    ok = accumulate(s.substr(1), 8, n.bits, why);
  else
    ok = accumulate(s, 10, n.bits, why);
  if (!ok) return std::nullopt;
  return n;
}

}  // namespace ws::core
