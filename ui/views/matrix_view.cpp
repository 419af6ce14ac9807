#include "ui/views/matrix_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/exec/tensor/matrix_layout.hpp"
#include "core/exec/tensor/matrix_numerics.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/matrix_cells.hpp"

namespace ws::ui {
namespace {

namespace mx = core::mx;

std::vector<core::Operand> regsOf(const core::Instr& ins, std::size_t i) {
  if (i >= ins.ops.size()) return {};
  if (ins.ops[i].kind == core::OperandKind::Vector) return ins.ops[i].elems;
  return {ins.ops[i]};
}

std::string halfName(int slot, int perReg) {
  if (perReg == 1) return "";
  if (perReg == 2) return slot == 0 ? ", low half" : ", high half";
  return fmt::format(", element {}", slot);
}

// "A[1][2..3]": consecutive cells of one row (or of one column) in fragment order.
std::string cellRuns(std::string_view name, const std::vector<mx::Cell>& cells) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i < cells.size()) {
    std::size_t j = i;
    while (j + 1 < cells.size() && cells[j + 1].row == cells[i].row && cells[j + 1].col == cells[j].col + 1 &&
           cells[j + 1].problem == cells[i].problem)
      ++j;
    std::size_t k = i;
    while (j == i && k + 1 < cells.size() && cells[k + 1].col == cells[i].col && cells[k + 1].row == cells[k].row + 1 &&
           cells[k + 1].problem == cells[i].problem)
      ++k;
    if (k > i) {
      parts.push_back(fmt::format("{}[{}..{}][{}]", name, cells[i].row, cells[k].row, cells[i].col));
      i = k + 1;
      continue;
    }
    parts.push_back(j > i ? fmt::format("{}[{}][{}..{}]", name, cells[i].row, cells[i].col, cells[j].col)
                          : fmt::format("{}[{}][{}]", name, cells[i].row, cells[i].col));
    i = j + 1;
  }
  // The repeated registers of an f16 wmma fragment name the same cells twice.
  std::vector<std::string> unique;
  for (auto& p : parts)
    if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
  std::string s;
  for (std::size_t n = 0; n < unique.size(); ++n)
    s += (n == 0 ? "" : n + 1 == unique.size() ? " and " : ", ") + unique[n];
  return s;
}

std::string laneHolds(const mx::MmaForm& form, mx::MatOp o, int lane, std::string_view name) {
  const mx::FragShape s = mx::fragShape(form, o);
  std::vector<mx::Cell> cells;
  for (int r = 0; r < s.regs; ++r)
    for (int j = 0; j < s.perReg; ++j) cells.push_back(mx::fragCell(form, o, lane, r, j));
  return cellRuns(name, cells);
}

class Builder {
 public:
  Builder(const Frame& f, const core::StepRecord& r, const core::Instr& ins, MatrixView& v)
      : m_f(f), m_r(r), m_ins(ins), m_v(v) {}

  std::uint64_t before(const core::Operand& reg, int lane) const {
    return reg.kind == core::OperandKind::Reg ? regBefore(m_f, m_r.warp, reg.reg, lane) : 0;
  }
  std::uint64_t now(const core::Operand& reg, int lane) const {
    return reg.kind == core::OperandKind::Reg ? regNow(m_f, m_r.warp, reg.reg, lane) : 0;
  }
  bool executed(int lane) const { return ((m_r.lanes >> lane) & 1u) != 0; }

  // A tile of operand o of `form` from the registers of operand `index`.
  MatrixTile fragmentTile(const mx::MmaForm& form, mx::MatOp o, std::size_t index, bool after, int problem,
                          std::string_view name, std::string_view role) {
    MatrixTile t;
    t.name = std::string(name);
    t.role = std::string(role);
    t.problem = problem;
    t.rows = form.rows(o);
    t.cols = form.cols(o);
    t.caption = fmt::format("{}{} {}x{} {}{}", name, form.problems() > 1 ? fmt::format(" (problem {})", problem) : "",
                            t.rows, t.cols, mx::elemName(form.elem(o)), after ? " (after)" : "");
    t.cells.resize(static_cast<std::size_t>(t.rows * t.cols));
    const auto regs = regsOf(m_ins, index);
    const mx::FragShape s = mx::fragShape(form, o);
    mx::forEachFragElement(form, o, [&](int lane, int reg, int slot, mx::Cell c) {
      if (c.problem != problem || static_cast<std::size_t>(reg) >= regs.size()) return;
      MatrixCell& cell = t.cells[static_cast<std::size_t>(c.row * t.cols + c.col)];
      const core::Operand& op = regs[static_cast<std::size_t>(reg)];
      if (cell.lane >= 0) {  // the repeated half of an f16 wmma fragment
        cell.tooltip += fmt::format("; also {} (reg {})", regName(m_f.prog(), static_cast<std::int32_t>(op.reg)), reg);
        return;
      }
      const std::uint64_t bits = mx::slotBits(after ? now(op, lane) : before(op, lane), slot, s.elemBits);
      cell.lane = lane;
      cell.reg = reg;
      cell.slot = slot;
      cell.regId = op.kind == core::OperandKind::Reg ? static_cast<std::int32_t>(op.reg) : -1;
      cell.value = executed(lane) ? elemText(form.elem(o), bits) : "?";
      cell.changed = after && executed(lane);
      cell.tooltip = fmt::format("{}[{}][{}] = {}: lane {}, {} (reg {}{})", name, c.row, c.col, cell.value, lane,
                                 regName(m_f.prog(), cell.regId), reg, halfName(slot, s.perReg));
    });
    return t;
  }

  void mma() {
    auto d = mx::decodeMma(m_ins);
    if (auto* e = std::get_if<std::string>(&d)) {
      m_v.error = *e;
      return;
    }
    const mx::MmaForm form = std::get<mx::MmaForm>(d);
    m_v.kind = MatrixView::Kind::Mma;
    m_v.title = fmt::format("{} {}", m_ins.op == core::Opcode::WmmaMma ? "wmma.mma" : "mma.sync", form.describe());
    const mx::Rule rule = mx::ruleOf(form);
    m_v.rule = std::string(mx::ruleSummary(rule));
    m_v.ruleExact = mx::ruleIsExact(rule);
    for (int p = 0; p < form.problems(); ++p) {
      m_v.tiles.push_back(fragmentTile(form, mx::MatOp::A, 1, false, p, "A", "a"));
      m_v.tiles.push_back(fragmentTile(form, mx::MatOp::B, 2, false, p, "B", "b"));
      m_v.tiles.push_back(fragmentTile(form, mx::MatOp::C, 3, false, p, "C", "c"));
      m_v.tiles.push_back(fragmentTile(form, mx::MatOp::D, 0, true, p, "D", "d"));
    }
    for (int l = 0; l < core::kWarpSize; ++l) {
      std::string s = fmt::format("lane {} holds {}; {}; {}", l, laneHolds(form, mx::MatOp::A, l, "A"),
                                  laneHolds(form, mx::MatOp::B, l, "B"), laneHolds(form, mx::MatOp::C, l, "C"));
      s += fmt::format(" and receives {}", laneHolds(form, mx::MatOp::D, l, "D"));
      if (form.quadPairs())
        s += fmt::format(" (problem {}: lanes {}-{} and {}-{})", (l >> 2) & 3, 4 * ((l >> 2) & 3),
                         4 * ((l >> 2) & 3) + 3, 4 * ((l >> 2) & 3) + 16, 4 * ((l >> 2) & 3) + 19);
      m_v.laneText[static_cast<std::size_t>(l)] = std::move(s);
    }
  }

  void wmmaLdSt(bool load) {
    auto d = mx::decodeWmmaLdSt(m_ins);
    if (auto* e = std::get_if<std::string>(&d)) {
      m_v.error = *e;
      return;
    }
    const mx::WmmaLdSt w = std::get<mx::WmmaLdSt>(d);
    const mx::MmaForm form = w.mmaForm();
    m_v.kind = load ? MatrixView::Kind::WmmaLoad : MatrixView::Kind::WmmaStore;
    const std::string name(mx::operandName(w.frag));
    m_v.title = fmt::format("wmma.{} .{} {}x{} {} ({}-major in memory)", load ? "load" : "store",
                            name == "D"   ? "d"
                            : name == "C" ? "c"
                            : name == "B" ? "b"
                                          : "a",
                            form.rows(w.frag), form.cols(w.frag), mx::elemName(w.type), w.rowMajor ? "row" : "column");
    m_v.rule = fmt::format("the fragment layout is unspecified by the PTX ISA: this is the H100's ({})",
                           mx::wmmaLayoutSummary(form));
    std::string lower = name;
    lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
    m_v.tiles.push_back(fragmentTile(form, w.frag, load ? 0 : 1, load, 0, name, lower));
    for (int l = 0; l < core::kWarpSize; ++l)
      m_v.laneText[static_cast<std::size_t>(l)] =
          fmt::format("lane {} {} {}", l, load ? "loads" : "stores", laneHolds(form, w.frag, l, name));
  }

  // ldmatrix/stmatrix: the matrices as the destination (source) registers hold them.
  void matrices(bool load) {
    const int count = mx::matrixCount(m_ins);
    m_v.kind = load ? MatrixView::Kind::Ldmatrix : MatrixView::Kind::Stmatrix;
    m_v.trans = m_ins.has(core::Mod::Trans);
    m_v.title = fmt::format("{} {} 8x8 b16 matri{}{}", load ? "ldmatrix" : "stmatrix", count, count == 1 ? "x" : "ces",
                            m_v.trans ? ", transposed (.trans)" : "");
    m_v.rule = fmt::format(
        "lanes 8m..8m+7 give the addresses of rows 0..7 of matrix m; register m of lane l {} "
        "{}",
        load ? "receives" : "holds",
        m_v.trans ? "column l/4, rows 2(l%4) and 2(l%4)+1" : "row l/4, columns 2(l%4) and 2(l%4)+1");
    const auto regs = regsOf(m_ins, load ? 0 : 1);
    for (int m = 0; m < count && static_cast<std::size_t>(m) < regs.size(); ++m) {
      MatrixTile t;
      t.name = fmt::format("matrix {}", m);
      t.role = "matrix";
      t.problem = m;
      t.rows = t.cols = 8;
      t.caption = fmt::format("matrix {} \u2192 {}", m,
                              regName(m_f.prog(), static_cast<std::int32_t>(regs[static_cast<std::size_t>(m)].reg)));
      t.cells.resize(64);
      for (int l = 0; l < core::kWarpSize; ++l)
        for (int h = 0; h < 2; ++h) {
          const mx::MatCell c = mx::ldmatrixCell(m_v.trans, l, m, h);
          MatrixCell& cell = t.cells[static_cast<std::size_t>(c.row * 8 + c.col)];
          const core::Operand& op = regs[static_cast<std::size_t>(m)];
          const std::uint64_t bits = ((load ? now(op, l) : before(op, l)) >> (16 * h)) & 0xffff;
          cell.lane = l;
          cell.reg = m;
          cell.slot = h;
          cell.regId = op.kind == core::OperandKind::Reg ? static_cast<std::int32_t>(op.reg) : -1;
          cell.value = executed(l) ? elemText(mx::Elem::None, bits) : "?";
          cell.changed = load && executed(l);
          cell.tooltip = fmt::format("matrix {} [{}][{}] = {} ({:#06x}): lane {}, {}{}", m, c.row, c.col, cell.value,
                                     bits, l, regName(m_f.prog(), cell.regId), halfName(h, 2));
        }
      m_v.tiles.push_back(std::move(t));
    }
    for (const core::Flow& fl : m_r.flows) {
      if (fl.kind != core::FlowKind::RowAddress) continue;
      MatrixRowAddress a;
      a.matrix = static_cast<int>(fl.order);
      a.row = static_cast<int>(fl.group);
      a.lane = fl.from.lane;
      a.addr = fl.to.addr;
      a.text =
          fmt::format("lane {}: {} {:#x}", a.lane, fl.to.space == core::Space::Shared ? "shared" : "global", a.addr);
      m_v.rows.push_back(a);
    }
    for (int l = 0; l < core::kWarpSize; ++l) {
      std::string s = fmt::format("lane {} ", l);
      const auto row =
          std::find_if(m_v.rows.begin(), m_v.rows.end(), [&](const MatrixRowAddress& a) { return a.lane == l; });
      if (row != m_v.rows.end())
        s += fmt::format("gives the address of row {} of matrix {} ({:#x}); ", row->row, row->matrix, row->addr);
      else
        s += fmt::format("gives no row address (.x{} uses lanes 0-{}); ", count, 8 * count - 1);
      std::vector<std::string> got;
      for (int m = 0; m < count; ++m) {
        const mx::MatCell a = mx::ldmatrixCell(m_v.trans, l, m, 0), b = mx::ldmatrixCell(m_v.trans, l, m, 1);
        got.push_back(m_v.trans ? fmt::format("M{}[{}..{}][{}]", m, a.row, b.row, a.col)
                                : fmt::format("M{}[{}][{}..{}]", m, a.row, a.col, b.col));
      }
      std::string list;
      for (std::size_t i = 0; i < got.size(); ++i) list += (i ? ", " : "") + got[i];
      s += fmt::format("{} {}", load ? "receives" : "stores", list);
      m_v.laneText[static_cast<std::size_t>(l)] = std::move(s);
    }
  }

  void movmatrix() {
    m_v.kind = MatrixView::Kind::Movmatrix;
    m_v.trans = true;
    m_v.title = "movmatrix: transpose an 8x8 b16 matrix held across the warp";
    m_v.rule = "lane l holds row l/4, columns 2(l%4) and 2(l%4)+1, before and after";
    const auto src = regsOf(m_ins, 1), dst = regsOf(m_ins, 0);
    if (src.empty() || dst.empty()) return;
    for (int which = 0; which < 2; ++which) {
      MatrixTile t;
      t.name = which == 0 ? "source" : "transpose";
      t.role = "matrix";
      t.rows = t.cols = 8;
      t.caption = which == 0 ? fmt::format("{} (before)", regName(m_f.prog(), static_cast<std::int32_t>(src[0].reg)))
                             : fmt::format("{} (after)", regName(m_f.prog(), static_cast<std::int32_t>(dst[0].reg)));
      t.cells.resize(64);
      for (int l = 0; l < core::kWarpSize; ++l)
        for (int h = 0; h < 2; ++h) {
          const mx::MatCell c = mx::ldmatrixCell(false, l, 0, h);
          MatrixCell& cell = t.cells[static_cast<std::size_t>(c.row * 8 + c.col)];
          const std::uint64_t bits = ((which == 0 ? before(src[0], l) : now(dst[0], l)) >> (16 * h)) & 0xffff;
          cell.lane = l;
          cell.slot = h;
          cell.value = executed(l) ? elemText(mx::Elem::None, bits) : "?";
          cell.changed = which == 1;
          cell.tooltip = fmt::format("[{}][{}] = {}: lane {}{}", c.row, c.col, cell.value, l, halfName(h, 2));
        }
      m_v.tiles.push_back(std::move(t));
    }
    for (int l = 0; l < core::kWarpSize; ++l) {
      const mx::MatCell a = mx::ldmatrixCell(true, l, 0, 0), b = mx::ldmatrixCell(true, l, 0, 1);
      m_v.laneText[static_cast<std::size_t>(l)] =
          fmt::format("lane {} receives [{}..{}][{}] of the source (from lanes {} and {})", l, a.row, b.row, a.col,
                      4 * a.row + a.col / 2, 4 * b.row + b.col / 2);
    }
  }

 private:
  const Frame& m_f;
  const core::StepRecord& m_r;
  const core::Instr& m_ins;
  MatrixView& m_v;
};

}  // namespace

std::optional<MatrixView> buildMatrixView(const Frame& f) {
  const core::StepRecord* r = f.record;
  if (!r || r->userEdit || r->completedAsync || !f.program || !f.state) return std::nullopt;
  const core::Instr* ins = instrAt(f.prog(), r->pc);
  if (ins && ins->op == core::Opcode::WgmmaMmaAsync) return buildWgmmaView(f);
  if (ins && ins->op == core::Opcode::CpAsyncBulkTensor) return buildTensorCopyView(f);
  if (!ins || ins->family != core::Family::Matrix || ins->unsupported >= 0 || !ins->info().executed())
    return std::nullopt;
  MatrixView v;
  v.warp = r->warp;
  v.laneText.resize(core::kWarpSize);
  Builder b(f, *r, *ins, v);
  switch (ins->op) {
    case core::Opcode::Ldmatrix:
      b.matrices(true);
      break;
    case core::Opcode::Stmatrix:
      b.matrices(false);
      break;
    case core::Opcode::Movmatrix:
      b.movmatrix();
      break;
    case core::Opcode::Mma:
    case core::Opcode::WmmaMma:
      b.mma();
      break;
    case core::Opcode::WmmaLoad:
      b.wmmaLdSt(true);
      break;
    case core::Opcode::WmmaStore:
      b.wmmaLdSt(false);
      break;
    default:
      return std::nullopt;
  }
  return v;
}

}  // namespace ws::ui
