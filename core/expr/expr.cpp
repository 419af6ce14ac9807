#include "core/expr/expr.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

namespace ws::core {

// Recursive descent over C's precedence levels. Every node records the column
// of its operator so evaluation errors point at it.
class ExprParser {
 public:
  explicit ExprParser(std::string_view text) : m_s(text) {}

  std::variant<Expr, ExprError> run() {
    Expr e;
    e.m_text = std::string(m_s);
    if (m_s.size() > Expr::kMaxLength)
      return ExprError{1, fmt::format("expression is {} characters long; at most {} are allowed", m_s.size(),
                                      Expr::kMaxLength)};
    m_out = &e;
    skipSpace();
    if (m_pos >= m_s.size()) return ExprError{1, "empty expression"};
    const std::int32_t root = ternary(0);
    if (m_error) return *m_error;
    skipSpace();
    if (m_pos < m_s.size()) return ExprError{col(), fmt::format("unexpected '{}' after the expression", m_s[m_pos])};
    (void)root;  // the root is the last node pushed
    return e;
  }

 private:
  using Op = Expr::Op;

  std::uint32_t col() const { return static_cast<std::uint32_t>(m_pos + 1); }
  void fail(std::uint32_t c, std::string msg) {
    if (!m_error) m_error = ExprError{c, std::move(msg)};
  }
  void skipSpace() {
    while (m_pos < m_s.size() && (m_s[m_pos] == ' ' || m_s[m_pos] == '\t' || m_s[m_pos] == '\n' || m_s[m_pos] == '\r'))
      ++m_pos;
  }
  // Consumes `tok` if it comes next (and is not the start of a longer operator
  // listed in `notFollowedBy`).
  bool eat(std::string_view tok, std::string_view notFollowedBy = "") {
    skipSpace();
    if (m_s.substr(m_pos, tok.size()) != tok) return false;
    if (!notFollowedBy.empty() && m_pos + tok.size() < m_s.size() &&
        notFollowedBy.find(m_s[m_pos + tok.size()]) != std::string_view::npos)
      return false;
    m_pos += tok.size();
    return true;
  }

  std::int32_t push(Expr::Node n) {
    // Tree depth bounds evaluation's recursion.
    int d = 1;
    for (std::int32_t k : {n.a, n.b, n.c})
      if (k >= 0) d = std::max(d, m_depth[static_cast<std::size_t>(k)] + 1);
    if (d > 4 * Expr::kMaxDepth) fail(n.col, "expression is nested too deeply");
    m_out->m_nodes.push_back(n);
    m_depth.push_back(d);
    return static_cast<std::int32_t>(m_out->m_nodes.size() - 1);
  }
  std::int32_t binary(Op op, std::uint32_t c, std::int32_t a, std::int32_t b) {
    Expr::Node n;
    n.op = op;
    n.col = c;
    n.a = a;
    n.b = b;
    return push(n);
  }

  std::int32_t ternary(int depth) {
    if (depth > Expr::kMaxDepth) {
      fail(col(), "expression is nested too deeply");
      return -1;
    }
    const std::int32_t cond = logicalOr(depth);
    if (m_error) return -1;
    skipSpace();
    const std::uint32_t c = col();
    if (!eat("?")) return cond;
    const std::int32_t x = ternary(depth + 1);
    if (m_error) return -1;
    if (!eat(":")) {
      skipSpace();
      fail(col(), "expected ':' of '?:'");
      return -1;
    }
    const std::int32_t y = ternary(depth + 1);
    if (m_error) return -1;
    Expr::Node n;
    n.op = Op::Select;
    n.col = c;
    n.a = cond;
    n.b = x;
    n.c = y;
    return push(n);
  }

  // One left-associative level: `next` parses the operands, `ops` lists the
  // operator spellings (longest first) with the characters that must not
  // follow them.
  struct BinOp {
    std::string_view tok;
    std::string_view notFollowedBy;
    Op op;
  };
  template <class Next>
  std::int32_t level(int depth, std::initializer_list<BinOp> ops, Next next) {
    std::int32_t left = next(depth);
    while (!m_error) {
      skipSpace();
      const std::uint32_t c = col();
      const BinOp* hit = nullptr;
      for (const BinOp& o : ops)
        if (eat(o.tok, o.notFollowedBy)) { hit = &o; break; }
      if (!hit) break;
      const std::int32_t right = next(depth);
      if (m_error) return -1;
      left = binary(hit->op, c, left, right);
    }
    return m_error ? -1 : left;
  }

  std::int32_t logicalOr(int d) { return level(d, {{"||", "", Op::Or}}, [this](int k) { return logicalAnd(k); }); }
  std::int32_t logicalAnd(int d) { return level(d, {{"&&", "", Op::And}}, [this](int k) { return bitOr(k); }); }
  std::int32_t bitOr(int d) { return level(d, {{"|", "|", Op::BitOr}}, [this](int k) { return bitXor(k); }); }
  std::int32_t bitXor(int d) { return level(d, {{"^", "", Op::BitXor}}, [this](int k) { return bitAnd(k); }); }
  std::int32_t bitAnd(int d) { return level(d, {{"&", "&", Op::BitAnd}}, [this](int k) { return equality(k); }); }
  std::int32_t equality(int d) {
    return level(d, {{"==", "", Op::Eq}, {"!=", "", Op::Ne}}, [this](int k) { return relational(k); });
  }
  std::int32_t relational(int d) {
    return level(d, {{"<=", "", Op::Le}, {">=", "", Op::Ge}, {"<", "<", Op::Lt}, {">", ">", Op::Gt}},
                 [this](int k) { return shift(k); });
  }
  std::int32_t shift(int d) {
    return level(d, {{"<<", "", Op::Shl}, {">>", "", Op::Shr}}, [this](int k) { return additive(k); });
  }
  std::int32_t additive(int d) {
    return level(d, {{"+", "", Op::Add}, {"-", "", Op::Sub}}, [this](int k) { return multiplicative(k); });
  }
  std::int32_t multiplicative(int d) {
    return level(d, {{"*", "", Op::Mul}, {"/", "", Op::Div}, {"%", "", Op::Mod}}, [this](int k) { return unary(k); });
  }

  std::int32_t unary(int depth) {
    if (depth > Expr::kMaxDepth) {
      fail(col(), "expression is nested too deeply");
      return -1;
    }
    skipSpace();
    const std::uint32_t c = col();
    Op op;
    if (eat("-")) op = Op::Neg;
    else if (eat("+")) op = Op::Plus;
    else if (eat("~")) op = Op::BitNot;
    else if (eat("!", "=")) op = Op::Not;
    else return primary(depth);
    const std::int32_t a = unary(depth + 1);
    if (m_error) return -1;
    Expr::Node n;
    n.op = op;
    n.col = c;
    n.a = a;
    return push(n);
  }

  std::int32_t primary(int depth) {
    skipSpace();
    const std::uint32_t c = col();
    if (m_pos >= m_s.size()) {
      fail(c, "expected a number, a variable or '(' but the expression ended");
      return -1;
    }
    const char ch = m_s[m_pos];
    if (ch == '(') {
      ++m_pos;
      const std::int32_t inner = ternary(depth + 1);
      if (m_error) return -1;
      if (!eat(")")) {
        skipSpace();
        fail(col(), fmt::format("expected ')' to close the '(' at column {}", c));
        return -1;
      }
      return inner;
    }
    if ((ch >= '0' && ch <= '9') || ch == '.') return number();
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_') {
      std::size_t e = m_pos;
      while (e < m_s.size() && (std::isalnum(static_cast<unsigned char>(m_s[e])) || m_s[e] == '_')) ++e;
      const std::string_view name = m_s.substr(m_pos, e - m_pos);
      Expr::Node n;
      n.col = c;
      if (name == "lane") n.op = Op::Lane;
      else if (name == "tid") n.op = Op::Tid;
      else if (name == "warp") n.op = Op::Warp;
      else {
        fail(c, fmt::format("unknown name '{}': the variables are lane, tid and warp", name));
        return -1;
      }
      m_pos = e;
      return push(n);
    }
    fail(c, fmt::format("unexpected '{}': expected a number, a variable or '('", ch));
    return -1;
  }

  std::int32_t number() {
    const std::uint32_t c = col();
    std::size_t e = m_pos;
    auto isDigit = [](char x) { return x >= '0' && x <= '9'; };
    Expr::Node n;
    n.col = c;
    if (m_s.substr(m_pos, 2) == "0x" || m_s.substr(m_pos, 2) == "0X" || m_s.substr(m_pos, 2) == "0b" ||
        m_s.substr(m_pos, 2) == "0B") {
      const int base = (m_s[m_pos + 1] == 'x' || m_s[m_pos + 1] == 'X') ? 16 : 2;
      e = m_pos + 2;
      while (e < m_s.size() && std::isalnum(static_cast<unsigned char>(m_s[e]))) ++e;
      std::uint64_t v = 0;
      const char* first = m_s.data() + m_pos + 2;
      const char* last = m_s.data() + e;
      auto [p, ec] = std::from_chars(first, last, v, base);
      if (first == last || ec != std::errc() || p != last) {
        fail(c, fmt::format("'{}' is not a {} number", m_s.substr(m_pos, e - m_pos), base == 16 ? "hexadecimal" : "binary"));
        return -1;
      }
      n.op = Op::Int;
      n.i = static_cast<std::int64_t>(v);  // 0xffffffffffffffff is -1: literals name bit patterns
      m_pos = e;
      return push(n);
    }
    bool isFloat = false;
    while (e < m_s.size() && isDigit(m_s[e])) ++e;
    if (e < m_s.size() && m_s[e] == '.') {
      isFloat = true;
      ++e;
      while (e < m_s.size() && isDigit(m_s[e])) ++e;
    }
    if (e < m_s.size() && (m_s[e] == 'e' || m_s[e] == 'E')) {
      std::size_t k = e + 1;
      if (k < m_s.size() && (m_s[k] == '+' || m_s[k] == '-')) ++k;
      if (k < m_s.size() && isDigit(m_s[k])) {
        isFloat = true;
        e = k;
        while (e < m_s.size() && isDigit(m_s[e])) ++e;
      }
    }
    if (e < m_s.size() && (std::isalpha(static_cast<unsigned char>(m_s[e])) || m_s[e] == '_')) {
      fail(static_cast<std::uint32_t>(e + 1), fmt::format("unexpected '{}' in a number", m_s[e]));
      return -1;
    }
    const std::string_view lit = m_s.substr(m_pos, e - m_pos);
    if (lit == ".") {
      fail(c, "'.' is not a number");
      return -1;
    }
    if (isFloat) {
      double v = 0;
      auto [p, ec] = std::from_chars(lit.data(), lit.data() + lit.size(), v);
      if (ec == std::errc::result_out_of_range) {
        fail(c, fmt::format("'{}' is out of the range of a double", lit));
        return -1;
      }
      if (ec != std::errc() || p != lit.data() + lit.size()) {
        fail(c, fmt::format("'{}' is not a number", lit));
        return -1;
      }
      n.op = Op::Float;
      n.f = v;
    } else {
      std::uint64_t v = 0;
      auto [p, ec] = std::from_chars(lit.data(), lit.data() + lit.size(), v);
      if (ec != std::errc() || p != lit.data() + lit.size()) {
        fail(c, fmt::format("'{}' does not fit in 64 bits", lit));
        return -1;
      }
      n.op = Op::Int;
      n.i = static_cast<std::int64_t>(v);
    }
    m_pos = e;
    return push(n);
  }

  std::string_view m_s;
  std::size_t m_pos = 0;
  Expr* m_out = nullptr;
  std::vector<int> m_depth;
  std::optional<ExprError> m_error;
};

std::variant<Expr, ExprError> Expr::parse(std::string_view text) { return ExprParser(text).run(); }

bool Expr::isBoolean() const {
  if (m_nodes.empty()) return false;
  switch (m_nodes.back().op) {
    case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne:
    case Op::Not: case Op::And: case Op::Or:
      return true;
    default: return false;
  }
}

std::variant<ExprValue, ExprError> Expr::eval(const ExprVars& vars) const {
  if (m_nodes.empty()) return ExprError{1, "empty expression"};
  return evalNode(static_cast<std::int32_t>(m_nodes.size() - 1), vars);
}

namespace {

std::int64_t wrap(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t bits(std::int64_t v) { return static_cast<std::uint64_t>(v); }

const char* opSpelling(Expr::Op op) {
  switch (op) {
    case Expr::Op::BitNot: return "~";
    case Expr::Op::BitAnd: return "&";
    case Expr::Op::BitOr: return "|";
    case Expr::Op::BitXor: return "^";
    case Expr::Op::Shl: return "<<";
    case Expr::Op::Shr: return ">>";
    default: return "?";
  }
}

}  // namespace

std::variant<ExprValue, ExprError> Expr::evalNode(std::int32_t idx, const ExprVars& vars) const {
  const Node& n = m_nodes[static_cast<std::size_t>(idx)];
  auto sub = [&](std::int32_t k) { return evalNode(k, vars); };
  switch (n.op) {
    case Op::Int: return ExprValue::ofInt(n.i);
    case Op::Float: return ExprValue::ofFloat(n.f);
    case Op::Lane: return ExprValue::ofInt(vars.lane);
    case Op::Tid: return ExprValue::ofInt(vars.tid);
    case Op::Warp: return ExprValue::ofInt(vars.warp);
    case Op::Select: {
      auto c = sub(n.a);
      if (auto* e = std::get_if<ExprError>(&c)) return *e;
      return sub(std::get<ExprValue>(c).truthy() ? n.b : n.c);
    }
    case Op::And: case Op::Or: {
      auto a = sub(n.a);
      if (auto* e = std::get_if<ExprError>(&a)) return *e;
      const bool av = std::get<ExprValue>(a).truthy();
      if (n.op == Op::And ? !av : av) return ExprValue::ofInt(av ? 1 : 0);  // short circuit, as in C
      auto b = sub(n.b);
      if (auto* e = std::get_if<ExprError>(&b)) return *e;
      return ExprValue::ofInt(std::get<ExprValue>(b).truthy() ? 1 : 0);
    }
    case Op::Neg: case Op::Plus: case Op::BitNot: case Op::Not: {
      auto a = sub(n.a);
      if (auto* e = std::get_if<ExprError>(&a)) return *e;
      const ExprValue v = std::get<ExprValue>(a);
      if (n.op == Op::Not) return ExprValue::ofInt(v.truthy() ? 0 : 1);
      if (n.op == Op::Plus) return v;
      if (n.op == Op::Neg) return v.isFloat ? ExprValue::ofFloat(-v.f) : ExprValue::ofInt(wrap(0 - bits(v.i)));
      if (v.isFloat) return ExprError{n.col, "'~' needs an integer, not a float"};
      return ExprValue::ofInt(wrap(~bits(v.i)));
    }
    default: break;
  }
  // Binary operators: both sides first (left to right).
  auto ra = sub(n.a);
  if (auto* e = std::get_if<ExprError>(&ra)) return *e;
  auto rb = sub(n.b);
  if (auto* e = std::get_if<ExprError>(&rb)) return *e;
  const ExprValue a = std::get<ExprValue>(ra), b = std::get<ExprValue>(rb);
  const bool fl = a.isFloat || b.isFloat;
  switch (n.op) {
    case Op::Lt: return ExprValue::ofInt(fl ? a.asDouble() < b.asDouble() : a.i < b.i);
    case Op::Le: return ExprValue::ofInt(fl ? a.asDouble() <= b.asDouble() : a.i <= b.i);
    case Op::Gt: return ExprValue::ofInt(fl ? a.asDouble() > b.asDouble() : a.i > b.i);
    case Op::Ge: return ExprValue::ofInt(fl ? a.asDouble() >= b.asDouble() : a.i >= b.i);
    case Op::Eq: return ExprValue::ofInt(fl ? a.asDouble() == b.asDouble() : a.i == b.i);
    case Op::Ne: return ExprValue::ofInt(fl ? a.asDouble() != b.asDouble() : a.i != b.i);
    case Op::Add: return fl ? ExprValue::ofFloat(a.asDouble() + b.asDouble()) : ExprValue::ofInt(wrap(bits(a.i) + bits(b.i)));
    case Op::Sub: return fl ? ExprValue::ofFloat(a.asDouble() - b.asDouble()) : ExprValue::ofInt(wrap(bits(a.i) - bits(b.i)));
    case Op::Mul: return fl ? ExprValue::ofFloat(a.asDouble() * b.asDouble()) : ExprValue::ofInt(wrap(bits(a.i) * bits(b.i)));
    case Op::Div: case Op::Mod: {
      if (fl) {
        // IEEE rules: 1.0/0 is inf, as on the GPU.
        return ExprValue::ofFloat(n.op == Op::Div ? a.asDouble() / b.asDouble() : std::fmod(a.asDouble(), b.asDouble()));
      }
      if (b.i == 0) return ExprError{n.col, n.op == Op::Div ? "division by zero" : "remainder by zero"};
      if (a.i == std::numeric_limits<std::int64_t>::min() && b.i == -1)  // wraps instead of trapping
        return ExprValue::ofInt(n.op == Op::Div ? a.i : 0);
      return ExprValue::ofInt(n.op == Op::Div ? a.i / b.i : a.i % b.i);
    }
    case Op::Shl: case Op::Shr: case Op::BitAnd: case Op::BitOr: case Op::BitXor: {
      if (fl) return ExprError{n.col, fmt::format("'{}' needs integers, not floats", opSpelling(n.op))};
      if (n.op == Op::BitAnd) return ExprValue::ofInt(wrap(bits(a.i) & bits(b.i)));
      if (n.op == Op::BitOr) return ExprValue::ofInt(wrap(bits(a.i) | bits(b.i)));
      if (n.op == Op::BitXor) return ExprValue::ofInt(wrap(bits(a.i) ^ bits(b.i)));
      if (b.i < 0 || b.i > 63)
        return ExprError{n.col, fmt::format("shift by {} is out of range (0 to 63)", b.i)};
      if (n.op == Op::Shl) return ExprValue::ofInt(wrap(bits(a.i) << b.i));
      return ExprValue::ofInt(a.i >> b.i);  // arithmetic: integers are signed
    }
    default: break;
  }
  return ExprError{n.col, "internal error: unknown operator"};
}

std::variant<ExprValue, ExprError> evalExpr(std::string_view text, const ExprVars& vars) {
  auto p = Expr::parse(text);
  if (auto* e = std::get_if<ExprError>(&p)) return *e;
  return std::get<Expr>(p).eval(vars);
}

}  // namespace ws::core
