// Every input a fuzzer ever found a problem with (tests/data/fuzz-regressions/
// <target>/) and the committed seeds (fuzz/seeds/<target>/) go through the
// same entry function as the libFuzzer target, in the normal build: each must
// return with every invariant holding.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_entries.hpp"
#include "tests/support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> filesIn(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().filename().string().front() != '.') out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

using Entry = std::string (*)(std::string_view);

void replay(const std::string& target, Entry entry) {
  std::size_t n = 0;
  for (const fs::path& dir : {fs::path(ws::test::dataPath()) / "fuzz-regressions" / target,
                              fs::path(ws::test::sourcePath()) / "fuzz" / "seeds" / target}) {
    for (const fs::path& p : filesIn(dir)) {
      SCOPED_TRACE(p.string());
      EXPECT_EQ(entry(slurp(p)), "");
      ++n;
    }
  }
  EXPECT_GT(n, 0u) << "no inputs for " << target;
}

TEST(FuzzRegressions, PtxParser) { replay("ptx", &ws::fuzz::parsePtxInput); }
TEST(FuzzRegressions, ScenarioLoader) { replay("scenario", &ws::fuzz::loadScenarioInput); }
TEST(FuzzRegressions, EngineRuns) { replay("engine", &ws::fuzz::runProgramInput); }

}  // namespace
