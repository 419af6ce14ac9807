// Opcode decoding against the instruction table: mnemonic prefixes, modifier
// slots by axis, operand counts from the shape strings, and the target /
// PTX-version gates.
#include <gtest/gtest.h>

#include "tests/core/ptx_test_util.hpp"

namespace ws::core {
namespace {

using test::entryModule;
using test::firstError;
using test::parseOk;

// Decodes one instruction (with registers %r<8>, %rd<8>, %p<4>, %f<4>).
Instr decode(std::string_view line, std::string_view target = "sm_90a", std::string_view version = "8.7") {
  std::string body = "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n\t.reg .pred %p<4>;\n\t.reg .f32 %f<4>;\n\t";
  body += line;
  Program p = parseOk(entryModule(body, target, version));
  if (p.instrs.empty()) return Instr{};
  return p.instrs[0];
}

// The first error of one instruction in the standard body; it sits on line 10.
std::string decodeError(std::string_view line, std::string_view target = "sm_90a", std::string_view version = "8.7") {
  std::string body = "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n\t.reg .pred %p<4>;\n\t.reg .f32 %f<4>;\n\t";
  body += line;
  return firstError(entryModule(body, target, version));
}

TEST(Decode, RedAsyncTakesTheLongestMnemonic) {
  Instr i = decode("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r1], %r2, [%r3];");
  EXPECT_EQ(i.op, Opcode::RedAsync);
  EXPECT_EQ(i.family, Family::Atomic);
  EXPECT_EQ(i.sem, Mod::Relaxed);
  EXPECT_EQ(i.scope, Mod::Cluster);
  EXPECT_EQ(i.space, Mod::SharedCluster);
  EXPECT_EQ(i.opMod, Mod::Add);
  EXPECT_EQ(i.type, DataType::U32);
  EXPECT_EQ(i.type2, DataType::None);
  EXPECT_TRUE(i.has(Mod::CompleteTxBytes));
  EXPECT_TRUE(i.has(Mod::Relaxed));
  EXPECT_FALSE(i.has(Mod::Gpu));
  ASSERT_EQ(i.ops.size(), 3u);
  EXPECT_EQ(i.ops[0].kind, OperandKind::Address);
  EXPECT_TRUE(i.ops[0].hasBase);
}

TEST(Decode, DottedMnemonics) {
  EXPECT_EQ(decode("bar.warp.sync -1;").op, Opcode::BarWarp);
  EXPECT_TRUE(decode("bar.warp.sync -1;").has(Mod::Sync));
  EXPECT_EQ(decode("bar.sync 0;").op, Opcode::Bar);
  Instr bc = decode("barrier.cluster.arrive.release.aligned;");
  EXPECT_EQ(bc.op, Opcode::BarrierCluster);
  EXPECT_EQ(bc.opMod, Mod::Arrive);
  EXPECT_EQ(bc.sem, Mod::Release);
  EXPECT_TRUE(bc.has(Mod::Aligned));
  EXPECT_EQ(decode("barrier.sync.aligned 0;").op, Opcode::Barrier);
  EXPECT_EQ(decode("red.shared.add.u32 [%r6], %r7;").op, Opcode::Red);
}

TEST(Decode, SlotsByAxis) {
  Instr cvt = decode("cvt.rn.f32.s32 %f1, %r2;");
  EXPECT_EQ(cvt.op, Opcode::Cvt);
  EXPECT_EQ(cvt.type, DataType::F32);
  EXPECT_EQ(cvt.type2, DataType::S32);
  EXPECT_EQ(cvt.rnd, Mod::Rn);
  Instr setp = decode("setp.lt.and.s32 %p1, %r1, %r2, %p2;");
  EXPECT_EQ(setp.cmp, Mod::Lt);
  EXPECT_EQ(setp.opMod, Mod::And);
  EXPECT_EQ(setp.type, DataType::S32);
  EXPECT_EQ(setp.ops.size(), 4u);
  Instr mb = decode("mbarrier.arrive.expect_tx.shared.b64 _, [%r7], 128;");
  EXPECT_EQ(mb.op, Opcode::Mbarrier);
  EXPECT_EQ(mb.opMod, Mod::Arrive);
  EXPECT_EQ(mb.opMod2, Mod::ExpectTx);
  EXPECT_EQ(mb.space, Mod::Shared);
  EXPECT_EQ(mb.type, DataType::B64);
  Instr ld = decode("ld.global.nc.v4.u32 {%r0, %r1, %r2, %r3}, [%rd1];");
  EXPECT_EQ(ld.vec, 4);
  EXPECT_EQ(ld.space, Mod::Global);
  EXPECT_TRUE(ld.has(Mod::Nc));
  Instr mul = decode("mul.wide.u32 %rd1, %r1, 4;");
  EXPECT_TRUE(mul.has(Mod::Wide));
  EXPECT_EQ(mul.type, DataType::U32);
  Instr mad = decode("mad.lo.s32 %r1, %r2, 31, %r3;");
  EXPECT_EQ(mad.cmp, Mod::Lo);
  Instr shfl = decode("shfl.sync.up.b32 %r2, %r1, 1, 0x0, 0xffffffff;");
  EXPECT_EQ(shfl.opMod, Mod::Up);
  EXPECT_TRUE(shfl.has(Mod::Sync));
  Instr fence = decode("fence.mbarrier_init.release.cluster;");
  EXPECT_EQ(fence.sem, Mod::Release);
  EXPECT_EQ(fence.scope, Mod::Cluster);
  EXPECT_TRUE(fence.has(Mod::MbarrierInit));
  EXPECT_EQ(decode("membar.gl;").scope, Mod::Gl);
  EXPECT_EQ(decode("ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;").ops.size(), 3u);
  EXPECT_EQ(decode("mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2, %r3;").ops.size(), 4u);
  EXPECT_EQ(decode("bar.red.popc.u32 %r1, 0, %p1;").opMod, Mod::Red);
  EXPECT_EQ(decode("cvt.rn.f16x2.f32 %r1, %f1, %f2;").ops.size(), 3u);
}

TEST(Decode, UnknownInstruction) {
  EXPECT_EQ(decodeError("testq.nan.f32 %p1, %f1;"),
            "t.ptx:10:2: error: unknown instruction 'testq' in 'testq.nan.f32' (not a PTX ISA 9.0 instruction: "
            "docs/isa.md lists them all)");
  // A real instruction with a modifier PTX does not give it is still an error.
  EXPECT_EQ(decodeError("testp.nan.f32 %p1, %f1;"),
            "t.ptx:10:7: error: modifier '.nan' is not legal for 'testp'; legal modifiers: .f32 .f64 .finite "
            ".infinite .number .notanumber .normal .subnormal");
}

TEST(Decode, UnknownModifierListsTheLegalOnes) {
  std::string e = decodeError("shfl.sync.sideways.b32 %r2, %r1, 1, 0, -1;");
  EXPECT_EQ(e,
            "t.ptx:10:11: error: unknown modifier '.sideways' on 'shfl'; legal modifiers: .b32 .up .down .bfly "
            ".idx .sync");
}

TEST(Decode, IllegalModifier) {
  std::string e = decodeError("vote.sync.up.pred %p1, %p2, -1;");
  EXPECT_EQ(e,
            "t.ptx:10:11: error: modifier '.up' is not legal for 'vote'; legal modifiers: .b32 .pred .all .any "
            ".uni .ballot .sync");
}

TEST(Decode, ConflictingModifiers) {
  EXPECT_EQ(decodeError("add.rn.rz.f32 %f1, %f2, %f3;"),
            "t.ptx:10:8: error: '.rz' conflicts with '.rn' on 'add': one rounding modifier per instruction");
  EXPECT_EQ(decodeError("ld.global.shared.u32 %r1, [%rd1];"),
            "t.ptx:10:11: error: '.shared' conflicts with '.global' on 'ld': one state-space modifier per "
            "instruction");
}

TEST(Decode, OperandCounts) {
  EXPECT_EQ(decodeError("add.s32 %r1, %r2;"), "t.ptx:10:2: error: 'add' takes 3 operands (d, a, b), found 2");
  EXPECT_EQ(decodeError("setp.lt.s32 %p1, %r1, %r2, %p2, %p3;"),
            "t.ptx:10:2: error: 'setp' takes 3 to 4 operands (p[|q], a, b[, {!}c]), found 5");
  EXPECT_EQ(decodeError("bar.sync;"), "t.ptx:10:2: error: 'bar' takes 1 to 2 operands (a[, b]), found 0");
  EXPECT_EQ(decodeError("ret %r1;"), "t.ptx:10:2: error: 'ret' takes 0 operands (none), found 1");
  EXPECT_EQ(decodeError("shfl.sync.up.b32 %r2, %r1, 1, 0;"),
            "t.ptx:10:2: error: 'shfl' takes 5 operands (d[|p], a, b, c, m), found 4");
  EXPECT_EQ(decodeError("mbarrier.init.shared.b64;"),
            "t.ptx:10:2: error: 'mbarrier' takes 1 to 3 operands ([state,] [addr][, arg]), found 0");
}

TEST(Decode, TargetGates) {
  EXPECT_EQ(decodeError("redux.sync.add.f32 %f1, %f2, -1;"),
            "t.ptx:10:16: error: redux.sync .f32 requires sm_100a (sm_100f from PTX ISA 8.8). (module targets sm_90a)");
  EXPECT_EQ(decodeError("elect.sync %r1|%p1, -1;", "sm_80"),
            "t.ptx:10:2: error: 'elect' requires sm_90 or higher (module targets sm_80)");
  EXPECT_EQ(decodeError("elect.sync %r1|%p1, -1;", "sm_90a", "7.8"),
            "t.ptx:10:2: error: 'elect' requires PTX ISA 8.0 or later (module is .version 7.8)");
  EXPECT_EQ(decodeError("mbarrier.try_wait.shared.b64 %p1, [%r1], %rd1;", "sm_80"),
            "t.ptx:10:10: error: mbarrier.try_wait requires sm_90 or higher. (module targets sm_80)");
  EXPECT_EQ(decodeError("red.global.add.noftz.bf16 [%rd1], %r1;", "sm_90", "7.7"),
            "t.ptx:10:22: error: red.add.noftz.bf16 and red.add.noftz.bf16x2 require sm_90 or higher. It needs "
            "PTX ISA 7.8 or later (module is .version 7.7)");
  // The same instructions load where the target allows them.
  EXPECT_EQ(decode("redux.sync.add.f32 %f1, %f2, -1;", "sm_100a", "8.6").op, Opcode::Redux);
  EXPECT_EQ(decode("elect.sync %r1|%p1, -1;", "sm_90", "8.0").op, Opcode::Elect);
}

TEST(Decode, GuardMustBeAPredicate) {
  EXPECT_EQ(decodeError("@%r1 bra L;\nL:"),
            "t.ptx:10:3: error: guard '%r1' is a .b32 register; a guard must be a .pred register");
}

}  // namespace
}  // namespace ws::core
