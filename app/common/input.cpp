#include "app/common/input.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/common/option_rules.hpp"

namespace ws::app {

CLI::Validator wholeNumber(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) {
        std::string error;
        parseWholeNumber(text, min, max, error);
        return error;
      },
      max == kMaxCount ? fmt::format("N>={}", min) : fmt::format("{}..{}", min, max));
}

CLI::Validator themeName(bool fileAllowed) {
  return CLI::Validator([fileAllowed](std::string& text) { return themeNameError(text, fileAllowed); }, "THEME");
}

void addInputOptions(CLI::App* cmd, ui::LaunchRequest& o, bool withMode, bool inputRequired) {
  cmd->add_option("input", o.path, "scenario file (.toml) or PTX file (as nvcc -ptx writes it)")
      ->required(inputRequired);
  cmd->add_option("--entry", o.entry, "PTX input: kernel entry to launch (default: the only one)");
  cmd->add_option("--grid", o.grid, "PTX input: grid dimensions, N or X,Y,Z (default 1)");
  cmd->add_option("--block", o.block, "PTX input: block dimensions, N or X,Y,Z (default 32)");
  cmd->add_option("--cluster", o.cluster, "PTX input: cluster dimensions, N or X,Y,Z (default: the entry's "
                                          ".reqnctapercluster)");
  cmd->add_option("--buffer", o.buffers,
                  "PTX input: the next pointer parameter's buffer: a .json array of 32-bit words (other files: raw "
                  "bytes), zeros:N or iota:N");
  cmd->add_option("--scalar", o.scalars,
                  "PTX input: the next scalar parameter after the buffers, as its declared type: a value (42, "
                  "-1, 1.5) or 0x hex bits");
  cmd->add_option("--tensor-map", o.tensorMaps,
                  "PTX input: the next CUtensorMap parameter, as a scenario's tensor-map keys: "
                  "tensor_map=NAME,buffer=NAME,file=F.json,dtype=f16,dims=64x32,strides=128,box=16x8,swizzle=128B "
                  "(lists with x; docs/tma.md)");
  cmd->add_option("--dynamic-smem", o.dynamicSmem,
                  "PTX input: bytes of dynamic shared memory per CTA (what extern __shared__ arrays get; default 0)");
  cmd->add_option("--allow-files", o.allowFiles,
                  "scenario input: a folder the scenario may also read files from (repeatable); by default a "
                  "scenario reads only files in its own folder and the bundled lessons'");
  if (withMode)
    cmd->add_option("--mode", o.mode, "strict (stop at undefined behaviour) or hardware (go on as an H100); "
                                      "default: the scenario's engine.mode, else strict")
        ->check(CLI::IsMember({"strict", "hardware"}));
  cmd->add_option("--scheduling", o.scheduling,
                  "round-robin (warps take turns, one instruction each) or run-to-block (a warp runs until it "
                  "waits); default: the scenario's engine.scheduling, else round-robin for viewing and run-to-block "
                  "for headless runs of a PTX file")
      ->check(CLI::IsMember({"round-robin", "run-to-block"}));
  // Two callbacks, not one add_flag on the optional: given neither, the
  // optional must stay empty so the scenario's or the command's default holds
  // (add_flag("--races,!--no-races") left it false, so races were off in
  // warpscope-imgui and render).
  ui::LaunchRequest* req = &o;
  cmd->add_flag_callback("--races", [req] { req->races = true; },
                         "check for data races (docs/races.md); default: the scenario's engine.check_races, else on "
                         "in the viewers, check and render, off in headless run and trace");
  cmd->add_flag_callback("--no-races", [req] { req->races = false; }, "do not check for data races");
  cmd->add_option("--max-steps", o.maxSteps, "stop after this many steps (default: the scenario's "
                                             "engine.max_steps, else 50000000)")
      ->check(wholeNumber(1, kMaxCount));
}

std::optional<Input> loadInput(const ui::LaunchRequest& o) {
  auto opened = ui::openLaunch(o);
  if (auto* e = std::get_if<std::string>(&opened)) {
    fmt::print(stderr, "{}\n", *e);
    return std::nullopt;
  }
  ui::OpenedLaunch& l = std::get<ui::OpenedLaunch>(opened);
  Input in{std::move(l.scenario), std::move(l.prepared), core::kDefaultMaxSteps, std::nullopt};
  in.maxSteps = in.prepared.maxSteps;
  // What loads but will not run: one line per kind, at its first use.
  if (in.prepared.program)
    for (const core::LoadError& w : in.prepared.program->warnings) fmt::print(stderr, "{}\n", w.str());
  return in;
}

std::optional<Input> loadEngine(const ui::LaunchRequest& o) {
  auto in = loadInput(o);
  if (!in) return in;
  auto made = core::createEngine(in->prepared);
  if (auto* e = std::get_if<std::string>(&made)) {
    fmt::print(stderr, "error: {}\n", *e);
    return std::nullopt;
  }
  in->engine.emplace(std::move(std::get<core::Engine>(made)));
  return in;
}

}  // namespace ws::app
