#pragma once
// One way in: what every front end opens. warpscope-cli's commands, the Qt
// app (command line and launch dialog) and warpscope-imgui (command line and
// file picker) all fill a LaunchRequest and turn it into a scenario here, so
// the three launch the same things with the same options and the same
// errors. A bare PTX file becomes an unsaved scenario (saving it writes a
// .toml that launches it again); a .toml is loaded as written, with the
// engine options the request overrides.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/exec/engine/options.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::ui {

struct LaunchRequest {
  std::string path;  // a scenario (.toml) or a PTX module (as nvcc -ptx writes it)

  // The launch of a PTX file. A scenario's [launch] and [[param]] say how it
  // runs: any of these set with a .toml is an error, not silently ignored.
  std::string entry;                 // kernel entry; empty: the module's only one
  std::string grid = "1", block = "32";  // "N", "X,Y,Z" or "XxYxZ"
  std::string cluster;               // the same; "" or "0": the entry's .reqnctapercluster, else none
  // One per pointer parameter, in order: a file (.json array of words, else
  // raw little-endian bytes), or "zeros:N" / "iota:N" for N 32-bit words.
  std::vector<std::string> buffers;
  // The scalar parameters after the buffers, in order: decimal, 0x hex,
  // negative or floating-point text, stored as the parameter's declared type.
  std::vector<std::string> scalars;
  // One per CUtensorMap parameter (128 bytes), in order: the scenario's
  // tensor-map keys as key=value,... (core/scenario/tensor_map/tensor_map_option.hpp).
  // The entry's declaration order places them among the buffers and scalars.
  std::vector<std::string> tensorMaps;
  std::uint32_t dynamicSmem = 0;  // bytes of dynamic shared memory per CTA (extern __shared__)

  // Engine options, for both kinds of input ("" keeps the scenario's).
  std::string mode;        // "strict" or "hardware"
  std::string scheduling;  // "round-robin" or "run-to-block"
  // A command's own mode ("" none: `check` runs in hardware mode), given up
  // for a scenario with a [schedule]: its switches are relative to the
  // scenario's own policies (docs/scenario-format.md).
  std::string commandMode;
  std::uint64_t maxSteps = 0;  // 0: the scenario's engine.max_steps, else the default
  // The race detector (docs/races.md): --races / --no-races; without either,
  // the scenario's engine.check_races, else racesByDefault: on for the
  // viewers, `check` and `render`, off for headless run and trace (speed).
  std::optional<bool> races;
  bool racesByDefault = true;
  // The warp scheduling of a bare PTX file when `scheduling` is empty: the
  // debuggers (and `render`) step round-robin, one warp instruction at a time
  // with warps taking turns, so step N is the same step everywhere; headless
  // runs keep a warp going until it blocks (same results for race-free
  // programs, and fast).
  core::WarpScheduling ptxScheduling = core::WarpScheduling::RoundRobin;
  // Folders a scenario may read files from besides its own and the bundled
  // lessons' (--allow-files; see core::LoadOptions).
  std::vector<std::string> allowFiles;

  // Whether any PTX launch field differs from its default.
  bool hasPtxLaunch() const;
};

bool isScenarioPath(const std::string& path);

// What a request opens: the scenario (as a document, to save) and the launch
// it prepares into (checked against the module, with the H100's MUFU tables).
struct OpenedLaunch {
  core::Scenario scenario;
  core::PreparedScenario prepared;
};

// The kernel entries of a PTX file (for a launch dialog), or why it cannot
// be read.
std::variant<std::vector<std::string>, std::string> ptxEntries(const std::string& ptxPath);

// Load errors as text, one per line; `fallback` when there are none.
std::string loadErrorsText(const std::vector<core::LoadError>& errors, const std::string& fallback);

// The request's scenario, prepared; else every error, one per line
// ("file:line:col: error: ..." where there is a position, "file: error: ..."
// where not).
std::variant<OpenedLaunch, std::string> openLaunch(const LaunchRequest& r);

// When `r` names a scenario that does not open only because it names files
// outside the folders it may read: those files (resolved paths), for a viewer
// to ask the user about before adding their folders to r.allowFiles; empty
// otherwise.
std::vector<std::string> filesToAllow(const LaunchRequest& r);

}  // namespace ws::ui
