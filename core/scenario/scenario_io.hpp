#pragma once
// Loading, preparing and saving scenarios. These are the only functions of
// core/ that touch the file system: loading reads the scenario and the files
// it names (PTX, buffer contents), saving writes atomically.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/input/read_file.hpp"
#include "core/ptx/diagnostic.hpp"
#include "core/scenario/scenario.hpp"

namespace ws::core {

// Reads a file named in a scenario (its path as written, relative to the
// scenario file). Returns the bytes, or nullopt with `error` set.
using FileReader = std::function<std::optional<std::string>(const std::string& path, std::string& error)>;
// Reads from the disk, resolving relative paths against `dir`, files of at
// most `maxBytes`.
FileReader diskReader(std::string dir, std::uint64_t maxBytes = kMaxInputFileBytes);

// Which files a scenario may read. Lessons are shared and downloaded, so a
// scenario file may not reach outside its own folder silently (a `file =
// "/home/me/.ssh/id_rsa"` buffer would show the key in the memory view):
// by default it reads only inside its own folder; `allowedDirs` adds folders
// (the bundled lessons, --allow-files, what the user confirmed in a viewer).
struct LoadOptions {
  std::vector<std::string> allowedDirs;
};
// diskReader, confined: a path that resolves (symlinks followed) outside
// `dir` and every folder of `allowedDirs` is refused with an error naming it
// and saying how to allow it, and its resolved path is appended to `refused`
// when that is given.
FileReader confinedReader(std::string dir, std::vector<std::string> allowedDirs,
                          std::shared_ptr<std::vector<std::string>> refused = nullptr,
                          std::uint64_t maxBytes = kMaxInputFileBytes);
// The reader for the files `src`'s scenario names: confined when the scenario
// came from a file (src.confined), else diskReader (a launch built from the
// command line reads what the user named there).
FileReader scenarioReader(const SourceInfo& src);

// Snippet registers' initial values: one value per thread of the CTA.
struct RegInit {
  std::string name;
  std::uint32_t reg = 0;                // register index in the program
  std::vector<std::uint64_t> bits;      // [tid], raw bits as the register holds them
};

// A scenario turned into what the engine needs.
struct PreparedScenario {
  std::shared_ptr<const Program> program;
  LaunchConfig launch;
  EngineOptions options;
  std::uint64_t maxSteps = kDefaultMaxSteps;
  std::vector<RegInit> regInit;          // snippet mode
  std::shared_ptr<const ForcedSchedule> schedule;  // [schedule], as the engine replays it (null: none)
  std::vector<WordType> bufferTypes;     // per launch buffer
  std::string ptxName;                   // where PTX lines are: "kernel.ptx", or the scenario file
  // Inline PTX and snippets: PTX line -> line in the scenario file (index 0 unused).
  std::vector<std::uint32_t> ptxLineToFileLine;
  // "file:line" for a PTX line, in whichever file the user edits.
  std::string where(std::uint32_t ptxLine) const;
};

struct PrepareResult {
  std::optional<PreparedScenario> prepared;
  std::vector<LoadError> errors;
};
// Builds the program (parsing the PTX, generating a snippet module), the
// buffers and the launch, and checks them against each other. Errors carry
// the scenario file's positions (inline PTX errors included).
PrepareResult prepareScenario(const Scenario& s, const FileReader& read);

// Engine::create plus the snippet's initial register values.
std::variant<Engine, std::string> createEngine(const PreparedScenario& p);

struct ScenarioLoad {
  std::optional<Scenario> scenario;          // set when the document itself could be read
  std::optional<PreparedScenario> prepared;  // set when it is ready to run
  std::vector<LoadError> errors;             // every problem, in file order
  // Files refused because they lie outside the folders the scenario may read
  // (resolved paths): a viewer may ask the user and load again with their
  // folders allowed.
  std::vector<std::string> refusedFiles;
  std::size_t refusals = 0;  // errors that are such refusals (one per read refused)
  bool ok() const { return scenario.has_value() && prepared.has_value() && errors.empty(); }
  // Whether allowing refusedFiles' folders is all the load needs.
  bool refusedOnlyForAccess() const { return refusals > 0 && refusals == errors.size(); }
};
// Reads and checks a scenario: the document, the files it names, the PTX.
// The files it names are read through confinedReader (see LoadOptions).
ScenarioLoad loadScenarioFile(const std::string& path, const LoadOptions& options = {});
// The same from text; `dir` is where relative paths resolve (for messages),
// `read` supplies the named files.
ScenarioLoad loadScenarioText(std::string_view text, const std::string& fileName, const FileReader& read,
                              const std::string& dir = "");
// The same for text of the file `path` (an editor's unsaved buffer): its
// files are read from the disk as loadScenarioFile reads them.
ScenarioLoad loadScenarioTextAt(std::string_view text, const std::string& path, const LoadOptions& options = {});

// The scenario as TOML text, in the canonical key order (byte-stable).
std::string formatScenario(const Scenario& s);

struct SaveResult {
  bool ok = false;
  std::string error;  // why it failed; the old file is then untouched
};
// Writes atomically: a temporary file in the same directory, flushed and
// fsync'ed, then renamed over `path`.
SaveResult saveScenarioFile(const Scenario& s, const std::string& path);
SaveResult writeFileAtomic(const std::string& path, std::string_view bytes);

}  // namespace ws::core
