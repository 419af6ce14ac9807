// The parser on real nvcc output (tests/data/golden/kernels.ptx, the H100
// golden kernels; tests/data/ptx/*.ptx, made for these tests), on truncated
// and mutated input (it must never crash), on pathological input, and on a
// large generated module (time).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <random>

#include "tests/core/ptx_test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

using test::parseOk;
using test::readFile;

const std::string& goldenKernels() {
  static const std::string s = readFile(ws::test::dataPath("/golden/kernels.ptx"));
  return s;
}

const Symbol& symbol(const Program& p, std::string_view name) {
  for (const Symbol& s : p.symbols)
    if (s.name == name) return s;
  ADD_FAILURE() << "no symbol " << name;
  static Symbol none;
  return none;
}

std::optional<std::uint32_t> labelIndex(const Program& p, std::string_view name) {
  for (const auto& [idx, n] : p.labels)
    if (n == name) return idx;
  return std::nullopt;
}

// Every index in a loaded program points at something that exists.
void checkConsistent(const Program& p) {
  for (std::uint32_t f = 0; f < p.functions.size(); ++f) {
    const Function& fn = p.functions[f];
    ASSERT_LE(fn.begin, fn.end);
    ASSERT_LE(fn.end, p.instrs.size());
    ASSERT_LE(fn.regBegin, fn.regEnd);
    ASSERT_LE(fn.regEnd, p.regs.size());
    for (std::uint32_t s : fn.params) ASSERT_LT(s, p.symbols.size());
    for (std::uint32_t s : fn.returns) ASSERT_LT(s, p.symbols.size());
    for (std::uint32_t i = fn.begin; i < fn.end; ++i) ASSERT_EQ(p.instrs[i].func, f);
  }
  std::function<void(const Operand&, const Function&)> op = [&](const Operand& o, const Function& fn) {
    switch (o.kind) {
      case OperandKind::Reg:
        ASSERT_GE(o.reg, fn.regBegin);
        ASSERT_LT(o.reg, fn.regEnd);
        break;
      case OperandKind::Symbol:
        ASSERT_LT(static_cast<std::size_t>(o.symbol), p.symbols.size());
        break;
      case OperandKind::Address:
        if (o.hasBase) {
          ASSERT_LT(o.reg, p.regs.size());
        }
        if (o.symbol >= 0) {
          ASSERT_LT(static_cast<std::size_t>(o.symbol), p.symbols.size());
        }
        break;
      case OperandKind::Label:
        ASSERT_GE(o.target, fn.begin);
        ASSERT_LE(o.target, fn.end);
        break;
      case OperandKind::Func:
        ASSERT_LT(o.target, p.functions.size());
        break;
      default:
        break;
    }
    if (o.hasPred) {
      ASSERT_LT(o.reg2, p.regs.size());
    }
    for (const Operand& e : o.elems) op(e, fn);
  };
  for (const Instr& ins : p.instrs) {
    ASSERT_LT(ins.func, p.functions.size());
    const Function& fn = p.functions[ins.func];
    if (ins.guard >= 0) {
      ASSERT_LT(static_cast<std::size_t>(ins.guard), p.regs.size());
    }
    for (const Operand& o : ins.ops) op(o, fn);
  }
}

TEST(ParserNvcc, GoldenKernels) {
  Program p = parseOk(goldenKernels());
  checkConsistent(p);
  EXPECT_EQ(p.ptxVersion(), 90);
  EXPECT_EQ(p.target.str(), "sm_90a");
  std::vector<std::string> names;
  for (const Function& f : p.functions) {
    names.push_back(f.name);
    EXPECT_TRUE(f.isEntry);
    ASSERT_EQ(f.params.size(), 2u);
    const Symbol& in = p.symbols[f.params[0]];
    const Symbol& out = p.symbols[f.params[1]];
    EXPECT_EQ(in.name, f.name + "_param_0");
    EXPECT_EQ(in.space, Space::Param);
    EXPECT_EQ(in.offset, 0u);
    EXPECT_EQ(out.offset, 8u);
    EXPECT_EQ(out.size, 8u);
    EXPECT_EQ(out.elemType, DataType::U64);
  }
  std::vector<std::string> want = {"pub_shfl_modes",    "pub_vote_full",      "pub_match_full",
                                   "pub_redux_full",    "pub_red_shared_add", "pub_mbarrier_basic",
                                   "pub_red_async_add", "pub_cg_reduce_plus"};
  EXPECT_EQ(names, want);

  const Function& ra = p.functions[*p.findFunction("pub_red_async_add")];
  EXPECT_TRUE(ra.hints.explicitCluster);
  ASSERT_TRUE(ra.hints.reqnctapercluster.has_value());
  EXPECT_EQ(*ra.hints.reqnctapercluster, (std::array<std::uint32_t, 3>{2, 1, 1}));
  EXPECT_FALSE(ra.hints.reqntid.has_value());
  EXPECT_FALSE(p.functions[0].hints.explicitCluster);

  // Demoted function-scope .shared variables belong to their entry only:
  // each entry's layout starts after the 1 KB the H100 reserves.
  EXPECT_EQ(symbol(p, "_ZZ18pub_red_shared_addE5slots").offset, 1024u);
  EXPECT_EQ(symbol(p, "_ZZ18pub_red_shared_addE5slots").size, 16u);
  EXPECT_EQ(symbol(p, "_ZZ18pub_mbarrier_basicE7bar_mem").offset, 1024u);
  EXPECT_EQ(symbol(p, "_ZZ17pub_red_async_addE3acc").offset, 1024u);
  EXPECT_EQ(symbol(p, "_ZZ17pub_red_async_addE3acc").size, 128u);
  const Symbol& bar = symbol(p, "_ZZ17pub_red_async_addE7bar_mem");
  EXPECT_EQ(bar.space, Space::Shared);
  EXPECT_EQ(bar.offset, 1152u);
  EXPECT_EQ(bar.align, 8u);
  EXPECT_EQ(bar.func, static_cast<std::int32_t>(*p.findFunction("pub_red_async_add")));
  EXPECT_EQ(ra.shared.staticBytes, 1160u);
  EXPECT_EQ(ra.shared.offsets.size(), 2u);
  const Function& rs = p.functions[*p.findFunction("pub_red_shared_add")];
  ASSERT_EQ(rs.shared.offsets.size(), 1u);  // only its own slots, not the other entries' variables
  EXPECT_EQ(rs.shared.staticBytes, 1040u);
  EXPECT_TRUE(p.functions[*p.findFunction("pub_shfl_modes")].shared.offsets.empty());
  EXPECT_EQ(p.sharedBytes, 1160u);  // the largest entry
  EXPECT_EQ(p.globalBytes, 10u);  // ten one-byte libcu++ tag objects

  const Instr* red = nullptr;
  for (std::uint32_t i = ra.begin; i < ra.end; ++i)
    if (p.instrs[i].op == Opcode::RedAsync) red = &p.instrs[i];
  ASSERT_NE(red, nullptr);
  EXPECT_EQ(red->pos.line, 414u);
  EXPECT_EQ(red->pos.col, 2u);
  EXPECT_EQ(red->sem, Mod::Relaxed);
  EXPECT_EQ(red->scope, Mod::Cluster);
  EXPECT_EQ(red->space, Mod::SharedCluster);
  EXPECT_EQ(red->opMod, Mod::Add);
  EXPECT_EQ(red->type, DataType::U32);
  EXPECT_TRUE(red->has(Mod::CompleteTxBytes));
  ASSERT_EQ(red->ops.size(), 3u);
  EXPECT_EQ(p.regs[red->ops[0].reg].name, "%r12");
  EXPECT_EQ(p.regs[red->ops[1].reg].name, "%r17");
  EXPECT_EQ(p.regs[red->ops[2].reg].name, "%r14");

  // The try_wait spin loop: the label sits before the inline-asm block and
  // the block's `q` is a fresh register, used by selp inside it.
  auto loop = labelIndex(p, "$L__BB6_5");
  ASSERT_TRUE(loop.has_value());
  const Instr& tw = p.instrs[*loop];
  EXPECT_EQ(tw.op, Opcode::Mbarrier);
  EXPECT_EQ(tw.opMod, Mod::TryWait);
  EXPECT_TRUE(tw.has(Mod::Parity));
  EXPECT_EQ(p.regs[tw.ops[0].reg].name, "q");
  EXPECT_EQ(p.regs[tw.ops[0].reg].type, DataType::Pred);
  EXPECT_EQ(p.instrs[*loop + 1].ops[3].reg, tw.ops[0].reg);
  EXPECT_EQ(p.instrs[*loop + 3].op, Opcode::Bra);
  EXPECT_EQ(p.instrs[*loop + 3].ops[0].target, *loop);

  // shfl with a predicate output, and a 0f immediate.
  const Function& cg = p.functions[*p.findFunction("pub_cg_reduce_plus")];
  bool sawShflPred = false, sawHalf = false;
  for (std::uint32_t i = cg.begin; i < cg.end; ++i) {
    const Instr& ins = p.instrs[i];
    if (ins.op == Opcode::Shfl && ins.ops[0].hasPred) sawShflPred = true;
    if (ins.op == Opcode::Mul && ins.type == DataType::F32 && ins.ops[2].immIsFloat) {
      EXPECT_EQ(static_cast<std::uint64_t>(ins.ops[2].imm), 0x3fe0000000000000ull);  // 0f3F000000 = 0.5
      sawHalf = true;
    }
  }
  EXPECT_TRUE(sawShflPred);
  EXPECT_TRUE(sawHalf);
}

TEST(ParserNvcc, FeaturesModule) {
  std::string text = readFile(ws::test::dataPath("/ptx/features.ptx"));
  Program p = parseOk(text);
  checkConsistent(p);
  ASSERT_EQ(p.functions.size(), 2u);
  const Function& mix = p.functions[0];
  const Function& k = p.functions[1];
  EXPECT_EQ(mix.name, "_Z3mixii");
  EXPECT_FALSE(mix.isEntry);
  ASSERT_EQ(mix.returns.size(), 1u);
  ASSERT_EQ(mix.params.size(), 2u);
  EXPECT_EQ(p.symbols[mix.returns[0]].space, Space::ParamFunc);
  EXPECT_EQ(k.name, "features");
  ASSERT_EQ(k.params.size(), 3u);
  EXPECT_EQ(p.symbols[k.params[2]].offset, 16u);
  EXPECT_EQ(p.symbols[k.params[2]].size, 4u);

  // Initialized globals and constants, little-endian.
  EXPECT_EQ(symbol(p, "g_table").init, (std::vector<std::uint8_t>{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}));
  EXPECT_EQ(symbol(p, "g_scale").init, (std::vector<std::uint8_t>{0, 0, 0xc0, 0x3f}));               // 1.5f
  EXPECT_EQ(symbol(p, "g_dscale").init, (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0x02, 0xc0}));  // -2.25
  EXPECT_EQ(symbol(p, "c_mask").init, (std::vector<std::uint8_t>{255, 255, 255, 255, 255, 255, 0, 0}));
  EXPECT_EQ(symbol(p, "c_mask").space, Space::Const);

  // The local depot first, then the .func and call-site params.
  const Symbol& depot = symbol(p, "__local_depot1");
  EXPECT_EQ(depot.space, Space::Local);
  EXPECT_EQ(depot.offset, 0u);
  EXPECT_EQ(depot.size, 64u);
  EXPECT_EQ(p.symbols[mix.returns[0]].offset, 64u);
  EXPECT_EQ(p.localBytes, 88u);  // 64 + retval, 2 params, and the call site's param0, param1, retval0

  // extern __shared__ sits after the static shared variables, 16-byte aligned.
  const Symbol& dyn = symbol(p, "dyn");
  EXPECT_TRUE(dyn.isExtern);
  EXPECT_EQ(p.sharedBytes, 1024u + 4228u);  // the reserved 1 KB, tile[32][33] floats + counter
  EXPECT_EQ(dyn.offset, 1024u + 4240u);

  // The call resolves to _Z3mixii; the loops in the two inline-asm copies
  // branch to their own block's AGAIN.
  int calls = 0, again = 0;
  bool sawMembar = false, sawInlined = false;
  for (std::uint32_t i = k.begin; i < k.end; ++i) {
    const Instr& ins = p.instrs[i];
    if (ins.op == Opcode::Call) {
      ++calls;
      EXPECT_EQ(ins.ops[1].target, 0u);
      EXPECT_EQ(ins.ops[2].elems.size(), 2u);
    }
    if (ins.op == Opcode::Bra && p.labels.count(ins.ops[0].target) && p.labels.at(ins.ops[0].target) == "AGAIN") {
      ++again;
      EXPECT_EQ(ins.ops[0].target, i - 3);
      EXPECT_EQ(p.instrs[ins.ops[0].target].op, Opcode::Add);
    }
    if (ins.op == Opcode::Membar && ins.scope == Mod::Gl) sawMembar = true;
    if (ins.cuda.inlinedFile >= 0) {
      sawInlined = true;
      EXPECT_GT(ins.cuda.inlinedLine, 0);
    }
  }
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(again, 2);
  EXPECT_TRUE(sawMembar);
  EXPECT_TRUE(sawInlined);

  // .file entries (at the end of the module) map the .loc numbers.
  ASSERT_EQ(p.files.size(), 3u);
  EXPECT_TRUE(p.files[1].ends_with("features.cu"));
  EXPECT_TRUE(p.files[2].ends_with("device_atomic_functions.hpp"));
  EXPECT_EQ(p.instrs[k.end - 1].op, Opcode::Ret);
  EXPECT_EQ(p.instrs[k.end - 1].cuda.file, 1);
  EXPECT_EQ(p.instrs[k.end - 1].cuda.line, 52);
  EXPECT_EQ(p.instrs[k.end - 1].cuda.col, 1);
}

// printf as nvcc lowers it: a call to the system function vprintf, which the
// module only declares; the engine runs it (core/exec/control/syscalls.cpp).
TEST(ParserNvcc, CallToVprintfIsASystemCall) {
  std::string text = readFile(ws::test::dataPath("/ptx/printf.ptx"));
  ParseResult r = parsePtx(text, "printf.ptx");
  ASSERT_TRUE(r.ok()) << r.errors.front().str();
  EXPECT_TRUE(r.program->warnings.empty()) << r.program->warnings[0].str();
  int calls = 0;
  for (const Instr& ins : r.program->instrs)
    if (ins.op == Opcode::Call) {
      ++calls;
      EXPECT_EQ(ins.sysCall, SysCall::Vprintf);
      EXPECT_LT(ins.unsupported, 0);
    }
  EXPECT_EQ(calls, 1);
}

// Any other function the module only declares (of another module, linked by
// nvlink): the module loads with a warning, a run stops where it is called.
TEST(ParserNvcc, CallToPrototypeOnlyFunctionLoadsWithAWarning) {
  std::string text = readFile(ws::test::dataPath("/ptx/printf.ptx"));
  for (std::size_t at; (at = text.find("vprintf")) != std::string::npos;) text.replace(at, 7, "logline");
  ParseResult r = parsePtx(text, "printf.ptx");
  ASSERT_TRUE(r.ok()) << r.errors.front().str();
  ASSERT_EQ(r.program->warnings.size(), 1u);
  EXPECT_EQ(r.program->warnings[0].str(),
            "printf.ptx:48:2: warning: 'call to logline' is not executed by warpscope (1 use, used by entry hello): "
            "'logline' has no body in this module (declared at 14:43 as a prototype only); warpscope runs one module "
            "and cannot call it; the module loads, and a run stops with an 'unsupported' diagnostic if it reaches one");
  ASSERT_EQ(r.program->unsupported.size(), 1u);
  EXPECT_EQ(r.program->unsupported[0].what, "call to logline");
}

TEST(ParserNvcc, EveryRecordedHardwareModuleLoads) {
  // The per-family kernels recorded on the H100 (tests/data/hw). The only
  // accepted failure is an instruction the table does not have (the parser
  // must then name it); anything else is a parser bug.
  int loaded = 0;
  for (const auto& e : std::filesystem::directory_iterator(ws::test::dataPath("/hw"))) {
    if (e.path().extension() != ".ptx") continue;
    std::string text = readFile(e.path().string());
    ParseResult r = parsePtx(text, e.path().filename().string());
    for (const LoadError& err : r.errors) EXPECT_TRUE(err.message.starts_with("unknown instruction '")) << err.str();
    if (r.program) {
      checkConsistent(*r.program);
      ++loaded;
    }
  }
  EXPECT_GE(loaded, 1);
}

// ---------------------------------------------------------------- robustness

void parseAnything(std::string_view text) {
  ParseResult r = parsePtx(text, "fuzz.ptx");
  EXPECT_EQ(r.ok(), r.errors.empty());
  EXPECT_LE(r.errors.size(), 50u);
  for (const LoadError& e : r.errors) {
    EXPECT_GE(e.line, 1u);
    EXPECT_GE(e.col, 1u);
    EXPECT_FALSE(e.message.empty());
  }
  if (r.program) checkConsistent(*r.program);
}

TEST(ParserRobustness, EveryTruncationOfTheGoldenModule) {
  const std::string& text = goldenKernels();
  for (std::size_t n = 0; n < text.size(); n += 7) parseAnything(std::string_view(text).substr(0, n));
}

TEST(ParserRobustness, ByteMutationsOfTheGoldenModule) {
  const std::string& text = goldenKernels();
  std::mt19937 rng(12345);  // fixed seed: the same mutants every run
  const char interesting[] = "{}[]()<>;:,.|!@%_-+=\"/*\n0xf9 ";
  for (int round = 0; round < 1000; ++round) {
    std::string m = text;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !m.empty(); ++e) {
      std::size_t at = rng() % m.size();
      switch (rng() % 4) {
        case 0:
          m[at] = static_cast<char>(rng() & 0xff);
          break;
        case 1:
          m[at] = interesting[rng() % (sizeof interesting - 1)];
          break;
        case 2:
          m.erase(at, 1 + rng() % 16);
          break;
        default:
          m.insert(at, 1, interesting[rng() % (sizeof interesting - 1)]);
          break;
      }
    }
    parseAnything(m);
  }
}

TEST(ParserRobustness, PathologicalInputs) {
  std::string h = test::header();
  parseAnything("");
  parseAnything(std::string(100000, '{'));
  parseAnything(std::string(100000, '}'));
  parseAnything(h + ".entry k()\n" + std::string(200000, '{'));
  parseAnything(h + ".entry k()\n{" + std::string(100000, '{') + std::string(100000, '}') + "}");
  parseAnything(h + ".global .u32 a[4] = " + std::string(100000, '{'));
  parseAnything(h + ".section .x " + std::string(100000, '{'));
  parseAnything(h + ".entry k() { .reg .b32 " + std::string(1 << 20, 'r') + "; }");
  parseAnything(h + ".entry k() { .reg .b32 %r<1048576>; .reg .b32 %s<1048576>; ret; }");
  parseAnything(h + ".global .b8 big[4294967295] = {1};");
  parseAnything(h + ".shared .b8 a[4000000000][4000000000];");
  parseAnything("/*" + std::string(100000, '*'));
  parseAnything(std::string(100000, '"'));
  std::string bytes(1 << 20, '\0');
  std::mt19937 rng(7);
  for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
  auto t0 = std::chrono::steady_clock::now();
  parseAnything(bytes);
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(ms, 5000.0);  // linear: a megabyte of noise is quick to reject
}

// A module shaped like nvcc output: `functions` entries of `lines` lines.
std::string generatedModule(int functions, int lines) {
  std::string s = test::header() + "\n.shared .align 4 .b8 buf[4096];\n";
  for (int f = 0; f < functions; ++f) {
    s += ".visible .entry k" + std::to_string(f) + "(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n";
    s += "\t.reg .pred \t%p<64>;\n\t.reg .b32 \t%r<512>;\n\t.reg .f32 \t%f<512>;\n\t.reg .b64 \t%rd<512>;\n\n";
    s += "\tld.param.u64 \t%rd1, [k_param_0];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n";
    s += "\tmov.u32 \t%r1, %tid.x;\n";
    for (int i = 0; i < lines; ++i) {
      int r = 2 + i % 500;
      switch (i % 10) {
        case 0:
          s += "\tmul.wide.u32 \t%rd" + std::to_string(r) + ", %r" + std::to_string(r - 1) + ", 4;\n";
          break;
        case 1:
          s += "\tadd.s64 \t%rd" + std::to_string(r) + ", %rd2, %rd" + std::to_string(r - 1) + ";\n";
          break;
        case 2:
          s += "\tld.global.f32 \t%f" + std::to_string(r) + ", [%rd" + std::to_string(r - 1) + "+16];\n";
          break;
        case 3:
          s += "\tfma.rn.f32 \t%f" + std::to_string(r) + ", %f" + std::to_string(r - 1) + ", 0f3F000000, %f2;\n";
          break;
        case 4:
          s += "\tsetp.lt.u32 \t%p" + std::to_string(r % 60) + ", %r" + std::to_string(r) + ", 128;\n";
          break;
        case 5:
          s += "\t@%p" + std::to_string((r - 1) % 60) + " bra \t$L__BB" + std::to_string(f) + "_" +
               std::to_string(i + 4) + ";\n";
          break;
        case 6:
          s += "\tshfl.sync.bfly.b32 \t%r" + std::to_string(r) + "|%p1, %r" + std::to_string(r - 1) + ", 16, 31, -1;\n";
          break;
        case 7:
          s += "\tst.shared.u32 \t[%r" + std::to_string(r) + "], %r" + std::to_string(r - 1) + ";\n";
          break;
        case 8:
          s += "\t.loc\t1 " + std::to_string(i) + " 3\n";
          break;
        default:
          s += "$L__BB" + std::to_string(f) + "_" + std::to_string(i) + ":\n\tbar.sync \t0;\n";
          break;
      }
    }
    s += "\tret;\n\n}\n";
  }
  s += "\t.file\t1 \"gen.cu\"\n";
  return s;
}

// A module of nvcc's shape and 10,000+ lines parses. How fast is measured by
// bench/ (BM_Parse10kLines, on real nvcc output), not here.
TEST(ParserScale, TenThousandLineModule) {
  const std::string text = generatedModule(10, 1000);
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  ASSERT_GE(lines, 10000u);
  parseOk(text);
}

}  // namespace
}  // namespace ws::core
