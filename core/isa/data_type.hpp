#pragma once
// PTX fundamental types as the engine sees them: a register or memory value is
// raw bits (up to 64) plus one of these interpretations.
#include <cstdint>
#include <optional>
#include <string_view>

namespace ws::core {

enum class DataType : std::uint8_t {
  None,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, F32, F64,
  Pred,
};

enum class TypeClass : std::uint8_t { None, Bits, Unsigned, Signed, Float, Pred };

// Width in bits of one value of the type (f16x2 is 32; pred is 1).
constexpr int bitWidth(DataType t) {
  switch (t) {
    case DataType::B8: case DataType::U8: case DataType::S8: return 8;
    case DataType::B16: case DataType::U16: case DataType::S16: case DataType::F16: case DataType::BF16: return 16;
    case DataType::B32: case DataType::U32: case DataType::S32: case DataType::F32:
    case DataType::F16x2: case DataType::BF16x2: return 32;
    case DataType::B64: case DataType::U64: case DataType::S64: case DataType::F64: return 64;
    case DataType::B128: return 128;
    case DataType::Pred: return 1;
    case DataType::None: return 0;
  }
  return 0;
}

constexpr int byteWidth(DataType t) { return t == DataType::Pred ? 1 : bitWidth(t) / 8; }

constexpr TypeClass typeClass(DataType t) {
  switch (t) {
    case DataType::B8: case DataType::B16: case DataType::B32: case DataType::B64: case DataType::B128: return TypeClass::Bits;
    case DataType::U8: case DataType::U16: case DataType::U32: case DataType::U64: return TypeClass::Unsigned;
    case DataType::S8: case DataType::S16: case DataType::S32: case DataType::S64: return TypeClass::Signed;
    case DataType::F16: case DataType::F16x2: case DataType::BF16: case DataType::BF16x2:
    case DataType::F32: case DataType::F64: return TypeClass::Float;
    case DataType::Pred: return TypeClass::Pred;
    case DataType::None: return TypeClass::None;
  }
  return TypeClass::None;
}

constexpr bool isFloat(DataType t) { return typeClass(t) == TypeClass::Float; }
constexpr bool isSigned(DataType t) { return typeClass(t) == TypeClass::Signed; }

std::string_view typeName(DataType t);                 // "u32"
std::optional<DataType> parseTypeName(std::string_view s);  // "u32" -> U32

}  // namespace ws::core
