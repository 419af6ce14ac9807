#include "app/cli/report.hpp"

#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/values.hpp"
#include "ui/views/views.hpp"

namespace ws::cli {
namespace {

using nlohmann::json;

std::string_view flowName(core::FlowKind k) {
  switch (k) {
    case core::FlowKind::Shuffle: return "shuffle";
    case core::FlowKind::ShuffleKeep: return "shuffle-keep";
    case core::FlowKind::Vote: return "vote";
    case core::FlowKind::Match: return "match";
    case core::FlowKind::Reduce: return "reduce";
    case core::FlowKind::Atomic: return "atomic";
    case core::FlowKind::AsyncIssue: return "async-issue";
    case core::FlowKind::AsyncComplete: return "async-complete";
    case core::FlowKind::CompleteTx: return "complete-tx";
    case core::FlowKind::AsyncArrive: return "async-arrive";
    case core::FlowKind::MbarrierOp: return "mbarrier-op";
    case core::FlowKind::Load: return "load";
    case core::FlowKind::Store: return "store";
    case core::FlowKind::RowAddress: return "row-address";
  }
  return "unknown";
}

std::string_view spaceName(core::Space s) {
  switch (s) {
    case core::Space::Global: return "global";
    case core::Space::Shared: return "shared";
    case core::Space::Local: return "local";
    case core::Space::Const: return "const";
    case core::Space::Param: return "param";
    case core::Space::ParamFunc: return "param-func";
    case core::Space::Generic: return "generic";
  }
  return "unknown";
}

std::string_view regionName(core::MemRegion r) {
  switch (r) {
    case core::MemRegion::Global: return "global";
    case core::MemRegion::Shared: return "shared";
    case core::MemRegion::Local: return "local";
    case core::MemRegion::Const: return "const";
    case core::MemRegion::Param: return "param";
  }
  return "unknown";
}

std::string regName(const core::Program& p, std::int64_t reg) {
  return reg >= 0 && static_cast<std::size_t>(reg) < p.regs.size() ? p.regs[static_cast<std::size_t>(reg)].name
                                                                    : fmt::format("r{}", reg);
}

json endpointJson(const core::Program& p, const core::Endpoint& e) {
  switch (e.kind) {
    case core::Endpoint::Kind::Lane: {
      json j = {{"warp", e.warp}, {"lane", e.lane}};
      if (e.reg >= 0) j["reg"] = regName(p, e.reg);
      return j;
    }
    case core::Endpoint::Kind::Memory: return {{"space", spaceName(e.space)}, {"cta", e.cta}, {"addr", e.addr}};
    case core::Endpoint::Kind::Mbarrier: return {{"mbarrier", e.addr}, {"cta", e.cta}};
    case core::Endpoint::Kind::None: break;
  }
  return nullptr;
}

std::vector<std::uint32_t> words(const std::vector<std::uint8_t>& b) {
  std::vector<std::uint32_t> w(b.size() / 4);
  for (std::size_t i = 0; i < w.size(); ++i)
    for (std::size_t k = 0; k < 4; ++k) w[i] |= static_cast<std::uint32_t>(b[i * 4 + k]) << (8 * k);
  return w;
}

std::string bufferName(const app::Input& in, std::size_t i) {
  return i < in.prepared.launch.buffers.size() ? in.prepared.launch.buffers[i].name : fmt::format("buffer{}", i);
}

core::WordType bufferType(const app::Input& in, std::size_t i) {
  return i < in.prepared.bufferTypes.size() ? in.prepared.bufferTypes[i] : core::WordType::U32;
}

json typedWord(std::uint32_t w, core::WordType t) {
  switch (t) {
    case core::WordType::U32: return w;
    case core::WordType::S32: return static_cast<std::int32_t>(w);
    case core::WordType::F32: {
      const float f = std::bit_cast<float>(w);
      if (!std::isfinite(f)) return core::formatWord(w, t);  // NaN/inf are not JSON numbers
      return static_cast<double>(f);
    }
  }
  return w;
}

}  // namespace

std::string hexMask(std::uint32_t m) { return fmt::format("{:#010x}", m); }

std::vector<int> laneList(std::uint32_t m) {
  std::vector<int> v;
  for (int l = 0; l < 32; ++l)
    if ((m >> l) & 1u) v.push_back(l);
  return v;
}

std::uint32_t ptxLineOf(const core::Program& p, std::uint32_t pc) {
  return pc < p.instrs.size() ? p.instrs[pc].pos.line : 0;
}

ui::RaceView describeRace(const app::Input& in, const core::Diagnostic& d) {
  static const core::MachineState kNoState{};
  ui::Frame f;
  f.program = in.prepared.program.get();
  f.state = in.engine ? &in.engine->state() : &kNoState;
  f.launch = &in.prepared.launch;
  return ui::describeRace(f, d);
}

namespace {

json raceAccessJson(const app::Input& in, const ui::RaceAccessView& a) {
  json j = {{"step", a.position},  {"cta", a.cta},         {"warp", a.warp},      {"warp_in_cta", a.warpInCta},
            {"lane", a.lane},  {"pc", a.pc},           {"ptx_line", a.ptxLine}, {"where", in.prepared.where(static_cast<std::uint32_t>(a.ptxLine))},
            {"access", a.what}, {"strong", a.strong},  {"async", a.lane < 0},   {"instruction", a.instr}};
  j["cuda_line"] = a.cudaLine > 0 ? json(a.cudaLine) : json(nullptr);
  j["cuda"] = a.cuda.empty() ? json(nullptr) : json(a.cuda);
  return j;
}

}  // namespace

json raceJson(const app::Input& in, const core::Diagnostic& d) {
  if (!d.race) return nullptr;
  const ui::RaceView r = describeRace(in, d);
  json mem = {{"region", regionName(r.region)}, {"offset", r.offset}, {"bytes", r.bytes}, {"cell", r.cell}};
  if (r.region == core::MemRegion::Global) {
    mem["buffer"] = r.buffer;
    mem["buffer_index"] = r.index;
  } else if (r.region == core::MemRegion::Shared) {
    mem["cta"] = r.index;
  } else {
    mem["index"] = r.index;
  }
  if (!r.symbol.empty()) {
    mem["symbol"] = r.symbol;
    mem["symbol_offset"] = r.symbolOffset;
  }
  return {{"conflict", r.conflict}, {"first", raceAccessJson(in, r.first)}, {"second", raceAccessJson(in, r.second)}, {"memory", mem}};
}

json diagnosticJson(const app::Input& in, const core::Diagnostic& d) {
  const core::Program& p = *in.prepared.program;
  const std::uint32_t line = ptxLineOf(p, d.pc);
  const auto& info = core::diagInfo(d.kind);
  json j = {{"kind", core::diagSlug(d.kind)},
            {"title", std::string(info.title)},
            {"step", stepNumber(d.step)},
            {"cta", d.cta},
            {"warp", d.warp},
            {"lanes", laneList(d.lanes)},
            {"ptx_line", line},
            {"where", in.prepared.where(line)},
            {"message", d.message},
            {"quote", std::string(info.quote)},
            {"quote_source", std::string(core::quoteSourceName(info.source))},
            {"section", std::string(info.section)},
            {"section_title", std::string(info.sectionTitle)},
            {"section_url", core::sectionUrl(info)},
            {"explanation", std::string(info.explanation)}};
  if (d.race) j["race"] = raceJson(in, d);
  return j;
}

void printDiagnostic(const app::Input& in, const core::Diagnostic& d) {
  const core::Program& p = *in.prepared.program;
  const auto& info = core::diagInfo(d.kind);
  const auto lanes = laneList(d.lanes);
  fmt::print(stderr, "{}: {}: {}\n", in.prepared.where(ptxLineOf(p, d.pc)), core::diagSlug(d.kind), d.message);
  if (!lanes.empty())
    fmt::print(stderr, "  lanes [{}] of warp {} (CTA {}), step {}\n", fmt::join(lanes, ", "), d.warp, d.cta, stepNumber(d.step));
  if (d.race) {
    const ui::RaceView r = describeRace(in, d);
    fmt::print(stderr, "  {}\n", r.summary);
    if (!r.symbol.empty()) fmt::print(stderr, "  variable {} + {}\n", r.symbol, r.symbolOffset);
    for (const auto* a : {&r.first, &r.second})
      fmt::print(stderr, "  {} {}: step {}, CTA {} warp {} ({} in the CTA) {}, pc {}, {}{}\n    {}\n", a == &r.first ? "1" : "2", a->what,
                 a->position, a->cta, a->warp, a->warpInCta, a->lane < 0 ? std::string("async op") : fmt::format("lane {}", a->lane), a->pc,
                 in.prepared.where(static_cast<std::uint32_t>(a->ptxLine)), a->cuda.empty() ? "" : " (" + a->cuda + ")", a->instr);
  }
  // The quote in quotation marks, warpscope's explanation after it without.
  if (const std::string quote = ui::diagQuoteLine(info); !quote.empty()) fmt::print(stderr, "  {}\n", quote);
  if (const std::string why = ui::diagExplanationLine(info); !why.empty()) fmt::print(stderr, "  {}\n", why);
}

json buffersJson(const app::Input& in, const core::Engine& e) {
  json arr = json::array();
  for (std::size_t i = 0; i < in.prepared.launch.buffers.size(); ++i) {
    const auto w = words(e.buffer(static_cast<std::uint32_t>(i)));
    const core::WordType t = bufferType(in, i);
    json j = {{"name", bufferName(in, i)}, {"type", core::wordTypeName(t)}, {"words", w}};
    if (t != core::WordType::U32) {
      json v = json::array();
      for (std::uint32_t x : w) v.push_back(typedWord(x, t));
      j["values"] = v;
    }
    arr.push_back(j);
  }
  return arr;
}

void printBuffers(const app::Input& in, const core::Engine& e) {
  for (std::size_t i = 0; i < in.prepared.launch.buffers.size(); ++i) {
    const auto w = words(e.buffer(static_cast<std::uint32_t>(i)));
    const core::WordType t = bufferType(in, i);
    std::vector<std::string> parts;
    parts.reserve(w.size());
    for (std::uint32_t x : w) parts.push_back(core::formatWord(x, t));
    fmt::print("{}: [{}]\n", bufferName(in, i), fmt::join(parts, ", "));
  }
}

namespace {
// The registers a snippet user cares about: those it initialised or that its
// code names, in the program's order.
std::vector<std::uint32_t> snippetRegs(const app::Input& in, const core::Engine& e) {
  std::vector<std::uint32_t> regs;
  if (in.scenario.program.kind != core::ProgramSpec::Kind::Snippet) return regs;
  const core::Program& p = e.program();
  const core::Function& fn = p.functions[e.entry()];
  for (std::uint32_t r = fn.regBegin; r < fn.regEnd && r < p.regs.size(); ++r) regs.push_back(r);
  return regs;
}
}  // namespace

json registersJson(const app::Input& in, const core::Engine& e) {
  json out = json::array();
  const core::Program& p = e.program();
  for (std::uint32_t r : snippetRegs(in, e)) {
    for (std::size_t w = 0; w < e.state().warps.size(); ++w) {
      const core::WarpState& ws = e.state().warps[w];
      json lanes = json::array();
      for (int l = 0; l < 32; ++l) {
        if (!((ws.ctl.valid >> l) & 1u)) continue;
        const bool written = (ws.written[r] >> l) & 1u;
        const std::uint64_t v = ws.regs[static_cast<std::size_t>(r) * core::kWarpSize + static_cast<std::size_t>(l)];
        lanes.push_back(written ? json(core::formatValue(v, p.regs[r].type)) : json(nullptr));
      }
      out.push_back({{"name", p.regs[r].name}, {"type", core::typeName(p.regs[r].type)}, {"warp", w}, {"lanes", lanes}});
    }
  }
  return out;
}

void printRegisters(const app::Input& in, const core::Engine& e) {
  const core::Program& p = e.program();
  for (std::uint32_t r : snippetRegs(in, e)) {
    for (std::size_t w = 0; w < e.state().warps.size(); ++w) {
      const core::WarpState& ws = e.state().warps[w];
      std::vector<std::string> parts;
      for (int l = 0; l < 32; ++l) {
        if (!((ws.ctl.valid >> l) & 1u)) continue;
        const bool written = (ws.written[r] >> l) & 1u;
        const std::uint64_t v = ws.regs[static_cast<std::size_t>(r) * core::kWarpSize + static_cast<std::size_t>(l)];
        parts.push_back(written ? core::formatValue(v, p.regs[r].type) : "-");
      }
      const std::string warp = e.state().warps.size() > 1 ? fmt::format(" (warp {})", w) : "";
      fmt::print("{}{}: [{}]\n", p.regs[r].name, warp, fmt::join(parts, ", "));
    }
  }
}

json stepJson(const app::Input& in, const core::Engine& e, const core::StepRecord& r) {
  const core::Program& p = e.program();
  const core::MachineState& st = e.state();
  json j;
  j["step"] = stepNumber(r.step);
  const bool warpOk = r.warp < st.warps.size();
  j["cta"] = warpOk ? st.warps[r.warp].cta : 0;
  j["warp"] = r.warp;
  j["warp_in_cta"] = warpOk ? st.warps[r.warp].warpInCta : 0;
  j["pc"] = r.pc;
  const std::uint32_t line = ptxLineOf(p, r.pc);
  j["ptx_line"] = line;
  j["where"] = in.prepared.where(line);  // the line in the file the user edits (scenario or .ptx)
  if (line > 0 && line <= p.sourceLines.size()) {
    std::string text = p.sourceLines[line - 1];
    const auto a = text.find_first_not_of(" \t");
    text = a == std::string::npos ? "" : text.substr(a);
    j["text"] = text;
  }
  if (r.pc < p.instrs.size() && p.instrs[r.pc].cuda.file >= 0) j["cuda_line"] = p.instrs[r.pc].cuda.line;
  else j["cuda_line"] = nullptr;
  if (r.completedAsync) j["completed_async"] = true;
  j["lanes"] = hexMask(r.lanes);
  j["group"] = hexMask(r.activeBefore);
  j["guard_false"] = hexMask(r.guardFalse);
  // Masks of the executing warp before and after (from its control record;
  // an untouched warp did not change).
  core::WarpControl before = warpOk ? st.warps[r.warp].ctl : core::WarpControl{};
  core::WarpControl after = before;
  for (const auto& c : r.warpCtl)
    if (c.index == r.warp) {
      before = c.before;
      after = c.after;
    }
  auto active = [](const core::WarpControl& c) { return c.valid & ~c.exited & ~c.waiting; };
  j["active_before"] = hexMask(active(before));
  j["exited_before"] = hexMask(before.exited);
  j["active_after"] = hexMask(active(after));
  j["exited_after"] = hexMask(after.exited);
  j["membermask"] = r.membermask ? json(hexMask(r.membermask)) : json(nullptr);
  json regs = json::array();
  for (const auto& c : r.regs) {
    const core::DataType t = c.reg < p.regs.size() ? p.regs[c.reg].type : core::DataType::B64;
    regs.push_back({{"warp", c.warp},
                    {"lane", c.lane},
                    {"reg", regName(p, c.reg)},
                    {"before", c.wasWritten ? json(c.before) : json(nullptr)},
                    {"after", c.after},
                    {"value", core::formatValue(c.after, t)}});
  }
  j["regs"] = regs;
  json mem = json::array();
  for (const auto& m : r.mem) {
    json mj = {{"region", regionName(m.region)}, {"index", m.index}, {"offset", m.offset}, {"size", m.size},
               {"before", m.before}, {"after", m.after}};
    if (m.region == core::MemRegion::Global && m.index >= 1) mj["buffer"] = bufferName(in, m.index - 1);
    mem.push_back(mj);
  }
  j["mem"] = mem;
  json flows = json::array();
  for (const auto& f : r.flows) {
    json fj = {{"kind", flowName(f.kind)}, {"from", endpointJson(p, f.from)}, {"to", endpointJson(p, f.to)},
               {"value", f.value}};
    if (f.kind == core::FlowKind::Atomic || f.kind == core::FlowKind::AsyncIssue ||
        f.kind == core::FlowKind::AsyncComplete)
      fj["order"] = f.order;
    if (f.kind == core::FlowKind::Match) fj["group"] = f.group;
    flows.push_back(fj);
  }
  j["flows"] = flows;
  json diags = json::array();
  for (const auto& d : r.diags) diags.push_back(diagnosticJson(in, d));
  j["diagnostics"] = diags;
  // Only steps that printed carry it, so other traces read as before.
  if (!r.printed.empty()) j["printed"] = printedJson(r.printed);
  return j;
}

nlohmann::json printedJson(const std::vector<core::PrintedText>& printed) {
  json out = json::array();
  for (const auto& t : printed)
    out.push_back({{"step", stepNumber(t.step)}, {"cta", t.cta}, {"warp", t.warp}, {"lane", t.lane}, {"text", t.text}});
  return out;
}

}  // namespace ws::cli
