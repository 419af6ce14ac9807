// Fuzz entry: the scenario loader, end to end. The scenario text and the
// files it names come from the input (see fuzz_entries.hpp). Invariants:
// loading never throws; a load is ok or lists errors with a position; an ok
// scenario creates its engine, runs under a step budget, has its
// expectations checked, and survives a save and reload: the reloaded file
// loads without errors and saves to the same bytes.
#include <exception>
#include <map>

#include <fmt/format.h>

#include "core/scenario/expectations.hpp"
#include "core/scenario/scenario_io.hpp"
#include "fuzz/fuzz_entries.hpp"

namespace ws::fuzz {
namespace {

constexpr std::string_view kFileMarker = "\n#@file ";
constexpr std::uint64_t kMaxSteps = 4000;

struct Bundle {
  std::string_view scenario;
  std::map<std::string, std::string, std::less<>> files;
};

Bundle split(std::string_view data) {
  Bundle b;
  std::size_t at = data.find(kFileMarker);
  b.scenario = data.substr(0, at == std::string_view::npos ? data.size() : at + 1);
  while (at != std::string_view::npos) {
    const std::size_t nameBegin = at + kFileMarker.size();
    const std::size_t nameEnd = std::min(data.find('\n', nameBegin), data.size());
    const std::size_t next = data.find(kFileMarker, nameEnd);
    const std::size_t bodyBegin = std::min(nameEnd + 1, data.size());
    const std::size_t bodyEnd = next == std::string_view::npos ? data.size() : next + 1;
    b.files.emplace(std::string(data.substr(nameBegin, nameEnd - nameBegin)),
                    std::string(data.substr(bodyBegin, bodyEnd > bodyBegin ? bodyEnd - bodyBegin : 0)));
    at = next;
  }
  return b;
}

std::string checkErrors(const core::ScenarioLoad& l, const char* what) {
  if (!l.ok() && l.errors.empty()) return fmt::format("{}: not ok, but no error says why", what);
  for (const auto& e : l.errors)
    if (e.message.empty()) return fmt::format("{}: an error at {}:{} has no message", what, e.line, e.col);
  return {};
}

std::string run(const core::ScenarioLoad& l) {
  auto made = core::createEngine(*l.prepared);
  if (auto* e = std::get_if<std::string>(&made)) return fmt::format("loaded, but the engine refused it: {}", *e);
  core::Engine engine = std::move(std::get<core::Engine>(made));
  const core::RunResult r = engine.run(std::min(kMaxSteps, l.prepared->maxSteps));
  if (core::hasExpectations(*l.scenario)) core::checkExpectations(*l.scenario, *l.prepared, engine, r.stop, r.diags, r.printed);
  return {};
}

}  // namespace

std::string loadScenarioInput(std::string_view data) {
  const Bundle b = split(data);
  const core::FileReader read = [&b](const std::string& path, std::string& error) -> std::optional<std::string> {
    auto it = b.files.find(path);
    if (it == b.files.end()) {
      error = fmt::format("'{}': no such file", path);
      return std::nullopt;
    }
    return it->second;
  };
  try {
    const core::ScenarioLoad l = core::loadScenarioText(b.scenario, "fuzz.toml", read);
    if (auto e = checkErrors(l, "load"); !e.empty()) return e;
    if (!l.ok()) return {};
    if (auto e = run(l); !e.empty()) return e;
    // What the app would save, loaded again: no errors, the same bytes.
    const std::string saved = core::formatScenario(*l.scenario);
    const core::ScenarioLoad again = core::loadScenarioText(saved, "fuzz.toml", read);
    if (!again.ok()) {
      std::string why = again.errors.empty() ? "no error given" : again.errors.front().str();
      return fmt::format("the saved scenario does not load again: {}\n--- saved:\n{}", why, saved);
    }
    const std::string savedAgain = core::formatScenario(*again.scenario);
    if (savedAgain != saved)
      return fmt::format("saving is not stable:\n--- first save:\n{}\n--- second save:\n{}", saved, savedAgain);
  } catch (const std::exception& e) {
    return fmt::format("the scenario loader threw: {}", e.what());
  }
  return {};
}

}  // namespace ws::fuzz
