// Fuzz entry: the engine running arbitrary parsed programs. The launch comes
// from an optional first line `//@ key=value ...`; every size is bounded by
// tight Limits and every run by a step budget, so a hostile program can only
// end in a message. Invariants: recording a step (History) executes exactly
// what an unrecorded step does; moving back and forth through the history
// (checkpoints, replay, the memory budget dropping old steps) reproduces the
// same states; the views and the scene build at any position; a random
// walk's forced switches, replayed as a saved schedule, end where it did.
#include <algorithm>
#include <charconv>
#include <exception>

#include <fmt/format.h>

#include "core/explore/strategy.hpp"
#include "core/ptx/parser.hpp"
#include "core/trace/history.hpp"
#include "fuzz/fuzz_entries.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"
#include "ui/files/svg_writer.hpp"
#include "ui/scene/theme.hpp"

namespace ws::fuzz {
namespace {

struct Header {
  std::uint32_t entry = 0;
  core::LaunchConfig launch;
  core::EngineOptions options;
  std::uint64_t steps = 2000;
  core::HistoryOptions history{.checkpointEvery = 64, .maxBytes = 0};
};

std::uint32_t number(std::string_view v) {
  std::uint64_t n = 0;
  std::from_chars(v.data(), v.data() + v.size(), n);
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(n, UINT32_MAX));
}

core::Dim3 dims(std::string_view v) {
  core::Dim3 d{1, 1, 1};
  for (std::size_t k = 0; k < 3 && !v.empty(); ++k) {
    const std::size_t comma = v.find(',');
    d[k] = number(v.substr(0, comma));
    v = comma == std::string_view::npos ? std::string_view{} : v.substr(comma + 1);
  }
  return d;
}

Header parseHeader(std::string_view data) {
  Header h;
  h.options.scheduling = core::WarpScheduling::RoundRobin;
  h.options.checkRaces = true;  // as the viewers run: the race detector and its history copies are fuzzed too
  if (data.substr(0, 3) != "//@") return h;
  std::string_view line = data.substr(3, data.find('\n') == std::string_view::npos ? data.size() : data.find('\n') - 3);
  while (!line.empty()) {
    const std::size_t sp = line.find(' ');
    const std::string_view kv = line.substr(0, sp);
    line = sp == std::string_view::npos ? std::string_view{} : line.substr(sp + 1);
    const std::size_t eq = kv.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view k = kv.substr(0, eq), v = kv.substr(eq + 1);
    if (k == "entry") h.entry = number(v);
    else if (k == "grid") h.launch.grid = dims(v);
    else if (k == "block") h.launch.block = dims(v);
    else if (k == "cluster") h.launch.cluster = dims(v);
    else if (k == "mode") h.options.mode = v == "hardware" ? core::ExecMode::Hardware : core::ExecMode::Strict;
    else if (k == "sched") h.options.scheduling = v == "rtb" ? core::WarpScheduling::RunToBlock : core::WarpScheduling::RoundRobin;
    else if (k == "async")
      h.options.asyncCompletion = v == "newest" ? core::AsyncCompletion::Newest
                                  : v == "lazy" ? core::AsyncCompletion::Lazy
                                  : v == "manual" ? core::AsyncCompletion::Manual
                                                  : core::AsyncCompletion::Oldest;
    else if (k == "races") h.options.checkRaces = v != "0";
    else if (k == "steps") h.steps = std::min<std::uint64_t>(number(v), 3000);
    else if (k == "hist") h.history.maxBytes = static_cast<std::uint64_t>(number(v)) << 10;  // KiB
    else if (k == "cp") h.history.checkpointEvery = std::clamp<std::uint32_t>(number(v), 1, 4096);
  }
  return h;
}

core::Limits fuzzLimits() {
  core::Limits l;
  l.maxThreads = 1024;
  l.maxBufferBytes = 1u << 16;
  l.maxTotalBufferBytes = 1u << 20;
  l.maxStateBytes = 32u << 20;
  return l;
}

// Every 8-byte parameter gets a 4 KiB buffer (kernels take pointers there),
// every other parameter a small scalar.
void addParams(const core::Program& p, const core::Function& fn, core::LaunchConfig& launch) {
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    const core::Symbol& s = p.symbols[fn.params[i]];
    if (s.size == 8) {
      core::BufferSpec b;
      b.name = s.name;
      b.bytes.resize(4096);
      for (std::size_t k = 0; k < b.bytes.size(); ++k) b.bytes[k] = static_cast<std::uint8_t>((k * 2654435761u) >> 13);
      launch.params.push_back(core::ParamValue::buf(static_cast<std::uint32_t>(launch.buffers.size())));
      launch.buffers.push_back(std::move(b));
    } else {
      launch.params.push_back(core::ParamValue::scalar(32 + i));
    }
  }
}

std::string history(const core::Engine& start, const Header& h) {
  core::Engine plain = start;
  core::History hist(start, h.history);
  const core::MachineState initial = start.state();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> marks;  // (position, state hash)
  for (std::uint64_t i = 0; i < h.steps; ++i) {
    const core::StepResult a = hist.forward();
    const core::StepResult b = plain.step(nullptr);
    if (a.executed != b.executed || a.stop != b.stop)
      return fmt::format("step {}: recorded and plain steps differ (executed {} vs {}, stop {} vs {})", i, a.executed,
                         b.executed, static_cast<int>(a.stop), static_cast<int>(b.stop));
    if (i % 61 == 0) {
      const std::uint64_t hash = hist.state().hash();
      if (hash != plain.state().hash()) return fmt::format("step {}: recorded and plain states differ", i);
      marks.emplace_back(hist.position(), hash);
    }
    if (!a.executed || a.stop != core::StopReason::None) break;
  }
  const std::uint64_t finalPos = hist.position(), finalHash = hist.state().hash();
  if (finalHash != plain.state().hash()) return "the final recorded and plain states differ";
  if (h.history.maxBytes && hist.memoryBytes() > h.history.maxBytes && hist.earliest() < hist.position())
    return fmt::format("history holds {} bytes, over its budget of {}", hist.memoryBytes(), h.history.maxBytes);

  if (hist.seek(0) != hist.earliest()) return "seek(0) did not reach the earliest kept step";
  if (hist.earliest() == 0 && !(hist.state() == initial)) return "seek(0) did not restore the launch state";
  for (const auto& [pos, hash] : marks) {
    if (pos < hist.earliest()) continue;
    if (hist.seek(pos) != pos) return fmt::format("seek({}) did not reach it", pos);
    if (hist.state().hash() != hash) return fmt::format("seek({}) gives another state than stepping did", pos);
  }
  if (hist.seek(finalPos) != finalPos || hist.state().hash() != finalHash) return "seeking to the end differs";
  int back = 0;
  while (back < 5 && hist.back()) ++back;
  for (int k = 0; k < back; ++k) hist.forward();
  if (hist.state().hash() != finalHash) return "stepping back and forward again differs";
  return {};
}

// Schedule exploration's promise: the switches a chooser forced, replayed as
// a schedule, take the run to the same state. (A hang is found by probes
// whose timing depends on how the steps were taken: those runs only have
// to end alike.)
std::string schedules(const core::Engine& start, const Header& h) {
  core::Engine chosen = start;
  core::explore::RandomChooser walk(h.steps * 7919 + 1, h.steps);
  const core::RunResult a = chosen.run(h.steps, &walk);
  core::Engine replayed = start;
  replayed.setSchedule(std::make_shared<core::ForcedSchedule>(core::ForcedSchedule{a.forced}));
  const core::RunResult b = replayed.run(h.steps);
  auto hung = [](const core::RunResult& r) {
    return std::any_of(r.diags.begin(), r.diags.end(), [](const core::Diagnostic& d) {
      return d.kind == core::DiagKind::Hang || d.kind == core::DiagKind::StepBudget;
    });
  };
  if (hung(a) || hung(b)) return {};
  if (a.stop != b.stop || a.steps != b.steps)
    return fmt::format("a replayed schedule ends otherwise: {} steps, stop {} against {} steps, stop {}", b.steps,
                       static_cast<int>(b.stop), a.steps, static_cast<int>(a.stop));
  if (chosen.state().hash() != replayed.state().hash()) return "a replayed schedule reaches another state";
  return {};
}

void views(ui::Session& s) {
  s.views();
  const ui::Scene scene = ui::buildScene(s.frame(), &s.index(), ui::Theme{});
  (void)ui::toSvg(scene);
}

// The session the front ends drive: its step units, views and scene.
void session(const core::Engine& start, const Header& h) {
  ui::SessionSource meta;
  meta.launch = start.launch();
  auto s = ui::Session::fromEngine(start, std::move(meta), h.history);
  views(*s);
  s->step(core::StepUnit::NextCollective, 0, 300);
  s->step(core::StepUnit::Cycle, 0, 300);
  views(*s);
  s->continueFor(std::min<std::uint64_t>(h.steps, 600));
  views(*s);
  s->seek(s->position() / 2);
  s->stepBack();
  views(*s);
  s->reverseContinueFor(100);
}

}  // namespace

std::string runProgramInput(std::string_view data) {
  const Header h = parseHeader(data);
  try {
    auto parsed = core::parsePtx(data, "fuzz.ptx");
    if (!parsed.ok()) return {};
    auto program = std::make_shared<const core::Program>(std::move(*parsed.program));
    std::vector<const core::Function*> entries;
    for (const auto& f : program->functions)
      if (f.isEntry) entries.push_back(&f);
    if (entries.empty()) return {};
    const core::Function& fn = *entries[h.entry % entries.size()];
    core::LaunchConfig launch = h.launch;
    launch.entry = fn.name;
    addParams(*program, fn, launch);
    auto made = core::Engine::create(program, launch, h.options, fuzzLimits());
    if (auto* e = std::get_if<std::string>(&made)) return e->empty() ? "the engine refused a launch without a message" : "";
    const core::Engine& start = std::get<core::Engine>(made);
    if (auto e = history(start, h); !e.empty()) return e;
    if (auto e = schedules(start, h); !e.empty()) return e;
    session(start, h);
  } catch (const std::exception& e) {
    return fmt::format("the engine threw: {}", e.what());
  }
  return {};
}

}  // namespace ws::fuzz
