// 128-bit registers (.reg .b128, PTX ISA 5.2.2): a .b128 register is two
// machine registers (RegInfo::hi holds bits 64..127), moved whole by
// mov.b128 and ld/st.b128, packed from and unpacked into 64- or 32-bit
// elements, and stepped back like any other register.
#include <gtest/gtest.h>

#include "core/ptx/parser.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace {

using ws::core::DataType;

const char* const kBody =
    "\t.reg .b128 %q<2>;\n"
    "\tmov.b64 %rd10, 0x1111111122222222;\n"
    "\tmov.b64 %rd11, 0x3333333344444444;\n"
    "\tmov.b128 %q0, {%rd10, %rd11};\n"          // element 0 is the low half
    "\tmov.b128 %q1, %q0;\n"
    "\tst.global.b128 [%rd1], %q1;\n"            // out[0..3]
    "\tld.global.b128 %q0, [%rd0];\n"            // in[0..3]
    "\tmov.b128 {%r10, %r11, %r12, %r13}, %q0;\n"
    "\tst.global.v4.u32 [%rd1+16], {%r13, %r12, %r11, %r10};\n";  // out[4..7], reversed

TEST(B128, DeclarationAddsTheHighHalf) {
  auto parsed = ws::core::parsePtx(ws::test::kernel(kBody), "k.ptx");
  ASSERT_TRUE(parsed.ok());
  const auto& regs = parsed.program->regs;
  std::size_t found = 0;
  for (const auto& r : regs) {
    if (r.name != "%q0" && r.name != "%q1") continue;
    ++found;
    EXPECT_EQ(r.type, DataType::B128);
    ASSERT_NE(r.hi, ws::core::kNoReg);
    EXPECT_EQ(regs[r.hi].name, r.name + ".hi");
    EXPECT_EQ(regs[r.hi].type, DataType::B64);
  }
  EXPECT_EQ(found, 2u);
}

TEST(B128, MovLoadStoreAndUnpack) {
  const auto r = ws::test::runKernel(kBody, {0xa0a0a0a0, 0xb1b1b1b1, 0xc2c2c2c2, 0xd3d3d3d3}, 8, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, ws::core::StopReason::Finished);
  EXPECT_EQ(r.words(1), (std::vector<std::uint32_t>{0x22222222, 0x11111111, 0x44444444, 0x33333333, 0xd3d3d3d3,
                                                    0xc2c2c2c2, 0xb1b1b1b1, 0xa0a0a0a0}));
}

TEST(B128, MisalignedAccessIsReported) {
  const auto r = ws::test::runKernel("\t.reg .b128 %q0;\n\tld.global.b128 %q0, [%rd0+8];\n", {1, 2, 3, 4, 5, 6}, 1, 1);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.hasDiag(ws::core::DiagKind::Misaligned));
}

TEST(B128, SteppingBackRestoresBothHalves) {
  auto run = ws::test::runKernel(kBody, {1, 2, 3, 4}, 8, 1);
  ASSERT_EQ(run.error, "");
  // The same launch again, stepped to the end and back to the start.
  auto parsed = ws::core::parsePtx(ws::test::kernel(kBody), "k.ptx");
  ASSERT_TRUE(parsed.ok());
  auto program = std::make_shared<const ws::core::Program>(std::move(*parsed.program));
  ws::core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {1, 1, 1};
  cfg.buffers = {{"in", ws::test::toBytes({1, 2, 3, 4})}, {"out", ws::test::toBytes(std::vector<std::uint32_t>(8, 0))}};
  cfg.params = {ws::core::ParamValue::buf(0), ws::core::ParamValue::buf(1)};
  ws::core::History h(std::get<ws::core::Engine>(ws::core::Engine::create(program, cfg, {})), {.checkpointEvery = 4});
  const ws::core::MachineState initial = h.state();
  while (h.forward().executed) {
  }
  EXPECT_TRUE(h.engine().finished());
  while (h.back()) {
  }
  EXPECT_TRUE(h.state() == initial);
}

}  // namespace
