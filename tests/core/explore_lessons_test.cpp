// No cry of wolf: every bundled lesson whose kernel is correct keeps its
// expectations under every schedule `explore` tries (docs/explore.md). The
// lessons left out are the ones about a bug (ub-*, buggy twins, a saved
// failing schedule) and the red.async completion-order lesson, whose
// kernel peeks at memory before the operations complete in order to show
// that the order is the hardware's: its [expect] pins one policy's order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "core/explore/explorer.hpp"
#include "core/scenario/scenario_io.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {
namespace fs = std::filesystem;

bool aboutABug(const std::string& rel) {
  const std::string dir = rel.substr(0, rel.find('/'));
  const std::string file = rel.substr(rel.find('/') + 1);
  return dir.rfind("ub-", 0) == 0 || file.rfind("buggy", 0) == 0 || file.rfind("found", 0) == 0 ||
         file == "forgotten-unlock.toml" || dir == "red-async-completion-order";
}

std::vector<std::string> correctLessons() {
  std::vector<std::string> out;
  for (const auto& dir : fs::directory_iterator(ws::test::scenarioPath())) {
    if (!dir.is_directory()) continue;  // scenarios/course.toml
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.path().extension() == ".toml") {
        const std::string rel = fs::relative(f.path(), ws::test::scenarioPath()).generic_string();
        if (!aboutABug(rel)) out.push_back(rel);
      }
  }
  std::sort(out.begin(), out.end());
  return out;
}

class ExploreLesson : public testing::TestWithParam<std::string> {};

TEST_P(ExploreLesson, NoScheduleBreaksACorrectLesson) {
  const ScenarioLoad l = loadScenarioFile(ws::test::scenarioPath("/") + GetParam());
  ASSERT_TRUE(l.errors.empty() && l.prepared);
  // As `warpscope-cli explore` runs it: races checked unless the lesson says otherwise.
  PreparedScenario p = *l.prepared;
  p.options.checkRaces = l.scenario->engine.checkRaces.value_or(true);
  const Engine engine = std::get<Engine>(createEngine(p));
  for (explore::Strategy s : {explore::Strategy::Pct, explore::Strategy::Random}) {
    explore::Options o;
    o.strategy = s;
    o.schedules = s == explore::Strategy::Pct ? 1000 : 500;
    o.jobs = 2;
    o.shrink = false;
    o.maxSteps = p.maxSteps;
    const explore::Result r = explore::explore(*l.scenario, p, engine, o);
    EXPECT_FALSE(r.found) << explore::strategySlug(s) << " schedule " << r.found->index << ": " << r.found->failure.what;
    EXPECT_EQ(r.searched, o.schedules);
  }
}

INSTANTIATE_TEST_SUITE_P(Bundled, ExploreLesson, testing::ValuesIn(correctLessons()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
}  // namespace ws::core
