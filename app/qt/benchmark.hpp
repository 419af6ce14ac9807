#pragma once
// --benchmark-frames: autoplay the open scenario one step per frame, painting
// every frame synchronously, and report frame times (the performance table's
// numbers). At the end of the launch it starts again from step 0.
#include <string>

#include "ui/session/frame_stats.hpp"

namespace ws::qt {

class MainWindow;

struct BenchmarkResult {
  ui::FrameStats wall;  // each frame's wall time
  ui::FrameStats cpu;   // the CPU time the GUI thread (which paints, raster) spent on it
  std::string text() const;  // two lines for the terminal
};

BenchmarkResult runBenchmark(MainWindow& w, int frames);

}  // namespace ws::qt
