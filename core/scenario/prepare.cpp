// Scenario -> program + launch: parse (or generate) the PTX, build the
// buffers and parameters, and check everything against the entry, mapping
// each problem to where the user can fix it in the scenario file.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "core/ptx/entry_choice.hpp"
#include "core/ptx/parser.hpp"
#include "core/scenario/buffers.hpp"
#include "core/scenario/prepare_detail.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/scenario/schedule/schedule.hpp"
#include "core/scenario/snippet.hpp"
#include "core/scenario/values.hpp"
#include "core/util/name_list.hpp"

namespace ws::core {
namespace {

constexpr std::string_view kInlineName = "<inline ptx>";
constexpr std::string_view kSnippetName = "<snippet>";

// Byte offset of (line, col) in text (1-based; clamped).
std::size_t offsetOf(std::string_view text, std::uint32_t line, std::uint32_t col) {
  std::size_t i = 0;
  for (std::uint32_t l = 1; l < line && i < text.size(); ++i)
    if (text[i] == '\n') ++l;
  const std::size_t lineEnd = std::min(text.find('\n', i), text.size());
  return std::min(i + (col > 0 ? col - 1 : 0), std::max(lineEnd, i));
}

struct Preparer {
  const Scenario& s;
  const FileReader& read;
  std::vector<LoadError>& errors;
  PreparedScenario out;

  void at(const std::string& path, std::string msg) {
    const FilePos p = s.source.at(path);
    errors.push_back({s.source.file, p.line, p.col, std::move(msg)});
  }
  void inString(const std::string& path, std::size_t offset, std::string msg) {
    const FilePos p = s.source.inString(path, offset);
    errors.push_back({s.source.file, p.line, p.col, std::move(msg)});
  }

  // Line map for PTX text that lives inside the scenario file: PTX line
  // `first + k` is line k+1 of the string at `path`.
  void mapLines(const std::string& path, std::string_view text, std::uint32_t first) {
    out.ptxLineToFileLine.assign(first, s.source.at(path).line);
    std::size_t off = 0;
    while (off <= text.size()) {
      out.ptxLineToFileLine.push_back(s.source.inString(path, off).line);
      const std::size_t nl = text.find('\n', off);
      if (nl == std::string_view::npos) break;
      off = nl + 1;
    }
  }

  bool program() {
    const ProgramSpec& p = s.program;
    std::string text;
    std::string name;
    std::string path;           // key of the string holding the PTX (inline/snippet)
    std::string_view code;      // that string
    std::uint32_t first = 1;    // module line of its first line
    switch (p.kind) {
      case ProgramSpec::Kind::Inline:
        text = p.ptx;
        name = std::string(kInlineName);
        path = "program.ptx";
        code = p.ptx;
        break;
      case ProgramSpec::Kind::File: {
        std::string err;
        auto t = read(p.ptxFile, err);
        if (!t) {
          at("program.ptx_file", fmt::format("cannot read the PTX file: {}", err));
          return false;
        }
        text = std::move(*t);
        name = s.source.dir.empty() ? p.ptxFile : (std::filesystem::path(s.source.dir) / p.ptxFile).string();
        break;
      }
      case ProgramSpec::Kind::Snippet: {
        std::vector<SnippetError> errs;
        auto m = buildSnippetModule(s, errs);
        for (const auto& e : errs) {
          if (e.path == "program.snippet.code") inString(e.path, e.offset, e.message);
          else at(e.path, e.message);
        }
        if (!m) return false;
        text = std::move(m->ptx);
        name = std::string(kSnippetName);
        path = "program.snippet.code";
        code = p.snippet.code;
        first = m->codeFirstLine;
        break;
      }
    }
    auto parsed = parsePtx(text, name);
    if (!parsed.ok()) {
      for (LoadError e : parsed.errors) {
        if (!path.empty()) {
          // Text inside the scenario file: point at the same character there.
          if (e.line >= first) {
            const FilePos fp = s.source.inString(path, offsetOf(code, e.line - first + 1, e.col));
            e.line = fp.line;
            e.col = fp.col;
          } else {  // in the generated header: blame the snippet table
            const FilePos fp = s.source.at("program.snippet");
            e.line = fp.line;
            e.col = fp.col;
          }
          e.file = s.source.file;
        }
        errors.push_back(std::move(e));
      }
      if (parsed.errors.empty()) at("program", "the PTX could not be loaded");
      return false;
    }
    out.program = std::make_shared<const Program>(std::move(*parsed.program));
    if (!path.empty()) {
      out.ptxName = s.source.file;
      mapLines(path, code, first);
    } else {
      out.ptxName = name;
    }
    return true;
  }

  bool target() {
    if (s.target.empty() || s.program.kind == ProgramSpec::Kind::Snippet) return true;
    auto t = Target::parse(s.target);
    if (!t) return true;  // reported by the loader
    const Target& need = out.program->target;
    if (!t->satisfies(need)) {
      at("target", fmt::format("the module is compiled for {}, which the scenario's target {} cannot run",
                               need.str(), s.target));
      return false;
    }
    return true;
  }

  // The argument of a buffer or tensor-map parameter over launch buffer
  // `buffer`: a pointer, or the map's 128 bytes (its address filled in at launch).
  void pushParam(const Param& prm, std::uint32_t buffer) {
    if (const auto* t = std::get_if<TensorMapParam>(&prm)) {
      const auto enc = encodeTensorMap(t->map);
      out.launch.params.push_back(
          ParamValue::blob(std::vector<std::uint8_t>(enc.begin(), enc.end()), buffer, kTensorMapAddressOffset));
    } else {
      out.launch.params.push_back(ParamValue::buf(buffer));
    }
  }

  bool buffers(const std::vector<bool>* only = nullptr) {
    bool ok = true;
    // The engine's limit on all buffers together holds before any buffer is
    // built: the sizes of generated buffers are known up front, files are
    // counted as they are read. Many huge buffers get a message, not an
    // out-of-memory end.
    const std::uint64_t maxTotal = Limits{}.maxTotalBufferBytes;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < s.params.size(); ++i) {
      if (only && (i >= only->size() || !(*only)[i])) continue;
      if (const BufferParam* b = paramBuffer(s.params[i])) {
        const BufferInit::Kind k = b->init.kind;
        total += k == BufferInit::Kind::Words ? b->init.words.size() * 4ull
                 : k == BufferInit::Kind::File || k == BufferInit::Kind::Same ? 0
                                                                               : b->init.count * 4ull;
        if (total > maxTotal) {
          at(fmt::format("param[{}]", i), fmt::format("buffer '{}' takes the launch buffers past {} MiB together",
                                                      b->name, maxTotal >> 20));
          return false;
        }
      }
    }
    total = 0;
    for (std::size_t i = 0; i < s.params.size(); ++i) {
      if (only && (i >= only->size() || !(*only)[i])) continue;
      const BufferParam* b = paramBuffer(s.params[i]);
      const std::string path = fmt::format("param[{}]", i);
      if (b && b->init.kind == BufferInit::Kind::Same) {
        // The earlier buffer's allocation (launchBuffers has no entry of its own for it).
        const std::optional<std::uint32_t> same = launchBufferIndex(s, b->name);
        if (!same) {
          at(path, fmt::format("buffer '{}' has no contents and no earlier buffer of that name", b->name));
          ok = false;
          continue;
        }
        pushParam(s.params[i], *same);
      } else if (b) {
        auto bytes = bufferBytes(*b, s, path, read, errors);
        if (!bytes) {
          ok = false;
          continue;
        }
        total += bytes->size();
        if (total > maxTotal) {
          at(path, fmt::format("buffer '{}' takes the launch buffers past {} MiB together", b->name, maxTotal >> 20));
          return false;
        }
        pushParam(s.params[i], static_cast<std::uint32_t>(out.launch.buffers.size()));
        out.launch.buffers.push_back({b->name, std::move(*bytes)});
        out.bufferTypes.push_back(b->type);
      } else {
        const auto& sc = std::get<ScalarParam>(s.params[i]);
        std::string err;
        auto bits = valueBits(sc.value, sc.type, err);
        if (!bits) {
          at(path + ".value", fmt::format("scalar '{}': {}", sc.name, err));
          ok = false;
          continue;
        }
        out.launch.params.push_back(ParamValue::scalar(*bits));
      }
    }
    return ok;
  }

  bool launch() {
    const Program& p = *out.program;
    const bool snippet = s.program.kind == ProgramSpec::Kind::Snippet;
    LaunchConfig& cfg = out.launch;
    if (snippet) {
      cfg.entry = std::string(kSnippetEntry);
      cfg.block = {s.program.snippet.lanes, 1, 1};
    } else {
      cfg.entry = s.launch.entry;
      cfg.grid = s.launch.grid;
      cfg.block = s.launch.block;
      cfg.cluster = s.launch.cluster;
      cfg.dynamicSharedBytes = s.launch.dynamicSharedBytes;
    }
    const std::vector<std::string> entries = entryNames(p);
    if (cfg.entry.empty()) {
      if (entries.size() != 1) {
        at("launch", chooseEntryMessage("the module", entries, "launch.entry"));
        return false;
      }
      cfg.entry = entries[0];
    }
    auto fi = p.findFunction(cfg.entry);
    if (!fi || !p.functions[*fi].isEntry) {
      at("launch.entry", entries.empty() ? noEntryMessage("the module")
                                         : fmt::format("no kernel entry named '{}' in the module (entries: {})",
                                                       cfg.entry, joinNames(entries)));
      return false;
    }
    // Each param against the entry's declaration: a buffer is a 64-bit
    // pointer, a scalar must have the declared size.
    const Function& fn = p.functions[*fi];
    if (fn.params.size() != s.params.size()) {
      at(s.params.empty() ? "launch" : "param",
         fmt::format("'{}' takes {} parameter{}, but the scenario gives {}", fn.name, fn.params.size(),
                     fn.params.size() == 1 ? "" : "s", s.params.size()));
      return false;
    }
    bool ok = true;
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
      const Symbol& sym = p.symbols[fn.params[i]];
      const std::string path = fmt::format("param[{}]", i);
      if (const auto* t = std::get_if<TensorMapParam>(&s.params[i])) {
        // "tensorMap address must be aligned to 64 bytes": a CUtensorMap
        // parameter is `.param .align 64 (or 128) .b8 name[128]`.
        if (sym.size != kTensorMapBytes || sym.align < 64) {
          at(path, fmt::format("tensor map '{}' is a 128-byte CUtensorMap aligned to 64 bytes, but parameter {} ('{}') "
                               "of '{}' has {} bytes aligned to {}", t->name, i, sym.name, fn.name, sym.size, sym.align));
          ok = false;
        }
      } else if (const auto* b = std::get_if<BufferParam>(&s.params[i])) {
        if (sym.size != 8) {
          at(path, fmt::format("buffer '{}' is passed as a 64-bit pointer, but parameter {} ('{}') of '{}' has {} "
                               "bytes", b->name, i, sym.name, fn.name, sym.size));
          ok = false;
        }
      } else {
        const auto& sc = std::get<ScalarParam>(s.params[i]);
        const auto bytes = static_cast<std::uint64_t>(byteWidth(sc.type));
        if (sym.size != bytes) {
          at(path, fmt::format("scalar '{}' is .{} ({} bytes), but parameter {} ('{}') of '{}' has {} bytes",
                               sc.name, typeName(sc.type), bytes, i, sym.name, fn.name, sym.size));
          ok = false;
        }
      }
    }
    return ok;
  }

  bool regInit() {
    if (s.program.kind != ProgramSpec::Kind::Snippet) return true;
    const Program& p = *out.program;
    const Function& fn = p.functions[*p.findFunction(kSnippetEntry)];
    bool ok = true;
    for (const auto& [name, text] : s.program.snippet.init) {
      const std::string path = "program.snippet.init." + name;
      std::optional<std::uint32_t> reg;
      for (std::uint32_t r = fn.regBegin; r < fn.regEnd && r < p.regs.size(); ++r)
        if (p.regs[r].name == name) reg = r;
      if (!reg) {
        at(path, fmt::format("the snippet has no register {}", name));
        ok = false;
        continue;
      }
      auto parsed = Expr::parse(text);
      if (auto* e = std::get_if<ExprError>(&parsed)) {
        inString(path, e->col - 1, fmt::format("{}: {}", name, e->message));
        ok = false;
        continue;
      }
      const Expr& ex = std::get<Expr>(parsed);
      RegInit ri;
      ri.name = name;
      ri.reg = *reg;
      const DataType t = p.regs[*reg].type;
      for (std::uint32_t tid = 0; tid < s.program.snippet.lanes; ++tid) {
        auto v = ex.eval(snippetVars(tid));
        if (auto* e = std::get_if<ExprError>(&v)) {
          inString(path, e->col - 1, fmt::format("{} at lane {} (tid {}): {}", name, tid % 32, tid, e->message));
          ok = false;
          break;
        }
        std::string err;
        auto bits = exprBits(std::get<ExprValue>(v), t, err);
        if (!bits) {
          inString(path, 0, fmt::format("{} at lane {}: {}", name, tid % 32, err));
          ok = false;
          break;
        }
        ri.bits.push_back(*bits);
      }
      if (ok) out.regInit.push_back(std::move(ri));
    }
    return ok;
  }

  // Register expectations name registers of the entry and warps of the launch.
  bool expectations() {
    const Program& p = *out.program;
    const Function& fn = p.functions[*p.findFunction(out.launch.entry)];
    const std::uint64_t threads = static_cast<std::uint64_t>(out.launch.block[0]) * out.launch.block[1] *
                                  out.launch.block[2];
    const std::uint64_t warps = (threads + 31) / 32 * out.launch.grid[0] * out.launch.grid[1] * out.launch.grid[2];
    bool ok = true;
    for (std::size_t i = 0; i < s.expect.registers.size(); ++i) {
      const WordsExpect& e = s.expect.registers[i];
      const std::string path = fmt::format("expect.register[{}]", i);
      bool found = false;
      for (std::uint32_t r = fn.regBegin; r < fn.regEnd && r < p.regs.size(); ++r) found |= p.regs[r].name == e.name;
      if (!found) {
        at(path + ".name", fmt::format("'{}' has no register {}", fn.name, e.name));
        ok = false;
      }
      if (e.warp >= warps) {
        at(path + ".warp", fmt::format("warp {} does not exist: the launch has {} warps", e.warp, warps));
        ok = false;
      }
    }
    return ok;
  }

  // [schedule]: each switch names a warp of the launch (the loader checked
  // the rest), and the engine gets the switches in its own warp numbering.
  bool schedule() {
    if (!s.schedule) return true;
    const LaunchConfig& cfg = out.launch;
    const std::uint64_t threads = static_cast<std::uint64_t>(cfg.block[0]) * cfg.block[1] * cfg.block[2];
    const std::uint64_t warpsPerCta = (threads + 31) / 32;
    const std::uint64_t ctas = static_cast<std::uint64_t>(cfg.grid[0]) * cfg.grid[1] * cfg.grid[2];
    bool ok = true;
    for (std::size_t i = 0; i < s.schedule->switches.size(); ++i) {
      const ScheduleSwitch& sw = s.schedule->switches[i];
      if (sw.async) continue;
      const std::string path = fmt::format("schedule.switches[{}]", i);
      if (sw.cta >= ctas) {
        at(path + ".cta", fmt::format("CTA {} does not exist: the launch has {} CTA{} (linear indices 0 to {})", sw.cta,
                                      ctas, ctas == 1 ? "" : "s", ctas - 1));
        ok = false;
      }
      if (sw.warp >= warpsPerCta) {
        at(path + ".warp", fmt::format("warp {} does not exist: a CTA of the launch has {} warp{} (0 to {})", sw.warp,
                                       warpsPerCta, warpsPerCta == 1 ? "" : "s", warpsPerCta - 1));
        ok = false;
      }
    }
    if (ok)
      out.schedule = std::make_shared<const ForcedSchedule>(
          forcedSchedule(*s.schedule, static_cast<std::uint32_t>(warpsPerCta)));
    return ok;
  }
};

}  // namespace

FileReader diskReader(std::string dir, std::uint64_t maxBytes) {
  return [dir = std::move(dir), maxBytes](const std::string& path, std::string& error) -> std::optional<std::string> {
    namespace fs = std::filesystem;
    const fs::path p = fs::path(path).is_absolute() || dir.empty() ? fs::path(path) : fs::path(dir) / path;
    return readFileCapped(p.string(), maxBytes, error);
  };
}

std::string PreparedScenario::where(std::uint32_t ptxLine) const {
  if (ptxLine < ptxLineToFileLine.size()) return fmt::format("{}:{}", ptxName, ptxLineToFileLine[ptxLine]);
  return fmt::format("{}:{}", ptxName, ptxLine);
}

PrepareResult prepareScenario(const Scenario& s, const FileReader& read) {
  PrepareResult r;
  Preparer p{s, read, r.errors, {}};
  p.out.options = s.engine.options;
  p.out.maxSteps = s.engine.maxSteps.value_or(kDefaultMaxSteps);
  const bool progOk = p.program();
  const bool bufOk = p.buffers();  // reported even when the program has errors
  if (!progOk || !bufOk) return r;
  if (!p.target() || !p.launch() || !p.regInit()) return r;
  const bool expectOk = p.expectations();
  if (!p.schedule() || !expectOk) return r;  // both reported
  auto made = createEngine(p.out);
  if (auto* e = std::get_if<std::string>(&made)) {
    p.at("launch", fmt::format("cannot launch: {}", *e));
    return r;
  }
  r.prepared = std::move(p.out);
  return r;
}

namespace detail {
std::vector<LoadError> checkProgramAndBuffers(const Scenario& s, const FileReader& read,
                                              const std::vector<bool>& paramLoaded) {
  std::vector<LoadError> errors;
  Preparer p{s, read, errors, {}};
  p.program();
  p.buffers(&paramLoaded);
  return errors;
}
}  // namespace detail

std::variant<Engine, std::string> createEngine(const PreparedScenario& p) {
  if (!p.program) return std::string("the scenario has no program");
  auto made = Engine::create(p.program, p.launch, p.options);
  if (auto* e = std::get_if<std::string>(&made)) return *e;
  Engine engine = std::move(std::get<Engine>(made));
  // Snippet registers start with their values, as if written before step 0.
  MachineState& st = engine.mutableState();
  for (const RegInit& ri : p.regInit) {
    for (WarpState& w : st.warps) {
      if (ri.reg >= w.written.size()) continue;
      for (int lane = 0; lane < kWarpSize; ++lane) {
        if (!((w.ctl.valid >> lane) & 1u)) continue;
        const std::size_t tid = static_cast<std::size_t>(w.warpInCta) * kWarpSize + static_cast<std::size_t>(lane);
        if (tid >= ri.bits.size()) continue;
        w.regs[static_cast<std::size_t>(ri.reg) * kWarpSize + static_cast<std::size_t>(lane)] = ri.bits[tid];
        w.written[ri.reg] |= 1u << lane;
      }
    }
  }
  engine.setSchedule(p.schedule);
  return engine;
}

}  // namespace ws::core
