#include <algorithm>

#include "core/ptx/parser.hpp"
#include "ui/files/document.hpp"
#include "ui/session/scenario_session.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {

std::variant<std::unique_ptr<Session>, std::string> applyDocument(std::string_view text, DocumentKind kind, const std::string& path,
                                                                  const Session* previous) {
  std::variant<std::unique_ptr<Session>, std::string> made;
  if (kind == DocumentKind::Scenario) {
    made = sessionFromStart(scenarioStartFromText(text, path));
  } else {
    if (!previous) return std::string("a PTX module needs a launch: open it first");
    auto parsed = core::parsePtx(text, path);
    if (!parsed.ok()) {
      std::string err;
      for (const auto& e : parsed.errors) err += e.str() + "\n";
      return err;
    }
    SessionSource src;
    src.program = std::make_shared<const core::Program>(std::move(*parsed.program));
    src.launch = previous->launch();
    src.options = previous->options();
    src.title = previous->title();
    src.narration = previous->narration();
    src.lesson = previous->lesson();
    // Breakpoints by line or kind carry over; ones naming instruction or
    // register indices of the old program would point at something else now.
    const auto lines = static_cast<std::int32_t>(src.program->sourceLines.size());
    for (const core::Breakpoint& b : previous->breakpoints()) {
      using K = core::Breakpoint::Kind;
      if (b.kind == K::Pc || b.kind == K::LaneCondition || b.kind == K::WatchRegister) continue;
      if (b.kind == K::PtxLine && b.line > lines) continue;
      src.breakpoints.push_back(b);
    }
    made = Session::create(std::move(src));
  }
  if (auto* s = std::get_if<std::unique_ptr<Session>>(&made); s && previous) {
    (*s)->seek(std::max((*s)->position(), previous->position()));
    (*s)->focusWarp(std::min<std::uint32_t>(previous->focus().warp, static_cast<std::uint32_t>((*s)->state().warps.size() - 1)));
    (*s)->focusLane(previous->focus().lane);
  }
  return made;
}

}  // namespace ws::ui
