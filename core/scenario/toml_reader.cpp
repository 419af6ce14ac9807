#include "core/scenario/toml_reader.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace ws::core::detail {
namespace {

std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

template <class Range>
std::optional<std::string_view> closest(std::string_view word, const Range& candidates) {
  std::optional<std::string_view> best;
  std::size_t bestD = std::numeric_limits<std::size_t>::max();
  for (std::string_view c : candidates) {
    const std::size_t d = editDistance(word, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  // A typo, not a different word: at most a third of the letters changed.
  if (best && bestD <= std::max<std::size_t>(2, std::max(word.size(), best->size()) / 3) && bestD < word.size() + 1)
    return best;
  return std::nullopt;
}

bool isUtf8Continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::size_t utf8Length(std::uint32_t cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

}  // namespace

std::optional<std::string_view> closestMatch(std::string_view word, std::initializer_list<std::string_view> candidates) {
  return closest(word, candidates);
}

std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates) {
  std::vector<std::string_view> v(candidates.begin(), candidates.end());
  auto r = closest(word, v);
  if (!r) return std::nullopt;
  return std::string(*r);
}

std::vector<FilePos> stringBytePositions(std::string_view text, FilePos begin, std::size_t decodedSize) {
  std::vector<FilePos> out;
  out.reserve(decodedSize + 1);
  // Byte offset of begin (line and column count code points, as toml++ does).
  std::size_t i = 0;
  for (std::uint32_t line = 1; line < begin.line && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  for (std::uint32_t c = 1; c < begin.col && i < text.size();) {
    ++i;
    if (i < text.size() && !isUtf8Continuation(text[i])) ++c;
  }
  FilePos p = begin;
  auto advance = [&](std::size_t n) {  // move over n source bytes, tracking line:col
    for (std::size_t k = 0; k < n && i < text.size(); ++k, ++i) {
      if (text[i] == '\n') {
        ++p.line;
        p.col = 1;
      } else if (i + 1 < text.size() && !isUtf8Continuation(text[i + 1])) {
        ++p.col;
      } else if (i + 1 >= text.size()) {
        ++p.col;
      }
    }
  };
  auto fill = [&](std::size_t n, FilePos at) {
    for (std::size_t k = 0; k < n && out.size() < decodedSize; ++k) out.push_back(at);
  };

  const bool literal = i < text.size() && text[i] == '\'';
  const bool multi = text.substr(i, 3) == "'''" || text.substr(i, 3) == "\"\"\"";
  advance(multi ? 3 : 1);
  if (multi) {  // a newline right after the opening delimiter is not part of the string
    if (text.substr(i, 2) == "\r\n") advance(2);
    else if (text.substr(i, 1) == "\n") advance(1);
  }
  while (out.size() < decodedSize && i < text.size()) {
    const char c = text[i];
    if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {  // CRLF decodes to one '\n'
      fill(1, p);
      advance(2);
      continue;
    }
    if (literal || c != '\\') {
      // One code point: all its bytes sit at its column.
      std::size_t n = 1;
      while (i + n < text.size() && isUtf8Continuation(text[i + n])) ++n;
      fill(n, p);
      advance(n);
      continue;
    }
    // An escape in a basic string.
    const FilePos at = p;
    const char e = i + 1 < text.size() ? text[i + 1] : '\0';
    if (e == 'u' || e == 'U') {
      const std::size_t digits = e == 'u' ? 4 : 8;
      std::uint32_t cp = 0;
      for (std::size_t k = 0; k < digits && i + 2 + k < text.size(); ++k) {
        const char h = text[i + 2 + k];
        const std::uint32_t v = h >= '0' && h <= '9' ? static_cast<std::uint32_t>(h - '0')
                                : h >= 'a' && h <= 'f' ? static_cast<std::uint32_t>(h - 'a' + 10)
                                : h >= 'A' && h <= 'F' ? static_cast<std::uint32_t>(h - 'A' + 10)
                                                       : 0;
        cp = cp * 16 + v;
      }
      fill(utf8Length(cp), at);
      advance(2 + digits);
    } else if (e == ' ' || e == '\t' || e == '\n' || e == '\r') {
      // Line-ending backslash: it and all whitespace after it vanish.
      advance(1);
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) advance(1);
    } else {
      fill(1, at);
      advance(2);
    }
  }
  // One more: the position just after the last byte (where an error about
  // the end of the text points).
  while (out.size() <= decodedSize) out.push_back(p);
  return out;
}

void TomlReader::error(FilePos p, std::string message) {
  m_errors.push_back({m_file, p.line, p.col, std::move(message)});
}

void TomlReader::rememberString(const std::string& path, const toml::node& n) {
  if (const auto* s = n.as_string()) m_src.strings[path] = stringBytePositions(m_text, pos(n), s->get().size());
}

void TomlReader::checkKeys(const toml::table& t, std::string_view where,
                           std::initializer_list<std::string_view> allowed) {
  for (auto&& [k, v] : t) {
    (void)v;
    if (std::find(allowed.begin(), allowed.end(), k.str()) != allowed.end()) continue;
    std::string msg = where.empty() ? fmt::format("unknown key '{}'", k.str())
                                    : fmt::format("unknown key '{}' in {}", k.str(), where);
    if (auto hint = closestMatch(k.str(), allowed)) msg += fmt::format("; did you mean '{}'?", *hint);
    else msg += fmt::format(" (allowed: {})", fmt::join(allowed, ", "));
    error(pos(k.source()), std::move(msg));
  }
}

std::string TomlReader::typeOf(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::array: return "an array";
    case toml::node_type::table: return "a table";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

namespace {
std::string join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}
}  // namespace

std::optional<std::string> TomlReader::stringOf(const toml::node& n, std::string_view what) {
  if (const auto* s = n.as_string()) return s->get();
  error(n, fmt::format("{} must be a string, not {}", what, typeOf(n)));
  return std::nullopt;
}

std::optional<Number> TomlReader::numberOf(const toml::node& n, std::string_view what) {
  if (const auto* i = n.as_integer()) return Number::ofInt(i->get());
  if (const auto* f = n.as_floating_point()) return Number::ofFloat(f->get());
  error(n, fmt::format("{} must be a number, not {}", what, typeOf(n)));
  return std::nullopt;
}

std::optional<std::int64_t> TomlReader::integerOf(const toml::node& n, std::string_view what, std::int64_t min,
                                                  std::int64_t max) {
  const auto* i = n.as_integer();
  if (!i) {
    error(n, fmt::format("{} must be an integer, not {}", what, typeOf(n)));
    return std::nullopt;
  }
  if (i->get() < min || i->get() > max) {
    error(n, fmt::format("{} is {}, out of range ({} to {})", what, i->get(), min, max));
    return std::nullopt;
  }
  return i->get();
}

std::optional<std::string> TomlReader::str(const toml::table& t, std::string_view key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  remember(join(path, key), *n);
  return stringOf(*n, fmt::format("'{}'", join(path, key)));
}

std::optional<bool> TomlReader::boolean(const toml::table& t, std::string_view key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  remember(join(path, key), *n);
  if (const auto* b = n->as_boolean()) return b->get();
  error(*n, fmt::format("'{}' must be true or false, not {}", join(path, key), typeOf(*n)));
  return std::nullopt;
}

std::optional<std::int64_t> TomlReader::integer(const toml::table& t, std::string_view key, const std::string& path,
                                                std::int64_t min, std::int64_t max) {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  remember(join(path, key), *n);
  return integerOf(*n, fmt::format("'{}'", join(path, key)), min, max);
}

std::optional<Number> TomlReader::number(const toml::table& t, std::string_view key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  remember(join(path, key), *n);
  return numberOf(*n, fmt::format("'{}'", join(path, key)));
}

const toml::table* TomlReader::table(const toml::table& t, std::string_view key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return nullptr;
  remember(join(path, key), *n);
  if (const auto* tb = n->as_table()) return tb;
  error(*n, fmt::format("'{}' must be a table, not {}", join(path, key), typeOf(*n)));
  return nullptr;
}

const toml::array* TomlReader::array(const toml::table& t, std::string_view key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return nullptr;
  remember(join(path, key), *n);
  if (const auto* a = n->as_array()) return a;
  error(*n, fmt::format("'{}' must be an array, not {}", join(path, key), typeOf(*n)));
  return nullptr;
}

std::vector<const toml::table*> TomlReader::tables(const toml::table& t, std::string_view key,
                                                   const std::string& path) {
  std::vector<const toml::table*> out;
  const toml::node* n = t.get(key);
  if (!n) return out;
  remember(join(path, key), *n);
  const auto* a = n->as_array();
  if (!a) {
    error(*n, fmt::format("'{}' must be an array of tables ([[{}]]), not {}", join(path, key), join(path, key),
                          typeOf(*n)));
    return out;
  }
  for (std::size_t i = 0; i < a->size(); ++i) {
    const toml::node& e = *a->get(i);
    if (const auto* tb = e.as_table()) {
      out.push_back(tb);
    } else {
      error(e, fmt::format("element {} of '{}' must be a table, not {}", i, join(path, key), typeOf(e)));
      out.push_back(nullptr);
    }
  }
  return out;
}

}  // namespace ws::core::detail
