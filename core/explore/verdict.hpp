#pragma once
// Whether one schedule's run failed, and what it ended in. A run fails with
// an error or undefined behaviour reported (a race, a hang, a deadlock, a
// trap, the step budget) that the scenario does not expect, with an
// [expect] not met, or, where the scenario expects nothing, with final
// buffers other than the policy's schedule left.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::core::explore {

struct Failure {
  enum class Kind : std::uint8_t { Diagnostic, Stop, Expectation, Differs };
  Kind kind = Kind::Diagnostic;
  DiagKind diag = DiagKind::Unsupported;  // Diagnostic
  StopReason stop = StopReason::None;     // Stop
  std::string what;                       // one line: what went wrong
  // The same failure for shrinking: the same kind (and diagnostic or stop).
  bool sameAs(const Failure& o) const {
    return kind == o.kind && (kind != Kind::Diagnostic || diag == o.diag) && (kind != Kind::Stop || stop == o.stop);
  }
};

// The launch buffers the policy's schedule left (what other schedules are
// compared with where the scenario expects nothing).
struct Reference {
  std::vector<std::vector<std::uint8_t>> buffers;
};
Reference referenceOf(const Engine& e, const PreparedScenario& p);

// A fingerprint of how a run ended: its launch buffers and stop reason.
std::uint64_t finalState(const Engine& e, const PreparedScenario& p, StopReason stop);

std::optional<Failure> judge(const Scenario& s, const PreparedScenario& p, const Engine& e, const RunResult& r,
                             const Reference* ref);

}  // namespace ws::core::explore
