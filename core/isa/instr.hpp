#pragma once
// The decoded instruction: what the parser produces from one PTX statement,
// with every name resolved (registers to indices, labels to instruction
// indices, variables to symbols), so the executor never looks at text.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/isa/isa.hpp"

namespace ws::core {

enum class SpecialReg : std::uint8_t {
  Tid, Ntid, Ctaid, Nctaid, Laneid, Warpid, Nwarpid, WarpSize,
  LanemaskEq, LanemaskLt, LanemaskLe, LanemaskGt, LanemaskGe,
  ClusterCtarank, ClusterNctarank, Clusterid, Nclusterid, ClusterCtaid, ClusterNctaid,
  IsExplicitCluster, Smid, Nsmid, Gridid, Clock, Clock64, Globaltimer, GlobaltimerLo, GlobaltimerHi,
  DynamicSmemSize, TotalSmemSize, AggrSmemSize,
  ReservedSmemBegin, ReservedSmemEnd, ReservedSmemCap, ReservedSmem0, ReservedSmem1,
  Pm, Pm64, Envreg, ClockHi, CurrentGraphExec,  // Pm/Pm64/Envreg: the number is the operand's `comp`
};

enum class OperandKind : std::uint8_t {
  None,
  Reg,      // reg (predicate registers too); `negate` for !p
  Imm,      // integer immediate in `imm`, or float bits (see `immIsFloat`)
  Special,  // special register `sreg`, component `comp` (0=x,1=y,2=z)
  Symbol,   // the address of variable `symbol` (+ imm), used as a value
  Address,  // [base + imm]: base is `reg` if hasBase, else `symbol` if >= 0, else absolute imm
  Vector,   // {a, b, ...}: elements in `elems`
  Label,    // branch target: instruction index in `target`
  Func,     // call target: function index in `target`
  Sink,     // `_`
  List,     // ( ... ) argument list of call: elements in `elems`
};

struct Operand {
  OperandKind kind = OperandKind::None;
  bool negate = false;       // !p
  bool immIsFloat = false;   // 0f/0d literal: imm holds the IEEE bits
  bool hasBase = false;      // Address with a register base
  bool hasPred = false;      // d|p: `reg2` is the predicate output
  // Video instructions' sub-word selector on a register (a.b1, d.h0, a.h32,
  // a.b3210): kind byte or half, then the digits, most significant first.
  struct Selector {
    enum class Kind : std::uint8_t { None, Byte, Half } kind = Kind::None;
    std::uint8_t count = 0;
    std::array<std::uint8_t, 4> digits{};
    bool operator==(const Selector&) const = default;
  } sel;
  std::uint8_t comp = 0;     // special-register component
  SpecialReg sreg = SpecialReg::Tid;
  std::uint32_t reg = 0;
  std::uint32_t reg2 = 0;
  std::int32_t symbol = -1;
  std::uint32_t target = 0;
  std::int64_t imm = 0;
  std::vector<Operand> elems;
};

// Position in a source text: file index into Program::files, 1-based line/col.
struct SrcPos {
  std::uint32_t file = 0;
  std::uint32_t line = 0;
  std::uint32_t col = 0;
};

// CUDA source position from `.loc`; file < 0 when the PTX carries none.
struct CudaLoc {
  std::int32_t file = -1;
  std::int32_t line = 0;
  std::int32_t col = 0;
  std::int32_t inlinedFunc = -1;  // index into Program::functions of the function inlined into, if any
  std::int32_t inlinedFile = -1;
  std::int32_t inlinedLine = 0;
};

// The CUDA system calls a module only declares (PTX ISA, "System Calls"):
// nvcc lowers printf to vprintf and assert to __assertfail. The engine runs
// them itself instead of a body.
enum class SysCall : std::uint8_t { None, Vprintf, AssertFail };
// The system call a prototype-only function is, when its name and its
// numbers of return values and parameters are nvcc's (None otherwise).
SysCall systemCallNamed(std::string_view name, std::size_t returns, std::size_t params);

struct Instr {
  Opcode op = Opcode::Mov;
  Family family = Family::Move;
  DataType type = DataType::None;   // first type modifier (destination type for cvt)
  DataType type2 = DataType::None;  // second type modifier (source type for cvt, setp/set operand type)
  DataType type3 = DataType::None;  // third type modifier (video instructions: dtype.atype.btype)
  Mod rnd = Mod::None;    // rounding
  Mod cmp = Mod::None;    // comparison (setp/set/slct), or lo/hi for mul/mad
  Mod opMod = Mod::None;  // operation selector (first Op-axis token)
  Mod opMod2 = Mod::None; // second Op-axis token (setp bool-op, mbarrier sub-op pairs like arrive+expect_tx)
  // The first narrow-format token (modifiers.def axis Format: .u16x2,
  // .e4m3x2, .tf32, .u4 ...) and how many type modifiers precede it: for cvt
  // a format written first is the destination (cvt.rn.satfinite.e4m3x2.f32),
  // one written after a type the source (cvt.rn.f16x2.e4m3x2).
  Mod format = Mod::None;
  std::uint8_t formatPos = 0;
  Mod space = Mod::None;
  Mod space2 = Mod::None; // a copy's second state space: .dst.src order, so space2 is the source
  Mod sem = Mod::None;
  Mod scope = Mod::None;
  std::uint8_t vec = 1;   // vector width: 1, 2, 4, 8
  // Warp-matrix instructions: their type and format tokens in the order
  // written. mma.sync names four (.dtype.atype.btype.ctype) and they may
  // repeat (.f16.f16.f16.f16), which the modifier set cannot tell.
  std::array<Mod, 4> matrixTypes{};
  std::uint8_t matrixTypeCount = 0;
  // ... and their .row/.col tokens in order (mma.m8n8k4.row.col: A, then B).
  std::array<Mod, 2> matrixLayouts{};
  std::uint8_t matrixLayoutCount = 0;
  // wgmma.mma_async's .m64nNkK token, as its N and K (0: none written). The
  // PTX ISA has 114 of them (N = 8..256 for each K), too many to be
  // modifiers of their own; the parser reads the token's numbers and the
  // handler checks them against the ISA's lists (core/exec/tensor/wgmma_form).
  std::uint16_t shapeN = 0, shapeK = 0;
  ModSet mods;            // every token given
  std::int32_t guard = -1;  // guard predicate register, -1 = none
  // Index into Program::unsupported when the engine does not execute this
  // instruction (see opcodes.def, kNotImplemented); -1 when it does.
  std::int32_t unsupported = -1;
  // add/sub that ptxas contracts with the mul feeding operand fusedOperand
  // (1 or 2) into one fma (core/ptx/contraction.hpp); -1 when none.
  std::int32_t fusedMul = -1;
  std::uint8_t fusedOperand = 0;
  SysCall sysCall = SysCall::None;  // call of a system call (no body in the module)
  bool guardNegated = false;
  std::vector<Operand> ops;
  std::uint32_t func = 0;   // owning function
  SrcPos pos;               // PTX source position of the mnemonic
  CudaLoc cuda;             // CUDA source position, from the last .loc

  bool has(Mod m) const { return mods.test(static_cast<std::size_t>(m)); }
  const OpInfo& info() const { return opInfo(op); }
  // info().summary, or the summary of this form where one opcode has forms
  // that do different things (red.async's release form).
  std::string_view summary() const {
    if (op == Opcode::RedAsync && sem == Mod::Release)
      return "start an asynchronous reduction into global memory that nobody waits for (release form, sm_100)";
    return info().summary;
  }
};

}  // namespace ws::core
