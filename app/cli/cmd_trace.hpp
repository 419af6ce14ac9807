#pragma once
#include <cstdint>

#include <CLI/CLI.hpp>

#include "app/common/input.hpp"

namespace ws::cli {

// What a trace may write. A step line is about 1.6 KB on a full warp, so a
// trace of JSON lines gets its own step budget when neither --max-steps nor
// the scenario's engine.max_steps sets one (about 320 MB), and never writes
// more than kTraceMaxLines step lines whatever the budget (about 3.2 GB).
// --hash writes one line, so it keeps the run's budget and has no line cap.
inline constexpr std::uint64_t kTraceDefaultMaxSteps = 200'000;
inline constexpr std::uint64_t kTraceMaxLines = 2'000'000;

struct TraceOptions {
  ui::LaunchRequest in = app::headlessRequest();
  std::uint64_t from = 0;            // steps counted from 1, as the viewers count (stepNumber): 0 and 1 both print from the first
  std::uint64_t to = UINT64_MAX;
  bool hash = false;  // print only the end line, with the trace's and the final state's hashes
};

void addTraceCommand(CLI::App& app, TraceOptions& o);
int traceCommand(const TraceOptions& o);

}  // namespace ws::cli
