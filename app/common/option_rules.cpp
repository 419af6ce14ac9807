#include "app/common/option_rules.hpp"

#include <charconv>

#include <fmt/format.h>

#include "ui/scene/theme.hpp"

namespace ws::app {

std::optional<std::uint64_t> parseWholeNumber(std::string_view text, std::uint64_t min, std::uint64_t max,
                                              std::string& error) {
  std::uint64_t v = 0;
  // from_chars takes no '+' and no '-' for an unsigned value, and reports
  // 2^64 and beyond as out of range instead of wrapping or saturating.
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size() && v >= min && v <= max) return v;
  // A hostile argument may be megabytes long: quote its start only.
  const std::string shown = text.size() > 40 ? fmt::format("{}...", text.substr(0, 40)) : std::string(text);
  error = fmt::format("'{}' is not a whole number between {} and {}", shown, min, max);
  return std::nullopt;
}

std::string themeNameError(std::string_view name, bool fileAllowed) {
  const auto names = ui::builtinThemeNames();
  for (const auto& n : names)
    if (name == n) return {};
  if (fileAllowed && name.ends_with(".toml")) return {};
  const std::string shown = name.size() > 40 ? fmt::format("{}...", name.substr(0, 40)) : std::string(name);
  return fmt::format("'{}' is not a theme: choose {}{}", shown, fmt::join(names, ", "),
                     fileAllowed ? ", or a theme .toml file" : "");
}

}  // namespace ws::app
