#pragma once
// Small facts about a step and a program that several view models need:
// names of registers, memory cells and CTAs, instruction text, and register
// values as they were before the step.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ui/frame/frame.hpp"

namespace ws::ui {

const core::Instr* instrAt(const core::Program& p, std::uint32_t pc);
// The instruction's PTX text (its source line, trimmed), or its mnemonic.
std::string instrText(const core::Program& p, std::uint32_t pc);
// "shfl.sync.bfly.b32": the mnemonic with the modifiers that select the operation.
std::string instrMnemonic(const core::Program& p, const core::Instr& ins);
// The async operation an instruction issues, by its table mnemonic
// ("red.async", "cp.async.bulk", "st.async"); "async operation" when unknown.
std::string asyncOpName(const core::Program& p, std::uint32_t pc);
// The lane that issued an async flow's operation.
inline int asyncIssuer(const core::Flow& fl) {
  return fl.from.kind == core::Endpoint::Kind::Lane ? fl.from.lane : fl.issuerLane;
}
// "1024 B", an async copy's arrow label.
std::string asyncAmount(const core::Flow& fl);
// Registers an instruction names (operands, address bases, its guard), each once.
std::vector<std::uint32_t> instrRegisters(const core::Instr& ins);
std::int32_t lineOf(const core::Program& p, std::uint32_t pc);
std::string regName(const core::Program& p, std::int32_t reg);
core::DataType regType(const core::Program& p, std::int32_t reg);
// "kernels.cu:42", "" without a .loc.
std::string cudaLocation(const core::Program& p, const core::Instr& ins);

// A register's bits and written-ness before the frame's step (after it, if the
// step did not write it).
std::uint64_t regBefore(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane);
bool regWrittenBefore(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane);
std::uint64_t regNow(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane);
bool regWrittenNow(const Frame& f, std::uint32_t warp, std::uint32_t reg, int lane);
// The register's value in its column's notation ("—" when never written).
std::string regText(const Frame& f, std::uint32_t reg, std::uint64_t bits, bool written);

// nvcc's local-static mangling "_ZZ17pub_red_async_addE3acc" -> "acc"; other
// names unchanged.
std::string shortSymbolName(std::string_view name);
// "out" from "dir/out.json".
std::string bufferDisplayName(const Frame& f, std::uint32_t globalIndex);

// A memory cell by name: "acc[3]" for a shared array element, "out[5]" for a
// launch buffer word, "shared+0x40" when no variable covers it.
struct CellName {
  std::string name;      // "acc[3]"
  std::string region;    // "CTA rank 1 shared", "out"
  std::uint32_t elemBytes = 4;
};
CellName cellName(const Frame& f, core::Space space, std::uint32_t cta, std::uint64_t addr);
// Reads up to 8 bytes of a memory cell (0 when outside the region).
std::uint64_t cellValue(const Frame& f, core::Space space, std::uint32_t cta, std::uint64_t addr, unsigned bytes);
// Global address -> (global buffer index, offset); false outside every buffer.
bool globalLocate(const core::MachineState& s, std::uint64_t addr, std::uint32_t& index, std::uint64_t& offset);

std::string ctaText(const core::MachineState& s, std::uint32_t cta);   // "CTA (1,0,0)"
std::string warpTitle(const core::MachineState& s, std::uint32_t warp);  // "warp 0 of CTA (0,0,0), cluster rank 1"

// The executing lanes of a collective step grouped by the membermask each
// passed, in lane order: one group for the usual single mask, several when
// lanes pass different ones (a converged warp may split into disjoint groups).
// Empty for an instruction without a membermask.
struct MembermaskGroup {
  core::LaneMask lanes = 0;  // lanes that passed `mask`
  core::LaneMask mask = 0;
};
std::vector<MembermaskGroup> membermaskGroups(const Frame& f, const core::StepRecord& r);

// Operands as text for explanations: "%r1 = 17", "3".
std::string operandValueText(const Frame& f, std::uint32_t warp, int lane, const core::Operand& op, core::DataType t);

}  // namespace ws::ui
