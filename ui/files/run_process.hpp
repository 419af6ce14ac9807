#pragma once
// Running a tool (nvcc) to completion from any front end, synchronously,
// with a time limit and its output captured. The process gets its own
// process group so a time-out ends the tool and the children it started
// (nvcc runs cicc and ptxas), not just the driver.
#include <chrono>
#include <string>
#include <vector>

namespace ws::ui {

struct ProcessResult {
  bool started = false;   // false: `error` says why it could not start
  bool timedOut = false;  // killed at the time limit
  int exitCode = -1;      // the exit status when it exited, else -1
  std::string output;     // stdout and stderr interleaved, at most kMaxProcessOutput bytes
  std::string error;
};

// What is kept of a tool's output: enough for any compiler's messages, and
// a bound on what a runaway tool can make us hold.
inline constexpr std::size_t kMaxProcessOutput = 256 << 10;

// argv[0] is the program's path (not searched on the PATH).
ProcessResult runProcess(const std::vector<std::string>& argv, std::chrono::milliseconds limit);

}  // namespace ws::ui
