#pragma once
// The debug adapter: one DAP session over one ui::Session. Requests come in
// as parsed JSON, responses and events leave through `send`; no I/O, no
// threads, so tests and benchmarks drive it directly. Long commands
// (continue, reverse continue) run in chunks: after a request, call tick()
// while busy(), reading the input between chunks so `pause` answers.
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/dap/exceptions.hpp"
#include "app/dap/var_refs.hpp"
#include "core/trace/breakpoint.hpp"
#include "ui/session/actions.hpp"
#include "ui/session/session.hpp"

namespace ws::dap {

using Json = nlohmann::json;

class Adapter {
 public:
  using Send = std::function<void(const Json&)>;
  explicit Adapter(Send send);
  ~Adapter();

  void handle(const Json& message);
  // A long command is under way: call tick() again.
  bool busy() const { return m_running.has_value(); }
  void tick();
  // disconnect or terminate answered: the server may exit.
  bool finished() const { return m_finished; }
  // For tests and benchmarks.
  ui::Session* session() { return m_session.get(); }
  std::uint64_t stepChunk() const { return m_chunk; }
  void setStepChunk(std::uint64_t n) { m_chunk = n ? n : 1; }

  // What a request handler reports: a body, or an error message.
  struct Reply {
    Json body = Json::object();
    std::string error;
    static Reply fail(std::string message) {
      Reply r;
      r.error = std::move(message);
      return r;
    }
  };

 private:
  // One breakpoint the client set, as the session holds it.
  struct BpMeta {
    int id = 0;  // DAP breakpoint id
    enum class From : std::uint8_t { Source, Instruction, Exception } from = From::Source;
    std::string hitCondition;  // "", "5", ">= 5", "% 5"
    std::uint64_t hits = 0;
  };
  struct SourceBp {
    core::Breakpoint bp;
    BpMeta meta;
  };

  void sendResponse(const Json& request, const Reply& r);
  void sendEvent(const std::string& event, Json body = Json::object());
  void output(const std::string& category, const std::string& text);

  // request families (one file each)
  Reply initialize(const Json& args);
  Reply launch(const Json& args);
  Reply configurationDone();
  Reply disconnect();
  Reply threads();
  Reply stackTrace(const Json& args);
  Reply scopes(const Json& args);
  Reply variables(const Json& args);
  Reply setVariable(const Json& args);
  Reply evaluate(const Json& args);
  Reply setBreakpoints(const Json& args);
  Reply setInstructionBreakpoints(const Json& args);
  Reply setExceptionBreakpoints(const Json& args);
  Reply exceptionInfo(const Json& args);
  Reply disassemble(const Json& args);
  Reply source(const Json& args);
  Reply gotoTargets(const Json& args);
  Reply gotoStep(const Json& args);
  Reply execution(const std::string& command, const Json& args);
  Reply focusLane(const Json& args);

  // execution helpers (execution.cpp)
  void startLong(ui::ActionId id);
  void stopped(const core::RunOutcome& o, std::string reasonOverride = {});
  // Whether a stop at a breakpoint counts (hit conditions, exception filters).
  bool stopCounts(const core::RunOutcome& o);
  void emitPrinted();
  void focusThread(const Json& args);

  // breakpoints (breakpoints.cpp)
  void installBreakpoints();
  std::optional<core::Breakpoint> lineBreakpoint(const std::string& path, std::int32_t line, std::string& why) const;
  int diagFileIndex(const std::string& path) const;

  // helpers shared by the families (adapter.cpp)
  std::uint32_t warpOfThread(const Json& args, const char* key = "threadId") const;
  int laneShown(std::uint32_t warp) const;  // the focused lane, else the warp's first live lane
  std::uint32_t pcOf(std::uint32_t warp) const;
  Json sourceOf(std::int32_t file) const;  // a DAP Source for Program::files[file]
  std::string resolveSource(const std::string& path) const;

  Send m_send;
  std::int64_t m_seq = 1;
  std::unique_ptr<ui::Session> m_session;
  ui::DebuggerChoices m_choices;
  std::vector<std::string> m_sourceDirs;
  bool m_stopOnEntry = false;
  bool m_configured = false;
  bool m_finished = false;
  bool m_linesStartAt1 = true;
  bool m_invalidatedEvents = false;  // the client handles `invalidated` (initialize's supportsInvalidatedEvent)
  std::optional<ui::ActionId> m_running;
  bool m_pauseRequested = false;
  std::uint64_t m_chunk = 20'000;
  std::uint64_t m_printedUpTo = 0;  // history position up to which printf output was sent

  // breakpoints by source path, instruction breakpoints, exception filters
  std::vector<std::pair<std::string, std::vector<SourceBp>>> m_sourceBps;
  std::vector<SourceBp> m_instructionBps;
  ExceptionFilters m_filters;
  std::vector<BpMeta> m_installed;  // parallel to the session's breakpoints
  int m_nextBpId = 1;

  VarRefs m_refs;
  // Events raised while a request is handled leave after its response
  // (the protocol's order: the `next` response, then `stopped`).
  bool m_inRequest = false;
  std::vector<Json> m_pending;
};

}  // namespace ws::dap
