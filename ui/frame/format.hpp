#pragma once
// Every value a person sees is formatted here, once, for both front ends and
// the SVG export: register values in a chosen notation, masks as hex and as
// lane-aligned bit rows, lane lists and addresses.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/exec/state/machine_state.hpp"
#include "core/isa/data_type.hpp"

namespace ws::ui {

// How a register column shows its values.
enum class ValueFormat : std::uint8_t {
  Auto,      // bit types: decimal while small (counts, lane ids), hex once large (masks, addresses)
  Hex,
  Signed,
  Unsigned,
  Float,     // f16 / f32 / f64 by the register's width
  F16x2,     // two halves, {low, high} as PTX writes a packed pair
  Pred,
};

inline constexpr std::string_view kNeverWritten = "\u2014";  // an em dash: the register was never written

// The notation a register shows by default, from its declared type.
ValueFormat defaultFormat(core::DataType t);
std::string_view formatName(ValueFormat f);  // "hex", "signed", ...
// What a register column shows, for its header: the declared type (".b32"),
// and the format where the user chose one other than the type's default
// (".b32 as float"). `formatHow` says in words how the values are written
// ("decimal below 0x10000, hex from there").
std::string formatCaption(core::DataType declared, ValueFormat f);
std::string_view formatHow(ValueFormat f);

// `bits` holds a value of `widthBits` bits (8, 16, 32, 64; 1 for predicates),
// zero-extended. Never fails: a notation that does not fit the width (f16x2 of
// a 64-bit register) falls back to hex.
std::string formatBits(std::uint64_t bits, int widthBits, ValueFormat f);
// A register of declared type t in notation f (width from the type).
std::string formatValue(std::uint64_t bits, core::DataType t, ValueFormat f);
// In the register's default notation.
inline std::string formatValue(std::uint64_t bits, core::DataType t) { return formatValue(bits, t, defaultFormat(t)); }

std::string hexMinimal(std::uint64_t v);             // 0x1f
std::string hexFixed(std::uint64_t v, int digits);   // 0x0000001f
std::string formatMask(core::LaneMask m);           // 0xffffffff
// The bits of m for lanes [0, lanes) in lane order (lane 0 first): "1100..."
std::string maskBitsLaneOrder(core::LaneMask m, int lanes = core::kWarpSize);
// "0-3, 8, 10-31"; "none" when empty.
std::string laneList(core::LaneMask m);
// "lane 5", "lanes 0-3, 8".
std::string lanesPhrase(core::LaneMask m);
int popcount(core::LaneMask m);

// Half- and bfloat16 conversions for display (exact; NaN payloads kept).
float halfToFloat(std::uint16_t h);
float bf16ToFloat(std::uint16_t h);
// The shortest decimal text that reads back to the same value.
std::string formatF32(float f);
std::string formatF64(double d);
std::string formatF16(std::uint16_t h);
std::string formatBF16(std::uint16_t h);

// Escapes text for XML/SVG (&, <, >, ", ').
std::string xmlEscape(std::string_view s);

}  // namespace ws::ui
