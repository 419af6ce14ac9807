#pragma once
// Which entries of a module reach which instructions the engine does not
// execute (Program::unsupported), through the direct calls between functions.
// The loader's warnings, `warpscope-cli unsupported` and the front ends'
// load reports all come from here.
#include <cstdint>
#include <string>
#include <vector>

#include "core/ptx/program.hpp"

namespace ws::core {

// Functions an entry can reach through direct calls (the entry included),
// ascending by index.
std::vector<std::uint32_t> reachableFunctions(const Program& p, std::uint32_t entry);

struct UnsupportedUse {
  std::uint32_t unsupported = 0;      // Program::unsupported index
  std::vector<std::uint32_t> instrs;  // the uses reachable from the entry, in program order
};

struct EntryCoverage {
  std::uint32_t entry = 0;  // Program::functions index
  std::vector<UnsupportedUse> uses;
};

// Every entry of the module (in order) with what it can reach that does not
// execute; an entry that reaches nothing of the kind has empty `uses`.
std::vector<EntryCoverage> unsupportedByEntry(const Program& p);

// The names of the entries that reach Program::unsupported[index].
std::vector<std::string> entriesUsing(const Program& p, std::uint32_t index);

}  // namespace ws::core
