#pragma once
// Typed runtime diagnostics: which lanes broke which rule of the PTX ISA,
// where, and what the machine did about it (stopped in strict mode, or went on
// as an H100 does in hardware mode).
#include <cstdint>
#include <string>
#include <string_view>

namespace ws::core {

enum class DiagKind : std::uint8_t {
#define WS_DIAG(E, SEV, TITLE, SENTENCE) E,
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
};

enum class Severity : std::uint8_t { Warning, Undefined, Error };

struct DiagInfo {
  DiagKind kind;
  Severity severity;
  std::string_view title;
  std::string_view isaSentence;
};
const DiagInfo& diagInfo(DiagKind k);

struct Diagnostic {
  DiagKind kind = DiagKind::Unsupported;
  std::uint64_t step = 0;
  std::uint32_t cta = 0, warp = 0;   // warp = global warp index
  std::uint32_t lanes = 0;           // lanes that broke the rule
  std::uint32_t pc = 0;
  std::string message;               // with the real values: "lane 5 sources lane 20, which has exited"
  bool operator==(const Diagnostic&) const = default;
};

}  // namespace ws::core
