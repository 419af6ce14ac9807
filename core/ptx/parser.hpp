#pragma once
// PTX text -> Program. Parses whole modules as `nvcc -ptx` writes them and
// short hand-written snippets, resolves every name, lays out the memory
// segments and applies the target/PTX-version gates from the instruction
// table. Never throws on bad input: every problem is a LoadError.
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/ptx/diagnostic.hpp"
#include "core/ptx/program.hpp"

namespace ws::core {

struct ParseResult {
  std::optional<Program> program;   // set when errors is empty
  std::vector<LoadError> errors;    // all problems found (at most a few dozen)
  bool ok() const { return program.has_value() && errors.empty(); }
};

// `fileName` is used in error positions and as Program::files[0].
ParseResult parsePtx(std::string_view text, std::string_view fileName);

}  // namespace ws::core
