#pragma once
// PTX text -> tokens, on demand: one pass, no backtracking, no allocation per
// token. Every token is a view (offset, length) into the caller's text, which
// outlives the parse; the parser keeps only the current token and one of
// lookahead, so memory does not grow with the file's token count.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ws::core {

enum class Tok : std::uint8_t {
  End,
  Ident,    // foo, %r1, $L__BB0_2, _ (identifiers may start with % or $)
  DotName,  // .reg, .u32, .shared::cluster, .L2::cache_hint (the dot included)
  Number,   // 42, 0x1f, 0f3F800000, 1.5e3 (checked by the parser, see number.hpp)
  String,   // "text" (the quotes included)
  Comma,
  Semi,
  Colon,
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Lt,
  Gt,
  Plus,
  Minus,
  Bang,
  Pipe,
  At,
  Equal,
  Error,  // a character that starts no token (reported by the lexer)
};

struct Token {
  Tok kind = Tok::End;
  std::uint32_t off = 0, len = 0;   // byte range in the text
  std::uint32_t line = 1, col = 1;  // 1-based; col counts bytes

  std::uint32_t end() const { return off + len; }
};

// A problem the lexer found (unterminated comment or string, stray byte).
struct LexIssue {
  std::uint32_t line = 1, col = 1;
  std::string message;
};

// The text must be shorter than 4 GiB (the parser checks this first).
class Lexer {
 public:
  explicit Lexer(std::string_view text);
  // The next token; Tok::End at the end of the text, and every call after.
  Token next();
  // Problems found so far (at most 64 are kept).
  const std::vector<LexIssue>& issues() const { return m_issues; }

 private:
  char at(std::uint32_t i) const { return i < m_n ? m_text[i] : '\0'; }
  std::uint32_t col(std::uint32_t off) const { return off - m_lineStart + 1; }
  void newline(std::uint32_t i);
  void issue(std::uint32_t line, std::uint32_t col, std::string msg);
  void skipSpaceAndComments();
  Token make(Tok k, std::uint32_t start) const;
  Token error(std::uint32_t start, std::string msg);
  Token number(std::uint32_t start);

  std::string_view m_text;
  std::uint32_t m_n;
  std::uint32_t m_i = 0;
  std::uint32_t m_line = 1;
  std::uint32_t m_lineStart = 0;
  std::vector<LexIssue> m_issues;
};

struct LexResult {
  std::vector<Token> tokens;  // always ends with one Tok::End
  std::vector<LexIssue> issues;
};

// The whole text at once (for tests and tools).
LexResult lexPtx(std::string_view text);

// "identifier 'foo'", "'{'", "end of file": how a token reads in a message.
std::string describeToken(std::string_view text, const Token& t);

}  // namespace ws::core
