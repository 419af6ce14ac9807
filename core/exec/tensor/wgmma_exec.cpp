// PTX ISA 9.1, 9.7.15.5.2 wgmma.mma_async and 9.7.15.7 wgmma.fence,
// wgmma.commit_group, wgmma.wait_group.
//
//   wgmma.mma_async.sync.aligned.shape.dtype.atype.btype d, a(-desc), b-desc, scale-d{, imm-scale-a, imm-scale-b{, imm-trans-a}{, imm-trans-b}};
//
// The warpgroup (four consecutive warps, the first a multiple of 4) computes
// D = A x B (+ D) for M = 64. Warp q of the warpgroup holds rows 16q..16q+15
// of D and, in registers, of A, and those rows need nothing of the other
// warps (B and a descriptor A are in shared memory), so each warp computes
// its own rows when it issues (.sync waits for the warp; .aligned asks the
// whole warpgroup to run the same instruction, which is checked, not waited
// for). The operands are read at issue (the ISA makes touching them before
// the covering wgmma.wait_group undefined, so no program can tell); the
// result waits in the warp's WgmmaQueue and lands in the D registers at
// the wgmma.wait_group that covers its wgmma-group.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/exec/tensor/matrix_common.hpp"
#include "core/exec/tensor/matrix_numerics.hpp"
#include "core/exec/tensor/wgmma_exec.hpp"
#include "core/exec/tensor/wgmma_layout.hpp"

namespace ws::core::mx {

int wgmmaBlockK(Elem a) { return wgmmaK(a); }

namespace {

using Bits = std::vector<std::uint64_t>;

// The sign bit of a floating-point element in its register or memory word
// (tf32: bit 31 of its 32-bit word).
std::uint64_t signBit(Elem e) { return std::uint64_t{1} << (elemBits(e) - 1); }

// Reads one element of a descriptor's matrix from the CTA's shared memory
// (a failed access is reported by load() and reads as 0). The 16-byte chunk
// it lies in is noted for the step's flows.
std::uint64_t loadElement(ExecCtx& ctx, int lane, ElemLoc loc, int bits, std::vector<std::uint64_t>& chunks) {
  const unsigned bytes = static_cast<unsigned>(std::max(bits / 8, 1));
  std::uint64_t v = 0;
  if (!ctx.load(lane, {Space::Shared, loc.addr}, bytes, v)) return 0;
  chunks.push_back(loc.addr & ~std::uint64_t{15});
  if (bits < 8) v = (v >> loc.bit) & ((std::uint64_t{1} << bits) - 1);
  return v;
}

// The 64-bit descriptor operand of the lowest executing lane; the other
// lanes must hold the same value.
std::uint64_t readDescriptor(ExecCtx& ctx, const Operand& op, int lead, std::string_view which) {
  const std::uint64_t v = ctx.read(lead, op, DataType::B64);
  LaneMask differ = 0;
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (ctx.read(l, op, DataType::B64) != v) differ |= LaneMask{1} << l;
  }
  if (differ)
    ctx.diag(DiagKind::WgmmaDescriptorNotUniform, differ,
             fmt::format("the {} descriptor of lanes {:#010x} differs from lane {}'s {:#018x}; lane {}'s is used",
                         which, differ, lead, v, lead));
  return v;
}

// .aligned: the warps of the warpgroup must execute the same wgmma.mma_async.
// Each warp counts the ones it issued; a sibling that already issued this
// one (its count is one ahead) must have issued it at the same PC, and a
// sibling that exited before reaching it never will.
void checkAligned(ExecCtx& ctx, std::uint32_t pc) {
  const MachineState& st = ctx.state();
  const CtaState& cta = ctx.cta();
  const std::uint32_t wic = ctx.warp().warpInCta, first = cta.firstWarp + wic / 4 * 4;
  const std::uint32_t mine = ctx.warp().groups.wgmma.issued;
  const std::uint32_t present = std::min<std::uint32_t>(4, cta.firstWarp + cta.numWarps - first);
  if (present < 4)
    ctx.diag(DiagKind::WgmmaNotAligned, ctx.lanes(),
             fmt::format("warpgroup {} of the CTA has {} warp{}, not 4: the warps that would hold rows {}..63 of D "
                         "do not exist",
                         wic / 4, present, present == 1 ? "" : "s", 16 * present));
  for (std::uint32_t w = first; w < first + present; ++w) {
    if (w == ctx.warpIndex()) continue;
    const WarpState& s = st.warps[w];
    const WgmmaQueue& q = s.groups.wgmma;
    if (q.issued == mine + 1 && q.lastPc != pc)
      ctx.diag(DiagKind::WgmmaNotAligned, ctx.lanes(),
               fmt::format("warp {} of the CTA ran wgmma.mma_async number {} at line {}, this warp at line {}",
                           s.warpInCta, mine + 1, ctx.program().instrs[q.lastPc].pos.line, ctx.ins().pos.line));
    else if (s.ctl.live() == 0 && q.issued <= mine)
      ctx.diag(DiagKind::WgmmaNotAligned, ctx.lanes(),
               fmt::format("warp {} of the CTA exited without executing this wgmma.mma_async: rows {}..{} of D are "
                           "not computed",
                           s.warpInCta, 16 * (s.warpInCta % 4), 16 * (s.warpInCta % 4) + 15));
  }
}

// wgmma.fence before the first wgmma.mma_async of the warp. A register of
// A or D written between the fence and the wgmma.mma_async is undefined by
// the letter of the same paragraph, but it is what nvcc emits for an
// accumulator initialised in C++ (the zeroing moves sink below the inline
// fence), ptxas orders those virtual-register writes before the wgmma that
// reads them, and the H200 computes the expected D
// (tests/data/hopper/wgmma-*): reporting it would cry wolf on correct
// kernels, so only the missing first fence is reported. Accesses while a
// wgmma is pending are reported by the register watch (wgmma_watch.cpp).
void checkFence(ExecCtx& ctx) {
  if (!ctx.warp().groups.wgmma.fenced)
    ctx.diag(DiagKind::WgmmaNoFence, ctx.lanes(), "no wgmma.fence before this warp's first wgmma.mma_async");
}

// The accumulator input of register `reg` of `lane`: the newest pending
// wgmma.mma_async's result for it, where one is pending (wgmma.mma_async
// instructions that accumulate into the same registers are ordered by the
// ISA), else the register.
std::uint64_t accumulatorIn(ExecCtx& ctx, const WgmmaQueue& q, const Operand& reg, int lane) {
  if (reg.kind == OperandKind::Reg)
    for (auto p = q.pending.rbegin(); p != q.pending.rend(); ++p)
      for (std::size_t i = 0; i < p->dRegs.size(); ++i)
        if (p->dRegs[i] == reg.reg) return p->values[i * kWarpSize + static_cast<std::size_t>(lane)];
  return ctx.read(lane, reg, DataType::B32);
}

// The MmaForm the numerics take for a wgmma: D's 64 x N, its K summed in
// chunks of wgmmaBlockK (each chunk as the H100 sums an mma.sync, the
// previous chunk's result its accumulator: matrix_numerics.hpp); fp8 inputs
// follow wgmma's own rule (Rule::WgmmaFp8, chosen by m.op: 13 alignment
// bits, not mma.sync's two chained passes).
MmaForm numericsForm(const WgmmaForm& f) {
  MmaForm m;
  m.op = Opcode::WgmmaMmaAsync;
  m.shape = {kWgmmaM, f.n, wgmmaBlockK(f.a)};
  m.a = f.a;
  m.b = f.b;
  m.c = m.d = f.d;
  m.satfinite = f.satfinite;
  m.bitOp = Mod::And;
  return m;
}

}  // namespace

void execWgmmaMmaAsync(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  auto decoded = decodeWgmma(ins);
  if (auto* err = std::get_if<std::string>(&decoded)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{}: {}", ins.info().mnemonic, *err));
    return;
  }
  const WgmmaForm& f = std::get<WgmmaForm>(decoded);
  if (!checkVector(ctx, 0, f.dRegs(), "D")) return;
  if (f.aInRegs && !checkVector(ctx, 1, WgmmaForm::kARegs, "A")) return;
  reportPartialWarp(ctx);
  const std::uint32_t pc = ctx.warp().ctl.pc[static_cast<std::size_t>(std::countr_zero(ctx.lanes()))];
  checkAligned(ctx, pc);
  const std::vector<Operand> dOps = regsOf(ins, 0);
  checkFence(ctx);

  const int lead = std::countr_zero(ctx.lanes());
  const int q = static_cast<int>(ctx.warp().warpInCta % kWarpgroupWarps);
  const int bits = elemBits(f.a);
  const auto K = static_cast<std::size_t>(f.k), N = static_cast<std::size_t>(f.n);
  std::vector<std::uint64_t> chunks;  // 16-byte shared-memory chunks read, for the flows

  // A: this warp's 16 rows, [row][k].
  std::vector<Bits> A(16, Bits(K, 0));
  if (f.aInRegs) {
    const Fragment frag = readFragment(ctx, regsOf(ins, 1), 32);
    for (int l = 0; l < kWarpSize; ++l)
      for (int r = 0; r < WgmmaForm::kARegs; ++r)
        for (int j = 0; j < f.aPerReg(); ++j) {
          const WgCell c = wgmmaACell(f, 32 * q + l, r, j);
          A[static_cast<std::size_t>(c.row - 16 * q)][static_cast<std::size_t>(c.col)] =
              slotBits(frag[static_cast<std::size_t>(r)][static_cast<std::size_t>(l)], j, bits);
        }
  } else {
    const MatrixDescriptor d = decodeDescriptor(readDescriptor(ctx, ins.ops[1], lead, "A"));
    for (std::size_t r = 0; r < 16; ++r)
      for (std::size_t k = 0; k < K; ++k)
        A[r][k] = loadElement(ctx, lead, descriptorElement(d, !f.transA, bits, 16 * q + static_cast<int>(r),
                                                           static_cast<int>(k)),
                              bits, chunks);
  }
  // B: [column n][k], from its descriptor.
  std::vector<Bits> B(N, Bits(K, 0));
  {
    const MatrixDescriptor d = decodeDescriptor(readDescriptor(ctx, ins.ops[2], lead, "B"));
    for (std::size_t n = 0; n < N; ++n)
      for (std::size_t k = 0; k < K; ++k)
        B[n][k] = loadElement(ctx, lead, descriptorElement(d, !f.transB, bits, static_cast<int>(n), static_cast<int>(k)),
                              bits, chunks);
  }
  // imm-scale-a/b = -1 negates every element of the matrix.
  if (f.scaleA < 0)
    for (Bits& row : A)
      for (std::uint64_t& x : row) x ^= signBit(f.a);
  if (f.scaleB < 0)
    for (Bits& col : B)
      for (std::uint64_t& x : col) x ^= signBit(f.b);

  // scale-d: a predicate or an immediate; false: D = A x B.
  const Operand& sd = ins.ops[3];
  const bool scaleD = sd.kind == OperandKind::Imm ? sd.imm != 0 : ctx.readPred(lead, sd);

  WgmmaPending p;
  p.pc = pc;
  p.lanes = ctx.lanes();
  p.group = ctx.warp().groups.wgmma.committed;
  for (const Operand& o : dOps) p.dRegs.push_back(o.kind == OperandKind::Reg ? o.reg : ~0u);
  if (f.aInRegs)
    for (const Operand& o : regsOf(ins, 1)) p.aRegs.push_back(o.kind == OperandKind::Reg ? o.reg : ~0u);
  p.values.assign(dOps.size() * kWarpSize, 0);
  const WgmmaQueue& queue = ctx.warp().groups.wgmma;
  const int perReg = f.dPerReg(), dBits = 32 / perReg;
  // This warp's 16 x N tile of C, gathered from the lanes' registers; D
  // computed in one go; then scattered back into the lanes' D values.
  const auto cell = [&](int l, std::size_t r, int j) {
    const WgCell c = wgmmaDCell(f, 32 * q + l, static_cast<int>(r), j);
    return static_cast<std::size_t>(c.row - 16 * q) * N + static_cast<std::size_t>(c.col);
  };
  std::vector<std::uint64_t> tile(16 * N, 0);
  if (scaleD)
    for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
      const int l = std::countr_zero(m);
      for (std::size_t r = 0; r < dOps.size(); ++r) {
        const std::uint64_t cReg = accumulatorIn(ctx, queue, dOps[r], l);
        for (int j = 0; j < perReg; ++j) tile[cell(l, r, j)] = slotBits(cReg, j, dBits);
      }
    }
  dotTile(numericsForm(f), A, B, static_cast<std::size_t>(wgmmaBlockK(f.a)), tile);
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    for (std::size_t r = 0; r < dOps.size(); ++r) {
      std::uint64_t out = 0;
      for (int j = 0; j < perReg; ++j)
        out |= (tile[cell(l, r, j)] & ((std::uint64_t{1} << dBits) - 1)) << (j * dBits);
      p.values[r * kWarpSize + static_cast<std::size_t>(l)] = static_cast<std::uint32_t>(out);
    }
  }
  WgmmaQueue& w = ctx.groups().wgmma;
  ++w.issued;
  w.lastPc = pc;
  w.pending.push_back(std::move(p));

  // Flows: every 16-byte chunk of shared memory the descriptors named, into
  // the warp (its lowest lane stands for the warp's tensor-core operation).
  if (ctx.record()) {
    std::sort(chunks.begin(), chunks.end());
    chunks.erase(std::unique(chunks.begin(), chunks.end()), chunks.end());
    for (std::uint64_t a : chunks) {
      Flow fl;
      fl.kind = FlowKind::AsyncIssue;
      fl.from = Endpoint::ofMemory(Space::Shared, ctx.warp().cta, a);
      fl.to = Endpoint::ofLane(ctx.warpIndex(), lead, dOps.empty() ? -1 : static_cast<std::int32_t>(dOps[0].reg));
      fl.bytes = 16;
      fl.issuerLane = static_cast<std::uint8_t>(lead);
      ctx.flow(fl);
    }
  }
}

void execWgmmaFence(ExecCtx& ctx) {
  ctx.groups().wgmma.fenced = true;
}

void execWgmmaCommitGroup(ExecCtx& ctx) { ++ctx.groups().wgmma.committed; }

// wgmma.wait_group N: the wgmma-groups older than the N most recent ones
// complete; their results go into the D registers in issue order (a later
// operation on the same registers accumulated onto the earlier result).
void execWgmmaWaitGroup(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.empty() || ins.ops[0].kind != OperandKind::Imm || ins.ops[0].imm < 0) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), "wgmma.wait_group: N must be a non-negative integer constant");
    return;
  }
  const WgmmaQueue& now = ctx.warp().groups.wgmma;
  const auto keep = static_cast<std::uint64_t>(ins.ops[0].imm);
  const std::uint64_t done = now.committed > keep ? now.committed - keep : 0;  // groups [0, done) complete
  if (std::none_of(now.pending.begin(), now.pending.end(), [&](const WgmmaPending& p) { return p.group < done; }))
    return;
  WgmmaQueue& q = ctx.groups().wgmma;
  std::vector<WgmmaPending> still;
  for (WgmmaPending& p : q.pending) {
    if (p.group >= done) {
      still.push_back(std::move(p));
      continue;
    }
    for (std::size_t r = 0; r < p.dRegs.size(); ++r) {
      if (p.dRegs[r] == ~0u) continue;
      for (LaneMask m = p.lanes; m; m &= m - 1) {
        const int l = std::countr_zero(m);
        ctx.writeReg(l, p.dRegs[r], p.values[r * kWarpSize + static_cast<std::size_t>(l)]);
      }
    }
    if (ctx.record() && !p.dRegs.empty()) {
      Flow fl;
      fl.kind = FlowKind::AsyncComplete;
      const int lead = std::countr_zero(p.lanes);
      fl.from = Endpoint::ofLane(ctx.warpIndex(), lead);
      fl.to = Endpoint::ofLane(ctx.warpIndex(), lead, static_cast<std::int32_t>(p.dRegs[0]));
      fl.order = p.pc;
      fl.issuerLane = static_cast<std::uint8_t>(lead);
      ctx.flow(fl);
    }
  }
  q.pending = std::move(still);
}

}  // namespace ws::core::mx
