#pragma once
// Helpers for the parser tests: build small modules, parse them, and look at
// their errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/ptx/parser.hpp"

namespace ws::test {

// The header every hand-written test module starts with (3 lines).
inline std::string header(std::string_view target = "sm_90a", std::string_view version = "8.7") {
  return std::string(".version ") + std::string(version) + "\n.target " + std::string(target) + "\n.address_size 64\n";
}

// A module with one entry `k` (no params) around `body`. Line 4 is
// ".visible .entry k()", line 5 "{", and the body starts on line 6.
inline std::string entryModule(std::string_view body, std::string_view target = "sm_90a",
                               std::string_view version = "8.7") {
  return header(target, version) + ".visible .entry k()\n{\n" + std::string(body) + "\n}\n";
}

inline std::string errorsOf(const core::ParseResult& r) {
  std::string s;
  for (const auto& e : r.errors) s += e.str() + "\n";
  return s;
}

// Parses text that must load; fails the test (with every error) otherwise.
inline core::Program parseOk(std::string_view text) {
  core::ParseResult r = core::parsePtx(text, "t.ptx");
  EXPECT_TRUE(r.ok()) << errorsOf(r);
  if (!r.program) return core::Program{};
  return std::move(*r.program);
}

// The first error of text that must not load ("" if it loaded).
inline std::string firstError(std::string_view text) {
  core::ParseResult r = core::parsePtx(text, "t.ptx");
  EXPECT_FALSE(r.ok()) << "expected a load error";
  EXPECT_FALSE(r.program.has_value());
  return r.errors.empty() ? std::string() : r.errors.front().str();
}

inline std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace ws::test
