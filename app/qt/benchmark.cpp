#include "app/qt/benchmark.hpp"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <numeric>
#include <vector>

#include <fmt/format.h>

#include "app/qt/lane_canvas.hpp"
#include "app/qt/main_window.hpp"

namespace ws::qt {

std::string FrameStats::text() const {
  return fmt::format("frames {}  mean {:.2f} ms  p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms  fps {:.1f}", frames, meanMs,
                     p50Ms, p99Ms, maxMs, fps);
}

FrameStats runBenchmark(MainWindow& w, int frames) {
  FrameStats st;
  ui::Session* s = w.session();
  if (!s || frames <= 0) return st;
  w.canvas()->setAnimated(false);
  std::vector<double> ms;
  ms.reserve(static_cast<std::size_t>(frames));
  QElapsedTimer t;
  for (int i = 0; i < frames; ++i) {
    t.start();
    // One frame: a step (or back to the start), every panel updated, the window painted.
    if (s->finished()) s->seek(0);
    else s->step(core::StepUnit::Step);
    w.repaint();
    QApplication::processEvents();
    ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  st.frames = frames;
  st.meanMs = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  auto pct = [&](double p) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * static_cast<double>(sorted.size())))]; };
  st.p50Ms = pct(0.50);
  st.p99Ms = pct(0.99);
  st.maxMs = sorted.back();
  st.fps = st.meanMs > 0 ? 1000.0 / st.meanMs : 0;
  return st;
}

}  // namespace ws::qt
