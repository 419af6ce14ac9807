#pragma once
// The search: the policy's schedule first (the reference every other
// schedule's final buffers are compared with), then schedules chosen by
// the strategy until one fails or the budget is spent. Schedule i of a
// search is a function of (seed, i) alone, so `jobs` threads and `shards`
// machines split one search and agree on which schedule fails first; a
// failing schedule is shrunk (shrink.hpp) and replayed from a fresh engine
// to report exactly what a saved scenario will do.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/explore/verdict.hpp"

namespace ws::core::explore {

enum class Strategy : std::uint8_t { Pct, Random, Exhaustive };
std::string_view strategySlug(Strategy s);  // "pct", "random", "exhaustive"
std::optional<Strategy> strategyFromSlug(std::string_view s);

struct Options {
  Strategy strategy = Strategy::Pct;
  std::uint64_t schedules = 1000;  // of the whole search, all shards together
  std::uint64_t seed = 1;
  std::uint32_t depth = 3;         // PCT's depth d; exhaustive: the most forced switches
  unsigned jobs = 1;
  std::uint32_t shard = 0, shards = 1;  // this one runs the schedules i with i % shards == shard
  std::uint64_t maxSteps = kDefaultMaxSteps;
  bool shrink = true;
  std::uint64_t shrinkReplays = 2000;
  // Judge every schedule as if the scenario had no [expect]: a scenario that
  // documents a bug (expects its hang or race) then fails where it shows.
  bool ignoreExpectations = false;
};

struct Progress {
  std::uint64_t searched = 0;  // schedules run by this shard so far
  std::uint64_t total = 0;     // schedules this shard will run at most
  std::uint64_t distinct = 0;  // distinct final states among them
};

struct Found {
  std::uint64_t index = 0;       // the schedule's index in the search (0: the policy's own)
  Failure failure;               // what the shrunk schedule's replay ends in
  ForcedSchedule schedule;       // the forced switches, shrunk
  std::size_t switchesFound = 0;  // forced switches before shrinking
  std::uint64_t shrinkReplays = 0;
  RunResult run;                 // the shrunk schedule's replay
};

struct Result {
  std::uint64_t searched = 0;
  std::vector<std::uint64_t> finalStates;  // distinct, ascending
  std::uint64_t policySteps = 0;           // steps of the policy's schedule
  bool exhausted = false;    // exhaustive: every schedule within the bound was run
  bool interrupted = false;  // the cancel flag stopped it
  std::optional<Found> found;
};

struct Hooks {
  // Asked between schedules, on any of the search's threads: true stops it.
  std::function<bool()> cancelled;
  // Called on the caller's thread, now and then while the search runs.
  std::function<void(const Progress&)> progress;
};

// `engine` is the launch's engine before its first step (its own schedule,
// if any, is set aside: the search starts from the policy).
Result explore(const Scenario& s, const PreparedScenario& p, const Engine& engine, const Options& o,
               const Hooks& hooks = {});

// One run of `schedule` from `engine`'s state, judged.
struct Replay {
  RunResult run;
  std::optional<Failure> failure;
  std::uint64_t finalState = 0;
};
Replay replaySchedule(const Scenario& s, const PreparedScenario& p, const Engine& engine,
                      std::shared_ptr<const ForcedSchedule> schedule, std::uint64_t maxSteps, const Reference* ref);

}  // namespace ws::core::explore
