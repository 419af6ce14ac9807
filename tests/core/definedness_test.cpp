// Definedness of register values (ExecCtx, as Valgrind's memcheck and
// MemorySanitizer track it): a value computed from a register nothing wrote
// is undefined; copies, packs, arithmetic and collectives pass that on
// without a word, and an `uninitialized-read` warning comes where the value
// matters: a store, an address, a branch or guard.
#include <gtest/gtest.h>

#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace ws::test {
namespace {

using core::DiagKind;
using core::LaneMask;

// Lanes 0-15 write %r5 = 7; lanes 16-31 leave it unwritten.
constexpr const char* kHalfWritten = "\tsetp.lt.u32 %p1, %r0, 16;\n\t@%p1 mov.u32 %r5, 7;\n";

// The lanes of the uninitialized-read warnings, and their messages.
LaneMask reported(const Run& r, std::string* messages = nullptr) {
  LaneMask lanes = 0;
  for (const auto& d : r.result.diags) {
    EXPECT_EQ(d.kind, DiagKind::UninitializedRead) << d.message;
    lanes |= d.lanes;
    if (messages) *messages += d.message + "\n";
  }
  return lanes;
}

Run run(const std::string& body, std::size_t outWords = 32) {
  const std::vector<std::uint32_t> in(32, 1);
  Run r = runKernel(body, in, outWords);
  EXPECT_EQ(r.error, "");
  return r;
}

TEST(Definedness, ArithmeticOnAnUndefinedValueIsNotReported) {
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tadd.u32 %r6, %r5, 1;\n\tmul.lo.u32 %r7, %r6, 3;\n"
                                                "\tmov.b64 %rd5, {%r7, %r6};\n");
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
}

TEST(Definedness, StoringAnUndefinedValueIsReported) {
  std::string messages;
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tadd.u32 %r6, %r5, 1;\n\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_EQ(reported(r, &messages), 0xffff0000u);
  EXPECT_NE(messages.find("lane 16 stores an undefined value (%r6"), std::string::npos) << messages;
}

TEST(Definedness, AnAddressFromAnUndefinedValueIsReported) {
  std::string messages;
  core::EngineOptions hw;
  hw.mode = core::ExecMode::Hardware;
  const ws::test::Run r = runKernel(std::string(kHalfWritten) + "\tcvt.u64.u32 %rd5, %r5;\n\tadd.s64 %rd6, %rd3, %rd5;\n"
                                                      "\tld.global.u32 %r6, [%rd6];\n",
                          std::vector<std::uint32_t>(64, 1), 32, 32, hw);
  LaneMask lanes = 0;
  for (const auto& d : r.result.diags)
    if (d.kind == DiagKind::UninitializedRead) {
      lanes |= d.lanes;
      messages += d.message + "\n";
    }
  EXPECT_EQ(lanes & 0xffff0000u, 0xffff0000u);
  EXPECT_NE(messages.find("forms an address from %rd6"), std::string::npos) << messages;
}

TEST(Definedness, AGuardOrBranchOnAnUndefinedValueIsReported) {
  std::string messages;
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tsetp.eq.u32 %p2, %r5, 7;\n\t@%p2 bra SKIP;\n"
                                                "\tmov.u32 %r6, 1;\nSKIP:\n\tret;\n");
  EXPECT_EQ(reported(r, &messages), 0xffff0000u);
  EXPECT_NE(messages.find("lane 16 decides a branch on %p2"), std::string::npos) << messages;
}

// invoke_one_broadcast: every lane receives lane 3's defined value.
TEST(Definedness, AShuffleFromADefinedLaneGivesADefinedValue) {
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tshfl.sync.idx.b32 %r6, %r5, 3, 0x1f, 0xffffffff;\n"
                                                "\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
  EXPECT_EQ(r.words(1), std::vector<std::uint32_t>(32, 7u));
}

TEST(Definedness, AShuffleFromAnUndefinedLaneGivesAnUndefinedValue) {
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tshfl.sync.idx.b32 %r6, %r5, 20, 0x1f, 0xffffffff;\n"
                                                "\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_EQ(reported(r), ~0u);
}

// nvcc's `mov.b64 %rd11, {%r604, %r614}` with one half unset: the defined
// half taken out again is defined.
TEST(Definedness, APackWithOneDefinedHalfIsDefined) {
  const ws::test::Run r = run("\tmov.b64 %rd5, {%r0, %r9};\n\tmov.b64 {%r6, %r7}, %rd5;\n\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
  const std::vector<std::uint32_t> out = r.words(1);
  for (std::uint32_t l = 0; l < 32; ++l) EXPECT_EQ(out[l], l);
}

// A vote over lanes some of which vote with an undefined predicate: every
// lane's ballot is undefined.
TEST(Definedness, AVoteOverAnUndefinedPredicateIsUndefinedForAll) {
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tsetp.eq.u32 %p2, %r5, 7;\n"
                                                "\tvote.sync.ballot.b32 %r6, %p2, 0xffffffff;\n"
                                                "\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_EQ(reported(r), ~0u);
}

// Writing a defined value makes the register defined again.
TEST(Definedness, ADefinedWriteEndsIt) {
  const ws::test::Run r = run(std::string(kHalfWritten) + "\tadd.u32 %r6, %r5, 1;\n\tmov.u32 %r6, 4;\n"
                                                "\tst.global.u32 [%rd3], %r6;\n");
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
}

// Stepping back restores which lanes were defined, and stepping forward
// again makes the same ones undefined (the register journal keeps it).
TEST(Definedness, StepsBackAndForwardWithTheHistory) {
  const std::string body = std::string(kHalfWritten) + "\tmov.u32 %r6, 3;\n\tadd.u32 %r6, %r5, 1;\n"
                                                       "\tst.global.u32 [%rd3], %r6;\n";
  core::History h(makeEngine(kernel(body), kernelLaunch(std::vector<std::uint32_t>(32, 1), 32)), {.checkpointEvery = 2});
  std::vector<std::uint64_t> hashes{h.state().hash()};
  while (h.forward().executed) hashes.push_back(h.state().hash());
  std::size_t r6 = 0;
  while (r6 < h.program().regs.size() && h.program().regs[r6].name != "%r6") ++r6;
  ASSERT_LT(r6, h.program().regs.size());
  EXPECT_EQ(h.state().warps[0].written[r6], 0x0000ffffu);  // lanes 16-31: undefined again
  while (h.back()) EXPECT_EQ(h.state().hash(), hashes[h.position()]) << "back to " << h.position();
  for (std::uint64_t n = 1; n < hashes.size(); ++n) {
    h.seek(n);
    EXPECT_EQ(h.state().hash(), hashes[n]) << "seek(" << n << ")";
  }
}

}  // namespace
}  // namespace ws::test
