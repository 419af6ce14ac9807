// The listing beside its CUDA source: .loc lines resolve to the text of the
// .cu file, found at its recorded path or by name in a search directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/ui/ui_test_util.hpp"
#include "ui/source_cache.hpp"

namespace ws::ui {
namespace {

TEST(SourceCache, RecordedPathThenSearchDirectories) {
  const std::string dir = ::testing::TempDir() + "/ws_ui_sources";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/k.cu") << "line one\r\nline two\n";
  SourceCache c;
  EXPECT_EQ(c.line("/nonexistent/build/machine/k.cu", 2), std::nullopt);  // cached as missing
  SourceCache d;
  d.addSearchDir(dir);
  EXPECT_EQ(d.line("/nonexistent/build/machine/k.cu", 1), "line one");
  EXPECT_EQ(d.line("/nonexistent/build/machine/k.cu", 2), "line two");
  EXPECT_EQ(d.line("/nonexistent/build/machine/k.cu", 3), std::nullopt);
  EXPECT_EQ(d.line(dir + "/k.cu", 0), std::nullopt);
}

TEST(Listing, CudaLinesBesideThePtx) {
  core::LaunchConfig cfg;
  cfg.entry = "features";
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(4096, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(4096, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1), core::ParamValue::scalar(32)};
  cfg.dynamicSharedBytes = 256;
  auto s = test::ui::session(test::ui::slurp(WS_TEST_DATA "/ptx/features.ptx"), cfg);
  ASSERT_TRUE(s);
  s->addSourceSearchDir(WS_TEST_DATA "/ptx");
  s->seek(4);  // the four instructions before it
  const ListingView& l = s->views().listing;
  const ListingLine* tid = nullptr;
  for (const auto& ln : l.lines)
    if (ln.text.find("mov.u32 \t%r1, %tid.x;") != std::string::npos) tid = &ln;
  ASSERT_NE(tid, nullptr);
  EXPECT_EQ(tid->cuda, "features.cu:37");
  EXPECT_EQ(tid->cudaText, "  int t = threadIdx.x;");
  EXPECT_EQ(tid->tooltip, "mov: d = a (also packs {lo, hi} or unpacks into a vector)");
  EXPECT_EQ(tid->lanesHere, 0xffffffffu);  // the next instruction of every lane
}

}  // namespace
}  // namespace ws::ui
