// The warpgroup view of a wgmma.mma_async step: A x B -> D as three tiles.
// A and B come from shared memory through their matrix descriptors (each
// cell names its address and the 16-byte chunk of its matrix row, coloured
// by that chunk so a swizzle's permutation is visible in the tooltips and
// the SVG), or A from the registers of the four warps; D is the 64xN
// accumulator, each cell coloured by the lane that holds it, in the warp
// that holds it (rows 16q..16q+15 belong to warp q of the warpgroup). The
// layouts are the engine's own (core/exec/tensor/wgmma_layout.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "core/exec/tensor/wgmma_layout.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/matrix_cells.hpp"
#include "ui/views/matrix_view.hpp"

namespace ws::ui {
namespace {

namespace mx = core::mx;

// The lowest lane of the step, whose descriptor the engine used.
int leadLane(const core::StepRecord& r) {
  for (int l = 0; l < core::kWarpSize; ++l)
    if ((r.lanes >> l) & 1u) return l;
  return 0;
}

// The first warp of the warpgroup of `warp`, and how many warps it has.
std::uint32_t warpgroupBase(const core::MachineState& s, std::uint32_t warp) {
  const core::WarpState& w = s.warps[warp];
  return s.ctas[w.cta].firstWarp + w.warpInCta / 4 * 4;
}

// A tile read through a descriptor: A (rows = M, cols = K) or B (rows = K,
// cols = N); `kMajor` as in descriptorElement.
MatrixTile descriptorTile(const Frame& f, std::uint32_t cta, const mx::WgmmaForm& form, bool isA, std::uint64_t bits) {
  const mx::MatrixDescriptor d = mx::decodeDescriptor(bits);
  const mx::Elem e = isA ? form.a : form.b;
  const int eb = mx::elemBits(e);
  const bool kMajor = !(isA ? form.transA : form.transB);
  MatrixTile t;
  t.name = isA ? "A" : "B";
  t.role = isA ? "a" : "b";
  t.rows = isA ? mx::kWgmmaM : form.k;
  t.cols = isA ? form.k : form.n;
  t.caption = fmt::format("{} {}x{} {} from shared memory ({}{})", t.name, t.rows, t.cols, mx::elemName(e),
                          kMajor ? "K-major" : "MN-major", d.swizzle == core::Swizzle::None
                                                               ? ", no swizzle"
                                                               : fmt::format(", {} swizzle", core::swizzleName(d.swizzle)));
  t.cells.resize(static_cast<std::size_t>(t.rows * t.cols));
  for (int r = 0; r < t.rows; ++r)
    for (int c = 0; c < t.cols; ++c) {
      const int mn = isA ? r : c, k = isA ? c : r;
      const mx::ElemLoc loc = mx::descriptorElement(d, kMajor, eb, mn, k);
      const unsigned bytes = static_cast<unsigned>(std::max(eb / 8, 1));
      std::uint64_t v = cellValue(f, core::Space::Shared, cta, loc.addr, bytes);
      if (eb < 8) v = (v >> loc.bit) & ((std::uint64_t{1} << eb) - 1);
      MatrixCell& cell = t.cells[static_cast<std::size_t>(r * t.cols + c)];
      cell.value = elemText(e, v);
      cell.addr = static_cast<std::int64_t>(loc.addr);
      // The chunk before the swizzle (its place in the matrix row) and
      // where the swizzle put it.
      const std::uint64_t logical = core::swizzleAddress(loc.addr, d.swizzle);
      const unsigned rowChunks = core::swizzleRowBytes(d.swizzle) / 16;
      cell.chunk = static_cast<int>((logical >> 4) % std::max(rowChunks, 1u));
      const int stored = static_cast<int>((loc.addr >> 4) % std::max(rowChunks, 1u));
      cell.tooltip = fmt::format("{}[{}][{}] = {}: shared {:#x}", t.name, r, c, cell.value, loc.addr);
      if (d.swizzle != core::Swizzle::None)
        cell.tooltip += fmt::format(", 16-byte chunk {} of its {}-byte row, stored at chunk {} by the swizzle", cell.chunk,
                                    core::swizzleRowBytes(d.swizzle), stored);
    }
  return t;
}

}  // namespace

std::optional<MatrixView> buildWgmmaView(const Frame& f) {
  const core::StepRecord* r = f.record;
  const core::Instr* ins = r ? instrAt(f.prog(), r->pc) : nullptr;
  if (!ins || ins->op != core::Opcode::WgmmaMmaAsync) return std::nullopt;
  const core::MachineState& s = f.st();
  MatrixView v;
  v.kind = MatrixView::Kind::Wgmma;
  v.warp = r->warp;
  v.laneText.resize(core::kWarpSize);
  auto decoded = mx::decodeWgmma(*ins);
  if (auto* e = std::get_if<std::string>(&decoded)) {
    v.error = *e;
    return v;
  }
  const mx::WgmmaForm form = std::get<mx::WgmmaForm>(decoded);
  v.title = "wgmma.mma_async " + form.describe();
  v.rule = "D = A x B + D (scale-d 0: D = A x B); exact products, summed per the tensor-core block rule "
           "(docs/tensor-cores.md). The result lands in D at the wgmma.wait_group that covers this group.";
  if (r->warp >= s.warps.size() || ins->ops.size() < 3) return v;
  const std::uint32_t cta = s.warps[r->warp].cta, base = warpgroupBase(s, r->warp);
  const int lead = leadLane(*r);
  auto regsOf = [&](std::size_t i) {
    return ins->ops[i].kind == core::OperandKind::Vector ? ins->ops[i].elems : std::vector<core::Operand>{ins->ops[i]};
  };
  const auto dRegs = regsOf(0);

  // A: a descriptor, or the fragments of the four warps' registers.
  if (form.aInRegs) {
    const auto aRegs = regsOf(1);
    MatrixTile t;
    t.name = "A";
    t.role = "a";
    t.rows = mx::kWgmmaM;
    t.cols = form.k;
    t.caption = fmt::format("A {}x{} {} from registers", t.rows, t.cols, mx::elemName(form.a));
    t.cells.resize(static_cast<std::size_t>(t.rows * t.cols));
    for (int th = 0; th < 4 * core::kWarpSize; ++th)
      for (int reg = 0; reg < mx::WgmmaForm::kARegs && static_cast<std::size_t>(reg) < aRegs.size(); ++reg)
        for (int slot = 0; slot < form.aPerReg(); ++slot) {
          const mx::WgCell c = mx::wgmmaACell(form, th, reg, slot);
          const std::uint32_t w = base + static_cast<std::uint32_t>(th / 32);
          if (w >= s.warps.size() || c.row >= t.rows || c.col >= t.cols) continue;
          const int lane = th % 32;
          const core::Operand& op = aRegs[static_cast<std::size_t>(reg)];
          MatrixCell& cell = t.cells[static_cast<std::size_t>(c.row * t.cols + c.col)];
          cell.lane = lane;
          cell.warp = static_cast<int>(w);
          cell.reg = reg;
          cell.slot = slot;
          cell.regId = static_cast<std::int32_t>(op.reg);
          cell.value = elemText(form.a, mx::slotBits(regNow(f, w, op.reg, lane), slot, mx::elemBits(form.a)));
          cell.tooltip = fmt::format("A[{}][{}] = {}: warp {} lane {}, {}", c.row, c.col, cell.value, w, lane,
                                     regName(f.prog(), cell.regId));
        }
    v.tiles.push_back(std::move(t));
  } else {
    v.tiles.push_back(descriptorTile(f, cta, form, true, regNow(f, r->warp, ins->ops[1].reg, lead)));
  }
  v.tiles.push_back(descriptorTile(f, cta, form, false, regNow(f, r->warp, ins->ops[2].reg, lead)));

  // D: every thread of the warpgroup's accumulator registers.
  MatrixTile d;
  d.name = "D";
  d.role = "d";
  d.rows = mx::kWgmmaM;
  d.cols = form.n;
  d.caption = fmt::format("D {}x{} {}: warp q of the warpgroup holds rows 16q..16q+15", d.rows, d.cols,
                          mx::elemName(form.d));
  d.cells.resize(static_cast<std::size_t>(d.rows * d.cols));
  const int dBits = 32 / form.dPerReg();
  for (int th = 0; th < 4 * core::kWarpSize; ++th) {
    const std::uint32_t w = base + static_cast<std::uint32_t>(th / 32);
    if (w >= s.warps.size()) continue;
    const int lane = th % 32;
    for (int reg = 0; reg < form.dRegs() && static_cast<std::size_t>(reg) < dRegs.size(); ++reg)
      for (int slot = 0; slot < form.dPerReg(); ++slot) {
        const mx::WgCell c = mx::wgmmaDCell(form, th, reg, slot);
        if (c.row >= d.rows || c.col >= d.cols) continue;
        const core::Operand& op = dRegs[static_cast<std::size_t>(reg)];
        MatrixCell& cell = d.cells[static_cast<std::size_t>(c.row * d.cols + c.col)];
        cell.lane = lane;
        cell.warp = static_cast<int>(w);
        cell.reg = reg;
        cell.slot = slot;
        cell.regId = static_cast<std::int32_t>(op.reg);
        cell.value = elemText(form.d, mx::slotBits(regNow(f, w, op.reg, lane), slot, dBits));
        cell.tooltip = fmt::format("D[{}][{}]: warp {} lane {} (thread {} of the warpgroup), {}; holds {} until the "
                                   "wgmma.wait_group",
                                   c.row, c.col, w, lane, th, regName(f.prog(), cell.regId), cell.value);
      }
  }
  v.tiles.push_back(std::move(d));

  const std::uint32_t q = s.warps[r->warp].warpInCta % 4;
  for (int l = 0; l < core::kWarpSize; ++l) {
    const int g = l / 4, t = l % 4;
    v.laneText[static_cast<std::size_t>(l)] =
        fmt::format("lane {} (thread {} of the warpgroup) receives D rows {} and {}, columns 8i+{} and 8i+{} (i = 0..{}), "
                    "at the wgmma.wait_group",
                    l, 32 * q + static_cast<std::uint32_t>(l), 16 * q + static_cast<std::uint32_t>(g),
                    16 * q + static_cast<std::uint32_t>(g) + 8, 2 * t, 2 * t + 1, form.n / 8 - 1);
  }
  return v;
}

}  // namespace ws::ui
