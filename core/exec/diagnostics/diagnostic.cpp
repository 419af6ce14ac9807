#include "core/exec/diagnostics/diagnostic.hpp"

#include <array>

namespace ws::core {
namespace {
constexpr DiagInfo kDiags[] = {
#define WS_DIAG(E, SEV, TITLE, SRC, SECTION, SECTION_TITLE, QUOTE, EXPLANATION) \
  {DiagKind::E, Severity::SEV, TITLE, QuoteSource::SRC, SECTION, SECTION_TITLE, QUOTE, EXPLANATION},
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
};
}  // namespace

const DiagInfo& diagInfo(DiagKind k) { return kDiags[static_cast<std::size_t>(k)]; }

// The quotes were copied from PTX ISA 9.1 (tests/data/isa-text/README.md says
// from where, and which of them the 9.0 text has word for word too).
std::string_view quoteSourceName(QuoteSource s) {
  switch (s) {
    case QuoteSource::None: return "";
    case QuoteSource::PtxIsa: return "PTX ISA 9.1";
    case QuoteSource::CudaGuide: return "CUDA C++ Programming Guide";
  }
  return "";
}

std::string sectionUrl(const DiagInfo& info) {
  std::string_view base;
  switch (info.source) {
    case QuoteSource::None: return {};
    case QuoteSource::PtxIsa: base = "https://docs.nvidia.com/cuda/parallel-thread-execution/#"; break;
    case QuoteSource::CudaGuide: base = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#"; break;
  }
  if (info.section.empty()) return {};
  return std::string(base) + std::string(info.section);
}

}  // namespace ws::core
