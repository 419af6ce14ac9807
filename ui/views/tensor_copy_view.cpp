// The tensor-copy view of a cp.async.bulk.tensor step: the global box the
// tensor map names at the copy's coordinates (rows = the box's outer
// elements flattened, columns = its innermost dimension; out-of-bounds
// elements marked, they are filled, not read) and the shared tile as the
// copy lays it down, one row per swizzle row. Every element carries the
// 16-byte chunk of its box row in both tiles, so a swizzle shows as the
// same colours permuted row by row. The element list is the engine's own
// (core/exec/async/tensor_box.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "core/exec/async/tensor_box.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/matrix_cells.hpp"
#include "ui/views/matrix_view.hpp"

namespace ws::ui {
namespace {

namespace mx = core::mx;

// Enough cells to read, few enough to draw: larger boxes show their first rows.
constexpr std::size_t kMaxCells = 4096;

mx::Elem elemOf(core::TensorDataType t) {
  switch (t) {
    case core::TensorDataType::F16: return mx::Elem::F16;
    case core::TensorDataType::BF16: return mx::Elem::BF16;
    case core::TensorDataType::F32:
    case core::TensorDataType::F32Ftz:
    case core::TensorDataType::TF32:
    case core::TensorDataType::TF32Ftz: return mx::Elem::F32;
    case core::TensorDataType::F64: return mx::Elem::F64;
    case core::TensorDataType::S32: return mx::Elem::S32;
    default: return mx::Elem::None;  // unsigned integers, written as such
  }
}

std::string coordText(const core::TensorMove& m, int rank) {
  std::string s = "(";
  for (int d = 0; d < rank; ++d) s += fmt::format("{}{}", d ? ", " : "", m.coords[static_cast<std::size_t>(d)]);
  return s + ")";
}

// The copy this step issued: the newest in-flight tensor op of the step's
// warp at its PC (a multicast issues one per destination CTA: the first).
const core::AsyncOp* issuedOp(const core::MachineState& s, const core::StepRecord& r) {
  const core::AsyncOp* found = nullptr;
  for (const core::AsyncOp& op : s.inflight) {
    if (!op.tensor || op.pc != r.pc || op.issuerWarp != r.warp) continue;
    if (!found || op.issuedStep > found->issuedStep) found = &op;
  }
  return found;
}

}  // namespace

std::optional<MatrixView> buildTensorCopyView(const Frame& f) {
  const core::StepRecord* r = f.record;
  const core::Instr* ins = r ? instrAt(f.prog(), r->pc) : nullptr;
  if (!ins || ins->op != core::Opcode::CpAsyncBulkTensor) return std::nullopt;
  const core::AsyncOp* op = issuedOp(f.st(), *r);
  if (!op) return std::nullopt;
  const auto map = core::decodeTensorMap(op->tensor->map);
  const auto moves = core::tensorOpMoves(*op);
  if (!map || !moves || moves->empty()) return std::nullopt;

  MatrixView v;
  v.kind = MatrixView::Kind::TensorCopy;
  v.warp = r->warp;
  v.laneText.resize(core::kWarpSize);
  const int rank = map->rank;
  const unsigned eb = static_cast<unsigned>(core::tensorElementBytes(map->dtype));
  const mx::Elem elem = elemOf(map->dtype);
  const bool load = op->dst.space == core::Space::Shared;
  const int cols = static_cast<int>(std::max<std::uint32_t>(map->boxElems(0), 1));
  const std::size_t shown = std::min(moves->size(), kMaxCells);
  const int rows = static_cast<int>((shown + static_cast<std::size_t>(cols) - 1) / static_cast<std::size_t>(cols));
  // A swizzled tile in rows of the pattern; an unswizzled one in 128-byte rows.
  const std::uint32_t rowBytes = map->swizzle == core::Swizzle::None ? 128 : core::swizzleRowBytes(map->swizzle);
  std::size_t outside = 0;
  for (const auto& m : *moves) outside += !m.inBounds;
  v.title = fmt::format("cp.async.bulk.tensor.{}d {}: box {} at {}, {} swizzle{}", rank,
                        load ? "global \u2192 shared" : "shared \u2192 global", [&] {
                          std::string b;
                          for (int d = 0; d < rank; ++d) b += fmt::format("{}{}", d ? "x" : "", map->box[static_cast<std::size_t>(d)]);
                          return b;
                        }(),
                        coordText((*moves)[0], rank), core::swizzleName(map->swizzle),
                        outside ? fmt::format(", {} of {} elements out of bounds", outside, moves->size()) : "");
  v.rule = load ? fmt::format("The box is packed row after row into shared memory and the {} swizzle permutes the 16-byte "
                              "chunks of each {}-byte row; out-of-bounds elements are filled with {} and still count "
                              "toward complete_tx ({} bytes).",
                              core::swizzleName(map->swizzle), rowBytes,
                              map->oobFill == core::TensorOobFill::Nan ? "NaN" : "zero", op->size)
                : "The shared tile is written to the box; out-of-bounds elements are not written.";

  const std::uint32_t cta = load ? op->dst.cta : op->src.cta;
  const std::uint64_t sharedBase = (*moves)[0].shared;
  std::uint64_t lowest = sharedBase;
  for (std::size_t i = 0; i < shown; ++i) lowest = std::min<std::uint64_t>(lowest, (*moves)[i].shared);
  const std::uint64_t tileBase = lowest / rowBytes * rowBytes;

  MatrixTile box;
  box.name = "box";
  box.role = "tile";
  box.rows = rows;
  box.cols = cols;
  box.caption = fmt::format("global box ({} rows of {} {}{})", rows, cols, core::tensorDataTypeName(map->dtype),
                            shown < moves->size() ? fmt::format(", first {} elements", shown) : "");
  box.cells.resize(static_cast<std::size_t>(rows * cols));
  MatrixTile tile;
  tile.name = "shared";
  tile.role = "tile";
  tile.cols = static_cast<int>(rowBytes / eb);
  std::uint64_t highest = 0;
  for (std::size_t i = 0; i < shown; ++i) highest = std::max<std::uint64_t>(highest, (*moves)[i].shared);
  tile.rows = static_cast<int>((highest - tileBase) / rowBytes + 1);
  tile.caption = fmt::format("shared tile at {:#x} ({}-byte rows, as laid down)", tileBase, rowBytes);
  tile.cells.resize(static_cast<std::size_t>(tile.rows * tile.cols));

  for (std::size_t i = 0; i < shown; ++i) {
    const core::TensorMove& m = (*moves)[i];
    const int br = static_cast<int>(i) / cols, bc = static_cast<int>(i) % cols;
    // In flight: a load's data is still in global memory (its shared tile
    // is written when the copy completes); a store's is in shared memory.
    const std::uint64_t bits = load ? (m.inBounds ? cellValue(f, core::Space::Global, 0, m.global, eb) : 0)
                                    : cellValue(f, core::Space::Shared, cta, m.shared, eb);
    const std::string value = !m.inBounds && load ? (map->oobFill == core::TensorOobFill::Nan ? "NaN" : "0")
                              : elem == mx::Elem::None ? fmt::format("{}", bits)
                                                       : elemText(elem, bits);
    const int chunk = static_cast<int>((static_cast<std::uint64_t>(bc) * eb / 16) % (rowBytes / 16));
    MatrixCell& c = box.cells[i];
    c.chunk = chunk;
    c.oob = !m.inBounds;
    c.addr = static_cast<std::int64_t>(m.shared);
    c.value = m.inBounds ? value : "OOB";
    c.tooltip = fmt::format("element {}{}: to shared {:#x} (chunk {} of its box row)", coordText(m, rank),
                            m.inBounds ? "" : ", outside the tensor: filled, not read", m.shared, chunk);
    const std::uint64_t off = m.shared - tileBase;
    const std::size_t at = static_cast<std::size_t>(off / rowBytes) * static_cast<std::size_t>(tile.cols) +
                           static_cast<std::size_t>(off % rowBytes / eb);
    if (at >= tile.cells.size()) continue;
    MatrixCell& t = tile.cells[at];
    t.chunk = chunk;
    t.oob = !m.inBounds;
    t.addr = static_cast<std::int64_t>(m.shared);
    t.value = value;
    t.tooltip = fmt::format("shared {:#x} = {}: element {} of the box (row {}, column {}){}", m.shared, value,
                            coordText(m, rank), br, bc, m.inBounds ? "" : ", the out-of-bounds fill");
  }
  v.tiles.push_back(std::move(box));
  v.tiles.push_back(std::move(tile));
  const int issuer = static_cast<int>(op->issuerLane);
  v.laneText[static_cast<std::size_t>(issuer)] =
      fmt::format("lane {} issued the copy of {} bytes{}", issuer, op->size,
                  op->hasMbar ? fmt::format(", completing on the mbarrier at shared {:#x}", op->mbar.addr) : "");
  return v;
}

}  // namespace ws::ui
