#include "app/qt/panels/narration_panel.hpp"

#include "app/qt/widgets/markdown_html.hpp"

namespace ws::qt {

NarrationPanel::NarrationPanel(SessionHost* host, QWidget* parent) : QTextBrowser(parent), m_host(host) {
  setObjectName("narration");
  setOpenExternalLinks(true);
  connect(host, &SessionHost::changed, this, &NarrationPanel::refresh);
}

void NarrationPanel::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  const ui::ViewSet& v = s->views();
  std::string md;
  for (const auto& st : v.diagnostics.narration) md += st + "\n\n";
  if (!v.diagnostics.summary.empty()) md += "**" + v.diagnostics.summary + "**\n\n";
  if (!v.explanation.headline.empty()) md += v.explanation.headline + "\n\n";
  for (const auto& l : v.explanation.lanes) md += "- " + l.text + "\n";
  if (!v.explanation.lanes.empty()) md += "\n";
  for (const auto& n : v.explanation.notes) md += "- " + n + "\n";
  if (md == m_shown) return;  // a step that changes nothing here (or a refresh for another panel)
  m_shown = md;
  setHtml(markdownToHtml(md));
}

}  // namespace ws::qt
