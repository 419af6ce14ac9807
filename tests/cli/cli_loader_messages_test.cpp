// What warpscope-cli says when a module cannot be launched as asked: no
// kernel to run, too many to list, a module past a parse limit (issue 27).
#include <gtest/gtest.h>

#include "tests/cli/cli_test_util.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;

const std::string kHead = ".version 8.7\n.target sm_90a\n.address_size 64\n";

TEST(CliLoaderMessages, AModuleWithoutAnEntrySaysSo) {
  Dir d;
  const std::string k = d.write("kernels.ptx", kHead + ".func f()\n{\nret;\n}\n");
  for (const char* cmd : {"run", "trace", "check"}) {
    const auto r = cli({cmd, k});
    EXPECT_EQ(r.code, 2) << cmd << r.err;
    EXPECT_TRUE(contains(r.err, "kernels.ptx declares no .entry kernel: nothing to launch")) << cmd << r.err;
    EXPECT_FALSE(contains(r.err, "0 entries")) << r.err;
  }
}

TEST(CliLoaderMessages, ALongListOfEntriesIsCapped) {
  // 200,000 entries made a 1.69 MB message; it lists 8 and counts the rest.
  Dir d;
  std::string ptx = kHead;
  for (int i = 0; i < 200'000; ++i) ptx += ".visible .entry k" + std::to_string(i) + "()\n{\nret;\n}\n";
  const auto r = cli({"run", d.write("many.ptx", ptx)});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err,
                       "has 200,000 entries (k0, k1, k2, k3, k4, k5, k6, k7, ... and 199,992 more); choose "
                       "one with --entry"))
      << r.err.substr(0, 400);
  EXPECT_LT(r.err.size(), 400u);
}

TEST(CliLoaderMessages, AModuleOverTheInstructionLimitNamesItWhereItIsHit) {
  // 2,000,000 instructions load (the limit); the next is refused at its line.
  Dir d;
  std::string body;
  body.reserve(2'000'001 * 5);
  for (int i = 0; i < 2'000'000; ++i) body += "ret;\n";
  const std::string head = kHead + ".visible .entry k()\n{\n";
  const auto ok = cli({"unsupported", d.write("at.ptx", head + body + "}\n")});
  EXPECT_EQ(ok.code, 0) << ok.err.substr(0, 400);
  const auto over = cli({"unsupported", d.write("over.ptx", head + body + "ret;\n}\n")});
  EXPECT_EQ(over.code, 2);
  EXPECT_TRUE(contains(over.err,
                       "over.ptx:2000006:1: error: the module has more than 2,000,000 instructions, the "
                       "most warpscope loads in one module"))
      << over.err.substr(0, 400);
}

}  // namespace
