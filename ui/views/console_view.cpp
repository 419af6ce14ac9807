// The console: what device printf and failed asserts printed up to the
// shown step (ui/views/views.hpp, ConsoleView), from the history index, which
// keeps every step's printed text as it is recorded.
#include <algorithm>

#include <fmt/format.h>

#include "ui/views/history_index.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

// A console is for reading, not for a million lines: the latest ones.
constexpr std::size_t kMaxLines = 2000;

}  // namespace

ConsoleView buildConsole(const Frame& f, const HistoryIndex& index) {
  ConsoleView v;
  const auto& all = index.printed();
  // Steps before the shown position printed; record i made position i + 1.
  const auto end = std::lower_bound(all.begin(), all.end(), f.position,
                                    [](const HistoryIndex::Printed& p, std::uint64_t pos) { return p.step < pos; });
  for (auto it = all.begin(); it != end; ++it) v.text += it->text.text;
  for (auto it = all.begin(); it != end; ++it) {
    const core::PrintedText& t = it->text;
    const std::string who = fmt::format("CTA {} warp {} lane {}", t.cta, t.warp, t.lane);
    std::size_t at = 0;
    while (at < t.text.size()) {
      const std::size_t nl = t.text.find('\n', at);
      const std::size_t stop = nl == std::string::npos ? t.text.size() : nl;
      v.lines.push_back({it->step, who, t.text.substr(at, stop - at), it->step + 1 == f.position});
      at = stop + 1;
    }
  }
  if (v.lines.size() > kMaxLines) {
    v.omitted = v.lines.size() - kMaxLines;
    v.lines.erase(v.lines.begin(), v.lines.begin() + static_cast<std::ptrdiff_t>(v.omitted));
  }
  return v;
}

}  // namespace ws::ui
