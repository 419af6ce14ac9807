#pragma once
// The text a person edits in the app's editor (a scenario file, or a PTX
// module opened with a launch), checked as they type and turned back into a
// session when they apply it. Problems carry the line and column of the
// edited text itself, so an editor can mark them where they are.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ws::ui {

class Session;

enum class DocumentKind : std::uint8_t { Scenario, Ptx };

struct DocumentProblem {
  std::uint32_t line = 0, col = 0;  // in the edited text (1-based); 0 = not in it (a file it names)
  std::string message;
  std::string text;  // "file:line:col: error: message", as the command line prints it
};

// Every problem loading the text would report (empty: it loads). `path` names
// the document in messages; a scenario's relative file names resolve against
// its directory.
std::vector<DocumentProblem> checkDocument(std::string_view text, DocumentKind kind, const std::string& path);

// A new session from the edited text. A scenario brings its own launch,
// breakpoints and narration; a PTX module keeps `previous`'s launch, options,
// title, narration and the breakpoints whose lines still exist. Either way the new
// session goes to `previous`'s position when the new program gets that far.
std::variant<std::unique_ptr<Session>, std::string> applyDocument(std::string_view text, DocumentKind kind, const std::string& path,
                                                                  const Session* previous);

}  // namespace ws::ui
