#include "app/qt/widgets/markdown_html.hpp"

#include <md4c-html.h>

#include <string>

namespace ws::qt {

QString markdownToHtml(std::string_view markdown) {
  std::string html;
  html.reserve(markdown.size() * 5 / 4 + 64);
  const auto append = [](const MD_CHAR* text, MD_SIZE size, void* out) { static_cast<std::string*>(out)->append(text, size); };
  const unsigned flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_NOHTML;
  if (md_html(markdown.data(), static_cast<MD_SIZE>(markdown.size()), append, &html, flags, 0) != 0)
    return QString::fromUtf8(markdown.data(), static_cast<qsizetype>(markdown.size())).toHtmlEscaped();
  return QString::fromStdString(html);
}

}  // namespace ws::qt
