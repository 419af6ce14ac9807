#pragma once
// What the narration and question lints say about a run's values: steps,
// warps and registers by name, and a register's value written the way a
// note writes numbers. Internal to ui/lesson.
#include <cstdint>
#include <optional>
#include <string>

#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"
#include "ui/lesson/note_claims.hpp"

namespace ws::ui::lint {

// "step 12", "step 0 (the launch)".
std::string stepName(std::uint64_t step);
// "warp 1", or "warp 1 of CTA 3" when the launch has several CTAs.
std::string warpName(const core::MachineState& st, std::uint32_t w);
// The register of that name in function `func`, else the only register of
// that name; nullopt when the program has none (or several elsewhere).
std::optional<std::uint32_t> findRegister(const core::Program& p, const std::string& name, std::uint32_t func);
// A register's value as a note writes numbers: hexadecimal numbers see the
// raw bits, decimal fractions the float the bits encode.
std::string describeValue(std::uint64_t v, core::DataType t, QuotedNumber::Kind kind);

}  // namespace ws::ui::lint
