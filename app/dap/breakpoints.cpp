// setBreakpoints (.cu and .ptx lines, conditions, hit counts),
// setInstructionBreakpoints, setExceptionBreakpoints: the client's lists,
// installed as the session's core::Breakpoint list (core/trace stops at them).
// A condition is the scenario expression language over lane, tid and warp
// (a scenario breakpoint's `lanes`), turned into a lane filter by the same
// function.
#include <fmt/format.h>

#include <filesystem>

#include "app/dap/adapter.hpp"
#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/expr/expr.hpp"
#include "ui/session/scenario_bridge.hpp"

namespace ws::dap {
namespace {

std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

std::optional<std::uint32_t> parseAddress(const std::string& text) {
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(text, &used, 0);
    if (used != text.size() || v > 0xffffffffull) return std::nullopt;
    return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

int Adapter::diagFileIndex(const std::string& path) const {
  const auto& files = m_session->program().files;
  // The exact file first, then by name (nvcc records the compiling machine's paths).
  for (std::size_t i = 0; i < files.size(); ++i)
    if (resolveSource(files[i]) == path) return static_cast<int>(i);
  for (std::size_t i = 0; i < files.size(); ++i)
    if (fileName(files[i]) == fileName(path)) return static_cast<int>(i);
  return -1;
}

std::optional<core::Breakpoint> Adapter::lineBreakpoint(const std::string& path, std::int32_t line,
                                                        std::string& why) const {
  const core::Program& p = m_session->program();
  const int file = diagFileIndex(path);
  core::Breakpoint b;
  b.line = line;
  bool code = false;
  if (file == 0) {
    b.kind = core::Breakpoint::Kind::PtxLine;
    for (const core::Instr& i : p.instrs) code = code || static_cast<std::int32_t>(i.pos.line) == line;
  } else if (file > 0) {
    b.kind = core::Breakpoint::Kind::CudaLine;
    b.file = file;
    for (const core::Instr& i : p.instrs) code = code || (i.cuda.file == file && i.cuda.line == line);
  } else {
    why = fmt::format("{} is neither the PTX module nor a CUDA file its .file lines name", fileName(path));
    return std::nullopt;
  }
  if (!code) {
    why = fmt::format("no instruction comes from line {} of {}", line, fileName(path));
    return std::nullopt;
  }
  return b;
}

Adapter::Reply Adapter::setBreakpoints(const Json& args) {
  const Json& src = args.at("source");
  const std::string path = src.value("path", src.value("name", std::string()));
  const int lineShift = m_linesStartAt1 ? 0 : 1;
  std::vector<SourceBp> list;
  Json out = Json::array();
  const auto& ctas = m_session->state().ctas;
  const std::uint32_t threads = ctas.empty() ? 0 : ctas[0].numThreads;
  for (const Json& want : args.value("breakpoints", Json::array())) {
    const std::int32_t line = want.at("line").get<std::int32_t>() + lineShift;
    std::string why;
    auto b = lineBreakpoint(path, line, why);
    const std::string cond = want.value("condition", std::string());
    if (b && !cond.empty()) {
      auto parsed = core::Expr::parse(cond);
      if (auto* e = std::get_if<core::ExprError>(&parsed)) {
        why = fmt::format("condition, column {}: {}", e->col, e->message);
        b.reset();
      } else {
        b->laneFilter = ui::laneFilter(cond, threads);
      }
    }
    const int id = m_nextBpId++;
    Json reply = {{"id", id}, {"verified", b.has_value()}, {"line", line - lineShift}};
    if (!why.empty()) reply["message"] = why;
    out.push_back(reply);
    if (!b) continue;
    SourceBp sb;
    sb.bp = std::move(*b);
    sb.meta.id = id;
    sb.meta.hitCondition = want.value("hitCondition", std::string());
    list.push_back(std::move(sb));
  }
  bool replaced = false;
  for (auto& [p, bps] : m_sourceBps)
    if (p == path) {
      bps = std::move(list);
      replaced = true;
    }
  if (!replaced) m_sourceBps.emplace_back(path, std::move(list));
  installBreakpoints();
  Reply r;
  r.body["breakpoints"] = std::move(out);
  return r;
}

Adapter::Reply Adapter::setInstructionBreakpoints(const Json& args) {
  m_instructionBps.clear();
  Json out = Json::array();
  const auto n = static_cast<std::int64_t>(m_session->program().instrs.size());
  for (const Json& want : args.value("breakpoints", Json::array())) {
    const auto base = parseAddress(want.at("instructionReference").get<std::string>());
    const std::int64_t pc = base ? static_cast<std::int64_t>(*base) + want.value("offset", std::int64_t{0}) : -1;
    const int id = m_nextBpId++;
    const bool ok = pc >= 0 && pc < n;
    Json reply = {{"id", id}, {"verified", ok}};
    if (!ok)
      reply["message"] = "no PTX instruction at that address";
    else
      reply["instructionReference"] = fmt::format("0x{:x}", pc);
    out.push_back(reply);
    if (!ok) continue;
    SourceBp sb;
    sb.bp.kind = core::Breakpoint::Kind::Pc;
    sb.bp.pc = static_cast<std::uint32_t>(pc);
    sb.meta.id = id;
    sb.meta.from = BpMeta::From::Instruction;
    sb.meta.hitCondition = want.value("hitCondition", std::string());
    m_instructionBps.push_back(std::move(sb));
  }
  installBreakpoints();
  Reply r;
  r.body["breakpoints"] = std::move(out);
  return r;
}

Adapter::Reply Adapter::setExceptionBreakpoints(const Json& args) {
  m_filters.on.fill(false);
  for (const Json& f : args.value("filters", Json::array()))
    for (std::size_t c = 0; c < m_filters.on.size(); ++c)
      if (f.is_string() && f.get<std::string>() == filterName(static_cast<DiagCategory>(c))) m_filters.on[c] = true;
  if (m_session) installBreakpoints();
  return {};
}

void Adapter::installBreakpoints() {
  if (!m_session) return;
  while (!m_session->breakpoints().empty()) m_session->removeBreakpoint(m_session->breakpoints().size() - 1);
  m_installed.clear();
  const auto add = [&](const SourceBp& sb) {
    m_session->addBreakpoint(sb.bp);
    m_installed.push_back(sb.meta);
  };
  for (const auto& [path, bps] : m_sourceBps)
    for (const SourceBp& sb : bps) add(sb);
  for (const SourceBp& sb : m_instructionBps) add(sb);
  // Diagnostics that do not end the run (hardware mode, races, warnings)
  // stop a continue through one breakpoint; its filters decide (stopCounts).
  if (m_filters.any()) {
    SourceBp sb;
    sb.bp.kind = core::Breakpoint::Kind::Diagnostic;
    sb.meta.from = BpMeta::From::Exception;
    add(sb);
  }
}

Adapter::Reply Adapter::exceptionInfo(const Json& args) {
  (void)args;
  const ui::DiagnosticsView v = ui::buildDiagnostics(m_session->frame());
  if (v.items.empty()) return Reply::fail("no diagnostic at this step");
  const ui::DiagnosticItem& d = v.items.front();
  std::string details = d.message;
  if (!d.where.empty()) details += "\n" + d.where;
  if (!d.quoteLine.empty()) details += "\n" + d.quoteLine;
  if (!d.explanationLine.empty()) details += "\n" + d.explanationLine;
  if (!d.sectionUrl.empty()) details += "\n" + d.sectionUrl;
  Reply r;
  r.body = {{"exceptionId", std::string(core::diagSlug(d.kind))},
            {"description", fmt::format("{}: {}{}", d.title, d.message, d.quoteLine.empty() ? "" : "\n" + d.quoteLine)},
            {"breakMode", d.severity == core::Severity::Warning ? "unhandled" : "always"},
            {"details", {{"message", details}, {"typeName", d.severityText}, {"stackTrace", d.where}}}};
  return r;
}

}  // namespace ws::dap
