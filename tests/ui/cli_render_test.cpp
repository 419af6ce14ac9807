// warpscope-cli render, end to end: SVG and PNG files of a chosen step, a
// range of steps into a directory, and its errors. Runs the built binary.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/ui/ui_test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;

struct Dir {
  fs::path path = fs::path(::testing::TempDir()) / ("ws-render-" + std::to_string(::getpid()));
  Dir() { fs::create_directories(path); }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& n) const { return (path / n).string(); }
};

int run(const std::string& args, std::string* out = nullptr) {
  const std::string cmd = ws::test::cliPath() + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  std::string text;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) text.append(buf, n);
  const int status = pclose(p);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Buffer files with the H100 inputs of a golden test.
std::string goldenArgs(const Dir& d, const std::string& name) {
  const auto j = nlohmann::json::parse(ws::test::ui::slurp(ws::test::dataPath("/golden/golden-h100.json")));
  for (const auto& t : j["tests"]) {
    if (t["name"] != name) continue;
    std::ofstream(d / (name + ".in.json")) << t["in"].dump();
    std::ofstream(d / (name + ".out.json")) << t["out_init"].dump();
    std::string a = ws::test::dataPath("/golden/kernels.ptx") + " --entry " + name + " --buffer " + d / (name + ".in.json") +
                    " --buffer " + d / (name + ".out.json") + " --grid " + std::to_string(t["grid"].get<int>());
    if (t["cluster"].get<int>()) a += " --cluster " + std::to_string(t["cluster"].get<int>());
    return a;
  }
  ADD_FAILURE() << name;
  return {};
}

TEST(CliRender, SvgOfTheFirstButterfly) {
  Dir d;
  std::string out;
  ASSERT_EQ(run("render " + goldenArgs(d, "pub_shfl_modes") + " --until shfl.sync.bfly -o " + d / "bfly.svg", &out), 0) << out;
  EXPECT_EQ(out, d / "bfly.svg" + "\n");
  const std::string svg = ws::test::ui::slurp(d / "bfly.svg");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("class=\"flow shuffle\" data-from=\"lane4\" data-to=\"lane5\""), std::string::npos);
  EXPECT_NE(svg.find("shfl.sync.bfly.b32 %r6, %r17, 1, 0x1f, 0xffffffff"), std::string::npos);
}

TEST(CliRender, PngThroughQt) {
  Dir d;
  std::string out;
  const int rc = run("render " + goldenArgs(d, "pub_vote_full") + " --until vote.sync.ballot --theme projector -o " + d / "ballot.png", &out);
  if (rc == 2 && out.find("built without it") != std::string::npos) GTEST_SKIP() << "built without Qt";
  ASSERT_EQ(rc, 0) << out;
  std::ifstream f(d / "ballot.png", std::ios::binary);
  unsigned char h[24] = {};
  f.read(reinterpret_cast<char*>(h), 24);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(h + 1), 3), "PNG");
  const auto width = (h[16] << 24) | (h[17] << 16) | (h[18] << 8) | h[19];
  const auto height = (h[20] << 24) | (h[21] << 16) | (h[22] << 8) | h[23];
  EXPECT_GT(width, 2500);   // 32 lanes at projector size
  EXPECT_GT(height, 600);
}

TEST(CliRender, RangeOfStepsIntoADirectory) {
  Dir d;
  std::string out;
  ASSERT_EQ(run("render " + goldenArgs(d, "pub_red_async_add") + " --steps 3:5 --all-warps -o " + d / "seq", &out), 0) << out;
  for (int s = 3; s <= 5; ++s) EXPECT_TRUE(fs::exists(d / ("seq/step-00000" + std::to_string(s) + ".svg"))) << s;
  EXPECT_FALSE(fs::exists(d / "seq/step-000006.svg"));
}

TEST(CliRender, Errors) {
  Dir d;
  std::string out;
  const std::string args = goldenArgs(d, "pub_shfl_modes");
  EXPECT_EQ(run("render " + args + " -o " + d / "x.jpg", &out), 2);
  EXPECT_NE(out.find("must end in .svg or .png"), std::string::npos) << out;
  EXPECT_EQ(run("render " + args + " --step 100000 -o " + d / "x.svg", &out), 1);
  EXPECT_NE(out.find("there is no step 100000"), std::string::npos) << out;
  EXPECT_EQ(run("render " + args + " --until nosuchop -o " + d / "x.svg", &out), 1);
  EXPECT_EQ(run("render " + args + " --steps 5:2 -o " + d / "seq", &out), 2);
  EXPECT_EQ(run("render " + args + " --theme " + d / "missing.toml -o " + d / "x.svg", &out), 2);
}

}  // namespace
