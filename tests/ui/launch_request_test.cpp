// The one way in: what ui::openLaunch makes of a request is what every front
// end launches (warpscope-cli, warpscope-imgui and the Qt app fill the same
// LaunchRequest). Buffers from word files, raw bytes, zeros:N and iota:N;
// scalars stored as their declared types; dynamic shared memory; engine
// options over a scenario's; every error with where it comes from.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/scenario/scenario.hpp"
#include "ui/files/launch_request.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

// out[0] = n (.u32), out[1] = bits of x (.f32), out[2..3] = k (.s64),
// out[4] = in[tid] + %dynamic_smem_size, for every thread.
constexpr const char* kScalars = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry scalars(.param .u64 out, .param .u64 inp, .param .u32 n, .param .f32 x, .param .s64 k)
{
  .reg .b32 %r<8>;
  .reg .f32 %f<2>;
  .reg .pred %p<2>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [inp];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [x];
  ld.param.s64 %rd3, [k];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r2, %tid.x;
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra DONE;
  st.global.u32 [%rd1], %r1;
  st.global.f32 [%rd1+4], %f1;
  st.global.u64 [%rd1+8], %rd3;
  ld.global.u32 %r3, [%rd2+4];
  mov.u32 %r4, %dynamic_smem_size;
  add.u32 %r5, %r3, %r4;
  st.global.u32 [%rd1+16], %r5;
DONE:
  ret;
}
.visible .entry other(.param .u64 out) { ret; }
)";

fs::path tempDir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// A directory of its own per test: ctest runs the tests of one executable in
// parallel processes.
struct Fixture {
  fs::path dir = tempDir(std::string("ws_launch_request_") +
                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::path ptx = dir / "scalars.ptx";
  Fixture() { std::ofstream(ptx) << kScalars; }
  LaunchRequest request() const {
    LaunchRequest r;
    r.path = ptx.string();
    r.entry = "scalars";
    return r;
  }
};

std::string error(const LaunchRequest& r) {
  auto o = openLaunch(r);
  return std::holds_alternative<std::string>(o) ? std::get<std::string>(o) : std::string("(opened)");
}

std::vector<std::uint32_t> words(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::uint32_t> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

TEST(LaunchRequest, ScalarsAreStoredAsTheirDeclaredTypes) {
  Fixture f;
  LaunchRequest r = f.request();
  std::ofstream(f.dir / "in.json") << "[7, 40, 9]";
  r.buffers = {"zeros:5", (f.dir / "in.json").string()};
  r.scalars = {"0x2a", "1.5", "-3"};
  r.dynamicSmem = 256;
  auto o = openLaunch(r);
  ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
  OpenedLaunch& l = std::get<OpenedLaunch>(o);
  EXPECT_EQ(l.prepared.launch.dynamicSharedBytes, 256u);
  EXPECT_EQ(l.prepared.options.scheduling, core::WarpScheduling::RoundRobin);  // viewing's default
  auto made = core::createEngine(l.prepared);
  ASSERT_TRUE(std::holds_alternative<core::Engine>(made)) << std::get<std::string>(made);
  core::Engine& e = std::get<core::Engine>(made);
  EXPECT_EQ(e.run(10'000).stop, core::StopReason::Finished);
  const auto out = words(e.buffer(0));
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0], 42u);
  EXPECT_EQ(out[1], std::bit_cast<std::uint32_t>(1.5f));
  EXPECT_EQ(out[2], 0xfffffffdu);  // -3 as .s64, low word
  EXPECT_EQ(out[3], 0xffffffffu);
  EXPECT_EQ(out[4], 40u + 256u);
  EXPECT_EQ(words(e.buffer(1)), (std::vector<std::uint32_t>{7, 40, 9}));
}

// Hex is the parameter's bits, a decimal integer its value: 0x40400000 and 3
// are both 3.0f for an .f32. Two files of one name get two names.
TEST(LaunchRequest, HexIsBitsAndNamesStayUnique) {
  Fixture f;
  fs::create_directories(f.dir / "a");
  fs::create_directories(f.dir / "b");
  std::ofstream(f.dir / "a" / "buf.json") << "[0, 0, 0, 0, 0]";
  std::ofstream(f.dir / "b" / "buf.json") << "[1, 2]";
  for (const char* x : {"0x40400000", "3"}) {
    LaunchRequest r = f.request();
    r.buffers = {(f.dir / "a" / "buf.json").string(), (f.dir / "b" / "buf.json").string()};
    r.scalars = {"7", x, "0xffffffffffffffff"};
    auto o = openLaunch(r);
    ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
    OpenedLaunch& l = std::get<OpenedLaunch>(o);
    ASSERT_EQ(l.scenario.params.size(), 5u);
    EXPECT_EQ(std::get<core::BufferParam>(l.scenario.params[0]).name, "buf");
    EXPECT_EQ(std::get<core::BufferParam>(l.scenario.params[1]).name, "buf_2");
    auto made = core::createEngine(l.prepared);
    ASSERT_TRUE(std::holds_alternative<core::Engine>(made)) << std::get<std::string>(made);
    core::Engine& e = std::get<core::Engine>(made);
    EXPECT_EQ(e.run(10'000).stop, core::StopReason::Finished);
    const auto out = words(e.buffer(0));
    EXPECT_EQ(out[1], std::bit_cast<std::uint32_t>(3.0f)) << x;
    EXPECT_EQ(out[2], 0xffffffffu);
    EXPECT_EQ(out[3], 0xffffffffu);
  }
}

TEST(LaunchRequest, HeadlessRequestsKeepAWarpGoingAndOptionsOverride) {
  Fixture f;
  LaunchRequest r = f.request();
  r.buffers = {"zeros:5", "iota:4"};
  r.scalars = {"1", "2", "3"};
  r.ptxScheduling = core::WarpScheduling::RunToBlock;
  auto o = openLaunch(r);
  ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
  EXPECT_EQ(std::get<OpenedLaunch>(o).prepared.options.scheduling, core::WarpScheduling::RunToBlock);
  r.scheduling = "round-robin";
  r.mode = "hardware";
  r.maxSteps = 77;
  o = openLaunch(r);
  ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
  EXPECT_EQ(std::get<OpenedLaunch>(o).prepared.options.scheduling, core::WarpScheduling::RoundRobin);
  EXPECT_EQ(std::get<OpenedLaunch>(o).prepared.options.mode, core::ExecMode::Hardware);
  EXPECT_EQ(std::get<OpenedLaunch>(o).prepared.maxSteps, 77u);
}

TEST(LaunchRequest, AScenarioKeepsItsLaunchAndTakesEngineOptions) {
  LaunchRequest r;
  r.path = ws::test::dataPath("/qt/shfl-bfly.toml");
  r.mode = "hardware";
  r.scheduling = "run-to-block";
  auto o = openLaunch(r);
  ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
  const OpenedLaunch& l = std::get<OpenedLaunch>(o);
  EXPECT_EQ(l.prepared.options.mode, core::ExecMode::Hardware);
  EXPECT_EQ(l.prepared.options.scheduling, core::WarpScheduling::RunToBlock);
  EXPECT_EQ(l.scenario.engine.options.mode, core::ExecMode::Hardware);  // saved with the document
  EXPECT_FALSE(l.prepared.options.mufu == nullptr);                   // the H100's MUFU tables
  // Launch options do not apply to a scenario: said, not ignored.
  r.grid = "2";
  EXPECT_NE(error(r).find("is a scenario"), std::string::npos) << error(r);
}

TEST(LaunchRequest, ErrorsSayWhatIsWrong) {
  Fixture f;
  LaunchRequest r = f.request();
  r.buffers = {"zeros:5", "iota:4"};
  r.scalars = {"1", "2", "3"};
  LaunchRequest bad = r;
  bad.entry.clear();  // two entries
  EXPECT_NE(error(bad).find("has 2 entries (scalars, other); choose one with --entry"), std::string::npos)
      << error(bad);
  bad = r;
  bad.grid = "2x0";
  EXPECT_NE(error(bad).find("'2x0' is not a dimension"), std::string::npos) << error(bad);
  bad = r;
  bad.block = "1,2,3,4";
  EXPECT_NE(error(bad).find("more than three dimensions"), std::string::npos) << error(bad);
  bad = r;
  bad.buffers[1] = "iota:x";
  EXPECT_NE(error(bad).find("buffer 2: 'iota:x' needs a word count"), std::string::npos) << error(bad);
  bad = r;
  bad.scalars[1] = "one";
  EXPECT_NE(error(bad).find("scalar 2 ('one') is not a number"), std::string::npos) << error(bad);
  bad = r;
  bad.mode = "fast";
  EXPECT_NE(error(bad).find("mode 'fast'"), std::string::npos) << error(bad);
  bad = r;
  bad.buffers[1] = (f.dir / "missing.json").string();
  EXPECT_NE(error(bad).find("missing.json"), std::string::npos) << error(bad);
  bad = r;
  bad.path = (f.dir / "missing.ptx").string();
  EXPECT_NE(error(bad).find("missing.ptx"), std::string::npos) << error(bad);
  // A malformed module: file:line:col.
  std::ofstream(f.dir / "broken.ptx") << ".version 8.0\n.target sm_90\n.visible .entry k() {\n  frobnicate;\n}\n";
  bad = LaunchRequest{};
  bad.path = (f.dir / "broken.ptx").string();
  EXPECT_NE(error(bad).find("broken.ptx:4:"), std::string::npos) << error(bad);
  EXPECT_EQ(error(LaunchRequest{}), "error: no file to open");
}

TEST(LaunchRequest, EntriesOfAModule) {
  Fixture f;
  auto e = ptxEntries(f.ptx.string());
  ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(e)) << std::get<std::string>(e);
  EXPECT_EQ(std::get<std::vector<std::string>>(e), (std::vector<std::string>{"scalars", "other"}));
}

}  // namespace
}  // namespace ws::ui
