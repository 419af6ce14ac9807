// Every bundled lesson's narration passes the narration lint: no note is
// shown at a step or line where it cannot be right (ui/lesson/narration_lint.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "ui/lesson/narration_lint.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

std::string scenarioDir() { return ws::test::scenarioPath(); }

std::vector<std::string> bundledScenarios() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(scenarioDir(), ec))
    for (const auto& f : fs::directory_iterator(dir.path(), ec))
      if (f.path().extension() == ".toml") out.push_back(fs::relative(f.path(), scenarioDir()).string());
  std::sort(out.begin(), out.end());
  return out;
}

class BundledNarration : public ::testing::TestWithParam<std::string> {};

TEST_P(BundledNarration, PassesTheNarrationLint) {
  const LintReport r = lintScenarioFile(scenarioDir() + "/" + GetParam());
  EXPECT_TRUE(r.error.empty()) << r.error;
  std::string findings;
  for (const std::string& line : r.lines()) findings += line + "\n";
  EXPECT_TRUE(r.findings.empty()) << findings;
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Lessons, BundledNarration, ::testing::ValuesIn(bundledScenarios()), testName);

}  // namespace
}  // namespace ws::ui
