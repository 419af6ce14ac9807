#pragma once
// A saved scenario: a program, how to launch it, what it should produce, the
// story told along the way, and where the user was in it. This is the
// document as written (a word list stays a word list, an iota stays an iota)
// so saving writes back what was loaded; prepare.hpp turns it into a launch.
// The file format is described key by key in docs/scenario-format.md.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/exec/state/launch.hpp"
#include "core/exec/state/tensor_map.hpp"
#include "core/exec/engine/options.hpp"
#include "core/isa/data_type.hpp"
#include "core/isa/instr.hpp"
#include "core/scenario/lesson/question.hpp"
#include "core/scenario/narration.hpp"

namespace ws::core {

// The format version this build writes; older versions are migrated on load.
inline constexpr int kScenarioFormat = 2;

// A number as written in the file: TOML keeps integers and floats apart, and
// so do we, so a saved file says `1.0` where the user wrote `1.0`.
struct Number {
  bool isFloat = false;
  std::int64_t i = 0;
  double f = 0;
  static Number ofInt(std::int64_t v) { return {false, v, 0}; }
  static Number ofFloat(double v) { return {true, 0, v}; }
  // Floats compare by bits, so a NaN read back equals the NaN written.
  bool operator==(const Number& o) const;
};

// A value of the free-form [session.view] table: front ends keep their own
// keys there, and the scenario code only carries them through.
struct FreeValue {
  enum class Kind : std::uint8_t { Bool, Int, Float, String, Array, Table };
  Kind kind = Kind::Table;
  bool b = false;
  std::int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<FreeValue> items;  // Array
  // A named field of a table. Its own type rather than std::pair: a pair of
  // this still-incomplete type inside it is not valid C++, and clang
  // (the fuzz build) rejects it.
  struct Field;
  std::vector<Field> fields;  // Table, sorted by key
  bool operator==(const FreeValue& o) const;

  const FreeValue* get(std::string_view key) const;
  void set(std::string key, FreeValue v);  // keeps `fields` sorted
};

struct FreeValue::Field {
  std::string key;
  FreeValue value;
  bool operator==(const Field&) const = default;
};

// Positions in the scenario file, kept for error messages only. They are not
// part of a scenario's value: equality ignores them, so a loaded scenario
// equals one built in code.
struct FilePos {
  std::uint32_t line = 0, col = 0;
};
struct SourceInfo {
  std::string file;  // the scenario file as named by the caller ("" when built in code)
  std::string dir;   // directory that relative paths in the file resolve against
  // Read from a scenario file: the files it names must lie inside `dir` or
  // one of `allowedDirs` (scenarioReader, LoadOptions).
  bool confined = false;
  std::vector<std::string> allowedDirs;
  // Key path ("params[1].file", "program.ptx") -> position of its value.
  std::map<std::string, FilePos> keys;
  // Multi-line strings whose contents are compiled (inline PTX, snippet code):
  // key path -> file position of each byte of the decoded string.
  std::map<std::string, std::vector<FilePos>> strings;
  bool operator==(const SourceInfo&) const { return true; }

  // Position of `path`, else of its nearest parent that has one, else 0:0.
  FilePos at(std::string_view path) const;
  // Position of byte `offset` of the decoded string at `path` (falls back to at(path)).
  FilePos inString(std::string_view path, std::size_t offset) const;
};

// Snippet mode: a few instructions wrapped into a one-CTA kernel, with
// per-lane initial register values written into the machine before step 0.
struct SnippetSpec {
  std::string code;                           // PTX instructions (and optional .reg lines)
  std::uint32_t lanes = 32;                   // threads in the block
  std::map<std::string, std::string> init;    // register -> expression of lane/tid/warp
  std::map<std::string, DataType> regs;       // explicit declarations (else inferred)
  bool operator==(const SnippetSpec&) const = default;
};

struct ProgramSpec {
  enum class Kind : std::uint8_t { Inline, File, Snippet };
  Kind kind = Kind::Inline;
  std::string ptx;      // Inline: the module text
  std::string ptxFile;  // File: path relative to the scenario file
  SnippetSpec snippet;  // Snippet
  bool operator==(const ProgramSpec&) const = default;
};

struct LaunchSpec {
  std::string entry;  // empty: the module's only entry
  Dim3 grid{1, 1, 1};
  Dim3 block{32, 1, 1};
  Dim3 cluster{0, 0, 0};  // 0 = no cluster launch
  std::uint32_t dynamicSharedBytes = 0;
  bool operator==(const LaunchSpec&) const = default;
};

// How a buffer's words are read and shown.
enum class WordType : std::uint8_t { U32, S32, F32 };

struct BufferInit {
  // Same: no contents of its own; the allocation of the earlier buffer of
  // that name (a second pointer to it, or another tensor map over it).
  enum class Kind : std::uint8_t { Words, Iota, Fill, Random, File, Same };
  Kind kind = Kind::Words;
  std::vector<Number> words;            // Words
  Number start, step = Number::ofInt(1);  // Iota: start, start+step, ...
  Number value;                         // Fill
  std::uint64_t seed = 1;               // Random (xorshift32, see random.hpp)
  std::optional<Number> min, max;       // Random: inclusive bounds (floats: [min, max))
  std::uint32_t count = 0;              // Iota/Fill/Random: number of words
  std::string file;                     // File: .json (array of words) or raw little-endian bytes
  bool operator==(const BufferInit&) const = default;
};

struct BufferParam {
  std::string name;
  WordType type = WordType::U32;
  BufferInit init;
  bool operator==(const BufferParam&) const = default;
};

struct ScalarParam {
  std::string name;
  DataType type = DataType::U32;
  Number value;
  bool operator==(const ScalarParam&) const = default;
};

// A CUtensorMap parameter (docs/tma.md): the map's fields and the buffer it
// describes (created here, or Same: an earlier buffer). The map's global
// address is the buffer's, filled in at launch.
struct TensorMapParam {
  std::string name;
  BufferParam buffer;
  TensorMap map;
  bool operator==(const TensorMapParam&) const = default;
};

// One kernel parameter, in the entry's parameter order.
using Param = std::variant<BufferParam, ScalarParam, TensorMapParam>;

struct Scenario;
// The buffer a parameter names (a buffer's, a tensor map's), or null.
const BufferParam* paramBuffer(const Param& p);
// The buffers a launch allocates, in order: each parameter's buffer that has
// contents of its own (a Same buffer is an earlier one's allocation).
std::vector<const BufferParam*> launchBuffers(const Scenario& s);
// The index into launchBuffers of the buffer named `name`.
std::optional<std::uint32_t> launchBufferIndex(const Scenario& s, std::string_view name);

// Final contents of a buffer or a register: all words, or some by index.
struct WordsExpect {
  std::string name;        // buffer name, or register name ("%r3")
  std::uint32_t warp = 0;  // registers: global warp index
  bool whole = true;       // `words` is the full contents; else `at`
  std::vector<Number> words;
  std::map<std::uint32_t, Number> at;
  bool operator==(const WordsExpect&) const = default;
};

struct DiagExpect {
  DiagKind kind = DiagKind::Unsupported;
  std::optional<LaneMask> lanes;         // union of the lanes of the matching diagnostics
  std::optional<std::uint32_t> count;    // number of matching diagnostics (default: at least one)
  std::optional<std::uint32_t> ptxLine;  // only diagnostics at this PTX line match
  bool operator==(const DiagExpect&) const = default;
};

struct Expectations {
  std::vector<WordsExpect> buffers;
  std::vector<WordsExpect> registers;
  std::vector<DiagExpect> diagnostics;
  bool noOtherDiagnostics = false;  // a diagnostic no entry matches is a failure
  std::optional<std::string> printed;  // everything the kernel printed (printf, assert), exactly
  // printed_order = "any": the printed lines in any order. CUDA orders no
  // thread's output after another's, so a lesson with several printing
  // warps can say that only the lines themselves are the result.
  bool printedAnyOrder = false;
  std::optional<StopReason> stop;   // how the run must end
  bool operator==(const Expectations&) const = default;
};

struct EngineSpec {
  EngineOptions options;
  std::optional<std::uint64_t> maxSteps;
  // engine.check_races as the file says it (options.checkRaces is what the
  // run uses: without the key, the front end's default).
  std::optional<bool> checkRaces;
  bool operator==(const EngineSpec&) const = default;
};

// A saved schedule ([schedule], docs/scenario-format.md): the steps where
// the run takes another choice than its scheduling policy, as
// `warpscope-cli explore` found and shrank them (core/explore/).
struct ScheduleSwitch {
  std::uint64_t step = 0;               // the step (0-based) the choice is made at
  std::optional<std::uint64_t> async;   // complete this in-flight async operation (its id) ...
  std::uint32_t cta = 0, warp = 0;      // ... else run these lanes of warp `warp` of CTA `cta` (linear index)
  LaneMask lanes = 0;
  bool operator==(const ScheduleSwitch&) const = default;
};
inline constexpr std::uint32_t kScheduleVersion = 1;
struct ScheduleSpec {
  std::uint32_t version = kScheduleVersion;  // the meaning of the switches (the scheduler they are relative to)
  std::string foundBy;                       // how it was found, for people ("explore --strategy pct --seed 1: schedule 37")
  std::vector<ScheduleSwitch> switches;      // ascending step, at most one per step
  bool operator==(const ScheduleSpec&) const = default;
};

// A breakpoint: where (PTX line, CUDA line or instruction kind) and/or for
// which lanes (a condition over lane/tid/warp). At least one is set.
struct ScenarioBreakpoint {
  std::optional<std::uint32_t> ptxLine;
  std::optional<std::uint32_t> cudaLine;
  std::string cudaFile;     // with cudaLine: the .file name it must match ("" = any)
  std::string instruction;  // a mnemonic ("shfl", "red.async") or a family ("collective")
  std::string lanes;        // expression; break only if an executing lane makes it true
  bool enabled = true;
  bool operator==(const ScenarioBreakpoint&) const = default;
};

struct Focus {
  std::uint32_t cta = 0, warp = 0, lane = 0;  // warp: index in the CTA
  bool operator==(const Focus&) const = default;
};

struct SessionState {
  std::uint64_t step = 0;  // history position the user was at
  Focus focus;
  std::vector<ScenarioBreakpoint> breakpoints;
  std::vector<std::string> watches;  // front-end watch expressions ("%r1", "out[3]")
  FreeValue view;                    // free-form table
  bool operator==(const SessionState&) const = default;
};

struct Scenario {
  std::string title;
  std::string description;  // markdown
  std::string target;       // "sm_90a"; empty: the module's own
  LessonInfo lesson;  // goal, prerequisites, authored questions
  std::vector<Narration> narration;
  ProgramSpec program;
  LaunchSpec launch;
  std::vector<Param> params;
  Expectations expect;
  EngineSpec engine;
  std::optional<ScheduleSpec> schedule;
  SessionState session;
  SourceInfo source;
  bool operator==(const Scenario&) const = default;
};

// Names used in the file for enums (also by the CLI).
std::string_view wordTypeName(WordType t);
std::optional<WordType> parseWordType(std::string_view s);
std::string_view stopSlug(StopReason r);
std::optional<StopReason> stopFromSlug(std::string_view s);
std::string_view modeSlug(ExecMode m);
std::string_view asyncSlug(AsyncCompletion a);
std::string_view schedulingSlug(WarpScheduling s);

// Breakpoint instruction kinds: a mnemonic of the instruction table ("shfl",
// "red.async") or a family ("arith", "bits", "compare", "move", "memory",
// "control", "collective", "atomic", "mbarrier").
std::vector<std::string_view> instructionFamilies();
bool isInstructionKind(std::string_view kind);
bool instructionKindMatches(std::string_view kind, const Instr& ins);

}  // namespace ws::core
