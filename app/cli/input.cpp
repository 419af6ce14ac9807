#include "app/cli/input.hpp"

#include <cstring>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/cli/cli_common.hpp"
#include "core/ptx/parser.hpp"
#include "ui/mufu_assets.hpp"

namespace ws::cli {
namespace {

void addLoadError(std::string& errors, const core::LoadError& e) {
  if (e.line == 0) errors += fmt::format("{}: error: {}\n", e.file, e.message);
  else errors += e.str() + "\n";
}

std::optional<Input> loadPtx(const InputOptions& o, std::string& errors) {
  std::string err;
  auto text = readTextFile(o.path, err);
  if (!text) {
    errors += fmt::format("error: {}\n", err);
    return std::nullopt;
  }
  auto parsed = core::parsePtx(*text, o.path);
  if (!parsed.ok()) {
    for (const auto& e : parsed.errors) addLoadError(errors, e);
    return std::nullopt;
  }
  Input in;
  core::PreparedScenario& p = in.prepared;
  p.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  p.ptxName = o.path;
  core::LaunchConfig& cfg = p.launch;
  cfg.entry = o.entry;
  if (cfg.entry.empty()) {
    std::vector<std::string> entries;
    for (const auto& f : p.program->functions)
      if (f.isEntry) entries.push_back(f.name);
    if (entries.size() != 1) {
      errors += fmt::format("error: {} has {} entries ({}); choose one with --entry\n", o.path, entries.size(),
                 fmt::join(entries, ", "));
      return std::nullopt;
    }
    cfg.entry = entries[0];
  }
  auto grid = parseDim3(o.grid, err);
  auto block = grid ? parseDim3(o.block, err) : std::nullopt;
  std::optional<core::Dim3> cluster = core::Dim3{0, 0, 0};
  if (block && !o.cluster.empty()) cluster = parseDim3(o.cluster, err);
  if (!grid || !block || !cluster) {
    errors += fmt::format("error: {}\n", err);
    return std::nullopt;
  }
  cfg.grid = *grid;
  cfg.block = *block;
  cfg.cluster = *cluster;
  for (std::size_t i = 0; i < o.buffers.size(); ++i) {
    auto words = readWordsFile(o.buffers[i], err);
    if (!words) {
      errors += fmt::format("{}\n", err);
      return std::nullopt;
    }
    core::BufferSpec b;
    b.name = o.buffers[i];
    b.bytes.resize(words->size() * 4);
    if (!words->empty()) std::memcpy(b.bytes.data(), words->data(), b.bytes.size());
    cfg.buffers.push_back(std::move(b));
    cfg.params.push_back(core::ParamValue::buf(static_cast<std::uint32_t>(i)));
    p.bufferTypes.push_back(core::WordType::U32);
  }
  for (std::uint64_t s : o.scalars) cfg.params.push_back(core::ParamValue::scalar(s));
  cfg.dynamicSharedBytes = o.dynamicSmem;
  p.options.mode = o.mode == "hardware" ? core::ExecMode::Hardware : core::ExecMode::Strict;
  // Headless runs of a plain PTX file keep a warp going until it blocks: the
  // same results for race-free programs, and fast.
  p.options.scheduling = core::WarpScheduling::RunToBlock;
  in.maxSteps = o.maxSteps ? o.maxSteps : core::kDefaultMaxSteps;
  return in;
}

std::optional<Input> loadToml(const InputOptions& o, std::string& errors) {
  auto load = core::loadScenarioFile(o.path);
  if (!load.ok()) {
    for (const auto& e : load.errors) addLoadError(errors, e);
    if (load.errors.empty()) errors += fmt::format("{}: error: the scenario could not be loaded\n", o.path);
    return std::nullopt;
  }
  const bool launchFlags = !o.entry.empty() || o.grid != "1" || o.block != "32" || !o.cluster.empty() ||
                           !o.buffers.empty() || !o.scalars.empty() || o.dynamicSmem != 0;
  if (launchFlags) {
    errors += fmt::format("error: {} is a scenario: its [launch] and [[param]] sections say how to run it, so "
                       "--entry/--grid/--block/--cluster/--buffer/--scalar/--dynamic-smem do not apply\n", o.path);
    return std::nullopt;
  }
  Input in;
  in.prepared = std::move(*load.prepared);
  in.scenario = std::move(*load.scenario);
  if (o.mode == "hardware") in.prepared.options.mode = core::ExecMode::Hardware;
  else if (o.mode == "strict") in.prepared.options.mode = core::ExecMode::Strict;
  in.maxSteps = o.maxSteps ? o.maxSteps : in.prepared.maxSteps;
  return in;
}

}  // namespace

void addInputOptions(CLI::App* cmd, InputOptions& o, bool withMode) { addInputOptions(cmd, o, withMode, true); }

void addInputOptions(CLI::App* cmd, InputOptions& o, bool withMode, bool inputRequired) {
  cmd->add_option("input", o.path, "scenario file (.toml) or PTX file (as nvcc -ptx writes it)")
      ->required(inputRequired);
  cmd->add_option("--entry", o.entry, "PTX input: kernel entry to launch (default: the only one)");
  cmd->add_option("--grid", o.grid, "PTX input: grid dimensions, N or X,Y,Z (default 1)");
  cmd->add_option("--block", o.block, "PTX input: block dimensions, N or X,Y,Z (default 32)");
  cmd->add_option("--cluster", o.cluster, "PTX input: cluster dimensions, N or X,Y,Z (default: the entry's "
                                          ".reqnctapercluster)");
  cmd->add_option("--buffer", o.buffers,
                  "PTX input: JSON file with an array of 32-bit words; each becomes the next pointer parameter");
  cmd->add_option("--scalar", o.scalars, "PTX input: a scalar parameter value, in parameter order after the buffers");
  cmd->add_option("--dynamic-smem", o.dynamicSmem,
                  "PTX input: bytes of dynamic shared memory per CTA (what extern __shared__ arrays get; default 0)");
  if (withMode)
    cmd->add_option("--mode", o.mode, "strict (stop at undefined behaviour) or hardware (go on as an H100); "
                                      "default: the scenario's engine.mode, else strict")
        ->check(CLI::IsMember({"strict", "hardware"}));
  cmd->add_option("--max-steps", o.maxSteps, "stop after this many steps (default: the scenario's "
                                             "engine.max_steps, else 50000000)")
      ->check(CLI::PositiveNumber);
}

ui::ScenarioStart debuggerStart(const Input& in) {
  ui::ScenarioStart start = ui::scenarioStart(in.prepared, in.scenario ? &*in.scenario : nullptr);
  if (!in.scenario && start.engine) {
    core::EngineOptions opts = start.engine->options();
    opts.scheduling = core::WarpScheduling::RoundRobin;
    start.engine->setOptions(opts);
  }
  return start;
}

bool isScenarioPath(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".toml") == 0;
}

std::optional<Input> loadInput(const InputOptions& o, std::string& errors) {
  auto in = isScenarioPath(o.path) ? loadToml(o, errors) : loadPtx(o, errors);
  // The H100's recorded MUFU results, so .approx math is bit-exact.
  if (in) in->prepared.options.mufu = ui::bundledMufuTables();
  return in;
}

std::optional<Input> loadInput(const InputOptions& o) {
  std::string errors;
  auto in = loadInput(o, errors);
  if (!errors.empty()) fmt::print(stderr, "{}", errors);
  // What loads but will not run: one line per kind, at its first use.
  if (in && in->prepared.program)
    for (const core::LoadError& w : in->prepared.program->warnings) fmt::print(stderr, "{}\n", w.str());
  return in;
}

}  // namespace ws::cli
