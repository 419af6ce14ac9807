#include "core/exec/races/clocks.hpp"

#include <algorithm>

namespace ws::core::race {

VectorClock::Join::Acc& VectorClock::Join::acc(std::uint32_t cta) {
  auto it = std::lower_bound(m_acc.begin(), m_acc.end(), cta, [](const Acc& a, std::uint32_t c) { return a.cta < c; });
  if (it == m_acc.end() || it->cta != cta) it = m_acc.insert(it, Acc{cta, nullptr, nullptr});
  return *it;
}

VectorClock::Row& VectorClock::Join::ownRow(Acc& a) {
  if (!a.own) {
    a.own = a.shared ? std::make_shared<Row>(*a.shared) : std::make_shared<Row>(m_rowSize, 0);
    if (a.own->size() < m_rowSize) a.own->resize(m_rowSize, 0);
    a.shared.reset();
  }
  return *a.own;
}

void VectorClock::Join::add(const VectorClock& c) {
  for (const Part& p : c.m_parts) {
    Acc& a = acc(p.cta);
    if (!a.own && !a.shared) {
      a.shared = p.row;
      continue;
    }
    if (!a.own && a.shared == p.row) continue;
    Row& r = ownRow(a);
    const std::size_t n = std::min(r.size(), p.row->size());
    const Clock* src = p.row->data();
    Clock* dst = r.data();
    for (std::size_t i = 0; i < n; ++i) dst[i] = std::max(dst[i], src[i]);
  }
}

void VectorClock::Join::set(Tid t, Clock c) {
  Acc& a = acc(t.cta);
  if (!a.own && a.shared && t.slot < a.shared->size() && (*a.shared)[t.slot] >= c) return;
  Row& r = ownRow(a);
  if (t.slot < r.size()) r[t.slot] = std::max(r[t.slot], c);
}

std::shared_ptr<const VectorClock> VectorClock::Join::build() {
  auto out = std::make_shared<VectorClock>();
  out->m_parts.reserve(m_acc.size());
  for (Acc& a : m_acc) {
    if (a.own) out->m_parts.push_back({a.cta, std::move(a.own)});
    else if (a.shared) out->m_parts.push_back({a.cta, std::move(a.shared)});
  }
  m_acc.clear();
  return out;
}

}  // namespace ws::core::race
