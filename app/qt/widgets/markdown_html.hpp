#pragma once
// Markdown to the HTML subset Qt's rich text shows, through md4c's HTML
// renderer. QTextEdit::setMarkdown imports through a cursor and cost about
// eight times as much as setHtml of the same text, on every step.
#include <QString>

#include <string_view>

namespace ws::qt {

// Raw HTML in the markdown is shown as text, never interpreted: scenario
// files come from anywhere.
QString markdownToHtml(std::string_view markdown);

}  // namespace ws::qt
