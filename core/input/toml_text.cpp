#include "core/input/toml_text.hpp"

#include <cstdint>

#include <fmt/format.h>


namespace ws::core {
namespace {

struct Pos {
  std::uint32_t line, col;
};

// Walks TOML text outside strings and comments. A key's dotted parts always
// lie between two of the separators below (quoted parts are skipped as
// strings, but the dots between them are outside), so the dots counted since
// the last separator bound the parts of the key being written. Values have at
// most one dot outside strings (1.5, 1979-05-27T07:32:00.999), so no valid
// value is refused.
class DepthScanner {
 public:
  explicit DepthScanner(std::string_view text) : m_text(text) {}

  // Position of the dot that makes a key too deep, if any.
  std::optional<Pos> firstTooDeep() {
    std::size_t dots = 0;
    while (m_i < m_text.size()) {
      const char c = m_text[m_i];
      if (c == '#') {
        while (m_i < m_text.size() && m_text[m_i] != '\n') advance();
      } else if (c == '"' || c == '\'') {
        skipString(c);
      } else if (c == '.') {
        if (++dots + 1 > kMaxTomlKeyParts) return Pos{m_line, m_col};
        advance();
      } else {
        if (c == '\n' || c == '=' || c == ',' || c == '{' || c == '}' || c == '[' || c == ']') dots = 0;
        advance();
      }
    }
    return std::nullopt;
  }

 private:
  bool at(std::string_view s) const { return m_text.substr(m_i, s.size()) == s; }

  void advance() {
    if (m_text[m_i] == '\n') {
      ++m_line;
      m_col = 1;
    } else {
      ++m_col;
    }
    ++m_i;
  }

  // Skips a string of any of TOML's four forms, starting at its quote. An
  // unterminated one ends the scan of it at the end of its line (single-line)
  // or of the text (multi-line); toml++ then reports it.
  void skipString(char quote) {
    const bool basic = quote == '"';
    const std::string_view triple = basic ? "\"\"\"" : "'''";
    const bool multi = at(triple);
    for (std::size_t k = 0; k < (multi ? 3u : 1u); ++k) advance();
    while (m_i < m_text.size()) {
      if (multi ? at(triple) : m_text[m_i] == quote) {
        for (std::size_t k = 0; k < (multi ? 3u : 1u); ++k) advance();
        return;
      }
      if (!multi && m_text[m_i] == '\n') return;
      if (basic && m_text[m_i] == '\\' && m_i + 1 < m_text.size()) advance();
      advance();
    }
  }

  std::string_view m_text;
  std::size_t m_i = 0;
  std::uint32_t m_line = 1, m_col = 1;
};

}  // namespace

std::optional<LoadError> checkTomlDepth(std::string_view text, const std::string& fileName) {
  const auto p = DepthScanner(text).firstTooDeep();
  if (!p) return std::nullopt;
  return LoadError{fileName, p->line, p->col,
                   fmt::format("a key or table header has more than {} dotted parts; at most {} are allowed",
                               kMaxTomlKeyParts, kMaxTomlKeyParts)};
}

std::optional<toml::table> parseTomlText(std::string_view text, const std::string& fileName, LoadError& error) {
  if (auto e = checkTomlDepth(text, fileName)) {
    error = std::move(*e);
    return std::nullopt;
  }
  try {
    return toml::parse(text, std::string_view(fileName));
  } catch (const toml::parse_error& e) {
    error = {fileName, e.source().begin.line, e.source().begin.column, fmt::format("not valid TOML: {}", e.description())};
    return std::nullopt;
  }
}

}  // namespace ws::core
