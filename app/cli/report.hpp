#pragma once
// Printing what a run produced: buffers, snippet registers, diagnostics and
// step records, as text for people and as JSON for tools.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/common/input.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/trace/step_record.hpp"
#include "ui/views/views.hpp"

namespace ws::cli {

std::string hexMask(std::uint32_t m);
std::vector<int> laneList(std::uint32_t m);

// PTX line of an instruction index (0 if out of range).
std::uint32_t ptxLineOf(const core::Program& p, std::uint32_t pc);

nlohmann::json diagnosticJson(const app::Input& in, const core::Diagnostic& d);
// A race diagnostic's two accesses and memory ({conflict, first, second,
// memory}); null when d carries no race.
nlohmann::json raceJson(const app::Input& in, const core::Diagnostic& d);
ui::RaceView describeRace(const app::Input& in, const core::Diagnostic& d);
// "file:line: kind: message" + the lanes, the ISA (or CUDA Guide) quote it
// breaks and warpscope's explanation, for stderr.
void printDiagnostic(const app::Input& in, const core::Diagnostic& d);

nlohmann::json buffersJson(const app::Input& in, const core::Engine& e);
void printBuffers(const app::Input& in, const core::Engine& e);

// Snippet mode: the snippet's registers, lane by lane (empty otherwise).
nlohmann::json registersJson(const app::Input& in, const core::Engine& e);
void printRegisters(const app::Input& in, const core::Engine& e);

// Step numbers the CLI prints (trace lines, diagnostics, printed text, race
// accesses) are history positions, as the viewers' "Step N", a narration's
// `step` and `render --step` count: step N is the state after N records, so
// the first instruction is step 1 and 0 is the launch. A record's `step`
// field (StepRecord::step, Diagnostic::step) is the engine's counter before
// it ran, one less.
inline std::uint64_t stepNumber(std::uint64_t recordIndex) { return recordIndex + 1; }

// One step record as the `trace` command prints it.
nlohmann::json stepJson(const app::Input& in, const core::Engine& e, const core::StepRecord& r);
// What a kernel printed (device printf, assert), one object per lane's text.
nlohmann::json printedJson(const std::vector<core::PrintedText>& printed);

}  // namespace ws::cli
