// Saving a session into its scenario's [session] table and loading it back
// gives the same step, focus and breakpoints; other keys are untouched; a
// bare PTX launch saves as a scenario that runs again from another directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/scenario/scenario.hpp"
#include "ui/files/scenario_document.hpp"
#include "ui/session/step_until.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

ScenarioDocument load(const std::string& path, std::vector<std::string> allowFiles = {}) {
  LaunchRequest r;
  r.path = path;
  r.allowFiles = std::move(allowFiles);
  auto d = ScenarioDocument::open(r);
  if (auto* e = std::get_if<std::string>(&d)) ADD_FAILURE() << *e;
  return std::move(std::get<ScenarioDocument>(d));
}

std::unique_ptr<Session> session(const ScenarioDocument& d) {
  auto s = d.makeSession();
  if (auto* e = std::get_if<std::string>(&s)) ADD_FAILURE() << *e;
  return std::move(std::get<std::unique_ptr<Session>>(s));
}

fs::path tempDir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(ScenarioDocument, SessionStateRoundTrips) {
  const fs::path dir = tempDir("ws_scenario_doc_rt");
  ScenarioDocument doc = load(ws::test::dataPath("/qt/red-async.toml"));
  auto s = session(doc);
  ASSERT_TRUE(s);
  for (int i = 0; i < 7; ++i) s->step();
  s->focusWarp(1);
  s->focusLane(9);
  const std::int32_t line = s->views().listing.lines[40].line;
  ASSERT_TRUE(s->toggleBreakpoint(line));
  doc.capture(*s);
  const fs::path out = dir / "saved.toml";
  ASSERT_EQ(doc.saveAs(out.string()), "");
  EXPECT_EQ(doc.path(), out.string());

  // Saved elsewhere, it names the PTX in the folder it came from: a folder
  // its reader must be allowed (core::LoadOptions).
  ScenarioDocument again = load(out.string(), {ws::test::dataPath("/qt")});
  EXPECT_EQ(again.scenario().session.step, 7u);
  EXPECT_EQ(again.scenario().session.focus.cta, 1u);
  EXPECT_EQ(again.scenario().session.focus.lane, 9u);
  ASSERT_EQ(again.scenario().session.breakpoints.size(), 1u);
  EXPECT_EQ(again.scenario().session.breakpoints[0].ptxLine, static_cast<std::uint32_t>(line));
  EXPECT_EQ(again.scenario().launch, doc.scenario().launch);
  EXPECT_EQ(again.scenario().params, doc.scenario().params);
  auto s2 = session(again);
  ASSERT_TRUE(s2);
  EXPECT_EQ(s2->position(), 7u);
  EXPECT_EQ(s2->focus().warp, 1u);
  EXPECT_EQ(s2->focus().lane, 9);
  ASSERT_EQ(s2->breakpoints().size(), 1u);
  EXPECT_EQ(s2->breakpoints()[0].line, line);
  // Same machine state as the session that was saved.
  EXPECT_EQ(s2->views().registers.cells.size(), s->views().registers.cells.size());
  for (std::size_t i = 0; i < s->views().registers.cells.size(); ++i)
    EXPECT_EQ(s2->views().registers.cells[i].text, s->views().registers.cells[i].text);

  // Removing the breakpoint removes it from the file.
  s2->toggleBreakpoint(line);
  again.capture(*s2);
  ASSERT_EQ(again.saveAs(out.string()), "");
  EXPECT_TRUE(load(out.string(), {ws::test::dataPath("/qt")}).scenario().session.breakpoints.empty());
}


TEST(ScenarioDocument, LoadErrorsNameFileLineColumn) {
  const fs::path dir = tempDir("ws_scenario_doc_err");
  std::ofstream(dir / "bad.toml") << "format = 1\n[launch]\ngrdi = 2\n";
  LaunchRequest r;
  r.path = (dir / "bad.toml").string();
  auto d = ScenarioDocument::open(r);
  ASSERT_TRUE(std::holds_alternative<std::string>(d));
  EXPECT_NE(std::get<std::string>(d).find("bad.toml:3:1"), std::string::npos) << std::get<std::string>(d);
}

TEST(ScenarioDocument, PtxLaunchSavesAsRunnableScenario) {
  const fs::path dir = tempDir("ws_scenario_doc_ptx");
  fs::copy_file(ws::test::dataPath("/golden/kernels.ptx"), dir / "kernels.ptx");
  auto entries = ptxEntries((dir / "kernels.ptx").string());
  ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(entries));
  const auto& names = std::get<std::vector<std::string>>(entries);
  EXPECT_NE(std::find(names.begin(), names.end(), "pub_shfl_modes"), names.end());

  LaunchRequest req;
  req.path = (dir / "kernels.ptx").string();
  req.entry = "pub_shfl_modes";
  req.buffers = {"iota:32", "zeros:256"};
  auto made = ScenarioDocument::open(req);
  ASSERT_TRUE(std::holds_alternative<ScenarioDocument>(made)) << std::get<std::string>(made);
  ScenarioDocument doc = std::move(std::get<ScenarioDocument>(made));
  EXPECT_EQ(doc.path(), "");
  auto s = session(doc);
  ASSERT_TRUE(stepUntilMnemonic(*s, "shfl.sync.bfly", 10'000));
  const std::uint64_t at = s->position();
  doc.capture(*s);
  fs::create_directories(dir / "sub");
  ASSERT_EQ(doc.saveAs((dir / "sub" / "bfly.toml").string()), "");
  LaunchRequest refused;
  refused.path = (dir / "sub" / "bfly.toml").string();
  EXPECT_EQ(filesToAllow(refused), std::vector<std::string>{fs::canonical(dir / "kernels.ptx").string()});
  ScenarioDocument again = load((dir / "sub" / "bfly.toml").string(), {dir.string()});
  EXPECT_EQ(again.scenario().program.ptxFile, "../kernels.ptx");
  auto s2 = session(again);
  EXPECT_EQ(s2->position(), at);

  req.buffers = {"iota:32"};  // one pointer parameter short
  EXPECT_TRUE(std::holds_alternative<std::string>(ScenarioDocument::open(req)));
  req.buffers = {"iota:x", "zeros:4"};
  EXPECT_TRUE(std::holds_alternative<std::string>(ScenarioDocument::open(req)));
}

TEST(StepUntil, StopsAtTheFirstMatchingInstruction) {
  ScenarioDocument doc = load(ws::test::dataPath("/qt/shfl-bfly.toml"));
  auto s = session(doc);
  ASSERT_TRUE(stepUntilMnemonic(*s, "add", 100));
  EXPECT_EQ(s->position(), 2u);
  EXPECT_FALSE(stepUntilMnemonic(*s, "red.async", 100));
}

}  // namespace
}  // namespace ws::ui
