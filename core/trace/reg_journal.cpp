#include "core/trace/reg_journal.hpp"

#include <algorithm>

namespace ws::core {

void RegJournal::grow(std::size_t n) {
  const std::size_t size = std::max(m_used + n, 2 * m_before.size());
  m_before.resize(size);
  m_after.resize(size);
}

void RegJournal::putRow(std::uint32_t warp, std::uint32_t reg, LaneMask lanes, LaneMask written,
                        const std::uint64_t* row, const std::uint64_t* v, std::uint64_t mask, Row::Pair pair,
                        LaneMask undefined) {
  // (A full row, the common case, needs no bit count: without a popcount
  // instruction in the target ISA that is a library call.)
  const std::size_t n = lanes == ~0u ? kWarpSize : static_cast<std::size_t>(std::popcount(lanes));
  if (m_used + n > m_before.size()) grow(n);
  m_rows.push_back({warp, reg, lanes, written & lanes, 0, undefined & lanes, static_cast<std::uint32_t>(m_used), pair});
  std::uint64_t* b = m_before.data() + m_used;
  std::uint64_t* a = m_after.data() + m_used;
  if (lanes == ~0u) {  // the common case: straight copies
    std::copy_n(row, kWarpSize, b);
    for (std::size_t l = 0; l < kWarpSize; ++l) a[l] = v[l] & mask;
  } else {
    std::size_t k = 0;
    for (LaneMask m = lanes; m; m &= m - 1, ++k) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      b[k] = row[l];
      a[k] = v[l] & mask;
    }
  }
  m_used += n;
}

LaneMask RegJournal::changes(const Row& r) const {
  LaneMask keep = 0;
  std::size_t i = r.first;
  for (LaneMask m = r.lanes; m; m &= m - 1, ++i) {
    const LaneMask bit = m & (~m + 1);
    if ((r.wasWritten & bit) == 0 || (r.undefined & bit) != 0 || m_before[i] != m_after[i]) keep |= bit;
  }
  return keep | r.given;
}

std::size_t RegJournal::size() const {
  std::size_t n = 0;
  for (const Row& r : m_rows) n += static_cast<std::size_t>(std::popcount(changes(r)));
  return n;
}

void RegJournal::const_iterator::load() {
  m_a = m_b = 0;
  if (m_j == nullptr) return;
  const auto& rows = m_j->m_rows;
  for (; m_row < rows.size(); m_row += rows[m_row].pair == Row::Pair::First ? 2 : 1) {
    m_a = m_j->changes(rows[m_row]);
    if (rows[m_row].pair == Row::Pair::First) m_b = m_j->changes(rows[m_row + 1]);
    if (m_a != 0 || m_b != 0) return;
  }
}

bool RegJournal::const_iterator::fromA() const {
  // The first row's lane goes first where both rows have the same lane.
  return m_b == 0 || (m_a != 0 && std::countr_zero(m_a) <= std::countr_zero(m_b));
}

RegChange RegJournal::const_iterator::operator*() const {
  const bool a = fromA();
  const Row& r = m_j->m_rows[m_row + (a ? 0 : 1)];
  const int lane = std::countr_zero(a ? m_a : m_b);
  // The lane's values follow those of the row's lanes below it.
  const std::size_t i = r.first + static_cast<std::size_t>(std::popcount(r.lanes & ((1u << lane) - 1u)));
  return {r.warp, r.reg, static_cast<std::uint8_t>(lane), ((r.wasWritten >> lane) & 1u) != 0, m_j->m_before[i],
          m_j->m_after[i], ((r.undefined >> lane) & 1u) != 0};
}

RegJournal::const_iterator& RegJournal::const_iterator::operator++() {
  if (fromA()) {
    m_a &= m_a - 1;
  } else {
    m_b &= m_b - 1;
  }
  if (m_a == 0 && m_b == 0) {
    m_row += m_j->m_rows[m_row].pair == Row::Pair::First ? 2 : 1;
    load();
  }
  return *this;
}

bool RegJournal::operator==(const RegJournal& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

}  // namespace ws::core
