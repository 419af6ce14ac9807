#pragma once
// The one way TOML text is parsed (scenarios, themes, the gallery, settings):
// a depth check first, then toml++. toml++ bounds nested arrays and inline
// tables (TOML_MAX_NESTED_VALUES) but recurses once per dotted part of a key
// or table header, so an 80 KB key of 40,000 parts overflows the stack
// inside it; the check refuses such a key before toml++ sees it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "core/ptx/diagnostic.hpp"

namespace ws::core {

// Dotted parts in one key or table header ("a.b.c" has 3). Real files use a
// handful; toml++ handles thousands, but not tens of thousands.
inline constexpr std::size_t kMaxTomlKeyParts = 64;

// The first key or header of `text` with more than kMaxTomlKeyParts parts,
// as an error at its position; nullopt when there is none.
std::optional<LoadError> checkTomlDepth(std::string_view text, const std::string& fileName);

// checkTomlDepth, then toml++; a failure of either is one error with the
// position ("not valid TOML: ...").
std::optional<toml::table> parseTomlText(std::string_view text, const std::string& fileName, LoadError& error);

}  // namespace ws::core
