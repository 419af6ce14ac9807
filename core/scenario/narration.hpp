#pragma once
// A line of a scenario's narration (the [[narration]] table), shown when the
// history reaches `step` or an instruction of `ptxLine` runs. Its own header
// so the view layer's session and frames can carry it without the rest of
// the scenario model.
#include <cstdint>
#include <optional>
#include <string>

namespace ws::core {

struct Narration {
  std::optional<std::uint64_t> step;     // shown when the history reaches this step
  std::optional<std::uint32_t> ptxLine;  // or when an instruction of this PTX line runs (survives edits)
  std::string text;                      // markdown
  bool operator==(const Narration&) const = default;
};

}  // namespace ws::core
