// Limits instead of exhaustion: launches, modules, buffers and input files
// too large to handle get a message naming the limit, checked before anything
// big is allocated, and never a crash, a hang or an out-of-memory end.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include "core/exec/engine/engine.hpp"
#include "tests/core/scenario_test_util.hpp"
#include "tests/core/test_util.hpp"

namespace ws::core {
namespace {

std::shared_ptr<const Program> program(std::string_view decls, std::string_view regs = ".reg .b32 %r<4>;") {
  const std::string ptx = std::string(".version 8.7\n.target sm_90a\n.address_size 64\n") + std::string(decls) +
                          "\n.visible .entry k(.param .u64 k_out)\n{\n" + std::string(regs) + "\nret;\n}\n";
  auto parsed = parsePtx(ptx, "k.ptx");
  EXPECT_TRUE(parsed.ok()) << (parsed.errors.empty() ? "" : parsed.errors.front().str());
  return std::make_shared<const Program>(std::move(*parsed.program));
}

LaunchConfig launch(Dim3 grid, Dim3 block, std::size_t bufferBytes = 16) {
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = grid;
  cfg.block = block;
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(bufferBytes, 0)});
  cfg.params = {ParamValue::buf(0)};
  return cfg;
}

std::string createError(std::shared_ptr<const Program> p, const LaunchConfig& cfg, const Limits& limits = {}) {
  auto made = Engine::create(std::move(p), cfg, {}, limits);
  auto* e = std::get_if<std::string>(&made);
  return e ? *e : std::string("(no error)");
}

TEST(Limits, GridDimensionsThatOverflowSixtyFourBitsAreRefused) {
  const auto p = program("");
  // 0xffffffff^3 wraps a 64-bit product; it must not slip past the thread limit.
  const std::string e = createError(p, launch({0xffffffffu, 0xffffffffu, 0xffffffffu}, {32, 1, 1}));
  EXPECT_NE(e.find("the most this engine runs"), std::string::npos) << e;
  EXPECT_NE(createError(p, launch({1u << 22, 1, 1}, {2, 1, 1})).find("the most this engine runs"), std::string::npos);
  EXPECT_NE(createError(p, launch({1, 1, 1}, {1025, 1, 1})).find("at most 1024"), std::string::npos);
  EXPECT_NE(createError(p, launch({0, 1, 1}, {32, 1, 1})).find("no zero dimension"), std::string::npos);
}

TEST(Limits, TheWholeMachineStateIsBoundedBeforeItIsAllocated) {
  // 2048 warps of 1,000,000 registers would be about 500 GiB.
  const auto p = program("", ".reg .b32 %r<1000000>;");
  const std::string e = createError(p, launch({64, 1, 1}, {1024, 1, 1}));
  EXPECT_NE(e.find("of machine state"), std::string::npos) << e;
  EXPECT_NE(e.find("2048 warps"), std::string::npos) << e;
  // One warp of it fits.
  EXPECT_EQ(createError(p, launch({1, 1, 1}, {32, 1, 1})), "(no error)");
  // Local memory per thread times many threads.
  const auto local = program(".local .align 8 .b8 big[400000];");
  EXPECT_NE(createError(local, launch({1024, 1, 1}, {1024, 1, 1})).find("of machine state"), std::string::npos);
}

TEST(Limits, TheMachineStateMessageSaysWhoseRegistersItCounts) {
  // Each warp holds the registers of every function in the module (a call
  // keeps its callee's registers in place), so another kernel's 1,000,000
  // registers count for k too; the message says so, with k's own count.
  const auto p = program(".visible .entry big()\n{\n.reg .b32 %big<1000000>;\nret;\n}\n");
  const std::string e = createError(p, launch({64, 1, 1}, {1024, 1, 1}));
  EXPECT_NE(e.find("2048 warps x 1000004 registers: each warp holds the registers of every function in the module, 4 "
                   "of them declared by 'k'"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("or a module of only the kernels you run"), std::string::npos) << e;
}

TEST(Limits, ModuleSegmentsAreBoundedBeforeTheyAreAllocated) {
  EXPECT_NE(createError(program(".global .b8 g[1000000000];"), launch({1, 1, 1}, {32, 1, 1})).find(".global variables"),
            std::string::npos);
  EXPECT_NE(createError(program(".const .b8 c[1000000000];"), launch({1, 1, 1}, {32, 1, 1})).find(".const variables"),
            std::string::npos);
  // Shared memory counts per entry (what the entry uses): sm_90 allows 48 KB
  // of static variables and 227 KB with the dynamic window.
  const std::string big = createError(program("", ".reg .b32 %r<4>;\n.shared .b8 s[300000];"), launch({1, 1, 1}, {32, 1, 1}));
  EXPECT_NE(big.find("300000 bytes of static shared memory"), std::string::npos) << big;
  EXPECT_EQ(createError(program(".shared .b8 unused[300000];"), launch({1, 1, 1}, {32, 1, 1})), "(no error)");
  LaunchConfig dyn = launch({1, 1, 1}, {32, 1, 1});
  dyn.dynamicSharedBytes = 240000;
  const std::string window = createError(program(".extern .shared .align 16 .b8 d[];"), dyn);
  EXPECT_NE(window.find("needs 240000 bytes of shared memory"), std::string::npos) << window;
  dyn.dynamicSharedBytes = 227 * 1024;
  EXPECT_EQ(createError(program(".extern .shared .align 16 .b8 d[];"), dyn), "(no error)");
}

TEST(Limits, LaunchBuffersAreBoundedOneByOneAndTogether) {
  Limits l;
  l.maxBufferBytes = 1000;
  l.maxTotalBufferBytes = 1500;
  const auto p = program("");
  EXPECT_NE(createError(p, launch({1, 1, 1}, {32, 1, 1}, 1001), l).find("at most 1000"), std::string::npos);
  LaunchConfig two = launch({1, 1, 1}, {32, 1, 1}, 800);
  two.buffers.push_back({"more", std::vector<std::uint8_t>(800, 0)});
  const std::string e = createError(p, two, l);
  EXPECT_NE(e.find("launch buffers hold"), std::string::npos) << e;
}

TEST(Limits, AScenarioWhoseBuffersTogetherAreTooLargeIsRefusedBeforeBuildingThem) {
  // Three buffers of 256 MiB each: the third crosses the 512 MiB total. The
  // check happens on the declared counts, so nothing of this size is built.
  std::string text = "format = 1\n[program]\nptx_file = \"k.ptx\"\n";
  for (int i = 0; i < 3; ++i)
    text += "\n[[param]]\nbuffer = \"b" + std::to_string(i) + "\"\nfill = { value = 0, count = 67108864 }\n";
  const auto r = test::loadText(text, {{"k.ptx", ".version 8.7\n.target sm_90a\n.address_size 64\n"}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(test::errorsText(r.errors).find("t.toml:13:1: error: buffer 'b2' takes the launch buffers past 512 MiB"),
            std::string::npos)
      << test::errorsText(r.errors);
}

TEST(Limits, InputFilesAreReadOnlyWhenTheyAreRegularFilesOfBoundedSize) {
  test::TempDir d;
  std::string err;
  EXPECT_FALSE(readFileCapped("/dev/zero", 1 << 20, err));
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  EXPECT_FALSE(readFileCapped(d.path().string(), 1 << 20, err));
  EXPECT_NE(err.find("is a directory"), std::string::npos) << err;
  ASSERT_EQ(mkfifo(d.file("fifo").c_str(), 0600), 0);
  EXPECT_FALSE(readFileCapped(d.file("fifo"), 1 << 20, err));  // must not block waiting for a writer
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  EXPECT_FALSE(readFileCapped(d.file("missing"), 1 << 20, err));
  EXPECT_NE(err.find("no such file"), std::string::npos) << err;
  d.write("small", "12345");
  EXPECT_EQ(readFileCapped(d.file("small"), 5, err), "12345");
  EXPECT_FALSE(readFileCapped(d.file("small"), 4, err));
  EXPECT_NE(err.find("not read"), std::string::npos) << err;

  // A scenario file over its limit (sparse: no disk space used) is refused by size.
  d.write("big.toml", "");
  ASSERT_EQ(truncate(d.file("big.toml").c_str(), static_cast<off_t>(kMaxScenarioFileBytes + 1)), 0);
  const ScenarioLoad l = loadScenarioFile(d.file("big.toml"));
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_NE(l.errors[0].message.find("larger than 16 MiB"), std::string::npos) << l.errors[0].message;
}

}  // namespace
}  // namespace ws::core
