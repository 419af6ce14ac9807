// PTX module structure: header directives, functions and their bodies,
// blocks and labels, .loc/.file. Declarations live in parse_decl.cpp,
// instructions in parse_instr.cpp, the linking pass in parse_link.cpp.
#include "core/ptx/parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "core/ptx/parser_impl.hpp"
#include "core/util/name_list.hpp"

namespace ws::core {
namespace ptx_detail {

Parser::Parser(std::string_view text, std::string_view fileName, const ParseLimits& limits)
    : m_text(text),
      m_fileName(fileName),
      m_limits(limits),
      m_lexer(text.size() < std::numeric_limits<std::uint32_t>::max() ? text : "") {}

ParseResult Parser::run() {
  ParseResult r;
  if (m_text.size() >= std::numeric_limits<std::uint32_t>::max()) {
    r.errors.push_back({m_fileName, 1, 1, "the file is larger than 4 GiB; a PTX module must be smaller"});
    return r;
  }
  // Each line is kept for listings (Program::sourceLines, 32 bytes even when
  // empty), so the line count is bounded before anything is parsed.
  const auto lines = static_cast<std::uint64_t>(std::count(m_text.begin(), m_text.end(), '\n')) +
                     (!m_text.empty() && m_text.back() != '\n' ? 1 : 0);
  if (lines > m_limits.maxLines) {
    r.errors.push_back({m_fileName, static_cast<std::uint32_t>(m_limits.maxLines + 1), 1,
                        fmt::format("the file has more than {} lines, the most warpscope loads in one module",
                                    groupDigits(m_limits.maxLines))});
    return r;
  }
  m_cur = m_first = m_lexer.next();
  m_ahead = m_cur.kind == Tok::End ? m_cur : m_lexer.next();
  takeLexIssues();
  m_prog.files.push_back(m_fileName);
  m_scopes.emplace_back();  // module scope
  parseModule();
  if (!stopped()) finish();
  takeLexIssues();
  std::stable_sort(m_errors.begin(), m_errors.end(), [](const LoadError& a, const LoadError& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  });
  if (m_errors.size() > kMaxErrors) m_errors.resize(kMaxErrors);
  r.errors = std::move(m_errors);
  if (r.errors.empty()) r.program = std::move(m_prog);
  return r;
}

// ---------------------------------------------------------------- tokens

Token Parser::next() {
  if (m_cur.kind == Tok::End) return m_cur;
  m_prev = m_cur;
  m_cur = m_ahead;
  if (m_ahead.kind != Tok::End) m_ahead = m_lexer.next();
  takeLexIssues();
  ++m_pos;
  return m_prev;
}

void Parser::takeLexIssues() {
  const auto& issues = m_lexer.issues();
  for (; m_lexIssuesTaken < issues.size(); ++m_lexIssuesTaken) {
    const LexIssue& i = issues[m_lexIssuesTaken];
    if (m_errors.size() < kMaxErrors) m_errors.push_back({m_fileName, i.line, i.col, i.message});
  }
}

bool Parser::atDot(std::string_view name) const { return at(Tok::DotName) && text(peek()) == name; }

bool Parser::accept(Tok k) {
  if (!at(k)) return false;
  next();
  return true;
}

bool Parser::expect(Tok k, std::string_view what, std::string_view context) {
  if (accept(k)) return true;
  error(peek(), fmt::format("expected {} {}, found {}", what, context, found()));
  return false;
}

std::optional<std::uint64_t> Parser::parseUnsigned(std::string_view what, std::string_view context) {
  if (!at(Tok::Number)) {
    error(peek(), fmt::format("expected {} (an unsigned integer) {}, found {}", what, context, found()));
    return std::nullopt;
  }
  const Token& t = next();
  std::string why;
  auto n = parseNumber(text(t), why);
  if (!n || n->isFloat) {
    error(t, fmt::format("bad {} {}: {} is not an unsigned integer{}{}", what, context, describeToken(m_text, t),
                         why.empty() ? "" : ": ", why));
    return std::nullopt;
  }
  return n->bits;
}

// ---------------------------------------------------------------- errors

void Parser::warning(const Token& at, std::string message) {
  if (m_prog.warnings.size() < kMaxErrors) m_prog.warnings.push_back({m_fileName, at.line, at.col, std::move(message), true});
}

void Parser::error(const Token& at, std::string message) {
  // A stray byte was already reported by the lexer; saying it again as
  // "expected X, found <garbage>" adds nothing.
  if (at.kind == Tok::Error || stopped()) return;
  if (m_errors.size() + 1 == kMaxErrors) message = "too many errors; stopping here";
  m_errors.push_back({m_fileName, at.line, at.col, std::move(message)});
}

bool Parser::overLimit(std::uint64_t count, std::uint64_t limit, std::string_view what, const Token& at) {
  if (count <= limit) return false;
  if (!m_halted && m_errors.size() < kMaxErrors)
    m_errors.push_back({m_fileName, at.line, at.col,
                        fmt::format("the module has more than {} {}, the most warpscope loads in one module",
                                    groupDigits(limit), what)});
  m_halted = true;
  return true;
}

bool Parser::initDataFull(std::uint64_t pending, std::uint64_t width, const Token& at) {
  if (pending + width <= kMaxInitBytes - m_initBytes) return false;
  error(at, fmt::format("initialized data larger than {} MiB in one module is not supported", kMaxInitBytes >> 20));
  return true;
}

void Parser::errorAfter(const Token& prev, std::string message) {
  Token t = prev;
  t.kind = Tok::End;
  t.col += t.len;  // tokens never span lines except comments, which are not tokens
  error(t, std::move(message));
}

void Parser::recoverModule() {
  // Skip to the end of the broken item: past its ';', or past a braced body.
  std::size_t start = m_pos;
  while (!at(Tok::End)) {
    if (m_pos != start && at(Tok::DotName)) {
      std::string_view d = text(peek());
      if (d == ".visible" || d == ".entry" || d == ".func" || d == ".weak" || d == ".extern" || d == ".global" ||
          d == ".const" || d == ".file" || d == ".section")
        return;
    }
    if (accept(Tok::Semi)) return;
    if (at(Tok::LBrace)) {
      std::uint64_t depth = 0;
      do {
        if (at(Tok::LBrace))
          ++depth;
        else if (at(Tok::RBrace))
          --depth;
        next();
      } while (depth > 0 && !at(Tok::End));
      return;
    }
    next();
  }
}

void Parser::recoverStatement(std::size_t start) {
  // Inside a body: skip past the next ';', but never past a brace (blocks
  // must stay balanced) and always move at least one token.
  if (m_pos == start && !at(Tok::End) && !at(Tok::LBrace) && !at(Tok::RBrace)) next();
  while (!at(Tok::End) && !at(Tok::LBrace) && !at(Tok::RBrace)) {
    if (accept(Tok::Semi)) return;
    next();
  }
}

// ---------------------------------------------------------------- module

void Parser::parseModule() {
  if (!atDot(".version"))
    error(peek(), fmt::format("expected '.version' at the start of the module (PTX ISA 11.1.1: every module "
                              "begins with .version), found {}",
                              found()));
  while (!at(Tok::End) && !stopped()) {
    std::size_t start = m_pos;
    const Token& t = peek();
    if (t.kind != Tok::DotName) {
      error(t, fmt::format("expected a directive (.entry, .func, .global, .shared, ...), found {}", found()));
      recoverModule();
      continue;
    }
    std::string_view d = text(t);
    if (d == ".version")
      parseVersion();
    else if (d == ".target")
      parseTarget();
    else if (d == ".address_size")
      parseAddressSize();
    else if (d == ".file")
      parseFile();
    else if (d == ".section")
      skipSection();
    else if (d == ".pragma")
      skipToSemi();
    else if (d == ".alias")
      parseAlias();
    else {
      std::string_view linkage;
      if (d == ".visible" || d == ".extern" || d == ".weak" || d == ".common") {
        linkage = d;
        next();
      }
      std::string_view k = at(Tok::DotName) ? text(peek()) : std::string_view();
      if (k == ".entry" || k == ".func") {
        parseFunction(linkage);
      } else if (k == ".global" || k == ".const" || k == ".shared" || k == ".local") {
        parseVarDecl(linkage);
      } else if (k == ".reg") {
        error(peek(), "'.reg' at module scope: registers can only be declared inside a function body");
        recoverModule();
      } else {
        error(peek(), fmt::format("expected a directive (.entry, .func, .global, .shared, ...){}, found {}",
                                  linkage.empty() ? "" : fmt::format(" after '{}'", linkage), found()));
        recoverModule();
      }
    }
    if (m_pos == start) next();
  }
}

void Parser::parseVersion() {
  Token kw = next();
  if (m_sawVersion) error(kw, "duplicate '.version' directive");
  m_sawVersion = true;
  if (!at(Tok::Number)) {
    error(peek(), fmt::format("expected a version number like 8.7 after '.version', found {}", found()));
    recoverModule();
    return;
  }
  const Token& v = next();
  std::string_view s = text(v);
  auto dot = s.find('.');
  int major = 0, minor = 0;
  bool ok = dot != std::string_view::npos && dot > 0 && dot + 1 < s.size() && s.size() < 8;
  for (std::size_t i = 0; ok && i < s.size(); ++i) {
    if (i == dot) continue;
    if (s[i] < '0' || s[i] > '9')
      ok = false;
    else if (i < dot)
      major = major * 10 + (s[i] - '0');
    else
      minor = minor * 10 + (s[i] - '0');
  }
  if (!ok || minor > 9) {
    error(v, fmt::format("bad PTX version {}: expected MAJOR.MINOR such as 8.7", describeToken(m_text, v)));
    return;
  }
  m_prog.ptxMajor = major;
  m_prog.ptxMinor = minor;
}

void Parser::parseTarget() {
  Token kw = next();
  if (m_sawTarget) error(kw, "duplicate '.target' directive");
  m_sawTarget = true;
  bool haveSm = false, bad = false;
  do {
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a target name such as sm_90a after '.target', found {}", found()));
      recoverModule();
      return;
    }
    const Token& t = next();
    std::string_view s = text(t);
    if (s.starts_with("sm_")) {
      auto tg = Target::parse(s);
      if (!tg)
        error(t, fmt::format("bad target '{}': expected sm_NN, sm_NNa or sm_NNf", s));
      else if (haveSm)
        error(t, fmt::format("'.target' names a second architecture '{}'", s));
      else
        m_prog.target = *tg;
      haveSm = true;
    } else if (s != "texmode_unified" && s != "texmode_independent" && s != "debug" && s != "map_f64_to_f32") {
      bad = true;
      error(t, fmt::format("unknown target '{}': expected sm_NN[a|f], texmode_unified, texmode_independent, "
                           "debug or map_f64_to_f32",
                           s));
    }
  } while (accept(Tok::Comma));
  if (!haveSm && !bad) error(kw, "'.target' names no sm_NN architecture");
}

void Parser::parseAddressSize() {
  next();
  Token at = peek();
  auto v = parseUnsigned("an address size", "after '.address_size'");
  if (!v) return;
  if (*v != 32 && *v != 64)
    error(at, fmt::format("'.address_size' must be 32 or 64, not {}", *v));
  else
    m_prog.addressSize = static_cast<int>(*v);
}

void Parser::parseFile() {
  Token kw = next();
  if (overLimit(m_prog.files.size(), m_limits.maxFiles, "'.file' directives", kw)) return;
  auto no = parseUnsigned("a file number", "after '.file'");
  if (!no) {
    recoverModule();
    return;
  }
  if (!at(Tok::String)) {
    error(peek(), fmt::format("expected the quoted file name after '.file {}', found {}", *no, found()));
    recoverModule();
    return;
  }
  std::string_view quoted = text(next());
  quoted = quoted.substr(1, quoted.size() - 2);
  std::string path;  // C escapes: "C:\\src\\k.cu" names C:\src\k.cu
  for (std::size_t i = 0; i < quoted.size(); ++i)
    path += quoted[i] == '\\' && i + 1 < quoted.size() ? quoted[++i] : quoted[i];
  // Optional timestamp and size (PTX ISA 11.3.1): accepted and not needed.
  for (int i = 0; i < 2 && accept(Tok::Comma); ++i) parseUnsigned("a number", "in '.file'");
  if (*no > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
    error(kw, fmt::format("'.file' number {} is too large", *no));
    return;
  }
  int n = static_cast<int>(*no);
  if (m_prog.cudaFileIndex.count(n)) {
    error(kw, fmt::format("'.file {}' is declared twice", n));
    return;
  }
  m_prog.cudaFileIndex[n] = static_cast<std::uint32_t>(m_prog.files.size());
  m_prog.files.push_back(std::move(path));
}

void Parser::skipSection() {
  // .section .debug_str { ... }: DWARF blobs for tools; nothing executes them.
  next();
  if (at(Tok::DotName) || at(Tok::Ident)) next();
  if (!at(Tok::LBrace)) {
    error(peek(), fmt::format("expected '{{' after the section name, found {}", found()));
    recoverModule();
    return;
  }
  Token open = next();
  std::uint64_t depth = 1;
  while (depth > 0) {
    if (at(Tok::End)) {
      error(open, "unterminated '.section': this '{' has no matching '}' before the end of the file");
      return;
    }
    if (at(Tok::LBrace))
      ++depth;
    else if (at(Tok::RBrace))
      --depth;
    next();
  }
}

void Parser::parseAlias() {
  // .alias fAlias, fAliasee; (PTX ISA 11.6.2): another name for a function.
  Token kw = next();
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the alias name after '.alias', found {}", found()));
    return recoverModule();
  }
  Token alias = next();
  if (!expect(Tok::Comma, "','", "after the alias name")) return recoverModule();
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the aliased function's name, found {}", found()));
    return recoverModule();
  }
  Token target = next();
  auto it = m_funcByName.find(text(target));
  if (it == m_funcByName.end()) {
    error(target, fmt::format("'.alias' names '{}', which is not a function declared before it", text(target)));
    return recoverModule();
  }
  if (!m_funcByName.try_emplace(text(alias), it->second).second)
    error(alias, fmt::format("'{}' is already a function name", text(alias)));
  if (!expect(Tok::Semi, "';'", "after '.alias'")) return recoverModule();
  (void)kw;
}

void Parser::skipToSemi() {
  // .pragma "nounroll"; and friends: hints with no effect on semantics.
  Token kw = next();
  while (!at(Tok::Semi)) {
    if (at(Tok::End) || at(Tok::LBrace) || at(Tok::RBrace)) {
      error(peek(), fmt::format("expected ';' to end '{}', found {}", text(kw), found()));
      return;
    }
    next();
  }
  next();
}

// ---------------------------------------------------------------- functions

void Parser::parseFunction(std::string_view linkage) {
  Token kw = next();
  bool entry = text(kw) == ".entry";
  std::vector<ParamDecl> rets, params;
  if (!entry && at(Tok::LParen) && !parseParamList(rets, false)) {
    recoverModule();
    return;
  }
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the function name after '{}', found {}", text(kw), found()));
    recoverModule();
    return;
  }
  Token nameTok = next();
  std::string_view name = text(nameTok);
  if (at(Tok::LParen) && !parseParamList(params, entry)) {
    recoverModule();
    return;
  }
  LaunchHints hints;
  if (!parseHints(hints)) {
    recoverModule();
    return;
  }

  if (!m_funcByName.count(name) &&
      overLimit(m_funcs.size() + 1, m_limits.maxFunctions, "functions (.entry and .func)", nameTok))
    return;
  auto [it, fresh] = m_funcByName.try_emplace(name, static_cast<std::uint32_t>(m_funcs.size()));
  if (fresh) m_funcs.push_back({name, entry, -1, rets.size(), params.size(), nameTok});
  FuncDecl& decl = m_funcs[it->second];
  if (decl.isEntry != entry || decl.nRets != rets.size() || decl.nParams != params.size()) {
    error(nameTok,
          fmt::format("this declaration of '{}' does not match the one at {}:{} ({} with {} return and {} "
                      "parameters)",
                      name, decl.tok.line, decl.tok.col, decl.isEntry ? ".entry" : ".func", decl.nRets, decl.nParams));
    recoverModule();
    return;
  }
  if (accept(Tok::Semi)) return;  // prototype: a body may follow later, or never
  if (!at(Tok::LBrace)) {
    error(peek(), fmt::format("expected '{{' (a body) or ';' (a prototype) after the signature of '{}', found {}", name,
                              found()));
    recoverModule();
    return;
  }
  if (decl.index >= 0) {
    error(nameTok, fmt::format("'{}' is defined twice (first body at {}:{})", name,
                               m_prog.functions[static_cast<std::size_t>(decl.index)].pos.line,
                               m_prog.functions[static_cast<std::size_t>(decl.index)].pos.col));
    recoverModule();
    return;
  }
  if (linkage == ".extern") error(kw, fmt::format("'.extern' function '{}' cannot have a body here", name));
  Function f;
  f.name = std::string(name);
  f.isEntry = entry;
  f.hints = hints;
  f.pos = {0, nameTok.line, nameTok.col};
  decl.index = static_cast<std::int32_t>(m_prog.functions.size());
  m_prog.functions.push_back(std::move(f));
  parseBody(static_cast<std::uint32_t>(decl.index), params, rets);
}

bool Parser::parseParamList(std::vector<ParamDecl>& out, bool entry) {
  next();  // '('
  if (accept(Tok::RParen)) return true;
  for (;;) {
    ParamDecl p;
    if (!parseParam(p, entry)) return false;
    out.push_back(p);
    if (accept(Tok::RParen)) return true;
    if (!expect(Tok::Comma, "',' or ')'", "in the parameter list")) return false;
  }
}

bool Parser::parseHints(LaunchHints& hints) {
  // Performance-tuning directives between the signature and the body
  // (PTX ISA 11.4). LaunchHints keeps the ones a launch must honour.
  while (at(Tok::DotName)) {
    std::string_view d = text(peek());
    Token kw = peek();
    bool dims = d == ".reqntid" || d == ".maxntid" || d == ".reqnctapercluster";
    bool one = d == ".minnctapersm" || d == ".maxnreg" || d == ".maxclusterrank" || d == ".maxnctapersm" ||
               d == ".abi_preserve" || d == ".abi_preserve_control";
    if (d == ".explicitcluster") {
      next();
      hints.explicitCluster = true;
    } else if (d == ".noreturn" || d == ".blocksareclusters") {
      next();
    } else if (dims || one) {
      next();
      std::array<std::uint32_t, 3> v{1, 1, 1};
      for (std::size_t i = 0; i < (dims ? 3u : 1u); ++i) {
        if (i > 0 && !accept(Tok::Comma)) break;
        auto n = parseUnsigned("a number", fmt::format("after '{}'", d));
        if (!n) return false;
        if (*n == 0 || *n > 0xffffffffull) {
          error(kw, fmt::format("'{}' value {} is out of range (1 to 4294967295)", d, *n));
          return false;
        }
        v[i] = static_cast<std::uint32_t>(*n);
      }
      if (d == ".reqntid")
        hints.reqntid = v;
      else if (d == ".maxntid")
        hints.maxntid = v;
      else if (d == ".reqnctapercluster")
        hints.reqnctapercluster = v;
      else if (d == ".maxnreg")
        hints.maxnreg = v[0];
    } else if (d == ".pragma") {
      skipToSemi();
    } else {
      break;
    }
  }
  return true;
}

void Parser::parseBody(std::uint32_t fnIndex, const std::vector<ParamDecl>& params,
                       const std::vector<ParamDecl>& rets) {
  m_curFunc = static_cast<std::int32_t>(fnIndex);
  m_prog.functions[fnIndex].begin = static_cast<std::uint32_t>(m_prog.instrs.size());
  m_prog.functions[fnIndex].regBegin = static_cast<std::uint32_t>(m_prog.regs.size());
  m_loc = CudaLoc{};
  Scope fs;
  fs.open = next();  // '{'
  m_scopes.push_back(std::move(fs));
  bool entry = m_prog.functions[fnIndex].isEntry;
  std::vector<std::uint32_t> retSyms, paramSyms;
  declareParams(rets, Space::ParamFunc, &retSyms);
  declareParams(params, entry ? Space::Param : Space::ParamFunc, &paramSyms);
  m_prog.functions[fnIndex].returns = std::move(retSyms);
  m_prog.functions[fnIndex].params = std::move(paramSyms);

  std::uint64_t overflowDepth = 0;  // braces past kMaxBlockDepth (reported once, not scoped)
  while (m_scopes.size() > 1 && !stopped()) {
    std::size_t start = m_pos;
    const Token& t = peek();
    switch (t.kind) {
      case Tok::End:
        error(m_scopes.back().open, "unterminated block: this '{' has no matching '}' before the end of the file");
        m_scopes.resize(1);
        break;
      case Tok::RBrace:
        next();
        if (overflowDepth > 0)
          --overflowDepth;
        else
          closeScope(m_scopes.size() == 2);
        break;
      case Tok::LBrace:
        if (overflowDepth > 0 || m_scopes.size() - 1 >= kMaxBlockDepth) {
          if (overflowDepth++ == 0) error(t, fmt::format("blocks nested more than {} deep", kMaxBlockDepth));
          next();
        } else {
          Scope s;
          s.open = next();
          m_scopes.push_back(std::move(s));
        }
        break;
      case Tok::DotName: {
        std::string_view d = text(t);
        if (d == ".reg")
          parseRegDecl();
        else if (d == ".local" || d == ".shared" || d == ".param")
          parseVarDecl("");
        else if (d == ".loc")
          parseLoc();
        else if (d == ".pragma")
          skipToSemi();
        else if (d == ".global" || d == ".const")
          error(t, fmt::format("'{}' variables must be declared at module scope, not inside a function", d));
        else
          error(t, fmt::format("unexpected directive '{}' in a function body (expected .reg, .local, .shared, "
                               ".param, .loc, .pragma, a label or an instruction)",
                               d));
        break;
      }
      case Tok::Ident:
        if (peek(1).kind == Tok::Colon)
          parseLabel();
        else
          parseInstruction();
        break;
      case Tok::At:
        parseInstruction();
        break;
      case Tok::Semi:
        next();  // an empty statement
        break;
      default:
        error(t, fmt::format("expected an instruction, a label or a directive, found {}", found()));
        break;
    }
    if (m_pos == start && !at(Tok::End))
      recoverStatement(start);
    else if (m_pos == start)
      break;
  }
  Function& f = m_prog.functions[fnIndex];
  f.end = static_cast<std::uint32_t>(m_prog.instrs.size());
  f.regEnd = static_cast<std::uint32_t>(m_prog.regs.size());
  if (m_scopes.size() > 1) m_scopes.resize(1);
  m_curFunc = -1;
}

void Parser::parseBranchTargets(std::string_view name) {
  Token kw = next();  // .branchtargets
  BranchTable table;
  for (;;) {
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a label in '.branchtargets', found {}", found()));
      return recoverStatement(m_pos);
    }
    Token t = next();
    if (overLimit(++m_labelCount, m_limits.maxLabels, "labels and '.branchtargets' entries", t)) return;
    table.targets.emplace_back(text(t), t);
    if (accept(Tok::Semi)) break;
    if (!expect(Tok::Comma, "',' or ';'", "in '.branchtargets'")) return recoverStatement(m_pos);
    if (table.targets.size() >= 65536) {
      error(kw, "'.branchtargets' lists more than 65536 labels");
      return recoverStatement(m_pos);
    }
  }
  if (!m_scopes.back().branchTables.try_emplace(name, std::move(table)).second)
    error(kw, fmt::format("'{}' is defined twice in the same block", name));
}

void Parser::closeScope(bool functionScope) {
  Scope& s = m_scopes.back();
  for (LabelFixup& fx : s.pending) {
    if (auto it = s.labels.find(fx.name); it != s.labels.end()) {
      Operand& op = m_prog.instrs[fx.instr].ops[fx.op];
      (fx.elem < 0 ? op : op.elems[static_cast<std::size_t>(fx.elem)]).target = it->second;
    } else if (!functionScope) {
      m_scopes[m_scopes.size() - 2].pending.push_back(fx);  // an outer block may define it
    } else {
      error(fx.tok, fmt::format("undefined label '{}': no label of that name in function '{}'", fx.name,
                                m_prog.functions[static_cast<std::size_t>(m_curFunc)].name));
    }
  }
  m_scopes.pop_back();
}

void Parser::parseLabel() {
  const Token& t = next();
  next();  // ':'
  std::string_view name = text(t);
  if (at(Tok::DotName)) {
    // Labelled directives (PTX ISA 11.5): jump tables and call prototypes.
    std::string_view d = text(peek());
    if (d == ".branchtargets") return parseBranchTargets(name);
    if (d == ".callprototype" || d == ".calltargets") return skipToSemi();
  }
  if (overLimit(++m_labelCount, m_limits.maxLabels, "labels and '.branchtargets' entries", t)) return;
  auto idx = static_cast<std::uint32_t>(m_prog.instrs.size());
  auto [it, fresh] = m_scopes.back().labels.try_emplace(name, idx);
  if (!fresh) {
    error(t, fmt::format("label '{}' is defined twice in the same block", name));
    return;
  }
  m_prog.labels.try_emplace(idx, std::string(name));
}

void Parser::parseLoc() {
  // .loc file line col [, function_name label [+ off]] [, inlined_at file line col]
  Token kw = next();
  if (overLimit(++m_locCount, m_limits.maxLocs, "'.loc' directives", kw)) return;
  std::int32_t v[3] = {0, 0, 0};
  Token fileTok = peek();
  for (auto& x : v) {
    auto n = parseUnsigned("a number", "in '.loc'");
    if (!n || *n > 0x7fffffffu) {
      if (n) error(kw, "'.loc' number out of range");
      recoverStatement(m_pos);
      return;
    }
    x = static_cast<std::int32_t>(*n);
  }
  CudaLoc loc;
  loc.file = v[0];
  loc.line = v[1];
  loc.col = v[2];
  m_locUses.push_back({v[0], fileTok});
  while (accept(Tok::Comma)) {
    std::string_view key = at(Tok::Ident) ? text(peek()) : std::string_view();
    if (key == "function_name") {
      next();
      if (!expect(Tok::Ident, "a debug-string label", "after 'function_name'")) {
        recoverStatement(m_pos);
        return;
      }
      if (accept(Tok::Plus)) parseUnsigned("an offset", "after 'function_name'");
    } else if (key == "inlined_at") {
      next();
      Token ft = peek();
      std::int32_t w[3] = {0, 0, 0};
      for (auto& x : w) {
        auto n = parseUnsigned("a number", "after 'inlined_at'");
        if (!n || *n > 0x7fffffffu) {
          if (n) error(kw, "'.loc' number out of range");
          recoverStatement(m_pos);
          return;
        }
        x = static_cast<std::int32_t>(*n);
      }
      loc.inlinedFile = w[0];
      loc.inlinedLine = w[1];
      m_locUses.push_back({w[0], ft});
    } else {
      error(peek(), fmt::format("expected 'function_name' or 'inlined_at' in '.loc', found {}", found()));
      recoverStatement(m_pos);
      return;
    }
  }
  m_loc = loc;
}

}  // namespace ptx_detail

ParseResult parsePtx(std::string_view text, std::string_view fileName, const ParseLimits& limits) {
  return ptx_detail::Parser(text, fileName, limits).run();
}

}  // namespace ws::core
