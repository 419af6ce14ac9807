// Races as the views show them: both accesses (who, when, PTX and CUDA line)
// and the memory they share, named as the memory panel names it.
#include <algorithm>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/ptx/shared_layout.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/history_index.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {
namespace {

RaceAccessView accessView(const Frame& f, const core::RaceAccess& a) {
  const core::Program& p = f.prog();
  const auto& s = f.st();
  RaceAccessView v;
  v.step = a.step;
  v.position = a.step + 1;
  v.cta = a.cta;
  v.warp = a.warp;
  v.warpInCta = a.warp < s.warps.size() ? s.warps[a.warp].warpInCta : a.warp;
  v.lane = a.lane;
  v.pc = a.pc;
  v.ptxLine = lineOf(p, a.pc);
  if (const core::Instr* ins = instrAt(p, a.pc)) {
    v.cuda = cudaLocation(p, *ins);
    if (!v.cuda.empty()) v.cudaLine = static_cast<std::int32_t>(ins->cuda.line);
    v.instr = instrText(p, a.pc);
  }
  v.what = std::string(raceAccessWhat(a.what));
  v.strong = a.strong;
  v.who = raceWho(s, a);
  v.text = fmt::format("{}{} by {}, step {}, line {}", v.strong && a.what != core::RaceAccess::What::Atomic ? "strong " : "",
                       v.what, v.who, v.position, v.ptxLine);
  if (!v.cuda.empty()) v.text += fmt::format(" ({})", v.cuda);
  return v;
}

// Where the entry's layout put a shared variable (its default offset is the
// one of the first entry that uses it).
std::uint64_t sharedOffsetOf(const Frame& f, const core::Symbol& sym) {
  const core::Program& p = f.prog();
  if (auto fn = p.findFunction(f.launch ? f.launch->entry : ""); fn && p.functions[*fn].isEntry)
    for (const auto& [s, at] : p.functions[*fn].shared.offsets)
      if (&p.symbols[s] == &sym) return at;
  return sym.offset;
}

}  // namespace

std::string_view raceAccessWhat(core::RaceAccess::What w) {
  switch (w) {
    case core::RaceAccess::What::Read: return "read";
    case core::RaceAccess::What::Write: return "write";
    case core::RaceAccess::What::Atomic: return "atomic";
  }
  return "access";
}

std::string raceWho(const core::MachineState& s, const core::RaceAccess& a) {
  const std::uint32_t inCta = a.warp < s.warps.size() ? s.warps[a.warp].warpInCta : a.warp;
  if (a.lane < 0) return fmt::format("CTA {} warp {} async op", a.cta, inCta);
  return fmt::format("CTA {} warp {} lane {}", a.cta, inCta, a.lane);
}

RaceView describeRace(const Frame& f, const core::Diagnostic& d) {
  RaceView v;
  v.kind = d.kind;
  v.slug = std::string(core::diagSlug(d.kind));
  v.title = std::string(core::diagInfo(d.kind).title);
  v.message = d.message;
  v.foundStep = d.step;
  v.diagnostic = d;
  if (!d.race) return v;
  const core::RaceInfo& r = *d.race;
  v.first = accessView(f, r.first);
  v.second = accessView(f, r.second);
  v.conflict = fmt::format("{}/{}", v.first.what, v.second.what);
  v.region = r.region;
  v.index = r.index;
  v.offset = r.offset;
  v.bytes = r.bytes;
  const auto& s = f.st();
  switch (r.region) {
    case core::MemRegion::Shared: {
      v.regionText = fmt::format("shared memory of CTA {}", r.index);
      if (const core::Symbol* sym = core::sharedSymbolAt(f.prog(), f.launch ? f.launch->entry : "", r.offset)) {
        v.symbol = shortSymbolName(sym->name);
        v.symbolOffset = r.offset - sharedOffsetOf(f, *sym);
      }
      v.cell = cellName(f, core::Space::Shared, r.index, r.offset).name;
      break;
    }
    case core::MemRegion::Global: {
      v.buffer = bufferDisplayName(f, r.index);
      v.regionText = fmt::format("buffer {}", v.buffer);
      const std::uint64_t base = r.index < s.global.size() ? s.global[r.index].base : 0;
      v.cell = cellName(f, core::Space::Global, 0, base + r.offset).name;
      if (r.index == 0)
        for (const auto& sym : f.prog().symbols)
          if (sym.space == core::Space::Global && r.offset >= sym.offset && r.offset < sym.offset + sym.size) {
            v.symbol = shortSymbolName(sym.name);
            v.symbolOffset = r.offset - sym.offset;
            break;
          }
      break;
    }
    case core::MemRegion::Local:
      v.regionText = fmt::format("local memory of warp {}", r.index);
      v.cell = fmt::format("local+{:#x}", r.offset);
      break;
    case core::MemRegion::Const:
      v.regionText = "constant memory";
      v.cell = fmt::format("const+{:#x}", r.offset);
      break;
    case core::MemRegion::Param:
      v.regionText = "kernel parameters";
      v.cell = fmt::format("param+{:#x}", r.offset);
      break;
  }
  v.summary = fmt::format("{} race on {} ({}, offset {:#x}, {} byte{})", v.conflict, v.cell, v.regionText, v.offset, v.bytes,
                          v.bytes == 1 ? "" : "s");
  return v;
}

std::vector<core::Diagnostic> racesAt(const Frame& f, const HistoryIndex* index, const core::Diagnostic* selected) {
  std::vector<core::Diagnostic> out;
  auto add = [&](const core::Diagnostic& d) {
    if (d.race && std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  };
  const core::StepRecord* r = f.record;
  if (!r || r->userEdit) return out;
  for (const auto& d : r->diags) add(d);
  // An access this step made: the race's first access (found later, once the
  // history holds that future), or its second.
  auto madeHere = [&](const core::Diagnostic& d) {
    return d.race && (d.race->first.step == r->step || d.race->second.step == r->step);
  };
  if (index)
    for (const auto& race : index->races())
      if (madeHere(race.diag)) add(race.diag);
  if (selected && madeHere(*selected)) add(*selected);
  return out;
}

void addRaces(DiagnosticsView& v, const Frame& f, const HistoryIndex& index, const core::Diagnostic* selected) {
  for (const auto& race : index.races()) {
    if (selected && race.diag == *selected) v.selectedRace = static_cast<int>(v.races.size());
    v.races.push_back(describeRace(f, race.diag));
  }
  if (selected && selected->race && v.selectedRace < 0) {
    v.selectedRace = static_cast<int>(v.races.size());
    v.races.push_back(describeRace(f, *selected));
  }
}

}  // namespace ws::ui
