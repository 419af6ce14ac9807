#include "core/explore/explorer.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "core/explore/shrink.hpp"
#include "core/explore/strategy.hpp"

namespace ws::core::explore {
namespace {

bool cancelled(const Hooks& h) { return h.cancelled && h.cancelled(); }

// The schedules of this shard, the policy's (index 0) included where it is one.
std::uint64_t shardTotal(const Options& o) {
  if (o.schedules <= o.shard) return 0;
  return (o.schedules - o.shard + o.shards - 1) / o.shards;
}

struct Hit {
  std::uint64_t index = 0;
  std::vector<ForcedPick> forced;
};

// The randomized strategies: schedules 1.. of this shard on `jobs` threads.
// Every thread takes the next index; once a schedule fails, no thread
// starts one of a higher index, and the lowest failing index wins.
std::optional<Hit> searchRandom(const Scenario& s, const PreparedScenario& p, const Engine& proto, const Options& o,
                                const Reference& ref, std::uint64_t policySteps, const Hooks& hooks, Result& res,
                                std::set<std::uint64_t>& finals) {
  const auto warps = static_cast<std::uint32_t>(proto.state().warps.size());
  std::atomic<std::uint64_t> nextK{0};
  std::atomic<std::uint64_t> firstFail{UINT64_MAX};
  std::mutex mu;
  std::condition_variable cv;
  std::optional<Hit> hit;
  unsigned running = std::max(1u, o.jobs);
  auto worker = [&] {
    for (;;) {
      if (cancelled(hooks)) break;
      const std::uint64_t g = o.shard + nextK.fetch_add(1) * o.shards;
      if (g >= o.schedules || g > firstFail.load()) break;
      if (g == 0) continue;  // the policy's schedule ran first
      const std::uint64_t seed = mixSeed(o.seed, g);
      Engine e = proto;
      RunResult r;
      if (o.strategy == Strategy::Pct) {
        PctChooser c(seed, o.depth, policySteps, warps);
        r = e.run(o.maxSteps, &c);
      } else {
        RandomChooser c(seed, policySteps);
        r = e.run(o.maxSteps, &c);
      }
      const std::optional<Failure> f = judge(s, p, e, r, &ref);
      const std::uint64_t state = finalState(e, p, r.stop);
      std::lock_guard lock(mu);
      finals.insert(state);
      ++res.searched;
      if (f && (!hit || g < hit->index)) {
        hit = Hit{g, std::move(r.forced)};
        firstFail = g;
      }
    }
    std::lock_guard lock(mu);
    --running;
    cv.notify_all();
  };
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < std::max(1u, o.jobs); ++i) threads.emplace_back(worker);
  {
    std::unique_lock lock(mu);
    while (running > 0) {
      cv.wait_for(lock, std::chrono::milliseconds(100));
      if (hooks.progress) {
        const Progress pr{res.searched, shardTotal(o), finals.size()};
        lock.unlock();
        hooks.progress(pr);
        lock.lock();
      }
    }
  }
  for (std::thread& t : threads) t.join();
  return hit;
}

// Depth-first over the schedules with at most `bound` forced switches, on
// the caller's thread, at most `budget` of them. Its first schedule is the
// policy's. With `want`, only a failure like it counts.
std::optional<Hit> searchExhaustive(const Scenario& s, const PreparedScenario& p, const Engine& proto,
                                    std::uint32_t bound, std::uint64_t budget, std::uint64_t maxSteps,
                                    const Reference& ref, std::uint64_t policySteps, const Hooks& hooks,
                                    const Failure* want, Result& res, std::set<std::uint64_t>& finals) {
  std::vector<DfsChooser::Branch> path;
  for (std::uint64_t index = 0; index < budget; ++index) {
    if (cancelled(hooks)) return std::nullopt;
    Engine e = proto;
    DfsChooser c(e, path, bound, policySteps);
    RunResult r = e.run(maxSteps, &c);
    path.resize(c.reached());
    if (index > 0) {
      ++res.searched;
      finals.insert(finalState(e, p, r.stop));
      const std::optional<Failure> f = judge(s, p, e, r, &ref);
      if (f && (!want || f->sameAs(*want))) return Hit{index, std::move(r.forced)};
      if (hooks.progress) hooks.progress(Progress{res.searched, budget, finals.size()});
    }
    if (!DfsChooser::advance(path)) {
      res.exhausted = true;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view strategySlug(Strategy s) {
  switch (s) {
    case Strategy::Pct: return "pct";
    case Strategy::Random: return "random";
    case Strategy::Exhaustive: return "exhaustive";
  }
  return "";
}

std::optional<Strategy> strategyFromSlug(std::string_view s) {
  for (Strategy x : {Strategy::Pct, Strategy::Random, Strategy::Exhaustive})
    if (strategySlug(x) == s) return x;
  return std::nullopt;
}

Replay replaySchedule(const Scenario& s, const PreparedScenario& p, const Engine& engine,
                      std::shared_ptr<const ForcedSchedule> schedule, std::uint64_t maxSteps, const Reference* ref) {
  Engine e = engine;
  e.setSchedule(std::move(schedule));
  Replay out;
  out.run = e.run(maxSteps);
  out.failure = judge(s, p, e, out.run, ref);
  out.finalState = finalState(e, p, out.run.stop);
  return out;
}

Result explore(const Scenario& scenario, const PreparedScenario& p, const Engine& engine, const Options& o,
               const Hooks& hooks) {
  Scenario unexpecting;
  if (o.ignoreExpectations) {
    unexpecting = scenario;
    unexpecting.expect = Expectations{};
  }
  const Scenario& s = o.ignoreExpectations ? unexpecting : scenario;
  Engine proto = engine;
  proto.setSchedule(nullptr);
  Result res;
  std::set<std::uint64_t> finals;

  // The policy's schedule: the reference.
  Engine first = proto;
  RunResult r0 = first.run(o.maxSteps);
  res.policySteps = r0.steps;
  const Reference ref = referenceOf(first, p);
  finals.insert(finalState(first, p, r0.stop));
  if (o.shard == 0) res.searched = 1;
  if (std::optional<Failure> f0 = judge(s, p, first, r0, nullptr)) {
    res.found = Found{0, *f0, {}, 0, 0, std::move(r0)};
    res.finalStates.assign(finals.begin(), finals.end());
    return res;
  }

  const std::optional<Hit> hit =
      o.strategy == Strategy::Exhaustive
          ? searchExhaustive(s, p, proto, o.depth, o.schedules, o.maxSteps, ref, res.policySteps, hooks, nullptr,
                             res, finals)
          : searchRandom(s, p, proto, o, ref, res.policySteps, hooks, res, finals);
  res.interrupted = cancelled(hooks);
  res.finalStates.assign(finals.begin(), finals.end());
  if (!hit) return res;

  // Replay it from a fresh engine (a saved scenario does just that), then
  // shrink it to the fewest forced switches that fail the same way.
  Found found;
  found.index = hit->index;
  found.switchesFound = hit->forced.size();
  Replay full = replaySchedule(s, p, proto, std::make_shared<ForcedSchedule>(ForcedSchedule{hit->forced}), o.maxSteps, &ref);
  std::vector<ForcedPick> picks = hit->forced;
  if (full.failure && o.shrink) {
    const Failure want = *full.failure;
    const Shrunk sh = shrinkSchedule(
        picks,
        [&](const std::vector<ForcedPick>& c) {
          const Replay rp = replaySchedule(s, p, proto, std::make_shared<ForcedSchedule>(ForcedSchedule{c}), o.maxSteps, &ref);
          return rp.failure && rp.failure->sameAs(want);
        },
        o.shrinkReplays);
    picks = sh.picks;
    found.shrinkReplays = sh.tests;
    // Delta debugging keeps a set no switch of which can go, but dropping
    // one moves the steps after it: a schedule with fewer switches may
    // still fail elsewhere. Look for one among all schedules with fewer.
    while (picks.size() > 1 && found.shrinkReplays < o.shrinkReplays && !cancelled(hooks)) {
      Result scratch;
      std::set<std::uint64_t> seen;
      const std::optional<Hit> fewer =
          searchExhaustive(s, p, proto, static_cast<std::uint32_t>(picks.size() - 1), o.shrinkReplays - found.shrinkReplays,
                           o.maxSteps, ref, res.policySteps, hooks, &want, scratch, seen);
      found.shrinkReplays += scratch.searched;
      if (!fewer || fewer->forced.size() >= picks.size()) break;
      picks = fewer->forced;
    }
  }
  Replay last = replaySchedule(s, p, proto, std::make_shared<ForcedSchedule>(ForcedSchedule{picks}), o.maxSteps, &ref);
  // The switches that took effect (one that could not run where it stands
  // changes nothing, and a saved schedule does without it).
  found.schedule.picks = last.run.forced;
  found.failure = last.failure ? *last.failure : full.failure.value_or(Failure{});
  found.run = std::move(last.run);
  res.found = std::move(found);
  return res;
}

}  // namespace ws::core::explore
