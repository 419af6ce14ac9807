// warpscope-cli on hostile and stuck inputs: deadlocks say what every lane
// waits for, device files and oversized launches get a message instead of a
// hang or an out-of-memory end, and `trace --hash` is the same on every run.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_test_util.hpp"
#include "tests/kernels/crossed_barriers.hpp"
#include "tests/kernels/spin.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;

const std::string kCrossedBarriers = ws::test::kCrossedBarriersPtx;

// Lanes 0-15 shuffle and lanes 16-31 vote, each with a full membermask: both
// wait for the other half, at another instruction.
const std::string kSplitCollectives = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry split()
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, %laneid;
	setp.ge.u32 %p1, %r1, 16;
	@%p1 bra $L_b;
	shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
	ret;
$L_b:
	vote.sync.ballot.b32 %r3, %p1, -1;
	ret;
}
)";

TEST(CliReliability, ADeadlockListsWhatEveryLaneWaitsFor) {
  Dir d;
  const std::string k = d.write("crossed.ptx", kCrossedBarriers);
  auto r = cli({"run", k, "--block", "64"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "deadlock")) << r.out;
  EXPECT_TRUE(contains(r.err, "every live lane is waiting")) << r.err;
  EXPECT_TRUE(contains(r.err, "\n  CTA 0 warp 0 lanes 0-31: waits at barrier 0 (line 14: bar.sync 0, 64;): 32 of 64 "
                              "threads arrived\n"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "\n  CTA 0 warp 1 lanes 0-31: waits at barrier 1 (line 11: bar.sync 1, 64;): 32 of 64 "
                              "threads arrived\n"))
      << r.err;
  // The same report in JSON and in the trace's last step.
  auto j = nlohmann::json::parse(cli({"run", k, "--block", "64", "--json"}).out);
  EXPECT_EQ(j["stop"], "deadlock");
  ASSERT_FALSE(j["diagnostics"].empty());
  EXPECT_TRUE(contains(j["diagnostics"].back().dump(), "waits at barrier 1")) << j.dump(1);
  auto t = cli({"trace", k, "--block", "64"});
  EXPECT_EQ(t.code, 1);
  EXPECT_TRUE(contains(t.out, "waits at barrier 0")) << t.out;
  EXPECT_TRUE(contains(t.out, "\"stop\":\"deadlock\"")) << t.out;
}

TEST(CliReliability, ACollectiveWaitingForLanesThatWaitElsewhereNamesBoth) {
  Dir d;
  const std::string k = d.write("split.ptx", kSplitCollectives);
  auto r = cli({"run", k});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "deadlock")) << r.out;
  EXPECT_TRUE(contains(r.err, "split.ptx:11: membermask-never-arrives: lanes 0-15 wait at shfl (line 11) for membermask "
                              "0xffffffff, but lanes 16-31 never arrive with it (lane 16 waits at line 14: "
                              "vote.sync.ballot.b32 %r3, %p1, -1; for membermask 0xffffffff)"))
      << r.err;
}

TEST(CliReliability, ASpinThatCanNeverEndStopsAtTheStepBudgetAndSaysWhere) {
  Dir d;
  const std::string k = d.write("spin.ptx", ws::test::kSpinPtx);
  auto r = cli({"run", k, "--max-steps", "1000"});
  EXPECT_EQ(r.code, 1);
  // The message points at the loop (step 1000 is the bra), and says where every lane is.
  EXPECT_TRUE(contains(r.err, "spin.ptx:10: step-budget: stopped after 1000 steps without finishing")) << r.err;
  EXPECT_TRUE(contains(r.err, "\n  CTA 0 warp 0 lanes 0-31: running at line 10: bra.uni $L_top;\n")) << r.err;
}

TEST(CliReliability, DevicesDirectoriesAndFifosAreRefusedNotRead) {
  Dir d;
  for (const std::string& path : {std::string("/dev/zero"), d.file(""), d.file("fifo.ptx")}) {
    if (path == d.file("fifo.ptx")) {
      ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
    }
    auto r = cli({"run", path});
    EXPECT_EQ(r.code, 2) << path << r.err;
    EXPECT_TRUE(contains(r.err, "not a regular file") || contains(r.err, "is a directory")) << path << r.err;
  }
  // Allowed past the scenario's folder, so the file-kind check is the one that refuses it.
  const std::string s = d.write("dev.toml", "format = 1\n[program]\nptx_file = \"/dev/zero\"\n");
  auto r = cli({"run", s, "--allow-files", "/dev"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "dev.toml:3:12: error: cannot read the PTX file: '/dev/zero' is not a regular file"))
      << r.err;
}

TEST(CliReliability, OversizedLaunchesGetAMessage) {
  Dir d;
  const std::string k = d.write("split.ptx", kSplitCollectives);
  auto grid = cli({"run", k, "--grid", "4294967295,4294967295,4294967295"});
  EXPECT_EQ(grid.code, 2);
  EXPECT_TRUE(contains(grid.err, "the most this engine runs")) << grid.err;
  const std::string regs = d.write("regs.ptx", R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry many()
{
	.reg .b32 %r<1000000>;
	mov.u32 %r1, 1;
	ret;
}
)");
  auto big = cli({"run", regs, "--grid", "64", "--block", "1024"});
  EXPECT_EQ(big.code, 2);
  EXPECT_TRUE(contains(big.err, "of machine state")) << big.err;
}

TEST(CliReliability, TraceHashIsTheSameOnEveryRun) {
  Dir d;
  const std::string k = d.write("split.ptx", kSplitCollectives);
  auto a = cli({"trace", k, "--mode", "hardware", "--hash"});
  auto b = cli({"trace", k, "--mode", "hardware", "--hash"});
  // A shuffle and a vote waiting for each other: what the H100 does there
  // depends on ptxas (docs/hardware-mode.md, rule X2), so hardware mode
  // stops with a deadlock and says so, the same way every time.
  ASSERT_EQ(a.code, 1) << a.out << a.err;
  auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["end"], true);
  EXPECT_EQ(ja["stop"], "deadlock");
  EXPECT_EQ(ja["trace_hash"].get<std::string>().size(), 16u);
  EXPECT_EQ(ja, jb);
  // Another launch of the same module traces differently.
  auto c = nlohmann::json::parse(cli({"trace", k, "--mode", "hardware", "--hash", "--block", "64"}).out);
  EXPECT_NE(c["trace_hash"], ja["trace_hash"]);
  EXPECT_NE(c["state_hash"], ja["state_hash"]);
}

}  // namespace
