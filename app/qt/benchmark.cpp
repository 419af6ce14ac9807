#include "app/qt/benchmark.hpp"

#include <QApplication>
#include <QElapsedTimer>

#include <vector>

#include <fmt/format.h>

#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/main_window.hpp"

namespace ws::qt {

std::string BenchmarkResult::text() const {
  return fmt::format("whole frame: {}\nGUI thread CPU: {}", ui::formatFrameStats(wall), ui::formatFrameStats(cpu));
}

BenchmarkResult runBenchmark(MainWindow& w, int frames) {
  BenchmarkResult r;
  ui::Session* s = w.session();
  if (!s || frames <= 0) return r;
  w.canvas()->setAnimated(false);
  std::vector<double> wall, cpu;
  wall.reserve(static_cast<std::size_t>(frames));
  cpu.reserve(static_cast<std::size_t>(frames));
  QElapsedTimer t;
  for (int i = 0; i < frames; ++i) {
    t.start();
    const double cpu0 = ui::threadCpuMs();
    // One frame: a step (or back to the start), every panel updated, the whole window painted.
    if (s->finished()) s->seek(0);
    else s->step(core::StepUnit::Step);
    w.repaint();
    QApplication::processEvents();
    wall.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    cpu.push_back(ui::threadCpuMs() - cpu0);
  }
  r.wall = ui::frameStats(std::move(wall));
  r.cpu = ui::frameStats(std::move(cpu));
  return r;
}

}  // namespace ws::qt
