// The PTX lexer and numeric literals: token kinds, positions, comments,
// namespaced modifiers, and exact literal values (expected bit patterns
// computed by hand from IEEE 754 / checked with Python's struct module).
#include "core/ptx/lexer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/ptx/number.hpp"

namespace ws::core {
namespace {

std::vector<Tok> kinds(const LexResult& r) {
  std::vector<Tok> k;
  for (const Token& t : r.tokens) k.push_back(t.kind);
  return k;
}

std::string_view textOf(std::string_view src, const Token& t) { return src.substr(t.off, t.len); }

TEST(Lexer, InstructionTokensAndColumns) {
  std::string_view src = "\tld.global.u32 %r1, [%rd2+-4];";
  LexResult r = lexPtx(src);
  EXPECT_TRUE(r.issues.empty());
  std::vector<Tok> want = {Tok::Ident, Tok::DotName, Tok::DotName, Tok::Ident,    Tok::Comma, Tok::LBracket, Tok::Ident,
                           Tok::Plus,  Tok::Minus,   Tok::Number,  Tok::RBracket, Tok::Semi,  Tok::End};
  EXPECT_EQ(kinds(r), want);
  EXPECT_EQ(textOf(src, r.tokens[0]), "ld");
  EXPECT_EQ(textOf(src, r.tokens[1]), ".global");
  EXPECT_EQ(textOf(src, r.tokens[3]), "%r1");
  EXPECT_EQ(r.tokens[0].col, 2u);  // after one tab
  EXPECT_EQ(r.tokens[3].col, 16u);
  EXPECT_EQ(r.tokens[9].col, 28u);
  // Modifiers touch the mnemonic; the operand does not.
  EXPECT_EQ(r.tokens[0].end(), r.tokens[1].off);
  EXPECT_NE(r.tokens[2].end(), r.tokens[3].off);
}

TEST(Lexer, NamespacedModifiersAreOneToken) {
  std::string_view src = "red.async.shared::cluster.mbarrier::complete_tx::bytes.L2::128B.add";
  LexResult r = lexPtx(src);
  ASSERT_EQ(r.tokens.size(), 7u);
  EXPECT_EQ(textOf(src, r.tokens[2]), ".shared::cluster");
  EXPECT_EQ(textOf(src, r.tokens[3]), ".mbarrier::complete_tx::bytes");
  EXPECT_EQ(textOf(src, r.tokens[4]), ".L2::128B");
  EXPECT_EQ(textOf(src, r.tokens[5]), ".add");
}

TEST(Lexer, LabelsSpecialRegistersAndSink) {
  std::string_view src = "$L__BB0_2:\n mov.u32 %r1, %tid.x; _|%p1";
  LexResult r = lexPtx(src);
  EXPECT_EQ(textOf(src, r.tokens[0]), "$L__BB0_2");
  EXPECT_EQ(r.tokens[1].kind, Tok::Colon);
  EXPECT_EQ(r.tokens[2].line, 2u);
  EXPECT_EQ(r.tokens[2].col, 2u);
  EXPECT_EQ(textOf(src, r.tokens[6]), "%tid");
  EXPECT_EQ(textOf(src, r.tokens[7]), ".x");
  EXPECT_EQ(r.tokens[9].kind, Tok::Ident);  // _
  EXPECT_EQ(r.tokens[10].kind, Tok::Pipe);
}

TEST(Lexer, NumbersAreScannedWhole) {
  std::string_view src = "0f3F800000 1.5e-3 0x1fU 12abc 8.7 0d3FF0000000000000 1e5";
  LexResult r = lexPtx(src);
  std::vector<std::string_view> want = {"0f3F800000", "1.5e-3", "0x1fU", "12abc", "8.7", "0d3FF0000000000000", "1e5"};
  ASSERT_EQ(r.tokens.size(), want.size() + 1);
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.tokens[i].kind, Tok::Number);
    EXPECT_EQ(textOf(src, r.tokens[i]), want[i]);
  }
}

TEST(Lexer, CommentsAreSkippedAndLinesCounted) {
  std::string_view src = "a // one\n/* two\nthree */ b /**/c";
  LexResult r = lexPtx(src);
  ASSERT_EQ(r.tokens.size(), 4u);
  EXPECT_EQ(r.tokens[1].line, 3u);
  EXPECT_EQ(r.tokens[1].col, 10u);
  EXPECT_EQ(textOf(src, r.tokens[2]), "c");
  EXPECT_EQ(r.tokens[3].kind, Tok::End);
  EXPECT_EQ(r.tokens[3].line, 3u);
}

TEST(Lexer, UnterminatedCommentIsReportedWhereItStarts) {
  LexResult r = lexPtx("add\n  /* never closed\nmore");
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].line, 2u);
  EXPECT_EQ(r.issues[0].col, 3u);
  EXPECT_NE(r.issues[0].message.find("unterminated comment"), std::string::npos);
  EXPECT_EQ(r.tokens.size(), 2u);  // "add", End
}

TEST(Lexer, UnterminatedStringAndStrayBytes) {
  LexResult r = lexPtx(".file 1 \"abc\n# \x80");
  ASSERT_EQ(r.issues.size(), 3u);
  EXPECT_EQ(r.issues[0].line, 1u);
  EXPECT_EQ(r.issues[0].col, 9u);
  EXPECT_NE(r.issues[0].message.find("unterminated string"), std::string::npos);
  EXPECT_NE(r.issues[1].message.find("'#'"), std::string::npos);
  EXPECT_EQ(r.issues[2].col, 3u);
  EXPECT_NE(r.issues[2].message.find("byte 0x80"), std::string::npos);
}

TEST(Lexer, LonePercentAndDotAreErrors) {
  LexResult r = lexPtx("% . x");
  EXPECT_EQ(r.issues.size(), 2u);
  EXPECT_EQ(r.tokens[0].kind, Tok::Error);
  EXPECT_EQ(r.tokens[1].kind, Tok::Error);
  EXPECT_EQ(r.tokens[2].kind, Tok::Ident);
}

TEST(Lexer, DescribeToken) {
  std::string_view src = "foo 42 \"s\" ;";
  LexResult r = lexPtx(src);
  EXPECT_EQ(describeToken(src, r.tokens[0]), "'foo'");
  EXPECT_EQ(describeToken(src, r.tokens[1]), "number '42'");
  EXPECT_EQ(describeToken(src, r.tokens[2]), "string \"s\"");
  EXPECT_EQ(describeToken(src, r.tokens[3]), "';'");
  EXPECT_EQ(describeToken(src, r.tokens[4]), "end of file");
}

std::uint64_t num(std::string_view s, bool wantFloat = false) {
  std::string why;
  auto n = parseNumber(s, why);
  EXPECT_TRUE(n.has_value()) << s << ": " << why;
  if (!n) return 0;
  EXPECT_EQ(n->isFloat, wantFloat) << s;
  return n->bits;
}

std::string bad(std::string_view s) {
  std::string why;
  auto n = parseNumber(s, why);
  EXPECT_FALSE(n.has_value()) << s;
  return why;
}

TEST(Number, IntegerForms) {
  EXPECT_EQ(num("0"), 0u);
  EXPECT_EQ(num("42"), 42u);
  EXPECT_EQ(num("42U"), 42u);
  EXPECT_EQ(num("0x1F"), 31u);
  EXPECT_EQ(num("0XffffffffU"), 0xffffffffu);
  EXPECT_EQ(num("010"), 8u);  // octal
  EXPECT_EQ(num("0b101"), 5u);
  EXPECT_EQ(num("18446744073709551615"), 0xffffffffffffffffull);
  EXPECT_EQ(num("0xffffffffffffffff"), 0xffffffffffffffffull);
}

TEST(Number, BadIntegers) {
  EXPECT_NE(bad("08").find("octal"), std::string::npos);
  EXPECT_NE(bad("18446744073709551616").find("64 bits"), std::string::npos);
  EXPECT_NE(bad("0x").find("no digits"), std::string::npos);
  EXPECT_NE(bad("12abc").find("'a'"), std::string::npos);
  EXPECT_NE(bad("0b102").find("'2'"), std::string::npos);
}

TEST(Number, FloatForms) {
  EXPECT_EQ(num("0f3F800000", true), 0x3ff0000000000000ull);  // 1.0f
  EXPECT_EQ(num("0fC0490FDB", true), 0xc00921fb60000000ull);  // -3.14159274f, exactly
  EXPECT_EQ(num("0f00000001", true), 0x36a0000000000000ull);  // 2^-149, the smallest subnormal
  EXPECT_EQ(num("0f7F800000", true), 0x7ff0000000000000ull);  // +inf
  EXPECT_EQ(num("0f7FC00001", true), 0x7ff8000020000000ull);  // NaN payload kept
  EXPECT_EQ(num("0f7F800001", true), 0x7ff0000020000000ull);  // signalling NaN stays signalling
  EXPECT_EQ(num("0d3FF8000000000000", true), 0x3ff8000000000000ull);
  EXPECT_EQ(num("1.5", true), 0x3ff8000000000000ull);
  EXPECT_EQ(num("0.1", true), 0x3fb999999999999aull);
  EXPECT_EQ(num("2.5e-3", true), 0x3f647ae147ae147bull);
  EXPECT_EQ(num("1e3", true), 0x408f400000000000ull);
}

TEST(Number, BadFloats) {
  EXPECT_NE(bad("0f3F80000").find("exactly 8 hex digits"), std::string::npos);
  EXPECT_NE(bad("0d3FF").find("exactly 16 hex digits"), std::string::npos);
  EXPECT_NE(bad("0f3F80000G").find("'G'"), std::string::npos);
  EXPECT_NE(bad("1.5U").find("floating-point"), std::string::npos);
  EXPECT_NE(bad("1e999").find("range"), std::string::npos);
}

TEST(Number, Negate) {
  EXPECT_EQ(negate(NumLit{false, 5}).bits, 0xfffffffffffffffbull);
  EXPECT_EQ(negate(NumLit{true, 0x3ff0000000000000ull}).bits, 0xbff0000000000000ull);
  EXPECT_EQ(negate(NumLit{true, 0}).bits, 0x8000000000000000ull);  // -0.0
}

}  // namespace
}  // namespace ws::core
