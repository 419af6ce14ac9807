#include "ui/session/step_until.hpp"

#include "ui/frame/step_facts.hpp"

namespace ws::ui {

bool stepUntilMnemonic(Session& s, std::string_view prefix, std::uint64_t maxSteps) {
  for (std::uint64_t i = 0; i < maxSteps; ++i) {
    const core::RunOutcome o = s.step();
    if (o.steps == 0) return false;
    if (const core::StepRecord* r = s.history().current(); r && !r->userEdit && !r->completedAsync) {
      if (const core::Instr* ins = instrAt(s.program(), r->pc))
        if (instrMnemonic(s.program(), *ins).rfind(prefix, 0) == 0) return true;
    }
    if (o.why == core::RunOutcome::Why::Finished || o.why == core::RunOutcome::Why::Stopped) return false;
  }
  return false;
}

}  // namespace ws::ui
