// Malformed PTX: every problem is a LoadError at the right file:line:col
// with a message that says what was found and what was expected.
#include <gtest/gtest.h>

#include "tests/core/ptx_test_util.hpp"

namespace ws::core {
namespace {

using test::entryModule;
using test::firstError;
using test::header;

// Line 6 holds `.reg .b32 %r<2>;`, the statement under test is line 7.
std::string stmt(std::string_view s) { return entryModule(std::string("\t.reg .b32 %r<2>;\n") + std::string(s)); }

std::vector<std::string> allErrors(std::string_view text) {
  ParseResult r = parsePtx(text, "t.ptx");
  EXPECT_FALSE(r.ok());
  std::vector<std::string> v;
  for (const auto& e : r.errors) v.push_back(e.str());
  return v;
}

TEST(ParseErrors, UnknownRegister) {
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r2, 1;")),
            "t.ptx:7:10: error: unknown register '%r2': no '.reg' in scope declares it");
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, %r01;")),
            "t.ptx:7:15: error: unknown register '%r01': no '.reg' in scope declares it");
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, nothing;")),
            "t.ptx:7:15: error: unknown name 'nothing': not a register, variable or function in scope");
  EXPECT_EQ(firstError(stmt("\tld.u32 %r0, [%rd9];")), "t.ptx:7:15: error: unknown register '%rd9' in the address");
  EXPECT_EQ(firstError(stmt("\t@%p0 ret;")), "t.ptx:7:3: error: unknown register '%p0' used as a guard predicate");
}

TEST(ParseErrors, MissingSemicolon) {
  std::string text = stmt("\tadd.s32 %r0, %r1, %r1\n\tmov.u32 %r0, 1;");
  auto errs = allErrors(text);
  ASSERT_EQ(errs.size(), 1u);  // the next line still parses
  EXPECT_EQ(errs[0], "t.ptx:7:23: error: expected ';' after the operands of 'add', found 'mov' on the next line");
  EXPECT_EQ(firstError(stmt("\tadd.s32 %r0, %r1 %r1;")),
            "t.ptx:7:19: error: expected ',' or ';' after an operand of 'add', found '%r1'");
}

TEST(ParseErrors, UnterminatedBlocks) {
  EXPECT_EQ(firstError(header() + ".visible .entry k()\n{\n\tret;\n"),
            "t.ptx:5:1: error: unterminated block: this '{' has no matching '}' before the end of the file");
  EXPECT_EQ(firstError(header() + ".visible .entry k()\n{\n\t{ ret;\n"),
            "t.ptx:6:2: error: unterminated block: this '{' has no matching '}' before the end of the file");
  EXPECT_EQ(firstError(header() + ".section .debug_str\n{\n{ }\n"),
            "t.ptx:5:1: error: unterminated '.section': this '{' has no matching '}' before the end of the file");
}

TEST(ParseErrors, UnterminatedComment) {
  auto errs = allErrors(header() + ".visible .entry k()\n{\n\tret; /* no end\n}\n");
  ASSERT_EQ(errs.size(), 2u);
  EXPECT_EQ(errs[0], "t.ptx:5:1: error: unterminated block: this '{' has no matching '}' before the end of the file");
  EXPECT_EQ(errs[1], "t.ptx:6:7: error: unterminated comment: '/*' has no matching '*/' before the end of the file");
}

TEST(ParseErrors, BadImmediates) {
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, 0x;")),
            "t.ptx:7:15: error: bad immediate number '0x': it has no digits after its prefix");
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, 09;")),
            "t.ptx:7:15: error: bad immediate number '09': a leading 0 makes it octal, and octal digits are 0-7");
  EXPECT_EQ(firstError(stmt("\tmov.f32 %r0, 0f3F80;")),
            "t.ptx:7:15: error: bad immediate number '0f3F80': it needs exactly 8 hex digits after its prefix");
  EXPECT_EQ(firstError(stmt("\tmov.u64 %r0, 99999999999999999999;")),
            "t.ptx:7:15: error: bad immediate number '99999999999999999999': it does not fit in 64 bits");
  EXPECT_EQ(firstError(stmt("\tld.u32 %r0, [%r1+1.5];")),
            "t.ptx:7:19: error: expected an integer address offset, found the floating-point number '1.5'");
}

TEST(ParseErrors, UndefinedLabels) {
  EXPECT_EQ(firstError(stmt("\tbra.uni NOWHERE;")),
            "t.ptx:7:10: error: undefined label 'NOWHERE': no label of that name in function 'k'");
  // A label inside a { } block is not visible outside it.
  EXPECT_EQ(firstError(stmt("\t{ IN: ret; }\n\tbra IN;")),
            "t.ptx:8:6: error: undefined label 'IN': no label of that name in function 'k'");
  EXPECT_EQ(firstError(stmt("L:\nL:\n\tret;")), "t.ptx:8:1: error: label 'L' is defined twice in the same block");
}

TEST(ParseErrors, Declarations) {
  EXPECT_EQ(firstError(stmt("\t.reg .b32 %r1;")), "t.ptx:7:12: error: '%r1' is already declared in this scope");
  EXPECT_EQ(firstError(stmt("\t.reg .b32 %r<5>;")), "t.ptx:7:12: error: '%r<N>' is already declared in this scope");
  EXPECT_EQ(firstError(stmt("\t.reg .v4 .b32 %v;")),
            "t.ptx:7:7: error: vector registers ('.reg .v2/.v4') are not supported");
  EXPECT_EQ(firstError(stmt("\t.reg .b32 %big<2000000>;")),
            "t.ptx:7:12: error: '%big<2000000>' declares more than 1048576 registers");
  EXPECT_EQ(firstError(header() + ".reg .b32 %r;\n"),
            "t.ptx:4:1: error: '.reg' at module scope: registers can only be declared inside a function body");
  EXPECT_EQ(firstError(header() + ".global .u32 g[2] = {1, 2, 3};\n"),
            "t.ptx:4:21: error: 3 initializers for a variable of 2 elements");
  EXPECT_EQ(firstError(header() + ".global .u32 g = 1.5;\n"),
            "t.ptx:4:18: error: floating-point initializer number '1.5' for a .u32 variable (write its bits as an "
            "integer)");
  EXPECT_EQ(firstError(header() + ".global .u8 g = 256;\n"),
            "t.ptx:4:17: error: initializer number '256' does not fit in .u8");
  EXPECT_EQ(firstError(header() + ".shared .u32 s = 1;\n"),
            "t.ptx:4:14: error: '.shared' variables cannot have initializers (only .global and .const can)");
  EXPECT_EQ(firstError(header() + ".global .u64 p = g;\n"),
            "t.ptx:4:18: error: 'g' in the initializer is not a module-scope variable or a function");
  EXPECT_EQ(firstError(header() + ".global .u16 g;\n.global .u16 p = g;\n"),
            "t.ptx:5:18: error: an address initializer needs a .u32/.u64/.b32/.b64 variable, not .u16");
  EXPECT_EQ(firstError(header() + ".global .u32 a[];\n"),
            "t.ptx:4:14: error: 'a' has no size: '[]' is allowed only for '.extern .shared' or with an initializer");
  EXPECT_EQ(firstError(header() + ".extern .global .u32 x;\n"),
            "t.ptx:4:9: error: '.extern .global' variables are defined in another module; warpscope loads one "
            "module and cannot link them");
  EXPECT_EQ(firstError(header() + ".shared .align 3 .u32 s;\n"),
            "t.ptx:4:9: error: alignment 3 is not a power of two up to 65536");
}

TEST(ParseErrors, ModuleStructure) {
  EXPECT_EQ(firstError(".target sm_90a\n"),
            "t.ptx:1:1: error: expected '.version' at the start of the module (PTX ISA 11.1.1: every module begins "
            "with .version), found '.target'");
  EXPECT_EQ(firstError(".version 8.7\n"),
            "t.ptx:1:1: error: the module has no '.target' directive (expected e.g. '.target sm_90a' after "
            "'.version')");
  EXPECT_EQ(firstError(".version 8\n.target sm_90a\n"),
            "t.ptx:1:10: error: bad PTX version number '8': expected MAJOR.MINOR such as 8.7");
  EXPECT_EQ(firstError(".version 8.7\n.target compute_90\n"),
            "t.ptx:2:9: error: unknown target 'compute_90': expected sm_NN[a|f], texmode_unified, "
            "texmode_independent, debug or map_f64_to_f32");
  EXPECT_EQ(firstError(header() + "foo bar;\n"),
            "t.ptx:4:1: error: expected a directive (.entry, .func, .global, .shared, ...), found 'foo'");
  EXPECT_EQ(firstError(header() + "# include\n"), "t.ptx:4:1: error: unexpected '#' (no PTX token starts with it)");
  EXPECT_EQ(firstError(header() + ".entry k()\n{\n\tret;\n}\n.entry k()\n{\n\tret;\n}\n"),
            "t.ptx:8:8: error: 'k' is defined twice (first body at 4:8)");
}

TEST(ParseErrors, Calls) {
  // Calls to functions without a body and indirect calls load (see
  // parser_unsupported_test.cpp); what cannot be a call is still an error.
  std::string def = header() + ".func f(.param .b32 a)\n{\n\tret;\n}\n";
  EXPECT_EQ(firstError(def + ".entry k()\n{\n\tcall f, ();\n}\n"),
            "t.ptx:10:7: error: 'f' takes 1 parameter, but this call passes 0");
  EXPECT_EQ(firstError(def + ".entry k()\n{\n\tcall g, ();\n}\n"),
            "t.ptx:10:7: error: call to unknown function 'g' (no .func of that name is declared before it)");
  EXPECT_EQ(firstError(def + ".entry k()\n{\n\t.reg .b64 %rd;\n\tcall %rd, (), 5;\n}\n"),
            "t.ptx:11:16: error: expected the name of a .callprototype or .calltargets after the arguments of an "
            "indirect call, found number '5'");
  EXPECT_EQ(firstError(def + ".entry k()\n{\n\t.reg .b32 %r;\n\tcall f, (%r);\n}\n"),
            "t.ptx:11:7: error: every argument of a call must be a .param variable of the calling function "
            "(registers, immediates and other variables are not supported)");
  EXPECT_EQ(firstError(def + ".global .u32 g;\n.entry k()\n{\n\t.param .b32 a;\n\tcall (g), f, (a);\n}\n"),
            "t.ptx:12:12: error: every return value of a call must be a .param variable of the calling function "
            "(registers, immediates and other variables are not supported)");
  EXPECT_EQ(firstError(def + ".entry j()\n{\n\tcall k;\n}\n.entry k()\n{\n\tret;\n}\n"),
            "t.ptx:10:7: error: call to unknown function 'k' (no .func of that name is declared before it)");
}

TEST(ParseErrors, Operands) {
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, %tid;")),
            "t.ptx:7:15: error: '%tid' needs a component: %tid.x, %tid.y or %tid.z");
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, %laneid.x;")),
            "t.ptx:7:22: error: '%laneid' has no components, found '.x'");
  EXPECT_EQ(firstError(stmt("\tmov.u32 %r0, ;")),
            "t.ptx:7:15: error: expected an operand (a register, immediate, address or name), found ';'");
  EXPECT_EQ(firstError(stmt("\tld.u32 %r0, [%r1+%r1];")),
            "t.ptx:7:19: error: expected an integer address offset (a number), found '%r1'");
}

TEST(ParseErrors, LocNamesAnUndeclaredFile) {
  EXPECT_EQ(firstError(stmt("\t.loc 3 10 1\n\tret;")),
            "t.ptx:7:7: error: '.loc' names file 3, but no '.file 3' directive declares it");
}

TEST(ParseErrors, NestingTooDeep) {
  std::string body(100, '{');
  body += "\n\tret;\n";
  body += std::string(100, '}');
  EXPECT_EQ(firstError(entryModule(body)), "t.ptx:6:64: error: blocks nested more than 64 deep");
}

TEST(ParseErrors, ErrorCountIsCapped) {
  std::string body;
  for (int i = 0; i < 500; ++i) body += "\tbogus;\n";
  ParseResult r = parsePtx(entryModule(body), "t.ptx");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.errors.size(), 50u);
  EXPECT_EQ(r.errors.back().message, "too many errors; stopping here");
}

}  // namespace
}  // namespace ws::core
