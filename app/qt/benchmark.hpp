#pragma once
// --benchmark-frames: autoplay the open scenario one step per frame, painting
// every frame synchronously, and report frame times (the performance table's
// numbers). At the end of the launch it starts again from step 0.
#include <string>

namespace ws::qt {

class MainWindow;

struct FrameStats {
  int frames = 0;
  double meanMs = 0, p50Ms = 0, p99Ms = 0, maxMs = 0, fps = 0;
  std::string text() const;  // one line for the terminal
};

FrameStats runBenchmark(MainWindow& w, int frames);

}  // namespace ws::qt
