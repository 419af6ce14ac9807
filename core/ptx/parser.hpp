#pragma once
// PTX text -> Program. Parses whole modules as `nvcc -ptx` writes them and
// short hand-written snippets, resolves every name, lays out the memory
// segments and applies the target/PTX-version gates from the instruction
// table. Never throws on bad input: every problem is a LoadError.
#include <cstdint>
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

// How much one module may hold. A PTX file may be 256 MiB
// (kMaxInputFileBytes); without these, parsed structures cost 10 to 30 times
// their text (an instruction about 500 bytes) and a file under the cap took
// gigabytes. Each default is far above what nvcc writes (the largest real
// modules, CUTLASS kernels, have a few hundred thousand instructions); what
// the worst file under them costs is measured in tests/RELIABILITY.md.
// Reaching one stops the parse with an error naming the limit, at the
// file:line:col where it was hit. Tests pass smaller values.
struct ParseLimits {
  std::uint64_t maxInstructions = 2'000'000;
  std::uint64_t maxOperands = 16'000'000;   // every operand and list/vector element
  std::uint64_t maxLabels = 2'000'000;      // labels and '.branchtargets' entries
  std::uint64_t maxFunctions = 1'000'000;   // .entry and .func names, prototypes included
  std::uint64_t maxVariables = 2'000'000;   // variables and parameters
  std::uint64_t maxLocs = 4'000'000;        // '.loc' directives
  std::uint64_t maxFiles = 65'536;          // '.file' directives
  std::uint64_t maxLines = 16'777'216;      // lines of text (each is kept for listings)
  std::uint64_t maxAddressInits = 1'000'000;  // addresses in initializers (relocations)
};

// `fileName` is used in error positions and as Program::files[0].
ParseResult parsePtx(std::string_view text, std::string_view fileName, const ParseLimits& limits = {});

}  // namespace ws::core
