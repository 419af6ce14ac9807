#pragma once
// A loaded PTX module, linked into one flat form for execution: all functions'
// instructions in one array (a PC is an index into it), all registers of all
// functions in one register numbering, every variable a Symbol with its
// state space and offset in that space.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/isa/instr.hpp"
#include "core/ptx/diagnostic.hpp"

namespace ws::core {

enum class Space : std::uint8_t { Global, Shared, Local, Const, Param, ParamFunc, Generic };

inline constexpr std::uint32_t kNoReg = ~0u;

struct RegInfo {
  std::string name;   // "%r12" (scoped inline-asm registers keep their name)
  DataType type = DataType::B32;
  std::uint32_t func = 0;
  // A .b128 register is two machine registers: this one holds bits 0..63
  // and `hi` (a .b64 register named "<name>.hi" that no PTX name reaches)
  // bits 64..127. kNoReg for every other type.
  std::uint32_t hi = kNoReg;
};

struct Symbol {
  std::string name;
  Space space = Space::Global;
  std::uint64_t offset = 0;  // byte offset within its space's segment
  std::uint64_t size = 0;    // bytes
  std::uint32_t align = 1;
  DataType elemType = DataType::B8;
  std::vector<std::uint8_t> init;  // initial bytes (empty = zero)
  std::int32_t func = -1;          // owning function, -1 = module scope
  bool isExtern = false;           // extern .shared: dynamic shared memory
};

struct LaunchHints {
  std::optional<std::array<std::uint32_t, 3>> reqntid, maxntid, reqnctapercluster;
  std::optional<std::uint32_t> maxnreg;  // .maxnreg: registers per thread (setmaxnreg's starting budget)
  bool explicitCluster = false;
};

// Where an entry's shared memory lies, as ptxas lays it out per entry: only
// the .shared variables the entry and the functions it calls use, then one
// dynamic window (every `extern .shared` array aliases it), aligned after them.
struct SharedLayout {
  std::vector<std::pair<std::uint32_t, std::uint64_t>> offsets;  // (symbol, offset) of each static variable
  std::uint64_t staticBytes = 0;     // end of the static variables (offsets start after the reserved 1 KB)
  std::uint64_t dynamicOffset = 0;   // start of the dynamic window (aligned; the padding is allocated)
  bool operator==(const SharedLayout&) const = default;
};

struct Function {
  std::string name;
  bool isEntry = false;
  std::uint32_t begin = 0, end = 0;      // instruction index range [begin, end)
  std::uint32_t regBegin = 0, regEnd = 0;
  std::vector<std::uint32_t> params;      // symbol indices, in order
  std::vector<std::uint32_t> returns;     // .func return params (symbol indices)
  LaunchHints hints;
  SrcPos pos;
  SharedLayout shared;  // entries only
};

// Something the module uses that the engine does not execute: an instruction
// or modifier the instruction table marks as not implemented, or a call to a
// function the module only declares. The module loads with one warning per
// entry of this list; executing one of its instructions stops the run with an
// `unsupported` diagnostic naming it.
struct Unsupported {
  std::string what;    // "cp.async.bulk.tensor", "add .u16x2", "call to vprintf"
  std::string reason;  // why it does not run, one sentence
  std::vector<std::uint32_t> instrs;  // the instructions that use it, in order
};

// An address in a variable's initializer (`.u64 table[2] = {f, g}`,
// `{generic(buf)+4}`), written when the launch's memory is built.
struct Relocation {
  enum class Kind : std::uint8_t { Symbol, Function } kind = Kind::Symbol;
  std::uint32_t symbol = 0;      // the initialized variable
  std::uint64_t offset = 0;      // byte offset of the value in its initializer
  std::uint32_t width = 8;       // bytes
  std::uint32_t target = 0;      // Program::symbols or Program::functions index
  std::int64_t addend = 0;
  bool generic = false;          // generic(var): the generic address, not the state-space one
};

struct Program {
  int ptxMajor = 0, ptxMinor = 0;   // .version
  Target target;                    // .target
  int addressSize = 64;
  std::vector<std::string> files;   // [0] = the PTX file itself; then .file entries (by their index)
  std::map<int, std::uint32_t> cudaFileIndex;  // .file number -> files[] index
  std::vector<Function> functions;
  std::vector<Instr> instrs;
  std::vector<RegInfo> regs;
  std::vector<Symbol> symbols;
  std::map<std::uint32_t, std::string> labels;  // instruction index -> label name (for listings)
  // Segment sizes (bytes), laid out by the loader.
  std::uint64_t globalBytes = 0;   // module .global variables
  std::uint64_t constBytes = 0;
  // The largest static shared size of any entry (each entry's own layout is
  // Function::shared; Symbol::offset of a .shared variable is its offset in
  // the first entry that uses it, and Engine::create applies the launched
  // entry's layout).
  std::uint64_t sharedBytes = 0;
  std::uint64_t localBytes = 0;    // .local + .func params, per thread
  std::vector<std::string> sourceLines;  // the PTX text, split by line (for listings)
  std::vector<Relocation> relocations;    // addresses in .global/.const initializers
  std::vector<Unsupported> unsupported;   // what loads but does not run (Instr::unsupported)
  std::vector<LoadError> warnings;        // one per `unsupported` entry, and other load notes

  std::optional<std::uint32_t> findFunction(std::string_view name) const {
    for (std::uint32_t i = 0; i < functions.size(); ++i)
      if (functions[i].name == name) return i;
    return std::nullopt;
  }
  int ptxVersion() const { return ptxMajor * 10 + ptxMinor; }
};

}  // namespace ws::core
