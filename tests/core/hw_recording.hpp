#pragma once
// Replaying recordings made on an H100 with tests/hwrec (golden-NAME.json.gz
// beside NAME.ptx in a test-data folder): every test of every module of a
// folder as one gtest case, run in hardware mode and compared with what the
// GPU wrote, as the test's "compare" field says (default word for word).
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/exec/alu/mufu_tables.hpp"

namespace ws::test {

// The text of a file, gunzipped when its name ends in .gz.
std::string readMaybeGz(const std::string& path);

// One recorded test. Registering the tests only needs their names: the
// recording itself (tens of MB of JSON over all folders) is parsed when a
// test first asks for it, so each test process parses only its own file.
struct HwCase {
  std::string label;     // gtest-safe: module_test
  std::string dir;       // the test-data folder
  std::string module;    // NAME of NAME.ptx / golden-NAME.json.gz
  std::string testName;  // the test's "name"
  std::size_t index = 0; // its position in the file's "tests"
  mutable std::shared_ptr<const nlohmann::json> test;  // set, or loaded on first use
  const nlohmann::json& t() const;
  std::string name() const { return testName.empty() ? t()["name"].get<std::string>() : testName; }
};

// The recorded MUFU tables of assets/mufu, read once per process (what a
// front end hands the engine through EngineOptions::mufu).
std::shared_ptr<const core::MufuTables> mufuTables();

// Every test of every golden-*.json.gz in `dir`, in file and test order.
std::vector<HwCase> loadHwCases(const std::string& dir);

// The launch a recorded test describes (1-D numbers or [x, y, z] shapes,
// dynamic shared memory, scalars after the in and out buffers).
core::LaunchConfig hwLaunch(const HwCase& c);

struct HwRun {
  std::string error;  // load or launch error ("" when it ran)
  core::RunResult result;
  std::vector<std::uint32_t> out;  // the out buffer afterwards
};
// Runs a case (the module parsed once per process and shared).
HwRun runHwCase(const HwCase& c, core::EngineOptions opts, std::uint64_t maxSteps = 50'000'000);

// Words of `actual` that differ from the recording, under the test's compare
// spec ("multiset:START:LEN", "ignore:START:LEN"): a run whose every word
// matches one of the recorded runs (`outs`) also matches. Empty = match.
struct WordDiff {
  std::size_t index = 0;
  std::uint32_t actual = 0, expected = 0;
};
std::vector<WordDiff> compareRecorded(const HwCase& c, const std::vector<std::uint32_t>& actual);

// gtest: runs the case in hardware mode, expects it to finish without an
// error diagnostic and its out words to match; `describe` names word i in
// failure messages (which form, lane, fragment element).
void expectReplays(const HwCase& c, const std::function<std::string(std::size_t)>& describe = {});

}  // namespace ws::test

namespace ws::test {
inline void PrintTo(const HwCase& c, std::ostream* os) { *os << c.label; }
}  // namespace ws::test
