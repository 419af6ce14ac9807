#include "ui/frame/step_facts.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/memory/memory_map.hpp"
#include "core/ptx/shared_layout.hpp"

namespace ws::ui {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The statement of `ins` in its source line: from its guard or mnemonic to the ';'.
std::string_view statementText(const core::Program& p, const core::Instr& ins) {
  if (ins.pos.line == 0 || ins.pos.line > p.sourceLines.size()) return {};
  std::string_view line = p.sourceLines[ins.pos.line - 1];
  std::size_t start = ins.pos.col > 0 && ins.pos.col <= line.size() ? ins.pos.col - 1 : 0;
  if (start > 0) {
    // Take a guard "@%p1 " or "@!%p1 " written before the mnemonic.
    std::size_t k = start;
    while (k > 0 && std::isspace(static_cast<unsigned char>(line[k - 1]))) --k;
    std::size_t g = k;
    while (g > 0 && !std::isspace(static_cast<unsigned char>(line[g - 1])) && line[g - 1] != ';' && line[g - 1] != '{') --g;
    if (g < k && line[g] == '@') start = g;
  } else {
    // No column: skip a label and the opening brace of an inline-asm block.
    start = line.find_first_not_of(" \t{");
    if (start == std::string_view::npos) start = 0;
  }
  const std::size_t end = line.find(';', start);
  return trim(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
}

void collectRegs(const core::Operand& op, std::vector<std::uint32_t>& out) {
  if (op.kind == core::OperandKind::Reg) {
    out.push_back(op.reg);
    if (op.hasPred) out.push_back(op.reg2);
  } else if (op.kind == core::OperandKind::Address && op.hasBase) {
    out.push_back(op.reg);
  }
  for (const auto& e : op.elems) collectRegs(e, out);
}

}  // namespace

std::vector<std::uint32_t> instrRegisters(const core::Instr& ins) {
  std::vector<std::uint32_t> regs;
  for (const auto& op : ins.ops) collectRegs(op, regs);
  if (ins.guard >= 0) regs.push_back(static_cast<std::uint32_t>(ins.guard));
  std::vector<std::uint32_t> unique;
  for (std::uint32_t r : regs)
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(r);
  return unique;
}

const core::Instr* instrAt(const core::Program& p, std::uint32_t pc) {
  return pc < p.instrs.size() ? &p.instrs[pc] : nullptr;
}

std::string instrText(const core::Program& p, std::uint32_t pc) {
  const core::Instr* ins = instrAt(p, pc);
  if (!ins) return fmt::format("pc {}", pc);
  std::string_view s = statementText(p, *ins);
  if (!s.empty()) return std::string(s);
  return instrMnemonic(p, *ins);
}

std::string asyncOpName(const core::Program& p, std::uint32_t pc) {
  const core::Instr* ins = instrAt(p, pc);
  return ins ? std::string(ins->info().mnemonic) : std::string("async operation");
}

std::string asyncAmount(const core::Flow& fl) { return fmt::format("{} B", fl.bytes); }

std::string instrMnemonic(const core::Program& p, const core::Instr& ins) {
  // The token at the mnemonic's column has every modifier as written.
  std::string_view s = statementText(p, ins);
  if (!s.empty() && s.front() == '@') {
    const std::size_t sp = s.find_first_of(" \t");
    s = sp == std::string_view::npos ? std::string_view{} : trim(s.substr(sp));
  }
  const std::size_t end = s.find_first_of(" \t");
  std::string_view tok = s.substr(0, end);
  if (tok.substr(0, ins.info().mnemonic.size()) == ins.info().mnemonic) return std::string(tok);
  return std::string(ins.info().mnemonic);
}

std::int32_t lineOf(const core::Program& p, std::uint32_t pc) {
  const core::Instr* ins = instrAt(p, pc);
  return ins ? static_cast<std::int32_t>(ins->pos.line) : 0;
}

std::string regName(const core::Program& p, std::int32_t reg) {
  if (reg < 0 || static_cast<std::size_t>(reg) >= p.regs.size()) return "_";
  return p.regs[static_cast<std::size_t>(reg)].name;
}

core::DataType regType(const core::Program& p, std::int32_t reg) {
  if (reg < 0 || static_cast<std::size_t>(reg) >= p.regs.size()) return core::DataType::B32;
  return p.regs[static_cast<std::size_t>(reg)].type;
}

std::string cudaLocation(const core::Program& p, const core::Instr& ins) {
  if (ins.cuda.file < 0 || ins.cuda.line <= 0) return {};
  std::string file = static_cast<std::size_t>(ins.cuda.file) < p.files.size()
                         ? p.files[static_cast<std::size_t>(ins.cuda.file)]
                         : fmt::format("file {}", ins.cuda.file);
  const auto slash = file.find_last_of("/\\");
  if (slash != std::string::npos) file = file.substr(slash + 1);
  return fmt::format("{}:{}", file, ins.cuda.line);
}

std::uint64_t regNow(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane) {
  if (warp >= f.st().warps.size()) return 0;
  const auto& w = f.st().warps[warp];
  const std::size_t i = static_cast<std::size_t>(reg) * core::kWarpSize + static_cast<std::size_t>(lane);
  return i < w.regs.size() ? w.regs[i] : 0;
}

bool regWrittenNow(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane) {
  if (warp >= f.st().warps.size()) return false;
  const auto& w = f.st().warps[warp];
  return reg < w.written.size() && ((w.written[reg] >> lane) & 1u);
}

std::uint64_t regBefore(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane) {
  if (f.record)
    for (const auto& c : f.record->regs)
      if (c.warp == warp && c.reg == reg && c.lane == lane) return c.before;
  return regNow(f, warp, reg, lane);
}

bool regWrittenBefore(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane) {
  if (f.record)
    for (const auto& c : f.record->regs)
      if (c.warp == warp && c.reg == reg && c.lane == lane) return c.wasWritten;
  return regWrittenNow(f, warp, reg, lane);
}

std::vector<MembermaskGroup> membermaskGroups(const Frame& f, const core::StepRecord& r) {
  std::vector<MembermaskGroup> out;
  const core::Instr* ins = instrAt(f.prog(), r.pc);
  const int mi = ins ? core::membermaskOperand(*ins) : -1;
  if (mi < 0) return out;
  const core::Operand& op = ins->ops[static_cast<std::size_t>(mi)];
  for (int l = 0; l < core::kWarpSize; ++l) {
    if (!((r.lanes >> l) & 1u)) continue;
    core::LaneMask m = 0;
    if (op.kind == core::OperandKind::Imm) m = static_cast<core::LaneMask>(op.imm);
    else if (op.kind == core::OperandKind::Reg) m = static_cast<core::LaneMask>(regBefore(f, r.warp, op.reg, l));
    auto it = std::find_if(out.begin(), out.end(), [&](const MembermaskGroup& g) { return g.mask == m; });
    if (it == out.end()) out.push_back({1u << l, m});
    else it->lanes |= 1u << l;
  }
  return out;
}

std::string regText(const Frame& f, std::uint32_t reg, std::uint64_t bits, bool written) {
  if (!written) return std::string(kNeverWritten);
  const core::DataType t = regType(f.prog(), static_cast<std::int32_t>(reg));
  return formatValue(bits, t, f.options.formatOf(reg, t));
}

std::string shortSymbolName(std::string_view name) {
  // _ZZ <len><function> E <len><name> [_<n>]: keep the last <len><name>.
  if (name.substr(0, 3) != "_ZZ") return std::string(name);
  std::size_t e = name.rfind('E');
  if (e == std::string_view::npos) return std::string(name);
  std::size_t i = e + 1, len = 0;
  while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) len = len * 10 + static_cast<std::size_t>(name[i++] - '0');
  if (len == 0 || i + len > name.size()) return std::string(name);
  return std::string(name.substr(i, len));
}

std::string bufferDisplayName(const Frame& f, std::uint32_t globalIndex) {
  if (globalIndex == 0) return "globals";
  const std::uint32_t b = globalIndex - 1;
  std::string name;
  if (f.launch && b < f.launch->buffers.size()) name = f.launch->buffers[b].name;
  else if (globalIndex < f.st().global.size()) name = f.st().global[globalIndex].name;
  const auto slash = name.find_last_of("/\\");
  if (slash != std::string::npos) name = name.substr(slash + 1);
  const auto dot = name.find('.');
  if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
  if (name.empty()) name = fmt::format("buf{}", b);
  return name;
}

bool globalLocate(const core::MachineState& s, std::uint64_t addr, std::uint32_t& index, std::uint64_t& offset) {
  for (std::uint32_t i = 0; i < s.global.size(); ++i) {
    const auto& g = s.global[i];
    if (addr >= g.base && addr - g.base < std::max<std::uint64_t>(g.bytes.size(), 1)) {
      index = i;
      offset = addr - g.base;
      return true;
    }
  }
  return false;
}

std::string ctaText(const core::MachineState& s, std::uint32_t cta) {
  if (cta >= s.ctas.size()) return fmt::format("CTA {}", cta);
  const auto& c = s.ctas[cta];
  return fmt::format("CTA ({},{},{})", c.ctaid[0], c.ctaid[1], c.ctaid[2]);
}

std::string warpTitle(const core::MachineState& s, std::uint32_t warp) {
  if (warp >= s.warps.size()) return fmt::format("warp {}", warp);
  const auto& w = s.warps[warp];
  std::string t = fmt::format("warp {} of {}", w.warpInCta, ctaText(s, w.cta));
  if (w.cta < s.ctas.size()) {
    const auto& c = s.ctas[w.cta];
    if (c.cluster < s.clusters.size() && s.clusters[c.cluster].numCtas > 1) t += fmt::format(", cluster rank {}", c.clusterRank);
  }
  return t;
}

CellName cellName(const Frame& f, core::Space space, std::uint32_t cta, std::uint64_t addr) {
  CellName n;
  const auto& s = f.st();
  if (space == core::Space::Shared) {
    const std::uint32_t rank = cta < s.ctas.size() ? s.ctas[cta].clusterRank : cta;
    const bool cluster = cta < s.ctas.size() && s.ctas[cta].cluster < s.clusters.size() &&
                         s.clusters[s.ctas[cta].cluster].numCtas > 1;
    n.region = cluster ? fmt::format("CTA rank {} shared", rank) : "shared";
    if (const core::Symbol* found = core::sharedSymbolAt(f.prog(), f.launch ? f.launch->entry : "", addr)) {
      const core::Symbol& sym = *found;
      const std::string base = shortSymbolName(sym.name);
      std::uint32_t elem = static_cast<std::uint32_t>(core::byteWidth(sym.elemType));
      if (elem <= 1) elem = sym.size >= 4 && sym.size % 4 == 0 ? 4 : 1;
      n.elemBytes = elem;
      if (sym.size <= elem) n.name = base;
      else if ((addr - sym.offset) % elem == 0) n.name = fmt::format("{}[{}]", base, (addr - sym.offset) / elem);
      else n.name = fmt::format("{}+{}", base, addr - sym.offset);
      return n;
    }
    n.name = fmt::format("shared+{:#x}", addr);
    return n;
  }
  std::uint32_t index = 0;
  std::uint64_t off = 0;
  if ((space == core::Space::Global || space == core::Space::Generic) && globalLocate(s, addr, index, off)) {
    n.region = bufferDisplayName(f, index);
    if (index == 0) {
      for (const auto& sym : f.prog().symbols)
        if (sym.space == core::Space::Global && off >= sym.offset && off < sym.offset + sym.size) {
          n.name = sym.offset == off ? shortSymbolName(sym.name) : fmt::format("{}+{}", shortSymbolName(sym.name), off - sym.offset);
          return n;
        }
    }
    n.name = off % 4 == 0 ? fmt::format("{}[{}]", n.region, off / 4) : fmt::format("{}+{}", n.region, off);
    return n;
  }
  n.name = hexMinimal(addr);
  return n;
}

std::uint64_t cellValue(const Frame& f, core::Space space, std::uint32_t cta, std::uint64_t addr, unsigned bytes) {
  const std::vector<std::uint8_t>* v = nullptr;
  std::uint64_t off = addr;
  const auto& s = f.st();
  if (space == core::Space::Shared) {
    if (cta < s.ctas.size()) v = &s.ctas[cta].shared;
  } else {
    std::uint32_t index = 0;
    if (globalLocate(s, addr, index, off)) v = &s.global[index].bytes;
  }
  if (!v || bytes == 0 || bytes > 8 || off + bytes > v->size()) return 0;
  std::uint64_t out = 0;
  for (unsigned b = 0; b < bytes; ++b) out |= static_cast<std::uint64_t>((*v)[off + b]) << (8 * b);
  return out;
}

std::string operandValueText(const Frame& f, std::uint32_t warp, int lane, const core::Operand& op, core::DataType t) {
  using core::OperandKind;
  switch (op.kind) {
    case OperandKind::Reg: {
      const std::string name = (op.negate ? "!" : "") + regName(f.prog(), static_cast<std::int32_t>(op.reg));
      if (!regWrittenBefore(f, warp, op.reg, lane)) return name + " (never written)";
      std::uint64_t v = regBefore(f, warp, op.reg, lane);
      if (op.negate) v = v ? 0 : 1;
      return name + " = " + regText(f, op.reg, v, true);
    }
    case OperandKind::Imm:
      if (op.immIsFloat) return formatValue(static_cast<std::uint64_t>(op.imm), t == core::DataType::F64 ? t : core::DataType::F32, ValueFormat::Float);
      return core::isSigned(t) ? fmt::format("{}", op.imm) : formatBits(static_cast<std::uint64_t>(op.imm), 64, ValueFormat::Auto);
    default: return {};
  }
}

}  // namespace ws::ui
