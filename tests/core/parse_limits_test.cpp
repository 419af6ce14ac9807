// Limits on what one PTX module may hold (core::ParseLimits): a module at a
// limit loads; one thing more is refused with one error naming the limit at
// the file:line:col where it was reached. The limits are small here so the
// tests stay fast; ProductDefaults pins the values the product uses.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/ptx/parser.hpp"
#include "core/util/name_list.hpp"

namespace ws::core {
namespace {

const char* kHead = ".version 8.7\n.target sm_90a\n.address_size 64\n";
const char* kEntry = ".visible .entry k()\n{\nret;\n}\n";

// An entry whose body is `body` (from line 6 on).
std::string entry(const std::string& body) { return std::string(kHead) + ".visible .entry k()\n{\n" + body + "}\n"; }

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// "" when `text` loads under `limits`, else its first error.
std::string parse(const std::string& text, const ParseLimits& limits) {
  const ParseResult r = parsePtx(text, "k.ptx", limits);
  return r.ok() ? "" : r.errors.front().str();
}

TEST(Limits, ProductDefaultsAreFarAboveWhatNvccWrites) {
  const ParseLimits d;
  EXPECT_EQ(d.maxInstructions, 2'000'000u);
  EXPECT_EQ(d.maxOperands, 16'000'000u);
  EXPECT_EQ(d.maxLabels, 2'000'000u);
  EXPECT_EQ(d.maxFunctions, 1'000'000u);
  EXPECT_EQ(d.maxVariables, 2'000'000u);
  EXPECT_EQ(d.maxLocs, 4'000'000u);
  EXPECT_EQ(d.maxFiles, 65'536u);
  EXPECT_EQ(d.maxLines, 16'777'216u);
  EXPECT_EQ(d.maxAddressInits, 1'000'000u);
}

TEST(Limits, OneInstructionOverTheLimitIsRefusedWhereItIsHit) {
  ParseLimits l;
  l.maxInstructions = 4;
  const std::string body = ".reg .b32 %r<2>;\n" + repeat("add.s32 %r1, %r1, 1;\n", 3);
  EXPECT_EQ(parse(entry(body + "ret;\n"), l), "");
  EXPECT_EQ(parse(entry(body + "add.s32 %r1, %r1, 1;\nret;\n"), l),
            "k.ptx:11:1: error: the module has more than 4 instructions, the most warpscope loads in one module");
}

TEST(Limits, TheInstructionLimitCountsEveryFunction) {
  ParseLimits l;
  l.maxInstructions = 2;
  const std::string f = ".func f()\n{\nret;\n}\n";
  EXPECT_EQ(parse(std::string(kHead) + f + kEntry, l), "");
  EXPECT_EQ(parse(std::string(kHead) + f + f.substr(0, 6) + "g()\n{\nret;\n}\n.visible .entry k()\n{\nret;\n}\n", l),
            "k.ptx:14:1: error: the module has more than 2 instructions, the most warpscope loads in one module");
}

TEST(Limits, OperandsAreBoundedWithTheElementsOfTheirLists) {
  // One brx.idx through a table of 3 labels is 1 + 1 + 3 operands.
  ParseLimits l;
  l.maxOperands = 5;
  const std::string body = ".reg .b32 %r<2>;\nA: B: C:\nT: .branchtargets A, B, C;\nbrx.idx %r1, T;\n";
  EXPECT_EQ(parse(entry(body), l), "");
  EXPECT_EQ(parse(entry(body + "brx.idx %r1, T;\n"), l),
            "k.ptx:10:1: error: the module has more than 5 operands (list and vector elements counted), the most "
            "warpscope loads in one module");
}

TEST(Limits, LabelsAndBranchTargetsAreBounded) {
  ParseLimits l;
  l.maxLabels = 3;
  EXPECT_EQ(parse(entry("A: B: C:\nret;\n"), l), "");
  EXPECT_EQ(parse(entry("A: B: C: D:\nret;\n"), l),
            "k.ptx:6:10: error: the module has more than 3 labels and '.branchtargets' entries, the most warpscope "
            "loads in one module");
  // A and B, then the table's A; its B is the fourth.
  EXPECT_EQ(parse(entry(".reg .b32 %r<2>;\nA: B:\nT: .branchtargets A, B;\nbrx.idx %r1, T;\n"), l),
            "k.ptx:8:22: error: the module has more than 3 labels and '.branchtargets' entries, the most warpscope "
            "loads in one module");
}

TEST(Limits, FunctionsVariablesFilesLocsAndAddressesAreBounded) {
  ParseLimits l;
  l.maxFunctions = 2;
  EXPECT_EQ(parse(std::string(kHead) + ".func f();\n.func f();\n" + kEntry, l), "");
  EXPECT_EQ(parse(std::string(kHead) + ".func f();\n.func g();\n.visible .entry k()\n{\nret;\n}\n", l),
            "k.ptx:6:17: error: the module has more than 2 functions (.entry and .func), the most warpscope loads in "
            "one module");

  l = {};
  l.maxVariables = 2;
  EXPECT_EQ(parse(std::string(kHead) + ".global .u32 a;\n.visible .entry k(.param .u64 p)\n{\nret;\n}\n", l), "");
  EXPECT_EQ(parse(std::string(kHead) + ".global .u32 a, b;\n.visible .entry k(.param .u64 p)\n{\nret;\n}\n", l),
            "k.ptx:5:31: error: the module has more than 2 variables and parameters, the most warpscope loads in one "
            "module");

  l = {};
  l.maxFiles = 1;
  l.maxLocs = 2;
  const std::string files = std::string(kHead) + ".file 1 \"a.cu\"\n";
  EXPECT_EQ(parse(files + ".visible .entry k()\n{\n.loc 1 1 1\n.loc 1 2 1\nret;\n}\n", l), "");
  EXPECT_EQ(parse(files + ".file 2 \"b.cu\"\n.visible .entry k()\n{\nret;\n}\n", l),
            "k.ptx:5:1: error: the module has more than 1 '.file' directives, the most warpscope loads in one module");
  EXPECT_EQ(parse(files + ".visible .entry k()\n{\n.loc 1 1 1\n.loc 1 2 1\n.loc 1 3 1\nret;\n}\n", l),
            "k.ptx:9:1: error: the module has more than 2 '.loc' directives, the most warpscope loads in one module");

  l = {};
  l.maxAddressInits = 2;
  EXPECT_EQ(parse(std::string(kHead) + ".global .u64 a;\n.global .u64 t[2] = {a, a};\n" + kEntry, l), "");
  EXPECT_EQ(parse(std::string(kHead) + ".global .u64 a;\n.global .u64 t[3] = {a, a, a};\n" + kEntry, l),
            "k.ptx:5:28: error: the module has more than 2 addresses in initializers, the most warpscope loads in one "
            "module");
}

TEST(Limits, TheLineCountIsCheckedBeforeParsing) {
  ParseLimits l;
  const std::string text = entry("ret;\n");  // 7 lines
  l.maxLines = 7;
  EXPECT_EQ(parse(text, l), "");
  EXPECT_EQ(parse(text + "\n", l),
            "k.ptx:8:1: error: the file has more than 7 lines, the most warpscope loads in one module");
  EXPECT_EQ(parse(text + "// no newline at the end", l).substr(0, 10), "k.ptx:8:1:");
}

TEST(Limits, InitializedDataIsBoundedWhileTheListIsRead) {
  // 64 MiB of .u64 data is 8,388,608 values; one more is refused at the
  // value that crosses it, before the list is read to its end.
  std::string text = std::string(kHead) + ".global .u64 t[] = {" + repeat("0,", 8'388'608) + "0, 0};\n";
  const ParseResult r = parsePtx(text, "k.ptx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors.front().str(),
            fmt::format("k.ptx:4:{}: error: initialized data larger than 64 MiB in one module is not supported",
                        21 + 2 * 8'388'608));
}

TEST(Limits, NameListsInMessagesAreCapped) {
  std::vector<std::string> names;
  for (int i = 0; i < 200'000; ++i) names.push_back("k" + std::to_string(i));
  EXPECT_EQ(joinNames(names, 3), "k0, k1, k2, ... and 199,997 more");
  EXPECT_EQ(joinNames({"a", "b"}, 3), "a, b");
  EXPECT_EQ(joinNames({"a", "b", "c"}, 3), "a, b, c");
  EXPECT_EQ(joinNames({"a", "b"}, 0), "2 more");
  EXPECT_EQ(groupDigits(0), "0");
  EXPECT_EQ(groupDigits(999), "999");
  EXPECT_EQ(groupDigits(1000), "1,000");
  EXPECT_EQ(groupDigits(16'777'216), "16,777,216");
}

}  // namespace
}  // namespace ws::core
