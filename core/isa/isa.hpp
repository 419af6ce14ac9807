#pragma once
// The instruction table (opcodes.def), the modifier tokens (modifiers.def) and
// the per-modifier target gates (gates.def), as C++ values. Everything that
// needs to know about an instruction asks here: nothing repeats a mnemonic.
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/isa/data_type.hpp"

namespace ws::core {

enum class Mod : std::uint16_t {
  None,
#define WS_MOD(E, S, A) E,
#include "core/isa/modifiers.def"
#undef WS_MOD
  Count
};
inline constexpr std::size_t kModCount = static_cast<std::size_t>(Mod::Count);
using ModSet = std::bitset<kModCount>;
// In an opcodes.def row's modifier list, the modifiers after this marker are
// ones the PTX ISA allows but the engine does not execute: such an
// instruction loads with a warning and stops the run when it executes.
inline constexpr Mod kNotImplemented = Mod::Count;

enum class Axis : std::uint8_t { None, Type, Rounding, Compare, Op, Space, Sem, Scope, Vector, Flag, Hint, Format, Matrix };

enum class Family : std::uint8_t {
  Arith, Bits, Compare, Move, Memory, Control, Collective, Atomic, Mbarrier,
  Async,    // asynchronous copies: cp.async, the bulk copies, st.async
  Matrix,   // warp-wide matrix instructions: ldmatrix ... mma, wmma, wgmma, tcgen05
  Texture,  // texture and surface instructions
  Video,    // SIMD video instructions
  Misc,     // everything else: stack, performance events, register budgets
};
inline constexpr std::size_t kFamilyCount = static_cast<std::size_t>(Family::Misc) + 1;

enum class Opcode : std::uint16_t {
#define WS_OP(E, ...) E,
#include "core/isa/opcodes.def"
#undef WS_OP
  Count
};
inline constexpr std::size_t kOpcodeCount = static_cast<std::size_t>(Opcode::Count);

// Instruction flags (bit set in OpInfo::flags).
inline constexpr std::uint32_t kNone = 0;
inline constexpr std::uint32_t kCollective = 1u << 0;   // warp-synchronous: waits for membermask lanes
inline constexpr std::uint32_t kReadsMem = 1u << 1;
inline constexpr std::uint32_t kWritesMem = 1u << 2;
inline constexpr std::uint32_t kAtomic = 1u << 3;
inline constexpr std::uint32_t kAsync = 1u << 4;        // completes after issue
inline constexpr std::uint32_t kWritesPred = 1u << 5;
inline constexpr std::uint32_t kBarrier = 1u << 6;
inline constexpr std::uint32_t kBranch = 1u << 7;
inline constexpr std::uint32_t kMbarrier = 1u << 8;
// Parsed (any modifiers, any operands) but not executed: loading warns, and
// executing it stops the run with an `unsupported` diagnostic.
inline constexpr std::uint32_t kNotExecuted = 1u << 9;

struct OpInfo {
  Opcode op;
  std::string_view mnemonic;
  Family family;
  std::string_view shape;    // operand shape for docs and tooltips
  int minPtx;                // PTX ISA version * 10
  int minSm;                 // minimum sm_XX
  std::uint32_t flags;
  std::string_view summary;  // one line, for tooltips and docs/isa.md
  ModSet legal;              // modifiers this mnemonic accepts and the engine executes
  ModSet notImplemented;     // modifiers the PTX ISA allows that the engine does not execute
  bool executed() const { return (flags & kNotExecuted) == 0; }
};

const OpInfo& opInfo(Opcode op);
std::span<const OpInfo> allOps();
// Exact mnemonic lookup ("red.async", "shfl").
std::optional<Opcode> findMnemonic(std::string_view mnemonic);

std::optional<Mod> findMod(std::string_view spelling);
std::string_view modName(Mod m);
Axis modAxis(Mod m);
std::optional<DataType> modToType(Mod m);
std::string_view familyName(Family f);

// A compilation target such as sm_90a: number and optional suffix ('a' or 'f').
struct Target {
  int sm = 0;
  char suffix = 0;
  static std::optional<Target> parse(std::string_view s);  // "sm_90a"
  std::string str() const;
  // True when code compiled for *this may use a feature that requires `need`.
  bool satisfies(const Target& need) const;
};

struct Gate {
  Opcode op;
  Mod mod;
  std::string_view target;  // "sm_100a"
  int minPtx;
  std::string_view sentence;
};
std::span<const Gate> allGates();

}  // namespace ws::core
