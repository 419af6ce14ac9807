// The listing beside its CUDA source: .loc lines resolve to the text of the
// .cu file, found at its recorded path or by name in a search directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/ui/ui_test_util.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/frame/source_cache.hpp"
#include "tests/support/test_paths.hpp"

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
  auto s = test::ui::session(test::ui::slurp(ws::test::dataPath("/ptx/features.ptx")), cfg);
  ASSERT_TRUE(s);
  s->addSourceSearchDir(ws::test::dataPath("/ptx"));
  s->seek(4);  // the four instructions before it
  const ListingView& l = s->views().listing;
  const ListingLine* tid = nullptr;
  for (const auto& ln : l.lines)
    if (ln.text.find("mov.u32 \t%r1, %tid.x;") != std::string::npos) tid = &ln;
  ASSERT_NE(tid, nullptr);
  EXPECT_EQ(tid->cuda, "features.cu:37");
  EXPECT_EQ(tid->cudaText, "  int t = threadIdx.x;");
  EXPECT_EQ(tid->tooltip, "mov: d = a (also packs {lo, hi} or unpacks into a vector; .v2/.v4 copy vectors element by element)");
  EXPECT_EQ(tid->lanesHere, 0xffffffffu);  // the next instruction of every lane
}

// A scenario's PTX names the .cu file by the path of the machine that ran
// nvcc; a bundled lesson keeps the .cu beside its .ptx, where the listing of a
// session loaded from the scenario must find it.
TEST(Listing, ScenarioFindsTheCudaFileBesideItsPtx) {
  const std::string dir = ::testing::TempDir() + "/ws_ui_scenario_cuda";
  std::filesystem::create_directories(dir);
  std::string ptx = test::ui::slurp(ws::test::dataPath("/ptx/features.ptx"));
  const std::string recorded = ".file\t1 \"";
  const std::size_t at = ptx.find(recorded);
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = ptx.find('"', at + recorded.size());
  ptx.replace(at + recorded.size(), end - at - recorded.size(), "/nonexistent/build/machine/features.cu");
  std::ofstream(dir + "/features.ptx") << ptx;
  std::ofstream(dir + "/features.cu") << test::ui::slurp(ws::test::dataPath("/ptx/features.cu"));
  std::ofstream(dir + "/lesson.toml") << R"(format = 1
title = "Features"
[program]
ptx_file = "features.ptx"
[launch]
entry = "features"
block = 32
dynamic_shared = 256
[[param]]
buffer = "in"
fill = { value = 0, count = 1024 }
[[param]]
buffer = "out"
fill = { value = 0, count = 1024 }
[[param]]
scalar = "n"
type = "u32"
value = 32
)";
  auto made = loadScenarioSession(dir + "/lesson.toml");
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Session>>(made)) << std::get<std::string>(made);
  auto& s = *std::get<std::unique_ptr<Session>>(made);
  s.seek(4);
  const ListingLine* tid = nullptr;
  for (const auto& ln : s.views().listing.lines)
    if (ln.text.find("mov.u32 \t%r1, %tid.x;") != std::string::npos) tid = &ln;
  ASSERT_NE(tid, nullptr);
  EXPECT_EQ(tid->cuda, "features.cu:37");
  EXPECT_EQ(tid->cudaText, "  int t = threadIdx.x;");
}

}  // namespace
}  // namespace ws::ui
