#include "core/ptx/coverage.hpp"

#include <algorithm>

namespace ws::core {

std::vector<std::uint32_t> reachableFunctions(const Program& p, std::uint32_t entry) {
  std::vector<bool> seen(p.functions.size(), false);
  std::vector<std::uint32_t> work{entry}, out;
  if (entry >= p.functions.size()) return out;
  seen[entry] = true;
  while (!work.empty()) {
    const std::uint32_t f = work.back();
    work.pop_back();
    out.push_back(f);
    for (std::uint32_t i = p.functions[f].begin; i < p.functions[f].end; ++i) {
      for (const Operand& op : p.instrs[i].ops) {
        if (op.kind != OperandKind::Func || op.target >= p.functions.size() || seen[op.target]) continue;
        seen[op.target] = true;
        work.push_back(op.target);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<EntryCoverage> unsupportedByEntry(const Program& p) {
  std::vector<EntryCoverage> out;
  for (std::uint32_t e = 0; e < p.functions.size(); ++e) {
    if (!p.functions[e].isEntry) continue;
    EntryCoverage c;
    c.entry = e;
    std::vector<std::vector<std::uint32_t>> byKind(p.unsupported.size());
    for (std::uint32_t f : reachableFunctions(p, e))
      for (std::uint32_t i = p.functions[f].begin; i < p.functions[f].end; ++i)
        if (p.instrs[i].unsupported >= 0) byKind[static_cast<std::size_t>(p.instrs[i].unsupported)].push_back(i);
    for (std::uint32_t k = 0; k < byKind.size(); ++k) {
      if (byKind[k].empty()) continue;
      std::sort(byKind[k].begin(), byKind[k].end());
      c.uses.push_back({k, std::move(byKind[k])});
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::string> entriesUsing(const Program& p, std::uint32_t index) {
  std::vector<std::string> names;
  for (const EntryCoverage& c : unsupportedByEntry(p))
    for (const UnsupportedUse& u : c.uses)
      if (u.unsupported == index) names.push_back(p.functions[c.entry].name);
  return names;
}

}  // namespace ws::core
