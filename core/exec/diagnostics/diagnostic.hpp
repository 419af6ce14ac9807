#pragma once
// Typed runtime diagnostics: which lanes broke which rule of the PTX ISA,
// where, and what the machine did about it (stopped in strict mode, or went on
// as an H100 does in hardware mode). Each kind carries the rule as a verbatim
// quote with its section (or none, for warpscope's own checks) and
// warpscope's explanation, kept apart so that a viewer never shows the tool's
// words as a quotation.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/exec/state/mem_region.hpp"

namespace ws::core {

enum class DiagKind : std::uint8_t {
#define WS_DIAG(E, SEV, TITLE, SRC, SECTION, SECTION_TITLE, QUOTE, EXPLANATION) E,
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
};

enum class Severity : std::uint8_t { Warning, Undefined, Error };

// Where a diagnostic's quote comes from.
enum class QuoteSource : std::uint8_t {
  None,       // warpscope's own check: no document sentence, only an explanation
  PtxIsa,     // https://docs.nvidia.com/cuda/parallel-thread-execution/
  CudaGuide,  // https://docs.nvidia.com/cuda/cuda-c-programming-guide/
};

struct DiagInfo {
  DiagKind kind;
  Severity severity;
  std::string_view title;
  QuoteSource source;
  std::string_view section;       // the section's anchor in its document ("data-movement-and-conversion-instructions-shfl-sync")
  std::string_view sectionTitle;  // its heading, without the section number
  std::string_view quote;         // verbatim; " … " joins passages that are not adjacent; empty: none
  std::string_view explanation;   // warpscope's own words; may be empty when the quote says it all
};
const DiagInfo& diagInfo(DiagKind k);

// "PTX ISA 9.1", "CUDA C++ Programming Guide"; empty for None.
std::string_view quoteSourceName(QuoteSource s);
// The section's address: the document's URL + "#" + section; empty without a quote.
std::string sectionUrl(const DiagInfo& info);

// One side of a race: who accessed the memory, when and how.
struct RaceAccess {
  enum class What : std::uint8_t { Read, Write, Atomic };
  std::uint64_t step = 0;            // the step that made the access (0-based, as Diagnostic::step)
  std::uint32_t cta = 0, warp = 0;   // warp = global warp index (an async operation: its issuer's)
  std::int8_t lane = 0;              // -1: an asynchronous operation issued by `warp` (the async proxy)
  std::uint32_t pc = 0;
  What what = What::Read;
  bool strong = false;  // .relaxed/.volatile/.acquire/.release or atomic
  bool operator==(const RaceAccess&) const = default;
};

// The two accesses of a race (first = the earlier one) and the bytes they
// share: region/index/offset as MemChange names memory.
struct RaceInfo {
  RaceAccess first, second;
  MemRegion region = MemRegion::Global;
  std::uint32_t index = 0;
  std::uint64_t offset = 0;
  std::uint8_t bytes = 0;
  bool operator==(const RaceInfo&) const = default;
};

struct Diagnostic {
  DiagKind kind = DiagKind::Unsupported;
  std::uint64_t step = 0;
  std::uint32_t cta = 0, warp = 0;   // warp = global warp index
  std::uint32_t lanes = 0;           // lanes that broke the rule
  std::uint32_t pc = 0;
  std::string message;               // with the real values: "lane 5 sources lane 20, which has exited"
  std::optional<RaceInfo> race;      // race-* and memory-model-* kinds: the two accesses
  bool operator==(const Diagnostic&) const = default;
};

}  // namespace ws::core
