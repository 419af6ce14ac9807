#include "ui/session/frame_stats.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <numeric>

#include <fmt/format.h>

namespace ws::ui {

FrameStats frameStats(std::vector<double> ms) {
  FrameStats s;
  s.frames = ms.size();
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  auto rank = [&](double q) {
    const auto r = static_cast<std::size_t>(std::ceil(q * static_cast<double>(ms.size())));
    return ms[std::min(ms.size(), std::max<std::size_t>(r, 1)) - 1];
  };
  s.meanMs = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  s.p50Ms = rank(0.50);
  s.p99Ms = rank(0.99);
  s.maxMs = ms.back();
  s.fps = s.meanMs > 0 ? 1000.0 / s.meanMs : 0;
  return s;
}

std::string formatFrameStats(const FrameStats& s) {
  return fmt::format("frames {}  mean {:.2f} ms  p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms  fps {:.1f}", s.frames,
                     s.meanMs, s.p50Ms, s.p99Ms, s.maxMs, s.fps);
}

double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

}  // namespace ws::ui
