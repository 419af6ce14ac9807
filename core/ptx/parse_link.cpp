// What the parser does once the whole text is read: the checks of the
// module as a whole, resolving relocations (addresses of variables and
// functions in initializers, labels), and the warnings about instructions
// warpscope does not execute.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "core/ptx/contraction.hpp"
#include "core/ptx/coverage.hpp"
#include "core/ptx/parser.hpp"
#include "core/ptx/parser_impl.hpp"
#include "core/util/name_list.hpp"

namespace ws::core {
namespace ptx_detail {

// ---------------------------------------------------------------- linking

void Parser::finish() {
  if (!m_sawTarget) {
    error(m_first, "the module has no '.target' directive (expected e.g. '.target sm_90a' after '.version')");
  }
  for (const FuncFixup& fx : m_funcFixups) {
    const FuncDecl& d = m_funcs[fx.decl];
    if (d.index < 0) {
      Instr& ins = m_prog.instrs[fx.instr];
      ins.ops[fx.op].target = ~0u;  // no function: never a call target or a reachable body
      // A system call the engine runs (printf, assert): no warning.
      if (ins.op == Opcode::Call && fx.op == 1) ins.sysCall = systemCallNamed(d.name, d.nRets, d.nParams);
      if (ins.sysCall != SysCall::None) continue;
      // Declared only (malloc, a function of another module): the module
      // loads, and reaching the call stops the run.
      if (ins.unsupported < 0)
        ins.unsupported = noteUnsupported(
            fmt::format("call to {}", d.name),
            fmt::format("'{}' has no body in this module (declared at {}:{} as a prototype only); warpscope runs "
                        "one module and cannot call it",
                        d.name, d.tok.line, d.tok.col),
            fx.instr);
      continue;
    }
    Operand& op = m_prog.instrs[fx.instr].ops[fx.op];
    op.target = static_cast<std::uint32_t>(d.index);
  }
  for (const LocUse& u : m_locUses)
    if (!m_prog.cudaFileIndex.count(u.fileNo))
      error(u.tok, fmt::format("'.loc' names file {}, but no '.file {}' directive declares it", u.fileNo, u.fileNo));
  auto mapFile = [&](std::int32_t& f) {
    if (f < 0) return;
    auto it = m_prog.cudaFileIndex.find(f);
    f = it == m_prog.cudaFileIndex.end() ? -1 : static_cast<std::int32_t>(it->second);
  };
  for (Instr& ins : m_prog.instrs) {
    mapFile(ins.cuda.file);
    mapFile(ins.cuda.inlinedFile);
  }
  layoutSegments();
  resolveRelocations();
  warnUnsupported();

  std::size_t b = 0;
  while (b <= m_text.size()) {
    std::size_t e = m_text.find('\n', b);
    if (e == std::string_view::npos) e = m_text.size();
    std::string_view line = m_text.substr(b, e - b);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (e == m_text.size() && line.empty() && b > 0) break;
    m_prog.sourceLines.emplace_back(line);
    b = e + 1;
  }
  if (!stopped()) markContractions(m_prog);
}

void Parser::resolveRelocations() {
  for (const PendingReloc& r : m_relocs) {
    Relocation out;
    out.symbol = r.symbol;
    out.offset = r.offset;
    out.width = r.width;
    out.addend = r.addend;
    out.generic = r.generic;
    if (auto it = m_scopes.front().names.find(r.name); it != m_scopes.front().names.end() &&
                                                       it->second.kind == NameRef::Kind::Sym) {
      out.kind = Relocation::Kind::Symbol;
      out.target = it->second.index;
    } else if (auto f = m_funcByName.find(r.name); f != m_funcByName.end()) {
      const std::int32_t index = m_funcs[f->second].index;
      out.kind = Relocation::Kind::Function;
      out.target = index < 0 ? ~0u : static_cast<std::uint32_t>(index);  // declared only: no address to call
    } else {
      error(r.tok, fmt::format("'{}' in the initializer is not a module-scope variable or a function", r.name));
      continue;
    }
    m_prog.relocations.push_back(out);
  }
}

// One warning per thing that loads but does not execute, at its first use,
// naming the entries that can reach it.
void Parser::warnUnsupported() {
  std::vector<std::vector<std::string>> entries(m_prog.unsupported.size());
  for (const EntryCoverage& c : unsupportedByEntry(m_prog))
    for (const UnsupportedUse& u : c.uses) entries[u.unsupported].push_back(m_prog.functions[c.entry].name);
  for (std::size_t k = 0; k < m_prog.unsupported.size(); ++k) {
    const Unsupported& u = m_prog.unsupported[k];
    const Instr& first = m_prog.instrs[u.instrs.front()];
    const std::size_t n = u.instrs.size();
    std::string where = entries[k].empty() ? "no entry reaches it"
                                           : fmt::format("used by {} {}", entries[k].size() == 1 ? "entry" : "entries",
                                                         joinNames(entries[k]));
    std::string message = fmt::format("'{}' is not executed by warpscope ({} use{}, {}): {}; the module loads, and a "
                                      "run stops with an 'unsupported' diagnostic if it reaches one",
                                      u.what, n, n == 1 ? "" : "s", where, u.reason);
    if (m_prog.warnings.size() < kMaxErrors)
      m_prog.warnings.push_back({m_fileName, first.pos.line, first.pos.col, std::move(message), true});
  }
  std::stable_sort(m_prog.warnings.begin(), m_prog.warnings.end(), [](const LoadError& a, const LoadError& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  });
}

}  // namespace ptx_detail
}  // namespace ws::core
