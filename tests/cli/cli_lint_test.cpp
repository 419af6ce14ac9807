// `warpscope-cli lint`: findings as file:line:col lines and JSON, exit
// status 1 when a note is wrong, 0 when every note is right, 2 when a file
// does not load; and the trace's step numbers are the ones a note gives.
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_test_util.hpp"

namespace ws::test::cli {
namespace {

constexpr const char* kLesson = R"(format = 1
title = "two steps"

[program.snippet]
code = '''
mov.u32 %r2, 5;
add.u32 %r3, %r2, %r1;
'''
lanes = 32

[program.snippet.init]
"%r1" = "lane"
)";

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(CliLint, ReportsAWrongNoteWithItsPosition) {
  Dir d;
  // Written with the trace's old numbering (the first instruction as step 0).
  const std::string path = d.write("l.toml", std::string(kLesson) + R"(
[[narration]]
step = 1
text = "`add.u32`: lane 3 gets `%r3` = 8."
)");
  auto r = cli({"lint", path});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(contains(r.out, path + ":14:1: instruction-mismatch: the note opens with `add.u32`, but the instruction "
                                     "that ran at step 1 is `mov.u32 %r2, 5`")) << r.out;
  EXPECT_TRUE(contains(r.out, path + ":14:1: register-unwritten: \"`%r3` = 8\": at step 1, lane 3 of warp 0 has not written `%r3` yet")) << r.out;
  EXPECT_TRUE(contains(r.err, "2 findings in 1 file")) << r.err;

  auto j = cli({"lint", path, "--json"});
  EXPECT_EQ(j.code, 1);
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["findings"], 2);
  const auto& f = doc["files"][0];
  EXPECT_EQ(f["file"], path);
  EXPECT_EQ(f["notes"], 1);
  EXPECT_EQ(f["steps"], 3);  // mov, add, the exit
  EXPECT_EQ(f["stop"], "finished");
  EXPECT_EQ(f["findings"][0]["rule"], "instruction-mismatch");
  EXPECT_EQ(f["findings"][0]["line"], 14);
  EXPECT_EQ(f["findings"][0]["col"], 1);
  EXPECT_EQ(f["findings"][0]["block"], "narration[0]");
}

TEST(CliLint, TheStepTraceGivesIsTheStepANoteTakes) {
  Dir d;
  const std::string plain = d.write("plain.toml", kLesson);
  // The trace line of the add says its step: a note at that step passes.
  auto t = cli({"trace", plain});
  ASSERT_EQ(t.code, 0) << t.err;
  std::istringstream lines(t.out);
  std::string line;
  std::uint64_t addStep = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    if (j.contains("text") && j["text"].get<std::string>().rfind("add.u32", 0) == 0) addStep = j["step"];
  }
  ASSERT_EQ(addStep, 2u);
  const std::string path = d.write("l.toml", std::string(kLesson) + "\n[[narration]]\nstep = " + std::to_string(addStep) +
                                                 "\ntext = \"`add.u32`: lane 3 gets `%r3` = 8.\"\n");
  auto r = cli({"lint", path, plain});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_TRUE(contains(r.err, "0 findings in 2 files")) << r.err;
}

TEST(CliLint, AFileThatDoesNotLoadIsABadInput) {
  Dir d;
  const std::string bad = d.write("bad.toml", "format = 1\n[program]\nptx = 3\n");
  auto r = cli({"lint", bad});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "bad.toml")) << r.err;
  EXPECT_EQ(cli({"lint"}).code, 2);
  EXPECT_TRUE(contains(cli({"lint", "--help"}).out, "the first instruction")) << cli({"lint", "--help"}).out;
}

}  // namespace
}  // namespace ws::test::cli
