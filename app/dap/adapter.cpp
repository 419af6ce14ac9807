#include "app/dap/adapter.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "app/common/open_input.hpp"
#include "app/dap/launch_args.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/session/scenario_session.hpp"

namespace ws::dap {

Adapter::Adapter(Send send) : m_send(std::move(send)) {}
Adapter::~Adapter() = default;

void Adapter::sendResponse(const Json& request, const Reply& r) {
  Json msg = {{"seq", m_seq++},
              {"type", "response"},
              {"request_seq", request.value("seq", 0)},
              {"command", request.value("command", std::string())},
              {"success", r.error.empty()}};
  if (r.error.empty()) {
    msg["body"] = r.body;
  } else {
    msg["message"] = r.error;
    msg["body"] = {{"error", {{"id", 1}, {"format", r.error}, {"showUser", true}}}};
  }
  m_send(msg);
}

void Adapter::sendEvent(const std::string& event, Json body) {
  Json msg = {{"type", "event"}, {"event", event}};
  if (!body.empty()) msg["body"] = std::move(body);
  if (m_inRequest) {
    m_pending.push_back(std::move(msg));
    return;
  }
  msg["seq"] = m_seq++;
  m_send(msg);
}

void Adapter::output(const std::string& category, const std::string& text) {
  sendEvent("output", {{"category", category}, {"output", text}});
}

void Adapter::handle(const Json& message) {
  if (!message.is_object() || message.value("type", std::string()) != "request") return;
  const std::string command = message.value("command", std::string());
  const Json args =
      message.contains("arguments") && message["arguments"].is_object() ? message["arguments"] : Json::object();
  const bool needsSession = command != "initialize" && command != "launch" && command != "disconnect" &&
                            command != "terminate" && command != "setExceptionBreakpoints" &&
                            command != "configurationDone" && command != "attach";
  Reply r;
  m_inRequest = true;
  try {
    if (needsSession && !m_session) {
      r = Reply::fail("no program is launched yet");
    } else if (command == "initialize")
      r = initialize(args);
    else if (command == "launch")
      r = launch(args);
    else if (command == "attach")
      r = Reply::fail("warpscope-dap launches programs; it cannot attach");
    else if (command == "configurationDone")
      r = configurationDone();
    else if (command == "disconnect" || command == "terminate")
      r = disconnect();
    else if (command == "threads")
      r = threads();
    else if (command == "stackTrace")
      r = stackTrace(args);
    else if (command == "scopes")
      r = scopes(args);
    else if (command == "variables")
      r = variables(args);
    else if (command == "setVariable")
      r = setVariable(args);
    else if (command == "evaluate")
      r = evaluate(args);
    else if (command == "setBreakpoints")
      r = setBreakpoints(args);
    else if (command == "setInstructionBreakpoints")
      r = setInstructionBreakpoints(args);
    else if (command == "setExceptionBreakpoints")
      r = setExceptionBreakpoints(args);
    else if (command == "exceptionInfo")
      r = exceptionInfo(args);
    else if (command == "disassemble")
      r = disassemble(args);
    else if (command == "source")
      r = source(args);
    else if (command == "gotoTargets")
      r = gotoTargets(args);
    else if (command == "goto")
      r = gotoStep(args);
    else if (command == "warpscope/focusLane")
      r = focusLane(args);
    else if (command == "continue" || command == "next" || command == "stepIn" || command == "stepOut" ||
             command == "stepBack" || command == "reverseContinue" || command == "pause" || command == "restart")
      r = execution(command, args);
    else
      r = Reply::fail(fmt::format("warpscope-dap does not know the request '{}'", command));
  } catch (const std::exception& e) {
    // Malformed arguments (a string where a number belongs) answer with an error, never end the server.
    r = Reply::fail(fmt::format("{}: {}", command, e.what()));
  }
  sendResponse(message, r);
  m_inRequest = false;
  for (Json& e : m_pending) {
    e["seq"] = m_seq++;
    m_send(e);
  }
  m_pending.clear();
  // Events that must follow their response.
  // Breakpoints are set after `initialized`: once a program is launched,
  // so they name its lines.
  if (command == "launch" && r.error.empty()) sendEvent("initialized");
  if ((command == "disconnect" || command == "terminate") && r.error.empty()) {
    if (command == "terminate") sendEvent("terminated");
    m_finished = true;
  }
  if (command == "configurationDone" && r.error.empty() && m_session) {
    if (m_stopOnEntry) {
      core::RunOutcome o;
      stopped(o, "entry");
    } else {
      startLong(ui::ActionId::Continue);
    }
  }
}

Adapter::Reply Adapter::initialize(const Json& args) {
  m_linesStartAt1 = args.value("linesStartAt1", true);
  m_invalidatedEvents = args.value("supportsInvalidatedEvent", false);
  Reply r;
  r.body = {
      {"supportsConfigurationDoneRequest", true},
      {"supportsConditionalBreakpoints", true},
      {"supportsHitConditionalBreakpoints", true},
      {"supportsEvaluateForHovers", true},
      {"supportsStepBack", true},
      {"supportsSetVariable", true},
      {"supportsRestartRequest", true},
      {"supportsGotoTargetsRequest", true},
      {"supportsExceptionInfoRequest", true},
      {"supportsTerminateRequest", true},
      {"supportsDisassembleRequest", true},
      {"supportsInstructionBreakpoints", true},
      {"supportsSteppingGranularity", true},
      {"supportTerminateDebuggee", true},
      {"exceptionBreakpointFilters", exceptionFilterCapabilities()},
  };
  return r;
}

Adapter::Reply Adapter::launch(const Json& args) {
  if (m_session) return Reply::fail("a program is already launched");
  auto parsed = parseLaunchArgs(args);
  if (auto* e = std::get_if<std::string>(&parsed)) return Reply::fail(*e);
  LaunchArgs& la = std::get<LaunchArgs>(parsed);
  ui::ScenarioStart start = app::openInput(la.request);
  if (!start.engine) return Reply::fail(start.error.empty() ? std::string("the program cannot run") : start.error);
  m_sourceDirs = start.sourceDirs;
  if (auto it = args.find("sourceDirs"); it != args.end() && it->is_array())
    for (const auto& d : *it)
      if (d.is_string()) m_sourceDirs.push_back(d.get<std::string>());
  auto made = ui::sessionFromStart(std::move(start));
  if (auto* e = std::get_if<std::string>(&made)) return Reply::fail(*e);
  m_session = std::move(std::get<std::unique_ptr<ui::Session>>(made));
  for (const auto& d : m_sourceDirs) m_session->addSourceSearchDir(d);
  // The client owns the breakpoints (setBreakpoints replaces them all).
  while (!m_session->breakpoints().empty()) m_session->removeBreakpoint(m_session->breakpoints().size() - 1);
  m_stopOnEntry = la.stopOnEntry;
  m_printedUpTo = m_session->position();
  if (auto u = args.find("stepUnit"); u != args.end() && u->is_string()) {
    auto id = ui::actionByName(std::string("unit-") + u->get<std::string>());
    if (!id) return Reply::fail(fmt::format("'{}' is not a step unit", u->get<std::string>()));
    ui::runAction(*id, *m_session, m_choices);
  }
  for (const core::LoadError& w : m_session->program().warnings) output("console", w.str() + "\n");
  output("console", fmt::format("warpscope: {} ({} warps, {} threads per CTA)\n", m_session->title(),
                                m_session->state().warps.size(),
                                m_session->state().ctas.empty() ? 0 : m_session->state().ctas[0].numThreads));
  installBreakpoints();
  return {};
}

Adapter::Reply Adapter::configurationDone() {
  m_configured = true;
  return {};
}

Adapter::Reply Adapter::disconnect() {
  m_running.reset();
  m_session.reset();
  m_refs.clear();
  return {};
}

Adapter::Reply Adapter::focusLane(const Json& args) {
  const int lane = args.at("lane").get<int>();
  if (lane < 0 || lane >= core::kWarpSize) return Reply::fail(fmt::format("lane {} is not 0-31", lane));
  m_session->focusLane(lane);
  m_refs.clear();
  if (m_invalidatedEvents) sendEvent("invalidated", {{"areas", Json::array({"variables", "stacks"})}});
  Reply r;
  r.body = {{"lane", lane}};
  return r;
}

std::uint32_t Adapter::warpOfThread(const Json& args, const char* key) const {
  const std::int64_t id = args.value(key, std::int64_t{0});
  const auto& warps = m_session->state().warps;
  if (id < 1 || static_cast<std::size_t>(id) > warps.size()) return m_session->focus().warp;
  return static_cast<std::uint32_t>(id - 1);
}

int Adapter::laneShown(std::uint32_t warp) const {
  const core::WarpControl& c = m_session->state().warps[warp].ctl;
  const int focus = m_session->focus().lane;
  const core::LaneMask live = c.valid & ~c.exited;
  if ((live >> focus) & 1u) return focus;
  for (int l = 0; l < core::kWarpSize; ++l)
    if ((live >> l) & 1u) return l;
  return focus;
}

std::uint32_t Adapter::pcOf(std::uint32_t warp) const {
  return m_session->state().warps[warp].ctl.pc[static_cast<std::size_t>(laneShown(warp))];
}

std::string Adapter::resolveSource(const std::string& path) const {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return std::filesystem::absolute(path, ec).lexically_normal().string();
  // nvcc records the compiling machine's paths: look for the file by name.
  const std::string name = std::filesystem::path(path).filename().string();
  for (const auto& d : m_sourceDirs) {
    const std::filesystem::path p = std::filesystem::path(d) / name;
    if (std::filesystem::exists(p, ec)) return std::filesystem::absolute(p, ec).lexically_normal().string();
  }
  return path;
}

Json Adapter::sourceOf(std::int32_t file) const {
  const auto& files = m_session->program().files;
  if (file < 0 || static_cast<std::size_t>(file) >= files.size()) return Json::object();
  const std::string path = resolveSource(files[static_cast<std::size_t>(file)]);
  return {{"name", std::filesystem::path(path).filename().string()}, {"path", path}};
}

}  // namespace ws::dap
