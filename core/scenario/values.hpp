#pragma once
// Numbers of a scenario file as machine bits, and machine bits as the text a
// user reads: one place for the conversions, so loading, checking
// expectations and printing agree.
#include <cstdint>
#include <optional>
#include <string>

#include "core/isa/data_type.hpp"
#include "core/expr/expr.hpp"
#include "core/scenario/scenario.hpp"

namespace ws::core {

// A buffer word. Integers must fit in 32 bits (signed or unsigned); floats
// only in f32 buffers; integers in f32 buffers are converted to float.
std::optional<std::uint32_t> wordBits(const Number& n, WordType t, std::string& error);
// A value of PTX type t (8-64-bit integers/bits, f32, f64, pred).
std::optional<std::uint64_t> valueBits(const Number& n, DataType t, std::string& error);
// An expression's value as register contents of type t.
std::optional<std::uint64_t> exprBits(const ExprValue& v, DataType t, std::string& error);

// "12", "-3", "1.5" (shortest text that reads back to the same float).
std::string formatWord(std::uint32_t bits, WordType t);
// Integers in decimal (signed types signed, bit types unsigned), floats as
// floats, predicates 0/1.
std::string formatValue(std::uint64_t bits, DataType t);
// A float the way TOML needs it: always with '.', 'e', inf or nan.
std::string formatTomlFloat(double v);

}  // namespace ws::core
