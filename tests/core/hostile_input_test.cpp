// Hostile scenario and buffer files (issue 27): whatever a downloaded lesson
// holds, loading it ends in errors with a file:line:col, never in an abort
// or a stack overflow.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/scenario/buffers.hpp"
#include "core/input/read_file.hpp"
#include "core/input/toml_text.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

std::string manyParts(std::size_t n) {
  std::string key = "a";
  for (std::size_t i = 1; i < n; ++i) key += ".a";
  return key;
}

const char* kBufferScenario = R"(format = 1
target = "sm_90a"
[program]
ptx = '''
.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 k_out)
{
ret;
}
'''
[launch]
entry = "k"
[[param]]
buffer = "out"
file = "out.json"
)";

TEST(HostileInput, AJsonNumberThatOverflowsADoubleIsAnErrorWithItsPosition) {
  std::vector<LoadError> errors;
  EXPECT_FALSE(parseWordsJson("[1,\n  1e400]", "b.json", WordType::F32, errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].str().substr(0, 12), "b.json:2:3: ") << errors[0].str();
  EXPECT_NE(errors[0].message.find("number overflow"), std::string::npos) << errors[0].message;

  // The same from a scenario's `file =`.
  const ScenarioLoad l = test::loadText(kBufferScenario, {{"out.json", "[1e400]"}});
  EXPECT_FALSE(l.ok());
  EXPECT_NE(test::errorsText(l.errors).find("out.json:1:2: error: not valid JSON: number overflow"),
            std::string::npos)
      << test::errorsText(l.errors);
}

TEST(HostileInput, EveryJsonFailureHasAPosition) {
  for (std::string_view bad : {"[1,", "[\"\xff\"]", "[1] 2", "", "{\"words\": [1e999]}", "[-1e400]"}) {
    std::vector<LoadError> errors;
    EXPECT_FALSE(parseWordsJson(bad, "b.json", WordType::U32, errors)) << bad;
    ASSERT_EQ(errors.size(), 1u) << bad;
    EXPECT_GE(errors[0].line, 1u) << bad;
    EXPECT_NE(errors[0].message.find("not valid JSON"), std::string::npos) << errors[0].message;
  }
}

TEST(HostileInput, ADeeplyDottedTomlKeyIsRefusedBeforeTomlPlusPlusSeesIt) {
  // 40,000 parts: about 80 KB, far below the size cap; toml++ overflows the stack on it.
  const std::string key = manyParts(40000);
  for (const std::string& doc : {"format = 1\n" + key + " = 1\n", "format = 1\n[" + key + "]\n",
                                 "format = 1\n[[" + key + "]]\n", "format = 1\nx = { y = { " + key + " = 1 } }\n"}) {
    const ScenarioLoad l = test::loadText(doc);
    ASSERT_EQ(l.errors.size(), 1u);
    EXPECT_EQ(l.errors[0].line, 2u);
    EXPECT_NE(l.errors[0].message.find("more than 64 dotted parts"), std::string::npos) << l.errors[0].message;
  }
}

TEST(HostileInput, TheTomlDepthCheckLeavesValuesAndStringsAlone) {
  const std::string key = manyParts(kMaxTomlKeyParts);
  EXPECT_FALSE(checkTomlDepth(key + " = 1.5\n", "t.toml"));
  EXPECT_TRUE(checkTomlDepth(manyParts(kMaxTomlKeyParts + 1) + " = 1\n", "t.toml"));
  // Dots inside strings and comments are not key parts; quoted parts are.
  const std::string dots(1000, '.');
  EXPECT_FALSE(checkTomlDepth("a = \"" + dots + "\"\nb = '" + dots + "'\n# " + dots + "\n", "t.toml"));
  EXPECT_FALSE(checkTomlDepth("a = \"\"\"\n" + dots + "\n\\\"\"\"\n" + dots + "\"\"\"\nc = '''" + dots + "'''\n",
                              "t.toml"));
  EXPECT_TRUE(checkTomlDepth(manyParts(40) + ".\"q\"." + manyParts(40) + " = 1\n", "t.toml"));
  EXPECT_FALSE(checkTomlDepth("a = [1.5, 2.5, 1979-05-27T07:32:00.999]\n", "t.toml"));
}

// A lesson in its own folder, its PTX beside it, and a "secret" one folder up.
struct Lesson {
  test::TempDir d;
  std::string scenario;
  explicit Lesson(const std::string& bufferFile) {
    std::filesystem::create_directories(d.path() / "lesson");
    d.write("secret.json", "[7]");
    std::string text = kBufferScenario;
    text.replace(text.find("out.json"), 8, bufferFile);
    d.write("lesson/scenario.toml", text);
    d.write("lesson/out.json", "[1]");
    scenario = d.file("lesson/scenario.toml");
  }
};

TEST(HostileInput, AScenarioReadsOnlyInsideItsOwnFolderByDefault) {
  Lesson inside("out.json");
  EXPECT_TRUE(loadScenarioFile(inside.scenario).ok()) << test::errorsText(loadScenarioFile(inside.scenario).errors);
  Lesson up("../secret.json");
  const ScenarioLoad l = loadScenarioFile(up.scenario);
  ASSERT_FALSE(l.ok());
  const std::string text = test::errorsText(l.errors);
  EXPECT_NE(text.find("'../secret.json' is outside the scenario's folder"), std::string::npos) << text;
  EXPECT_NE(text.find("--allow-files"), std::string::npos) << text;
  ASSERT_EQ(l.refusedFiles.size(), 1u);
  EXPECT_TRUE(l.refusedOnlyForAccess());
  const auto real = std::filesystem::canonical(up.d.path() / "secret.json").string();
  EXPECT_EQ(l.refusedFiles[0], real);

  // Absolute paths are refused the same way; allowing the folder lets both in.
  Lesson abs(real);
  EXPECT_FALSE(loadScenarioFile(abs.scenario).ok());
  LoadOptions o;
  o.allowedDirs.push_back(up.d.path().string());
  EXPECT_TRUE(loadScenarioFile(up.scenario, o).ok()) << test::errorsText(loadScenarioFile(up.scenario, o).errors);
  EXPECT_TRUE(loadScenarioFile(abs.scenario, o).ok());
}

TEST(HostileInput, ASymlinkOutOfTheScenarioFolderIsRefused) {
  Lesson l("link.json");
  std::filesystem::create_symlink(l.d.path() / "secret.json", l.d.path() / "lesson" / "link.json");
  const ScenarioLoad r = loadScenarioFile(l.scenario);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(test::errorsText(r.errors).find("outside the scenario's folder"), std::string::npos)
      << test::errorsText(r.errors);
  // Preparing again from the loaded scenario keeps the rule.
  ASSERT_TRUE(r.scenario);
  EXPECT_TRUE(r.scenario->source.confined);
  EXPECT_FALSE(prepareScenario(*r.scenario, scenarioReader(r.scenario->source)).errors.empty());
}

TEST(HostileInput, ANulInAFileNameIsRefusedWhereItIs) {
  // The operating system would read "k.ptx\u0000.txt" as k.ptx: the lesson
  // would load another file than the one it names, silently.
  test::TempDir d;
  d.write("k.ptx", ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 k_out)\n{\nret;\n}\n");
  d.write("out.json", "[1, 2]");
  d.write("ptx.toml", "format = 1\n[program]\nptx_file = \"k.ptx\\u0000.txt\"\n");
  ScenarioLoad r = loadScenarioFile(d.file("ptx.toml"));
  EXPECT_EQ(test::errorsText(r.errors),
            d.file("ptx.toml") + ":3:12: error: program.ptx_file holds a NUL character (\\u0000, after 'k.ptx'): a "
                                 "file name cannot\n");
  d.write("buf.toml", "format = 1\n[program]\nptx_file = \"k.ptx\"\n[[param]]\nbuffer = \"out\"\n"
                      "file = \"out.json\\u0000x\"\n");
  r = loadScenarioFile(d.file("buf.toml"));
  EXPECT_EQ(test::errorsText(r.errors),
            d.file("buf.toml") + ":6:8: error: param[0].file holds a NUL character (\\u0000, after 'out.json'): a "
                                 "file name cannot\n");
  // Every reader refuses such a name, whoever passes it.
  std::string err;
  EXPECT_FALSE(readFileCapped(d.file("k.ptx") + std::string(1, '\0') + ".txt", 1 << 20, err));
  EXPECT_NE(err.find("holds a NUL character"), std::string::npos) << err;
}

}  // namespace
}  // namespace ws::core
