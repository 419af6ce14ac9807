// Buffer contents (iota/fill/random/files) and the [expect] checker.
#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <sstream>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/buffers.hpp"
#include "core/scenario/expectations.hpp"
#include "core/scenario/random.hpp"
#include "tests/core/scenario_test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

std::vector<std::uint32_t> words(const BufferParam& b, std::map<std::string, std::string> files = {}) {
  Scenario s;
  std::vector<LoadError> errors;
  auto bytes = bufferBytes(b, s, "param[0]", test::memFiles(std::move(files)), errors);
  EXPECT_TRUE(bytes) << errorsText(errors);
  std::vector<std::uint32_t> w;
  if (!bytes) return w;
  for (std::size_t i = 0; i + 3 < bytes->size(); i += 4)
    w.push_back(static_cast<std::uint32_t>((*bytes)[i]) | static_cast<std::uint32_t>((*bytes)[i + 1]) << 8 |
                static_cast<std::uint32_t>((*bytes)[i + 2]) << 16 | static_cast<std::uint32_t>((*bytes)[i + 3]) << 24);
  return w;
}

TEST(ScenarioBuffers, XorShift32IsMarsaglias) {
  // Seed 1: x ^= x << 13 (8193), x ^= x >> 17 (8193), x ^= x << 5 (270369); then again by hand:
  // 0x00042021 ^ 0x84042000 = 0x84000021; ^ (>> 17 = 0x4200) = 0x84004221; ^ (<< 5 = 0x80084420) = 0x04080601.
  XorShift32 r(1);
  EXPECT_EQ(r.next(), 270369u);
  EXPECT_EQ(r.next(), 0x04080601u);
  XorShift32 zero(0);  // a zero state would stick: seeded with the documented constant instead
  XorShift32 constant(0x9e3779b9u);
  EXPECT_EQ(zero.next(), constant.next());
}

TEST(ScenarioBuffers, RandomFill) {
  BufferParam b;
  b.init.kind = BufferInit::Kind::Random;
  b.init.seed = 1;
  b.init.count = 2;
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{270369u, 0x04080601u}));
  b.init.min = Number::ofInt(10);
  b.init.max = Number::ofInt(19);
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{10 + 270369u % 10, 10 + 0x04080601u % 10}));
  b.type = WordType::S32;
  b.init.min = Number::ofInt(-3);
  b.init.max = Number::ofInt(3);
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{static_cast<std::uint32_t>(-3 + static_cast<int>(270369u % 7)),
                                                  static_cast<std::uint32_t>(-3 + static_cast<int>(0x04080601u % 7))}));
  b.type = WordType::F32;
  b.init.min.reset();
  b.init.max.reset();
  EXPECT_EQ(words(b)[0], std::bit_cast<std::uint32_t>(static_cast<float>(270369.0 / 4294967296.0)));
}

TEST(ScenarioBuffers, IotaFillWordsAndFiles) {
  BufferParam b;
  b.init.kind = BufferInit::Kind::Iota;
  b.init.start = Number::ofInt(5);
  b.init.step = Number::ofInt(-2);
  b.init.count = 4;
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{5, 3, 1, 0xffffffffu}));
  b.type = WordType::F32;
  b.init.start = Number::ofFloat(0.5);
  b.init.step = Number::ofInt(1);
  b.init.count = 2;
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{0x3f000000u, 0x3fc00000u}));  // 0.5f, 1.5f
  b.init.kind = BufferInit::Kind::Fill;
  b.init.value = Number::ofInt(-1);
  b.init.count = 3;
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{0xbf800000u, 0xbf800000u, 0xbf800000u}));  // -1.0f
  b.type = WordType::U32;
  b.init.kind = BufferInit::Kind::Words;
  b.init.words = {Number::ofInt(-1), Number::ofInt(4294967295ll), Number::ofInt(7)};
  EXPECT_EQ(words(b), (std::vector<std::uint32_t>{0xffffffffu, 0xffffffffu, 7}));
  b.init.kind = BufferInit::Kind::File;
  b.init.file = "w.json";
  EXPECT_EQ(words(b, {{"w.json", "{\"words\": [1, 2, -1]}"}}), (std::vector<std::uint32_t>{1, 2, 0xffffffffu}));
  b.init.file = "w.bin";
  EXPECT_EQ(words(b, {{"w.bin", std::string("\x01\x00\x00\x00\xff\xff\xff\x7f", 8)}}),
            (std::vector<std::uint32_t>{1, 0x7fffffffu}));
}

TEST(ScenarioBuffers, OutOfRangeWordsAreErrors) {
  BufferParam b;
  b.init.words = {Number::ofInt(4294967296ll)};
  Scenario s;
  std::vector<LoadError> errors;
  EXPECT_FALSE(bufferBytes(b, s, "param[0]", test::memFiles({}), errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("4294967296 does not fit in a 32-bit word"), std::string::npos) << errors[0].message;
}

// A kernel that changes nothing: the checker sees the initial buffers.
const std::string kNop = R"(format = 1
[program]
ptx = '''
.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 f)
{
	.reg .b32 %r<2>;
	ret;
}
'''
[[param]]
buffer = "out"
iota = { start = 0, step = 1, count = 4 }
[[param]]
buffer = "f"
type = "f32"
words = [0.5, 2]
)";

struct Checked {
  ScenarioLoad load;
  std::optional<Engine> engine;
  ExpectationReport report;
};

Checked check(const std::string& expect, std::vector<Diagnostic> diags = {}, StopReason stop = StopReason::Finished,
              std::vector<PrintedText> printed = {}) {
  Checked c;
  c.load = loadText(kNop + expect);
  EXPECT_TRUE(c.load.ok()) << errorsText(c.load.errors);
  if (!c.load.ok()) return c;
  auto made = createEngine(*c.load.prepared);
  c.engine.emplace(std::move(std::get<Engine>(made)));
  EXPECT_EQ(c.engine->run(100).stop, StopReason::Finished);
  c.report = checkExpectations(*c.load.scenario, *c.load.prepared, *c.engine, stop, diags, printed);
  return c;
}

// What the kernel printed: the whole text, exactly; a difference names the
// first line that differs.
TEST(ScenarioExpect, PrintedTextExactly) {
  auto lines = [](std::initializer_list<const char*> texts) {
    std::vector<PrintedText> v;
    for (const char* t : texts) v.push_back({0, 0, 0, 0, 0, t});
    return v;
  };
  const std::string expect = "[expect]\nprinted = \"\"\"\nlane 0\nlane 1\n\"\"\"\n";
  EXPECT_TRUE(check(expect, {}, StopReason::Finished, lines({"lane 0\n", "lane 1\n"})).report.ok());
  auto c = check(expect, {}, StopReason::Finished, lines({"lane 0\n", "lane 7\n"}));
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("printed line 2 is \"lane 7\", expected \"lane 1\""), std::string::npos)
      << c.report.failures[0];
  EXPECT_FALSE(check(expect).report.ok()) << "nothing printed";
}

TEST(ScenarioExpect, BuffersWordByWord) {
  auto c = check("[[expect.buffer]]\nname = \"out\"\nwords = [0, 1, 2, 3]\n"
                 "[[expect.buffer]]\nname = \"f\"\nat = { 1 = 2.0 }\n");
  EXPECT_TRUE(c.report.ok()) << c.report.failures[0];
  EXPECT_EQ(c.report.checked, 3u);  // two buffers and the implicit stop = "finished"

  // Line 20 is the first [[expect.buffer]] header (kNop has 19 lines).
  c = check("[[expect.buffer]]\nname = \"out\"\nat = { 3 = 9, 0 = 0 }\n");
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_EQ(c.report.failures[0], "t.toml:20:1: out: out[3] is 3 (0x00000003), expected 9 (0x00000009)");

  c = check("[[expect.buffer]]\nname = \"out\"\nwords = [0, 1, 5]\n");
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("out has 4 words, expected 3; out[2] is 2 (0x00000002), expected 5"),
            std::string::npos) << c.report.failures[0];

  c = check("[[expect.buffer]]\nname = \"f\"\nwords = [0.5, 2.5]\n");
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("f[1] is 2 (0x40000000), expected 2.5 (0x40200000)"), std::string::npos)
      << c.report.failures[0];
}

TEST(ScenarioExpect, RegistersNeverWrittenFail) {
  auto c = check("[[expect.register]]\nname = \"%r1\"\nat = { 4 = 0 }\n");
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("%r1 lane 4 was never written, expected 0"), std::string::npos)
      << c.report.failures[0];
  auto bad = loadText(kNop + "[[expect.register]]\nname = \"%r9\"\nvalues = [1]\n");
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(errorsText(bad.errors).find("t.toml:21:8: error: 'k' has no register %r9"), std::string::npos)
      << errorsText(bad.errors);
}

Diagnostic diag(DiagKind k, LaneMask lanes, std::uint32_t pc = 0) {
  Diagnostic d;
  d.kind = k;
  d.lanes = lanes;
  d.pc = pc;
  return d;
}

TEST(ScenarioExpect, Diagnostics) {
  const std::vector<Diagnostic> two = {diag(DiagKind::ShflSourceInactive, 0x3), diag(DiagKind::ShflSourceInactive, 0x4)};
  auto c = check("[[expect.diagnostic]]\nkind = \"shfl-source-inactive\"\nlanes = [0, 1, 2]\ncount = 2\n", two);
  EXPECT_TRUE(c.report.ok()) << c.report.failures[0];
  EXPECT_EQ(c.report.checked, 1u);  // with diagnostics expected, the stop is not checked by default

  c = check("[[expect.diagnostic]]\nkind = \"shfl-source-inactive\"\nlanes = [0]\n", two);
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("shfl-source-inactive: lanes [0, 1, 2], expected [0]"), std::string::npos)
      << c.report.failures[0];

  c = check("[[expect.diagnostic]]\nkind = \"shfl-source-inactive\"\ncount = 1\n", two);
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("expected 1 shfl-source-inactive diagnostic, got 2"), std::string::npos)
      << c.report.failures[0];

  c = check("[[expect.diagnostic]]\nkind = \"deadlock\"\n", two);
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("expected a deadlock diagnostic, got 0"), std::string::npos)
      << c.report.failures[0];

  c = check("[expect]\nno_other_diagnostics = true\n[[expect.diagnostic]]\nkind = \"shfl-source-inactive\"\n",
            {diag(DiagKind::ShflSourceInactive, 1), diag(DiagKind::UninitializedRead, 0x80000000u)});
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("unexpected diagnostics: uninitialized-read at t.toml:10 lanes [31]"),
            std::string::npos) << c.report.failures[0];
}

TEST(ScenarioExpect, StopReason) {
  auto c = check("", {}, StopReason::Deadlock);
  ASSERT_EQ(c.report.failures.size(), 1u);
  EXPECT_NE(c.report.failures[0].find("the run ended with 'deadlock', expected 'finished'"), std::string::npos);
  c = check("[expect]\nstop = \"deadlock\"\n", {}, StopReason::Deadlock);
  EXPECT_TRUE(c.report.ok());
}

TEST(ScenarioDocs, ExamplesInTheFormatPageLoad) {
  std::ifstream f(ws::test::sourcePath("/docs/scenario-format.md"));
  ASSERT_TRUE(f) << "docs/scenario-format.md not found";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  std::size_t at = 0;
  int examples = 0;
  while ((at = doc.find("```toml\n", at)) != std::string::npos) {
    const std::size_t begin = at + 8, end = doc.find("```\n", begin);
    ASSERT_NE(end, std::string::npos);
    const std::string example = doc.substr(begin, end - begin);
    auto r = loadText(example);  // no files: only a missing ptx_file may be reported
    ASSERT_TRUE(r.scenario) << errorsText(r.errors);
    for (const auto& e : r.errors) EXPECT_NE(e.message.find("cannot read the PTX file"), std::string::npos) << e.str();
    // And it saves back to something equal.
    auto again = loadText(formatScenario(*r.scenario));
    ASSERT_TRUE(again.scenario);
    EXPECT_EQ(*again.scenario, *r.scenario);
    ++examples;
    at = end;
  }
  EXPECT_GE(examples, 2);
}

TEST(ScenarioDocs, FormatPageListsEveryDiagnosticKind) {
  std::ifstream f(ws::test::sourcePath("/docs/scenario-format.md"));
  ASSERT_TRUE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  for (std::size_t i = 0; i < diagKindCount(); ++i) {
    const std::string slug = "`" + std::string(diagSlug(static_cast<DiagKind>(i))) + "`";
    EXPECT_NE(ss.str().find(slug), std::string::npos) << slug << " is missing from docs/scenario-format.md";
  }
}

}  // namespace
}  // namespace ws::core
