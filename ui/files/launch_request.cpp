#include "ui/files/launch_request.hpp"

#include <bit>
#include <charconv>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "core/ptx/entry_choice.hpp"
#include "core/ptx/parser.hpp"
#include "core/scenario/tensor_map/tensor_map_option.hpp"
#include "ui/files/cuda_source.hpp"
#include "ui/session/mufu_assets.hpp"
#include "ui/session/scenario_access.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

std::variant<core::Program, std::string> parseModule(const std::string& text, const std::string& shown) {
  auto parsed = core::parsePtx(text, shown);
  if (!parsed.ok()) return loadErrorsText(parsed.errors, shown + ": error: not a PTX module");
  return std::move(*parsed.program);
}

// A PTX file parsed, with the reader scenarios use (size cap, file kinds).
std::variant<core::Program, std::string> readModule(const std::string& dir, const std::string& file,
                                                     const std::string& shown) {
  std::string err;
  auto text = core::diskReader(dir)(file, err);
  if (!text) return fmt::format("{}: error: {}", shown, err);
  return parseModule(*text, shown);
}

// "2", "2,1,1" or "2x1x1"; `zeroIsNone`: "" and "0" are {0,0,0} (no cluster).
std::optional<core::Dim3> parseDim3(const std::string& text, bool zeroIsNone, std::string& error) {
  if (zeroIsNone && (text.empty() || text == "0")) return core::Dim3{0, 0, 0};
  core::Dim3 d{1, 1, 1};
  std::size_t i = 0, k = 0;
  while (i <= text.size()) {
    if (k == 3) {
      error = fmt::format("'{}' has more than three dimensions", text);
      return std::nullopt;
    }
    std::size_t j = text.find_first_of(",x", i);
    if (j == std::string::npos) j = text.size();
    const std::string part = text.substr(i, j - i);
    std::uint32_t v = 0;
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || p != part.data() + part.size() || v == 0) {
      error = fmt::format("'{}' is not a dimension: expected positive numbers like 2 or 2,1,1", text);
      return std::nullopt;
    }
    d[k++] = v;
    i = j + 1;
  }
  return d;
}

// A scalar as typed, stored as the parameter's declared type `t`: a decimal
// integer (negative too) or a float is a value, converted to t (2 for an .f32
// is 2.0f); 0x hex is the parameter's bits (0x3fc00000 for an .f32 is 1.5f).
std::optional<core::Number> parseScalar(const std::string& text, core::DataType t) {
  const bool neg = !text.empty() && text[0] == '-';
  std::string_view digits = std::string_view(text).substr(neg ? 1 : 0);
  const bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  if (hex) digits.remove_prefix(2);
  std::uint64_t u = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), u, hex ? 16 : 10);
  if (!digits.empty() && ec == std::errc() && p == digits.data() + digits.size()) {
    if (hex && !neg && t == core::DataType::F32 && u <= 0xffffffffu)
      return core::Number::ofFloat(std::bit_cast<float>(static_cast<std::uint32_t>(u)));
    if (hex && !neg && t == core::DataType::F64) return core::Number::ofFloat(std::bit_cast<double>(u));
    if (!neg) return core::Number::ofInt(static_cast<std::int64_t>(u));
    if (u <= (1ull << 63)) return core::Number::ofInt(static_cast<std::int64_t>(0 - u));
    return std::nullopt;
  }
  if (hex) return std::nullopt;
  char* end = nullptr;
  const double f = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return std::nullopt;
  return core::Number::ofFloat(f);
}

// The declared type a scalar parameter is stored as: its .param type when
// that has the parameter's size (.u32, .f32, .s64 ...), else the unsigned
// integer of that size (a .b8 array of 4 bytes takes a .u32).
core::DataType paramType(const core::Symbol& sym) {
  if (static_cast<std::uint64_t>(core::byteWidth(sym.elemType)) == sym.size) return sym.elemType;
  switch (sym.size) {
    case 1: return core::DataType::U8;
    case 2: return core::DataType::U16;
    case 8: return core::DataType::U64;
    default: return core::DataType::U32;
  }
}

// "zeros:N" / "iota:N", or a file (named relative to `dir` as saved). A
// file's buffer is named after it (its stem); the generated ones bufN.
std::variant<core::BufferParam, std::string> bufferParam(const std::string& spec, std::size_t i, const fs::path& dir) {
  core::BufferParam p;
  p.name = fmt::format("buf{}", i);
  const auto colon = spec.find(':');
  const std::string kind = colon == std::string::npos ? "" : spec.substr(0, colon);
  if (kind == "zeros" || kind == "iota") {
    const std::string count = spec.substr(colon + 1);
    std::uint32_t n = 0;
    auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (count.empty() || ec != std::errc() || end != count.data() + count.size())
      return fmt::format("buffer {}: '{}' needs a word count, as in {}:32", i + 1, spec, kind);
    p.init.kind = kind == "zeros" ? core::BufferInit::Kind::Fill : core::BufferInit::Kind::Iota;
    p.init.count = n;
    p.init.value = core::Number::ofInt(0);
    p.init.start = core::Number::ofInt(0);
    return p;
  }
  const fs::path f = fs::absolute(spec).lexically_normal();
  p.name = f.stem().string();
  p.init.kind = core::BufferInit::Kind::File;
  const fs::path rel = f.lexically_relative(dir);
  p.init.file = rel.empty() ? f.string() : rel.generic_string();
  return p;
}

// A CUtensorMap parameter: `.param .align 64 (or 128) .b8 name[128]`.
bool isTensorMapSymbol(const core::Symbol& sym) { return sym.size == core::kTensorMapBytes && sym.align >= 64; }

// The parameters in the entry's order: each tensor-map slot takes the next
// map, every other slot the next of `plain` (buffers, then scalars); what is
// left over goes last, for the preparation to count.
std::vector<core::Param> placeTensorMaps(const core::Program& p, const core::Function& fn, std::vector<core::Param> plain,
                                         std::vector<core::Param> maps) {
  std::vector<core::Param> out;
  std::size_t a = 0, b = 0;
  for (std::uint32_t si : fn.params) {
    if (isTensorMapSymbol(p.symbols[si]) && b < maps.size()) out.push_back(std::move(maps[b++]));
    else if (a < plain.size()) out.push_back(std::move(plain[a++]));
  }
  for (; a < plain.size(); ++a) out.push_back(std::move(plain[a]));
  for (; b < maps.size(); ++b) out.push_back(std::move(maps[b]));
  return out;
}

// `base`, or base_2, base_3 ... : parameter names are unique in a scenario
// (two files called out.json in two folders).
std::string uniqueName(const core::Scenario& s, const std::string& base) {
  auto taken = [&](const std::string& n) {
    for (const auto& p : s.params)
      if (std::visit([&](const auto& q) { return q.name == n; }, p)) return true;
    return false;
  };
  std::string name = base;
  for (int k = 2; taken(name); ++k) name = fmt::format("{}_{}", base, k);
  return name;
}

// The request's engine options over the scenario's; "" if they are valid.
// A saved [schedule] replays only under the policies it was found with, so
// options that change them are an error there, and a command's own mode
// gives way.
std::string applyEngine(const LaunchRequest& r, core::Scenario& s) {
  core::EngineSpec& e = s.engine;
  const core::EngineOptions before = e.options;
  const std::string& mode = !r.mode.empty() || s.schedule ? r.mode : r.commandMode;
  if (mode == "hardware") e.options.mode = core::ExecMode::Hardware;
  else if (mode == "strict") e.options.mode = core::ExecMode::Strict;
  else if (!mode.empty()) return fmt::format("error: mode '{}' is not strict or hardware", mode);
  if (r.scheduling == "round-robin") e.options.scheduling = core::WarpScheduling::RoundRobin;
  else if (r.scheduling == "run-to-block") e.options.scheduling = core::WarpScheduling::RunToBlock;
  else if (!r.scheduling.empty())
    return fmt::format("error: scheduling '{}' is not round-robin or run-to-block", r.scheduling);
  if (s.schedule && (e.options.mode != before.mode || e.options.scheduling != before.scheduling))
    return fmt::format("error: {} holds a [schedule] found under {} mode and {} scheduling; --mode/--scheduling "
                       "would replay another interleaving (leave them out)",
                       r.path, core::modeSlug(before.mode), core::schedulingSlug(before.scheduling));
  if (r.maxSteps) e.maxSteps = r.maxSteps;
  e.options.checkRaces = r.races.value_or(e.checkRaces.value_or(r.racesByDefault));
  return {};
}

std::variant<OpenedLaunch, std::string> openScenarioFile(const LaunchRequest& r) {
  if (r.hasPtxLaunch())
    return fmt::format("error: {} is a scenario: its [launch] and [[param]] sections say how to run it, so "
                       "--entry/--grid/--block/--cluster/--buffer/--scalar/--tensor-map/--dynamic-smem do not apply",
                       r.path);
  auto load = core::loadScenarioFile(r.path, scenarioLoadOptions(r.allowFiles));
  if (!load.ok()) return loadErrorsText(load.errors, fmt::format("{}: error: the scenario could not be loaded", r.path));
  OpenedLaunch out{std::move(*load.scenario), std::move(*load.prepared)};
  if (std::string err = applyEngine(r, out.scenario); !err.empty()) return err;
  out.prepared.options.mode = out.scenario.engine.options.mode;
  out.prepared.options.scheduling = out.scenario.engine.options.scheduling;
  out.prepared.options.checkRaces = out.scenario.engine.options.checkRaces;
  out.prepared.maxSteps = out.scenario.engine.maxSteps.value_or(core::kDefaultMaxSteps);
  return out;
}

// A PTX file, or the PTX a .cu file compiled to (`compiled`): the scenario
// then holds the module inline, in the .cu file's folder (where its buffer
// files are found and where saving it puts it), as the temporary PTX file is
// gone.
std::variant<OpenedLaunch, std::string> openPtxFile(const LaunchRequest& r, const std::string* compiled = nullptr) {
  // The path as given (relative stays relative): it names the module in
  // "file:line" of traces, diagnostics and errors, the same from any folder.
  const fs::path ptx = fs::path(r.path).lexically_normal();
  OpenedLaunch out;
  core::Scenario& s = out.scenario;
  s.source.file = ptx.string();
  s.source.dir = ptx.parent_path().string();
  if (compiled) {
    s.program.kind = core::ProgramSpec::Kind::Inline;
    s.program.ptx = *compiled;
  } else {
    s.program.kind = core::ProgramSpec::Kind::File;
    s.program.ptxFile = ptx.filename().string();
  }
  s.title = r.entry.empty() ? ptx.filename().string() : r.entry;
  std::string err;
  const auto grid = parseDim3(r.grid, false, err);
  const auto block = grid ? parseDim3(r.block, false, err) : std::nullopt;
  const auto cluster = block ? parseDim3(r.cluster, true, err) : std::nullopt;
  if (!cluster) return fmt::format("error: {}", err);
  s.launch = {r.entry, *grid, *block, *cluster, r.dynamicSmem};
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    auto b = bufferParam(r.buffers[i], i, ptx.parent_path());
    if (auto* e = std::get_if<std::string>(&b)) return "error: " + *e;
    core::BufferParam& bp = std::get<core::BufferParam>(b);
    bp.name = uniqueName(s, bp.name);
    s.params.emplace_back(std::move(bp));
  }
  s.engine.options.scheduling = r.ptxScheduling;
  if (std::string e = applyEngine(r, s); !e.empty()) return e;

  // The entry and the scalars' declared types come from the module, so it is
  // read first when they are needed (with the reader the preparation uses,
  // so errors read alike).
  std::vector<core::Param> maps;
  for (std::size_t i = 0; i < r.tensorMaps.size(); ++i) {
    auto m = core::tensorMapFromOption(r.tensorMaps[i]);
    if (auto* e = std::get_if<std::string>(&m)) return fmt::format("error: --tensor-map {}: {}", i + 1, *e);
    maps.emplace_back(std::move(std::get<core::TensorMapParam>(m)));
  }
  if (r.entry.empty() || !r.scalars.empty() || !maps.empty()) {
    auto module = compiled ? parseModule(*compiled, ptx.string()) : readModule(s.source.dir, s.program.ptxFile, ptx.string());
    if (auto* e = std::get_if<std::string>(&module)) return *e;
    const core::Program& p = std::get<core::Program>(module);
    const std::vector<std::string> entries = core::entryNames(p);
    if (r.entry.empty() && entries.size() != 1) return "error: " + core::chooseEntryMessage(r.path, entries, "--entry");
    // No such entry: the preparation below says so; the scalars keep default names.
    const std::size_t fi = p.findFunction(r.entry.empty() ? entries[0] : r.entry).value_or(p.functions.size());
    // The entry's parameters that are not 128-byte tensor maps take the
    // buffers, then the scalars, in order.
    std::vector<std::size_t> plain;
    if (fi < p.functions.size())
      for (std::size_t k = 0; k < p.functions[fi].params.size(); ++k)
        if (maps.empty() || !isTensorMapSymbol(p.symbols[p.functions[fi].params[k]])) plain.push_back(k);
    for (std::size_t i = 0; i < r.scalars.size(); ++i) {
      const std::size_t pos = r.buffers.size() + i;
      const std::size_t at = pos < plain.size() ? plain[pos] : p.functions.size() + pos;
      core::ScalarParam sp;
      sp.name = fmt::format("arg{}", at);
      sp.type = core::DataType::U64;
      if (fi < p.functions.size() && at < p.functions[fi].params.size()) {
        const core::Symbol& sym = p.symbols[p.functions[fi].params[at]];
        sp.name = sym.name;
        sp.type = paramType(sym);
      }
      const auto v = parseScalar(r.scalars[i], sp.type);
      if (!v) return fmt::format("error: scalar {} ('{}') is not a number", i + 1, r.scalars[i]);
      sp.value = *v;
      sp.name = uniqueName(s, sp.name);
      s.params.emplace_back(std::move(sp));
    }
    if (!maps.empty() && fi < p.functions.size()) s.params = placeTensorMaps(p, p.functions[fi], std::move(s.params), std::move(maps));
    else for (auto& m : maps) s.params.push_back(std::move(m));
  }
  auto prep = core::prepareScenario(s, core::diskReader(s.source.dir));
  if (!prep.prepared || !prep.errors.empty())
    return loadErrorsText(prep.errors, ptx.string() + ": error: the launch is not valid");
  out.prepared = std::move(*prep.prepared);
  return out;
}

// A .cu file: compiled with nvcc (cuda_source.hpp), then opened as its PTX.
std::variant<OpenedLaunch, std::string> openCudaFile(const LaunchRequest& r) {
  auto compiled = compileCudaFile(r.path);
  if (auto* e = std::get_if<std::string>(&compiled)) return *e;
  return openPtxFile(r, &std::get<CudaCompiled>(compiled).ptx);
}

}  // namespace

std::string loadErrorsText(const std::vector<core::LoadError>& errors, const std::string& fallback) {
  std::string out;
  for (const auto& e : errors) out += (e.line ? e.str() : fmt::format("{}: error: {}", e.file, e.message)) + "\n";
  if (out.empty()) return fallback;
  out.pop_back();
  return out;
}

std::variant<std::vector<std::string>, std::string> ptxEntries(const std::string& ptxPath) {
  auto module = readModule("", ptxPath, ptxPath);
  if (auto* e = std::get_if<std::string>(&module)) return *e;
  std::vector<std::string> out = core::entryNames(std::get<core::Program>(module));
  if (out.empty()) return "error: " + core::noEntryMessage(ptxPath);
  return out;
}

bool LaunchRequest::hasPtxLaunch() const {
  return !entry.empty() || grid != "1" || block != "32" || !(cluster.empty() || cluster == "0") ||
         !buffers.empty() || !scalars.empty() || !tensorMaps.empty() || dynamicSmem != 0;
}

bool isScenarioPath(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".toml") == 0;
}

std::variant<OpenedLaunch, std::string> openLaunch(const LaunchRequest& r) {
  if (r.path.empty()) return std::string("error: no file to open");
  auto out = isScenarioPath(r.path) ? openScenarioFile(r) : isCudaSourcePath(r.path) ? openCudaFile(r) : openPtxFile(r);
  // The H100's recorded MUFU results, so .approx math is bit-exact.
  if (auto* o = std::get_if<OpenedLaunch>(&out)) o->prepared.options.mufu = bundledMufuTables();
  return out;
}

std::vector<std::string> filesToAllow(const LaunchRequest& r) {
  if (!isScenarioPath(r.path) || r.hasPtxLaunch()) return {};
  const core::ScenarioLoad load = core::loadScenarioFile(r.path, scenarioLoadOptions(r.allowFiles));
  return load.refusedOnlyForAccess() ? load.refusedFiles : std::vector<std::string>{};
}

}  // namespace ws::ui
