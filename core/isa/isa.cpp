#include "core/isa/isa.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <initializer_list>
#include <unordered_map>

namespace ws::core {
namespace {

struct ModRow {
  std::string_view spelling;
  Axis axis;
};

constexpr std::array<ModRow, kModCount> kMods = {{
    {"", Axis::None},
#define WS_MOD(E, S, A) {S, Axis::A},
#include "core/isa/modifiers.def"
#undef WS_MOD
}};

// The modifiers before the kNotImplemented marker (executed) or after it.
ModSet makeModSet(std::initializer_list<Mod> mods, bool afterMarker) {
  ModSet s;
  bool after = false;
  for (Mod m : mods) {
    if (m == kNotImplemented)
      after = true;
    else if (after == afterMarker)
      s.set(static_cast<std::size_t>(m));
  }
  return s;
}

const std::array<OpInfo, kOpcodeCount>& opTable() {
  using enum Mod;  // lets opcodes.def name legal modifiers unqualified
  static const std::array<OpInfo, kOpcodeCount> table = {{
#define WS_OP(E, MN, FAM, SHAPE, PTX, SM, FLAGS, SUMMARY, ...) \
  {Opcode::E, MN, Family::FAM, SHAPE, PTX, SM, FLAGS, SUMMARY, makeModSet({__VA_ARGS__}, false), \
   makeModSet({__VA_ARGS__}, true)},
#include "core/isa/opcodes.def"
#undef WS_OP
  }};
  return table;
}

constexpr Gate kGates[] = {
#define WS_GATE(OP, MOD, TARGET, PTX, SENTENCE) {Opcode::OP, Mod::MOD, TARGET, PTX, SENTENCE},
#include "core/isa/gates.def"
#undef WS_GATE
};

}  // namespace

std::string_view typeName(DataType t) {
  switch (t) {
    case DataType::None: return "";
    case DataType::B8: return "b8";
    case DataType::B16: return "b16";
    case DataType::B32: return "b32";
    case DataType::B64: return "b64";
    case DataType::B128: return "b128";
    case DataType::U8: return "u8";
    case DataType::U16: return "u16";
    case DataType::U32: return "u32";
    case DataType::U64: return "u64";
    case DataType::S8: return "s8";
    case DataType::S16: return "s16";
    case DataType::S32: return "s32";
    case DataType::S64: return "s64";
    case DataType::F16: return "f16";
    case DataType::F16x2: return "f16x2";
    case DataType::BF16: return "bf16";
    case DataType::BF16x2: return "bf16x2";
    case DataType::F32: return "f32";
    case DataType::F64: return "f64";
    case DataType::Pred: return "pred";
  }
  return "";
}

std::optional<DataType> parseTypeName(std::string_view s) {
  if (auto m = findMod(s)) return modToType(*m);
  return std::nullopt;
}

const OpInfo& opInfo(Opcode op) { return opTable()[static_cast<std::size_t>(op)]; }

std::span<const OpInfo> allOps() { return opTable(); }

std::optional<Opcode> findMnemonic(std::string_view mnemonic) {
  static const auto index = [] {
    std::unordered_map<std::string_view, Opcode> m;
    for (const OpInfo& i : opTable()) m.emplace(i.mnemonic, i.op);
    return m;
  }();
  if (auto it = index.find(mnemonic); it != index.end()) return it->second;
  return std::nullopt;
}

std::optional<Mod> findMod(std::string_view spelling) {
  static const auto index = [] {
    std::unordered_map<std::string_view, Mod> m;
    for (std::size_t i = 1; i < kModCount; ++i) m.emplace(kMods[i].spelling, static_cast<Mod>(i));
    return m;
  }();
  if (auto it = index.find(spelling); it != index.end()) return it->second;
  return std::nullopt;
}

std::string_view modName(Mod m) { return kMods[static_cast<std::size_t>(m)].spelling; }
Axis modAxis(Mod m) { return kMods[static_cast<std::size_t>(m)].axis; }

std::optional<DataType> modToType(Mod m) {
  switch (m) {
    case Mod::B8: return DataType::B8;
    case Mod::B16: return DataType::B16;
    case Mod::B32: return DataType::B32;
    case Mod::B64: return DataType::B64;
    case Mod::B128: return DataType::B128;
    case Mod::U8: return DataType::U8;
    case Mod::U16: return DataType::U16;
    case Mod::U32: return DataType::U32;
    case Mod::U64: return DataType::U64;
    case Mod::S8: return DataType::S8;
    case Mod::S16: return DataType::S16;
    case Mod::S32: return DataType::S32;
    case Mod::S64: return DataType::S64;
    case Mod::F16: return DataType::F16;
    case Mod::F16x2: return DataType::F16x2;
    case Mod::BF16: return DataType::BF16;
    case Mod::BF16x2: return DataType::BF16x2;
    case Mod::F32: return DataType::F32;
    case Mod::F64: return DataType::F64;
    case Mod::Pred: return DataType::Pred;
    default: return std::nullopt;
  }
}

std::string_view familyName(Family f) {
  switch (f) {
    case Family::Arith: return "arithmetic";
    case Family::Bits: return "bit manipulation";
    case Family::Compare: return "comparison and selection";
    case Family::Move: return "data movement and conversion";
    case Family::Memory: return "memory";
    case Family::Control: return "control flow and barriers";
    case Family::Collective: return "warp collectives";
    case Family::Atomic: return "atomics and reductions";
    case Family::Mbarrier: return "mbarrier";
    case Family::Async: return "asynchronous copies";
    case Family::Matrix: return "warp-level matrix";
    case Family::Texture: return "texture and surface";
    case Family::Video: return "video";
    case Family::Misc: return "miscellaneous";
  }
  return "";
}

std::optional<Target> Target::parse(std::string_view s) {
  if (!s.starts_with("sm_")) return std::nullopt;
  s.remove_prefix(3);
  Target t;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), t.sm);
  if (ec != std::errc() || t.sm <= 0) return std::nullopt;
  std::string_view rest(p, static_cast<std::size_t>(s.data() + s.size() - p));
  if (rest == "a" || rest == "f") t.suffix = rest[0];
  else if (!rest.empty()) return std::nullopt;
  return t;
}

std::string Target::str() const {
  std::string s = "sm_" + std::to_string(sm);
  if (suffix) s += suffix;
  return s;
}

bool Target::satisfies(const Target& need) const {
  // An arch-specific requirement (sm_100a) is met only by that exact
  // architecture's 'a' target, or by a family target ('f') of the same major
  // version; a plain requirement (sm_90) by any target at or above it.
  if (need.suffix == 'a') return sm == need.sm && suffix == 'a';
  if (need.suffix == 'f') return sm / 10 == need.sm / 10 && sm >= need.sm && suffix != 0;
  return sm >= need.sm;
}

std::span<const Gate> allGates() { return kGates; }

}  // namespace ws::core
