#include "core/ptx/shared_layout.hpp"

#include <algorithm>

#include "core/ptx/coverage.hpp"

namespace ws::core {
namespace {

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

void noteSymbol(const Program& p, const Operand& op, std::vector<bool>& used) {
  if (op.symbol >= 0 && static_cast<std::size_t>(op.symbol) < p.symbols.size() &&
      (op.kind == OperandKind::Symbol || op.kind == OperandKind::Address))
    used[static_cast<std::size_t>(op.symbol)] = true;
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
  // Which symbols each function uses directly (function-scope .shared
  // variables belong to their function even when only taken by address).
  std::vector<std::vector<bool>> usedBy(p.functions.size(), std::vector<bool>(p.symbols.size(), false));
  for (std::size_t f = 0; f < p.functions.size(); ++f) {
    for (std::uint32_t i = p.functions[f].begin; i < p.functions[f].end; ++i)
      for (const Operand& op : p.instrs[i].ops) noteSymbol(p, op, usedBy[f]);
  }
  for (std::size_t s = 0; s < p.symbols.size(); ++s)
    if (p.symbols[s].func >= 0) usedBy[static_cast<std::size_t>(p.symbols[s].func)][s] = true;

  const std::uint64_t dynAlign = dynamicAlign(p);
  std::vector<bool> placed(p.symbols.size(), false);
  p.sharedBytes = 0;
  for (std::uint32_t e = 0; e < p.functions.size(); ++e) {
    if (!p.functions[e].isEntry) continue;
    std::vector<bool> used(p.symbols.size(), false);
    for (std::uint32_t f : reachableFunctions(p, e))
      for (std::size_t s = 0; s < used.size(); ++s) used[s] = used[s] || usedBy[f][s];
    SharedLayout layout;
    std::uint64_t end = kSharedReservedBytes;
    for (const bool functionScope : {true, false}) {
      for (std::uint32_t s = 0; s < p.symbols.size(); ++s) {
        Symbol& sym = p.symbols[s];
        if (!used[s] || sym.space != Space::Shared || sym.isExtern || (sym.func >= 0) != functionScope) continue;
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
