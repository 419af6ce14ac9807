// Instructions: guard, opcode and modifiers (decoded against the instruction
// table) and operands with every name resolved. Call operands are in
// parse_call.cpp; the operand-count and target checks in parse_checks.cpp.
#include <algorithm>
#include <fmt/format.h>

#include <array>

#include "core/ptx/parser_impl.hpp"

namespace ws::core::ptx_detail {
namespace {

// A wgmma shape token, m64n<N>k<K>: its N and K go into the instruction
// (Instr::shapeN/shapeK). False for anything else.
bool wgmmaShapeToken(std::string_view name, Instr& ins) {
  if (!name.starts_with("m64n")) return false;
  const std::size_t k = name.find('k', 4);
  if (k == std::string_view::npos || k == 4 || k + 1 >= name.size() || name.size() > 12) return false;
  auto number = [](std::string_view digits, std::uint16_t& out) {
    unsigned v = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    out = static_cast<std::uint16_t>(v);
    return v > 0 && v <= 1024;
  };
  return number(name.substr(4, k - 4), ins.shapeN) && number(name.substr(k + 1), ins.shapeK);
}

struct SpecialDef {
  std::string_view name;
  SpecialReg reg;
  bool hasComp;  // .x/.y/.z required
};

// PTX ISA 10 "Special Registers", every one of them (%pmN, %pmN_64 and
// %envregN are matched by findSpecial's numbered rule below).
constexpr std::array<SpecialDef, 38> kSpecials = {{
    {"%tid", SpecialReg::Tid, true},
    {"%ntid", SpecialReg::Ntid, true},
    {"%ctaid", SpecialReg::Ctaid, true},
    {"%nctaid", SpecialReg::Nctaid, true},
    {"%laneid", SpecialReg::Laneid, false},
    {"%warpid", SpecialReg::Warpid, false},
    {"%nwarpid", SpecialReg::Nwarpid, false},
    {"WARP_SZ", SpecialReg::WarpSize, false},
    {"%lanemask_eq", SpecialReg::LanemaskEq, false},
    {"%lanemask_lt", SpecialReg::LanemaskLt, false},
    {"%lanemask_le", SpecialReg::LanemaskLe, false},
    {"%lanemask_gt", SpecialReg::LanemaskGt, false},
    {"%lanemask_ge", SpecialReg::LanemaskGe, false},
    {"%cluster_ctarank", SpecialReg::ClusterCtarank, false},
    {"%cluster_nctarank", SpecialReg::ClusterNctarank, false},
    {"%clusterid", SpecialReg::Clusterid, true},
    {"%nclusterid", SpecialReg::Nclusterid, true},
    {"%cluster_ctaid", SpecialReg::ClusterCtaid, true},
    {"%cluster_nctaid", SpecialReg::ClusterNctaid, true},
    {"%is_explicit_cluster", SpecialReg::IsExplicitCluster, false},
    {"%smid", SpecialReg::Smid, false},
    {"%nsmid", SpecialReg::Nsmid, false},
    {"%gridid", SpecialReg::Gridid, false},
    {"%clock", SpecialReg::Clock, false},
    {"%clock64", SpecialReg::Clock64, false},
    {"%globaltimer", SpecialReg::Globaltimer, false},
    {"%dynamic_smem_size", SpecialReg::DynamicSmemSize, false},
    {"%total_smem_size", SpecialReg::TotalSmemSize, false},
    {"%aggr_smem_size", SpecialReg::AggrSmemSize, false},
    {"%reserved_smem_offset_begin", SpecialReg::ReservedSmemBegin, false},
    {"%reserved_smem_offset_end", SpecialReg::ReservedSmemEnd, false},
    {"%reserved_smem_offset_cap", SpecialReg::ReservedSmemCap, false},
    {"%reserved_smem_offset_0", SpecialReg::ReservedSmem0, false},
    {"%reserved_smem_offset_1", SpecialReg::ReservedSmem1, false},
    {"%globaltimer_lo", SpecialReg::GlobaltimerLo, false},
    {"%globaltimer_hi", SpecialReg::GlobaltimerHi, false},
    {"%clock_hi", SpecialReg::ClockHi, false},
    {"%current_graph_exec", SpecialReg::CurrentGraphExec, false},
}};

const SpecialDef* findSpecial(std::string_view name) {
  for (const SpecialDef& s : kSpecials)
    if (s.name == name) return &s;
  return nullptr;
}

// %pm0..%pm7, %pm0_64..%pm7_64 and %envreg0..%envreg31: the number goes in
// the operand's component.
std::optional<std::pair<SpecialReg, std::uint8_t>> findNumberedSpecial(std::string_view name) {
  auto number = [](std::string_view digits, unsigned limit) -> std::optional<std::uint8_t> {
    if (digits.empty() || digits.size() > 2 || (digits.size() == 2 && digits[0] == '0')) return std::nullopt;
    unsigned n = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      n = n * 10 + static_cast<unsigned>(c - '0');
    }
    if (n >= limit) return std::nullopt;
    return static_cast<std::uint8_t>(n);
  };
  if (name.starts_with("%envreg"))
    if (auto n = number(name.substr(7), 32)) return std::pair{SpecialReg::Envreg, *n};
  if (name.starts_with("%pm")) {
    std::string_view rest = name.substr(3);
    const bool wide = rest.ends_with("_64");
    if (wide) rest.remove_suffix(3);
    if (auto n = number(rest, 8)) return std::pair{wide ? SpecialReg::Pm64 : SpecialReg::Pm, *n};
  }
  return std::nullopt;
}

std::string legalList(const OpInfo& info) {
  std::string s;
  const ModSet any = info.legal | info.notImplemented;
  for (std::size_t i = 1; i < kModCount; ++i) {
    if (!any.test(i)) continue;
    if (!s.empty()) s += ' ';
    s += '.';
    s += modName(static_cast<Mod>(i));
  }
  return s.empty() ? "none" : s;
}


}  // namespace

std::optional<NameRef> Parser::lookup(std::string_view name) const {
  std::string_view prefix;
  std::uint32_t index = 0;
  bool indexed = false, split = false;
  for (std::size_t i = m_scopes.size(); i-- > 0;) {
    const Scope& s = m_scopes[i];
    if (auto it = s.names.find(name); it != s.names.end()) return it->second;
    if (s.ranges.empty()) continue;
    if (!split) {
      split = true;
      // Same rule as declaration: "%r12" is element 12 of "%r<N>".
      std::size_t k = name.size();
      while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9') --k;
      std::size_t digits = name.size() - k;
      indexed = digits > 0 && digits <= 9 && k > 0 && !(digits > 1 && name[k] == '0');
      if (indexed) {
        prefix = name.substr(0, k);
        for (std::size_t j = k; j < name.size(); ++j) index = index * 10 + static_cast<std::uint32_t>(name[j] - '0');
      }
    }
    if (!indexed) continue;
    if (auto it = s.ranges.find(prefix); it != s.ranges.end() && index < it->second.count)
      return NameRef{NameRef::Kind::Reg, it->second.base + index};
  }
  return std::nullopt;
}

void Parser::parseInstruction() {
  std::size_t start = m_pos;
  if (overLimit(m_prog.instrs.size() + 1, m_limits.maxInstructions, "instructions", peek())) return;
  Instr ins;
  m_newLabelFix.clear();
  m_newFuncFix.clear();
  if (accept(Tok::At)) {
    bool neg = accept(Tok::Bang);
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a predicate register after '@{}', found {}", neg ? "!" : "", found()));
      return recoverStatement(start);
    }
    Token g = next();
    auto r = lookup(text(g));
    if (!r || r->kind != NameRef::Kind::Reg) {
      error(g, fmt::format("unknown register '{}' used as a guard predicate", text(g)));
      return recoverStatement(start);
    }
    if (m_prog.regs[r->index].type != DataType::Pred) {
      error(g, fmt::format("guard '{}' is a .{} register; a guard must be a .pred register", text(g),
                           typeName(m_prog.regs[r->index].type)));
      return recoverStatement(start);
    }
    ins.guard = static_cast<std::int32_t>(r->index);
    ins.guardNegated = neg;
  }
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected an instruction after the guard, found {}", found()));
    return recoverStatement(start);
  }
  Token mn = next();
  std::size_t dotCount = 0;
  if (!decodeOpcode(ins, mn, dotCount)) return recoverStatement(start);
  ins.family = ins.info().family;
  ins.func = static_cast<std::uint32_t>(m_curFunc);
  ins.pos = {0, mn.line, mn.col};
  ins.cuda = m_loc;
  // Operands of an instruction that never executes are parsed for listings
  // only: names they use need not resolve (texture references, tensor maps
  // declared in ways the engine does not model).
  m_lenient = !ins.info().executed();
  m_curOp = ins.op;
  bool ok = ins.op == Opcode::Call ? parseCallOperands(ins, mn) : parseOperands(ins, mn);
  m_lenient = false;
  if (!ok) return recoverStatement(start);
  if (!at(Tok::Semi)) {
    const Token prev = m_prev;
    if (peek().line > prev.line && (at(Tok::Ident) || at(Tok::At) || at(Tok::DotName) || at(Tok::RBrace))) {
      // Most likely a forgotten ';': report it where it belongs and go on
      // with the next line as a new statement.
      errorAfter(prev,
                 fmt::format("expected ';' after the operands of '{}', found {} on the next line", text(mn), found()));
      return;
    }
    error(peek(), fmt::format("expected ',' or ';' after an operand of '{}', found {}", text(mn), found()));
    return recoverStatement(start);
  }
  next();
  const bool executed = ins.info().executed();
  // (A form with a modifier the engine does not execute may take operands
  // the executed forms do not: only executed forms are counted.)
  if (executed && m_notExecuted.empty() && ins.op != Opcode::Call && !checkOperandCount(ins, mn)) return;
  checkGates(ins, mn);

  // A list operand can hold 65,536 elements (a brx.idx table) for a few bytes
  // of text, so operands are bounded on their own, not only per instruction.
  std::uint64_t operands = 0;
  for (const Operand& op : ins.ops) {
    operands += 1 + op.elems.size();
    for (const Operand& e : op.elems) operands += e.elems.size();
  }
  if (overLimit(m_operands + operands, m_limits.maxOperands, "operands (list and vector elements counted)", mn))
    return;
  m_operands += operands;
  auto idx = static_cast<std::uint32_t>(m_prog.instrs.size());
  if (!m_notExecuted.empty()) {
    ins.unsupported = noteUnsupported(m_notExecuted,
                                      executed ? fmt::format("warpscope executes '{}', but not with these modifiers",
                                                             ins.info().mnemonic)
                                               : fmt::format("warpscope parses '{}' but does not execute it",
                                                             ins.info().mnemonic),
                                      idx);
  }
  for (LabelFixup& f : m_newLabelFix) {
    f.instr = idx;
    m_scopes.back().pending.push_back(f);
  }
  for (FuncFixup& f : m_newFuncFix) {
    f.instr = idx;
    m_funcFixups.push_back(f);
  }
  m_prog.instrs.push_back(std::move(ins));
}

bool Parser::decodeOpcode(Instr& ins, const Token& mn, std::size_t& dotCount) {
  m_modToks.clear();
  std::uint32_t prevEnd = mn.end();
  while (at(Tok::DotName) && peek().off == prevEnd) {
    if (m_modToks.size() >= 24) {
      error(peek(), fmt::format("too many modifiers on '{}'", text(mn)));
      return false;
    }
    m_modToks.push_back(next());
    prevEnd = m_modToks.back().end();
  }
  // The longest known mnemonic among the first 1..5 dotted tokens
  // ("red.async" before "red", "cp.reduce.async.bulk.tensor" before
  // "cp.reduce.async.bulk").
  std::optional<Opcode> op;
  std::size_t used = 0;
  for (std::size_t k = std::min<std::size_t>(4, m_modToks.size()) + 1; k-- > 0;) {
    std::uint32_t end = k == 0 ? mn.end() : m_modToks[k - 1].end();
    if ((op = findMnemonic(m_text.substr(mn.off, end - mn.off)))) {
      used = k;
      break;
    }
  }
  if (!op) {
    std::uint32_t end = m_modToks.empty() ? mn.end() : m_modToks.back().end();
    error(mn, fmt::format("unknown instruction '{}' in '{}' (not a PTX ISA 9.0 instruction: docs/isa.md lists them all)",
                          text(mn), m_text.substr(mn.off, end - mn.off)));
    return false;
  }
  ins.op = *op;
  const OpInfo& info = opInfo(*op);
  dotCount = m_modToks.size() - used;
  m_modToks.erase(m_modToks.begin(), m_modToks.begin() + static_cast<std::ptrdiff_t>(used));
  m_notExecuted.clear();
  if (!info.executed()) {
    // Parsed, never executed: its modifiers are kept where the table knows
    // them (for listings) and otherwise taken as written.
    for (const Token& t : m_modToks)
      if (auto m = findMod(text(t).substr(1))) ins.mods.set(static_cast<std::size_t>(*m));
    m_notExecuted = std::string(info.mnemonic);
    return true;
  }
  std::size_t types = 0, ops = 0;
  for (const Token& t : m_modToks) {
    std::string_view name = text(t).substr(1);
    if (ins.op == Opcode::WgmmaMmaAsync && wgmmaShapeToken(name, ins)) continue;
    auto m = findMod(name);
    if (!m) {
      error(t,
            fmt::format("unknown modifier '.{}' on '{}'; legal modifiers: {}", name, info.mnemonic, legalList(info)));
      return false;
    }
    if (info.notImplemented.test(static_cast<std::size_t>(*m))) {
      // Valid PTX that the engine does not execute: load it, run nothing.
      m_notExecuted += m_notExecuted.empty() ? fmt::format("{} .{}", info.mnemonic, name) : fmt::format(" .{}", name);
      ins.mods.set(static_cast<std::size_t>(*m));
      continue;
    }
    if (!info.legal.test(static_cast<std::size_t>(*m))) {
      error(t, fmt::format("modifier '.{}' is not legal for '{}'; legal modifiers: {}", name, info.mnemonic,
                           legalList(info)));
      return false;
    }
    auto conflict = [&](Mod old, std::string_view what) {
      error(t, fmt::format("'.{}' conflicts with '.{}' on '{}': one {} modifier per instruction", name, modName(old),
                           info.mnemonic, what));
      return false;
    };
    const Axis axis = modAxis(*m);
    if (info.family == Family::Matrix && (axis == Axis::Type || axis == Axis::Format)) {
      // mma.sync.m16n8k16.row.col.f32.bf16.bf16.f32: four types, in order.
      if (ins.matrixTypeCount >= ins.matrixTypes.size()) {
        error(t, fmt::format("too many type modifiers on '{}' (at most four)", info.mnemonic));
        return false;
      }
      ins.matrixTypes[ins.matrixTypeCount++] = *m;
      if (axis == Axis::Type && types++ == 0) ins.type = modToType(*m).value_or(DataType::None);
      ins.mods.set(static_cast<std::size_t>(*m));
      continue;
    }
    if (info.family == Family::Matrix && (*m == Mod::Row || *m == Mod::Col)) {
      if (ins.matrixLayoutCount >= ins.matrixLayouts.size()) {
        error(t, fmt::format("too many layout modifiers on '{}' (at most two: .alayout.blayout)", info.mnemonic));
        return false;
      }
      ins.matrixLayouts[ins.matrixLayoutCount++] = *m;
    }
    switch (axis) {
      case Axis::Type: {
        DataType ty = modToType(*m).value_or(DataType::None);
        if (types == 0)
          ins.type = ty;
        else if (types == 1)
          ins.type2 = ty;
        else if (types == 2 && (info.family == Family::Video || ins.op == Opcode::CvtPack))
          ins.type3 = ty;  // video dtype.atype.btype; cvt.pack's c type (always .b32, PTX ISA 9.7.9.22)
        else {
          error(t, fmt::format("too many type modifiers on '{}' (at most {})", info.mnemonic,
                               info.family == Family::Video || ins.op == Opcode::CvtPack ? 3 : 2));
          return false;
        }
        ++types;
        break;
      }
      case Axis::Rounding:
        if (ins.rnd != Mod::None) return conflict(ins.rnd, "rounding");
        ins.rnd = *m;
        break;
      case Axis::Compare:
        if (ins.cmp != Mod::None) return conflict(ins.cmp, "comparison");
        ins.cmp = *m;
        break;
      case Axis::Op:
        if (ops == 0)
          ins.opMod = *m;
        else if (ops == 1)
          ins.opMod2 = *m;
        else {
          error(t, fmt::format("too many operation modifiers on '{}' (at most two)", info.mnemonic));
          return false;
        }
        ++ops;
        break;
      case Axis::Space:
        // Asynchronous copies name a destination and a source space
        // (cp.async.shared.global, cp.async.bulk.shared::cluster.shared::cta).
        if (ins.space != Mod::None && (info.family != Family::Async || ins.space2 != Mod::None))
          return conflict(ins.space2 != Mod::None ? ins.space2 : ins.space, "state-space");
        (ins.space == Mod::None ? ins.space : ins.space2) = *m;
        break;
      case Axis::Sem:
        if (ins.sem != Mod::None) return conflict(ins.sem, "memory-ordering");
        ins.sem = *m;
        break;
      case Axis::Scope:
        if (ins.scope != Mod::None) return conflict(ins.scope, "scope");
        ins.scope = *m;
        break;
      case Axis::Vector:
        if (ins.vec != 1) {
          error(t, fmt::format("two vector modifiers on '{}'", info.mnemonic));
          return false;
        }
        ins.vec = *m == Mod::V2 ? 2 : *m == Mod::V4 ? 4 : 8;
        break;
      case Axis::Format:
        if (ins.format == Mod::None) {
          ins.format = *m;
          ins.formatPos = static_cast<std::uint8_t>(types);
        }
        break;
      case Axis::Flag:
      case Axis::Hint:
      case Axis::Matrix:
      case Axis::None:
        break;
    }
    ins.mods.set(static_cast<std::size_t>(*m));
  }
  return true;
}

bool Parser::parseOperands(Instr& ins, const Token&) {
  if (at(Tok::Semi)) return true;
  bool branch = ins.op == Opcode::Bra;
  for (;;) {
    Operand op;
    if (ins.op == Opcode::BrxIdx && ins.ops.size() == 1) {
      if (!parseBranchTableOperand(op, 1)) return false;
    } else if (!parseOperand(op, branch && ins.ops.empty(), ins.ops.size(), false)) {
      return false;
    }
    ins.ops.push_back(std::move(op));
    if (ins.ops.size() > 32) {
      error(peek(), "more than 32 operands");
      return false;
    }
    if (!accept(Tok::Comma)) return true;
  }
}

bool Parser::parseList(Operand& op) {
  next();  // '('
  op.kind = OperandKind::List;
  if (accept(Tok::RParen)) return true;
  for (;;) {
    Operand e;
    if (!parseOperand(e, false, 0, true)) return false;
    op.elems.push_back(std::move(e));
    if (accept(Tok::RParen)) return true;
    if (!expect(Tok::Comma, "',' or ')'", "in the call's operand list")) return false;
    if (op.elems.size() >= 256) {
      error(peek(), "more than 256 call arguments");
      return false;
    }
  }
}

bool Parser::parseVector(Operand& op) {
  Token open = next();  // '{'
  op.kind = OperandKind::Vector;
  for (;;) {
    Operand e;
    if (!parseOperand(e, false, 0, true)) return false;
    if (e.kind != OperandKind::Reg && e.kind != OperandKind::Sink && e.kind != OperandKind::Imm && !m_lenient) {
      error(open, "vector operand elements must be registers, '_' or immediates");
      return false;
    }
    op.elems.push_back(std::move(e));
    if (accept(Tok::RBrace)) return true;
    if (!expect(Tok::Comma, "',' or '}'", "in the vector operand")) return false;
    // wgmma and tcgen05 accumulators have up to 128 registers.
    if (op.elems.size() >= 256) {
      error(peek(), "a vector operand has at most 256 elements");
      return false;
    }
  }
}

bool Parser::parseOperand(Operand& op, bool labelContext, std::size_t opIndex, bool nested) {
  switch (peek().kind) {
    case Tok::Bang: {
      next();
      if (!at(Tok::Ident)) {
        error(peek(), fmt::format("expected a predicate register after '!', found {}", found()));
        return false;
      }
      Token t = peek();
      if (!parseNameOperand(op, false, opIndex, nested)) return false;
      if (op.kind != OperandKind::Reg) {
        error(t, fmt::format("'!' applies only to predicate registers, not to '{}'", text(t)));
        return false;
      }
      op.negate = true;
      return true;
    }
    case Tok::Minus:
      // vmad's negated register sources: -a, -b, -c (PTX ISA 9.7.16.1.3).
      if (m_curOp == Opcode::Vmad && peek(1).kind == Tok::Ident) {
        next();
        Token t = peek();
        if (!parseNameOperand(op, false, opIndex, nested)) return false;
        if (op.kind != OperandKind::Reg) {
          error(t, fmt::format("'-' applies only to registers here, not to '{}'", text(t)));
          return false;
        }
        op.negate = true;
        return true;
      }
      [[fallthrough]];
    case Tok::Number:
      return parseImmediate(op, true, "operand");
    case Tok::LBrace:
      if (nested) break;
      return parseVector(op);
    case Tok::LBracket:
      if (nested) break;
      return parseAddress(op);
    case Tok::LParen:
      if (nested) break;
      return parseList(op);
    case Tok::Ident:
      return parseNameOperand(op, labelContext, opIndex, nested);
    default:
      break;
  }
  error(peek(), fmt::format("expected an operand (a register, immediate, address or name), found {}", found()));
  return false;
}

bool Parser::parseImmediate(Operand& op, bool allowFloat, std::string_view context) {
  bool neg = accept(Tok::Minus);
  if (!at(Tok::Number)) {
    if (neg)
      error(peek(), fmt::format("expected a number after '-', found {}", found()));
    else
      error(peek(), fmt::format("expected an integer {} (a number), found {}", context, found()));
    return false;
  }
  Token t = next();
  std::string why;
  auto lit = parseNumber(text(t), why);
  if (!lit) {
    error(t, fmt::format("bad immediate {}: {}", describeToken(m_text, t), why));
    return false;
  }
  if (lit->isFloat && !allowFloat) {
    error(t, fmt::format("expected an integer {}, found the floating-point {}", context, describeToken(m_text, t)));
    return false;
  }
  if (neg) lit = negate(*lit);
  op.kind = OperandKind::Imm;
  op.imm = static_cast<std::int64_t>(lit->bits);
  op.immIsFloat = lit->isFloat;
  return true;
}

// A video instruction's sub-word selector: .b0-.b3 and .h0/.h1 on scalar
// forms, .hxy (x, y in 0..3) and .bxyzw (0..7) on the SIMD forms, and the
// masks .h10, .b3210 ... on a SIMD destination.
bool Parser::parseSelector(Operand& op) {
  Token t = next();
  std::string_view s = text(t).substr(1);
  const bool half = !s.empty() && s[0] == 'h';
  const unsigned limit = half ? 4 : 8;
  bool ok = !s.empty() && (s[0] == 'h' || s[0] == 'b') && s.size() >= 2 && s.size() <= 5;
  for (std::size_t i = 1; ok && i < s.size(); ++i) ok = s[i] >= '0' && static_cast<unsigned>(s[i] - '0') < limit;
  if (!ok) {
    error(t, fmt::format("'{}' is not a video operand selector (.b0-.b3, .h0, .h1, .hxy, .bxyzw)", text(t)));
    return false;
  }
  op.sel.kind = half ? Operand::Selector::Kind::Half : Operand::Selector::Kind::Byte;
  op.sel.count = static_cast<std::uint8_t>(s.size() - 1);
  for (std::size_t i = 1; i < s.size(); ++i) op.sel.digits[i - 1] = static_cast<std::uint8_t>(s[i] - '0');
  return true;
}

bool Parser::parsePredOutput(Operand& op) {
  // d|p: a second, predicate destination (PTX ISA 9.7.10.5 shfl, 9.7.10.7 match).
  if (!accept(Tok::Pipe)) return true;
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected a predicate register after '|', found {}", found()));
    return false;
  }
  Token t = next();
  auto r = lookup(text(t));
  if (!r || r->kind != NameRef::Kind::Reg) {
    error(t, fmt::format("unknown register '{}' after '|'", text(t)));
    return false;
  }
  op.hasPred = true;
  op.reg2 = r->index;
  return true;
}

bool Parser::parseNameOperand(Operand& op, bool labelContext, std::size_t opIndex, bool nested) {
  Token t = next();
  std::string_view name = text(t);
  if (name == "_") {
    op.kind = OperandKind::Sink;
    return parsePredOutput(op);
  }
  if (labelContext) {
    op.kind = OperandKind::Label;
    m_newLabelFix.push_back({0, static_cast<std::uint32_t>(opIndex), name, t});
    return true;
  }
  if (auto r = lookup(name)) {
    if (r->kind == NameRef::Kind::Reg) {
      op.kind = OperandKind::Reg;
      op.reg = r->index;
      if (opInfo(m_curOp).family == Family::Video && at(Tok::DotName) && adjacent(t, peek()))
        return parseSelector(op);
      return parsePredOutput(op);
    }
    op.kind = OperandKind::Symbol;
    op.symbol = static_cast<std::int32_t>(r->index);
    if (at(Tok::Plus) || at(Tok::Minus)) {
      // var+imm: the variable's address plus a byte offset.
      bool minus = next().kind == Tok::Minus;
      Operand off;
      if (!parseImmediate(off, false, "offset")) return false;
      op.imm = minus ? -off.imm : off.imm;
    }
    return true;
  }
  if (auto numbered = findNumberedSpecial(name)) {
    op.kind = OperandKind::Special;
    op.sreg = numbered->first;
    op.comp = numbered->second;
    return true;
  }
  if (const SpecialDef* sd = findSpecial(name)) {
    op.kind = OperandKind::Special;
    op.sreg = sd->reg;
    bool dotted = at(Tok::DotName) && adjacent(t, peek());
    if (sd->hasComp) {
      std::string_view c = dotted ? text(peek()) : std::string_view();
      if (c != ".x" && c != ".y" && c != ".z") {
        error(dotted ? peek() : t, fmt::format("'{}' needs a component: {}.x, {}.y or {}.z", name, name, name, name));
        return false;
      }
      next();
      op.comp = static_cast<std::uint8_t>(c[1] - 'x');
    } else if (dotted) {
      error(peek(), fmt::format("'{}' has no components, found '{}'", name, text(peek())));
      return false;
    }
    return true;
  }
  if (auto it = m_funcByName.find(name); it != m_funcByName.end() && !nested) {
    op.kind = OperandKind::Func;
    m_newFuncFix.push_back({0, static_cast<std::uint32_t>(opIndex), it->second, t});
    return true;
  }
  if (m_lenient) {
    // Kept unresolved (a label that is never a branch target).
    op.kind = OperandKind::Label;
    op.target = ~0u;
    return true;
  }
  if (name.starts_with('%'))
    error(t, fmt::format("unknown register '{}': no '.reg' in scope declares it", name));
  else
    error(t, fmt::format("unknown name '{}': not a register, variable or function in scope", name));
  return false;
}

bool Parser::parseAddress(Operand& op) {
  next();  // '['
  op.kind = OperandKind::Address;
  if (at(Tok::Ident)) {
    Token t = next();
    auto r = lookup(text(t));
    if (!r && m_lenient) {
      r = NameRef{NameRef::Kind::Sym, ~0u};
    } else if (!r) {
      error(t,
            fmt::format("unknown {} '{}' in the address", text(t).starts_with('%') ? "register" : "variable", text(t)));
      return false;
    }
    if (r->index == ~0u) {
      op.symbol = -1;  // unresolved (never executed)
    } else if (r->kind == NameRef::Kind::Reg) {
      op.hasBase = true;
      op.reg = r->index;
    } else {
      op.symbol = static_cast<std::int32_t>(r->index);
    }
    if (at(Tok::Plus) || at(Tok::Minus)) {
      bool minus = next().kind == Tok::Minus;  // [a+-4] reads as + (-4)
      Operand off;
      if (!parseImmediate(off, false, "address offset")) return false;
      op.imm = minus ? -off.imm : off.imm;
    }
  } else if (at(Tok::Number) || at(Tok::Minus)) {
    Operand abs;
    if (!parseImmediate(abs, false, "address")) return false;
    op.imm = abs.imm;
  } else {
    error(peek(), fmt::format("expected a register, variable or number inside '[...]', found {}", found()));
    return false;
  }
  // [tensorMap, {c0, c1}] and [tex, sampler, {x, y}]: the texture and tensor
  // forms list more operands inside the brackets.
  const bool tensorAddress = m_curOp == Opcode::CpAsyncBulkTensor || m_curOp == Opcode::CpReduceAsyncBulkTensor ||
                             m_curOp == Opcode::CpAsyncBulkPrefetchTensor;
  while (at(Tok::Comma)) {
    if (!m_lenient && !tensorAddress) {
      error(peek(), "expected ']' to close the address, found ','");
      return false;
    }
    next();
    Operand e;
    if (at(Tok::LBrace)) {
      if (!parseVector(e)) return false;
    } else if (!parseOperand(e, false, 0, true)) {
      return false;
    }
    op.elems.push_back(std::move(e));
    if (op.elems.size() > 8) {
      error(peek(), "more than 8 operands inside '[...]'");
      return false;
    }
  }
  if (!expect(Tok::RBracket, "']'", "to close the address")) return false;
  // ld ... [a].unified: the address is a unified virtual address (no effect here).
  if (at(Tok::DotName) && text(peek()) == ".unified" && adjacent(m_prev, peek())) next();
  return true;
}

}  // namespace ws::core::ptx_detail
