#include "app/dap/exceptions.hpp"

#include <algorithm>

namespace ws::dap {

DiagCategory categoryOf(core::DiagKind k) {
  using K = core::DiagKind;
  switch (k) {
    case K::RaceShared:
    case K::RaceGlobal:
    case K::RaceCluster:
    case K::RaceAsyncProxy:
    case K::MemoryModelNoAcquire:
      return DiagCategory::Race;
    case K::Hang:
    case K::HardwareHang:
      return DiagCategory::Hang;
    case K::Deadlock:
      return DiagCategory::Deadlock;
    default:
      break;
  }
  switch (core::diagInfo(k).severity) {
    case core::Severity::Undefined:
      return DiagCategory::Undefined;
    case core::Severity::Error:
      return DiagCategory::Error;
    case core::Severity::Warning:
      return DiagCategory::Warning;
  }
  return DiagCategory::Error;
}

std::string_view filterName(DiagCategory c) {
  switch (c) {
    case DiagCategory::Undefined:
      return "undefined";
    case DiagCategory::Race:
      return "races";
    case DiagCategory::Hang:
      return "hangs";
    case DiagCategory::Deadlock:
      return "deadlocks";
    case DiagCategory::Error:
      return "errors";
    case DiagCategory::Warning:
      return "warnings";
    case DiagCategory::Count:
      break;
  }
  return "";
}

bool ExceptionFilters::any() const {
  return std::any_of(on.begin(), on.end(), [](bool b) { return b; });
}

nlohmann::json exceptionFilterCapabilities() {
  struct F {
    DiagCategory c;
    const char* label;
    const char* description;
  };
  const F filters[] = {
      {DiagCategory::Undefined, "Undefined behaviour",
       "A rule of the PTX ISA or the CUDA guide is broken (shfl from an inactive lane, divergent barrier, mbarrier "
       "misuse...)"},
      {DiagCategory::Race, "Data races",
       "Two accesses of different threads to the same bytes without ordering (docs/races.md)"},
      {DiagCategory::Hang, "Hangs", "A loop nothing can leave"},
      {DiagCategory::Deadlock, "Deadlocks", "Every live lane waits"},
      {DiagCategory::Error, "Errors", "Out of bounds, misaligned, failed assert, trap, unsupported instruction"},
      {DiagCategory::Warning, "Warnings",
       "Suspicious but defined: uninitialized reads, division by zero, nondeterminism"},
  };
  const ExceptionFilters defaults;
  nlohmann::json out = nlohmann::json::array();
  for (const F& f : filters)
    out.push_back({{"filter", std::string(filterName(f.c))},
                   {"label", f.label},
                   {"description", f.description},
                   {"default", defaults.on[static_cast<std::size_t>(f.c)]}});
  return out;
}

}  // namespace ws::dap
