#pragma once
// What the narration lint reads in a note's markdown: the instruction a note
// opens with, and the numbers it quotes for registers. The grammars are
// narrow on purpose (docs/scenario-format.md, "Checking the notes"): prose
// outside them claims nothing, so a correct note is never reported; a lesson
// author who wants a value checked writes it in one of these forms.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/isa/data_type.hpp"
#include "core/isa/instr.hpp"

namespace ws::ui {

// A note that opens by naming an instruction: "`setp.gt.u32 %p1, %r1, 9`:
// ...", "**`call vprintf`**: ...", "This `shfl.sync` ...". `word` is the code
// span's first word after any guard, lower-case ("setp.gt.u32"); a span whose
// first word starts with no known mnemonic ("`%p1`", "`atomicCAS(lock, 0, 1)`")
// opens nothing.
struct InstructionOpener {
  std::string word;     // lower-case, for matching
  std::string written;  // as the note writes it, for messages
};
std::optional<InstructionOpener> instructionOpener(std::string_view text);

// Whether the opener names `ins`, whose mnemonic token as written is
// `written` ("redux.sync.min.s32"): every '.'-separated part of the opener's
// word is a part of `written` (in any order: `min.s32` names
// redux.sync.min.s32), or the opener's mnemonic is `ins`'s opcode (an alias
// such as bar.sync for barrier.sync).
bool openerNames(const InstructionOpener& o, const core::Instr& ins, std::string_view written);

// A number as a note writes it.
struct QuotedNumber {
  enum class Kind : std::uint8_t { Hex, Integer, Decimal };
  Kind kind = Kind::Integer;
  std::string text;          // as written ("0xffffffff", "-12", "1.5")
  std::uint64_t bits = 0;    // Hex: the value
  bool negative = false;     // Integer: a leading '-'
  std::uint64_t magnitude = 0;  // Integer: the value without its sign
  double value = 0;          // Integer and Decimal: the number
  double tolerance = 0;      // Decimal: half a unit of the last digit written
};

// "`%r10` = **0xffffffff**", "lane 5 ... `%f3` = 1.5", "`%r2` = 7 in lane 3",
// and "`%p1` = lane < 16" (a value the lint does not read: only that the
// register has been written is checked).
struct RegisterClaim {
  std::string reg;                     // "%r10"
  std::optional<QuotedNumber> number;  // nullopt: some other value
  std::optional<std::uint32_t> lane;   // a singular "lane N" of its sentence
  std::size_t offset = 0;              // byte offset of the claim in the text
  std::string text;                    // the claim as written, for messages
};
std::vector<RegisterClaim> registerClaims(std::string_view text);

// Whether a register of type `t` holding `bits` (zero-extended raw bits)
// holds `n`: hexadecimal compares the raw bits of the register's width, an
// integer its unsigned or signed value (or, in a float or untyped register,
// the float it holds), a decimal the float the bits encode (f16 or bf16,
// f32, f64 by width) to the precision written. Predicates and b128 halves are
// not compared (always true).
bool numberMatches(const QuotedNumber& n, std::uint64_t bits, core::DataType t);

// A [[question]]'s typed answer as a number: decimal, `0x` hex, `0b` binary
// (both the raw bits) or a float, the whole string (spaces around it aside);
// "true"/"false" are 1 and 0 (a predicate). nullopt: not a number.
std::optional<QuotedNumber> answerNumber(std::string_view answer);

}  // namespace ws::ui
