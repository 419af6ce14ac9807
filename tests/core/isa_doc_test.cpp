// docs/isa.md is generated from the instruction table; this keeps the
// checked-in copy current. Run with WS_UPDATE_DOCS=1 to rewrite it.
#include "core/isa/isa_doc.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "core/isa/isa.hpp"
#include "tests/core/ptx_test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

const std::string kDocPath = ws::test::sourcePath("/docs/isa.md");

TEST(IsaDoc, CheckedInPageIsCurrent) {
  std::string page = isaMarkdown();
  if (const char* upd = std::getenv("WS_UPDATE_DOCS"); upd && std::string(upd) == "1") {
    std::ofstream(kDocPath, std::ios::binary) << page;
  }
  EXPECT_TRUE(test::readFile(kDocPath) == page)
      << "docs/isa.md is out of date: run the test with WS_UPDATE_DOCS=1 and commit the result";
}

TEST(IsaDoc, CoversEveryInstructionAndGate) {
  std::string page = isaMarkdown();
  for (const OpInfo& i : allOps()) {
    EXPECT_NE(page.find("### `" + std::string(i.mnemonic) + "`\n"), std::string::npos) << i.mnemonic;
  }
  EXPECT_NE(page.find("### `red.async`\n\nstart an asynchronous reduction"), std::string::npos);
  EXPECT_NE(page.find("- Operands: `[a], b, [mbar]`\n"), std::string::npos);
  EXPECT_NE(page.find("- Requires: PTX ISA 8.1, sm_90\n"), std::string::npos);
  EXPECT_NE(page.find("- Scopes: `.cluster` `.gpu` `.sys`\n"), std::string::npos);
  // A '|' inside a table cell is escaped so the table keeps its columns.
  EXPECT_NE(page.find("| `or` | d = a \\| b |"), std::string::npos);
  EXPECT_NE(page.find("| `redux` | `.f32` | sm_100a | 8.6 | redux.sync .f32 requires sm_100a"), std::string::npos);
}

}  // namespace
}  // namespace ws::core
