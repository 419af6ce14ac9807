#pragma once
// Reading a value a person typed into a register cell back into the
// register's bits: the inverse of format.hpp, so both front ends accept what
// they show (decimal, 0x hex, negative numbers, floats, predicates).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/isa/data_type.hpp"
#include "ui/frame/format.hpp"

namespace ws::ui {

struct ParsedValue {
  std::optional<std::uint64_t> bits;  // zero-extended to the register's width
  std::string error;                  // why not, in one sentence
};

// `text` for a register of declared type `t` shown in notation `f`. Hex
// (0x...) and decimal integers are accepted in every notation; Float (and
// float types) also read decimals like 1.5 and -inf; predicates read
// true/false/1/0. Values that do not fit the width are refused.
ParsedValue parseRegisterValue(std::string_view text, core::DataType t, ValueFormat f);

}  // namespace ws::ui
