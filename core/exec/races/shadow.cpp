#include "core/exec/races/shadow.hpp"

namespace ws::core::race {

Cell& Shadow::cell(MemRegion region, std::uint32_t index, std::uint64_t offset) {
  const std::uint64_t page = offset / kPageBytes;
  if (m_last && region == m_lastRegion && index == m_lastIndex && page == m_lastPage)
    return m_last->cells[offset % kPageBytes];
  std::vector<Table>& tables = region == MemRegion::Shared ? m_shared : m_global;
  if (tables.size() <= index) tables.resize(index + 1);
  Table& t = tables[index];
  if (t.size() <= page) t.resize(page + 1);
  std::shared_ptr<Page>& p = t[page];
  if (!p) {
    p = std::make_shared<Page>();
    ++m_pages;
  } else if (p.use_count() > 1) {
    p = std::make_shared<Page>(*p);  // shared with a checkpoint: this copy writes its own
  }
  m_lastRegion = region;
  m_lastIndex = index;
  m_lastPage = page;
  m_last = p.get();
  return m_last->cells[offset % kPageBytes];
}

}  // namespace ws::core::race
