// disassemble (the PTX instructions, an instruction's address being its
// index), gotoTargets and goto (a recorded step that runs the line: time
// travel, not a jump of the program counter).
#include <fmt/format.h>

#include <filesystem>

#include "app/dap/adapter.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::dap {

Adapter::Reply Adapter::disassemble(const Json& args) {
  const core::Program& p = m_session->program();
  std::int64_t base = 0;
  try {
    base = static_cast<std::int64_t>(std::stoull(args.at("memoryReference").get<std::string>(), nullptr, 0));
  } catch (const std::exception&) {
    return Reply::fail("memoryReference is not an address");
  }
  const std::int64_t start =
      base + args.value("offset", std::int64_t{0}) + args.value("instructionOffset", std::int64_t{0});
  const std::int64_t count = args.at("instructionCount").get<std::int64_t>();
  Json out = Json::array();
  const Json ptx = sourceOf(0);
  for (std::int64_t i = start; i < start + count; ++i) {
    if (i < 0 || i >= static_cast<std::int64_t>(p.instrs.size())) {
      // The protocol wants exactly `count` rows: outside the module, invalid ones.
      out.push_back(
          {{"address", fmt::format("0x{:x}", i < 0 ? 0 : i)}, {"instruction", "??"}, {"presentationHint", "invalid"}});
      continue;
    }
    const auto pc = static_cast<std::uint32_t>(i);
    Json row = {{"address", fmt::format("0x{:x}", pc)},
                {"instruction", ui::instrText(p, pc)},
                {"location", ptx},
                {"line", static_cast<std::int32_t>(p.instrs[pc].pos.line)}};
    for (const auto& f : p.functions)
      if (f.begin == pc) row["symbol"] = f.name;
    if (auto l = p.labels.find(pc); l != p.labels.end()) row["symbol"] = l->second;
    out.push_back(std::move(row));
  }
  Reply r;
  r.body["instructions"] = std::move(out);
  return r;
}

Adapter::Reply Adapter::gotoTargets(const Json& args) {
  // The recorded steps (at most 50) whose instruction comes from the line.
  const std::string path = args.at("source").value("path", std::string());
  const std::int32_t line = args.at("line").get<std::int32_t>() + (m_linesStartAt1 ? 0 : 1);
  const int file = diagFileIndex(path);
  const core::Program& p = m_session->program();
  const core::History& h = m_session->history();
  Json targets = Json::array();
  for (std::uint64_t i = h.earliest(); i < h.size() && targets.size() < 50; ++i) {
    const core::StepSummary& s = h.summary(i);
    if (s.userEdit() || s.completedAsync() || s.pc() >= p.instrs.size()) continue;
    const core::Instr& ins = p.instrs[s.pc()];
    const bool here =
        file == 0 ? static_cast<std::int32_t>(ins.pos.line) == line : (ins.cuda.file == file && ins.cuda.line == line);
    if (!here) continue;
    const core::WarpState& w = m_session->state().warps[s.warp()];
    targets.push_back({{"id", static_cast<std::int64_t>(i)},
                       {"label", fmt::format("step {} (CTA {} warp {})", i, w.cta, w.warpInCta)},
                       {"line", line},
                       {"instructionPointerReference", fmt::format("0x{:x}", s.pc())}});
  }
  Reply r;
  r.body["targets"] = std::move(targets);
  return r;
}

Adapter::Reply Adapter::gotoStep(const Json& args) {
  const auto step = args.at("targetId").get<std::uint64_t>();
  m_running.reset();
  // Position `step`: the state just before that step runs.
  m_session->seek(step);
  if (step < m_session->history().size()) m_session->focusWarp(m_session->history().summary(step).warp());
  stopped(m_session->lastOutcome(), "goto");
  return {};
}

}  // namespace ws::dap
