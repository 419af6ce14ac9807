// checkDocument: kept apart from document_apply.cpp because core/scenario's
// headers and the session's are not mixed in one translation unit (see
// scenario_bridge.hpp).
#include "core/ptx/parser.hpp"
#include "core/scenario/scenario_io.hpp"
#include "ui/files/document.hpp"
#include "ui/session/scenario_access.hpp"

namespace ws::ui {

std::vector<DocumentProblem> checkDocument(std::string_view text, DocumentKind kind, const std::string& path) {
  std::vector<core::LoadError> errors;
  if (kind == DocumentKind::Ptx) {
    errors = core::parsePtx(text, path).errors;
  } else {
    errors = core::loadScenarioTextAt(text, path, scenarioLoadOptions({})).errors;
  }
  std::vector<DocumentProblem> out;
  for (const core::LoadError& e : errors) {
    DocumentProblem p;
    const bool here = e.file == path;
    p.line = here ? e.line : 0;
    p.col = here ? e.col : 0;
    p.message = e.message;
    p.text = e.str();
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace ws::ui
