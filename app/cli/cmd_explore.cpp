// `warpscope-cli explore SCENARIO|PTX`: runs the launch under many legal
// schedules (core/explore/, docs/explore.md) and reports the first that
// fails; -o saves it, shrunk, as a scenario that replays it exactly.
#include "app/cli/cmd_explore.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "app/cli/report.hpp"
#include "app/cli/run_loop.hpp"
#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/explore/explorer.hpp"
#include "core/scenario/schedule/schedule.hpp"
#include "ui/files/scenario_document.hpp"
#include "ui/frame/format.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::cli {
namespace {

namespace ex = core::explore;

// "I/N" with 0 <= I < N.
bool parseShard(const std::string& s, std::uint32_t& i, std::uint32_t& n) {
  unsigned a = 0, b = 0;
  char tail = 0;
  if (std::sscanf(s.c_str(), "%u/%u%c", &a, &b, &tail) != 2 || b == 0 || a >= b) return false;
  i = a;
  n = b;
  return true;
}

std::string_view failureKind(ex::Failure::Kind k) {
  switch (k) {
    case ex::Failure::Kind::Diagnostic: return "diagnostic";
    case ex::Failure::Kind::Stop: return "stop";
    case ex::Failure::Kind::Expectation: return "expectation";
    case ex::Failure::Kind::Differs: return "differs";
  }
  return "";
}

std::string describeSwitch(const app::Input& in, const core::ScheduleSwitch& s, const core::Pick& pick) {
  if (s.async) return fmt::format("step {}: async operation {} completes", s.step, *s.async);
  const core::Program& p = *in.prepared.program;
  const std::uint32_t line = pick.pc < p.instrs.size() ? ptxLineOf(p, pick.pc) : 0;
  return fmt::format("step {}: CTA {} warp {}, {}, runs {}: {}", s.step, s.cta, s.warp, ui::lanesPhrase(s.lanes),
                     in.prepared.where(line), ui::instrText(p, pick.pc));
}

// A progress bar on a terminal, redrawn at most ten times a second.
class ProgressBar {
 public:
  explicit ProgressBar(bool on) : m_on(on) {}
  void show(const ex::Progress& p) {
    if (!m_on) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - m_last < std::chrono::milliseconds(100)) return;
    m_last = now;
    constexpr int kWidth = 30;
    const int filled = p.total ? static_cast<int>(kWidth * std::min(p.searched, p.total) / p.total) : 0;
    fmt::print(stderr, "\r[{}{}] {}/{} schedules, {} final state{}", std::string(static_cast<std::size_t>(filled), '#'),
               std::string(static_cast<std::size_t>(kWidth - filled), ' '), p.searched, p.total, p.distinct,
               p.distinct == 1 ? "" : "s");
    std::fflush(stderr);
    m_drawn = true;
  }
  void clear() {
    if (m_drawn) fmt::print(stderr, "\r{:80}\r", "");
    m_drawn = false;
  }

 private:
  bool m_on;
  bool m_drawn = false;
  std::chrono::steady_clock::time_point m_last{};
};

// The input scenario with the schedule and the policies it is relative to.
core::Scenario foundScenario(const app::Input& in, core::ScheduleSpec spec) {
  core::Scenario s = in.scenario;
  s.engine.options = in.prepared.options;
  s.engine.options.mufu = nullptr;
  s.engine.checkRaces = in.prepared.options.checkRaces;
  s.schedule = std::move(spec);
  if (s.title.find("schedule found") == std::string::npos)
    s.title = fmt::format("{} (schedule found by explore)", s.title.empty() ? in.prepared.launch.entry : s.title);
  return s;
}

}  // namespace

void addExploreCommand(CLI::App& app, ExploreOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "explore", "Run a scenario or PTX launch under many legal schedules (warp order, divergent paths, async "
                 "completions) and report the first that fails");
  app::addInputOptions(cmd, o.in, true);
  cmd->add_option("--strategy", o.strategy,
                  "pct (random priorities with --depth change points; default), random (a random choice every "
                  "step) or exhaustive (every schedule with at most --depth forced switches)")
      ->check(CLI::IsMember({"pct", "random", "exhaustive"}));
  cmd->add_option("--schedules", o.schedules, "schedules to run at most, all shards together (default 1000)")
      ->check(app::wholeNumber(1, UINT64_MAX));
  cmd->add_option("--seed", o.seed, "seed of the randomized strategies (default 1)");
  cmd->add_option("--depth", o.depth, "pct: bug depth d, d - 1 change points (default 3); exhaustive: most forced "
                                      "switches (default 2)")
      ->check(app::wholeNumber(1, 64));
  cmd->add_option("--jobs,-j", o.jobs, "threads (default: every core)")->check(app::wholeNumber(1, 1024));
  cmd->add_option("--shard", o.shard, "I/N: run only schedules i with i % N == I, so that N machines split one "
                                      "search (a Slurm job array, GNU parallel)");
  cmd->add_option("-o,--output", o.output, "save the failing schedule, shrunk, as a scenario that replays it");
  cmd->add_flag("--no-shrink", o.noShrink, "keep every forced switch of the failing schedule");
  cmd->add_flag("--ignore-expect", o.ignoreExpect,
                "judge schedules as if the scenario had no [expect] (a lesson that expects its bug to show)");
  cmd->add_flag("--json", o.json, "print the result as JSON");
  cmd->footer("A schedule fails with an error or undefined behaviour (a race, a hang, a deadlock), an [expect] not "
              "met, or, where the scenario expects nothing, final buffers other than the scheduling policy's.\n"
              "Exit status: 0 no failing schedule within the budget, 1 one was found, 2 bad command line or input, "
              "130 interrupted.");
}

int exploreCommand(const ExploreOptions& o) {
  ex::Options opt;
  opt.strategy = *ex::strategyFromSlug(o.strategy);
  opt.schedules = o.schedules;
  opt.seed = o.seed;
  opt.depth = o.depth.value_or(opt.strategy == ex::Strategy::Exhaustive ? 2u : 3u);
  opt.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  opt.shrink = !o.noShrink;
  opt.ignoreExpectations = o.ignoreExpect;
  if (!o.shard.empty() && !parseShard(o.shard, opt.shard, opt.shards)) {
    fmt::print(stderr, "error: --shard '{}' is not I/N with 0 <= I < N\n", o.shard);
    return app::kExitUsage;
  }
  if (opt.shards > 1 && opt.strategy == ex::Strategy::Exhaustive) {
    fmt::print(stderr, "error: --shard splits the pct and random strategies; exhaustive search runs on one machine\n");
    return app::kExitUsage;
  }
  auto in = app::loadEngine(o.in);
  if (!in) return app::kExitUsage;
  opt.maxSteps = in->maxSteps;
  const core::Engine& engine = *in->engine;

  SigintGuard sigint;
  ProgressBar bar(!o.json && ::isatty(STDERR_FILENO) != 0);
  ex::Hooks hooks;
  hooks.cancelled = [] { return SigintGuard::interrupted(); };
  hooks.progress = [&](const ex::Progress& p) { bar.show(p); };
  const auto start = std::chrono::steady_clock::now();
  const ex::Result res = ex::explore(in->scenario, in->prepared, engine, opt, hooks);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bar.clear();

  const std::string by = fmt::format("explore --strategy {} --seed {} --depth {}: schedule {} of {}",
                                     ex::strategySlug(opt.strategy), opt.seed, opt.depth,
                                     res.found ? res.found->index : 0, opt.schedules);
  const core::ScheduleSpec spec =
      res.found ? core::scheduleSpec(res.found->schedule, engine.state(), by) : core::ScheduleSpec{};
  std::string saved, saveError;
  if (res.found && !o.output.empty()) {
    core::Scenario s = foundScenario(*in, spec);
    saveError = ui::saveScenarioAs(s, o.output);
    if (saveError.empty()) saved = o.output;
  }

  const std::string entry = in->prepared.launch.entry;
  if (o.json) {
    nlohmann::json j;
    j["entry"] = entry;
    j["strategy"] = ex::strategySlug(opt.strategy);
    j["seed"] = opt.seed;
    j["depth"] = opt.depth;
    j["shard"] = fmt::format("{}/{}", opt.shard, opt.shards);
    j["searched"] = res.searched;
    j["final_states"] = res.finalStates.size();
    j["final_state_hashes"] = nlohmann::json::array();
    for (std::uint64_t h : res.finalStates) j["final_state_hashes"].push_back(fmt::format("{:016x}", h));
    j["policy_steps"] = res.policySteps;
    j["exhausted"] = res.exhausted;
    j["interrupted"] = res.interrupted;
    j["seconds"] = seconds;
    if (res.found) {
      const ex::Found& f = *res.found;
      nlohmann::json fj;
      fj["schedule"] = f.index;
      fj["failure"] = {{"kind", failureKind(f.failure.kind)}, {"what", f.failure.what}};
      fj["switches"] = nlohmann::json::array();
      for (std::size_t i = 0; i < spec.switches.size(); ++i) {
        const core::ScheduleSwitch& s = spec.switches[i];
        const core::ForcedPick& p = f.schedule.picks[i];
        nlohmann::json sj = {{"step", s.step}};
        if (s.async) {
          sj["async"] = *s.async;
        } else {
          sj["cta"] = s.cta;
          sj["warp"] = s.warp;
          sj["lanes"] = hexMask(s.lanes);
          sj["ptx_line"] = ptxLineOf(*in->prepared.program, p.pick.pc);
        }
        fj["switches"].push_back(sj);
      }
      fj["switches_found"] = f.switchesFound;
      fj["shrink_replays"] = f.shrinkReplays;
      fj["stop"] = core::stopSlug(f.run.stop);
      fj["steps"] = f.run.steps;
      fj["diagnostics"] = nlohmann::json::array();
      for (const auto& d : f.run.diags) fj["diagnostics"].push_back(diagnosticJson(*in, d));
      if (!saved.empty()) fj["saved"] = saved;
      j["found"] = fj;
    }
    fmt::print("{}\n", j.dump(1));
  } else {
    const std::string searched = fmt::format(
        "{} schedule{} ({} distinct final state{}) in {:.1f} s", res.searched, res.searched == 1 ? "" : "s",
        res.finalStates.size(), res.finalStates.size() == 1 ? "" : "s", seconds);
    if (res.found) {
      const ex::Found& f = *res.found;
      fmt::print("{}: schedule {} fails: {}\n", entry, f.index, f.failure.what);
      if (f.index == 0) {
        fmt::print("  the scheduling policy's own schedule fails: no switch needed\n");
      } else {
        fmt::print("  {} forced switch{}", f.schedule.picks.size(), f.schedule.picks.size() == 1 ? "" : "es");
        if (opt.shrink) fmt::print(" (shrunk from {} in {} replays)", f.switchesFound, f.shrinkReplays);
        fmt::print(":\n");
        for (std::size_t i = 0; i < spec.switches.size(); ++i)
          fmt::print("    {}\n", describeSwitch(*in, spec.switches[i], f.schedule.picks[i].pick));
      }
      for (const auto& d : f.run.diags) printDiagnostic(*in, d);
      fmt::print("searched {}\n", searched);
      if (!saved.empty()) fmt::print("saved to {}: replay it with `warpscope-cli run {}` or open it in a viewer\n", saved, saved);
    } else {
      fmt::print("{}: no failing schedule in {}{}{}\n", entry, searched,
                 res.exhausted ? fmt::format("; that is every schedule with at most {} forced switches", opt.depth) : "",
                 res.interrupted ? " before the search was interrupted" : "");
    }
  }
  if (!saveError.empty()) {
    fmt::print(stderr, "error: {}\n", saveError);
    return app::kExitUsage;
  }
  if (res.interrupted && !res.found) return app::kExitInterrupted;
  return res.found ? app::kExitFailed : app::kExitOk;
}

}  // namespace ws::cli
