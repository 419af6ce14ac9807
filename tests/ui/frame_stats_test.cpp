// The front ends' frame-time statistics.
#include <gtest/gtest.h>

#include "ui/session/frame_stats.hpp"

namespace ws::ui {
namespace {

TEST(FrameStats, MeanPercentilesAndFps) {
  std::vector<double> ms;
  for (int i = 1; i <= 100; ++i) ms.push_back(i);  // 1..100 ms
  const FrameStats s = frameStats(ms);
  EXPECT_EQ(s.frames, 100u);
  EXPECT_DOUBLE_EQ(s.meanMs, 50.5);
  EXPECT_DOUBLE_EQ(s.p50Ms, 50);
  EXPECT_DOUBLE_EQ(s.p99Ms, 99);
  EXPECT_DOUBLE_EQ(s.maxMs, 100);
  EXPECT_NEAR(s.fps, 1000.0 / 50.5, 1e-9);
  EXPECT_EQ(frameStats({}).frames, 0u);
  EXPECT_EQ(formatFrameStats(frameStats({4, 4})), "frames 2  mean 4.00 ms  p50 4.00 ms  p99 4.00 ms  max 4.00 ms  fps 250.0");
}

TEST(FrameStats, ThreadCpuTimeAdvancesWithWork) {
  const double before = threadCpuMs();
  volatile double x = 0;
  for (int i = 0; i < 20'000'000; ++i) x = x + 1e-9 * i;
  EXPECT_GT(threadCpuMs(), before);
}

}  // namespace
}  // namespace ws::ui
