#include "ui/lesson/note_claims.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "core/isa/isa.hpp"
#include "ui/frame/format.hpp"

namespace ws::ui {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isWordChar(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::size_t skipSpaces(std::string_view s, std::size_t i) {
  while (i < s.size() && isSpace(s[i])) ++i;
  return i;
}

std::vector<std::string_view> splitDots(std::string_view s) {
  std::vector<std::string_view> parts;
  std::size_t b = 0;
  while (b <= s.size()) {
    const std::size_t e = std::min(s.find('.', b), s.size());
    if (e > b) parts.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  return parts;
}

// The opcode the word starts with: the longest '.'-joined prefix the
// instruction table knows ("cp.async.bulk.shared" -> cp.async.bulk).
std::optional<core::Opcode> leadingMnemonic(std::string_view word) {
  std::size_t end = word.size();
  while (end > 0) {
    if (auto op = core::findMnemonic(word.substr(0, end))) return op;
    const std::size_t dot = word.rfind('.', end - 1);
    if (dot == std::string_view::npos) break;
    end = dot;
  }
  return std::nullopt;
}

// The code span starting at text[i] == '`' (a run of one or two backticks):
// its content, and the index after its closing run; nullopt when unclosed.
std::optional<std::pair<std::string_view, std::size_t>> codeSpan(std::string_view text, std::size_t i) {
  std::size_t run = 0;
  while (i + run < text.size() && text[i + run] == '`') ++run;
  if (run == 0) return std::nullopt;
  const std::string_view fence = text.substr(i, run);
  const std::size_t close = text.find(fence, i + run);
  if (close == std::string_view::npos) return std::nullopt;
  std::string_view content = text.substr(i + run, close - i - run);
  while (!content.empty() && isSpace(content.front())) content.remove_prefix(1);
  while (!content.empty() && isSpace(content.back())) content.remove_suffix(1);
  return std::make_pair(content, close + run);
}

// A whole number literal at s[i]: hexadecimal, decimal integer or decimal
// fraction (with an optional exponent). Returns the index after it.
std::optional<std::pair<QuotedNumber, std::size_t>> numberAt(std::string_view s, std::size_t i) {
  QuotedNumber n;
  const std::size_t start = i;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
    neg = s[i] == '-';
    ++i;
  }
  if (i >= s.size() || !isDigit(s[i])) return std::nullopt;
  if (!neg && s[i] == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X') && i + 2 < s.size() &&
      isHexDigit(s[i + 2]) && start == i) {
    std::size_t e = i + 2;
    while (e < s.size() && isHexDigit(s[e])) ++e;
    const std::string_view digits = s.substr(i + 2, e - i - 2);
    if (digits.size() > 16) return std::nullopt;
    n.kind = QuotedNumber::Kind::Hex;
    std::from_chars(digits.data(), digits.data() + digits.size(), n.bits, 16);
    n.text = std::string(s.substr(start, e - start));
    return std::make_pair(n, e);
  }
  std::size_t e = i;
  while (e < s.size() && isDigit(s[e])) ++e;
  const std::size_t intEnd = e;
  int decimals = 0;
  bool fraction = false;
  if (e + 1 < s.size() && s[e] == '.' && isDigit(s[e + 1])) {
    fraction = true;
    ++e;
    while (e < s.size() && isDigit(s[e])) {
      ++e;
      ++decimals;
    }
  }
  int exponent = 0;
  if (e + 1 < s.size() && (s[e] == 'e' || s[e] == 'E')) {
    std::size_t x = e + 1;
    if (x < s.size() && (s[x] == '-' || s[x] == '+')) ++x;
    if (x < s.size() && isDigit(s[x])) {
      const std::size_t xs = x;
      while (x < s.size() && isDigit(s[x])) ++x;
      std::from_chars(s.data() + (s[e + 1] == '+' ? xs : e + 1), s.data() + x, exponent);
      fraction = true;
      e = x;
    }
  }
  n.text = std::string(s.substr(start, e - start));
  n.value = std::strtod(n.text.c_str(), nullptr);
  if (fraction) {
    n.kind = QuotedNumber::Kind::Decimal;
    n.tolerance = 0.5 * std::pow(10.0, exponent - decimals);
  } else {
    n.kind = QuotedNumber::Kind::Integer;
    n.negative = neg;
    const auto r = std::from_chars(s.data() + i, s.data() + intEnd, n.magnitude);
    if (r.ec != std::errc{}) return std::nullopt;  // wider than 64 bits: not a register's value
  }
  return std::make_pair(n, e);
}

// The value after "`%r` = " at s[i]: a number, optionally in emphasis or a
// code span, and not the start of an expression or a list. nullopt: another
// kind of value. `end` is set to the index after what was read.
std::optional<QuotedNumber> claimedNumber(std::string_view s, std::size_t i, std::size_t& end) {
  end = i;
  if (i < s.size() && s[i] == '`') {
    const auto span = codeSpan(s, i);
    if (!span) return std::nullopt;
    const auto num = numberAt(span->first, 0);
    if (!num || num->second != span->first.size()) return std::nullopt;
    end = span->second;
    return num->first;
  }
  std::size_t run = 0;
  while (i + run < s.size() && (s[i + run] == '*' || s[i + run] == '_') && run < 3) ++run;
  const std::string_view open = s.substr(i, run);
  const auto num = numberAt(s, i + run);
  if (!num) return std::nullopt;
  std::size_t e = num->second;
  if (e < s.size() && (isWordChar(s[e]) || (s[e] == '.' && e + 1 < s.size() && isDigit(s[e + 1])))) return std::nullopt;
  if (run > 0) {
    if (s.substr(e, run) != open) return std::nullopt;
    e += run;
  }
  end = e;
  // What follows: an operator makes the number part of an expression, a
  // comma and another number a list of lanes' values. Neither is checked.
  const std::size_t k = skipSpaces(s, e);
  if (k < s.size()) {
    const char c = s[k];
    if (std::string_view("+*/^&|<>%=").find(c) != std::string_view::npos) return std::nullopt;
    if (c == '-' && k + 1 < s.size() && (isSpace(s[k + 1]) || isDigit(s[k + 1]))) return std::nullopt;
    if (c == ',') {
      std::size_t m = skipSpaces(s, k + 1);
      while (m < s.size() && (s[m] == '*' || s[m] == '_' || s[m] == '`')) ++m;
      if (m < s.size() && (isDigit(s[m]) || s[m] == '-')) return std::nullopt;
    }
  }
  return num->first;
}

// Digits of a lane number at s[i], not the start of a range ("lane 0-15").
std::optional<std::uint32_t> laneNumberAt(std::string_view s, std::size_t i) {
  std::size_t e = i;
  while (e < s.size() && isDigit(s[e])) ++e;
  if (e == i || e - i > 2) return std::nullopt;
  if (e < s.size() && (s[e] == '-' || isWordChar(s[e]))) return std::nullopt;
  if (s.substr(e).starts_with("\u2013")) return std::nullopt;  // an en dash range
  std::uint32_t lane = 0;
  std::from_chars(s.data() + i, s.data() + e, lane);
  return lane < 32 ? std::optional<std::uint32_t>(lane) : std::nullopt;
}

// The last singular "lane N" in s[from, to).
std::optional<std::uint32_t> lastLaneBefore(std::string_view s, std::size_t from, std::size_t to) {
  std::optional<std::uint32_t> found;
  const std::string low = lowered(s.substr(from, to - from));
  for (std::size_t at = low.find("lane "); at != std::string::npos; at = low.find("lane ", at + 1)) {
    if (at > 0 && isWordChar(low[at - 1])) continue;
    if (auto l = laneNumberAt(low, at + 5)) found = l;
  }
  return found;
}

// Where the sentence holding s[i] begins: after the last '.', '!', '?' or
// ';' that is followed by white space, or a blank line.
std::size_t sentenceStart(std::string_view s, std::size_t i) {
  for (std::size_t k = i; k > 0; --k) {
    const char c = s[k - 1];
    if ((c == '.' || c == '!' || c == '?' || c == ';') && k < s.size() && isSpace(s[k])) return k;
    if (c == '\n' && k >= 2 && s[k - 2] == '\n') return k;
  }
  return 0;
}

bool isRegisterName(std::string_view s) {
  if (s.size() < 2 || s[0] != '%' || !(isWordChar(s[1]) && !isDigit(s[1]))) return false;
  return std::all_of(s.begin() + 1, s.end(), [](char c) { return isWordChar(c); });
}

std::int64_t signExtend(std::uint64_t bits, int width) {
  if (width >= 64) return static_cast<std::int64_t>(bits);
  const std::uint64_t sign = 1ull << (width - 1);
  const std::uint64_t v = bits & ((1ull << width) - 1);
  return static_cast<std::int64_t>((v ^ sign) - sign);
}

// The floats the register's bits can be read as.
std::vector<double> floatReadings(std::uint64_t bits, int width) {
  switch (width) {
    case 16: return {halfToFloat(static_cast<std::uint16_t>(bits)), bf16ToFloat(static_cast<std::uint16_t>(bits))};
    case 32: return {std::bit_cast<float>(static_cast<std::uint32_t>(bits))};
    case 64: return {std::bit_cast<double>(bits)};
    default: return {};
  }
}

}  // namespace

std::optional<InstructionOpener> instructionOpener(std::string_view text) {
  std::size_t i = skipSpaces(text, 0);
  while (i < text.size() && (text[i] == '*' || text[i] == '_')) ++i;
  if (lowered(text.substr(i, 5)) == "this ") {
    i = skipSpaces(text, i + 5);
    while (i < text.size() && (text[i] == '*' || text[i] == '_')) ++i;
  }
  if (i >= text.size() || text[i] != '`') return std::nullopt;
  const auto span = codeSpan(text, i);
  if (!span) return std::nullopt;
  std::string_view code = span->first;
  if (!code.empty() && code.front() == '@') {  // a guard: "@%p1 red.global..."
    const std::size_t sp = code.find_first_of(" \t");
    if (sp == std::string_view::npos) return std::nullopt;
    code = code.substr(skipSpaces(code, sp));
  }
  std::string_view word = code.substr(0, std::min(code.find_first_of(" \t"), code.size()));
  while (!word.empty() && (word.back() == ':' || word.back() == ';' || word.back() == ',')) word.remove_suffix(1);
  if (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) { return isWordChar(c) || c == '.' || c == ':'; }))
    return std::nullopt;
  InstructionOpener o{lowered(word), std::string(word)};
  if (!leadingMnemonic(o.word)) return std::nullopt;
  return o;
}

bool openerNames(const InstructionOpener& o, const core::Instr& ins, std::string_view written) {
  if (auto op = leadingMnemonic(o.word); op && *op == ins.op) return true;
  const std::string have = lowered(written);
  const auto haveParts = splitDots(have);
  for (std::string_view part : splitDots(o.word))
    if (std::find(haveParts.begin(), haveParts.end(), part) == haveParts.end()) return false;
  return true;
}

std::vector<RegisterClaim> registerClaims(std::string_view text) {
  std::vector<RegisterClaim> out;
  for (std::size_t i = text.find('`'); i != std::string_view::npos; i = text.find('`', i + 1)) {
    const auto span = codeSpan(text, i);
    if (!span) break;
    const std::size_t after = span->second;
    if (!isRegisterName(span->first)) {
      i = after - 1;
      continue;
    }
    std::size_t k = skipSpaces(text, after);
    if (k >= text.size() || text[k] != '=') {
      i = after - 1;
      continue;
    }
    k += text.substr(k, 2) == "==" ? 2 : 1;
    if (k < text.size() && (text[k] == '>' || text[k] == '<')) {
      i = after - 1;
      continue;
    }
    k = skipSpaces(text, k);
    RegisterClaim c;
    c.reg = std::string(span->first);
    c.offset = i;
    std::size_t end = k;
    c.number = claimedNumber(text, k, end);
    if (c.number) {
      // "... = 7 in lane 3" names its lane after the number.
      const std::size_t m = skipSpaces(text, end);
      if (lowered(text.substr(m, 8)) == "in lane ") c.lane = laneNumberAt(text, m + 8);
    } else {
      end = std::min(text.find_first_of(".;:\n", k), text.size());
    }
    if (!c.lane) c.lane = lastLaneBefore(text, sentenceStart(text, i), i);
    c.text = std::string(text.substr(i, std::min<std::size_t>(end - i, 80)));
    out.push_back(std::move(c));
    i = after - 1;
  }
  return out;
}

std::optional<QuotedNumber> answerNumber(std::string_view answer) {
  std::size_t b = skipSpaces(answer, 0), e = answer.size();
  while (e > b && isSpace(answer[e - 1])) --e;
  const std::string_view a = answer.substr(b, e - b);
  const std::string low = lowered(a);
  if (low == "true" || low == "false") {
    QuotedNumber n;
    n.kind = QuotedNumber::Kind::Hex;
    n.text = std::string(a);
    n.bits = low == "true" ? 1 : 0;
    return n;
  }
  if (low.starts_with("0b") && low.size() > 2 && low.size() <= 66 &&
      std::all_of(low.begin() + 2, low.end(), [](char c) { return c == '0' || c == '1'; })) {
    QuotedNumber n;
    n.kind = QuotedNumber::Kind::Hex;
    n.text = std::string(a);
    std::from_chars(low.data() + 2, low.data() + low.size(), n.bits, 2);
    return n;
  }
  const auto num = numberAt(a, 0);
  if (!num || num->second != a.size()) return std::nullopt;
  return num->first;
}

bool numberMatches(const QuotedNumber& n, std::uint64_t bits, core::DataType t) {
  const int width = core::bitWidth(t);
  if (t == core::DataType::Pred || width <= 1 || width > 64) return true;
  const std::uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;
  const std::uint64_t raw = bits & mask;
  const bool floatReg = core::isFloat(t);
  const bool untyped = core::typeClass(t) == core::TypeClass::Bits;
  switch (n.kind) {
    case QuotedNumber::Kind::Hex: return n.bits <= mask && raw == n.bits;
    case QuotedNumber::Kind::Integer: {
      if (!floatReg) {
        if (!n.negative && raw == n.magnitude) return true;
        if (n.magnitude <= static_cast<std::uint64_t>(INT64_MAX) &&
            signExtend(raw, width) == (n.negative ? -static_cast<std::int64_t>(n.magnitude) : static_cast<std::int64_t>(n.magnitude)))
          return true;
      }
      if (floatReg || untyped) {
        // A float register's "34" is the float written to the nearest whole
        // number; an untyped one that carries float bits must hold it exactly.
        const double tol = floatReg ? 0.5 : 0.0;
        for (double v : floatReadings(raw, width))
          if (std::fabs(v - n.value) <= tol) return true;
      }
      return false;
    }
    case QuotedNumber::Kind::Decimal:
      for (double v : floatReadings(raw, width))
        if (std::fabs(v - n.value) <= n.tolerance * (1 + 1e-9)) return true;
      return false;
  }
  return false;
}

}  // namespace ws::ui
