// warpscope-cli end to end: run/trace/check on scenario files, exit codes,
// and error messages with file:line:col. Runs the built binary (WS_CLI_PATH).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_test_util.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;

// out[i] = in[i] + in[(i + 1) % 32], with a shfl: a small complete kernel.
const std::string kShflScenario = R"(format = 1
title = "Neighbour sum"

[program]
ptx = '''
.version 8.7
.target sm_90a
.address_size 64

.visible .entry nsum(
	.param .u64 in,
	.param .u64 out
)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	mov.u32 %r0, %laneid;
	mul.wide.u32 %rd3, %r0, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r1, [%rd4];
	add.u32 %r2, %r0, 1;
	and.b32 %r2, %r2, 31;
	shfl.sync.idx.b32 %r3, %r1, %r2, 0x1f, 0xffffffff;
	add.u32 %r4, %r1, %r3;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r4;
	ret;
}
'''

[launch]
grid = 1
block = 32

[[param]]
buffer = "in"
iota = { start = 0, step = 1, count = 32 }

[[param]]
buffer = "out"
fill = { value = 0, count = 32 }
)";

std::string withExpect(const std::string& expect) { return kShflScenario + "\n" + expect; }

// A shuffle from lane 20 by lanes 0-15 whose membermask leaves lane 20 out:
// undefined value ("shfl-source-inactive").
const std::string kUbSnippet = R"(format = 1
title = "Reading outside the membermask"

[program.snippet]
code = '''
setp.lt.u32 %p1, %r0, 16;
@%p1 shfl.sync.idx.b32 %r2, %r1, 20, 0x1f, 0x0000ffff;
'''

[program.snippet.init]
"%r0" = "lane"
"%r1" = "lane * 3"
)";

const std::string kLoop = R"(format = 1
title = "Forever"

[program.snippet]
code = '''
$L_top:
add.u32 %r1, %r1, 1;
bra $L_top;
'''

[program.snippet.init]
"%r1" = "0"
)";

TEST(Cli, HelpForEveryCommand) {
  auto r = cli({"--help"});
  EXPECT_EQ(r.code, 0);
  for (const char* c : {"run", "trace", "check", "render", "unsupported"}) EXPECT_TRUE(contains(r.out, c)) << r.out;
  for (const char* c : {"run", "trace", "check"}) {
    auto h = cli({c, "--help"});
    EXPECT_EQ(h.code, 0) << c;
    EXPECT_TRUE(contains(h.out, "--max-steps")) << c << h.out;
    EXPECT_TRUE(contains(h.out, "Exit status")) << c << h.out;
  }
  EXPECT_TRUE(contains(cli({"trace", "--help"}).out, "--from"));
}

TEST(Cli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(cli({}).code, 2);
  EXPECT_EQ(cli({"frobnicate"}).code, 2);
  EXPECT_EQ(cli({"run"}).code, 2);
  EXPECT_EQ(cli({"run", "x.toml", "--no-such-flag"}).code, 2);
  EXPECT_EQ(cli({"run", "x.toml", "--max-steps", "0"}).code, 2);
  auto r = cli({"run", "/nonexistent/dir/s.toml"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "/nonexistent/dir/s.toml")) << r.err;
}

TEST(Cli, MalformedScenarioGivesFileLineColOnStderr) {
  Dir d;
  const std::string path = d.write("bad.toml", "format = 1\ntitle = \"x\"\n[program]\nptx_file = \"k.ptx\"\n"
                                               "[launch]\nblok = 32\n");
  for (const char* c : {"run", "trace", "check"}) {
    auto r = cli({c, path});
    EXPECT_EQ(r.code, 2) << c;
    EXPECT_TRUE(contains(r.err, path + ":6:1: error: unknown key 'blok' in [launch]; did you mean 'block'?")) << r.err;
    EXPECT_TRUE(contains(r.err, path + ":4:12: error: cannot read the PTX file")) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  const std::string bad = d.write("syntax.toml", "format = 1\n[program\n");
  auto r = cli({"run", bad});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, bad + ":2:")) << r.err;
  EXPECT_TRUE(contains(r.err, "not valid TOML")) << r.err;
}

TEST(Cli, ScenarioFlagsForPtxOnlyAreRefused) {
  Dir d;
  const std::string path = d.write("s.toml", kShflScenario);
  auto r = cli({"run", path, "--grid", "4"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "do not apply")) << r.err;
}

// Needs the parser and the engine from here on.
TEST(Cli, RunPrintsBuffersAndChecksExpectations) {
  Dir d;
  const std::string ok = d.write("ok.toml", withExpect("[[expect.buffer]]\nname = \"out\"\nat = { 0 = 1, 30 = 61, "
                                                       "31 = 31 }\n"));
  auto r = cli({"run", ok});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "nsum: finished after")) << r.out;
  EXPECT_TRUE(contains(r.out, "out: [1, 3, 5, 7,")) << r.out;
  EXPECT_TRUE(contains(r.out, "expectations: 2 checked, 0 failed")) << r.out;

  const std::string bad = d.write("bad.toml", withExpect("[[expect.buffer]]\nname = \"out\"\nat = { 0 = 1, 3 = 8 }\n"));
  r = cli({"run", bad});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  // The failing expectation is at line 53 of the file (the [[expect.buffer]] header).
  EXPECT_TRUE(contains(r.err, "out[3] is 7 (0x00000007), expected 8 (0x00000008)")) << r.err;
  EXPECT_TRUE(contains(r.err, bad + ":")) << r.err;
}

TEST(Cli, RunJson) {
  Dir d;
  const std::string path = d.write("s.toml", kShflScenario);
  auto r = cli({"run", path, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["entry"], "nsum");
  EXPECT_EQ(j["stop"], "finished");
  ASSERT_EQ(j["buffers"].size(), 2u);
  EXPECT_EQ(j["buffers"][1]["name"], "out");
  EXPECT_EQ(j["buffers"][1]["words"][0], 1);
  EXPECT_EQ(j["buffers"][1]["words"][31], 31);
  EXPECT_TRUE(j["diagnostics"].empty());
}

TEST(Cli, TraceIsOneJsonObjectPerStep) {
  Dir d;
  const std::string path = d.write("s.toml", kShflScenario);
  auto r = cli({"trace", path});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  std::vector<nlohmann::json> steps;
  nlohmann::json end;
  while (std::getline(lines, line)) {
    auto j = nlohmann::json::parse(line);
    if (j.contains("end")) end = j;
    else steps.push_back(j);
  }
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(end["stop"], "finished");
  EXPECT_EQ(end["steps"], steps.size());
  // Steps are counted as the viewers count them: the first instruction is step 1.
  for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i]["step"], i + 1);
  // The first step is the first ld.param at PTX line 12 of the inline module.
  EXPECT_EQ(steps[0]["ptx_line"], 12);
  EXPECT_EQ(steps[0]["lanes"], "0xffffffff");
  EXPECT_EQ(steps[0]["active_before"], "0xffffffff");
  EXPECT_EQ(steps[0]["exited_before"], "0x00000000");
  ASSERT_EQ(steps[0]["regs"].size(), 32u);
  EXPECT_EQ(steps[0]["regs"][0]["reg"], "%rd1");
  EXPECT_TRUE(steps[0]["regs"][0]["before"].is_null());  // never written before
  // The shfl step: a membermask and 32 shuffle flows, lane 0 reading lane 1.
  const nlohmann::json* shfl = nullptr;
  for (const auto& s : steps)
    if (s["text"].get<std::string>().rfind("shfl", 0) == 0) shfl = &s;
  ASSERT_TRUE(shfl);
  EXPECT_EQ((*shfl)["membermask"], "0xffffffff");
  ASSERT_EQ((*shfl)["flows"].size(), 32u);
  EXPECT_EQ((*shfl)["flows"][0]["kind"], "shuffle");
  EXPECT_EQ((*shfl)["flows"][0]["from"]["lane"], 1);
  EXPECT_EQ((*shfl)["flows"][0]["to"]["lane"], 0);
  EXPECT_EQ((*shfl)["flows"][0]["value"], 1);
  // The last executed step (ret) exits every lane.
  EXPECT_EQ(steps.back()["exited_after"], "0xffffffff");
  // Stores show up as memory changes of the out buffer.
  bool store = false;
  for (const auto& s : steps)
    for (const auto& m : s["mem"]) store |= m["buffer"] == "out" && m["offset"] == 4 && m["after"] == 3;
  EXPECT_TRUE(store);

  auto part = cli({"trace", path, "--from", "2", "--to", "3"});
  ASSERT_EQ(part.code, 0) << part.err;
  std::istringstream pl(part.out);
  std::vector<nlohmann::json> got;
  while (std::getline(pl, line)) got.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(got.size(), 3u) << part.out;
  EXPECT_EQ(got[0]["step"], 2);
  EXPECT_EQ(got[1]["step"], 3);
  EXPECT_EQ(got[2]["stop"], "paused");
  EXPECT_EQ(got[0]["pc"], steps[1]["pc"]);  // --from 2 is the second instruction

  auto first = cli({"trace", path, "--to", "1"});
  ASSERT_EQ(first.code, 0) << first.err;
  std::istringstream fl(first.out);
  ASSERT_TRUE(std::getline(fl, line));
  EXPECT_EQ(nlohmann::json::parse(line)["step"], 1);
  EXPECT_EQ(nlohmann::json::parse(line)["ptx_line"], 12);
}

TEST(Cli, CheckListsUndefinedBehaviour) {
  Dir d;
  const std::string path = d.write("ub.toml", kUbSnippet);
  auto r = cli({"check", path});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "shfl-source-inactive")) << r.err;
  EXPECT_TRUE(contains(r.err, "lanes [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]")) << r.err;
  // The ISA's own sentence, quoted with its section; warpscope's explanation after it, unquoted.
  EXPECT_TRUE(contains(r.err, "  PTX ISA 9.1 (\u00a7data-movement-and-conversion-instructions-shfl-sync): \"Note that results are "
                              "undefined if a thread sources a register from an inactive thread or a thread that is not in "
                              "membermask.\"\n  warpscope: The lanes named here"))
      << r.err;
  // The PTX line is shown as the scenario file's line (line 7: the shfl).
  EXPECT_TRUE(contains(r.err, path + ":7: shfl-source-inactive")) << r.err;
  auto j = cli({"check", path, "--json"});
  EXPECT_EQ(j.code, 1);
  auto doc = nlohmann::json::parse(j.out);
  ASSERT_FALSE(doc["diagnostics"].empty());
  EXPECT_EQ(doc["diagnostics"][0]["kind"], "shfl-source-inactive");
  EXPECT_EQ(doc["diagnostics"][0]["quote"],
            "Note that results are undefined if a thread sources a register from an inactive thread or a thread that is "
            "not in membermask.");
  EXPECT_EQ(doc["diagnostics"][0]["quote_source"], "PTX ISA 9.1");
  EXPECT_EQ(doc["diagnostics"][0]["section_url"],
            "https://docs.nvidia.com/cuda/parallel-thread-execution/#data-movement-and-conversion-instructions-shfl-sync");
  EXPECT_FALSE(doc["diagnostics"][0]["explanation"].get<std::string>().empty());
  EXPECT_EQ(doc["stop"], "finished");  // hardware mode goes on

  const std::string clean = d.write("clean.toml", kShflScenario);
  auto c = cli({"check", clean});
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_TRUE(contains(c.out, "no undefined behaviour found")) << c.out;
}

TEST(Cli, ExpectedDiagnosticsMakeRunSucceed) {
  Dir d;
  const std::string path = d.write("ub.toml", kUbSnippet + R"(
[engine]
mode = "hardware"

[expect]
stop = "finished"

[[expect.diagnostic]]
kind = "shfl-source-inactive"
lanes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
count = 1
)");
  auto r = cli({"run", path});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "%r2: [")) << r.out;  // snippet registers are printed
}

TEST(Cli, MaxStepsStopsARunawayProgram) {
  Dir d;
  const std::string path = d.write("loop.toml", kLoop);
  for (const char* c : {"run", "check", "trace"}) {
    auto r = cli({c, path, "--max-steps", "50"});
    EXPECT_EQ(r.code, 1) << c << r.err;
    EXPECT_TRUE(contains(r.err, "stopped after 50 steps without finishing")) << c << r.err;
  }
}

TEST(Cli, CtrlCStopsCleanly) {
  Dir d;
  const std::string path = d.write("loop.toml", kLoop);
  auto r = cli({"run", path, "--max-steps", "4000000000"}, 400);
  EXPECT_EQ(r.code, 130) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "interrupted")) << r.out;
}

TEST(Cli, PtxInputStillWorks) {
  Dir d;
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %laneid;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r1;
	ret;
}
)";
  const std::string k = d.write("k.ptx", ptx);
  const std::string out = d.write("out.json", "[0, 0, 0, 0]");
  auto r = cli({"run", k, "--block", "4", "--buffer", out, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["buffers"][0]["words"], nlohmann::json({0, 1, 2, 3}));
  auto t = cli({"trace", k, "--block", "4", "--buffer", out, "--to", "1"});
  EXPECT_EQ(t.code, 0) << t.err;
  EXPECT_EQ(nlohmann::json::parse(t.out.substr(0, t.out.find('\n')))["step"], 1);
}

// The launch vocabulary every front end shares (ui::LaunchRequest): zeros:N and
// iota:N buffers, scalars stored as their declared types, --scheduling.
TEST(Cli, GeneratedBuffersAndTypedScalars) {
  Dir d;
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 in, .param .u32 n, .param .f32 x)
{
	.reg .b32 %r<4>;
	.reg .f32 %f<3>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [in];
	ld.param.u32 %r2, [n];
	ld.param.f32 %f1, [x];
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	mov.u32 %r1, %laneid;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.global.u32 %r3, [%rd4];
	mad.lo.u32 %r3, %r3, %r2, 0;
	cvt.rn.f32.u32 %f2, %r3;
	add.f32 %f2, %f2, %f1;
	add.s64 %rd5, %rd1, %rd3;
	st.global.f32 [%rd5], %f2;
	ret;
}
)";
  const std::string k = d.write("k.ptx", ptx);
  auto r = cli({"run", k, "--block", "4", "--buffer", "zeros:4", "--buffer", "iota:4", "--scalar", "0x3", "--scalar",
                "0.5", "--scheduling", "round-robin", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  // out[i] = i * 3 + 0.5 as float bits.
  EXPECT_EQ(j["buffers"][0]["words"], nlohmann::json({0x3f000000, 0x40600000, 0x40d00000, 0x41180000})) << r.out;
  r = cli({"run", k, "--block", "4", "--buffer", "zeros:4", "--buffer", "iota:4", "--scalar", "3", "--scalar", "x"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "scalar 2 ('x') is not a number")) << r.err;
  r = cli({"run", k, "--buffer", "zeros:4", "--scheduling", "fair"});
  EXPECT_EQ(r.code, 2);
}

// A module with an instruction warpscope does not execute: the run warns at
// load (file:line:col), stops with `unsupported` only where an entry reaches
// it, and `unsupported` lists it per entry.
TEST(Cli, UnsupportedInstructionsWarnAtLoadAndAreListedPerEntry) {
  Dir d;
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry tma(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	.shared .align 8 .b64 bar;
	.shared .align 128 .b8 tile[256];
	ld.param.u64 %rd1, [out];
	stacksave.u64 %rd2;
	ret;
}
.visible .entry plain(.param .u64 out)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %laneid;
	st.global.u32 [%rd1], %r1;
	ret;
}
)";
  const std::string k = d.write("tma.ptx", ptx);
  const std::string out = d.write("out.json", "[0]");
  auto plain = cli({"run", k, "--entry", "plain", "--block", "1", "--buffer", out});
  EXPECT_EQ(plain.code, 0) << plain.err;
  EXPECT_TRUE(contains(plain.err, "tma.ptx:11:2: warning: 'stacksave' is not executed by warpscope (1 use, "
                                  "used by entry tma)"))
      << plain.err;
  auto stopped = cli({"run", k, "--entry", "tma", "--block", "1", "--buffer", out});
  EXPECT_EQ(stopped.code, 1);
  EXPECT_TRUE(contains(stopped.out + stopped.err, "unsupported")) << stopped.out << stopped.err;
  auto list = cli({"unsupported", k});
  EXPECT_EQ(list.code, 0) << list.err;
  EXPECT_TRUE(contains(list.out, "2 entries; 1 reach instructions warpscope does not execute")) << list.out;
  EXPECT_TRUE(contains(list.out, "stacksave (1 use, line 11)")) << list.out;
  EXPECT_TRUE(contains(list.out, "plain: everything it reaches executes")) << list.out;
  auto json = cli({"unsupported", k, "--json"});
  ASSERT_EQ(json.code, 0);
  auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["entries"][0]["unsupported"][0]["what"], "stacksave");
  EXPECT_EQ(j["entries"][0]["unsupported"][0]["lines"], nlohmann::json({11}));
  EXPECT_TRUE(j["entries"][1]["unsupported"].empty());
}

}  // namespace

namespace {

// The front ends give the engine the H100's recorded MUFU tables
// (assets/mufu): rcp.approx.ftz.f32 of 0x3f8005a9 is 0x3f7ff4ae on an H100,
// one ulp below the correctly rounded reciprocal 0x3f7ff4af.
TEST(Cli, ApproximateMathIsTheH100s) {
  Dir d;
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	ld.global.u32 %r1, [%rd1];
	rcp.approx.ftz.f32 %r2, %r1;
	st.global.u32 [%rd1+4], %r2;
	ret;
}
)";
  const std::string k = d.write("k.ptx", ptx);
  const std::string out = d.write("out.json", "[1065354665, 0]");  // 0x3f8005a9
  auto r = cli({"run", k, "--block", "1", "--buffer", out, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["buffers"][0]["words"][1], 0x3f7ff4aeu);
}

}  // namespace
