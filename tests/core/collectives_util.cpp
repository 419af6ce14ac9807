#include "tests/core/collectives_util.hpp"

#include <variant>

namespace ws::test::coll {

Loaded load(const std::string& body, const std::vector<std::uint32_t>& in, std::size_t outWords,
            core::EngineOptions opts, std::string_view target, std::uint32_t block) {
  Loaded r;
  auto parsed = core::parsePtx(kernel(body, target), "test.ptx");
  if (!parsed.ok()) {
    std::string err;
    for (const auto& e : parsed.errors) err += e.str() + "\n";
    ADD_FAILURE() << "parse failed:\n" << err;
    return r;
  }
  r.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {block, 1, 1};
  std::vector<std::uint32_t> out(outWords);
  for (std::size_t i = 0; i < outWords; ++i) out[i] = 0xcdcd0000u | static_cast<std::uint32_t>(i & 0xffff);
  cfg.buffers.push_back({"in", toBytes(in.empty() ? std::vector<std::uint32_t>{0} : in)});
  cfg.buffers.push_back({"out", toBytes(out)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  auto made = core::Engine::create(r.program, cfg, opts);
  if (auto* err = std::get_if<std::string>(&made)) {
    ADD_FAILURE() << "launch failed: " << *err;
    return r;
  }
  r.engine.emplace(std::move(std::get<core::Engine>(made)));
  return r;
}

std::optional<core::StepRecord> stepTo(core::Engine& e, core::Opcode op, std::uint64_t maxSteps) {
  for (std::uint64_t i = 0; i < maxSteps && !e.finished(); ++i) {
    core::StepRecord rec;
    const core::StepResult res = e.step(&rec);
    if (!res.executed && res.stop != core::StopReason::None) return std::nullopt;
    if (res.executed && !rec.completedAsync && rec.pc < e.program().instrs.size() &&
        e.program().instrs[rec.pc].op == op && rec.lanes != 0 &&
        (!rec.regs.empty() || !rec.flows.empty()))
      return rec;
    if (res.stop != core::StopReason::None) return std::nullopt;
  }
  return std::nullopt;
}

std::vector<std::pair<int, int>> flowPairs(const core::StepRecord& rec, core::FlowKind k) {
  std::vector<std::pair<int, int>> out;
  for (const auto& f : rec.flows)
    if (f.kind == k) out.emplace_back(f.from.lane, f.to.lane);
  return out;
}

}  // namespace ws::test::coll
