#pragma once
// The ISA coverage page (docs/isa.md), rendered from the instruction table so
// the documentation cannot drift from what the parser and executor accept.
#include <string>

namespace ws::core {

// Markdown: one section per family, one entry per instruction (mnemonic,
// operand shape, legal modifiers grouped by axis, minimum PTX ISA version and
// target, flags, summary), then the per-modifier target gates.
std::string isaMarkdown();

}  // namespace ws::core
