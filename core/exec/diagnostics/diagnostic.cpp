#include "core/exec/diagnostics/diagnostic.hpp"

#include <array>

namespace ws::core {
namespace {
constexpr DiagInfo kDiags[] = {
#define WS_DIAG(E, SEV, TITLE, SENTENCE) {DiagKind::E, Severity::SEV, TITLE, SENTENCE},
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
};
}  // namespace

const DiagInfo& diagInfo(DiagKind k) { return kDiags[static_cast<std::size_t>(k)]; }

}  // namespace ws::core
