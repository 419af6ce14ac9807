#pragma once
#include <cstdint>

#include <CLI/CLI.hpp>

#include "app/common/input.hpp"

namespace ws::cli {

struct TraceOptions {
  ui::LaunchRequest in = app::headlessRequest();
  std::uint64_t from = 0;
  std::uint64_t to = UINT64_MAX;
  bool hash = false;  // print only the end line, with the trace's and the final state's hashes
};

void addTraceCommand(CLI::App& app, TraceOptions& o);
int traceCommand(const TraceOptions& o);

}  // namespace ws::cli
