#pragma once
// Colours, type sizes and spacing of the lane view, shared by both front ends
// and the SVG export. The palette is Okabe-Ito (distinguishable with every
// common colour-vision deficiency); state is also written in text, never
// carried by colour alone. Themes are TOML files in assets/themes/; built-in
// copies are used when a file is missing or broken.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::ui {

struct Color {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Color&) const = default;
  std::string hex() const;  // "#rrggbb"
  static std::optional<Color> parse(std::string_view s);  // "#rrggbb" or "#rgb"
  double luminance() const;  // relative luminance, 0..1 (WCAG)
};

// Okabe & Ito (2008), "Color Universal Design".
namespace okabe_ito {
inline constexpr Color kBlack{0x00, 0x00, 0x00};
inline constexpr Color kOrange{0xE6, 0x9F, 0x00};
inline constexpr Color kSkyBlue{0x56, 0xB4, 0xE9};
inline constexpr Color kBluishGreen{0x00, 0x9E, 0x73};
inline constexpr Color kYellow{0xF0, 0xE4, 0x42};
inline constexpr Color kBlue{0x00, 0x72, 0xB2};
inline constexpr Color kVermillion{0xD5, 0x5E, 0x00};
inline constexpr Color kReddishPurple{0xCC, 0x79, 0xA7};
}  // namespace okabe_ito

struct Theme {
  std::string name = "light";
  // surfaces and text
  Color background{0xff, 0xff, 0xff}, panel{0xf4, 0xf4, 0xf4}, border{0x99, 0x99, 0x99};
  Color text{0x11, 0x11, 0x11}, mutedText{0x55, 0x55, 0x55}, cell{0xff, 0xff, 0xff};
  Color changed{0xFF, 0xF3, 0xB0};   // background of values this step wrote
  Color neverWritten{0xe6, 0xe6, 0xe6};
  // lane states
  Color laneExecuted = okabe_ito::kBlue, laneReady = okabe_ito::kSkyBlue, laneDiverged{0xbb, 0xbb, 0xbb};
  Color laneWaiting = okabe_ito::kOrange, laneSpinning = okabe_ito::kYellow, laneExited{0x44, 0x44, 0x44};
  Color laneGuardFalse{0xdd, 0xdd, 0xdd}, laneAbsent{0xf7, 0xf7, 0xf7};
  // masks
  Color bitOn{0x22, 0x22, 0x22}, bitOff{0xff, 0xff, 0xff};
  // data flows
  Color flowShuffle = okabe_ito::kBlue, flowKeep = okabe_ito::kVermillion, flowGather = okabe_ito::kBluishGreen;
  Color flowAtomic = okabe_ito::kReddishPurple, flowAsync = okabe_ito::kOrange, flowAsyncDone = okabe_ito::kBluishGreen;
  Color flowCompleteTx = okabe_ito::kVermillion, flowMbarrier = okabe_ito::kReddishPurple, flowMemory{0x55, 0x55, 0x55};
  // races (two unordered accesses to the same memory): a hazard red, apart
  // from every flow colour, drawn thick and labelled so colour is not alone
  Color race{0xE4, 0x00, 0x2B};
  // a saved schedule's forced switch on the timeline: Okabe-Ito's bluish
  // green, the one hue no other marker uses, darkened here (lightened in the
  // dark theme) to stand out from the timeline's track at 3:1 or more
  Color forcedSwitch{0x00, 0x7A, 0x5A};
  // match groups and other categorical colours, in order
  std::vector<Color> groups{okabe_ito::kOrange, okabe_ito::kSkyBlue, okabe_ito::kBluishGreen, okabe_ito::kYellow,
                            okabe_ito::kBlue,   okabe_ito::kVermillion, okabe_ito::kReddishPurple, okabe_ito::kBlack};
  // type and spacing (scene units: CSS pixels)
  std::string fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif";
  std::string monoFamily = "DejaVu Sans Mono, Menlo, Consolas, monospace";
  double fontSize = 15, monoSize = 15, titleSize = 24, smallSize = 12;
  double laneWidth = 64, rowHeight = 34, labelWidth = 190, margin = 24, gap = 14;
  double strokeWidth = 2, arrowHead = 9;

  const Color& groupColor(int i) const;
  // Black or white, whichever reads better on `bg`.
  Color textOn(const Color& bg) const;
};

// "light", "dark", "projector" (high contrast, large type); light for any other name.
Theme builtinTheme(std::string_view name);
std::vector<std::string> builtinThemeNames();
// Reads a theme file over the built-in theme it names (`base = "dark"`), so a
// file only lists what it changes. nullopt with `error` on a missing or bad file.
std::optional<Theme> loadThemeFile(const std::string& path, std::string& error);
// The theme `name` from `dir`/name.toml (default: the bundled assets/themes),
// else the built-in one.
Theme loadTheme(std::string_view name, const std::string& dir = {});
std::string bundledThemeDir();

}  // namespace ws::ui
