// The PTX parser on hand-written modules: every construct it must read and
// the exact decoded form the executor relies on (register numbering, symbol
// layout, label targets, operand kinds, immediates).
#include <gtest/gtest.h>

#include <cstring>

#include "tests/core/ptx_test_util.hpp"

namespace ws::core {
namespace {

using test::entryModule;
using test::header;
using test::parseOk;

std::uint32_t regIndex(const Program& p, std::string_view name) {
  for (std::uint32_t i = 0; i < p.regs.size(); ++i)
    if (p.regs[i].name == name) return i;
  ADD_FAILURE() << "no register " << name;
  return 0;
}

const Symbol& symbol(const Program& p, std::string_view name) {
  for (const Symbol& s : p.symbols)
    if (s.name == name) return s;
  ADD_FAILURE() << "no symbol " << name;
  static Symbol none;
  return none;
}

TEST(Parser, HeaderDirectives) {
  Program p = parseOk(".version 8.7\n.target sm_90a, texmode_independent\n.address_size 64\n");
  EXPECT_EQ(p.ptxMajor, 8);
  EXPECT_EQ(p.ptxMinor, 7);
  EXPECT_EQ(p.ptxVersion(), 87);
  EXPECT_EQ(p.target.sm, 90);
  EXPECT_EQ(p.target.suffix, 'a');
  EXPECT_EQ(p.addressSize, 64);
  ASSERT_EQ(p.files.size(), 1u);
  EXPECT_EQ(p.files[0], "t.ptx");
  EXPECT_EQ(p.sourceLines.size(), 3u);
  EXPECT_EQ(p.sourceLines[1], ".target sm_90a, texmode_independent");
}

TEST(Parser, EntryParamsAreLaidOutInOrderWithAlignment) {
  Program p = parseOk(header() + R"(
.visible .entry k(
	.param .u64 a,
	.param .u32 b,
	.param .align 8 .b8 c[12],
	.param .u16 d,
	.param .u64 .ptr .global .align 16 e
)
.maxntid 256, 1, 1
.minnctapersm 2
{
	ret;
}
)");
  ASSERT_EQ(p.functions.size(), 1u);
  const Function& f = p.functions[0];
  EXPECT_TRUE(f.isEntry);
  EXPECT_EQ(f.name, "k");
  ASSERT_EQ(f.params.size(), 5u);
  struct Want {
    const char* name;
    std::uint64_t offset, size;
    std::uint32_t align;
  } want[] = {{"a", 0, 8, 8}, {"b", 8, 4, 4}, {"c", 16, 12, 8}, {"d", 28, 2, 2}, {"e", 32, 8, 8}};
  for (std::size_t i = 0; i < 5; ++i) {
    const Symbol& s = p.symbols[f.params[i]];
    EXPECT_EQ(s.name, want[i].name);
    EXPECT_EQ(s.space, Space::Param);
    EXPECT_EQ(s.offset, want[i].offset) << s.name;
    EXPECT_EQ(s.size, want[i].size) << s.name;
    EXPECT_EQ(s.align, want[i].align) << s.name;
    EXPECT_EQ(s.func, 0);
  }
  ASSERT_TRUE(f.hints.maxntid.has_value());
  EXPECT_EQ(*f.hints.maxntid, (std::array<std::uint32_t, 3>{256, 1, 1}));
  EXPECT_FALSE(f.hints.reqntid.has_value());
}

TEST(Parser, LaunchHints) {
  Program p = parseOk(header() + R"(
.entry k()
.reqntid 128
.reqnctapercluster 2, 1
.explicitcluster
.maxnreg 32
.maxclusterrank 8
{
	ret;
}
)");
  const LaunchHints& h = p.functions[0].hints;
  EXPECT_EQ(*h.reqntid, (std::array<std::uint32_t, 3>{128, 1, 1}));
  EXPECT_EQ(*h.reqnctapercluster, (std::array<std::uint32_t, 3>{2, 1, 1}));
  EXPECT_TRUE(h.explicitCluster);
}

TEST(Parser, RegistersRangesListsAndFunctionRanges) {
  Program p = parseOk(header() + R"(
.func f()
{
	.reg .b32 %r<3>;
	ret;
}
.entry k()
{
	.reg .pred %p<2>;
	.reg .b64 a, b<2>, %rd<4>;
	.reg .f32 x;
	mov.b64 %rd3, b1;
	ret;
}
)");
  ASSERT_EQ(p.functions.size(), 2u);
  EXPECT_EQ(p.functions[0].regBegin, 0u);
  EXPECT_EQ(p.functions[0].regEnd, 3u);
  EXPECT_EQ(p.functions[1].regBegin, 3u);
  EXPECT_EQ(p.functions[1].regEnd, 3u + 2 + 1 + 2 + 4 + 1);
  std::vector<std::string> names;
  for (const RegInfo& r : p.regs) names.push_back(r.name);
  std::vector<std::string> want = {"%r0", "%r1",  "%r2",  "%p0",  "%p1",  "a", "b0",
                                   "b1",  "%rd0", "%rd1", "%rd2", "%rd3", "x"};
  EXPECT_EQ(names, want);
  EXPECT_EQ(p.regs[3].type, DataType::Pred);
  EXPECT_EQ(p.regs[5].type, DataType::B64);
  EXPECT_EQ(p.regs[12].type, DataType::F32);
  EXPECT_EQ(p.regs[12].func, 1u);
  const Instr& mov = p.instrs[1];
  EXPECT_EQ(mov.ops[0].kind, OperandKind::Reg);
  EXPECT_EQ(mov.ops[0].reg, 11u);  // %rd3
  EXPECT_EQ(mov.ops[1].reg, 7u);   // b1
  EXPECT_EQ(mov.func, 1u);
}

TEST(Parser, ScopedBlockShadowsWithFreshRegisters) {
  Program p = parseOk(entryModule(R"(	.reg .pred q;
	.reg .b32 %r<2>;
	setp.eq.u32 q, %r0, 0;
	{ .reg .pred q; setp.ne.u32 q, %r1, 1; selp.u32 %r0, 1, 0, q; }
	selp.u32 %r1, 1, 0, q;
	ret;)"));
  std::uint32_t outer = 0, inner = 3;  // q, %r0, %r1, then the block's q
  ASSERT_EQ(p.regs.size(), 4u);
  EXPECT_EQ(p.regs[inner].name, "q");
  EXPECT_EQ(p.regs[inner].type, DataType::Pred);
  EXPECT_EQ(p.instrs[0].ops[0].reg, outer);
  EXPECT_EQ(p.instrs[1].ops[0].reg, inner);
  EXPECT_EQ(p.instrs[2].ops[3].reg, inner);
  EXPECT_EQ(p.instrs[3].ops[3].reg, outer);
  EXPECT_EQ(p.functions[0].regEnd, 4u);
}

TEST(Parser, LabelsForwardBackwardScopedAndAtEnd) {
  Program p = parseOk(entryModule(R"(	.reg .pred %p<2>;
	bra.uni FWD;
BACK:
	@%p0 bra BACK;
FWD:
	{ L: @%p1 bra L; }
	{ L: @%p1 bra L; }
	@!%p1 bra END;
	ret;
END:)"));
  ASSERT_EQ(p.instrs.size(), 6u);
  EXPECT_EQ(p.instrs[0].ops[0].kind, OperandKind::Label);
  EXPECT_EQ(p.instrs[0].ops[0].target, 2u);  // FWD
  EXPECT_EQ(p.instrs[1].ops[0].target, 1u);  // BACK
  EXPECT_EQ(p.instrs[2].ops[0].target, 2u);  // first block's L
  EXPECT_EQ(p.instrs[3].ops[0].target, 3u);  // second block's L
  EXPECT_EQ(p.instrs[4].ops[0].target, 6u);  // END == Function::end
  EXPECT_EQ(p.functions[0].end, 6u);
  EXPECT_EQ(p.instrs[1].guard, static_cast<std::int32_t>(regIndex(p, "%p0")));
  EXPECT_FALSE(p.instrs[1].guardNegated);
  EXPECT_TRUE(p.instrs[4].guardNegated);
  EXPECT_EQ(p.labels.at(1), "BACK");
  EXPECT_EQ(p.labels.at(2), "FWD");
  EXPECT_EQ(p.labels.at(6), "END");
  EXPECT_TRUE(p.instrs[0].has(Mod::Uni));
}

TEST(Parser, PredicateOutputsSinksAndVectors) {
  Program p = parseOk(entryModule(R"(	.reg .b32 %r<6>;
	.reg .pred %p<2>;
	.reg .b64 %rd<2>;
	shfl.sync.bfly.b32 %r0|%p1, %r1, 16, 31, -1;
	elect.sync _|%p0, 0xffffffff;
	mov.b64 {%r2, _}, %rd0;
	ld.global.v4.u32 {%r0, %r1, _, %r5}, [%rd1];
	mov.b64 %rd1, {%r3, %r4};
	ret;)"));
  const Operand& d = p.instrs[0].ops[0];
  EXPECT_EQ(d.kind, OperandKind::Reg);
  EXPECT_TRUE(d.hasPred);
  EXPECT_EQ(d.reg, 0u);
  EXPECT_EQ(d.reg2, regIndex(p, "%p1"));
  EXPECT_EQ(p.instrs[0].ops.size(), 5u);
  const Operand& e = p.instrs[1].ops[0];
  EXPECT_EQ(e.kind, OperandKind::Sink);
  EXPECT_TRUE(e.hasPred);
  EXPECT_EQ(e.reg2, regIndex(p, "%p0"));
  const Operand& v = p.instrs[2].ops[0];
  ASSERT_EQ(v.kind, OperandKind::Vector);
  ASSERT_EQ(v.elems.size(), 2u);
  EXPECT_EQ(v.elems[0].reg, 2u);
  EXPECT_EQ(v.elems[1].kind, OperandKind::Sink);
  EXPECT_EQ(p.instrs[3].vec, 4);
  ASSERT_EQ(p.instrs[3].ops[0].elems.size(), 4u);
  EXPECT_EQ(p.instrs[3].ops[0].elems[3].reg, 5u);
  EXPECT_EQ(p.instrs[4].ops[1].kind, OperandKind::Vector);
}

TEST(Parser, AddressForms) {
  Program p = parseOk(header() + R"(.shared .align 4 .b8 smem[64];
.visible .entry k(.param .u64 k_in)
{
	.reg .b64 %rd<2>;
	.reg .b32 %r<2>;
	ld.param.u64 %rd0, [k_in];
	ld.global.u32 %r0, [%rd0];
	ld.global.u32 %r0, [%rd0+8];
	ld.global.u32 %r0, [%rd0+-8];
	ld.global.u32 %r0, [%rd0-0x10];
	ld.shared.u32 %r0, [smem];
	ld.shared.u32 %r0, [smem+4];
	ld.shared.u32 %r0, [64];
	ret;
}
)");
  const auto& I = p.instrs;
  std::int32_t smem = -1, kin = -1;
  for (std::size_t i = 0; i < p.symbols.size(); ++i) {
    if (p.symbols[i].name == "smem") smem = static_cast<std::int32_t>(i);
    if (p.symbols[i].name == "k_in") kin = static_cast<std::int32_t>(i);
  }
  auto check = [&](std::size_t i, bool hasBase, std::int32_t sym, std::int64_t imm) {
    const Operand& a = I[i].ops[1];
    EXPECT_EQ(a.kind, OperandKind::Address) << i;
    EXPECT_EQ(a.hasBase, hasBase) << i;
    EXPECT_EQ(a.symbol, sym) << i;
    EXPECT_EQ(a.imm, imm) << i;
  };
  check(0, false, kin, 0);
  check(1, true, -1, 0);
  check(2, true, -1, 8);
  check(3, true, -1, -8);
  check(4, true, -1, -16);
  check(5, false, smem, 0);
  check(6, false, smem, 4);
  check(7, false, -1, 64);
  EXPECT_EQ(I[1].ops[1].reg, regIndex(p, "%rd0"));
}

TEST(Parser, ImmediatesInEveryForm) {
  Program p = parseOk(entryModule(R"(	.reg .b32 %r<2>;
	.reg .f32 %f<2>;
	.reg .f64 %fd<2>;
	mov.u32 %r0, 42;
	mov.u32 %r0, 0x2A;
	mov.u32 %r0, 052;
	mov.u32 %r0, 0b101010;
	mov.u32 %r0, -42;
	mov.u32 %r0, 42U;
	mov.f32 %f0, 0f3F800000;
	mov.f64 %fd0, 0dBFF0000000000000;
	mov.f32 %f0, 1.5;
	mov.f32 %f0, -1.5;
	mov.f32 %f0, 0fC0490FDB;
	mov.f32 %f0, 0;
	ret;)"));
  auto imm = [&](std::size_t i) { return p.instrs[i].ops[1]; };
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(imm(i).kind, OperandKind::Imm);
    EXPECT_EQ(imm(i).imm, 42) << i;
    EXPECT_FALSE(imm(i).immIsFloat);
  }
  EXPECT_EQ(imm(4).imm, -42);
  EXPECT_EQ(imm(5).imm, 42);
  auto bits = [&](std::size_t i) { return static_cast<std::uint64_t>(imm(i).imm); };
  EXPECT_TRUE(imm(6).immIsFloat);
  EXPECT_EQ(bits(6), 0x3ff0000000000000ull);
  EXPECT_EQ(bits(7), 0xbff0000000000000ull);
  EXPECT_EQ(bits(8), 0x3ff8000000000000ull);
  EXPECT_EQ(bits(9), 0xbff8000000000000ull);
  EXPECT_EQ(bits(10), 0xc00921fb60000000ull);
  EXPECT_FALSE(imm(11).immIsFloat);
  EXPECT_EQ(imm(11).imm, 0);
}

TEST(Parser, SpecialRegisters) {
  Program p = parseOk(entryModule(R"(	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	mov.u32 %r0, %tid.x;
	mov.u32 %r0, %ntid.y;
	mov.u32 %r0, %ctaid.z;
	mov.u32 %r0, %laneid;
	mov.u32 %r0, %lanemask_lt;
	mov.u32 %r0, %cluster_ctarank;
	mov.u32 %r0, %clusterid.x;
	mov.u32 %r0, %cluster_ctaid.y;
	mov.u32 %r0, %nclusterid.z;
	mov.u32 %r0, %smid;
	mov.u64 %rd0, %clock64;
	mov.u32 %r0, %dynamic_smem_size;
	mov.u32 %r0, WARP_SZ;
	mov.u32 %r0, %nctaid.x;
	mov.u32 %r0, %cluster_nctarank;
	ret;)"));
  struct Want {
    SpecialReg r;
    int comp;
  } want[] = {{SpecialReg::Tid, 0},       {SpecialReg::Ntid, 1},         {SpecialReg::Ctaid, 2},
              {SpecialReg::Laneid, 0},    {SpecialReg::LanemaskLt, 0},   {SpecialReg::ClusterCtarank, 0},
              {SpecialReg::Clusterid, 0}, {SpecialReg::ClusterCtaid, 1}, {SpecialReg::Nclusterid, 2},
              {SpecialReg::Smid, 0},      {SpecialReg::Clock64, 0},      {SpecialReg::DynamicSmemSize, 0},
              {SpecialReg::WarpSize, 0},  {SpecialReg::Nctaid, 0},       {SpecialReg::ClusterNctarank, 0}};
  for (std::size_t i = 0; i < std::size(want); ++i) {
    const Operand& o = p.instrs[i].ops[1];
    EXPECT_EQ(o.kind, OperandKind::Special) << i;
    EXPECT_EQ(o.sreg, want[i].r) << i;
    EXPECT_EQ(o.comp, want[i].comp) << i;
  }
}

TEST(Parser, VariablesUsedAsValues) {
  Program p = parseOk(header() + R"(.global .align 4 .u32 garr[4];
.entry k()
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	.shared .align 8 .u64 svar;
	mov.u32 %r0, svar;
	mov.u64 %rd0, garr+8;
	cvta.shared.u64 %rd1, svar;
	ret;
}
)");
  EXPECT_EQ(p.instrs[0].ops[1].kind, OperandKind::Symbol);
  EXPECT_EQ(p.symbols[static_cast<std::size_t>(p.instrs[0].ops[1].symbol)].name, "svar");
  EXPECT_EQ(p.instrs[1].ops[1].kind, OperandKind::Symbol);
  EXPECT_EQ(p.symbols[static_cast<std::size_t>(p.instrs[1].ops[1].symbol)].name, "garr");
  EXPECT_EQ(p.instrs[1].ops[1].imm, 8);
  EXPECT_EQ(p.instrs[2].ops[1].kind, OperandKind::Symbol);
}

TEST(Parser, FunctionScopeNamesShadowModuleScope) {
  Program p = parseOk(header() + R"(.shared .u32 v;
.entry k()
{
	.reg .b32 %r<1>;
	.shared .u32 v;
	mov.u32 %r0, v;
	ret;
}
.entry j()
{
	.reg .b32 %r<1>;
	mov.u32 %r0, v;
	ret;
}
)");
  ASSERT_EQ(p.symbols.size(), 2u);
  EXPECT_EQ(p.symbols[0].func, -1);
  EXPECT_EQ(p.symbols[1].func, 0);
  EXPECT_EQ(p.instrs[0].ops[1].symbol, 1);
  EXPECT_EQ(p.instrs[2].ops[1].symbol, 0);
  // Each entry lays out only what it uses, after the reserved 1 KB: k its
  // own v, j the module's.
  EXPECT_EQ(p.functions[0].shared.offsets, (std::vector<std::pair<std::uint32_t, std::uint64_t>>{{1, 1024}}));
  EXPECT_EQ(p.functions[1].shared.offsets, (std::vector<std::pair<std::uint32_t, std::uint64_t>>{{0, 1024}}));
  EXPECT_EQ(p.symbols[0].offset, 1024u);
  EXPECT_EQ(p.symbols[1].offset, 1024u);
  EXPECT_EQ(p.sharedBytes, 1028u);
}

TEST(Parser, CallsAndFuncParams) {
  Program p = parseOk(header() + R"(.func (.param .b32 rv) add2(.param .b32 a, .param .b32 b);
.func noop();
.func (.param .align 16 .b8 big[16]) wide()
{
	ret;
}
.entry k()
{
	.reg .b32 %r<3>;
	.local .align 4 .b8 depot[24];
	{
	.param .b32 param0;
	st.param.b32 [param0+0], %r0;
	.param .b32 param1;
	st.param.b32 [param1+0], %r1;
	.param .b32 retval0;
	call.uni (retval0),
	add2,
	(
	param0,
	param1
	);
	ld.param.b32 %r2, [retval0+0];
	}
	call.uni noop, ();
	call noop;
	ret;
}
.func (.param .b32 rv) add2(.param .b32 a, .param .b32 b)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r0, [a];
	ld.param.b32 %r1, [b];
	add.s32 %r2, %r0, %r1;
	st.param.b32 [rv], %r2;
	ret;
}
.func noop()
.noreturn
{
	ret;
}
)");
  ASSERT_EQ(p.functions.size(), 4u);
  EXPECT_EQ(p.functions[0].name, "wide");
  EXPECT_EQ(p.functions[1].name, "k");
  EXPECT_EQ(p.functions[2].name, "add2");
  EXPECT_EQ(p.functions[3].name, "noop");
  const Instr& call = p.instrs[3];
  EXPECT_EQ(call.op, Opcode::Call);
  EXPECT_TRUE(call.has(Mod::Uni));
  ASSERT_EQ(call.ops.size(), 3u);
  EXPECT_EQ(call.ops[0].kind, OperandKind::List);
  ASSERT_EQ(call.ops[0].elems.size(), 1u);
  EXPECT_EQ(p.symbols[static_cast<std::size_t>(call.ops[0].elems[0].symbol)].name, "retval0");
  EXPECT_EQ(call.ops[1].kind, OperandKind::Func);
  EXPECT_EQ(call.ops[1].target, 2u);
  ASSERT_EQ(call.ops[2].elems.size(), 2u);
  EXPECT_EQ(p.symbols[static_cast<std::size_t>(call.ops[2].elems[1].symbol)].name, "param1");
  for (std::size_t i : {5u, 6u}) {
    ASSERT_EQ(p.instrs[i].ops.size(), 3u) << i;
    EXPECT_TRUE(p.instrs[i].ops[0].elems.empty());
    EXPECT_EQ(p.instrs[i].ops[1].target, 3u);
    EXPECT_TRUE(p.instrs[i].ops[2].elems.empty());
  }
  // The per-thread local segment: .local variables first, then every
  // .func / call-site parameter in declaration order.
  const Function& add2 = p.functions[2];
  ASSERT_EQ(add2.params.size(), 2u);
  ASSERT_EQ(add2.returns.size(), 1u);
  EXPECT_EQ(symbol(p, "depot").space, Space::Local);
  EXPECT_EQ(symbol(p, "depot").offset, 0u);
  EXPECT_EQ(symbol(p, "big").space, Space::ParamFunc);
  EXPECT_EQ(symbol(p, "big").offset, 32u);  // 24 aligned to 16
  EXPECT_EQ(symbol(p, "param0").offset, 48u);
  EXPECT_EQ(symbol(p, "param1").offset, 52u);
  EXPECT_EQ(symbol(p, "retval0").offset, 56u);
  EXPECT_EQ(p.symbols[add2.returns[0]].name, "rv");
  EXPECT_EQ(p.symbols[add2.returns[0]].offset, 60u);
  EXPECT_EQ(p.symbols[add2.params[0]].offset, 64u);
  EXPECT_EQ(p.symbols[add2.params[1]].offset, 68u);
  EXPECT_EQ(p.symbols[add2.params[1]].space, Space::ParamFunc);
  EXPECT_EQ(p.localBytes, 72u);
}

TEST(Parser, MemorySegmentsAndInitializers) {
  Program p = parseOk(header() + R"(.global .align 4 .u32 gi[4] = {1, 2, 0x30000};
.global .s16 neg = -2;
.global .align 8 .f64 gd = 0dC002000000000000;
.global .f32 gf = 0f3FC00000;
.global .f32 gdec = 1.5;
.global .f32 gint = 3;
.global .b8 str[] = {104, 105, 0};
.global .u8 grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
.const .align 8 .b8 cb[3] = {255};
.shared .align 4 .b8 s1[3];
.shared .align 16 .f32 tile[4][8];
.shared .u32 unused;
.extern .shared .align 16 .b8 dyn[];
.entry k()
{
	.reg .b32 %r<1>;
	.shared .align 8 .u64 s2;
	mov.u32 %r0, tile;
	mov.u32 %r0, s1;
	ret;
}
)");
  const Symbol& gi = symbol(p, "gi");
  EXPECT_EQ(gi.space, Space::Global);
  EXPECT_EQ(gi.size, 16u);
  EXPECT_EQ(gi.init, (std::vector<std::uint8_t>{1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0}));
  EXPECT_EQ(symbol(p, "neg").offset, 16u);
  EXPECT_EQ(symbol(p, "neg").init, (std::vector<std::uint8_t>{0xfe, 0xff}));
  EXPECT_EQ(symbol(p, "gd").offset, 24u);
  EXPECT_EQ(symbol(p, "gd").init, (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0x02, 0xc0}));
  EXPECT_EQ(symbol(p, "gf").init, (std::vector<std::uint8_t>{0, 0, 0xc0, 0x3f}));
  EXPECT_EQ(symbol(p, "gdec").init, (std::vector<std::uint8_t>{0, 0, 0xc0, 0x3f}));
  EXPECT_EQ(symbol(p, "gint").init, (std::vector<std::uint8_t>{0, 0, 0x40, 0x40}));  // 3.0f
  EXPECT_EQ(symbol(p, "str").size, 3u);
  EXPECT_EQ(symbol(p, "str").init, (std::vector<std::uint8_t>{104, 105, 0}));
  EXPECT_EQ(symbol(p, "grid").size, 6u);
  EXPECT_EQ(symbol(p, "grid").init, (std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(p.globalBytes, symbol(p, "grid").offset + 6);
  const Symbol& cb = symbol(p, "cb");
  EXPECT_EQ(cb.space, Space::Const);
  EXPECT_EQ(cb.init, (std::vector<std::uint8_t>{255, 0, 0}));
  EXPECT_EQ(p.constBytes, 3u);
  // Shared memory as the H100 lays it out (tests/data/smem): after the
  // reserved 1 KB, the entry's function-scope variables, then the
  // module-scope ones it uses, each in declaration order; `unused` is not
  // laid out; the dynamic window follows, 16-byte aligned.
  EXPECT_EQ(symbol(p, "s2").offset, 1024u);
  EXPECT_EQ(symbol(p, "s2").func, 0);
  EXPECT_EQ(symbol(p, "s1").offset, 1032u);
  EXPECT_EQ(symbol(p, "tile").offset, 1040u);
  EXPECT_EQ(symbol(p, "tile").size, 128u);
  EXPECT_EQ(p.functions[0].shared.offsets.size(), 3u);
  EXPECT_EQ(p.sharedBytes, 1168u);
  const Symbol& dyn = symbol(p, "dyn");
  EXPECT_TRUE(dyn.isExtern);
  EXPECT_EQ(dyn.size, 0u);
  EXPECT_EQ(dyn.offset, 1168u);
  EXPECT_EQ(p.functions[0].shared.dynamicOffset, 1168u);
  EXPECT_TRUE(symbol(p, "s1").init.empty());
}

TEST(Parser, LocAndFileFillCudaPositions) {
  Program p = parseOk(header() + R"(.entry k()
{
	.reg .b32 %r<2>;
	mov.u32 %r0, 1;
	.loc	1 10 3
	mov.u32 %r0, 2;
	mov.u32 %r0, 3;
	.loc	2 5 7, function_name $L__info_string0, inlined_at 1 11 4
	add.u32 %r0, %r0, 1;
	ret;
}
	.file	2 "C:\\src\\helper.cuh"
	.file	1 "/src/kernel.cu", 1700000000, 1234
	.section	.debug_str
	{
$L__info_string0:
.b8 95,90,0
	{ nested }
	}
)");
  ASSERT_EQ(p.files.size(), 3u);
  EXPECT_EQ(p.files[1], "C:\\src\\helper.cuh");
  EXPECT_EQ(p.files[2], "/src/kernel.cu");
  EXPECT_EQ(p.cudaFileIndex.at(2), 1u);
  EXPECT_EQ(p.cudaFileIndex.at(1), 2u);
  EXPECT_EQ(p.instrs[0].cuda.file, -1);
  EXPECT_EQ(p.instrs[1].cuda.file, 2);
  EXPECT_EQ(p.instrs[1].cuda.line, 10);
  EXPECT_EQ(p.instrs[1].cuda.col, 3);
  EXPECT_EQ(p.instrs[2].cuda.line, 10);
  EXPECT_EQ(p.instrs[3].cuda.file, 1);
  EXPECT_EQ(p.instrs[3].cuda.line, 5);
  EXPECT_EQ(p.instrs[3].cuda.col, 7);
  EXPECT_EQ(p.instrs[3].cuda.inlinedFile, 2);
  EXPECT_EQ(p.instrs[3].cuda.inlinedLine, 11);
  EXPECT_EQ(p.instrs[3].cuda.inlinedFunc, -1);
  EXPECT_EQ(p.instrs[4].cuda.line, 5);
}

TEST(Parser, PositionsCommentsAndPragmas) {
  Program p = parseOk(header() + R"(.pragma "nounroll";
.entry k()  // trailing comment
{
	.reg .b32 %r<2>;   /* a block
	   comment */ mov.u32 %r0, /* inside */ 1;
	.pragma "nounroll";
   add.u32 %r1, %r0, %r0;
	ret;
}
)");
  ASSERT_EQ(p.instrs.size(), 3u);
  EXPECT_EQ(p.instrs[0].pos.file, 0u);
  EXPECT_EQ(p.instrs[0].pos.line, 8u);
  EXPECT_EQ(p.instrs[0].pos.col, 16u);
  EXPECT_EQ(p.instrs[1].pos.line, 10u);
  EXPECT_EQ(p.instrs[1].pos.col, 4u);
  EXPECT_EQ(p.functions[0].pos.line, 5u);
  EXPECT_EQ(p.sourceLines.at(9), "   add.u32 %r1, %r0, %r0;");
}

}  // namespace
}  // namespace ws::core
