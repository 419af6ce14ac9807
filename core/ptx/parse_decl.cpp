// Declarations: .param lists, .reg, state-space variables with their
// initializers, the scopes they live in, and the memory-segment layout.
#include <fmt/format.h>

#include <charconv>
#include <cstring>

#include "core/ptx/parser_impl.hpp"
#include "core/ptx/shared_layout.hpp"

namespace ws::core::ptx_detail {
namespace {

constexpr bool isPow2(std::uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
constexpr std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return (v + a - 1) & ~(a - 1); }

std::optional<DataType> typeOf(std::string_view dotName) {
  if (auto m = findMod(dotName.substr(1))) return modToType(*m);
  return std::nullopt;
}

// a * b, false on overflow past kMaxSegmentBytes.
bool mulSize(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
  if (a != 0 && b > kMaxSegmentBytes / a) return false;
  out = a * b;
  return true;
}

// Splits "%r12" into ("%r", 12); false when the name does not end in a
// canonical decimal number (no leading zeros: %r012 is not %r12).
bool splitIndexed(std::string_view name, std::string_view& prefix, std::uint32_t& index) {
  std::size_t i = name.size();
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') --i;
  std::size_t digits = name.size() - i;
  if (digits == 0 || digits > 9 || i == 0 || (digits > 1 && name[i] == '0')) return false;
  std::uint32_t v = 0;
  for (std::size_t k = i; k < name.size(); ++k) v = v * 10 + static_cast<std::uint32_t>(name[k] - '0');
  prefix = name.substr(0, i);
  index = v;
  return true;
}

}  // namespace

// ---------------------------------------------------------------- params

bool Parser::parseParam(ParamDecl& p, bool entry) {
  if (!atDot(".param")) {
    if (atDot(".reg"))
      error(peek(),
            "register parameters ('.reg' in a signature) are not supported: nvcc passes parameters in "
            "'.param' space");
    else
      error(peek(), fmt::format("expected '.param' to start a parameter, found {}", found()));
    return false;
  }
  next();
  bool ptr = false, haveType = false;
  std::uint64_t vec = 1;
  while (at(Tok::DotName)) {
    Token t = next();
    std::string_view d = text(t);
    if (d == ".align") {
      auto n = parseUnsigned("an alignment", "after '.align'");
      if (!n) return false;
      if (!isPow2(*n) || *n > kMaxAlign) {
        error(t, fmt::format("alignment {} is not a power of two up to {}", *n, kMaxAlign));
        return false;
      }
      // After .ptr, .align is the pointee's alignment (PTX ISA 5.1.6.1), not the parameter's.
      if (!ptr) p.align = static_cast<std::uint32_t>(*n);
    } else if (d == ".ptr" && entry) {
      ptr = true;
    } else if (ptr && (d == ".global" || d == ".shared" || d == ".const" || d == ".local")) {
      // the pointee's state space: a hint for the compiler
    } else if (d == ".v2" || d == ".v4") {
      vec = d == ".v2" ? 2 : 4;
    } else if (auto ty = typeOf(d); ty && *ty != DataType::Pred && !haveType) {
      p.type = *ty;
      haveType = true;
    } else {
      error(t, fmt::format("unexpected '{}' in a parameter declaration (expected a type such as .u64 or .b32, "
                           ".align N{})",
                           d, entry ? " or .ptr" : ""));
      return false;
    }
  }
  if (!haveType) {
    error(peek(), fmt::format("expected a parameter type such as .u64 or .b32, found {}", found()));
    return false;
  }
  if (!at(Tok::Ident)) {
    error(peek(), fmt::format("expected the parameter name, found {}", found()));
    return false;
  }
  p.tok = next();
  p.name = text(p.tok);
  p.count = vec;
  if (accept(Tok::LBracket)) {
    auto n = parseUnsigned("an array size", "in the parameter declaration");
    if (!n || !expect(Tok::RBracket, "']'", "after the array size")) return false;
    if (!mulSize(p.count, *n, p.count)) {
      error(p.tok, fmt::format("parameter '{}' is too large", p.name));
      return false;
    }
  }
  return true;
}

void Parser::declareParams(const std::vector<ParamDecl>& ps, Space space, std::vector<std::uint32_t>* out) {
  std::uint64_t paramBytes = 0;  // the kernel parameter buffer of one entry
  for (const ParamDecl& p : ps) {
    Symbol s;
    s.name = std::string(p.name);
    s.space = space;
    s.elemType = p.type;
    s.align = p.align ? p.align : static_cast<std::uint32_t>(byteWidth(p.type));
    s.func = m_curFunc;
    if (!mulSize(p.count, static_cast<std::uint64_t>(byteWidth(p.type)), s.size)) {
      error(p.tok, fmt::format("parameter '{}' is too large", p.name));
      continue;
    }
    if (space == Space::Param && !grow(paramBytes, s.size, s.align, s.offset, "kernel parameter", p.tok)) continue;
    if (auto idx = declareSymbol(std::move(s), p.tok)) out->push_back(*idx);
  }
}

// ---------------------------------------------------------------- scopes

bool Parser::checkFresh(std::string_view name, const Token& tok) {
  const Scope& s = m_scopes.back();
  bool taken = s.names.count(name) > 0;
  std::string_view prefix;
  std::uint32_t index = 0;
  if (!taken && splitIndexed(name, prefix, index))
    if (auto it = s.ranges.find(prefix); it != s.ranges.end() && index < it->second.count) taken = true;
  if (taken) error(tok, fmt::format("'{}' is already declared in this scope", name));
  return !taken;
}

std::optional<std::uint32_t> Parser::declareSymbol(Symbol s, const Token& tok) {
  if (!checkFresh(tok.len ? text(tok) : std::string_view(s.name), tok)) return std::nullopt;
  if (overLimit(m_prog.symbols.size() + 1, m_limits.maxVariables, "variables and parameters", tok)) return std::nullopt;
  auto idx = static_cast<std::uint32_t>(m_prog.symbols.size());
  m_scopes.back().names[text(tok)] = {NameRef::Kind::Sym, idx};
  m_prog.symbols.push_back(std::move(s));
  m_symToks.push_back(tok);
  return idx;
}

bool Parser::declareReg(std::string_view name, DataType t, const Token& tok) {
  if (!checkFresh(name, tok)) return false;
  if (m_prog.regs.size() + (t == DataType::B128 ? 1 : 0) >= kMaxRegisters) {
    error(tok, fmt::format("more than {} registers in the module", kMaxRegisters));
    return false;
  }
  auto idx = static_cast<std::uint32_t>(m_prog.regs.size());
  m_scopes.back().names[name] = {NameRef::Kind::Reg, idx};
  m_prog.regs.push_back({std::string(name), t, static_cast<std::uint32_t>(m_curFunc), kNoReg});
  addHighHalves(idx, 1);
  return true;
}

// The upper halves of .b128 registers [first, first + count), declared after
// them (so a range %q<N> stays contiguous for name lookup).
void Parser::addHighHalves(std::uint32_t first, std::uint32_t count) {
  if (count == 0 || m_prog.regs[first].type != DataType::B128) return;
  for (std::uint32_t i = 0; i < count; ++i) {
    RegInfo& lo = m_prog.regs[first + i];
    lo.hi = static_cast<std::uint32_t>(m_prog.regs.size());
    RegInfo hi{lo.name + ".hi", DataType::B64, lo.func, kNoReg};
    m_prog.regs.push_back(std::move(hi));
  }
}

bool Parser::declareRegRange(std::string_view prefix, std::uint32_t count, DataType t, const Token& tok) {
  Scope& s = m_scopes.back();
  if (s.ranges.count(prefix) || s.names.count(prefix)) {
    error(tok, fmt::format("'{}<N>' is already declared in this scope", prefix));
    return false;
  }
  const std::uint32_t slots = t == DataType::B128 ? 2 : 1;  // .b128: two machine registers each
  if (count > (kMaxRegisters - m_prog.regs.size()) / slots) {
    error(tok, fmt::format("'{}<{}>' would make more than {} registers in the module", prefix, count, kMaxRegisters));
    return false;
  }
  auto base = static_cast<std::uint32_t>(m_prog.regs.size());
  s.ranges[prefix] = {count, base};
  m_prog.regs.reserve(m_prog.regs.size() + count);
  char digits[16];
  for (std::uint32_t i = 0; i < count; ++i) {
    RegInfo r;
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, i);
    r.name.reserve(prefix.size() + static_cast<std::size_t>(end - digits));
    r.name.append(prefix).append(digits, end);
    r.type = t;
    r.func = static_cast<std::uint32_t>(m_curFunc);
    m_prog.regs.push_back(std::move(r));
  }
  addHighHalves(base, count);
  return true;
}

// ---------------------------------------------------------------- .reg

void Parser::parseRegDecl() {
  std::size_t start = m_pos;
  Token kw = next();
  if (!at(Tok::DotName)) {
    error(peek(), fmt::format("expected a register type such as .b32 or .pred after '.reg', found {}", found()));
    recoverStatement(start);
    return;
  }
  Token tt = next();
  auto ty = typeOf(text(tt));
  if (!ty) {
    std::string_view d = text(tt);
    error(tt, d == ".v2" || d == ".v4" ? "vector registers ('.reg .v2/.v4') are not supported"
                                       : fmt::format("'{}' is not a register type (expected .b32, .u64, .f32, .pred, "
                                                     "...)",
                                                     d));
    recoverStatement(start);
    return;
  }
  (void)kw;
  for (;;) {
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a register name in '.reg', found {}", found()));
      recoverStatement(start);
      return;
    }
    Token name = next();
    if (accept(Tok::Lt)) {
      auto n = parseUnsigned("a register count", fmt::format("in '{}<N>'", text(name)));
      if (!n || !expect(Tok::Gt, "'>'", "after the register count")) {
        recoverStatement(start);
        return;
      }
      if (*n > kMaxRegisters) {
        error(name, fmt::format("'{}<{}>' declares more than {} registers", text(name), *n, kMaxRegisters));
        recoverStatement(start);
        return;
      }
      declareRegRange(text(name), static_cast<std::uint32_t>(*n), *ty, name);
    } else {
      declareReg(text(name), *ty, name);
    }
    if (accept(Tok::Comma)) continue;
    if (!accept(Tok::Semi)) {
      error(peek(), fmt::format("expected ',' or ';' in '.reg', found {}", found()));
      recoverStatement(start);
    }
    return;
  }
}

// ---------------------------------------------------------------- variables

void Parser::parseVarDecl(std::string_view linkage) {
  std::size_t start = m_pos;
  auto recover = [&] {
    if (m_curFunc < 0)
      recoverModule();
    else
      recoverStatement(start);
  };
  Token kw = next();
  std::string_view d = text(kw);
  Space sp = d == ".global"   ? Space::Global
             : d == ".const"  ? Space::Const
             : d == ".shared" ? Space::Shared
             : d == ".local"  ? Space::Local
                              : Space::ParamFunc;
  bool isExtern = linkage == ".extern";
  if (isExtern && sp != Space::Shared) {
    error(kw, fmt::format("'.extern {}' variables are defined in another module; warpscope loads one module and "
                          "cannot link them",
                          d));
    recover();
    return;
  }
  std::uint32_t align = 0;
  std::uint64_t vec = 1;
  std::optional<DataType> type;
  bool opaque = false;  // .texref/.samplerref/.surfref: a handle, used only by texture instructions
  while (at(Tok::DotName)) {
    Token t = next();
    std::string_view a = text(t);
    if ((a == ".texref" || a == ".samplerref" || a == ".surfref") && !type) {
      type = DataType::B64;
      opaque = true;
    } else if (a == ".align") {
      auto n = parseUnsigned("an alignment", "after '.align'");
      if (!n) return recover();
      if (!isPow2(*n) || *n > kMaxAlign) {
        error(t, fmt::format("alignment {} is not a power of two up to {}", *n, kMaxAlign));
        return recover();
      }
      align = static_cast<std::uint32_t>(*n);
    } else if (a == ".v2" || a == ".v4" || a == ".v8") {
      vec = static_cast<std::uint64_t>(a[2] - '0');
    } else if (auto ty = typeOf(a); ty && !type && *ty != DataType::Pred) {
      type = *ty;
    } else {
      error(t, fmt::format("unexpected '{}' in a '{}' declaration (expected .align N, .v2/.v4 or one type such as "
                           ".u32 or .b8)",
                           a, d));
      return recover();
    }
  }
  if (!type) {
    error(peek(), fmt::format("expected a type such as .u32 or .b8 in the '{}' declaration, found {}", d, found()));
    return recover();
  }
  auto width = static_cast<std::uint64_t>(byteWidth(*type));
  for (;;) {
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a variable name in the '{}' declaration, found {}", d, found()));
      return recover();
    }
    Token name = next();
    std::uint64_t count = vec, inner = vec;
    bool unsized = false;
    for (int dim = 0; at(Tok::LBracket); ++dim) {
      Token lb = next();
      if (accept(Tok::RBracket)) {
        if (dim > 0) {
          error(lb, "only the first array dimension may be left empty");
          return recover();
        }
        unsized = true;
        continue;
      }
      auto n = parseUnsigned("an array size", "in the declaration");
      if (!n || !expect(Tok::RBracket, "']'", "after the array size")) return recover();
      if (!mulSize(count, *n, count) || !mulSize(inner, *n, inner)) {
        error(name, fmt::format("'{}' is larger than {} bytes", text(name), kMaxSegmentBytes));
        return recover();
      }
    }
    std::vector<std::uint8_t> init;
    m_initRelocs.clear();
    if (opaque && at(Tok::Equal)) {
      // `= { filter_mode = nearest, ... }`: sampler settings for texture
      // instructions, which the engine does not execute.
      next();
      if (!at(Tok::LBrace)) {
        error(peek(), fmt::format("expected '{{' after '=' in the declaration of '{}', found {}", text(name), found()));
        return recover();
      }
      std::uint64_t depth = 0;
      do {
        if (at(Tok::LBrace)) ++depth;
        else if (at(Tok::RBrace)) --depth;
        next();
      } while (depth > 0 && !at(Tok::End));
    } else if (accept(Tok::Equal)) {
      if (sp != Space::Global && sp != Space::Const) {
        error(name, fmt::format("'{}' variables cannot have initializers (only .global and .const can)", d));
        return recover();
      }
      if (!parseInitializer(*type, count, !unsized, init)) return recover();
      if (unsized) {
        // `a[] = {...}` (or a[][4]): the first dimension comes from the data.
        std::uint64_t n = (count + inner - 1) / inner * inner;
        count = n;
        init.resize(count * width, 0);
        unsized = false;
      }
    }
    if (unsized && !(isExtern && sp == Space::Shared)) {
      error(name, fmt::format("'{}' has no size: '[]' is allowed only for '.extern .shared' or with an initializer",
                              text(name)));
      return recover();
    }
    Symbol s;
    s.name = std::string(text(name));
    s.space = sp;
    s.elemType = *type;
    s.align = align ? align : static_cast<std::uint32_t>(width);
    s.func = m_curFunc;
    s.isExtern = isExtern;
    s.init = std::move(init);
    if (!unsized && !mulSize(count, width, s.size)) {
      error(name, fmt::format("'{}' is larger than {} bytes", text(name), kMaxSegmentBytes));
      return recover();
    }
    bool placed = true;
    if (sp == Space::Global)
      placed = grow(m_prog.globalBytes, s.size, s.align, s.offset, ".global", name);
    else if (sp == Space::Const)
      placed = grow(m_prog.constBytes, s.size, s.align, s.offset, ".const", name);
    else if (sp == Space::Shared && !isExtern && s.size > kMaxSegmentBytes) {
      error(name, fmt::format("'{}' is larger than {} bytes", text(name), kMaxSegmentBytes));
      placed = false;  // laid out per entry at the end (shared_layout.cpp)
    }
    if (placed) {
      if (auto idx = declareSymbol(std::move(s), name)) {
        for (PendingReloc& r : m_initRelocs) {
          r.symbol = *idx;
          m_relocs.push_back(r);
        }
      }
    }
    m_initRelocs.clear();
    if (accept(Tok::Comma)) continue;
    if (!accept(Tok::Semi)) {
      error(peek(), fmt::format("expected ',' or ';' after the declaration of '{}', found {}", text(name), found()));
      return recover();
    }
    return;
  }
}

bool Parser::parseInitializer(DataType t, std::uint64_t& count, bool countKnown, std::vector<std::uint8_t>& bytes) {
  Token first = peek();
  bool ok = at(Tok::LBrace) ? parseInitList(t, bytes, 0) : appendInitValue(t, bytes);
  if (!ok) return false;
  auto width = static_cast<std::uint64_t>(byteWidth(t));
  if (width == 0) return false;  // every variable type has a width; keeps the division safe
  std::uint64_t n = bytes.size() / width;
  if (!countKnown) count = n;
  if (n > count) {
    error(first, fmt::format("{} initializers for a variable of {} elements", n, count));
    return false;
  }
  if (initDataFull(count * width, 0, first)) return false;
  m_initBytes += count * width;
  if (countKnown) bytes.resize(count * width, 0);  // the rest is zero (PTX ISA 5.4.4)
  return true;
}

bool Parser::parseInitList(DataType t, std::vector<std::uint8_t>& bytes, int depth) {
  Token open = next();  // '{'
  if (depth >= 8) {
    error(open, "initializer braces nested more than 8 deep");
    return false;
  }
  if (accept(Tok::RBrace)) return true;
  for (;;) {
    bool ok = at(Tok::LBrace) ? parseInitList(t, bytes, depth + 1) : appendInitValue(t, bytes);
    if (!ok) return false;
    if (accept(Tok::RBrace)) return true;
    if (!expect(Tok::Comma, "',' or '}'", "in the initializer")) return false;
  }
}

// name, name+offset, generic(name) or generic(name)+offset (PTX ISA 5.4.4):
// the address of a variable or function, written when the launch is built.
bool Parser::parseAddressInit(DataType t, std::vector<std::uint8_t>& bytes) {
  PendingReloc r;
  r.width = static_cast<std::uint32_t>(byteWidth(t));
  if (r.width != 4 && r.width != 8) {
    error(peek(), fmt::format("an address initializer needs a .u32/.u64/.b32/.b64 variable, not .{}", typeName(t)));
    return false;
  }
  if (initDataFull(bytes.size(), r.width, peek())) return false;
  if (overLimit(m_relocs.size() + m_initRelocs.size() + 1, m_limits.maxAddressInits, "addresses in initializers",
                peek()))
    return false;
  Token first = next();
  if (text(first) == "generic" && accept(Tok::LParen)) {
    r.generic = true;
    if (!at(Tok::Ident)) {
      error(peek(), fmt::format("expected a variable name inside 'generic(...)', found {}", found()));
      return false;
    }
    first = next();
    if (!expect(Tok::RParen, "')'", "after the variable in 'generic(...)'")) return false;
  }
  r.name = text(first);
  r.tok = first;
  if (at(Tok::Plus) || at(Tok::Minus)) {
    const bool minus = next().kind == Tok::Minus;
    Operand off;
    if (!parseImmediate(off, false, "offset")) return false;
    r.addend = minus ? -off.imm : off.imm;
  }
  r.offset = bytes.size();
  bytes.resize(bytes.size() + r.width, 0);
  m_initRelocs.push_back(r);
  return true;
}

bool Parser::appendInitValue(DataType t, std::vector<std::uint8_t>& bytes) {
  if (at(Tok::Ident)) return parseAddressInit(t, bytes);
  // Checked per value, not once the list is read: `{0, 0, ...}` of .u64
  // grows 4 bytes of text into 8 of data.
  if (initDataFull(bytes.size(), static_cast<std::uint64_t>(byteWidth(t)), peek())) return false;
  bool neg = accept(Tok::Minus);
  if (!at(Tok::Number)) {
    error(peek(), fmt::format("expected a number in the initializer, found {}", found()));
    return false;
  }
  Token tok = next();
  std::string_view s = text(tok);
  std::string why;
  auto lit = parseNumber(s, why);
  if (!lit) {
    error(tok, fmt::format("bad initializer {}: {}", describeToken(m_text, tok), why));
    return false;
  }
  if (neg) lit = negate(*lit);
  std::uint64_t out = 0;
  int w = byteWidth(t);
  double d = 0;
  std::memcpy(&d, &lit->bits, 8);
  switch (t) {
    case DataType::F32:
      if (lit->isFloat && s.size() == 10 && (s[1] == 'f' || s[1] == 'F')) {
        // 0fXXXXXXXX keeps its exact bits (NaN payloads too).
        out = 0;
        for (char c : s.substr(2))
          out = out * 16 + static_cast<std::uint64_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        if (neg) out ^= 0x80000000u;
      } else {
        float f = lit->isFloat ? static_cast<float>(d) : static_cast<float>(static_cast<std::int64_t>(lit->bits));
        std::uint32_t b = 0;
        std::memcpy(&b, &f, 4);
        out = b;
      }
      break;
    case DataType::F64:
      if (lit->isFloat)
        out = lit->bits;
      else {
        double v = static_cast<double>(static_cast<std::int64_t>(lit->bits));
        std::memcpy(&out, &v, 8);
      }
      break;
    default:
      if (lit->isFloat) {
        error(tok, fmt::format("floating-point initializer {} for a .{} variable (write its bits as an integer)",
                               describeToken(m_text, tok), typeName(t)));
        return false;
      }
      out = lit->bits;
      if (w > 0 && w < 8) {
        auto bitsW = static_cast<unsigned>(w * 8);
        auto sv = static_cast<std::int64_t>(out);
        bool fitsU = (out >> bitsW) == 0;
        bool fitsS = sv >= -(std::int64_t{1} << (bitsW - 1)) && sv < 0;
        if (!fitsU && !fitsS) {
          error(tok, fmt::format("initializer {} does not fit in .{}", describeToken(m_text, tok), typeName(t)));
          return false;
        }
      }
      break;
  }
  for (int i = 0; i < w; ++i) bytes.push_back(i < 8 ? static_cast<std::uint8_t>(out >> (8 * i)) : std::uint8_t{0});
  return true;
}

// ---------------------------------------------------------------- layout

bool Parser::grow(std::uint64_t& segment, std::uint64_t size, std::uint32_t align, std::uint64_t& offset,
                  std::string_view what, const Token& tok) {
  std::uint64_t o = alignUp(segment, align ? align : 1);
  if (o > kMaxSegmentBytes || size > kMaxSegmentBytes - o) {
    error(tok, fmt::format("the {} segment would grow past {} bytes", what, kMaxSegmentBytes));
    return false;
  }
  offset = o;
  segment = o + size;
  return true;
}

void Parser::layoutSegments() {
  // The per-thread local segment: every .local variable of the module first,
  // then every .func / call-site parameter (the executor's calling
  // convention copies through them). Nothing overlaps, so a call chain
  // never clobbers its caller's frame (PTX has no recursion in practice).
  for (std::size_t i = 0; i < m_prog.symbols.size(); ++i) {
    Symbol& s = m_prog.symbols[i];
    if (s.space == Space::Local) grow(m_prog.localBytes, s.size, s.align, s.offset, ".local", m_symToks[i]);
  }
  for (std::size_t i = 0; i < m_prog.symbols.size(); ++i) {
    Symbol& s = m_prog.symbols[i];
    if (s.space == Space::ParamFunc) grow(m_prog.localBytes, s.size, s.align, s.offset, ".local", m_symToks[i]);
  }
  layoutShared(m_prog);
}

}  // namespace ws::core::ptx_detail
