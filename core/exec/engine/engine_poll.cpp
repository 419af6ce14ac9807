// Engine: what a polling loop waits for, for the `hang` report
// (engine_hang.cpp). Each live lane's innermost loop (a backward branch
// around its PC) is read for what it polls: an mbarrier test_wait/try_wait
// (the object's phase, pending arrivals and outstanding transaction bytes,
// decoded by core/exec/async/mbarrier_object.hpp) or a load or atomic (the
// address, what it holds now, and for atom.cas the value it waits for).
// Lanes blocked elsewhere are described as deadlock reports describe them
// (describeWait).
#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/exec/async/mbarrier_object.hpp"
#include "core/exec/diagnostics/wait_report.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {
namespace {

// A byte of memory a lane names: where it lies, its bytes, and how a person
// reads the place.
struct Place {
  const std::vector<std::uint8_t>* bytes = nullptr;
  std::uint64_t offset = 0;
  std::string name;
};

// " (`name`)" or " (`name`+k)" of the variable at offset of its space: the
// entry's own layout for shared memory (variables of other entries have none).
std::string symbolAt(const Program& p, std::uint32_t entry, Space space, std::uint64_t offset) {
  auto name = [&](const Symbol& s, std::uint64_t base) {
    return offset == base ? fmt::format(" (`{}`)", s.name) : fmt::format(" (`{}`+{})", s.name, offset - base);
  };
  if (space == Space::Shared) {
    for (const auto& [sym, base] : p.functions[entry].shared.offsets) {
      const Symbol& s = p.symbols[sym];
      if (offset >= base && offset < base + s.size) return name(s, base);
    }
    return {};
  }
  for (const Symbol& s : p.symbols)
    if (s.space == space && s.size != 0 && offset >= s.offset && offset < s.offset + s.size) return name(s, s.offset);
  return {};
}

std::optional<Place> sharedPlace(const Program& p, std::uint32_t entry, const MachineState& st, std::uint32_t cta,
                                 std::uint64_t off) {
  if (off >= memmap::kClusterSharedBase) {  // another CTA of the cluster
    const ClusterState& k = st.clusters[st.ctas[cta].cluster];
    const std::uint64_t rank = off / memmap::kClusterSharedBase - 1;
    if (rank >= k.numCtas) return std::nullopt;
    cta = k.firstCta + static_cast<std::uint32_t>(rank);
    off %= memmap::kClusterSharedBase;
  }
  return Place{&st.ctas[cta].shared, off,
               fmt::format("shared memory of CTA {} at {:#x}{}", cta, off, symbolAt(p, entry, Space::Shared, off))};
}

std::optional<Place> globalPlace(const Program& p, std::uint32_t entry, const MachineState& st, std::uint64_t a) {
  if (a < memmap::kGlobalBase) return std::nullopt;
  const std::uint64_t i = (a - memmap::kGlobalBase) / memmap::kGlobalStride, off = (a - memmap::kGlobalBase) % memmap::kGlobalStride;
  if (i >= st.global.size()) return std::nullopt;
  std::string name = i == 0 ? fmt::format("global {:#x}{}", a, symbolAt(p, entry, Space::Global, off))
                            : fmt::format("global {:#x} (launch buffer {}, byte {})", a, i - 1, off);
  return Place{&st.global[i].bytes, off, std::move(name)};
}

std::optional<std::uint64_t> load(const Place& at, int bytes) {
  if (at.offset + static_cast<std::uint64_t>(bytes) > at.bytes->size()) return std::nullopt;
  std::uint64_t v = 0;
  std::memcpy(&v, at.bytes->data() + at.offset, static_cast<std::size_t>(bytes));
  return v;
}

}  // namespace

std::string Engine::describePollLoop(std::uint32_t w, LaneMask lanes) const {
  const Program& p = *m_program;
  const WarpState& ws = m_state.warps[w];
  const std::uint64_t* regs = ws.regs.data();
  auto reg = [&](std::uint32_t r, int lane) {
    return regs[static_cast<std::size_t>(r) * kWarpSize + static_cast<std::size_t>(lane)];
  };
  auto value = [&](const Operand& op, int lane) {
    return op.kind == OperandKind::Reg ? reg(op.reg, lane) : static_cast<std::uint64_t>(op.imm);
  };
  auto place = [&](const Instr& ins, const Operand& op, int lane) -> std::optional<Place> {
    std::uint64_t a = static_cast<std::uint64_t>(op.imm);
    if (op.hasBase) a += reg(op.reg, lane);
    else if (op.symbol >= 0) a += symbolBase(p.symbols[static_cast<std::size_t>(op.symbol)]);
    switch (spaceOf(ins.space)) {
      case Space::Shared: return sharedPlace(p, m_entry, m_state, ws.cta, a & 0xffffffffull);
      case Space::Global: return globalPlace(p, m_entry, m_state, a);
      case Space::Generic:
        if (memmap::inWindow(a, memmap::kSharedWindow)) return sharedPlace(p, m_entry, m_state, ws.cta, a - memmap::kSharedWindow);
        return globalPlace(p, m_entry, m_state, a);
      default: return std::nullopt;
    }
  };
  // What the loop [t, b] polls, as lane `lane` sees it.
  auto describeLoop = [&](std::uint32_t t, std::uint32_t b, int lane) {
    std::vector<std::string> parts;
    for (std::uint32_t pc = t; pc <= b; ++pc) {
      const Instr& ins = p.instrs[pc];
      if (ins.ops.size() < 2 || ins.ops[1].kind != OperandKind::Address) continue;
      const auto at = place(ins, ins.ops[1], lane);
      if (!at) continue;
      if (ins.op == Opcode::Mbarrier && (ins.has(Mod::TestWait) || ins.has(Mod::TryWait)) && ins.ops.size() >= 3) {
        const auto word = load(*at, static_cast<int>(mbar::kBytes));
        if (!word) continue;
        const mbar::Mbarrier m = mbar::decode(*word);
        const std::uint64_t arg = value(ins.ops[2], lane);
        const std::uint32_t parity = ins.has(Mod::Parity) ? static_cast<std::uint32_t>(arg & 1u) : mbar::tokenParity(arg);
        if (!m.initialised) {
          parts.push_back(fmt::format("{} polls the mbarrier at {}, which is not initialised", lineOf(p, pc), at->name));
          continue;
        }
        const std::string arrivals = m.pending == 0
                                         ? fmt::format("has all {} of its arrivals", m.expected)
                                         : fmt::format("still needs {} of its {} arrivals, and no thread left will arrive",
                                                       m.pending, m.expected);
        const std::string tx = m.tx > 0 ? fmt::format("; {} transaction bytes are still missing, and no pending copy "
                                                      "will bring them",
                                                      m.tx)
                               : m.tx < 0 ? fmt::format("; its tx-count is {}", m.tx)
                                          : std::string("; no transaction bytes are outstanding");
        // Asking for the current phase's parity waits for this phase to end
        // (a producer's first wait on an empty slot must ask for the other).
        const std::string note = parity == m.parity() ? " (the parity of the phase in progress: the wait ends only "
                                                        "when this phase completes)"
                                                      : "";
        parts.push_back(fmt::format("{} waits for the phase of parity {} of the mbarrier at {} to complete{}; its "
                                    "current phase {} (parity {}) {}{}",
                                    lineOf(p, pc), parity, at->name, note, m.phase, m.parity(), arrivals, tx));
      } else if (ins.op == Opcode::Ld || ins.op == Opcode::Atom) {
        const int bytes = std::clamp(byteWidth(ins.type), 1, 8);
        const auto now = load(*at, bytes);
        if (!now) continue;
        if (ins.op == Opcode::Atom && ins.opMod == Mod::Cas && ins.ops.size() >= 4) {
          parts.push_back(fmt::format("{} swaps only when {} holds {}; it holds {} and nothing left writes it",
                                      lineOf(p, pc), at->name, value(ins.ops[2], lane), *now));
        } else {
          parts.push_back(fmt::format("{} reads {}, which holds {} ({:#x}), and waits for that value to change; "
                                      "nothing left writes it",
                                      lineOf(p, pc), at->name, *now, *now));
        }
      }
    }
    const std::string span = fmt::format("lines {}-{}", p.instrs[t].pos.line, p.instrs[b].pos.line);
    if (parts.empty()) return fmt::format("loops at {}, and nothing it reads can change", span);
    std::string s = fmt::format("polls in the loop of {}: ", span);
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? "; " : "") + parts[i];
    return s;
  };
  // The innermost loop around pc: the tightest backward branch over it.
  auto loopAround = [&](std::uint32_t pc) -> std::optional<std::pair<std::uint32_t, std::uint32_t>> {
    if (pc >= p.instrs.size()) return std::nullopt;
    const Function& f = p.functions[p.instrs[pc].func];
    std::optional<std::pair<std::uint32_t, std::uint32_t>> best;
    for (std::uint32_t b = pc; b < f.end; ++b) {
      const Instr& ins = p.instrs[b];
      if (ins.op != Opcode::Bra || ins.ops.empty() || ins.ops[0].target > pc) continue;
      if (!best || b - ins.ops[0].target < best->second - best->first) best = std::make_pair(ins.ops[0].target, b);
    }
    return best;
  };
  std::vector<std::pair<std::string, LaneMask>> groups;
  for (LaneMask m = lanes; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint32_t pc = ws.ctl.pc[static_cast<std::size_t>(l)];
    std::string d;
    if ((ws.ctl.waiting >> l) & 1u) d = describeWait(p, m_state, w, l);
    else if (const auto loop = loopAround(pc)) d = describeLoop(loop->first, loop->second, l);
    else d = describeWait(p, m_state, w, l);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == d; });
    if (it == groups.end()) groups.emplace_back(std::move(d), LaneMask{1} << l);
    else it->second |= LaneMask{1} << l;
  }
  std::string s;
  for (const auto& [d, m] : groups) s += fmt::format("\n  CTA {} warp {} lanes {}: {}", ws.cta, ws.warpInCta, laneList(m), d);
  return s;
}

}  // namespace ws::core
