#pragma once
// Reading a TOML document against a schema while collecting every problem
// with its file:line:col: wrong types, unknown keys (with a "did you mean"
// hint), values out of range. Internal to core/scenario; toml++ stays out of
// the public headers.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "core/ptx/diagnostic.hpp"
#include "core/scenario/scenario.hpp"

namespace ws::core::detail {

// The closest of `candidates` to `word` by edit distance, if close enough to
// be a likely typo.
std::optional<std::string_view> closestMatch(std::string_view word, std::initializer_list<std::string_view> candidates);
std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates);

// File positions of every byte of the decoded string whose literal starts at
// `begin` in `text` (any of TOML's four string forms; escapes map to their
// backslash), plus the position just after the last one.
std::vector<FilePos> stringBytePositions(std::string_view text, FilePos begin, std::size_t decodedSize);

class TomlReader {
 public:
  TomlReader(std::string_view text, std::string file, SourceInfo& src, std::vector<LoadError>& errors)
      : m_text(text), m_file(std::move(file)), m_src(src), m_errors(errors) {}

  static FilePos pos(const toml::source_region& r) { return {r.begin.line, r.begin.column}; }
  static FilePos pos(const toml::node& n) { return pos(n.source()); }

  void error(FilePos p, std::string message);
  void error(const toml::node& n, std::string message) { error(pos(n), std::move(message)); }
  std::size_t errorCount() const { return m_errors.size(); }

  // Records where `path` is, for later messages (prepare, expectations).
  void remember(const std::string& path, const toml::node& n) { m_src.keys[path] = pos(n); }
  // Records the byte positions of the string at `path` (for compiled text).
  void rememberString(const std::string& path, const toml::node& n);

  // Reports each key of `t` not in `allowed`, naming the closest allowed one.
  void checkKeys(const toml::table& t, std::string_view where, std::initializer_list<std::string_view> allowed);

  // Typed lookups: nullopt (and nothing reported) when the key is absent;
  // nullopt and an error when it has the wrong type or range. Each remembers
  // the value's position under `path + "." + key`.
  std::optional<std::string> str(const toml::table& t, std::string_view key, const std::string& path);
  std::optional<bool> boolean(const toml::table& t, std::string_view key, const std::string& path);
  std::optional<std::int64_t> integer(const toml::table& t, std::string_view key, const std::string& path,
                                      std::int64_t min, std::int64_t max);
  std::optional<Number> number(const toml::table& t, std::string_view key, const std::string& path);
  const toml::table* table(const toml::table& t, std::string_view key, const std::string& path);
  const toml::array* array(const toml::table& t, std::string_view key, const std::string& path);
  // An array of tables ([[key]]); each element must be a table.
  std::vector<const toml::table*> tables(const toml::table& t, std::string_view key, const std::string& path);

  // Element conversions with the same reporting.
  std::optional<Number> numberOf(const toml::node& n, std::string_view what);
  std::optional<std::int64_t> integerOf(const toml::node& n, std::string_view what, std::int64_t min, std::int64_t max);
  std::optional<std::string> stringOf(const toml::node& n, std::string_view what);

  static std::string typeOf(const toml::node& n);

 private:
  std::string_view m_text;
  std::string m_file;
  SourceInfo& m_src;
  std::vector<LoadError>& m_errors;
};

}  // namespace ws::core::detail
