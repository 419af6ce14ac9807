#pragma once
// Checking a finished run against a scenario's [expect] section: final
// buffers and registers word by word, diagnostics by kind/lanes/count/line,
// what the kernel printed, and how the run stopped. For tests and autograding.
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::core {

struct ExpectationReport {
  std::size_t checked = 0;             // expectations evaluated
  std::vector<std::string> failures;   // "file:line:col: what differs", one per failed expectation
  bool ok() const { return failures.empty(); }
};

bool hasExpectations(const Scenario& s);

// `stop` and `diags` are the run's outcome (RunResult or a history's).
ExpectationReport checkExpectations(const Scenario& s, const PreparedScenario& p, const Engine& engine,
                                    StopReason stop, const std::vector<Diagnostic>& diags,
                                    const std::vector<PrintedText>& printed);

}  // namespace ws::core
