// `warpscope-cli run FILE.ptx --entry E --grid G --block B [--cluster C]
//  --buffer in.json ... [--scalar V ...] [--json]`: runs one kernel launch to
// the end and prints the final buffers.
#include "app/cli/cmd_run.hpp"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "core/exec/diagnostic.hpp"
#include "core/ptx/parser.hpp"

namespace ws::cli {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void onSigint(int) { g_interrupted = 1; }

std::vector<std::uint32_t> toWords(const std::vector<std::uint8_t>& b) {
  std::vector<std::uint32_t> w(b.size() / 4);
  if (!w.empty()) std::memcpy(w.data(), b.data(), w.size() * 4);
  return w;
}

}  // namespace

void addRunCommand(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Run a PTX kernel launch to the end and print the final buffers");
  run->add_option("ptx", o.ptxPath, "PTX file (as nvcc -ptx writes it)")->required();
  run->add_option("--entry", o.entry, "kernel entry to launch (default: the only one)");
  run->add_option("--grid", o.grid, "grid dimensions: N or X,Y,Z")->default_val("1");
  run->add_option("--block", o.block, "block dimensions: N or X,Y,Z")->default_val("32");
  run->add_option("--cluster", o.cluster, "cluster dimensions: N or X,Y,Z (default: the entry's .reqnctapercluster)");
  run->add_option("--buffer", o.buffers,
                  "JSON file with an array of 32-bit words; each becomes the next pointer parameter");
  run->add_option("--scalar", o.scalars, "a scalar parameter value, in parameter order after the buffers");
  run->add_option("--mode", o.mode, "strict (stop at undefined behaviour) or hardware (go on as an H100)")
      ->default_val("strict")
      ->check(CLI::IsMember({"strict", "hardware"}));
  run->add_option("--max-steps", o.maxSteps, "stop after this many warp instructions")->default_val(50'000'000);
  run->add_flag("--json", o.json, "print the result as JSON");
}

int runCommand(const RunOptions& o) {
  std::string err;
  auto text = readTextFile(o.ptxPath, err);
  if (!text) {
    fmt::print(stderr, "error: {}\n", err);
    return kExitUsage;
  }
  auto parsed = core::parsePtx(*text, o.ptxPath);
  if (!parsed.ok()) {
    for (const auto& e : parsed.errors) fmt::print(stderr, "{}\n", e.str());
    return kExitUsage;
  }
  auto program = std::make_shared<const core::Program>(std::move(*parsed.program));

  core::LaunchConfig cfg;
  cfg.entry = o.entry;
  if (cfg.entry.empty()) {
    int entries = 0;
    for (const auto& f : program->functions)
      if (f.isEntry) { cfg.entry = f.name; ++entries; }
    if (entries != 1) {
      fmt::print(stderr, "error: {} has {} entries; choose one with --entry\n", o.ptxPath, entries);
      return kExitUsage;
    }
  }
  auto grid = parseDim3(o.grid, err);
  auto block = grid ? parseDim3(o.block, err) : std::nullopt;
  std::optional<core::Dim3> cluster = core::Dim3{0, 0, 0};
  if (block && !o.cluster.empty()) cluster = parseDim3(o.cluster, err);
  if (!grid || !block || !cluster) {
    fmt::print(stderr, "error: {}\n", err);
    return kExitUsage;
  }
  cfg.grid = *grid;
  cfg.block = *block;
  cfg.cluster = *cluster;
  for (std::size_t i = 0; i < o.buffers.size(); ++i) {
    auto words = readWordsFile(o.buffers[i], err);
    if (!words) {
      fmt::print(stderr, "{}\n", err);
      return kExitUsage;
    }
    core::BufferSpec b;
    b.name = o.buffers[i];
    b.bytes.resize(words->size() * 4);
    if (!words->empty()) std::memcpy(b.bytes.data(), words->data(), b.bytes.size());
    cfg.buffers.push_back(std::move(b));
    cfg.params.push_back(core::ParamValue::buf(static_cast<std::uint32_t>(i)));
  }
  for (std::uint64_t s : o.scalars) cfg.params.push_back(core::ParamValue::scalar(s));

  core::EngineOptions opts;
  opts.mode = o.mode == "hardware" ? core::ExecMode::Hardware : core::ExecMode::Strict;
  opts.scheduling = core::WarpScheduling::RunToBlock;
  auto made = core::Engine::create(program, cfg, opts);
  if (auto* e = std::get_if<std::string>(&made)) {
    fmt::print(stderr, "error: {}\n", *e);
    return kExitUsage;
  }
  core::Engine engine = std::move(std::get<core::Engine>(made));

  // Run in chunks so Ctrl-C stops cleanly between steps.
  g_interrupted = 0;
  auto old = std::signal(SIGINT, onSigint);
  core::RunResult total;
  while (total.steps < o.maxSteps && !g_interrupted) {
    auto r = engine.run(std::min<std::uint64_t>(o.maxSteps - total.steps, 1'000'000));
    total.steps += r.steps;
    total.diags.insert(total.diags.end(), r.diags.begin(), r.diags.end());
    total.stop = r.stop;
    if (r.stop != core::StopReason::StepBudget) break;
  }
  std::signal(SIGINT, old);
  if (total.stop == core::StopReason::StepBudget) {
    total.diags.erase(std::remove_if(total.diags.begin(), total.diags.end(),
                                     [](const auto& d) { return d.kind == core::DiagKind::StepBudget; }),
                      total.diags.end());
    core::Diagnostic d;
    d.kind = core::DiagKind::StepBudget;
    d.step = engine.state().step;
    d.message = fmt::format("stopped after {} steps without finishing (--max-steps); the program may loop forever",
                            total.steps);
    total.diags.push_back(d);
  }
  const bool interrupted = g_interrupted != 0;

  if (o.json) {
    nlohmann::json j;
    j["entry"] = cfg.entry;
    j["steps"] = total.steps;
    j["stop"] = interrupted ? "interrupted" : stopName(total.stop);
    j["buffers"] = nlohmann::json::array();
    for (std::size_t i = 0; i < cfg.buffers.size(); ++i)
      j["buffers"].push_back({{"name", cfg.buffers[i].name}, {"words", toWords(engine.buffer(static_cast<std::uint32_t>(i)))}});
    j["diagnostics"] = nlohmann::json::array();
    for (const auto& d : total.diags) {
      const auto& p = *program;
      j["diagnostics"].push_back({{"kind", std::string(core::diagInfo(d.kind).title)},
                                  {"step", d.step},
                                  {"cta", d.cta},
                                  {"warp", d.warp},
                                  {"lanes", d.lanes},
                                  {"line", d.pc < p.instrs.size() ? p.instrs[d.pc].pos.line : 0},
                                  {"message", d.message},
                                  {"isa", std::string(core::diagInfo(d.kind).isaSentence)}});
    }
    fmt::print("{}\n", j.dump(1));
  } else {
    fmt::print("{}: {} after {} steps\n", cfg.entry, interrupted ? "interrupted" : stopName(total.stop), total.steps);
    for (std::size_t i = 0; i < cfg.buffers.size(); ++i) {
      auto w = toWords(engine.buffer(static_cast<std::uint32_t>(i)));
      fmt::print("{}: [{}]\n", cfg.buffers[i].name, fmt::join(w, ", "));
    }
    for (const auto& d : total.diags) {
      const auto& p = *program;
      const auto line = d.pc < p.instrs.size() ? p.instrs[d.pc].pos.line : 0;
      fmt::print(stderr, "{}:{}: {}: {}\n  ISA: {}\n", o.ptxPath, line, core::diagInfo(d.kind).title, d.message,
                 core::diagInfo(d.kind).isaSentence);
    }
  }
  if (interrupted) return 130;
  return total.stop == core::StopReason::Finished ? kExitOk : kExitFailed;
}

}  // namespace ws::cli
