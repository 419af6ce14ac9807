#pragma once
// Diagnostics as DAP exceptions: the exception breakpoint filters (which
// kinds of diagnostic stop a continue) and the kind's category. The texts
// (title, message, the ISA sentence) are ui/views' DiagnosticItem, never
// written again here.
#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/exec/diagnostics/diagnostic.hpp"

namespace ws::dap {

enum class DiagCategory : std::uint8_t { Undefined, Race, Hang, Deadlock, Error, Warning, Count };

DiagCategory categoryOf(core::DiagKind k);
std::string_view filterName(DiagCategory c);  // "undefined", "races", ...

struct ExceptionFilters {
  // Undefined behaviour, races, hangs, deadlocks and errors stop by default; warnings do not.
  std::array<bool, static_cast<std::size_t>(DiagCategory::Count)> on{true, true, true, true, true, false};
  bool any() const;
  bool stops(core::DiagKind k) const { return on[static_cast<std::size_t>(categoryOf(k))]; }
};

// The `exceptionBreakpointFilters` capability.
nlohmann::json exceptionFilterCapabilities();

}  // namespace ws::dap
