#pragma once
// The render command's work, apart from its command line: it takes a
// ScenarioStart (ui/session/scenario_bridge.hpp), so this header includes neither of
// the two headers that both define ws::core::Breakpoint.
#include <cstdint>
#include <string>

#include "ui/session/scenario_bridge.hpp"

namespace ws::cli {

// The most files one `render --steps A:B` writes (an SVG is about 50 KB, a
// PNG more): a range past it stops there with a message, so a range over an
// endless loop cannot fill a disk.
inline constexpr std::uint64_t kMaxRenderFiles = 1000;

struct RenderJob {
  std::uint64_t from = 0, to = 0;  // positions to render (from == to: one picture)
  bool sequence = false;           // to a directory, one file per step
  std::string output;              // file, or directory for a sequence
  std::string format = "svg";      // svg or png (sequences; a single file goes by its extension)
  std::string until;               // render the first step from `from` that runs this mnemonic prefix
  std::string theme = "light";     // a built-in name, a bundled theme, or a .toml file
  bool allWarps = false;           // every warp of the focused CTA
  std::int64_t warp = -1;          // focus (global warp index), -1: the executing warp
  std::int32_t lane = 0;
  double scale = 1.0;              // PNG pixels per scene unit
  std::uint64_t maxSteps = 0;      // seeking stops after this many steps
};

// Runs the job; prints what it wrote (one path per line) and errors to stderr.
// Returns a warpscope-cli exit code.
int runRenderJob(ws::ui::ScenarioStart start, const RenderJob& job);

}  // namespace ws::cli
