// Loading scenario files: every key read into the document, and every broken
// file reported with file:line:col and a message that says how to fix it.
#include <gtest/gtest.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/ptx/parser.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;
using test::memFiles;

// The error at file:line:col, or a failure listing all errors.
::testing::AssertionResult hasError(const ScenarioLoad& r, std::string_view file, std::uint32_t line, std::uint32_t col,
                                    std::string_view needle) {
  for (const auto& e : r.errors)
    if (e.file == file && e.line == line && e.col == col && e.message.find(needle) != std::string::npos)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no error " << file << ":" << line << ":" << col << " containing '"
                                       << needle << "'; got:\n"
                                       << errorsText(r.errors);
}

constexpr std::string_view kMinimalPtx = R"(.version 8.7
.target sm_90a
.address_size 64

.visible .entry k(
	.param .u64 k_out
)
{
	ret;
}
)";

TEST(ScenarioLoad, ReadsEveryKey) {
  const std::string text = R"(format = 1
title = "All keys"
description = "A *markdown* text"
target = "sm_90a"

[program]
ptx_file = "k.ptx"

[launch]
entry = "k"
grid = [2, 1]
block = [32, 2, 1]
cluster = 2
dynamic_shared = 256

[[param]]
buffer = "out"
type = "s32"
words = [1, -2, 3]

[[param]]
buffer = "r"
type = "f32"
random = { seed = 7, count = 4, min = -1.0, max = 1.0 }

[[param]]
scalar = "n"
type = "u32"
value = 32

[engine]
mode = "hardware"
async_completion = "lazy"
scheduling = "run-to-block"
report_uninitialized_reads = false
max_steps = 1000
check_races = true

[expect]
stop = "finished"
no_other_diagnostics = true

[[expect.buffer]]
name = "out"
at = { 0 = 1, 2 = 3 }

[[expect.register]]
name = "%r1"
warp = 1
values = [0, 1, 2]

[[expect.diagnostic]]
kind = "shfl-source-inactive"
lanes = [0, 5]
count = 2
ptx_line = 14

[[narration]]
step = 3
ptx_line = 12
text = "Lane 0 reads lane 1"

[session]
step = 12
focus = { cta = 1, warp = 0, lane = 5 }
watches = ["%r1", "out[3]"]

[[session.breakpoint]]
ptx_line = 14
lanes = "lane == 5"

[[session.breakpoint]]
instruction = "collective"
enabled = false

[[session.breakpoint]]
cuda_line = 7
cuda_file = "k.cu"

[session.view]
zoom = 1.5
panels = ["lanes", "memory"]
[session.view.qt]
splitter = [200, 400]
)";
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  ASSERT_TRUE(r.scenario) << errorsText(r.errors);
  // Only the launch can fail here (the module's entry takes one parameter,
  // and the parser may not be there yet): the document itself is clean.
  for (const auto& e : r.errors) EXPECT_EQ(e.file, "t.toml") << e.str();
  const Scenario& s = *r.scenario;
  EXPECT_EQ(s.title, "All keys");
  EXPECT_EQ(s.description, "A *markdown* text");
  EXPECT_EQ(s.target, "sm_90a");
  EXPECT_EQ(s.program.kind, ProgramSpec::Kind::File);
  EXPECT_EQ(s.program.ptxFile, "k.ptx");
  EXPECT_EQ(s.launch.entry, "k");
  EXPECT_EQ(s.launch.grid, (Dim3{2, 1, 1}));
  EXPECT_EQ(s.launch.block, (Dim3{32, 2, 1}));
  EXPECT_EQ(s.launch.cluster, (Dim3{2, 1, 1}));
  EXPECT_EQ(s.launch.dynamicSharedBytes, 256u);
  ASSERT_EQ(s.params.size(), 3u);
  const auto& out = std::get<BufferParam>(s.params[0]);
  EXPECT_EQ(out.name, "out");
  EXPECT_EQ(out.type, WordType::S32);
  EXPECT_EQ(out.init.kind, BufferInit::Kind::Words);
  EXPECT_EQ(out.init.words, (std::vector<Number>{Number::ofInt(1), Number::ofInt(-2), Number::ofInt(3)}));
  const auto& rnd = std::get<BufferParam>(s.params[1]);
  EXPECT_EQ(rnd.init.kind, BufferInit::Kind::Random);
  EXPECT_EQ(rnd.init.seed, 7u);
  EXPECT_EQ(rnd.init.count, 4u);
  EXPECT_EQ(rnd.init.min, Number::ofFloat(-1.0));
  const auto& n = std::get<ScalarParam>(s.params[2]);
  EXPECT_EQ(n.type, DataType::U32);
  EXPECT_EQ(n.value, Number::ofInt(32));
  EXPECT_EQ(s.engine.options.mode, ExecMode::Hardware);
  EXPECT_EQ(s.engine.options.asyncCompletion, AsyncCompletion::Lazy);
  EXPECT_EQ(s.engine.options.scheduling, WarpScheduling::RunToBlock);
  EXPECT_FALSE(s.engine.options.reportUninitializedReads);
  EXPECT_EQ(s.engine.maxSteps, 1000u);
  EXPECT_EQ(s.engine.checkRaces, std::optional<bool>(true));
  EXPECT_TRUE(s.engine.options.checkRaces);
  EXPECT_EQ(s.expect.stop, StopReason::Finished);
  EXPECT_TRUE(s.expect.noOtherDiagnostics);
  ASSERT_EQ(s.expect.buffers.size(), 1u);
  EXPECT_FALSE(s.expect.buffers[0].whole);
  EXPECT_EQ(s.expect.buffers[0].at.size(), 2u);
  EXPECT_EQ(s.expect.buffers[0].at.at(2), Number::ofInt(3));
  ASSERT_EQ(s.expect.registers.size(), 1u);
  EXPECT_EQ(s.expect.registers[0].warp, 1u);
  ASSERT_EQ(s.expect.diagnostics.size(), 1u);
  EXPECT_EQ(s.expect.diagnostics[0].kind, DiagKind::ShflSourceInactive);
  EXPECT_EQ(s.expect.diagnostics[0].lanes, LaneMask{0x21});
  EXPECT_EQ(s.expect.diagnostics[0].count, 2u);
  EXPECT_EQ(s.expect.diagnostics[0].ptxLine, 14u);
  ASSERT_EQ(s.narration.size(), 1u);
  EXPECT_EQ(s.narration[0].step, 3u);
  EXPECT_EQ(s.narration[0].ptxLine, 12u);
  EXPECT_EQ(s.session.step, 12u);
  EXPECT_EQ(s.session.focus, (Focus{1, 0, 5}));
  EXPECT_EQ(s.session.watches, (std::vector<std::string>{"%r1", "out[3]"}));
  ASSERT_EQ(s.session.breakpoints.size(), 3u);
  EXPECT_EQ(s.session.breakpoints[0].ptxLine, 14u);
  EXPECT_EQ(s.session.breakpoints[0].lanes, "lane == 5");
  EXPECT_EQ(s.session.breakpoints[1].instruction, "collective");
  EXPECT_FALSE(s.session.breakpoints[1].enabled);
  EXPECT_EQ(s.session.breakpoints[2].cudaFile, "k.cu");
  const FreeValue* zoom = s.session.view.get("zoom");
  ASSERT_TRUE(zoom);
  EXPECT_EQ(zoom->kind, FreeValue::Kind::Float);
  EXPECT_EQ(zoom->f, 1.5);
  const FreeValue* qt = s.session.view.get("qt");
  ASSERT_TRUE(qt);
  ASSERT_TRUE(qt->get("splitter"));
  EXPECT_EQ(qt->get("splitter")->items.size(), 2u);
}

TEST(ScenarioLoad, BadTomlGivesItsPosition) {
  // Line 3 has an unterminated string.
  auto r = loadText("format = 1\ntitle = \"ok\"\ndescription = \"never closed\n[program]\n");
  ASSERT_FALSE(r.errors.empty());
  EXPECT_FALSE(r.scenario);
  EXPECT_EQ(r.errors[0].file, "t.toml");
  EXPECT_EQ(r.errors[0].line, 3u);
  EXPECT_NE(r.errors[0].message.find("not valid TOML"), std::string::npos);
}

TEST(ScenarioLoad, UnknownKeyNamesTheClosestOne) {
  const char* text = "format = 1\n"                       // 1
                     "title = \"x\"\n"                    // 2
                     "[program]\n"                        // 3
                     "ptx_file = \"k.ptx\"\n"             // 4
                     "[launch]\n"                         // 5
                     "entyr = \"k\"\n"                    // 6: typo
                     "  blocks = 32\n"                    // 7: typo, indented
                     "[engine]\n"                         // 8
                     "colour = \"blue\"\n";               // 9: nothing close
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 6, 1, "unknown key 'entyr' in [launch]; did you mean 'entry'?"));
  EXPECT_TRUE(hasError(r, "t.toml", 7, 3, "did you mean 'block'?"));
  EXPECT_TRUE(hasError(r, "t.toml", 9, 1, "unknown key 'colour' in [engine] (allowed: mode,"));
  EXPECT_FALSE(r.prepared);
}

TEST(ScenarioLoad, WrongTypesAreReportedWhereTheValueIs) {
  const char* text = "format = 1\n"                       // 1
                     "title = 5\n"                        // 2: col 9
                     "[program]\n"                        // 3
                     "ptx_file = \"k.ptx\"\n"             // 4
                     "[launch]\n"                         // 5
                     "grid = \"2\"\n"                     // 6: col 8
                     "block = [32, 0]\n"                  // 7: the 0 at col 14
                     "[engine]\n"                         // 8
                     "mode = \"fast\"\n"                  // 9: col 8
                     "max_steps = -1\n";                  // 10: col 13
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 2, 9, "'title' must be a string, not an integer"));
  EXPECT_TRUE(hasError(r, "t.toml", 6, 8, "'launch.grid' must be a positive integer or an array of 1 to 3"));
  EXPECT_TRUE(hasError(r, "t.toml", 7, 14, "'launch.block' is 0, out of range"));
  EXPECT_TRUE(hasError(r, "t.toml", 9, 8, "mode 'fast' is not strict or hardware"));
  EXPECT_TRUE(hasError(r, "t.toml", 10, 13, "'engine.max_steps' is -1, out of range"));
}

TEST(ScenarioLoad, MissingPtxFileNamesThePath) {
  const char* text = "format = 1\n"
                     "[program]\n"
                     "ptx_file = \"kernels/missing.ptx\"\n";  // value at 3:12
  auto r = core::loadScenarioText(text, "dir/t.toml", memFiles({}), "dir");
  ASSERT_EQ(r.errors.size(), 1u) << errorsText(r.errors);
  EXPECT_EQ(r.errors[0].str(),
            "dir/t.toml:3:12: error: cannot read the PTX file: 'kernels/missing.ptx': no such file");
}

TEST(ScenarioLoad, MissingBufferFileNamesThePath) {
  const std::string text = std::string("format = 1\n") +      // 1
                           "[program]\n" +                    // 2
                           "ptx_file = \"k.ptx\"\n" +         // 3
                           "[[param]]\n" +                    // 4
                           "buffer = \"out\"\n" +             // 5
                           "file = \"data/out.bin\"\n";       // 6: value at col 8
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 6, 8, "cannot read buffer file: 'data/out.bin': no such file"));
  EXPECT_FALSE(r.prepared);
}

TEST(ScenarioLoad, JsonBufferFileErrorsPointIntoThatFile) {
  const std::string text = "format = 1\n[program]\nptx_file = \"k.ptx\"\n[[param]]\nbuffer = \"out\"\n"
                           "file = \"out.json\"\n";
  auto r = core::loadScenarioText(text, "t.toml",
                                  memFiles({{"k.ptx", std::string(kMinimalPtx)}, {"out.json", "[1, 2,\n 3 x]"}}),
                                  "d");
  bool found = false;
  for (const auto& e : r.errors)
    if (e.file == "d/out.json" && e.line == 2 && e.col == 4) found = true;
  EXPECT_TRUE(found) << errorsText(r.errors);
}

TEST(ScenarioLoad, BadExpressionGivesItsColumnInTheFile) {
  const char* text = "format = 1\n"                              // 1
                     "[program.snippet]\n"                       // 2
                     "code = \"mov.u32 %r2, %r1;\"\n"            // 3
                     "[program.snippet.init]\n"                  // 4
                     "\"%r1\" = \"lane * * 3\"\n";               // 5: string at col 9, 2nd '*' at col 9+1+7
  auto r = loadText(text);
  EXPECT_TRUE(hasError(r, "t.toml", 5, 17, "%r1: unexpected '*'"));
}

TEST(ScenarioLoad, ExpressionErrorsInBreakpointConditions) {
  const char* text = "format = 1\n"                              // 1
                     "[program]\n"                               // 2
                     "ptx_file = \"k.ptx\"\n"                    // 3
                     "[[session.breakpoint]]\n"                  // 4
                     "lanes = \"lane == 5 &&\"\n";               // 5: string at col 9; end at 9+1+12
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 5, 22, "expected a number, a variable or '('"));
}

TEST(ScenarioLoad, FormatVersionIsRequiredAndChecked) {
  auto r = loadText("title = \"x\"\n[program]\nptx = \"\"\n");
  EXPECT_TRUE(hasError(r, "t.toml", 1, 1, "start the file with 'format = 2'"));
  r = loadText("format = 7\n");
  EXPECT_TRUE(hasError(r, "t.toml", 1, 10, "format 7 is newer than this build"));
  r = loadText("format = 0\n");
  EXPECT_TRUE(hasError(r, "t.toml", 1, 10, "format 0 is not a scenario format"));
}

TEST(ScenarioLoad, ProgramMustBeGivenOnce) {
  auto r = loadText("format = 1\n");
  EXPECT_TRUE(hasError(r, "t.toml", 1, 1, "the scenario has no [program]"));
  r = loadText("format = 1\n[program]\nptx = \"x\"\nptx_file = \"y\"\n");
  EXPECT_TRUE(hasError(r, "t.toml", 2, 1, "only one of ptx, ptx_file"));
}

TEST(ScenarioLoad, ParamAndExpectationMistakes) {
  const char* text = "format = 1\n"                             // 1
                     "[program]\n"                              // 2
                     "ptx_file = \"k.ptx\"\n"                   // 3
                     "[[param]]\n"                              // 4: neither buffer nor scalar
                     "type = \"u32\"\n"                         // 5
                     "[[param]]\n"                              // 6
                     "buffer = \"out\"\n"                       // 7
                     "words = [1, 2.5]\n"                       // 8: float in a u32 buffer, at col 13
                     "[[param]]\n"                              // 9
                     "scalar = \"n\"\n"                         // 10
                     "type = \"u33\"\n"                         // 11: col 8
                     "value = 1\n"                              // 12
                     "[[expect.buffer]]\n"                      // 13
                     "name = \"outt\"\n"                        // 14: col 8
                     "words = [1]\n"                            // 15
                     "[[expect.diagnostic]]\n"                  // 16
                     "kind = \"shfl-source-inactiv\"\n";        // 17: col 8
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 4, 1, "needs buffer = \"name\""));
  EXPECT_TRUE(hasError(r, "t.toml", 11, 8, "scalar type 'u33'"));
  EXPECT_TRUE(hasError(r, "t.toml", 17, 8, "did you mean 'shfl-source-inactive'?"));
  // The float word is only reported once the buffer is built; 'outt' once the
  // params read cleanly. With a clean params section both show.
  const char* text2 = "format = 1\n"                            // 1
                      "[program]\n"                             // 2
                      "ptx_file = \"k.ptx\"\n"                  // 3
                      "[[param]]\n"                             // 4
                      "buffer = \"out\"\n"                      // 5
                      "words = [1, 2.5]\n"                      // 6: 2.5 at col 13
                      "[[expect.buffer]]\n"                     // 7
                      "name = \"outt\"\n"                       // 8: col 8
                      "words = [1]\n";                          // 9
  r = loadText(text2, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 6, 13, "2.5 is a float, but the buffer holds u32 words"));
  EXPECT_TRUE(hasError(r, "t.toml", 8, 8, "no buffer named 'outt'; did you mean 'out'?"));
}

TEST(ScenarioLoad, EveryProblemIsReportedInOneLoad) {
  const char* text = "format = 1\n"                             // 1
                     "title = 3\n"                              // 2
                     "[program]\n"                              // 3
                     "ptx_file = \"k.ptx\"\n"                   // 4
                     "[launch]\n"                               // 5
                     "gird = 2\n"                               // 6
                     "[[param]]\n"                              // 7
                     "buffer = \"in\"\n"                        // 8
                     "file = \"in.bin\"\n"                      // 9: missing
                     "[engine]\n"                               // 10
                     "mode = 3\n";                              // 11
  auto r = loadText(text, {{"k.ptx", std::string(kMinimalPtx)}});
  EXPECT_TRUE(hasError(r, "t.toml", 2, 9, "'title' must be a string"));
  EXPECT_TRUE(hasError(r, "t.toml", 6, 1, "did you mean 'grid'?"));
  EXPECT_TRUE(hasError(r, "t.toml", 9, 8, "cannot read buffer file"));
  EXPECT_TRUE(hasError(r, "t.toml", 11, 8, "'engine.mode' must be a string"));
  // In file order.
  for (std::size_t i = 1; i < r.errors.size(); ++i)
    EXPECT_LE(std::make_pair(r.errors[i - 1].line, r.errors[i - 1].col), std::make_pair(r.errors[i].line, r.errors[i].col));
}

TEST(ScenarioLoad, SnippetWithLaunchIsRejected) {
  auto r = loadText("format = 1\n[program.snippet]\ncode = \"ret;\"\n[launch]\nblock = 64\n");
  EXPECT_TRUE(hasError(r, "t.toml", 4, 1, "remove [launch]"));
}

TEST(ScenarioLoad, HostileDocumentsNeverCrash) {
  const char* docs[] = {
      "",
      "format = 1\n[program]\nptx = 5\n",
      "format = 1\n[program]\nsnippet = 5\n",
      "format = 1\n[program.snippet]\ncode = 5\nlanes = 99999\ninit = 3\nregs = []\n",
      "format = 1\nparam = 5\nexpect = []\nsession = \"x\"\nnarration = [1, 2]\n",
      "format = 1\n[[param]]\nbuffer = 1\n[[param]]\nscalar = \"s\"\n[[param]]\nbuffer = \"b\"\nwords = \"x\"\n",
      "format = 1\n[[param]]\nbuffer = \"b\"\niota = 3\n[[param]]\nbuffer = \"c\"\nrandom = {}\n",
      "format = 1\n[expect]\nbuffer = 3\nregister = [1]\ndiagnostic = [{ kind = 1, lanes = [99] }]\n",
      "format = 1\n[session]\nfocus = 1\nwatches = [1]\nbreakpoint = [{}]\nview = 3\n",
      "format = 1\n[session.view]\na = 1979-05-27T07:32:00Z\n",
      "format = 1\n[[expect.buffer]]\nname = \"x\"\nat = { x = 1, 99999999999 = 2 }\n",
      "format = \"1\"\n",
      "\xff\xfe\x00garbage",
  };
  for (const char* d : docs) {
    auto r = loadText(d);
    EXPECT_FALSE(r.ok()) << d;
    EXPECT_FALSE(r.errors.empty()) << d;
    for (const auto& e : r.errors) EXPECT_FALSE(e.message.empty());
  }
}

// Needs the PTX parser: an error inside inline PTX points at the same
// character in the scenario file.
TEST(ScenarioLoad, InlinePtxErrorIsMappedToTheScenarioFile) {
  const std::string ptx = ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n\tbogus.op %r1;\n\tret;\n}\n";
  // What the parser says about the PTX on its own (line/col inside the PTX).
  auto alone = parsePtx(ptx, "alone.ptx");
  ASSERT_FALSE(alone.errors.empty()) << "the parser accepted an unknown instruction";
  const LoadError& first = alone.errors[0];
  // The PTX starts on line 4 of the file (the line after ptx = ''').
  const std::string text = "format = 1\ntitle = \"bad ptx\"\n[program]\nptx = '''\n" + ptx + "'''\n";
  auto r = loadText(text);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].file, "t.toml");
  EXPECT_EQ(r.errors[0].line, first.line + 4) << errorsText(r.errors);
  EXPECT_EQ(r.errors[0].col, first.col);
  EXPECT_EQ(r.errors[0].message, first.message);
  // The unknown instruction is on PTX line 6, so file line 10.
  EXPECT_EQ(first.line, 6u) << first.str();
}

TEST(ScenarioLoad, InlinePtxErrorOnTheDelimiterLine) {
  // Basic single-line string: the PTX text starts right after the quote.
  const std::string text = "format = 1\n[program]\nptx = \".version 8.7 .target sm_90a .address_size 64 bogus\"\n";
  auto alone = parsePtx(".version 8.7 .target sm_90a .address_size 64 bogus", "alone.ptx");
  ASSERT_FALSE(alone.errors.empty());
  auto r = loadText(text);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].line, 3u);
  EXPECT_EQ(r.errors[0].col, alone.errors[0].col + 7);  // after `ptx = "`
}

}  // namespace
}  // namespace ws::core
