#include "core/ptx/lexer.hpp"

#include <fmt/format.h>

namespace ws::core {
namespace {

constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// PTX identifiers: [a-zA-Z][a-zA-Z0-9_$]* | [_$%][a-zA-Z0-9_$]+ (PTX ISA 4.4).
constexpr bool isIdentStart(char c) { return isAlpha(c) || c == '_' || c == '$' || c == '%'; }
constexpr bool isIdentChar(char c) { return isAlpha(c) || isDigit(c) || c == '_' || c == '$'; }

}  // namespace

Lexer::Lexer(std::string_view text) : m_text(text), m_n(static_cast<std::uint32_t>(text.size())) {
  // A UTF-8 byte-order mark is not part of the module.
  if (text.substr(0, 3) == "\xEF\xBB\xBF") m_i = m_lineStart = 3;
}

void Lexer::newline(std::uint32_t i) {
  ++m_line;
  m_lineStart = i + 1;
}

void Lexer::issue(std::uint32_t line, std::uint32_t c, std::string msg) {
  // Random bytes can produce one issue per byte; a few dozen say enough.
  if (m_issues.size() < 64) m_issues.push_back({line, c, std::move(msg)});
}

void Lexer::skipSpaceAndComments() {
  while (m_i < m_n) {
    char c = m_text[m_i];
    if (c == '\n') {
      newline(m_i);
      ++m_i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++m_i;
    } else if (c == '/' && at(m_i + 1) == '/') {
      while (m_i < m_n && m_text[m_i] != '\n') ++m_i;
    } else if (c == '/' && at(m_i + 1) == '*') {
      std::uint32_t line = m_line, c0 = col(m_i);
      m_i += 2;
      bool closed = false;
      while (m_i < m_n) {
        if (m_text[m_i] == '*' && at(m_i + 1) == '/') {
          m_i += 2;
          closed = true;
          break;
        }
        if (m_text[m_i] == '\n') newline(m_i);
        ++m_i;
      }
      if (!closed) issue(line, c0, "unterminated comment: '/*' has no matching '*/' before the end of the file");
    } else {
      return;
    }
  }
}

Token Lexer::make(Tok k, std::uint32_t start) const { return Token{k, start, m_i - start, m_line, col(start)}; }

Token Lexer::next() {
  skipSpaceAndComments();
  if (m_i >= m_n) return Token{Tok::End, m_n, 0, m_line, col(m_n)};
  std::uint32_t s = m_i;
  char c = m_text[m_i];
  if (isIdentStart(c)) {
    ++m_i;
    while (m_i < m_n && isIdentChar(m_text[m_i])) ++m_i;
    if (c == '%' && m_i == s + 1) return error(s, "'%' must be followed by a register name");
    return make(Tok::Ident, s);
  }
  if (c == '.') {
    ++m_i;
    if (!isIdentChar(at(m_i))) return error(s, "'.' must be followed by a directive or modifier name");
    // A modifier may be namespaced: .shared::cluster, .mbarrier::complete_tx::bytes.
    for (;;) {
      while (m_i < m_n && isIdentChar(m_text[m_i])) ++m_i;
      if (at(m_i) == ':' && at(m_i + 1) == ':' && isIdentChar(at(m_i + 2))) {
        m_i += 2;
        continue;
      }
      break;
    }
    return make(Tok::DotName, s);
  }
  if (isDigit(c)) return number(s);
  if (c == '"') {
    ++m_i;
    while (m_i < m_n && m_text[m_i] != '"' && m_text[m_i] != '\n') {
      if (m_text[m_i] == '\\' && m_i + 1 < m_n && m_text[m_i + 1] != '\n') ++m_i;
      ++m_i;
    }
    if (at(m_i) != '"') return error(s, "unterminated string: '\"' has no closing quote on its line");
    ++m_i;
    return make(Tok::String, s);
  }
  ++m_i;
  switch (c) {
    case ',':
      return make(Tok::Comma, s);
    case ';':
      return make(Tok::Semi, s);
    case ':':
      return make(Tok::Colon, s);
    case '{':
      return make(Tok::LBrace, s);
    case '}':
      return make(Tok::RBrace, s);
    case '[':
      return make(Tok::LBracket, s);
    case ']':
      return make(Tok::RBracket, s);
    case '(':
      return make(Tok::LParen, s);
    case ')':
      return make(Tok::RParen, s);
    case '<':
      return make(Tok::Lt, s);
    case '>':
      return make(Tok::Gt, s);
    case '+':
      return make(Tok::Plus, s);
    case '-':
      return make(Tok::Minus, s);
    case '!':
      return make(Tok::Bang, s);
    case '|':
      return make(Tok::Pipe, s);
    case '@':
      return make(Tok::At, s);
    case '=':
      return make(Tok::Equal, s);
    default:
      break;
  }
  auto u = static_cast<unsigned char>(c);
  std::string shown = (u >= 0x20 && u < 0x7f) ? fmt::format("'{}'", c) : fmt::format("byte 0x{:02x}", u);
  return error(s, fmt::format("unexpected {} (no PTX token starts with it)", shown));
}

Token Lexer::error(std::uint32_t s, std::string msg) {
  Token t = make(Tok::Error, s);
  issue(t.line, t.col, std::move(msg));
  return t;
}

// Scans the longest run that could be one literal; the parser decides
// whether it is a valid one (so "12abc" is one bad literal, not two tokens).
Token Lexer::number(std::uint32_t s) {
  m_i = s;
  char c1 = at(s + 1);
  bool prefixed = m_text[s] == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'b' || c1 == 'B' || c1 == 'f' || c1 == 'F' ||
                                       c1 == 'd' || c1 == 'D');
  if (!prefixed) {
    while (m_i < m_n && isDigit(m_text[m_i])) ++m_i;
    if (at(m_i) == '.' && isDigit(at(m_i + 1))) {
      ++m_i;
      while (m_i < m_n && isDigit(m_text[m_i])) ++m_i;
    }
    char e = at(m_i);
    if (e == 'e' || e == 'E') {
      std::uint32_t j = m_i + 1;
      if (at(j) == '+' || at(j) == '-') ++j;
      if (isDigit(at(j))) {
        m_i = j;
        while (m_i < m_n && isDigit(m_text[m_i])) ++m_i;
      }
    }
  }
  while (m_i < m_n && isIdentChar(m_text[m_i])) ++m_i;
  return make(Tok::Number, s);
}

LexResult lexPtx(std::string_view text) {
  Lexer lx(text);
  LexResult r;
  for (;;) {
    r.tokens.push_back(lx.next());
    if (r.tokens.back().kind == Tok::End) break;
  }
  r.issues = lx.issues();
  return r;
}

std::string describeToken(std::string_view text, const Token& t) {
  if (t.kind == Tok::End) return "end of file";
  std::string_view s = text.substr(t.off, t.len);
  bool cut = s.size() > 40;
  if (cut) s = s.substr(0, 40);
  std::string shown;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f)
      shown += c;
    else
      shown += fmt::format("\\x{:02x}", u);
  }
  if (cut) shown += "...";
  switch (t.kind) {
    case Tok::Number:
      return fmt::format("number '{}'", shown);
    case Tok::String:
      return fmt::format("string {}", shown);
    default:
      return fmt::format("'{}'", shown);
  }
}

}  // namespace ws::core
