#pragma once
// Frame-time statistics for the front ends' --benchmark-frames: mean,
// median, p99 and the frame rate the mean gives, of the wall time of each
// frame and (on machines shared with other work, the steadier figure) of the
// CPU time the drawing thread spent on it.
#include <string>
#include <vector>

namespace ws::ui {

struct FrameStats {
  std::size_t frames = 0;
  double meanMs = 0, p50Ms = 0, p99Ms = 0, maxMs = 0, fps = 0;
};

// Percentiles by the nearest-rank method over the given frame times (ms).
FrameStats frameStats(std::vector<double> frameMs);
// "frames 600  mean 4.12 ms  p50 4.01 ms  p99 6.80 ms  max 9.10 ms  fps 242.7"
std::string formatFrameStats(const FrameStats& s);

// CPU time the calling thread has used, in milliseconds.
double threadCpuMs();

}  // namespace ws::ui
