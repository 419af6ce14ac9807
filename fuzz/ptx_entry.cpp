// Fuzz entry: the PTX front end. Invariants: parsing never throws, a result
// is either a program or errors (never both, never neither), errors are
// capped and carry a position and a message, and a program's ranges point
// inside its own tables.
#include <exception>

#include <fmt/format.h>

#include "core/ptx/parser.hpp"
#include "fuzz/fuzz_entries.hpp"

namespace ws::fuzz {

std::string parsePtxInput(std::string_view data) {
  core::ParseResult r;
  try {
    r = core::parsePtx(data, "fuzz.ptx");
  } catch (const std::exception& e) {
    return fmt::format("parsePtx threw: {}", e.what());
  }
  if (r.program.has_value() == !r.errors.empty())
    return fmt::format("parsePtx returned {} and {} errors", r.program ? "a program" : "no program", r.errors.size());
  if (r.errors.size() > 50) return fmt::format("{} errors: more than the cap of 50", r.errors.size());
  for (const auto& e : r.errors) {
    if (e.message.empty()) return fmt::format("an error at {}:{} has no message", e.line, e.col);
    if (e.file != "fuzz.ptx") return fmt::format("an error names file '{}'", e.file);
  }
  if (!r.program) return {};
  const core::Program& p = *r.program;
  for (const auto& f : p.functions) {
    if (f.begin > f.end || f.end > p.instrs.size())
      return fmt::format("function {} spans instructions [{}, {}) of {}", f.name, f.begin, f.end, p.instrs.size());
    if (f.regBegin > f.regEnd || f.regEnd > p.regs.size())
      return fmt::format("function {} spans registers [{}, {}) of {}", f.name, f.regBegin, f.regEnd, p.regs.size());
    for (auto s : f.params)
      if (s >= p.symbols.size()) return fmt::format("function {} names parameter symbol {}", f.name, s);
  }
  for (const auto& [pc, name] : p.labels)
    if (pc > p.instrs.size()) return fmt::format("label {} points at instruction {} of {}", name, pc, p.instrs.size());
  return {};
}

}  // namespace ws::fuzz
