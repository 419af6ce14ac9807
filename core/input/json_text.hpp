#pragma once
// The one JSON reader of the project: every JSON input (buffer files, from a
// scenario's `file =` or the command line's --buffer) is parsed here, so that
// every problem nlohmann can find (syntax, a number that overflows a double,
// invalid UTF-8, ...) becomes a file:line:col error instead of an exception
// escaping into the caller. Internal to core/; nlohmann stays out of
// the public headers.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ptx/diagnostic.hpp"

namespace ws::core::detail {

// Line and column (1-based, in bytes) of byte `offset` of `text`.
struct TextPos {
  std::uint32_t line = 1, col = 1;
};
TextPos lineColOf(std::string_view text, std::size_t offset);

// The document, or nullopt with one error appended to `errors`.
std::optional<nlohmann::json> parseJsonText(std::string_view text, const std::string& fileName,
                                            std::vector<LoadError>& errors);

}  // namespace ws::core::detail
