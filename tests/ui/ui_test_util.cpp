#include "tests/ui/ui_test_util.hpp"

#include <fstream>
#include <sstream>
#include <variant>

namespace ws::test::ui {

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::uint32_t Bench::reg(std::string_view name) const {
  // Registers of the launched entry (every function has its own %r1).
  std::uint32_t begin = 0, end = static_cast<std::uint32_t>(program->regs.size());
  if (auto fn = program->findFunction(launch.entry)) {
    begin = program->functions[*fn].regBegin;
    end = program->functions[*fn].regEnd;
  }
  for (std::uint32_t i = begin; i < end; ++i)
    if (program->regs[i].name == name) return i;
  ADD_FAILURE() << "no register " << name;
  return 0;
}

std::uint32_t Bench::pcOfLine(std::string_view textStart) const {
  for (std::uint32_t i = 0; i < program->instrs.size(); ++i) {
    const auto line = program->instrs[i].pos.line;
    if (line == 0 || line > program->sourceLines.size()) continue;
    std::string_view s = program->sourceLines[line - 1];
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    if (s.substr(0, textStart.size()) == textStart) return i;
  }
  ADD_FAILURE() << "no instruction on a line starting with " << textStart;
  return 0;
}

core::StepRecord& Bench::begin(std::uint32_t w, std::uint32_t atPc, core::LaneMask lanes) {
  core::StepRecord r;
  r.step = state.step;
  r.warp = w;
  r.pc = atPc;
  r.lanes = lanes;
  r.activeBefore = lanes;
  records.push_back(std::move(r));
  return records.back();
}

void Bench::write(std::string_view name, int lane, std::uint64_t value) {
  core::StepRecord& r = records.back();
  const std::uint32_t g = reg(name);
  auto& ws = state.warps[r.warp];
  const std::size_t i = static_cast<std::size_t>(g) * core::kWarpSize + static_cast<std::size_t>(lane);
  r.regs.push_back({r.warp, g, static_cast<std::uint8_t>(lane), ((ws.written[g] >> lane) & 1u) != 0, ws.regs[i], value});
  ws.regs[i] = value;
  ws.written[g] |= 1u << lane;
}

void Bench::advance() {
  core::StepRecord& r = records.back();
  auto& c = state.warps[r.warp].ctl;
  for (int l = 0; l < core::kWarpSize; ++l)
    if (((r.lanes | r.guardFalse) >> l) & 1u) c.pc[static_cast<std::size_t>(l)] = r.pc + 1;
  ++state.step;
}

ws::ui::Frame Bench::frame() const {
  ws::ui::Frame f;
  f.program = program.get();
  f.state = &state;
  f.launch = &launch;
  f.record = records.empty() ? nullptr : &records.back();
  f.position = records.size();
  f.focus.warp = records.empty() ? 0 : records.back().warp;
  return f;
}

ws::ui::HistoryIndex Bench::index() const {
  ws::ui::HistoryIndex ix;
  ws::ui::VectorRecords v(records);
  ix.sync(*program, state, v);
  return ix;
}

std::optional<Bench> makeBench(const std::string& ptx, const core::LaunchConfig& launch) {
  auto parsed = core::parsePtx(ptx, "test.ptx");
  if (!parsed.ok()) {
    std::string e;
    for (const auto& x : parsed.errors) e += x.str() + "\n";
    ADD_FAILURE() << e;
    return std::nullopt;
  }
  Bench b;
  b.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  b.launch = launch;
  auto made = core::Engine::create(b.program, launch);
  if (auto* err = std::get_if<std::string>(&made)) {
    ADD_FAILURE() << *err;
    return std::nullopt;
  }
  b.state = std::get<core::Engine>(made).state();
  return b;
}

core::LaunchConfig kernelLaunch(std::uint32_t block, std::size_t words) {
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {block, 1, 1};
  cfg.buffers.push_back({"in", std::vector<std::uint8_t>(words * 4, 0)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(words * 4, 0)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  return cfg;
}

std::optional<Bench> kernelBench(std::string_view body, std::uint32_t block, std::string_view extraDecls) {
  auto b = makeBench(kernel(body, "sm_90a", extraDecls), kernelLaunch(block));
  if (!b) return b;
  // test::kernel's preamble is 9 instructions; the body follows.
  b->pc = 9;
  return b;
}

std::unique_ptr<ws::ui::Session> session(const std::string& ptx, const core::LaunchConfig& launch, core::EngineOptions opts) {
  auto parsed = core::parsePtx(ptx, "test.ptx");
  if (!parsed.ok()) {
    std::string e;
    for (const auto& x : parsed.errors) e += x.str() + "\n";
    ADD_FAILURE() << e;
    return nullptr;
  }
  auto made = ws::ui::Session::create(std::make_shared<const core::Program>(std::move(*parsed.program)), launch, opts);
  if (auto* err = std::get_if<std::string>(&made)) {
    ADD_FAILURE() << *err;
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<ws::ui::Session>>(made));
}

bool sawUnsupported(const ws::ui::Session& s) {
  const auto& h = s.history();
  for (std::uint64_t i = 0; i < h.size(); ++i)
    for (const auto& d : h.record(i).diags)
      if (d.kind == core::DiagKind::Unsupported) return true;
  return false;
}

bool stepUntil(ws::ui::Session& s, core::Opcode op, std::uint64_t maxSteps) {
  for (std::uint64_t i = 0; i < maxSteps; ++i) {
    const auto o = s.step();
    if (o.steps == 0) return false;
    const core::StepRecord* r = s.history().current();
    if (!r) return false;
    for (const auto& d : r->diags)
      if (d.kind == core::DiagKind::Unsupported) return false;
    if (!r->userEdit && !r->completedAsync && r->pc < s.program().instrs.size() && s.program().instrs[r->pc].op == op) return true;
    if (o.why == core::RunOutcome::Why::Finished || o.why == core::RunOutcome::Why::Stopped) return false;
  }
  return false;
}

}  // namespace ws::test::ui
