// Operands of control transfers: call (direct, indirect through a register
// with its .callprototype, argument and return lists) and brx.idx's branch
// table.
#include <fmt/format.h>

#include "core/ptx/parser_impl.hpp"

namespace ws::core::ptx_detail {

bool Parser::parseCallOperands(Instr& ins, const Token& mn) {
  // call{.uni} (ret-list), func, (arg-list);  lists may be empty or absent
  // (PTX ISA 9.7.12.4). Always decoded as List(returns), Func, List(args).
  Operand rets, fn, args;
  rets.kind = args.kind = OperandKind::List;
  if (at(Tok::LParen)) {
    if (!parseList(rets) || !expect(Tok::Comma, "','", "after the return list of 'call'")) return false;
  }
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the called function's name, found {}", found()));
    return false;
  }
  Token ft = next();
  auto it = m_funcByName.find(text(ft));
  if (it == m_funcByName.end()) {
    auto r = lookup(text(ft));
    if (r && r->kind == NameRef::Kind::Reg) return parseIndirectCall(ins, rets, r->index);
    error(ft, fmt::format("call to unknown function '{}' (no .func of that name is declared before it)", text(ft)));
    return false;
  }
  const FuncDecl& decl = m_funcs[it->second];
  if (decl.isEntry) {
    error(ft, fmt::format("'{}' is an .entry; only a .func can be called", text(ft)));
    return false;
  }
  fn.kind = OperandKind::Func;
  m_newFuncFix.push_back({0, 1, it->second, ft});
  if (accept(Tok::Comma)) {
    if (!at(Tok::LParen)) {
      error(peek(), fmt::format("expected the argument list '(...)' of 'call', found {}", found()));
      return false;
    }
    if (!parseList(args)) return false;
    if (at(Tok::Comma)) {
      error(peek(), "call prototypes and jump tables (indirect calls) are not supported");
      return false;
    }
  }
  // Arguments and return values pass through .param variables (the form nvcc
  // writes); the executor copies them byte for byte to the callee's params.
  for (const Operand* list : {&rets, &args}) {
    for (const Operand& e : list->elems) {
      bool param = e.kind == OperandKind::Symbol && e.imm == 0 &&
                   m_prog.symbols[static_cast<std::size_t>(e.symbol)].space == Space::ParamFunc;
      if (!param) {
        error(ft, fmt::format("every {} of a call must be a .param variable of the calling function (registers, "
                              "immediates and other variables are not supported)",
                              list == &rets ? "return value" : "argument"));
        return false;
      }
    }
  }
  if (args.elems.size() != decl.nParams) {
    error(ft, fmt::format("'{}' takes {} parameter{}, but this call passes {}", text(ft), decl.nParams,
                          decl.nParams == 1 ? "" : "s", args.elems.size()));
    return false;
  }
  if (!rets.elems.empty() && rets.elems.size() != decl.nRets) {
    error(ft, fmt::format("'{}' returns {} value{}, but this call receives {}", text(ft), decl.nRets,
                          decl.nRets == 1 ? "" : "s", rets.elems.size()));
    return false;
  }
  (void)mn;
  ins.ops.push_back(std::move(rets));
  ins.ops.push_back(std::move(fn));
  ins.ops.push_back(std::move(args));
  return true;
}

// brx.idx's target list: the name of a `.branchtargets` directive in scope,
// decoded as a List of Label operands (resolved when their block closes).
bool Parser::parseBranchTableOperand(Operand& op, std::size_t opIndex) {
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the name of a '.branchtargets' list, found {}", found()));
    return false;
  }
  Token t = next();
  const BranchTable* table = nullptr;
  for (std::size_t i = m_scopes.size(); i-- > 0 && !table;)
    if (auto it = m_scopes[i].branchTables.find(text(t)); it != m_scopes[i].branchTables.end()) table = &it->second;
  if (!table) {
    error(t, fmt::format("'{}' is not a '.branchtargets' list declared before this brx.idx", text(t)));
    return false;
  }
  op.kind = OperandKind::List;
  for (const auto& [name, tok] : table->targets) {
    Operand e;
    e.kind = OperandKind::Label;
    m_newLabelFix.push_back({0, static_cast<std::uint32_t>(opIndex), name, tok, static_cast<std::int32_t>(op.elems.size())});
    op.elems.push_back(std::move(e));
  }
  return true;
}

// call (rets), %rd, (args), prototype-or-targets;  (PTX ISA 9.7.12.5): the
// address is a register holding a function's address; the last operand names
// a .callprototype or .calltargets, which the engine does not need (it checks
// the callee it finds at run time).
bool Parser::parseIndirectCall(Instr& ins, Operand& rets, std::uint32_t reg) {
  Operand fn, args;
  fn.kind = OperandKind::Reg;
  fn.reg = reg;
  args.kind = OperandKind::List;
  bool more = accept(Tok::Comma);
  if (more && at(Tok::LParen)) {
    if (!parseList(args)) return false;
    more = accept(Tok::Comma);
  }
  if (more) {
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected the name of a .callprototype or .calltargets after the arguments of an "
                                "indirect call, found {}",
                                found()));
      return false;
    }
    next();
  }
  for (const Operand* list : {&rets, &args}) {
    for (const Operand& e : list->elems) {
      if (e.kind == OperandKind::Symbol && e.imm == 0 &&
          m_prog.symbols[static_cast<std::size_t>(e.symbol)].space == Space::ParamFunc)
        continue;
      error(peek(), "every argument and return value of a call must be a .param variable of the calling function");
      return false;
    }
  }
  ins.ops.push_back(std::move(rets));
  ins.ops.push_back(std::move(fn));
  ins.ops.push_back(std::move(args));
  return true;
}

}  // namespace ws::core::ptx_detail
