// Checks of a decoded instruction against the instruction table: the operand
// count its shape string allows, the target and PTX-version gates, and the
// list of what loads but does not execute (Program::unsupported).
#include <algorithm>
#include <fmt/format.h>

#include "core/ptx/parser_impl.hpp"

namespace ws::core::ptx_detail {
namespace {

struct Arity {
  std::size_t min = 0, max = 0;
};

// Operand count from a shape string: top-level comma-separated items are
// required; a [...] group that contains a comma ("[, c]", "[state,]") holds
// optional items; any other bracket ("[a]" an address, "p[|q]" a predicate
// output) is part of its item.
Arity shapeArity(std::string_view shape) {
  Arity a;
  bool content = false;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    char c = shape[i];
    if (c == '[') {
      std::size_t j = shape.find(']', i);
      if (j == std::string_view::npos) j = shape.size();
      std::string_view inner = shape.substr(i + 1, j - i - 1);
      if (inner.find(',') == std::string_view::npos) {
        content = true;
      } else {
        std::size_t b = 0;
        while (b <= inner.size()) {
          std::size_t e = inner.find(',', b);
          if (e == std::string_view::npos) e = inner.size();
          if (inner.substr(b, e - b).find_first_not_of(' ') != std::string_view::npos) ++a.max;
          b = e + 1;
        }
      }
      i = j;
    } else if (c == ',') {
      if (content) ++a.min;
      content = false;
    } else if (c != ' ') {
      content = true;
    }
  }
  if (content) ++a.min;
  a.max += a.min;
  return a;
}

const std::array<Arity, kOpcodeCount>& arityTable() {
  static const std::array<Arity, kOpcodeCount> table = [] {
    std::array<Arity, kOpcodeCount> t{};
    for (const OpInfo& i : allOps()) t[static_cast<std::size_t>(i.op)] = shapeArity(i.shape);
    return t;
  }();
  return table;
}

// Forms whose operand lists the table's one-line shape does not spell out.
Arity arityOf(const Instr& ins) {
  Arity a = arityTable()[static_cast<std::size_t>(ins.op)];
  // An explicit cache policy is one more source operand (PTX ISA 9.7.9.8, ld/st/atom/red).
  if (ins.has(Mod::L2CacheHint)) ++a.max;
  // mbarrier.try_wait takes an optional suspendTimeHint (PTX ISA 9.7.13.15.16).
  if (ins.op == Opcode::Mbarrier && ins.has(Mod::TryWait)) ++a.max;
  // bar.red / barrier.red: d, a{, b}, {!}c (PTX ISA 9.7.12.1).
  if ((ins.op == Opcode::Bar || ins.op == Opcode::Barrier) && ins.has(Mod::Red)) a = {3, 4};
  // fence.proxy.tensormap::generic.{release,acquire}.scope [addr], size (PTX ISA 9.7.13.4).
  if (ins.op == Opcode::Fence && ins.has(Mod::TensormapGeneric)) a = {0, 2};
  // The release forms of red.async and st.async (sm_100) have no mbarrier
  // operand: red.async.release.gpu.global.add.u32 [a], b (PTX ISA 9.7.13.7).
  // A completion mechanism written anyway keeps its operand, and the handler
  // reports it.
  const bool releaseForm = ins.op == Opcode::RedAsync || ins.op == Opcode::StAsync;
  if (releaseForm && ins.has(Mod::Release) && !ins.has(Mod::CompleteTxBytes)) a = {2, 2};
  // cvt to a packed pair converts two sources: cvt.rn.f16x2.f32 d, a, b (PTX ISA 9.7.9.21).
  if (ins.op == Opcode::Cvt && (ins.type == DataType::F16x2 || ins.type == DataType::BF16x2)) a.max = 3;
  // ... and so does cvt to an fp8 pair from f32: cvt.rn.satfinite.e4m3x2.f32 d, a, b.
  if (ins.op == Opcode::Cvt && ins.format != Mod::None && ins.formatPos == 0 && ins.type == DataType::F32) a.max = 3;
  // The tensor copies' [tensorMap, coords] is one address operand, which the
  // one-line shape cannot say (PTX ISA 9.7.9.25.5).
  if (ins.op == Opcode::CpAsyncBulkTensor) a = {2, 6};
  if (ins.op == Opcode::CpReduceAsyncBulkTensor) a = {2, 3};
  if (ins.op == Opcode::CpAsyncBulkPrefetchTensor) a = {1, 3};
  return a;
}

std::string versionStr(int v) { return fmt::format("{}.{}", v / 10, v % 10); }

}  // namespace

bool Parser::checkOperandCount(const Instr& ins, const Token& mn) {
  Arity a = arityOf(ins);
  std::size_t n = ins.ops.size();
  if (n >= a.min && n <= a.max) return true;
  std::string want = a.min == a.max ? std::to_string(a.min) : fmt::format("{} to {}", a.min, a.max);
  error(mn, fmt::format("'{}' takes {} operand{} ({}), found {}", ins.info().mnemonic, want, a.max == 1 ? "" : "s",
                        ins.info().shape.empty() ? "none" : ins.info().shape, n));
  return false;
}

void Parser::checkGates(const Instr& ins, const Token& mn) {
  if (!m_sawTarget || m_prog.target.sm == 0) return;
  const OpInfo& info = ins.info();
  const Target& tg = m_prog.target;
  int ver = m_prog.ptxVersion();
  // An instruction that never executes here cannot fail a run by its target:
  // its requirements are reported as warnings.
  auto report = [&](const Token& at, std::string message) {
    if (info.executed())
      error(at, std::move(message));
    else
      warning(at, std::move(message));
  };
  if (!tg.satisfies(Target{info.minSm, 0}))
    report(mn, fmt::format("'{}' requires sm_{} or higher (module targets {})", info.mnemonic, info.minSm, tg.str()));
  if (m_sawVersion && ver < info.minPtx)
    report(mn, fmt::format("'{}' requires PTX ISA {} or later (module is .version {})", info.mnemonic,
                           versionStr(info.minPtx), versionStr(ver)));
  // Several modifiers may share one gate sentence (red.async's .release,
  // .global and .sys): one error per sentence, at its first modifier.
  std::vector<std::string_view> said;
  for (const Gate& g : allGates()) {
    if (g.op != ins.op || !ins.has(g.mod)) continue;
    if (std::find(said.begin(), said.end(), std::string_view(g.sentence)) != said.end()) continue;
    const Token* where = &mn;
    for (const Token& t : m_modToks)
      if (findMod(text(t).substr(1)) == g.mod) where = &t;
    auto need = Target::parse(g.target);
    if (need && !tg.satisfies(*need)) {
      error(*where, fmt::format("{} (module targets {})", g.sentence, tg.str()));
      said.push_back(g.sentence);
    } else if (m_sawVersion && ver < g.minPtx) {
      error(*where, fmt::format("{} It needs PTX ISA {} or later (module is .version {})", g.sentence,
                                versionStr(g.minPtx), versionStr(ver)));
      said.push_back(g.sentence);
    }
  }
}

std::int32_t Parser::noteUnsupported(const std::string& what, std::string reason, std::uint32_t instr) {
  auto [it, fresh] = m_unsupportedIndex.try_emplace(what, static_cast<std::int32_t>(m_prog.unsupported.size()));
  if (fresh) m_prog.unsupported.push_back({what, std::move(reason), {}});
  m_prog.unsupported[static_cast<std::size_t>(it->second)].instrs.push_back(instr);
  return it->second;
}

}  // namespace ws::core::ptx_detail
