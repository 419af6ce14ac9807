#pragma once
// Snippet mode: a few PTX instructions become a one-CTA kernel. The module
// declares every register the snippet uses (from program.snippet.regs, else
// the nvcc naming convention %r/%rd/%f/%fd/%p/%rs/%h + digits, else the type
// of its initial value), takes the scenario's params as its parameters, and
// the initial values are written straight into the machine state after
// Engine::create, so step 0 is the user's first instruction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/scenario/scenario.hpp"

namespace ws::core {

inline constexpr std::string_view kSnippetEntry = "snippet";
inline constexpr std::string_view kSnippetTarget = "sm_90a";

// A problem in the snippet, located by a key path of the scenario and, for
// text (code, expressions), the byte offset inside that string.
struct SnippetError {
  std::string path;
  std::size_t offset = 0;
  std::string message;
};

struct SnippetModule {
  std::string ptx;
  std::uint32_t codeFirstLine = 1;  // module line holding the code's first line
  std::vector<std::pair<std::string, DataType>> declared;  // registers the generator declared
};

// The registers a snippet's code names (%name, not special registers), in
// order of first use, and those its own .reg lines declare.
struct SnippetRegs {
  std::vector<std::string> used;
  std::vector<std::string> declaredByCode;       // exact names
  std::vector<std::pair<std::string, std::uint32_t>> rangesByCode;  // %r<8>: ("%r", 8)
  bool declares(const std::string& name) const;
};
SnippetRegs scanSnippetRegisters(std::string_view code);

// The type a register name implies by nvcc's convention, if any.
std::optional<DataType> registerTypeFromName(std::string_view name);
// True for "%tid", "%laneid", ... (names that are not user registers).
bool isSpecialRegisterName(std::string_view name);
// "%name" with a PTX identifier after the '%'.
bool isRegisterName(std::string_view name);
// A PTX identifier (for parameter names).
bool isPtxIdentifier(std::string_view name);

// Builds the module; errors name what is wrong (undeclarable registers, bad
// parameter names).
std::optional<SnippetModule> buildSnippetModule(const Scenario& s, std::vector<SnippetError>& errors);

// The variables of thread `tid` of the block.
inline ExprVars snippetVars(std::uint32_t tid) {
  return {static_cast<std::int64_t>(tid % 32), static_cast<std::int64_t>(tid), static_cast<std::int64_t>(tid / 32)};
}

}  // namespace ws::core
