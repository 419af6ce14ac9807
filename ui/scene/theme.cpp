#include "ui/scene/theme.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/input/read_file.hpp"
#include "core/input/toml_text.hpp"
#include "ui/frame/bundled_dirs.hpp"

namespace ws::ui {
namespace {

// One list of the theme's fields, read by the file loader (and nothing else
// spells a key), so the file format cannot drift from the struct.
struct ColorField {
  std::string_view key;
  Color Theme::*member;
};
constexpr ColorField kColorFields[] = {
    {"background", &Theme::background},     {"panel", &Theme::panel},
    {"border", &Theme::border},             {"text", &Theme::text},
    {"muted_text", &Theme::mutedText},      {"cell", &Theme::cell},
    {"changed", &Theme::changed},           {"never_written", &Theme::neverWritten},
    {"lane_executed", &Theme::laneExecuted}, {"lane_ready", &Theme::laneReady},
    {"lane_diverged", &Theme::laneDiverged}, {"lane_waiting", &Theme::laneWaiting},
    {"lane_spinning", &Theme::laneSpinning}, {"lane_exited", &Theme::laneExited},
    {"lane_guard_false", &Theme::laneGuardFalse}, {"lane_absent", &Theme::laneAbsent},
    {"bit_on", &Theme::bitOn},              {"bit_off", &Theme::bitOff},
    {"flow_shuffle", &Theme::flowShuffle},  {"flow_keep", &Theme::flowKeep},
    {"flow_gather", &Theme::flowGather},    {"flow_atomic", &Theme::flowAtomic},
    {"flow_async", &Theme::flowAsync},      {"flow_async_done", &Theme::flowAsyncDone},
    {"flow_complete_tx", &Theme::flowCompleteTx}, {"flow_mbarrier", &Theme::flowMbarrier},
    {"flow_memory", &Theme::flowMemory},    {"race", &Theme::race},
    {"forced_switch", &Theme::forcedSwitch},
};
struct NumberField {
  std::string_view key;
  double Theme::*member;
};
constexpr NumberField kNumberFields[] = {
    {"font_size", &Theme::fontSize},   {"mono_size", &Theme::monoSize},       {"title_size", &Theme::titleSize},
    {"small_size", &Theme::smallSize}, {"lane_width", &Theme::laneWidth},     {"row_height", &Theme::rowHeight},
    {"label_width", &Theme::labelWidth}, {"margin", &Theme::margin},          {"gap", &Theme::gap},
    {"stroke_width", &Theme::strokeWidth}, {"arrow_head", &Theme::arrowHead},
};

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Theme darkTheme() {
  Theme t;
  t.name = "dark";
  t.background = {0x1e, 0x1f, 0x22};
  t.panel = {0x2a, 0x2c, 0x30};
  t.border = {0x77, 0x77, 0x77};
  t.text = {0xee, 0xee, 0xee};
  t.mutedText = {0xaa, 0xaa, 0xaa};
  t.cell = {0x33, 0x35, 0x3a};
  t.changed = {0x6b, 0x5a, 0x10};
  t.neverWritten = {0x28, 0x28, 0x2a};
  t.laneDiverged = {0x66, 0x66, 0x66};
  t.laneExited = {0x11, 0x11, 0x11};
  t.laneGuardFalse = {0x4a, 0x4a, 0x4a};
  t.laneAbsent = {0x24, 0x24, 0x26};
  t.bitOn = {0xee, 0xee, 0xee};
  t.bitOff = {0x33, 0x35, 0x3a};
  t.flowShuffle = okabe_ito::kSkyBlue;  // blue is too dark on a dark background
  t.flowMemory = {0xbb, 0xbb, 0xbb};
  t.race = {0xFF, 0x5A, 0x5F};  // the light theme's red is too dark on a dark background
  t.forcedSwitch = {0x3E, 0xE0, 0xA8};  // likewise the darkened green
  t.groups.back() = {0xee, 0xee, 0xee};  // black would vanish
  return t;
}

Theme projectorTheme() {
  // High contrast and large type for a room: black on white, thicker lines.
  Theme t;
  t.name = "projector";
  t.panel = {0xff, 0xff, 0xff};
  t.border = {0x00, 0x00, 0x00};
  t.text = {0x00, 0x00, 0x00};
  t.mutedText = {0x22, 0x22, 0x22};
  t.changed = {0xFF, 0xE0, 0x40};
  t.bitOn = {0x00, 0x00, 0x00};
  t.fontSize = 22;
  t.monoSize = 22;
  t.titleSize = 34;
  t.smallSize = 17;
  t.laneWidth = 88;
  t.rowHeight = 48;
  t.labelWidth = 270;
  t.margin = 32;
  t.gap = 20;
  t.strokeWidth = 3.5;
  t.arrowHead = 14;
  return t;
}

}  // namespace

std::string Color::hex() const { return fmt::format("#{:02x}{:02x}{:02x}", r, g, b); }

std::optional<Color> Color::parse(std::string_view s) {
  if (s.empty() || s[0] != '#') return std::nullopt;
  s.remove_prefix(1);
  if (s.size() != 3 && s.size() != 6) return std::nullopt;
  int v[6];
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((v[i] = hexDigit(s[i])) < 0) return std::nullopt;
  if (s.size() == 3)
    return Color{static_cast<std::uint8_t>(v[0] * 17), static_cast<std::uint8_t>(v[1] * 17), static_cast<std::uint8_t>(v[2] * 17)};
  return Color{static_cast<std::uint8_t>(v[0] * 16 + v[1]), static_cast<std::uint8_t>(v[2] * 16 + v[3]),
               static_cast<std::uint8_t>(v[4] * 16 + v[5])};
}

double Color::luminance() const {
  auto lin = [](std::uint8_t c) {
    const double x = c / 255.0;
    return x <= 0.03928 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const Color& Theme::groupColor(int i) const {
  static const Color kFallback = okabe_ito::kOrange;
  if (groups.empty()) return kFallback;
  const auto n = static_cast<int>(groups.size());
  return groups[static_cast<std::size_t>(((i % n) + n) % n)];
}

Color Theme::textOn(const Color& bg) const {
  // WCAG contrast against black vs white.
  const double l = bg.luminance();
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? Color{0, 0, 0} : Color{0xff, 0xff, 0xff};
}

Theme builtinTheme(std::string_view name) {
  if (name == "dark") return darkTheme();
  if (name == "projector") return projectorTheme();
  return Theme{};
}

std::vector<std::string> builtinThemeNames() { return {"light", "dark", "projector"}; }

std::optional<Theme> loadThemeFile(const std::string& path, std::string& error) {
  // The capped reader: a theme path may name a FIFO or a device, which must
  // not block or fill memory; toml++'s parse_file would read either.
  auto text = core::readFileCapped(path, core::kMaxScenarioFileBytes, error);
  if (!text) return std::nullopt;
  core::LoadError parseError;
  auto parsed = core::parseTomlText(*text, path, parseError);
  if (!parsed) {
    error = fmt::format("{}:{}:{}: {}", path, parseError.line, parseError.col, parseError.message);
    return std::nullopt;
  }
  const toml::table& t = *parsed;
  Theme theme = builtinTheme(t["base"].value_or(std::string_view("light")));
  theme.name = t["name"].value_or(std::string(theme.name));
  if (auto* colors = t["colors"].as_table()) {
    for (const auto& [key, node] : *colors) {
      const std::string_view name = key.str();  // lambdas cannot capture structured bindings before clang 16
      const auto* f = std::find_if(std::begin(kColorFields), std::end(kColorFields), [&](const ColorField& c) { return c.key == name; });
      if (f == std::end(kColorFields)) {
        error = fmt::format("{}: unknown colour '{}'", path, key.str());
        return std::nullopt;
      }
      auto c = Color::parse(node.value_or(std::string_view()));
      if (!c) {
        error = fmt::format("{}: colour '{}' is not #rrggbb", path, key.str());
        return std::nullopt;
      }
      theme.*(f->member) = *c;
    }
  }
  if (auto* groups = t["groups"].as_array()) {
    std::vector<Color> g;
    for (const auto& node : *groups) {
      auto c = Color::parse(node.value_or(std::string_view()));
      if (!c) {
        error = fmt::format("{}: a group colour is not #rrggbb", path);
        return std::nullopt;
      }
      g.push_back(*c);
    }
    if (!g.empty()) theme.groups = std::move(g);
  }
  if (auto* sizes = t["sizes"].as_table()) {
    for (const auto& [key, node] : *sizes) {
      const std::string_view name = key.str();  // lambdas cannot capture structured bindings before clang 16
      const auto* f = std::find_if(std::begin(kNumberFields), std::end(kNumberFields), [&](const NumberField& n) { return n.key == name; });
      const std::optional<double> v = node.value<double>();
      if (f == std::end(kNumberFields) || !v || *v <= 0 || *v > 1000) {
        error = fmt::format("{}: bad size '{}'", path, key.str());
        return std::nullopt;
      }
      theme.*(f->member) = *v;
    }
  }
  if (auto font = t["fonts"]["sans"].value<std::string>()) theme.fontFamily = *font;
  if (auto font = t["fonts"]["mono"].value<std::string>()) theme.monoFamily = *font;
  return theme;
}

std::string bundledThemeDir() { return bundledAssetDir() + "/themes"; }

Theme loadTheme(std::string_view name, const std::string& dir) {
  const std::string d = dir.empty() ? bundledThemeDir() : dir;
  const std::string path = fmt::format("{}/{}.toml", d, name);
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    std::string error;
    if (auto t = loadThemeFile(path, error)) return *t;
  }
  return builtinTheme(name);
}

}  // namespace ws::ui
