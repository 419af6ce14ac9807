#pragma once
// Running an engine to the end in chunks, so Ctrl-C stops cleanly between
// steps and the step budget gives a clear message.
#include <cstdint>
#include <vector>

#include "core/exec/engine/engine.hpp"

namespace ws::cli {

// Installs a SIGINT handler for its lifetime (restores the old one after).
class SigintGuard {
 public:
  SigintGuard();
  ~SigintGuard();
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;
  static bool interrupted();

 private:
  void (*m_old)(int) = nullptr;
};

struct RunOutcome {
  std::uint64_t steps = 0;
  core::StopReason stop = core::StopReason::None;
  std::vector<core::Diagnostic> diags;
  std::vector<core::PrintedText> printed;  // the kernel's printf / assert output
  bool interrupted = false;
};

// Runs until the program finishes or stops, `maxSteps` run, or Ctrl-C (with
// its own SigintGuard).
RunOutcome runToEnd(core::Engine& engine, std::uint64_t maxSteps);

// The message for an exhausted step budget, with where every lane stands.
core::Diagnostic stepBudgetDiagnostic(const core::Engine& engine, std::uint64_t steps);

}  // namespace ws::cli
