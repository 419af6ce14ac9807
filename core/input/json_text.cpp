#include "core/input/json_text.hpp"

#include <algorithm>
#include <exception>

#include <fmt/format.h>

namespace ws::core::detail {
namespace {

using Json = nlohmann::json;

// The DOM builder with one change: a problem stops the parse with its byte
// position instead of throwing. nlohmann reports every kind of failure
// (parse_error, out_of_range for 1e400, ...) through parse_error(), with the
// position, before it would throw.
class PositionedSax : public nlohmann::detail::json_sax_dom_parser<Json> {
 public:
  explicit PositionedSax(Json& document) : json_sax_dom_parser(document, false) {}

  bool parse_error(std::size_t position, const std::string& lastToken, const nlohmann::detail::exception& e) {
    // A syntax error stops at the offending byte (counted from 1); a value
    // out of range (1e400) is known once the whole number is read: point at
    // its first byte.
    const bool syntax = dynamic_cast<const nlohmann::detail::parse_error*>(&e) != nullptr;
    m_position = syntax ? (position == 0 ? 0 : position - 1) : position - std::min(position, lastToken.size());
    m_what = e.what();
    return false;
  }

  std::size_t m_position = 0;
  std::string m_what;
};

// nlohmann's message starts with "[json.exception.<kind>.<id>] " and, for a
// syntax error, repeats the position: keep only what went wrong.
std::string describe(std::string what) {
  if (auto k = what.find("] "); what.starts_with("[json.exception") && k != std::string::npos) what = what.substr(k + 2);
  if (auto k = what.find("syntax error"); k != std::string::npos) what = what.substr(k);
  return what;
}

}  // namespace

TextPos lineColOf(std::string_view text, std::size_t offset) {
  TextPos p{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.col = 1;
    } else {
      ++p.col;
    }
  }
  return p;
}

std::optional<nlohmann::json> parseJsonText(std::string_view text, const std::string& fileName,
                                            std::vector<LoadError>& errors) {
  Json root;
  PositionedSax sax(root);
  std::string failure;
  std::size_t position = 0;
  try {
    if (Json::sax_parse(text, &sax)) return root;
    failure = sax.m_what;
    position = sax.m_position;
  } catch (const std::exception& e) {
    // Not expected (the handler above takes every parse failure), but no
    // exception from a hostile file may leave the loader.
    failure = e.what();
  }
  const TextPos p = lineColOf(text, position);
  errors.push_back({fileName, p.line, p.col, fmt::format("not valid JSON: {}", describe(std::move(failure)))});
  return std::nullopt;
}

}  // namespace ws::core::detail
