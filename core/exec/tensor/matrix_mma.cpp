// PTX ISA 9.0, 9.7.14.5.14 mma.sync (warp-level matrix multiply-accumulate)
// and 9.7.14.4 wmma.mma; wmma.load and wmma.store (9.7.14.4).
//
//   mma.sync.aligned.shape.alayout.blayout{.satfinite}.dtype.atype.btype.ctype{.bitOp.popc} d, a, b, c;
//   wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c;              (f16)
//   wmma.mma.sync.aligned.alayout.blayout.shape.dtype.atype.btype.ctype{.satfinite}{.rnd} d, a, b, c;
//   wmma.mma.op.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 d, a, b, c;
// Every lane of the warp holds a fragment of A, B and C (layouts:
// matrix_layout.hpp); D = A x B + C is computed element by element with the
// H100's arithmetic (matrix_numerics.hpp) and scattered back as a fragment.
// The engine has made the whole warp arrive: all fragments are gathered
// before D is written (d may alias c).
//
//   wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.type r, [p]{, stride};
//   wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r{, stride};
// Element (row, col) of the matrix at p is at p + (row * stride + col) *
// size (.row) or p + (col * stride + row) * size (.col); stride is in
// elements and defaults to the matrix's width (.row) or height (.col). Each
// lane reads and writes the elements of its own fragment at its own p.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/exec/tensor/matrix_common.hpp"
#include "core/exec/tensor/matrix_numerics.hpp"

namespace ws::core::mx {
namespace {

// Matrix M of operand o of form f from its fragment: [problem][row][col].
using Matrix = std::vector<std::vector<std::vector<std::uint64_t>>>;

Matrix emptyMatrix(const MmaForm& f, MatOp o) {
  return Matrix(
      static_cast<std::size_t>(f.problems()),
      std::vector<std::vector<std::uint64_t>>(static_cast<std::size_t>(f.rows(o)),
                                              std::vector<std::uint64_t>(static_cast<std::size_t>(f.cols(o)), 0)));
}

Matrix gatherMatrix(const MmaForm& f, MatOp o, const Fragment& frag) {
  Matrix m = emptyMatrix(f, o);
  const FragShape s = fragShape(f, o);
  // The copies in an f16 wmma fragment's registers beyond `unique` are not
  // read: the H100 uses the first (tc_wmma2 mma_*_z<r>: zeroing a copy
  // changes no D element).
  forEachFragElement(f, o, [&](int lane, int reg, int slot, Cell c) {
    if (reg >= s.unique) return;
    m[static_cast<std::size_t>(c.problem)][static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)] =
        slotBits(frag[static_cast<std::size_t>(reg)][static_cast<std::size_t>(lane)], slot, s.elemBits);
  });
  return m;
}

Fragment scatterMatrix(const MmaForm& f, MatOp o, const Matrix& m) {
  const FragShape s = fragShape(f, o);
  Fragment frag(static_cast<std::size_t>(s.regs));
  for (auto& v : frag) v.fill(0);
  forEachFragElement(f, o, [&](int lane, int reg, int slot, Cell c) {
    const std::uint64_t mask = s.elemBits >= 64 ? ~0ull : (std::uint64_t{1} << s.elemBits) - 1;
    frag[static_cast<std::size_t>(reg)][static_cast<std::size_t>(lane)] |=
        (m[static_cast<std::size_t>(c.problem)][static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)] &
         mask)
        << (slot * s.elemBits);
  });
  return frag;
}

}  // namespace

void execMma(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  auto decoded = decodeMma(ins);
  if (auto* err = std::get_if<std::string>(&decoded)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{}: {}", ins.info().mnemonic, *err));
    return;
  }
  const MmaForm& f = std::get<MmaForm>(decoded);
  if (ins.ops.size() < 4) return;
  const MatOp ops[] = {MatOp::D, MatOp::A, MatOp::B, MatOp::C};
  for (std::size_t i = 0; i < 4; ++i)
    if (!checkVector(ctx, i, fragShape(f, ops[i]).regs, std::string(operandName(ops[i])))) return;
  reportPartialWarp(ctx);

  // Phase 1: the A, B and C fragments of every lane, as matrices.
  const Matrix A = gatherMatrix(f, MatOp::A, readFragment(ctx, regsOf(ins, 1), fragShape(f, MatOp::A).regBits));
  const Matrix B = gatherMatrix(f, MatOp::B, readFragment(ctx, regsOf(ins, 2), fragShape(f, MatOp::B).regBits));
  const Matrix C = gatherMatrix(f, MatOp::C, readFragment(ctx, regsOf(ins, 3), fragShape(f, MatOp::C).regBits));

  // Phase 2: D, one tile per problem (every element of A and B decoded
  // once), then its fragment.
  Matrix D = emptyMatrix(f, MatOp::D);
  const auto M = static_cast<std::size_t>(f.shape.m), N = static_cast<std::size_t>(f.shape.n),
             K = static_cast<std::size_t>(f.shape.k);
  std::vector<std::vector<std::uint64_t>> bcols(N, std::vector<std::uint64_t>(K));
  std::vector<std::uint64_t> tile(M * N);
  for (std::size_t p = 0; p < D.size(); ++p) {
    for (std::size_t n = 0; n < N; ++n)
      for (std::size_t k = 0; k < K; ++k) bcols[n][k] = B[p][k][n];
    for (std::size_t r = 0; r < M; ++r)
      for (std::size_t n = 0; n < N; ++n) tile[r * N + n] = C[p][r][n];
    dotTile(f, std::span(A[p]).first(M), bcols, K, tile);
    for (std::size_t r = 0; r < M; ++r)
      for (std::size_t n = 0; n < N; ++n) D[p][r][n] = tile[r * N + n];
  }
  const Fragment out = scatterMatrix(f, MatOp::D, D);
  const auto dst = regsOf(ins, 0);
  for (std::size_t r = 0; r < dst.size(); ++r) ctx.scatter(dst[r], out[r]);
}

namespace {

struct WmmaAccess {
  WmmaLdSt form;
  MmaForm mma;
  FragShape shape;
  std::uint64_t stride = 0;  // elements
};

std::optional<WmmaAccess> wmmaAccess(ExecCtx& ctx, std::size_t fragOperand, std::size_t strideOperand) {
  const Instr& ins = ctx.ins();
  auto decoded = decodeWmmaLdSt(ins);
  if (auto* err = std::get_if<std::string>(&decoded)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{}: {}", ins.info().mnemonic, *err));
    return std::nullopt;
  }
  WmmaAccess w;
  w.form = std::get<WmmaLdSt>(decoded);
  w.mma = w.form.mmaForm();
  w.shape = fragShape(w.mma, w.form.frag);
  if (ins.ops.size() < 2 || !checkVector(ctx, fragOperand, w.shape.regs, "fragment")) return std::nullopt;
  const int rows = w.mma.rows(w.form.frag), cols = w.mma.cols(w.form.frag);
  w.stride = static_cast<std::uint64_t>(w.form.rowMajor ? cols : rows);
  if (ins.ops.size() > strideOperand) {
    // The stride is the same in every lane (".aligned"); the lowest lane's is used.
    const int lead = std::countr_zero(ctx.lanes());
    w.stride = ctx.read(lead, ins.ops[strideOperand], DataType::U32);
  }
  return w;
}

// The bit offset of a matrix element from p (elements of 4 and 1 bits are
// packed from bit 0 of each byte up; the stride counts elements).
std::uint64_t elementBit(const WmmaAccess& w, Cell c) {
  const auto row = static_cast<std::uint64_t>(c.row), col = static_cast<std::uint64_t>(c.col);
  const std::uint64_t index = w.form.rowMajor ? row * w.stride + col : col * w.stride + row;
  return index * static_cast<std::uint64_t>(w.shape.elemBits);
}

}  // namespace

void execWmmaLoad(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  auto w = wmmaAccess(ctx, 0, 2);
  if (!w) return;
  reportPartialWarp(ctx);
  const int bits = w->shape.elemBits;
  const unsigned bytes = static_cast<unsigned>(std::max(bits / 8, 1));
  Fragment frag(static_cast<std::size_t>(w->shape.regs));
  for (auto& v : frag) v.fill(0);
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const ExecCtx::Address base = ctx.address(l, ins.ops[1]);
    for (int r = 0; r < w->shape.regs; ++r)
      for (int j = 0; j < w->shape.perReg; ++j) {
        const std::uint64_t bit = elementBit(*w, fragCell(w->mma, w->form.frag, l, r, j));
        ExecCtx::Address a = base;
        a.addr += bit / 8;
        std::uint64_t v = 0;
        if (!ctx.load(l, a, bytes, v)) continue;
        if (bits < 8) v = slotBits(v, static_cast<int>(bit % 8) / bits, bits);
        frag[static_cast<std::size_t>(r)][static_cast<std::size_t>(l)] |= v << (j * bits);
      }
  }
  const auto dst = regsOf(ins, 0);
  for (std::size_t r = 0; r < dst.size(); ++r) ctx.scatter(dst[r], frag[r]);
}

void execWmmaStore(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  auto w = wmmaAccess(ctx, 1, 2);
  if (!w) return;
  reportPartialWarp(ctx);
  // Accumulator elements are 16 bits or wider: whole bytes.
  const unsigned bytes = static_cast<unsigned>(w->shape.elemBits / 8);
  const Fragment frag = readFragment(ctx, regsOf(ins, 1), w->shape.regBits);
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const ExecCtx::Address base = ctx.address(l, ins.ops[0]);
    for (int r = 0; r < w->shape.regs; ++r)
      for (int j = 0; j < w->shape.perReg; ++j) {
        ExecCtx::Address a = base;
        a.addr += elementBit(*w, fragCell(w->mma, w->form.frag, l, r, j)) / 8;
        ctx.store(l, a, bytes,
                  slotBits(frag[static_cast<std::size_t>(r)][static_cast<std::size_t>(l)], j, w->shape.elemBits));
      }
  }
}

}  // namespace ws::core::mx
