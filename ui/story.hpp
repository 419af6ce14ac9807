#pragma once
// A line of a scenario's story (core::Narration, without core/scenario's
// headers: see scenario_bridge.hpp), shown when the history reaches `step` or
// an instruction of `ptxLine` runs.
#include <cstdint>
#include <optional>
#include <string>

namespace ws::ui {

struct StoryEntry {
  std::optional<std::uint64_t> step;
  std::optional<std::uint32_t> ptxLine;
  std::string text;
  bool operator==(const StoryEntry&) const = default;
};

}  // namespace ws::ui
