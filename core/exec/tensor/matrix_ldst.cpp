// PTX ISA 9.0, 9.7.14.5.15 ldmatrix, 9.7.14.5.16 stmatrix, 9.7.14.5.17
// movmatrix (warp-level matrix load, store and transpose of 8x8 b16
// matrices), plus execMatrix, the dispatch of the warp-matrix family, and the
// helpers the matrix handlers share.
//
//   ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}{.shared{::cta}}.b16 d, [a];
// "Each address corresponds to the start of a matrix row": lanes 8m..8m+7
// give the addresses of rows 0..7 of matrix m (x1: lanes 0-7, x2: 0-15, x4:
// all); a row is 8 b16 elements (16 bytes). Register m of lane l receives
// elements (l/4, 2(l%4)) and (l/4, 2(l%4)+1) of matrix m; with .trans the
// matrix is read column-major: elements (2(l%4), l/4) and (2(l%4)+1, l/4).
// The engine has made every lane of the warp arrive (kCollective): the
// handler gathers all row addresses and rows first, then writes.
#include <fmt/format.h>

#include <bit>

#include "core/exec/tensor/matrix_common.hpp"
#include "core/exec/tensor/wgmma_exec.hpp"

namespace ws::core::mx {

const std::vector<::ws::core::Operand>* vectorElems(const ::ws::core::Operand& op) {
  return op.kind == OperandKind::Vector ? &op.elems : nullptr;
}

std::vector<::ws::core::Operand> regsOf(const Instr& ins, std::size_t index) {
  if (index >= ins.ops.size()) return {};
  const ::ws::core::Operand& op = ins.ops[index];
  if (op.kind == OperandKind::Vector) return op.elems;
  return {op};
}

bool checkVector(ExecCtx& ctx, std::size_t index, int regs, std::string_view what) {
  const Instr& ins = ctx.ins();
  const auto r = regsOf(ins, index);
  if (static_cast<int>(r.size()) == regs) return true;
  ctx.diag(DiagKind::Unsupported, ctx.lanes(),
           fmt::format("{}: the {} operand has {} registers, this form needs {}", ins.info().mnemonic, what, r.size(),
                       regs));
  return false;
}

Fragment readFragment(ExecCtx& ctx, const std::vector<::ws::core::Operand>& regs, int regBits) {
  Fragment f(regs.size());
  const DataType t = regBits == 64 ? DataType::B64 : DataType::B32;
  for (std::size_t r = 0; r < regs.size(); ++r) {
    ctx.gather(regs[r], t, f[r]);
    for (int l = 0; l < kWarpSize; ++l)
      if (!((ctx.lanes() >> l) & 1u)) f[r][static_cast<std::size_t>(l)] = 0;
  }
  return f;
}

void reportPartialWarp(ExecCtx& ctx) {
  const LaneMask absent = ctx.warp().ctl.valid & ~ctx.lanes();
  if (absent == 0) return;
  ctx.diag(DiagKind::MatrixPartialWarp, absent,
           fmt::format("{} runs without lanes {:#010x} (exited or elsewhere): their fragment elements are undefined "
                       "(read here as 0)",
                       ctx.ins().info().mnemonic, absent));
}

namespace {

// The row addresses of the matrices an ldmatrix/stmatrix names: [matrix][row].
struct RowTable {
  int count = 0;
  std::array<std::array<ExecCtx::Address, 8>, 4> addr{};
  std::array<std::array<bool, 8>, 4> ok{};
};

RowTable rowAddresses(ExecCtx& ctx, const ::ws::core::Operand& addrOp) {
  RowTable t;
  t.count = matrixCount(ctx.ins());
  const std::uint32_t w = ctx.warpIndex();
  for (int m = 0; m < t.count; ++m) {
    for (int r = 0; r < 8; ++r) {
      const int lane = rowAddressLane(m, r);
      const auto mi = static_cast<std::size_t>(m), ri = static_cast<std::size_t>(r);
      if (!((ctx.lanes() >> lane) & 1u)) continue;
      t.addr[mi][ri] = ctx.address(lane, addrOp);
      t.ok[mi][ri] = true;
      const ExecCtx::Address s = ctx.toSpecific(t.addr[mi][ri]);
      Flow f;
      f.kind = FlowKind::RowAddress;
      f.from = Endpoint::ofLane(w, lane, addrOp.hasBase ? static_cast<std::int32_t>(addrOp.reg) : -1);
      f.to = Endpoint::ofMemory(s.space, ctx.warp().cta, s.addr);
      f.value = s.addr;
      f.order = static_cast<std::uint32_t>(m);
      f.group = static_cast<std::uint32_t>(r);
      ctx.flow(f);
    }
  }
  return t;
}

void execLdmatrixImpl(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int count = matrixCount(ins);
  if (ins.ops.size() < 2 || count == 0 || !checkVector(ctx, 0, count, "destination")) return;
  reportPartialWarp(ctx);
  const bool trans = ins.has(Mod::Trans);
  // Phase 1: every row (the lanes that give a row's address read it).
  const RowTable rows = rowAddresses(ctx, ins.ops[1]);
  std::array<std::array<std::array<std::uint16_t, 8>, 8>, 4> mat{};  // [matrix][row][col]
  for (int m = 0; m < count; ++m) {
    for (int r = 0; r < 8; ++r) {
      const auto mi = static_cast<std::size_t>(m), ri = static_cast<std::size_t>(r);
      if (!rows.ok[mi][ri]) continue;
      const int lane = rowAddressLane(m, r);
      for (unsigned half = 0; half < 2; ++half) {
        ExecCtx::Address a = rows.addr[mi][ri];
        a.addr += 8 * half;
        std::uint64_t v = 0;
        if (!ctx.load(lane, a, 8, v)) break;
        for (int c = 0; c < 4; ++c)
          mat[mi][ri][static_cast<std::size_t>(4 * half + c)] = static_cast<std::uint16_t>(v >> (16 * c));
      }
    }
  }
  // Phase 2: every lane's registers.
  const auto dst = regsOf(ins, 0);
  const std::uint32_t w = ctx.warpIndex();
  for (int j = 0; j < count; ++j) {
    LaneValues v{};
    for (int l = 0; l < kWarpSize; ++l) {
      std::uint64_t bits = 0;
      for (int h = 0; h < 2; ++h) {
        const MatCell c = ldmatrixCell(trans, l, j, h);
        bits |= std::uint64_t{mat[static_cast<std::size_t>(c.matrix)][static_cast<std::size_t>(c.row)]
                                 [static_cast<std::size_t>(c.col)]}
                << (16 * h);
      }
      v[static_cast<std::size_t>(l)] = bits;
    }
    ctx.scatter(dst[static_cast<std::size_t>(j)], v);
    if (!ctx.record()) continue;
    for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
      const int l = std::countr_zero(m);
      // The row (non-trans) or first row (trans) this register's elements come from.
      const MatCell c = ldmatrixCell(trans, l, j, 0);
      const auto mi = static_cast<std::size_t>(j), ri = static_cast<std::size_t>(c.row);
      if (!rows.ok[mi][ri]) continue;
      const ExecCtx::Address s = ctx.toSpecific(rows.addr[mi][ri]);
      Flow f;
      f.kind = FlowKind::Load;
      f.from = Endpoint::ofMemory(s.space, ctx.warp().cta, s.addr + 2u * static_cast<unsigned>(c.col));
      f.to = Endpoint::ofLane(w, l,
                              dst[static_cast<std::size_t>(j)].kind == OperandKind::Reg
                                  ? static_cast<std::int32_t>(dst[static_cast<std::size_t>(j)].reg)
                                  : -1);
      f.value = v[static_cast<std::size_t>(l)];
      f.order = static_cast<std::uint32_t>(j);
      f.group = static_cast<std::uint32_t>(c.row);
      ctx.flow(f);
    }
  }
}

// stmatrix: the inverse of ldmatrix (same element mapping): register m of
// lane l goes to matrix m, whose row r is stored at the address lane 8m+r
// gives. Rows are written in matrix, then row order.
void execStmatrixImpl(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const int count = matrixCount(ins);
  if (ins.ops.size() < 2 || count == 0 || !checkVector(ctx, 1, count, "source")) return;
  reportPartialWarp(ctx);
  const bool trans = ins.has(Mod::Trans);
  const Fragment src = readFragment(ctx, regsOf(ins, 1), 32);
  std::array<std::array<std::array<std::uint16_t, 8>, 8>, 4> mat{};
  for (int j = 0; j < count; ++j)
    for (int l = 0; l < kWarpSize; ++l)
      for (int h = 0; h < 2; ++h) {
        const MatCell c = ldmatrixCell(trans, l, j, h);
        mat[static_cast<std::size_t>(c.matrix)][static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)] =
            static_cast<std::uint16_t>(src[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)] >> (16 * h));
      }
  const RowTable rows = rowAddresses(ctx, ins.ops[0]);
  for (int m = 0; m < count; ++m)
    for (int r = 0; r < 8; ++r) {
      const auto mi = static_cast<std::size_t>(m), ri = static_cast<std::size_t>(r);
      if (!rows.ok[mi][ri]) continue;
      const int lane = rowAddressLane(m, r);
      for (unsigned half = 0; half < 2; ++half) {
        std::uint64_t v = 0;
        for (int c = 0; c < 4; ++c) v |= std::uint64_t{mat[mi][ri][static_cast<std::size_t>(4 * half + c)]} << (16 * c);
        ExecCtx::Address a = rows.addr[mi][ri];
        a.addr += 8 * half;
        if (!ctx.store(lane, a, 8, v)) break;
      }
    }
}

// movmatrix.sync.aligned.m8n8.trans.b16 d, a: a holds an 8x8 matrix in the
// ldmatrix layout (lane l: row l/4, columns 2(l%4), 2(l%4)+1); d receives its
// transpose in the same layout.
void execMovmatrixImpl(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 2) return;
  reportPartialWarp(ctx);
  const Fragment src = readFragment(ctx, regsOf(ins, 1), 32);
  std::array<std::array<std::uint16_t, 8>, 8> mat{};
  for (int l = 0; l < kWarpSize; ++l)
    for (int h = 0; h < 2; ++h) {
      const MatCell c = ldmatrixCell(false, l, 0, h);
      mat[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)] =
          static_cast<std::uint16_t>(src[0][static_cast<std::size_t>(l)] >> (16 * h));
    }
  LaneValues out{};
  for (int l = 0; l < kWarpSize; ++l)
    for (int h = 0; h < 2; ++h) {
      const MatCell c = ldmatrixCell(true, l, 0, h);
      out[static_cast<std::size_t>(l)] |=
          std::uint64_t{mat[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)]} << (16 * h);
    }
  ctx.scatter(ins.ops[0], out);
}

}  // namespace

void execLdmatrix(ExecCtx& ctx) { execLdmatrixImpl(ctx); }
void execStmatrix(ExecCtx& ctx) { execStmatrixImpl(ctx); }
void execMovmatrix(ExecCtx& ctx) { execMovmatrixImpl(ctx); }

}  // namespace ws::core::mx

namespace ws::core {

void execMatrix(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Ldmatrix:
      mx::execLdmatrix(ctx);
      return;
    case Opcode::Stmatrix:
      mx::execStmatrix(ctx);
      return;
    case Opcode::Movmatrix:
      mx::execMovmatrix(ctx);
      return;
    case Opcode::Mma:
    case Opcode::WmmaMma:
      mx::execMma(ctx);
      return;
    case Opcode::WmmaLoad:
      mx::execWmmaLoad(ctx);
      return;
    case Opcode::WmmaStore:
      mx::execWmmaStore(ctx);
      return;
    case Opcode::WgmmaMmaAsync:
      mx::execWgmmaMmaAsync(ctx);
      return;
    case Opcode::WgmmaFence:
      mx::execWgmmaFence(ctx);
      return;
    case Opcode::WgmmaCommitGroup:
      mx::execWgmmaCommitGroup(ctx);
      return;
    case Opcode::WgmmaWaitGroup:
      mx::execWgmmaWaitGroup(ctx);
      return;
    default:
      ctx.diag(DiagKind::Unsupported, ctx.lanes(),
               fmt::format("{} has no handler in this engine", ctx.ins().info().mnemonic));
      return;
  }
}

}  // namespace ws::core
