#pragma once
// A small, safe expression language for per-lane values in scenario files:
// "lane*3", "lane % 2 == 0", "1.5 * lane", "tid < 16 ? 1 : -1".
//
// Integers are 64-bit two's complement and wrap; a float operand makes + - * /
// % and comparisons use doubles. Operators, by falling precedence, as in C:
//   unary - + ~ !   * / %   + -   << >>   < <= > >=   == !=   &   ^   |   &&   ||   ?:
// Variables: lane (0-31), tid (thread index in the block, x), warp (warp in
// the block). Errors (division by zero, a shift by 64 or more, a bit operator
// on a float, an unknown name) carry the 1-based column inside the text.
// Evaluation never crashes and never has undefined behaviour, whatever the
// text: nesting depth and length are bounded.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ws::core {

struct ExprValue {
  bool isFloat = false;
  std::int64_t i = 0;
  double f = 0;
  static ExprValue ofInt(std::int64_t v) { return {false, v, 0}; }
  static ExprValue ofFloat(double v) { return {true, 0, v}; }
  double asDouble() const { return isFloat ? f : static_cast<double>(i); }
  bool truthy() const { return isFloat ? f != 0 : i != 0; }
};

struct ExprError {
  std::uint32_t col = 1;  // 1-based column in the expression text
  std::string message;
};

struct ExprVars {
  std::int64_t lane = 0, tid = 0, warp = 0;
};

class Expr {
 public:
  static constexpr std::size_t kMaxLength = 4096;
  static constexpr int kMaxDepth = 64;

  // Parses `text`; an error names the column where it went wrong.
  static std::variant<Expr, ExprError> parse(std::string_view text);
  std::variant<ExprValue, ExprError> eval(const ExprVars& vars) const;
  const std::string& text() const { return m_text; }
  // The result is a truth value (a comparison, !, && or ||): snippet mode
  // declares a register initialised by it as .pred.
  bool isBoolean() const;

  // The operators that nodes carry; public for the parser in expr.cpp.
  enum class Op : std::uint8_t {
    Int, Float, Lane, Tid, Warp,
    Neg, Plus, BitNot, Not,
    Mul, Div, Mod, Add, Sub, Shl, Shr, Lt, Le, Gt, Ge, Eq, Ne, BitAnd, BitXor, BitOr, And, Or,
    Select,
  };
  // The syntax tree, by index (children come before parents; the root is last).
  struct Node {
    Op op = Op::Int;
    std::uint32_t col = 1;
    std::int64_t i = 0;
    double f = 0;
    std::int32_t a = -1, b = -1, c = -1;
  };

 private:
  std::variant<ExprValue, ExprError> evalNode(std::int32_t n, const ExprVars& vars) const;

  std::string m_text;
  std::vector<Node> m_nodes;
  friend class ExprParser;
};

// Parse and evaluate in one go (tests, one-off values).
std::variant<ExprValue, ExprError> evalExpr(std::string_view text, const ExprVars& vars);

}  // namespace ws::core
