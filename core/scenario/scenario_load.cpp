// TOML -> Scenario, reporting every problem with file:line:col.
#include <algorithm>
#include <charconv>
#include <memory>
#include <tuple>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/lesson/lesson_load.hpp"
#include "core/scenario/migrate.hpp"
#include "core/scenario/prepare_detail.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/scenario/schedule/schedule_load.hpp"
#include "core/scenario/snippet.hpp"
#include "core/scenario/tensor_map/tensor_map_load.hpp"
#include "core/scenario/toml_reader.hpp"
#include "core/input/toml_text.hpp"
#include "core/scenario/values.hpp"

namespace ws::core {
namespace {

using detail::TomlReader;

constexpr std::uint32_t kMaxWords = 1u << 26;  // 256 MiB, the engine's buffer limit

std::string idx(std::string_view base, std::size_t i) { return fmt::format("{}[{}]", base, i); }

std::vector<std::string> diagSlugs() {
  std::vector<std::string> v;
  for (std::size_t i = 0; i < diagKindCount(); ++i) v.emplace_back(diagSlug(static_cast<DiagKind>(i)));
  return v;
}

class Loader {
 public:
  Loader(TomlReader& r, Scenario& s, std::int64_t format) : m_r(r), m_s(s), m_format(format) {}

  bool programOk = true;  // the program section can be prepared
  bool paramsOk = true;
  std::vector<bool> paramLoaded;  // per [[param]]: read without errors

  void top(const toml::table& t) {
    m_r.checkKeys(t, "", {"format", "title", "description", "target", "narration", "program", "launch", "param",
                          "expect", "engine", "schedule", "session", "goal", "prerequisites", "question"});
    if (auto v = m_r.str(t, "title", "")) m_s.title = *v;
    if (auto v = m_r.str(t, "description", "")) m_s.description = *v;
    if (auto v = m_r.str(t, "target", "")) {
      if (!Target::parse(*v)) m_r.error(*t.get("target"), fmt::format("'{}' is not a target like sm_90a", *v));
      else m_s.target = *v;
    }
    detail::readLesson(m_r, t, m_format, m_s);
    narration(t);
    program(t);
    launch(t);
    params(t);
    engine(t);
    detail::readSchedule(m_r, t, m_s);
    expect(t);
    session(t);
  }

 private:
  void narration(const toml::table& t) {
    const auto list = m_r.tables(t, "narration", "");
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i]) continue;
      const toml::table& n = *list[i];
      const std::string path = idx("narration", i);
      m_r.remember(path, n);
      m_r.checkKeys(n, "[[narration]]", {"step", "ptx_line", "text"});
      Narration out;
      if (auto v = m_r.integer(n, "step", path, 0, INT64_MAX)) out.step = static_cast<std::uint64_t>(*v);
      if (auto v = m_r.integer(n, "ptx_line", path, 1, UINT32_MAX)) out.ptxLine = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.str(n, "text", path)) out.text = *v;
      else if (!n.get("text")) m_r.error(n, "[[narration]] needs a text");
      if (!n.get("step") && !n.get("ptx_line"))
        m_r.error(n, "[[narration]] needs a step, a ptx_line, or both (to say when it is shown)");
      m_s.narration.push_back(std::move(out));
    }
  }

  void program(const toml::table& t) {
    const std::size_t before = m_r.errorCount();
    const toml::table* p = m_r.table(t, "program", "");
    if (!p) {
      if (!t.get("program"))
        m_r.error(FilePos{1, 1}, "the scenario has no [program]: give program.ptx, program.ptx_file or "
                                 "[program.snippet]");
      programOk = false;
      return;
    }
    m_r.checkKeys(*p, "[program]", {"ptx", "ptx_file", "snippet"});
    const int given = (p->get("ptx") ? 1 : 0) + (p->get("ptx_file") ? 1 : 0) + (p->get("snippet") ? 1 : 0);
    if (given == 0)
      m_r.error(*p, "[program] needs one of ptx (inline PTX), ptx_file (a .ptx file) or [program.snippet]");
    if (given > 1) m_r.error(*p, "[program] takes only one of ptx, ptx_file and [program.snippet]");
    if (auto v = m_r.str(*p, "ptx", "program")) {
      m_s.program.kind = ProgramSpec::Kind::Inline;
      m_s.program.ptx = *v;
      m_r.rememberString("program.ptx", *p->get("ptx"));
    }
    if (auto v = m_r.str(*p, "ptx_file", "program")) {
      m_s.program.kind = ProgramSpec::Kind::File;
      m_s.program.ptxFile = *v;
      if (v->empty()) m_r.error(*p->get("ptx_file"), "program.ptx_file is empty");
      refuseNul(*p->get("ptx_file"), *v, "program.ptx_file");
    }
    if (const toml::table* sn = m_r.table(*p, "snippet", "program")) snippet(*sn);
    if (m_r.errorCount() != before) programOk = false;
  }

  // TOML strings may hold "\u0000"; the operating system reads a file name
  // only up to it, so "k.ptx\u0000.txt" would silently open k.ptx.
  void refuseNul(const toml::node& n, const std::string& name, std::string_view key) {
    if (const std::size_t at = name.find('\0'); at != std::string::npos)
      m_r.error(n, fmt::format("{} holds a NUL character (\\u0000, after '{}'): a file name cannot", key,
                               name.substr(0, at)));
  }

  void snippet(const toml::table& sn) {
    const std::string path = "program.snippet";
    m_s.program.kind = ProgramSpec::Kind::Snippet;
    SnippetSpec& out = m_s.program.snippet;
    m_r.checkKeys(sn, "[program.snippet]", {"code", "lanes", "init", "regs"});
    if (auto v = m_r.str(sn, "code", path)) {
      out.code = *v;
      m_r.rememberString(path + ".code", *sn.get("code"));
    } else if (!sn.get("code")) {
      m_r.error(sn, "[program.snippet] needs code = '''...''' (the PTX instructions)");
    }
    if (auto v = m_r.integer(sn, "lanes", path, 1, 1024)) out.lanes = static_cast<std::uint32_t>(*v);
    if (const toml::table* regs = m_r.table(sn, "regs", path)) {
      for (auto&& [k, v] : *regs) {
        const std::string name(k.str());
        m_r.remember(path + ".regs." + name, v);
        if (!isRegisterName(name)) {
          m_r.error(TomlReader::pos(k.source()), fmt::format("'{}' is not a register name like %r1", name));
          continue;
        }
        auto type = m_r.stringOf(v, fmt::format("the type of {}", name));
        if (!type) continue;
        auto dt = parseTypeName(*type);
        if (!dt || *dt == DataType::None || *dt == DataType::B128) {
          m_r.error(v, fmt::format("'{}' is not a register type (b32, u32, s32, f32, b64, u64, s64, f64, b16, "
                                   "u16, s16, pred...)", *type));
          continue;
        }
        out.regs[name] = *dt;
      }
    }
    if (const toml::table* init = m_r.table(sn, "init", path)) {
      for (auto&& [k, v] : *init) {
        const std::string name(k.str());
        const std::string p = path + ".init." + name;
        m_r.remember(p, v);
        if (!isRegisterName(name)) {
          m_r.error(TomlReader::pos(k.source()), fmt::format("'{}' is not a register name like %r1", name));
          continue;
        }
        if (isSpecialRegisterName(name)) {
          m_r.error(TomlReader::pos(k.source()), fmt::format("{} is a special register; it cannot be set", name));
          continue;
        }
        // Numbers are accepted as constant expressions.
        std::string text;
        if (const auto* s = v.as_string()) text = s->get();
        else if (const auto* i = v.as_integer()) text = fmt::format("{}", i->get());
        else if (const auto* f = v.as_floating_point()) text = fmt::format("{}", f->get());
        else if (const auto* b = v.as_boolean()) text = b->get() ? "1" : "0";
        else {
          m_r.error(v, fmt::format("the initial value of {} must be an expression string like \"lane*3\", not {}",
                                   name, TomlReader::typeOf(v)));
          continue;
        }
        if (v.is_string()) m_r.rememberString(p, v);
        auto parsed = Expr::parse(text);
        if (auto* e = std::get_if<ExprError>(&parsed)) {
          const FilePos fp = m_s.source.inString(p, e->col - 1);
          m_r.error(fp, fmt::format("{}: {}", name, e->message));
          continue;
        }
        out.init[name] = text;
      }
    }
  }

  std::optional<Dim3> dims(const toml::table& t, std::string_view key, const std::string& path) {
    const toml::node* n = t.get(key);
    if (!n) return std::nullopt;
    m_r.remember(path + "." + std::string(key), *n);
    const std::string what = fmt::format("'{}.{}'", path, key);
    Dim3 d{1, 1, 1};
    if (n->is_integer()) {
      auto v = m_r.integerOf(*n, what, 1, UINT32_MAX);
      if (!v) return std::nullopt;
      d[0] = static_cast<std::uint32_t>(*v);
      return d;
    }
    const auto* a = n->as_array();
    if (!a || a->empty() || a->size() > 3) {
      m_r.error(*n, fmt::format("{} must be a positive integer or an array of 1 to 3 of them, like [2, 1, 1]", what));
      return std::nullopt;
    }
    for (std::size_t i = 0; i < a->size(); ++i) {
      auto v = m_r.integerOf(*a->get(i), what, 1, UINT32_MAX);
      if (!v) return std::nullopt;
      d[i] = static_cast<std::uint32_t>(*v);
    }
    return d;
  }

  void launch(const toml::table& t) {
    const toml::table* l = m_r.table(t, "launch", "");
    if (!l) return;
    if (m_s.program.kind == ProgramSpec::Kind::Snippet && t.get("program")) {
      m_r.error(*l, "a snippet runs one CTA of program.snippet.lanes threads: remove [launch] (set "
                    "program.snippet.lanes instead)");
      paramsOk = false;
      return;
    }
    m_r.checkKeys(*l, "[launch]", {"entry", "grid", "block", "cluster", "dynamic_shared"});
    if (auto v = m_r.str(*l, "entry", "launch")) m_s.launch.entry = *v;
    if (auto d = dims(*l, "grid", "launch")) m_s.launch.grid = *d;
    if (auto d = dims(*l, "block", "launch")) m_s.launch.block = *d;
    if (auto d = dims(*l, "cluster", "launch")) m_s.launch.cluster = *d;
    if (auto v = m_r.integer(*l, "dynamic_shared", "launch", 0, UINT32_MAX))
      m_s.launch.dynamicSharedBytes = static_cast<std::uint32_t>(*v);
  }

  std::optional<std::uint32_t> count(const toml::table& t, const std::string& path, const toml::node& owner) {
    auto v = m_r.integer(t, "count", path, 0, kMaxWords);
    if (!v && !t.get("count")) m_r.error(owner, fmt::format("'{}' needs a count (number of words)", path));
    return v ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v)) : std::nullopt;
  }

  void bufferParam(const toml::table& p, const std::string& path, BufferParam& b) {
    m_r.checkKeys(p, "a buffer [[param]]", {"buffer", "type", "words", "iota", "fill", "random", "file"});
    if (auto v = m_r.str(p, "type", path)) {
      if (auto wt = parseWordType(*v)) b.type = *wt;
      else m_r.error(*p.get("type"), fmt::format("buffer type '{}' is not one of u32, s32, f32", *v));
    }
    bufferContents(p, path, b);
  }

  // The earlier buffer named `name` (a buffer's or a tensor map's), or null.
  const BufferParam* earlierBuffer(std::string_view name) const {
    for (const Param& q : m_s.params)
      if (const BufferParam* e = paramBuffer(q); e && e->name == name) return e;
    return nullptr;
  }

  // A buffer's contents: exactly one of words, iota, fill, random or file,
  // or none for the allocation of an earlier buffer of the same name.
  void bufferContents(const toml::table& p, const std::string& path, BufferParam& b) {
    int given = 0;
    for (std::string_view k : {"words", "iota", "fill", "random", "file"}) given += p.get(k) ? 1 : 0;
    if (given == 0 && earlierBuffer(b.name)) {
      b.init.kind = BufferInit::Kind::Same;
      if (!p.get("type")) b.type = earlierBuffer(b.name)->type;
      return;
    }
    if (given != 1) {
      m_r.error(p, fmt::format("buffer '{}' needs exactly one of words, iota, fill, random or file (or none, to "
                               "pass an earlier buffer of that name again)", b.name));
      return;
    }
    if (earlierBuffer(b.name)) {
      m_r.error(*p.get("buffer"), fmt::format("a buffer named '{}' is already defined: leave out its contents to "
                                              "pass the same allocation again", b.name));
      return;
    }
    BufferInit& in = b.init;
    if (const toml::array* w = m_r.array(p, "words", path)) {
      in.kind = BufferInit::Kind::Words;
      if (w->size() > kMaxWords) m_r.error(*p.get("words"), "too many words");
      for (std::size_t i = 0; i < w->size(); ++i) {
        m_r.remember(idx(path + ".words", i), *w->get(i));
        if (auto n = m_r.numberOf(*w->get(i), fmt::format("word {}", i))) in.words.push_back(*n);
      }
    } else if (const toml::table* io = m_r.table(p, "iota", path)) {
      in.kind = BufferInit::Kind::Iota;
      m_r.checkKeys(*io, "iota", {"start", "step", "count"});
      if (auto v = m_r.number(*io, "start", path + ".iota")) in.start = *v;
      if (auto v = m_r.number(*io, "step", path + ".iota")) in.step = *v;
      if (auto c = count(*io, path + ".iota", *io)) in.count = *c;
    } else if (const toml::table* f = m_r.table(p, "fill", path)) {
      in.kind = BufferInit::Kind::Fill;
      m_r.checkKeys(*f, "fill", {"value", "count"});
      if (auto v = m_r.number(*f, "value", path + ".fill")) in.value = *v;
      else if (!f->get("value")) m_r.error(*f, "fill needs a value");
      if (auto c = count(*f, path + ".fill", *f)) in.count = *c;
    } else if (const toml::table* r = m_r.table(p, "random", path)) {
      in.kind = BufferInit::Kind::Random;
      m_r.checkKeys(*r, "random", {"seed", "count", "min", "max"});
      if (auto v = m_r.integer(*r, "seed", path + ".random", 0, INT64_MAX)) in.seed = static_cast<std::uint64_t>(*v);
      else if (!r->get("seed")) m_r.error(*r, "random needs a seed (any integer; the same seed gives the same words)");
      if (auto c = count(*r, path + ".random", *r)) in.count = *c;
      if (auto v = m_r.number(*r, "min", path + ".random")) in.min = *v;
      if (auto v = m_r.number(*r, "max", path + ".random")) in.max = *v;
    } else if (auto file = m_r.str(p, "file", path)) {
      in.kind = BufferInit::Kind::File;
      in.file = *file;
      if (file->empty()) m_r.error(*p.get("file"), "the buffer file name is empty");
      refuseNul(*p.get("file"), *file, path + ".file");
    }
  }

  void scalarParam(const toml::table& p, const std::string& path, ScalarParam& sc) {
    m_r.checkKeys(p, "a scalar [[param]]", {"scalar", "type", "value"});
    if (auto v = m_r.str(p, "type", path)) {
      auto dt = parseTypeName(*v);
      const bool ok = dt && ((bitWidth(*dt) >= 8 && bitWidth(*dt) <= 64 && !isFloat(*dt)) || *dt == DataType::F32 ||
                             *dt == DataType::F64);
      if (ok) sc.type = *dt;
      else m_r.error(*p.get("type"), fmt::format("scalar type '{}' is not one of u8-u64, s8-s64, b8-b64, f32, f64", *v));
    } else if (!p.get("type")) {
      m_r.error(p, fmt::format("scalar '{}' needs a type (u32, s32, u64, f32, ...)", sc.name));
    }
    if (auto v = m_r.number(p, "value", path)) sc.value = *v;
    else if (!p.get("value")) m_r.error(p, fmt::format("scalar '{}' needs a value", sc.name));
  }

  // A tensor-map [[param]]: its name, its buffer (new or Same) and the
  // map's fields (tensor_map_load.cpp).
  Param tensorMapParam(const toml::table& p, const std::string& path, std::vector<std::string>& names) {
    m_r.checkKeys(p, "a tensor-map [[param]]",
                  {"tensor_map", "buffer", "dtype", "dims", "strides", "box", "element_strides", "interleave",
                   "swizzle", "l2_promotion", "oob_fill", "mode", "pixel_box_lower", "pixel_box_upper",
                   "channels_per_pixel", "pixels_per_column", "words", "iota", "fill", "random", "file", "type"});
    TensorMapParam t;
    if (auto name = m_r.str(p, "tensor_map", path)) {
      t.name = *name;
      if (name->empty()) m_r.error(*p.get("tensor_map"), "the parameter name is empty");
      if (std::find(names.begin(), names.end(), *name) != names.end())
        m_r.error(*p.get("tensor_map"), fmt::format("a parameter named '{}' is already defined", *name));
      names.push_back(*name);
    }
    if (auto buf = m_r.str(p, "buffer", path)) {
      t.buffer.name = *buf;
      if (buf->empty()) m_r.error(*p.get("buffer"), "the buffer name is empty");
    } else if (!p.get("buffer")) {
      m_r.error(p, fmt::format("tensor map '{}' needs buffer = \"name\": the global buffer it describes", t.name));
    }
    if (!t.buffer.name.empty()) {
      // A buffer of the name of another parameter (not a buffer) is a clash.
      if (!earlierBuffer(t.buffer.name) && std::find(names.begin(), names.end(), t.buffer.name) != names.end())
        m_r.error(*p.get("buffer"), fmt::format("a parameter named '{}' is already defined", t.buffer.name));
      bufferContents(p, path, t.buffer);
    }
    // The contents are 32-bit words, as for any buffer (f16 pairs, bytes,
    // f32 bit patterns: what a host dumps), unless `type` says the numbers
    // are values (type = "f32": 0.5 is stored as 0x3f000000).
    detail::readTensorMapFields(m_r, p, path, t.map);
    if (auto v = m_r.str(p, "type", path)) {
      if (auto wt = parseWordType(*v)) t.buffer.type = *wt;
      else m_r.error(*p.get("type"), fmt::format("buffer type '{}' is not one of u32, s32, f32", *v));
    }
    return t;
  }

  // Reads one [[param]]; always yields a Param so indices match the file.
  Param oneParam(const toml::table* tp, const std::string& path, std::vector<std::string>& names) {
    if (!tp) return ScalarParam{};
    const toml::table& p = *tp;
    m_r.remember(path, p);
    if (p.get("tensor_map")) {
      if (p.get("scalar")) m_r.error(p, "a [[param]] is either tensor_map = \"name\" or scalar = \"name\", not both");
      return tensorMapParam(p, path, names);
    }
    const bool isBuf = p.get("buffer") != nullptr, isScalar = p.get("scalar") != nullptr;
    if (isBuf == isScalar) {
      m_r.error(p, isBuf ? "a [[param]] is either buffer = \"name\" or scalar = \"name\", not both"
                         : "each [[param]] needs buffer = \"name\" (a pointer to a buffer), scalar = \"name\" or "
                           "tensor_map = \"name\"");
      return ScalarParam{};
    }
    const std::string_view key = isBuf ? "buffer" : "scalar";
    auto name = m_r.str(p, key, path);
    if (!name) return ScalarParam{};
    if (name->empty()) m_r.error(*p.get(key), "the parameter name is empty");
    const bool again = isBuf && earlierBuffer(*name);  // judged by bufferContents
    if (!again && std::find(names.begin(), names.end(), *name) != names.end())
      m_r.error(*p.get(key), fmt::format("a parameter named '{}' is already defined", *name));
    names.push_back(*name);
    if (isBuf) {
      BufferParam b;
      b.name = *name;
      bufferParam(p, path, b);
      return b;
    }
    ScalarParam sc;
    sc.name = *name;
    scalarParam(p, path, sc);
    return sc;
  }

  void params(const toml::table& t) {
    const auto list = m_r.tables(t, "param", "");
    std::vector<std::string> names;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::size_t before = m_r.errorCount();
      m_s.params.push_back(oneParam(list[i], idx("param", i), names));
      paramLoaded.push_back(m_r.errorCount() == before);
      if (m_r.errorCount() != before) paramsOk = false;
    }
  }

  void engine(const toml::table& t) {
    const toml::table* e = m_r.table(t, "engine", "");
    if (!e) return;
    m_r.checkKeys(*e, "[engine]", {"mode", "async_completion", "scheduling", "report_uninitialized_reads",
                                   "max_steps", "check_races"});
    EngineOptions& o = m_s.engine.options;
    if (auto v = m_r.str(*e, "mode", "engine")) {
      if (*v == "strict") o.mode = ExecMode::Strict;
      else if (*v == "hardware") o.mode = ExecMode::Hardware;
      else m_r.error(*e->get("mode"), fmt::format("mode '{}' is not strict or hardware", *v));
    }
    if (auto v = m_r.str(*e, "async_completion", "engine")) {
      bool found = false;
      for (AsyncCompletion a : {AsyncCompletion::Oldest, AsyncCompletion::Newest, AsyncCompletion::Lazy,
                                AsyncCompletion::Manual})
        if (asyncSlug(a) == *v) { o.asyncCompletion = a; found = true; }
      if (!found)
        m_r.error(*e->get("async_completion"),
                  fmt::format("async_completion '{}' is not oldest, newest, lazy or manual", *v));
    }
    if (auto v = m_r.str(*e, "scheduling", "engine")) {
      if (*v == "round-robin") o.scheduling = WarpScheduling::RoundRobin;
      else if (*v == "run-to-block") o.scheduling = WarpScheduling::RunToBlock;
      else m_r.error(*e->get("scheduling"), fmt::format("scheduling '{}' is not round-robin or run-to-block", *v));
    }
    if (auto v = m_r.boolean(*e, "report_uninitialized_reads", "engine")) o.reportUninitializedReads = *v;
    if (auto v = m_r.boolean(*e, "check_races", "engine")) {
      m_s.engine.checkRaces = *v;
      o.checkRaces = *v;
    }
    if (auto v = m_r.integer(*e, "max_steps", "engine", 1, INT64_MAX)) m_s.engine.maxSteps = static_cast<std::uint64_t>(*v);
  }

  // words = [...] (whole) or at = { 3 = 9 } (some); values checked later
  // against the buffer/register type.
  void wordsExpect(const toml::table& x, const std::string& path, std::string_view listKey, WordsExpect& out) {
    const bool hasList = x.get(listKey) != nullptr, hasAt = x.get("at") != nullptr;
    if (hasList == hasAt) {
      m_r.error(x, fmt::format("give either {} = [...] (every value) or at = {{ index = value, ... }} (some)", listKey));
      return;
    }
    if (const toml::array* a = m_r.array(x, listKey, path)) {
      out.whole = true;
      for (std::size_t i = 0; i < a->size(); ++i) {
        m_r.remember(idx(path + "." + std::string(listKey), i), *a->get(i));
        if (auto n = m_r.numberOf(*a->get(i), fmt::format("value {}", i))) out.words.push_back(*n);
      }
    }
    if (const toml::table* at = m_r.table(x, "at", path)) {
      out.whole = false;
      for (auto&& [k, v] : *at) {
        std::uint32_t index = 0;
        const std::string ks(k.str());
        auto [p, ec] = std::from_chars(ks.data(), ks.data() + ks.size(), index);
        if (ks.empty() || ec != std::errc() || p != ks.data() + ks.size()) {
          m_r.error(TomlReader::pos(k.source()), fmt::format("'{}' is not an index (a number like 3)", ks));
          continue;
        }
        if (out.at.count(index)) {
          m_r.error(TomlReader::pos(k.source()), fmt::format("index {} is given twice", index));
          continue;
        }
        m_r.remember(fmt::format("{}.at.{}", path, index), v);
        if (auto n = m_r.numberOf(v, fmt::format("the value at {}", index))) out.at[index] = *n;
      }
    }
  }

  void expect(const toml::table& t) {
    const toml::table* e = m_r.table(t, "expect", "");
    if (!e) return;
    m_r.checkKeys(*e, "[expect]", {"buffer", "register", "diagnostic", "no_other_diagnostics", "printed", "printed_order",
                                     "stop"});
    Expectations& x = m_s.expect;
    if (auto v = m_r.boolean(*e, "no_other_diagnostics", "expect")) x.noOtherDiagnostics = *v;
    if (auto v = m_r.str(*e, "printed", "expect")) x.printed = *v;
    if (auto v = m_r.str(*e, "printed_order", "expect")) {
      if (*v == "any")
        x.printedAnyOrder = true;
      else if (*v != "as-printed")
        m_r.error(*e->get("printed_order"), fmt::format("printed_order '{}' is not as-printed or any", *v));
    }
    if (auto v = m_r.str(*e, "stop", "expect")) {
      if (auto r = stopFromSlug(*v)) x.stop = r;
      else m_r.error(*e->get("stop"), fmt::format("stop '{}' is not one of finished, diagnostic, deadlock, "
                                                  "step-budget, trap, breakpoint", *v));
    }
    std::vector<std::string> bufferNames;
    std::vector<WordType> bufferTypes;
    for (const BufferParam* b : launchBuffers(m_s)) {
      bufferNames.push_back(b->name);
      bufferTypes.push_back(b->type);
    }
    const auto bufs = m_r.tables(*e, "buffer", "expect");
    for (std::size_t i = 0; i < bufs.size(); ++i) {
      if (!bufs[i]) continue;
      const std::string path = idx("expect.buffer", i);
      m_r.remember(path, *bufs[i]);
      m_r.checkKeys(*bufs[i], "[[expect.buffer]]", {"name", "words", "at"});
      WordsExpect w;
      if (auto n = m_r.str(*bufs[i], "name", path)) {
        w.name = *n;
        if (paramsOk && std::find(bufferNames.begin(), bufferNames.end(), *n) == bufferNames.end()) {
          std::string msg = fmt::format("no buffer named '{}'", *n);
          if (auto hint = detail::closestMatch(*n, bufferNames)) msg += fmt::format("; did you mean '{}'?", *hint);
          m_r.error(*bufs[i]->get("name"), msg);
        }
      } else if (!bufs[i]->get("name")) {
        m_r.error(*bufs[i], "[[expect.buffer]] needs the name of a buffer");
      }
      wordsExpect(*bufs[i], path, "words", w);
      // Values must be valid words of the buffer's type.
      auto it = std::find(bufferNames.begin(), bufferNames.end(), w.name);
      if (it != bufferNames.end()) {
        const WordType wt = bufferTypes[static_cast<std::size_t>(it - bufferNames.begin())];
        auto check = [&](const Number& n, const std::string& at) {
          std::string err;
          if (!wordBits(n, wt, err)) m_r.error(m_s.source.at(at), err);
        };
        for (std::size_t k = 0; k < w.words.size(); ++k) check(w.words[k], idx(path + ".words", k));
        for (const auto& [k, n] : w.at) check(n, fmt::format("{}.at.{}", path, k));
      }
      x.buffers.push_back(std::move(w));
    }
    const auto regs = m_r.tables(*e, "register", "expect");
    for (std::size_t i = 0; i < regs.size(); ++i) {
      if (!regs[i]) continue;
      const std::string path = idx("expect.register", i);
      m_r.remember(path, *regs[i]);
      m_r.checkKeys(*regs[i], "[[expect.register]]", {"name", "warp", "values", "at"});
      WordsExpect w;
      if (auto n = m_r.str(*regs[i], "name", path)) {
        if (!isRegisterName(*n)) m_r.error(*regs[i]->get("name"), fmt::format("'{}' is not a register name like %r1", *n));
        w.name = *n;
      } else if (!regs[i]->get("name")) {
        m_r.error(*regs[i], "[[expect.register]] needs the name of a register");
      }
      if (auto v = m_r.integer(*regs[i], "warp", path, 0, UINT32_MAX)) w.warp = static_cast<std::uint32_t>(*v);
      wordsExpect(*regs[i], path, "values", w);
      if (w.whole && w.words.size() > 32) m_r.error(*regs[i]->get("values"), "a warp has 32 lanes; give at most 32 values");
      for (const auto& [k, n] : w.at)
        if (k > 31) m_r.error(m_s.source.at(fmt::format("{}.at.{}", path, k)), fmt::format("lane {} does not exist (0-31)", k));
      x.registers.push_back(std::move(w));
    }
    const auto diags = m_r.tables(*e, "diagnostic", "expect");
    const std::vector<std::string> slugs = diagSlugs();
    for (std::size_t i = 0; i < diags.size(); ++i) {
      if (!diags[i]) continue;
      const toml::table& d = *diags[i];
      const std::string path = idx("expect.diagnostic", i);
      m_r.remember(path, d);
      m_r.checkKeys(d, "[[expect.diagnostic]]", {"kind", "lanes", "count", "ptx_line"});
      DiagExpect out;
      if (auto k = m_r.str(d, "kind", path)) {
        if (auto dk = diagFromSlug(*k)) {
          out.kind = *dk;
        } else {
          std::string msg = fmt::format("'{}' is not a diagnostic kind", *k);
          if (auto hint = detail::closestMatch(*k, slugs)) msg += fmt::format("; did you mean '{}'?", *hint);
          else msg += fmt::format(" (kinds: {})", fmt::join(slugs, ", "));
          m_r.error(*d.get("kind"), msg);
        }
      } else if (!d.get("kind")) {
        m_r.error(d, "[[expect.diagnostic]] needs a kind, like \"shfl-source-inactive\"");
      }
      if (const toml::array* lanes = m_r.array(d, "lanes", path)) {
        LaneMask m = 0;
        for (std::size_t k = 0; k < lanes->size(); ++k)
          if (auto l = m_r.integerOf(*lanes->get(k), "a lane", 0, 31)) m |= 1u << *l;
        out.lanes = m;
      }
      if (auto v = m_r.integer(d, "count", path, 0, UINT32_MAX)) out.count = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.integer(d, "ptx_line", path, 1, UINT32_MAX)) out.ptxLine = static_cast<std::uint32_t>(*v);
      x.diagnostics.push_back(out);
    }
  }

  FreeValue freeValue(const toml::node& n, int depth) {
    FreeValue v;
    if (depth > 32) {
      m_r.error(n, "[session.view] is nested too deeply");
      return v;
    }
    if (const auto* b = n.as_boolean()) { v.kind = FreeValue::Kind::Bool; v.b = b->get(); }
    else if (const auto* i = n.as_integer()) { v.kind = FreeValue::Kind::Int; v.i = i->get(); }
    else if (const auto* f = n.as_floating_point()) { v.kind = FreeValue::Kind::Float; v.f = f->get(); }
    else if (const auto* s = n.as_string()) { v.kind = FreeValue::Kind::String; v.s = s->get(); }
    else if (const auto* a = n.as_array()) {
      v.kind = FreeValue::Kind::Array;
      for (const auto& e : *a) v.items.push_back(freeValue(e, depth + 1));
    } else if (const auto* t = n.as_table()) {
      v.kind = FreeValue::Kind::Table;
      for (auto&& [k, e] : *t) v.set(std::string(k.str()), freeValue(e, depth + 1));
    } else {
      m_r.error(n, fmt::format("[session.view] cannot hold {}; use a string", TomlReader::typeOf(n)));
    }
    return v;
  }

  void session(const toml::table& t) {
    const toml::table* se = m_r.table(t, "session", "");
    if (!se) return;
    m_r.checkKeys(*se, "[session]", {"step", "focus", "breakpoint", "watches", "view"});
    SessionState& out = m_s.session;
    if (auto v = m_r.integer(*se, "step", "session", 0, INT64_MAX)) out.step = static_cast<std::uint64_t>(*v);
    if (const toml::table* f = m_r.table(*se, "focus", "session")) {
      m_r.checkKeys(*f, "session.focus", {"cta", "warp", "lane"});
      if (auto v = m_r.integer(*f, "cta", "session.focus", 0, UINT32_MAX)) out.focus.cta = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.integer(*f, "warp", "session.focus", 0, UINT32_MAX)) out.focus.warp = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.integer(*f, "lane", "session.focus", 0, 31)) out.focus.lane = static_cast<std::uint32_t>(*v);
    }
    if (const toml::array* w = m_r.array(*se, "watches", "session"))
      for (const auto& e : *w)
        if (auto s = m_r.stringOf(e, "a watch")) out.watches.push_back(*s);
    if (const toml::table* v = m_r.table(*se, "view", "session")) out.view = freeValue(*v, 0);
    const auto bps = m_r.tables(*se, "breakpoint", "session");
    for (std::size_t i = 0; i < bps.size(); ++i) {
      if (!bps[i]) continue;
      const toml::table& b = *bps[i];
      const std::string path = idx("session.breakpoint", i);
      m_r.remember(path, b);
      m_r.checkKeys(b, "[[session.breakpoint]]", {"ptx_line", "cuda_line", "cuda_file", "instruction", "lanes",
                                                  "enabled"});
      ScenarioBreakpoint bp;
      if (auto v = m_r.integer(b, "ptx_line", path, 1, UINT32_MAX)) bp.ptxLine = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.integer(b, "cuda_line", path, 1, UINT32_MAX)) bp.cudaLine = static_cast<std::uint32_t>(*v);
      if (auto v = m_r.str(b, "cuda_file", path)) bp.cudaFile = *v;
      if (auto v = m_r.str(b, "instruction", path)) {
        if (!isInstructionKind(*v))
          m_r.error(*b.get("instruction"), fmt::format("'{}' is not an instruction mnemonic (shfl, red.async, ...) "
                                                       "or family ({})", *v, fmt::join(instructionFamilies(), ", ")));
        bp.instruction = *v;
      }
      if (auto v = m_r.str(b, "lanes", path)) {
        m_r.rememberString(path + ".lanes", *b.get("lanes"));
        auto parsed = Expr::parse(*v);
        if (auto* err = std::get_if<ExprError>(&parsed))
          m_r.error(m_s.source.inString(path + ".lanes", err->col - 1), err->message);
        bp.lanes = *v;
      }
      if (auto v = m_r.boolean(b, "enabled", path)) bp.enabled = *v;
      const int where = (bp.ptxLine ? 1 : 0) + (bp.cudaLine ? 1 : 0) + (bp.instruction.empty() ? 0 : 1);
      if (where > 1) m_r.error(b, "a breakpoint takes one of ptx_line, cuda_line and instruction");
      if (where == 0 && b.get("lanes") == nullptr)
        m_r.error(b, "a breakpoint needs ptx_line, cuda_line, instruction or lanes");
      if (!bp.cudaFile.empty() && !bp.cudaLine) m_r.error(*b.get("cuda_file"), "cuda_file goes with cuda_line");
      out.breakpoints.push_back(std::move(bp));
    }
  }

  TomlReader& m_r;
  Scenario& m_s;
  std::int64_t m_format;  // as the file declared it, before migration
};

}  // namespace

ScenarioLoad loadScenarioText(std::string_view text, const std::string& fileName, const FileReader& read,
                              const std::string& dir) {
  ScenarioLoad out;
  Scenario s;
  s.source.file = fileName;
  s.source.dir = dir;
  TomlReader r(text, fileName, s.source, out.errors);
  LoadError tomlError;
  std::optional<toml::table> parsed = parseTomlText(text, fileName, tomlError);
  if (!parsed) {
    out.errors.push_back(std::move(tomlError));
    return out;
  }
  toml::table& doc = *parsed;
  const std::int64_t declared = doc["format"].value_or<std::int64_t>(kScenarioFormat);
  if (!migrateScenario(doc, r)) return out;
  Loader loader(r, s, declared);
  loader.top(doc);
  if (loader.programOk && loader.paramsOk && out.errors.empty()) {
    auto prepared = prepareScenario(s, read);
    for (auto& e : prepared.errors) out.errors.push_back(std::move(e));
    if (out.errors.empty()) out.prepared = std::move(prepared.prepared);
  } else if (loader.programOk) {
    // Other parts have errors: still check the program and the buffers that
    // did load, so one load reports everything.
    for (auto& e : detail::checkProgramAndBuffers(s, read, loader.paramLoaded)) out.errors.push_back(std::move(e));
  }
  // File order; problems inside other files (a .ptx, a JSON buffer) last.
  std::stable_sort(out.errors.begin(), out.errors.end(), [&](const LoadError& a, const LoadError& b) {
    return std::make_tuple(a.file != fileName, a.line, a.col) < std::make_tuple(b.file != fileName, b.line, b.col);
  });
  out.scenario = std::move(s);
  return out;
}

ScenarioLoad loadScenarioTextAt(std::string_view text, const std::string& path, const LoadOptions& options) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  auto refused = std::make_shared<std::vector<std::string>>();
  ScenarioLoad out = loadScenarioText(text, path, confinedReader(dir, options.allowedDirs, refused), dir);
  // Remembered, so that preparing the scenario again (a viewer's restart, the
  // editor) reads under the same rule.
  if (out.scenario) {
    out.scenario->source.confined = true;
    out.scenario->source.allowedDirs = options.allowedDirs;
  }
  out.refusals = refused->size();
  out.refusedFiles = std::move(*refused);
  std::sort(out.refusedFiles.begin(), out.refusedFiles.end());
  out.refusedFiles.erase(std::unique(out.refusedFiles.begin(), out.refusedFiles.end()), out.refusedFiles.end());
  return out;
}

ScenarioLoad loadScenarioFile(const std::string& path, const LoadOptions& options) {
  std::string err;
  auto text = readFileCapped(path, kMaxScenarioFileBytes, err);
  if (!text) {
    ScenarioLoad out;
    out.errors.push_back({path, 0, 0, fmt::format("cannot read the scenario: {}", err)});
    return out;
  }
  return loadScenarioTextAt(*text, path, options);
}

}  // namespace ws::core
