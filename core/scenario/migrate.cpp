#include "core/scenario/migrate.hpp"

#include <fmt/format.h>

#include "core/scenario/scenario.hpp"

namespace ws::core {
namespace {

// One step: rewrites a document of format `from` into format `from + 1`.
struct MigrationStep {
  int from;
  void (*apply)(toml::table& doc);
};

// Format 2 only adds keys (goal, prerequisites, [[question]]): a format 1
// document means the same in format 2.
void migrate1to2(toml::table&) {}

// A later format that changes a key adds {N, &migrateNtoN+1} here, bumps
// kScenarioFormat, and describes the step in docs/scenario-format.md.
constexpr MigrationStep kSteps[] = {
    {1, &migrate1to2},
};

}  // namespace

bool migrateScenario(toml::table& doc, detail::TomlReader& r) {
  const toml::node* f = doc.get("format");
  if (!f) {
    r.error(FilePos{1, 1}, fmt::format("the scenario does not say its format version: start the file with "
                                       "'format = {}'", kScenarioFormat));
    return false;
  }
  const auto* v = f->as_integer();
  if (!v) {
    r.error(*f, fmt::format("format must be an integer (this build writes format = {})", kScenarioFormat));
    return false;
  }
  const std::int64_t version = v->get();
  if (version > kScenarioFormat) {
    r.error(*f, fmt::format("format {} is newer than this build of warpscope reads (formats {} to {}); update "
                            "warpscope to open it", version, kOldestScenarioFormat, kScenarioFormat));
    return false;
  }
  if (version < kOldestScenarioFormat) {
    r.error(*f, fmt::format("format {} is not a scenario format (formats {} to {} exist)", version,
                            kOldestScenarioFormat, kScenarioFormat));
    return false;
  }
  for (int from = static_cast<int>(version); from < kScenarioFormat; ++from) {
    bool stepped = false;
    for (const MigrationStep& s : kSteps) {
      if (s.from == from && s.apply) {
        s.apply(doc);
        stepped = true;
      }
    }
    if (!stepped) {
      r.error(*f, fmt::format("no migration from format {} to {} (a bug in this build)", from, from + 1));
      return false;
    }
  }
  return true;
}

}  // namespace ws::core
