#include "core/explore/shrink.hpp"

#include <algorithm>

namespace ws::core::explore {

Shrunk shrinkSchedule(const std::vector<ForcedPick>& failing,
                      const std::function<bool(const std::vector<ForcedPick>&)>& stillFails, std::uint64_t maxTests) {
  Shrunk out{failing, 0};
  auto test = [&](const std::vector<ForcedPick>& c) {
    ++out.tests;
    return stillFails(c);
  };
  std::vector<ForcedPick>& c = out.picks;
  std::size_t n = 2;
  std::vector<ForcedPick> part;
  while (c.size() >= 2 && out.tests < maxTests) {
    const std::size_t chunk = (c.size() + n - 1) / n;
    bool reduced = false;
    // A subset that fails alone, then a complement that does.
    for (int complement = 0; complement < 2 && !reduced; ++complement)
      for (std::size_t start = 0; start < c.size() && !reduced && out.tests < maxTests; start += chunk) {
        const std::size_t end = std::min(c.size(), start + chunk);
        part.clear();
        if (complement) {
          part.insert(part.end(), c.begin(), c.begin() + static_cast<std::ptrdiff_t>(start));
          part.insert(part.end(), c.begin() + static_cast<std::ptrdiff_t>(end), c.end());
        } else {
          part.assign(c.begin() + static_cast<std::ptrdiff_t>(start), c.begin() + static_cast<std::ptrdiff_t>(end));
        }
        if (part.size() == c.size() || !test(part)) continue;
        c = part;
        n = complement ? std::max<std::size_t>(n - 1, 2) : 2;
        reduced = true;
      }
    if (reduced) continue;
    if (n >= c.size()) break;
    n = std::min(c.size(), 2 * n);
  }
  return out;
}

}  // namespace ws::core::explore
