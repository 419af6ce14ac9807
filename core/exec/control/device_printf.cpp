#include "core/exec/control/device_printf.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>

namespace ws::core {
namespace {

bool isFlag(char c) { return std::strchr("-+ #0", c) != nullptr && c != '\0'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isConversion(char c) { return c != '\0' && std::strchr("diouxXcspfFeEgGaA%", c) != nullptr; }

// One conversion spec as the device parses it.
struct Spec {
  std::string flags, width, precision;  // width "*": from the arguments; precision with its '.'
  int longs = 0;                        // 'l' count
  bool shortInt = false;                // 'h'
  char conversion = 0;                  // 0: not in CUDA's grammar
  std::size_t end = 0;                  // index after the spec in the format
};

// Parses the spec at format[at] == '%'. An invalid spec ends at its first
// character outside the grammar (kept in the spec), as on the H100.
Spec parseSpec(std::string_view f, std::size_t at) {
  Spec s;
  std::size_t i = at + 1;
  auto peek = [&] { return i < f.size() ? f[i] : '\0'; };
  auto invalid = [&] {
    s.conversion = 0;
    s.end = std::min(i + 1, f.size());
    return s;
  };
  while (isFlag(peek())) s.flags += f[i++];
  if (peek() == '*') {
    s.width = "*";
    ++i;
  } else {
    while (isDigit(peek())) s.width += f[i++];
  }
  if (peek() == '.') {
    s.precision = ".";
    ++i;
    if (peek() == '*') return invalid();
    while (isDigit(peek())) s.precision += f[i++];
  }
  if (peek() == 'h') {
    s.shortInt = true;
    ++i;
  } else if (peek() == 'l') {
    ++i;
    s.longs = 1;
    if (peek() == 'l') {
      ++i;
      s.longs = 2;
    }
  }
  if (!isConversion(peek())) return invalid();
  s.conversion = f[i++];
  if (s.conversion == '%' && (s.shortInt || s.longs)) return invalid();
  s.end = i;
  return s;
}

// One conversion's text is cut here: a width of 1e9 is legal C, and the
// H100's printf buffer (1 MB by default) could not hold it either.
constexpr std::int64_t kMaxConversion = 1 << 16;

// A width or precision as written, at most kMaxConversion (glibc would
// otherwise count out a billion spaces).
std::string clampNumber(const std::string& digits) {
  if (digits.empty()) return digits;
  return digits.size() > 5 ? std::to_string(kMaxConversion)
                           : std::to_string(std::min<std::int64_t>(std::stoll(digits), kMaxConversion));
}

// snprintf with a format built at run time from a checked spec.
template <class T>
std::string cFormat(const std::string& spec, T value) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  std::string out(static_cast<std::size_t>(std::clamp<std::int64_t>(n, 0, kMaxConversion)), '\0');
  if (n > 0) std::snprintf(out.data(), out.size() + 1, spec.c_str(), value);
#pragma GCC diagnostic pop
  return out;
}

}  // namespace

DevicePrintf formatDevicePrintf(std::string_view format,
                                const std::function<std::optional<std::uint64_t>(unsigned bytes)>& argument,
                                const std::function<std::optional<std::string>(std::uint64_t address)>& string) {
  DevicePrintf r;
  std::size_t i = 0;
  while (i < format.size()) {
    const std::size_t pct = format.find('%', i);
    r.text.append(format.substr(i, pct == std::string_view::npos ? std::string_view::npos : pct - i));
    if (pct == std::string_view::npos) break;
    const Spec s = parseSpec(format, pct);
    i = s.end;
    if (s.conversion == 0) {
      r.unsupported.emplace_back(format.substr(pct, s.end - pct));
      r.text.append(format.substr(pct, s.end - pct));
      continue;
    }
    if (s.conversion == '%') {
      r.text += '%';
      continue;
    }
    std::string spec = "%" + s.flags;
    if (s.width == "*") {
      const auto w = argument(4);
      if (!w) {
        r.error = "the argument buffer ends before the width of " + std::string(format.substr(pct, s.end - pct));
        return r;
      }
      ++r.returned;
      const std::int64_t width = static_cast<std::int32_t>(static_cast<std::uint32_t>(*w));
      spec += std::to_string(std::clamp<std::int64_t>(width, -kMaxConversion, kMaxConversion));
    } else {
      spec += clampNumber(s.width);
    }
    spec += s.precision.empty() ? "" : "." + clampNumber(s.precision.substr(1));
    const char c = s.conversion;
    const bool integer = std::strchr("diouxXc", c) != nullptr;
    const unsigned bytes = integer && s.longs == 0 ? 4 : 8;
    const auto v = argument(bytes);
    if (!v) {
      r.error = "the argument buffer ends before the argument of " + std::string(format.substr(pct, s.end - pct));
      return r;
    }
    ++r.returned;
    const bool isSigned = c == 'd' || c == 'i';
    if (c == 'c') {
      r.text += cFormat(spec + "c", static_cast<int>(static_cast<unsigned char>(*v)));
    } else if (integer && isSigned) {
      std::int64_t x = s.longs ? static_cast<std::int64_t>(*v) : static_cast<std::int32_t>(static_cast<std::uint32_t>(*v));
      if (s.shortInt) x = static_cast<std::int16_t>(static_cast<std::uint16_t>(*v));
      r.text += cFormat(spec + "ll" + c, static_cast<long long>(x));
    } else if (integer) {
      std::uint64_t x = s.longs ? *v : static_cast<std::uint32_t>(*v);
      if (s.shortInt) x = static_cast<std::uint16_t>(*v);
      r.text += cFormat(spec + "ll" + c, static_cast<unsigned long long>(x));
    } else if (c == 's') {
      if (*v == 0) {
        r.text += cFormat(spec + "s", "(null)");
        continue;
      }
      const auto str = string(*v);
      if (!str) {
        r.error = "the string of " + std::string(format.substr(pct, s.end - pct)) + " cannot be read";
        return r;
      }
      r.text += cFormat(spec + "s", str->c_str());
    } else if (c == 'p') {
      r.text += *v == 0 ? cFormat(spec + "s", "(nil)") : cFormat(spec + "p", reinterpret_cast<void*>(static_cast<std::uintptr_t>(*v)));
    } else {
      r.text += cFormat(spec + c, std::bit_cast<double>(*v));
    }
  }
  return r;
}

}  // namespace ws::core
