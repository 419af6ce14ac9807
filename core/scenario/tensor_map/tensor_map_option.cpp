// --tensor-map key=value,... turned into a [[param]] table and read by the
// scenario reader (tensor_map_option.hpp).
#include "core/scenario/tensor_map/tensor_map_option.hpp"

#include <fmt/format.h>

#include <vector>

#include "core/scenario/tensor_map/tensor_map_load.hpp"

namespace ws::core {
namespace {

bool isListKey(std::string_view k) {
  return k == "dims" || k == "strides" || k == "box" || k == "element_strides" || k == "pixel_box_lower" ||
         k == "pixel_box_upper";
}
bool isIntKey(std::string_view k) { return k == "channels_per_pixel" || k == "pixels_per_column"; }

bool plainText(std::string_view v) {
  for (char c : v)
    if (c == '"' || c == '\\' || c == '\n' || c == '\r' || static_cast<unsigned char>(c) < 0x20) return false;
  return true;
}

}  // namespace

std::variant<TensorMapParam, std::string> tensorMapFromOption(std::string_view spec) {
  // key=value pairs as TOML lines; lists "64x32" as [64, 32].
  std::string toml;
  std::size_t start = 0;
  while (start <= spec.size()) {
    std::size_t end = spec.find(',', start);
    if (end == std::string_view::npos) end = spec.size();
    const std::string_view pair = spec.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0)
      return fmt::format("'{}' is not key=value (keys as in a scenario's tensor-map [[param]], docs/tma.md)", pair);
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (!plainText(value) || !plainText(key)) return fmt::format("'{}': quotes and backslashes are not allowed", pair);
    if (key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string_view::npos)
      return fmt::format("'{}' is not a key of a tensor map", key);
    std::string line = std::string(key) + " = ";
    if (isListKey(key)) {
      line += "[";
      std::size_t b = 0;
      bool first = true;
      while (b <= value.size()) {
        std::size_t e = value.find('x', b);
        if (e == std::string_view::npos) e = value.size();
        const std::string_view item = value.substr(b, e - b);
        if (!item.empty()) {
          if (item.find_first_not_of("-0123456789") != std::string_view::npos)
            return fmt::format("{}: '{}' is not a whole number (lists are written 64x32)", key, item);
          line += (first ? "" : ", ") + std::string(item);
          first = false;
        }
        b = e + 1;
      }
      line += "]";
    } else if (isIntKey(key)) {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string_view::npos)
        return fmt::format("{}: '{}' is not a whole number", key, value);
      line += std::string(value);
    } else if (key == "zeros" || key == "iota") {
      // The --buffer spellings zeros:N and iota:N, as keys.
      if (value.empty() || value.find_first_not_of("0123456789") != std::string_view::npos)
        return fmt::format("{}: '{}' is not a word count", key, value);
      line = key == "zeros" ? fmt::format("fill = {{ value = 0, count = {} }}", value)
                            : fmt::format("iota = {{ start = 0, count = {} }}", value);
    } else {
      line += "\"" + std::string(value) + "\"";
    }
    toml += line + "\n";
  }
  toml::table t;
  try {
    t = toml::parse(toml);
  } catch (const toml::parse_error& e) {
    return fmt::format("{}", e.description());
  }
  SourceInfo src;
  std::vector<LoadError> errors;
  detail::TomlReader r(toml, "--tensor-map", src, errors);
  r.checkKeys(t, "--tensor-map",
              {"tensor_map", "buffer", "dtype", "dims", "strides", "box", "element_strides", "interleave", "swizzle",
               "l2_promotion", "oob_fill", "mode", "pixel_box_lower", "pixel_box_upper", "channels_per_pixel",
               "pixels_per_column", "file", "fill", "iota"});
  TensorMapParam p;
  if (auto v = r.str(t, "tensor_map", "")) p.name = *v;
  else if (errors.empty()) return "needs tensor_map=NAME (the kernel's CUtensorMap parameter)";
  if (auto v = r.str(t, "buffer", "")) p.buffer.name = *v;
  else if (errors.empty()) return "needs buffer=NAME (the global buffer the map describes)";
  if (auto v = r.str(t, "file", "")) {
    p.buffer.init.kind = BufferInit::Kind::File;
    p.buffer.init.file = *v;
  } else if (const auto* f = t.get_as<toml::table>("fill")) {
    p.buffer.init.kind = BufferInit::Kind::Fill;
    p.buffer.init.value = Number::ofInt(0);
    p.buffer.init.count = static_cast<std::uint32_t>(f->get("count")->value_or<std::int64_t>(0));
  } else if (const auto* i = t.get_as<toml::table>("iota")) {
    p.buffer.init.kind = BufferInit::Kind::Iota;
    p.buffer.init.start = Number::ofInt(0);
    p.buffer.init.count = static_cast<std::uint32_t>(i->get("count")->value_or<std::int64_t>(0));
  } else {
    p.buffer.init.kind = BufferInit::Kind::Same;  // an earlier buffer of that name (checked when prepared)
  }
  detail::readTensorMapFields(r, t, "", p.map);  // the contents are 32-bit words, as for any buffer
  if (!errors.empty()) {
    // The key's name, not a position in text the user never wrote.
    std::string key;
    for (const auto& [k, pos] : src.keys)
      if (pos.line == errors.front().line) key = k.substr(k.starts_with('.') ? 1 : 0);
    return key.empty() ? errors.front().message : fmt::format("{}: {}", key, errors.front().message);
  }
  return p;
}

}  // namespace ws::core
