// `warpscope-cli unsupported FILE`: what of a module warpscope parses but
// does not execute, entry by entry (through the functions each entry calls),
// with the PTX lines that use it. Nothing is run.
#include "app/cli/cmd_unsupported.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common/command_line.hpp"
#include "app/common/input.hpp"
#include "core/ptx/coverage.hpp"
#include "core/ptx/parser.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::cli {
namespace {

std::string lineList(const core::Program& p, const std::vector<std::uint32_t>& instrs) {
  std::string s;
  std::size_t shown = 0;
  for (std::uint32_t i : instrs) {
    if (shown++ == 8) {
      s += fmt::format(", ... ({} more)", instrs.size() - 8);
      break;
    }
    s += fmt::format("{}{}", s.empty() ? "" : ", ", p.instrs[i].pos.line);
  }
  return s;
}

}  // namespace

void addUnsupportedCommand(CLI::App& app, UnsupportedOptions& o) {
  CLI::App* cmd = app.add_subcommand("unsupported", "List, per kernel entry, the instructions of a PTX module (or a "
                                                    "scenario's program) that warpscope parses but does not execute");
  cmd->add_option("input", o.path, "PTX file (as nvcc -ptx writes it) or scenario (.toml)")->required();
  cmd->add_flag("--json", o.json, "print the list as JSON");
  cmd->footer("Exit status: 0 listed (whatever it lists), 2 the input does not load.");
}

int unsupportedCommand(const UnsupportedOptions& o) {
  std::shared_ptr<const core::Program> program;
  if (ui::isScenarioPath(o.path)) {
    auto load = core::loadScenarioFile(o.path);
    if (!load.ok()) {
      for (const auto& e : load.errors) fmt::print(stderr, "{}\n", e.str());
      return app::kExitUsage;
    }
    program = load.prepared->program;
  } else {
    std::string err;
    auto text = app::readTextFile(o.path, err);
    if (!text) {
      fmt::print(stderr, "error: {}\n", err);
      return app::kExitUsage;
    }
    auto parsed = core::parsePtx(*text, o.path);
    if (!parsed.ok()) {
      for (const auto& e : parsed.errors) fmt::print(stderr, "{}\n", e.str());
      return app::kExitUsage;
    }
    program = std::make_shared<const core::Program>(std::move(*parsed.program));
  }
  const core::Program& p = *program;
  const auto coverage = core::unsupportedByEntry(p);
  if (o.json) {
    nlohmann::json j;
    j["file"] = o.path;
    j["entries"] = nlohmann::json::array();
    for (const auto& c : coverage) {
      nlohmann::json e;
      e["entry"] = p.functions[c.entry].name;
      e["unsupported"] = nlohmann::json::array();
      for (const auto& u : c.uses) {
        std::vector<std::uint32_t> lines;
        for (std::uint32_t i : u.instrs) lines.push_back(p.instrs[i].pos.line);
        e["unsupported"].push_back({{"what", p.unsupported[u.unsupported].what},
                                    {"reason", p.unsupported[u.unsupported].reason},
                                    {"lines", lines}});
      }
      j["entries"].push_back(std::move(e));
    }
    fmt::print("{}\n", j.dump(1));
    return app::kExitOk;
  }
  std::size_t affected = 0;
  for (const auto& c : coverage) affected += !c.uses.empty();
  fmt::print("{}: {} entr{}; {}\n", o.path, coverage.size(), coverage.size() == 1 ? "y" : "ies",
             affected == 0 ? "warpscope executes every instruction they reach"
                           : fmt::format("{} reach instructions warpscope does not execute", affected));
  for (const auto& c : coverage) {
    if (c.uses.empty()) {
      fmt::print("  {}: everything it reaches executes\n", p.functions[c.entry].name);
      continue;
    }
    fmt::print("  {}:\n", p.functions[c.entry].name);
    for (const auto& u : c.uses)
      fmt::print("    {} ({} use{}, line{} {})\n", p.unsupported[u.unsupported].what, u.instrs.size(),
                 u.instrs.size() == 1 ? "" : "s", u.instrs.size() == 1 ? "" : "s", lineList(p, u.instrs));
  }
  return app::kExitOk;
}

}  // namespace ws::cli
