// Register table: lanes x registers of one warp, formatted per column.
#include <algorithm>
#include <bit>
#include <optional>

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

std::uint32_t functionOf(const core::Program& p, std::uint32_t pc) {
  for (std::uint32_t i = 0; i < p.functions.size(); ++i)
    if (pc >= p.functions[i].begin && pc < p.functions[i].end) return i;
  return 0;
}

// UTF-8 code points: the never-written dash is one character of three bytes.
std::size_t characters(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

}  // namespace

int RegisterTableView::columnOf(std::uint32_t reg) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i].reg == reg) return static_cast<int>(i);
  return -1;
}

RegisterTableView buildRegisterTable(const Frame& f, std::uint32_t warp, const std::vector<std::uint32_t>& onlyRegs) {
  RegisterTableView v;
  v.warp = warp;
  const auto& s = f.st();
  const core::Program& p = f.prog();
  if (warp >= s.warps.size() || p.functions.empty()) return v;
  const core::WarpState& w = s.warps[warp];
  const core::StepRecord* rec = f.recordOfWarp(warp);
  // The function the warp is in: the executed instruction's, or the focused lane's.
  std::uint32_t pc = rec ? rec->pc : w.ctl.pc[static_cast<std::size_t>(std::clamp(f.focus.lane, 0, 31))];
  if (!rec) {
    const core::LaneMask live = w.ctl.live();
    if (live && !((live >> f.focus.lane) & 1u)) pc = w.ctl.pc[static_cast<std::size_t>(std::countr_zero(live))];
  }
  v.func = functionOf(p, pc);
  v.funcName = p.functions[v.func].name;
  v.lanes = std::max(1, 32 - std::countl_zero(w.ctl.valid));

  std::vector<std::uint32_t> regs = onlyRegs;
  if (regs.empty())
    for (std::uint32_t r = p.functions[v.func].regBegin; r < p.functions[v.func].regEnd && r < p.regs.size(); ++r) regs.push_back(r);
  const core::Instr* ins = rec ? instrAt(p, rec->pc) : nullptr;
  const std::vector<std::uint32_t> used = ins ? instrRegisters(*ins) : std::vector<std::uint32_t>{};

  // Changes of this step, by (reg, lane), looked up once per cell.
  std::vector<std::optional<core::RegChange>> changed(regs.size() * core::kWarpSize);
  v.columns.reserve(regs.size());
  for (std::uint32_t r : regs) {
    RegColumn col;
    col.reg = r;
    col.name = regName(p, static_cast<std::int32_t>(r));
    col.type = regType(p, static_cast<std::int32_t>(r));
    col.typeText = fmt::format(".{}", core::typeName(col.type));
    col.format = f.options.formatOf(r, col.type);
    v.columns.push_back(std::move(col));
  }
  if (rec) {
    for (const auto& c : rec->regs) {
      if (c.warp != warp) continue;
      for (std::size_t k = 0; k < regs.size(); ++k)
        if (regs[k] == c.reg) {
          changed[k * core::kWarpSize + c.lane] = c;
          v.columns[k].written = true;
        }
    }
  }
  for (auto& col : v.columns) {
    if (std::find(used.begin(), used.end(), col.reg) != used.end() && !col.written) col.read = true;
  }
  v.cells.resize(static_cast<std::size_t>(v.lanes) * v.columns.size());
  for (int l = 0; l < v.lanes; ++l) {
    for (std::size_t k = 0; k < v.columns.size(); ++k) {
      RegCell& cell = v.cells[static_cast<std::size_t>(l) * v.columns.size() + k];
      const RegColumn& col = v.columns[k];
      const std::size_t i = static_cast<std::size_t>(col.reg) * core::kWarpSize + static_cast<std::size_t>(l);
      cell.bits = i < w.regs.size() ? w.regs[i] : 0;
      cell.written = col.reg < w.written.size() && ((w.written[col.reg] >> l) & 1u);
      cell.text = cell.written ? formatValue(cell.bits, col.type, col.format) : std::string(kNeverWritten);
      if (const auto& c = changed[k * core::kWarpSize + static_cast<std::size_t>(l)]) {
        cell.changed = true;
        cell.before = c->wasWritten ? formatValue(c->before, col.type, col.format) : std::string(kNeverWritten);
      }
      RegColumn& sized = v.columns[k];
      if (characters(cell.text) > characters(sized.widest)) sized.widest = cell.text;
    }
  }
  return v;
}

RegisterTableView buildLaneRegisterRow(const Frame& f, std::uint32_t warp,
                                       const std::array<std::int32_t, core::kWarpSize>& regOfLane) {
  std::vector<std::uint32_t> regs;
  for (const std::int32_t r : regOfLane)
    if (r >= 0 && std::find(regs.begin(), regs.end(), static_cast<std::uint32_t>(r)) == regs.end())
      regs.push_back(static_cast<std::uint32_t>(r));
  RegisterTableView all = buildRegisterTable(f, warp, regs);
  if (all.columns.size() <= 1) return all;
  RegisterTableView v = all;
  v.columns.resize(1);
  RegColumn& col = v.columns[0];
  for (std::size_t k = 1; k < all.columns.size(); ++k) {
    col.name += " / " + all.columns[k].name;
    col.written = col.written || all.columns[k].written;
    col.read = col.read || all.columns[k].read;
    if (characters(all.columns[k].widest) > characters(col.widest)) col.widest = all.columns[k].widest;
  }
  v.cells.assign(static_cast<std::size_t>(all.lanes), RegCell{});
  for (int l = 0; l < all.lanes; ++l) {
    const std::int32_t r = regOfLane[static_cast<std::size_t>(l)];
    const int k = r >= 0 ? std::max(0, all.columnOf(static_cast<std::uint32_t>(r))) : 0;
    RegCell& cell = v.cells[static_cast<std::size_t>(l)];
    cell = all.at(l, static_cast<std::size_t>(k));
    cell.reg = all.columns[static_cast<std::size_t>(k)].name;
  }
  return v;
}

}  // namespace ws::ui
