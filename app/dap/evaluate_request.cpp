// evaluate: watch, hover and REPL expressions (evaluate.hpp), and the
// REPL's commands: ":lane 7" (focus a lane), ":unit collective" (the
// stepping unit of `next`), ":goto 120" (a step), ":help".
#include <fmt/format.h>

#include "app/dap/adapter.hpp"
#include "app/dap/evaluate.hpp"
#include "app/dap/warp_scope.hpp"

namespace ws::dap {
namespace {

constexpr std::int64_t kFramesPerWarp = 64;

constexpr const char* kHelp =
    "Expressions: a register (%r5: its 32 lanes), an expression of the scenario language over lane, tid, warp and "
    "registers (%r5 * 2 + lane), either with [lane 7] for one lane; a buffer word (out[3]).\n"
    "Commands: :lane N (focus lane N), :unit NAME (what `next` steps: warp-instruction, cycle, collective, barrier, "
    "atomic, mbarrier-phase, diagnostic), :goto N (go to step N), :help.\n";

}  // namespace

Adapter::Reply Adapter::evaluate(const Json& args) {
  const std::string expr = args.at("expression").get<std::string>();
  const std::string context = args.value("context", std::string("repl"));
  std::uint32_t warp = m_session->focus().warp;
  if (const std::int64_t fid = args.value("frameId", std::int64_t{0}); fid >= 1) {
    const auto w = static_cast<std::uint32_t>((fid - 1) / kFramesPerWarp);
    if (w < m_session->state().warps.size()) warp = w;
  }
  Reply r;
  if (!expr.empty() && expr.front() == ':') {
    const std::string cmd =
        expr.substr(1, expr.find(' ') == std::string::npos ? std::string::npos : expr.find(' ') - 1);
    const std::string arg = expr.find(' ') == std::string::npos ? std::string() : expr.substr(expr.find(' ') + 1);
    if (cmd == "lane") {
      Reply f = focusLane({{"lane", std::stoi(arg)}});
      if (!f.error.empty()) return f;
      r.body = {{"result", fmt::format("focused lane {}", arg)}, {"variablesReference", 0}};
    } else if (cmd == "unit") {
      auto id = ui::actionByName("unit-" + arg);
      if (!id) return Reply::fail(fmt::format("'{}' is not a step unit", arg));
      ui::runAction(*id, *m_session, m_choices);
      r.body = {{"result", fmt::format("next steps by {}", ui::actionInfo(*id).label)}, {"variablesReference", 0}};
    } else if (cmd == "goto") {
      m_running.reset();
      const std::uint64_t reached = m_session->seek(std::stoull(arg));
      r.body = {{"result", fmt::format("step {}", reached)}, {"variablesReference", 0}};
      stopped(m_session->lastOutcome(), "goto");
    } else if (cmd == "help") {
      r.body = {{"result", kHelp}, {"variablesReference", 0}};
    } else {
      return Reply::fail(fmt::format("':{}' is not a command; :help lists them", cmd));
    }
    return r;
  }
  const WatchResult w = evaluateWatch(m_session->frame(), warp, expr);
  if (!w.error.empty()) return Reply::fail(w.error);
  if (w.memory) {
    r.body = {{"result", *w.memory}, {"variablesReference", 0}};
    return r;
  }
  if (w.lane) {
    const auto l = static_cast<std::size_t>(*w.lane);
    if (l >= w.values.size() || w.values[l].empty()) return Reply::fail(fmt::format("warp has no lane {}", l));
    r.body = {{"result", w.values[l]}, {"variablesReference", 0}};
    return r;
  }
  const int ref = w.reg >= 0 ? m_refs.add({VarRef::Kind::WarpRow, warp, static_cast<std::uint32_t>(w.reg)})
                             : m_refs.addValues(warp, w.values);
  r.body = {{"result", laneRowText(w.values)}, {"variablesReference", ref}, {"indexedVariables", w.values.size()}};
  (void)context;
  return r;
}

}  // namespace ws::dap
