#pragma once
// PTX numeric literals (PTX ISA 4.5.1 "Constants"): integers in decimal, hex
// (0x), octal (leading 0) and binary (0b) with an optional U suffix; floats as
// 0fXXXXXXXX (f32 bits), 0dXXXXXXXXXXXXXXXX (f64 bits) or decimal (1.5,
// 2e-3). Float literals are kept as the IEEE f64 bits of their exact value;
// the executor converts them to the instruction's type.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ws::core {

struct NumLit {
  bool isFloat = false;
  std::uint64_t bits = 0;  // the integer's two's-complement bits, or f64 bits
};

// Parses one literal token's text (no sign). On failure returns nullopt and
// sets `why` to what is wrong with it.
std::optional<NumLit> parseNumber(std::string_view text, std::string& why);

// The literal negated: two's complement for integers, sign flip for floats.
NumLit negate(NumLit n);

// f32 bits -> the f64 bits of the same value, exactly (NaN payloads kept).
std::uint64_t f32ToF64Bits(std::uint32_t f);

}  // namespace ws::core
