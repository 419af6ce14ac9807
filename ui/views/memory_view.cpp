// Memory view: launch buffers and the focused CTA's cluster's shared memory
// as 32-bit words, with this step's and recent steps' writes marked.
#include <algorithm>

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

void markWrites(const core::StepRecord& r, MemoryRegionView& v, bool now) {
  for (const auto& c : r.mem) {
    if (c.region != v.region || c.index != v.index) continue;
    for (std::uint64_t b = c.offset / 4; b <= (c.offset + std::max<std::uint8_t>(c.size, 1) - 1) / 4 && b < v.words.size(); ++b) {
      if (now) v.words[b].changedNow = true;
      else v.words[b].changedRecently = true;
    }
  }
}

MemoryRegionView region(const Frame& f, core::MemRegion kind, std::uint32_t index, std::string name, const std::vector<std::uint8_t>& bytes) {
  MemoryRegionView v;
  v.region = kind;
  v.index = index;
  v.name = std::move(name);
  v.bytes = bytes.size();
  const std::size_t n = std::min<std::size_t>(bytes.size() / 4, f.options.memoryWordsPerRegion);
  v.words.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t w = 0;
    for (int b = 0; b < 4; ++b) w |= static_cast<std::uint32_t>(bytes[i * 4 + static_cast<std::size_t>(b)]) << (8 * b);
    v.words[i].offset = i * 4;
    v.words[i].value = w;
    v.words[i].text = formatBits(w, 32, ValueFormat::Auto);
  }
  if (f.record) markWrites(*f.record, v, true);
  if (f.records) {
    const std::uint64_t last = std::min<std::uint64_t>(f.position, f.records->size());
    const std::uint64_t first =
        std::max(f.records->first(), last > f.options.recentSteps ? last - f.options.recentSteps : 0);
    for (std::uint64_t i = first; i + 1 < last; ++i) markWrites(f.records->at(i), v, false);
  }
  return v;
}

}  // namespace

MemoryView buildMemory(const Frame& f) {
  MemoryView v;
  const auto& s = f.st();
  for (std::uint32_t g = 1; g < s.global.size(); ++g)
    v.regions.push_back(region(f, core::MemRegion::Global, g, bufferDisplayName(f, g), s.global[g].bytes));
  if (!s.global.empty() && !s.global[0].bytes.empty())
    v.regions.push_back(region(f, core::MemRegion::Global, 0, "module globals", s.global[0].bytes));
  if (f.focus.warp < s.warps.size()) {
    const std::uint32_t own = s.warps[f.focus.warp].cta;
    std::uint32_t first = own, count = 1;
    if (own < s.ctas.size() && s.ctas[own].cluster < s.clusters.size()) {
      first = s.clusters[s.ctas[own].cluster].firstCta;
      count = s.clusters[s.ctas[own].cluster].numCtas;
    }
    for (std::uint32_t c = first; c < first + count && c < s.ctas.size(); ++c) {
      if (s.ctas[c].shared.empty()) continue;
      const std::string name = count > 1 ? fmt::format("shared, CTA rank {}", s.ctas[c].clusterRank) : "shared";
      v.regions.push_back(region(f, core::MemRegion::Shared, c, name, s.ctas[c].shared));
    }
  }
  return v;
}

}  // namespace ws::ui
