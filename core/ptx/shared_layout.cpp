#include "core/ptx/shared_layout.hpp"

#include <algorithm>

#include "core/ptx/coverage.hpp"

namespace ws::core {
namespace {

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

// Static .shared variables only: nothing else is laid out here.
bool isStaticShared(const Symbol& s) { return s.space == Space::Shared && !s.isExtern; }

void noteSymbol(const Program& p, const Operand& op, std::vector<std::uint32_t>& used) {
  if (op.symbol >= 0 && static_cast<std::size_t>(op.symbol) < p.symbols.size() &&
      (op.kind == OperandKind::Symbol || op.kind == OperandKind::Address) &&
      isStaticShared(p.symbols[static_cast<std::size_t>(op.symbol)]))
    used.push_back(static_cast<std::uint32_t>(op.symbol));
  for (const Operand& e : op.elems) noteSymbol(p, e, used);
}

// The dynamic window's alignment: the largest of the extern arrays' (at
// least 16 bytes, the alignment the CUDA runtime gives dynamic shared memory).
std::uint64_t dynamicAlign(const Program& p) {
  std::uint64_t a = 16;
  for (const Symbol& s : p.symbols)
    if (s.space == Space::Shared && s.isExtern) a = std::max<std::uint64_t>(a, s.align);
  return a;
}

}  // namespace

void layoutShared(Program& p) {
  // The static .shared variables each function uses directly (function-scope
  // ones belong to their function even when only taken by address), as
  // sorted lists: a module may hold 1,000,000 functions and 2,000,000
  // variables, so a function x variable table would take terabytes.
  std::vector<std::vector<std::uint32_t>> usedBy(p.functions.size());
  for (std::size_t f = 0; f < p.functions.size(); ++f) {
    for (std::uint32_t i = p.functions[f].begin; i < p.functions[f].end; ++i)
      for (const Operand& op : p.instrs[i].ops) noteSymbol(p, op, usedBy[f]);
  }
  bool anyShared = false;
  for (std::size_t s = 0; s < p.symbols.size(); ++s) {
    if (!isStaticShared(p.symbols[s])) continue;
    anyShared = true;
    if (p.symbols[s].func >= 0) usedBy[static_cast<std::size_t>(p.symbols[s].func)].push_back(static_cast<std::uint32_t>(s));
  }
  for (auto& u : usedBy) {
    std::sort(u.begin(), u.end());
    u.erase(std::unique(u.begin(), u.end()), u.end());
  }

  const std::uint64_t dynAlign = dynamicAlign(p);
  std::vector<bool> placed(p.symbols.size(), false);
  p.sharedBytes = 0;
  for (std::uint32_t e = 0; e < p.functions.size(); ++e) {
    if (!p.functions[e].isEntry) continue;
    // Declaration order (symbol index) within each group, as ptxas lays them out.
    std::vector<std::uint32_t> used;
    if (anyShared)
      for (std::uint32_t f : reachableFunctions(p, e)) used.insert(used.end(), usedBy[f].begin(), usedBy[f].end());
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    SharedLayout layout;
    std::uint64_t end = kSharedReservedBytes;
    for (const bool functionScope : {true, false}) {
      for (const std::uint32_t s : used) {
        Symbol& sym = p.symbols[s];
        if ((sym.func >= 0) != functionScope) continue;
        const std::uint64_t off = alignUp(end, sym.align);
        layout.offsets.emplace_back(s, off);
        end = off + sym.size;
        if (!placed[s]) {
          sym.offset = off;
          placed[s] = true;
        }
      }
    }
    layout.staticBytes = end;
    layout.dynamicOffset = alignUp(end, dynAlign);
    p.sharedBytes = std::max(p.sharedBytes, end);
    p.functions[e].shared = std::move(layout);
  }
  // Extern arrays: the window of the first entry (Engine::create applies the
  // launched entry's).
  for (const Function& f : p.functions) {
    if (!f.isEntry) continue;
    for (Symbol& s : p.symbols)
      if (s.space == Space::Shared && s.isExtern) s.offset = f.shared.dynamicOffset;
    break;
  }
}

std::uint64_t sharedAllocation(const Function& entry, std::uint64_t dynamicBytes) {
  return dynamicBytes ? entry.shared.dynamicOffset + dynamicBytes : entry.shared.staticBytes;
}

const Symbol* sharedSymbolAt(const Program& p, std::string_view entry, std::uint64_t offset) {
  auto holds = [&](const Symbol& s, std::uint64_t at) { return offset >= at && offset - at < s.size; };
  if (auto f = p.findFunction(entry); f && p.functions[*f].isEntry) {
    for (const auto& [s, at] : p.functions[*f].shared.offsets)
      if (holds(p.symbols[s], at)) return &p.symbols[s];
    return nullptr;
  }
  for (const Symbol& s : p.symbols)
    if (s.space == Space::Shared && !s.isExtern && holds(s, s.offset)) return &s;
  return nullptr;
}

std::uint64_t sharedTotalSize(const Function& entry, std::uint64_t dynamicBytes) {
  return alignUp(sharedAllocation(entry, dynamicBytes) - kSharedReservedBytes, 128);
}

}  // namespace ws::core
