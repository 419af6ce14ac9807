// warpscope-cli refuses out-of-range options with a message a person can
// read (issue 27): ranges in words, no silent wrap-around of 2^64, unknown
// theme names and negative or out-of-launch focus options named.
#include <gtest/gtest.h>

#include "tests/cli/cli_test_util.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;

const char* const kTiny = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry tiny()
{
	ret;
}
)";

TEST(CliOptions, MaxStepsSaysItsRangeInDigitsAndRefusesTwoToTheSixtyFour) {
  Dir d;
  const std::string k = d.write("tiny.ptx", kTiny);
  for (const std::string& bad : {std::string("0"), std::string("18446744073709551616"), std::string("-1"),
                                 std::string("1e3"), std::string("")}) {
    auto r = cli({"run", k, "--max-steps", bad});
    EXPECT_EQ(r.code, 2) << bad << r.out << r.err;
    EXPECT_TRUE(contains(r.err, "is not a whole number between 1 and 18446744073709551615")) << bad << r.err;
    EXPECT_LT(r.err.size(), 400u) << r.err;  // no 309-digit bound of a double
  }
  EXPECT_EQ(cli({"run", k, "--max-steps", "18446744073709551615"}).code, 0);
}

TEST(CliOptions, AnUnknownThemeIsRefusedWithTheThemesThereAre) {
  Dir d;
  const std::string k = d.write("tiny.ptx", kTiny);
  auto r = cli({"render", k, "--theme", "neon", "-o", d.file("x.svg")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "'neon' is not a theme: choose light, dark, projector, or a theme .toml file")) << r.err;
  EXPECT_EQ(cli({"render", k, "--theme", "dark", "-o", d.file("y.svg")}).code, 0);
}

TEST(CliOptions, FocusOptionsOutOfRangeAreRefused) {
  Dir d;
  const std::string k = d.write("tiny.ptx", kTiny);
  const std::string svg = d.file("x.svg");
  auto warp = cli({"render", k, "--warp", "-5", "-o", svg});
  EXPECT_EQ(warp.code, 2) << warp.err;
  EXPECT_TRUE(contains(warp.err, "--warp")) << warp.err;
  EXPECT_TRUE(contains(warp.err, "'-5' is not a whole number between 0 and 4294967295")) << warp.err;
  auto lane = cli({"render", k, "--lane", "32", "-o", svg});
  EXPECT_EQ(lane.code, 2);
  EXPECT_TRUE(contains(lane.err, "'32' is not a whole number between 0 and 31")) << lane.err;
  auto step = cli({"render", k, "--step", "-1", "-o", svg});
  EXPECT_EQ(step.code, 2);
  EXPECT_TRUE(contains(step.err, "'-1' is not a whole number between 0 and 18446744073709551615")) << step.err;
  auto from = cli({"trace", k, "--from", "-3"});
  EXPECT_EQ(from.code, 2);
  EXPECT_TRUE(contains(from.err, "'-3' is not a whole number")) << from.err;
  // A warp beyond the launch is refused once the launch is known.
  auto beyond = cli({"render", k, "--warp", "7", "-o", svg});
  EXPECT_EQ(beyond.code, 2);
  EXPECT_TRUE(contains(beyond.err, "--warp 7 is not a warp of the launch: its warps are 0 to 0")) << beyond.err;
}

}  // namespace
