// `check --json` and its text output for a race: both accesses (step, CTA,
// warp, lane, pc, PTX line, CUDA line, read/write/atomic) and the memory
// (region, buffer or CTA, offset, bytes, the variable and the offset in it).
// The race is built by hand on a real launch, so the report is checked
// without depending on the race detector.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "app/cli/report.hpp"
#include "tests/core/race_diagnostic.hpp"
#include "tests/cli/cli_test_util.hpp"

namespace ws::cli {
namespace {

// A kernel with a .loc for each access, and a static shared array.
constexpr const char* kPtx = R"(.version 8.7
.target sm_90a
.address_size 64
	.file	1 "race.cu"

.visible .entry k(.param .u64 k_out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 _ZZ1kE4tile[128];
	ld.param.u64 %rd0, [k_out];
	mov.u32 %r0, %tid.x;
	.loc	1 7 3
	st.shared.u32 [_ZZ1kE4tile+12], %r0;
	.loc	1 9 12
	ld.shared.u32 %r1, [_ZZ1kE4tile+12];
	ret;
}
)";

struct Loaded {
  test::cli::Dir dir;
  std::optional<app::Input> in;
  std::uint32_t storePc = 0;
  std::uint64_t tile = 0;  // the shared-window offset of tile (after the system's 1 KB)
};

void load(Loaded& l) {
  ui::LaunchRequest r;
  r.path = l.dir.write("race.ptx", kPtx);
  r.block = "64";
  r.buffers = {"zeros:16"};
  l.in = app::loadEngine(r);
  ASSERT_TRUE(l.in.has_value());
  const auto& instrs = l.in->prepared.program->instrs;
  for (std::size_t i = 0; i < instrs.size(); ++i)
    if (instrs[i].op == core::Opcode::St) l.storePc = static_cast<std::uint32_t>(i);
  for (const auto& sym : l.in->prepared.program->symbols)
    if (sym.name == "_ZZ1kE4tile") l.tile = sym.offset;
  ASSERT_GE(l.tile, 1024u);
}

core::Diagnostic race(std::uint32_t storePc, std::uint64_t tile) {
  return ws::test::raceDiagnostic(core::DiagKind::RaceShared, {11, 0, 0, 9, storePc, core::RaceAccess::What::Write, false},
                              {40, 0, 1, 3, storePc + 1, core::RaceAccess::What::Read, false}, core::MemRegion::Shared, 0,
                              tile + 12, 4, "lane 3 of warp 1 reads what lane 9 of warp 0 wrote");
}

TEST(CliRaceReport, JsonListsBothAccessesAndTheMemory) {
  Loaded l;
  load(l);
  ASSERT_TRUE(l.in.has_value());
  const nlohmann::json j = diagnosticJson(*l.in, race(l.storePc, l.tile));
  EXPECT_EQ(j["kind"], "race-shared");
  ASSERT_TRUE(j.contains("race"));
  const auto& r = j["race"];
  EXPECT_EQ(r["conflict"], "write/read");
  const auto& a = r["first"];
  EXPECT_EQ(a["step"], 12);  // the access of record 11 is the viewers' step 12
  EXPECT_EQ(a["cta"], 0);
  EXPECT_EQ(a["warp"], 0);
  EXPECT_EQ(a["lane"], 9);
  EXPECT_EQ(a["pc"], l.storePc);
  EXPECT_EQ(a["access"], "write");
  EXPECT_EQ(a["ptx_line"], 14);
  EXPECT_EQ(a["cuda_line"], 7);
  EXPECT_EQ(a["cuda"], "race.cu:7");
  const auto& b = r["second"];
  EXPECT_EQ(b["step"], 41);
  EXPECT_EQ(b["warp"], 1);
  EXPECT_EQ(b["lane"], 3);
  EXPECT_EQ(b["access"], "read");
  EXPECT_EQ(b["ptx_line"], 16);
  EXPECT_EQ(b["cuda_line"], 9);
  const auto& m = r["memory"];
  EXPECT_EQ(m["region"], "shared");
  EXPECT_EQ(m["cta"], 0);
  EXPECT_EQ(m["offset"], l.tile + 12);
  EXPECT_EQ(m["bytes"], 4);
  EXPECT_EQ(m["symbol"], "tile");
  EXPECT_EQ(m["symbol_offset"], 12);
  EXPECT_EQ(m["cell"], "tile[3]");
  // A diagnostic without a race has no "race" key.
  core::Diagnostic plain = race(l.storePc, l.tile);
  plain.race.reset();
  EXPECT_FALSE(diagnosticJson(*l.in, plain).contains("race"));
}

TEST(CliRaceReport, GlobalRaceNamesTheBuffer) {
  Loaded l;
  load(l);
  ASSERT_TRUE(l.in.has_value());
  core::Diagnostic d = race(l.storePc, l.tile);
  d.kind = core::DiagKind::RaceGlobal;
  d.race->region = core::MemRegion::Global;
  d.race->index = 1;  // the first launch buffer (0 holds the module's globals)
  d.race->offset = 8;
  d.race->second.what = core::RaceAccess::What::Atomic;
  const nlohmann::json j = diagnosticJson(*l.in, d);
  const auto& m = j["race"]["memory"];
  EXPECT_EQ(m["region"], "global");
  EXPECT_EQ(m["buffer_index"], 1);
  EXPECT_FALSE(m["buffer"].get<std::string>().empty());
  EXPECT_EQ(m["cell"], m["buffer"].get<std::string>() + "[2]");
  EXPECT_EQ(j["race"]["second"]["access"], "atomic");
  EXPECT_EQ(j["race"]["conflict"], "write/atomic");
}

TEST(CliRaceReport, TextPrintsBothAccesses) {
  Loaded l;
  load(l);
  ASSERT_TRUE(l.in.has_value());
  const std::string path = l.dir.file("err.txt");
  std::FILE* saved = std::fopen(path.c_str(), "w");
  ASSERT_NE(saved, nullptr);
  // printDiagnostic writes to stderr: point it at a file for the check.
  std::fflush(stderr);
  const int fd = dup(fileno(stderr));
  dup2(fileno(saved), fileno(stderr));
  printDiagnostic(*l.in, race(l.storePc, l.tile));
  std::fflush(stderr);
  dup2(fd, fileno(stderr));
  close(fd);
  std::fclose(saved);
  const std::string text = test::cli::slurp(path);
  EXPECT_NE(text.find("write/read race on tile[3]"), std::string::npos) << text;
  EXPECT_NE(text.find("1 write: step 12, CTA 0 warp 0 (0 in the CTA) lane 9"), std::string::npos) << text;
  EXPECT_NE(text.find("2 read: step 41, CTA 0 warp 1 (1 in the CTA) lane 3"), std::string::npos) << text;
  EXPECT_NE(text.find("(race.cu:9)"), std::string::npos) << text;
  EXPECT_NE(text.find("variable tile + 12"), std::string::npos) << text;
}

}  // namespace
}  // namespace ws::cli
