// Scenario -> TOML text. Written by hand rather than through toml++'s
// formatter so the key order is the documented one (the order a reader
// expects: story, program, launch, params, engine, schedule, expectations,
// session), multi-line text stays readable, and a second save is
// byte-identical.
#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/scenario_io.hpp"
#include "core/scenario/values.hpp"

namespace ws::core {
namespace {

bool bareKey(std::string_view k) {
  if (k.empty()) return false;
  for (char c : k)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return false;
  return true;
}

// A one-line basic string with TOML escapes.
std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04X}", c);
        else out += ch;
    }
  }
  return out + "\"";
}

std::string key(std::string_view k) { return bareKey(k) ? std::string(k) : quote(k); }

// Text that may span lines: a multi-line literal string when it can be one
// (no ''' inside, no control characters but tab/newline, not ending in a
// quote), else a basic string with escapes.
std::string text(std::string_view s) {
  if (s.find('\n') == std::string_view::npos) return quote(s);
  bool literalOk = s.find("'''") == std::string_view::npos && s.back() != '\'';
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && ch != '\n' && ch != '\t') || c == 0x7f) literalOk = false;
  }
  if (literalOk) return "'''\n" + std::string(s) + "'''";
  std::string out = "\"\"\"\n";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"') out += "\\\"";  // every quote escaped: no run can close the string early
    else if (ch == '\\') out += "\\\\";
    else if (ch == '\n' || ch == '\t') out += ch;
    else if (ch == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04X}", c);
    else out += ch;
  }
  return out + "\"\"\"";
}

std::string num(const Number& n) { return n.isFloat ? formatTomlFloat(n.f) : fmt::format("{}", n.i); }

std::string numbers(const std::vector<Number>& v) {
  if (v.size() <= 8) {
    std::vector<std::string> parts;
    for (const auto& n : v) parts.push_back(num(n));
    return "[" + fmt::format("{}", fmt::join(parts, ", ")) + "]";
  }
  std::string out = "[\n";
  for (std::size_t i = 0; i < v.size(); i += 8) {
    out += "  ";
    for (std::size_t k = i; k < std::min(v.size(), i + 8); ++k) out += num(v[k]) + (k + 1 < v.size() ? ", " : ",");
    while (out.back() == ' ') out.pop_back();
    out += "\n";
  }
  return out + "]";
}

std::string atTable(const std::map<std::uint32_t, Number>& at) {
  std::vector<std::string> parts;
  for (const auto& [k, n] : at) parts.push_back(fmt::format("{} = {}", k, num(n)));
  return parts.empty() ? "{}" : "{ " + fmt::format("{}", fmt::join(parts, ", ")) + " }";
}

std::string dims(const Dim3& d) {
  if (d[1] == 1 && d[2] == 1) return fmt::format("{}", d[0]);
  if (d[2] == 1) return fmt::format("[{}, {}]", d[0], d[1]);
  return fmt::format("[{}, {}, {}]", d[0], d[1], d[2]);
}

std::string inlineValue(const FreeValue& v);

std::string inlineTable(const FreeValue& v) {
  std::vector<std::string> parts;
  for (const auto& [k, e] : v.fields) parts.push_back(key(k) + " = " + inlineValue(e));
  return parts.empty() ? "{}" : "{ " + fmt::format("{}", fmt::join(parts, ", ")) + " }";
}

std::string inlineValue(const FreeValue& v) {
  switch (v.kind) {
    case FreeValue::Kind::Bool: return v.b ? "true" : "false";
    case FreeValue::Kind::Int: return fmt::format("{}", v.i);
    case FreeValue::Kind::Float: return formatTomlFloat(v.f);
    case FreeValue::Kind::String: return quote(v.s);
    case FreeValue::Kind::Array: {
      std::vector<std::string> parts;
      for (const auto& e : v.items) parts.push_back(inlineValue(e));
      return "[" + fmt::format("{}", fmt::join(parts, ", ")) + "]";
    }
    case FreeValue::Kind::Table: return inlineTable(v);
  }
  return "\"\"";
}

// A table as a [header] section: plain keys first, sub-tables as their own
// sections after.
void freeSection(std::string& out, const std::string& header, const FreeValue& t) {
  out += "\n[" + header + "]\n";
  for (const auto& [k, v] : t.fields)
    if (v.kind != FreeValue::Kind::Table) out += key(k) + " = " + inlineValue(v) + "\n";
  for (const auto& [k, v] : t.fields)
    if (v.kind == FreeValue::Kind::Table) freeSection(out, header + "." + key(k), v);
}

void bufferInit(std::string& out, const BufferInit& in) {
  switch (in.kind) {
    case BufferInit::Kind::Words: out += "words = " + numbers(in.words) + "\n"; break;
    case BufferInit::Kind::Iota:
      out += fmt::format("iota = {{ start = {}, step = {}, count = {} }}\n", num(in.start), num(in.step), in.count);
      break;
    case BufferInit::Kind::Fill: out += fmt::format("fill = {{ value = {}, count = {} }}\n", num(in.value), in.count); break;
    case BufferInit::Kind::Random: {
      out += fmt::format("random = {{ seed = {}, count = {}", in.seed, in.count);
      if (in.min) out += fmt::format(", min = {}", num(*in.min));
      if (in.max) out += fmt::format(", max = {}", num(*in.max));
      out += " }\n";
      break;
    }
    case BufferInit::Kind::File: out += "file = " + quote(in.file) + "\n"; break;
    case BufferInit::Kind::Same: break;  // no contents: the earlier buffer of that name
  }
}

template <class T, std::size_t N>
std::string intList(const std::array<T, N>& a, std::size_t n) {
  std::string out = "[";
  for (std::size_t i = 0; i < n && i < N; ++i) out += fmt::format("{}{}", i ? ", " : "", a[i]);
  return out + "]";
}

// A tensor map's keys (docs/tma.md); defaults are left out.
void tensorMapParam(std::string& out, const TensorMapParam& t) {
  const TensorMap& m = t.map;
  const std::size_t rank = m.rank;
  out += "tensor_map = " + quote(t.name) + "\n";
  out += "buffer = " + quote(t.buffer.name) + "\n";
  bufferInit(out, t.buffer.init);
  if (t.buffer.type != WordType::U32) out += "type = " + quote(wordTypeName(t.buffer.type)) + "\n";
  out += "dtype = " + quote(tensorDataTypeName(m.dtype)) + "\n";
  if (m.layout == TensorLayout::Im2col) out += "mode = \"im2col\"\n";
  out += "dims = " + intList(m.dims, rank) + "\n";
  if (rank > 1) out += "strides = " + intList(m.strides, rank - 1) + "\n";
  if (m.layout == TensorLayout::Im2col) {
    out += "pixel_box_lower = " + intList(m.pixelBoxLower, rank >= 2 ? rank - 2 : 0) + "\n";
    out += "pixel_box_upper = " + intList(m.pixelBoxUpper, rank >= 2 ? rank - 2 : 0) + "\n";
    out += fmt::format("channels_per_pixel = {}\npixels_per_column = {}\n", m.channelsPerPixel, m.pixelsPerColumn);
  } else {
    out += "box = " + intList(m.box, rank) + "\n";
  }
  bool unit = true;
  for (std::size_t i = 0; i < rank; ++i) unit = unit && m.elementStrides[i] == 1;
  if (!unit) out += "element_strides = " + intList(m.elementStrides, rank) + "\n";
  if (m.interleave != TensorInterleave::None) out += "interleave = " + quote(tensorInterleaveName(m.interleave)) + "\n";
  if (m.swizzle != Swizzle::None) out += "swizzle = " + quote(swizzleName(m.swizzle)) + "\n";
  if (m.l2Promotion != TensorL2Promotion::None)
    out += "l2_promotion = " + quote(tensorL2PromotionName(m.l2Promotion)) + "\n";
  if (m.oobFill != TensorOobFill::Zero) out += "oob_fill = " + quote(tensorOobFillName(m.oobFill)) + "\n";
}

std::string lanesArray(LaneMask m) {
  std::vector<int> lanes;
  for (int l = 0; l < 32; ++l)
    if ((m >> l) & 1u) lanes.push_back(l);
  return "[" + fmt::format("{}", fmt::join(lanes, ", ")) + "]";
}

std::string formatQuestion(const Question& q) {
  std::string out = "\n[[question]]\n";
  if (q.ask.step) out += fmt::format("ask_step = {}\n", *q.ask.step);
  if (q.ask.ptxLine) out += fmt::format("ask_ptx_line = {}\n", *q.ask.ptxLine);
  out += "prompt = " + text(q.prompt) + "\n";
  if (!q.choices.empty()) {
    std::vector<std::string> c;
    for (const auto& choice : q.choices) c.push_back(quote(choice));
    out += "choices = [" + fmt::format("{}", fmt::join(c, ", ")) + "]\n";
  }
  out += "answer = " + quote(q.answer) + "\n";
  if (q.reveal.step) out += fmt::format("reveal_step = {}\n", *q.reveal.step);
  if (q.reveal.ptxLine) out += fmt::format("reveal_ptx_line = {}\n", *q.reveal.ptxLine);
  if (!q.explanation.empty()) out += "explanation = " + text(q.explanation) + "\n";
  if (q.check) {
    out += "\n[question.check]\nregister = " + quote(q.check->reg) + "\n";
    out += fmt::format("lane = {}\n", q.check->lane);
    if (q.check->warp) out += fmt::format("warp = {}\n", q.check->warp);
    if (q.check->cta) out += fmt::format("cta = {}\n", q.check->cta);
  }
  return out;
}

}  // namespace

std::string formatScenario(const Scenario& s) {
  std::string out;
  out += fmt::format("format = {}\n", kScenarioFormat);
  out += "title = " + quote(s.title) + "\n";
  if (!s.description.empty()) out += "description = " + text(s.description) + "\n";
  if (!s.target.empty()) out += "target = " + quote(s.target) + "\n";
  if (!s.lesson.goal.empty()) out += "goal = " + quote(s.lesson.goal) + "\n";
  if (!s.lesson.prerequisites.empty()) {
    std::vector<std::string> p;
    for (const auto& name : s.lesson.prerequisites) p.push_back(quote(name));
    out += "prerequisites = [" + fmt::format("{}", fmt::join(p, ", ")) + "]\n";
  }

  const ProgramSpec& p = s.program;
  switch (p.kind) {
    case ProgramSpec::Kind::Inline: out += "\n[program]\nptx = " + text(p.ptx) + "\n"; break;
    case ProgramSpec::Kind::File: out += "\n[program]\nptx_file = " + quote(p.ptxFile) + "\n"; break;
    case ProgramSpec::Kind::Snippet: {
      const SnippetSpec& sn = p.snippet;
      out += "\n[program.snippet]\n";
      out += "code = " + text(sn.code) + "\n";
      out += fmt::format("lanes = {}\n", sn.lanes);
      if (!sn.init.empty()) {
        out += "\n[program.snippet.init]\n";
        for (const auto& [r, e] : sn.init) out += key(r) + " = " + quote(e) + "\n";
      }
      if (!sn.regs.empty()) {
        out += "\n[program.snippet.regs]\n";
        for (const auto& [r, t] : sn.regs) out += key(r) + " = " + quote(typeName(t)) + "\n";
      }
      break;
    }
  }

  if (p.kind != ProgramSpec::Kind::Snippet) {
    const LaunchSpec& l = s.launch;
    out += "\n[launch]\n";
    if (!l.entry.empty()) out += "entry = " + quote(l.entry) + "\n";
    out += "grid = " + dims(l.grid) + "\n";
    out += "block = " + dims(l.block) + "\n";
    if (l.cluster != Dim3{0, 0, 0}) out += "cluster = " + dims(l.cluster) + "\n";
    if (l.dynamicSharedBytes) out += fmt::format("dynamic_shared = {}\n", l.dynamicSharedBytes);
  }

  for (const Param& prm : s.params) {
    out += "\n[[param]]\n";
    if (const auto* b = std::get_if<BufferParam>(&prm)) {
      out += "buffer = " + quote(b->name) + "\n";
      if (b->type != WordType::U32) out += "type = " + quote(wordTypeName(b->type)) + "\n";
      bufferInit(out, b->init);
    } else if (const auto* t = std::get_if<TensorMapParam>(&prm)) {
      tensorMapParam(out, *t);
    } else {
      const auto& sc = std::get<ScalarParam>(prm);
      out += "scalar = " + quote(sc.name) + "\n";
      out += "type = " + quote(typeName(sc.type)) + "\n";
      out += "value = " + num(sc.value) + "\n";
    }
  }

  const EngineSpec& e = s.engine;
  out += "\n[engine]\n";
  out += "mode = " + quote(modeSlug(e.options.mode)) + "\n";
  out += "async_completion = " + quote(asyncSlug(e.options.asyncCompletion)) + "\n";
  out += "scheduling = " + quote(schedulingSlug(e.options.scheduling)) + "\n";
  out += fmt::format("report_uninitialized_reads = {}\n", e.options.reportUninitializedReads);
  if (e.maxSteps) out += fmt::format("max_steps = {}\n", *e.maxSteps);
  if (e.checkRaces) out += fmt::format("check_races = {}\n", *e.checkRaces);

  if (s.schedule) {
    // A switch is always written whole, one per line: the file is read (and
    // diffed) switch by switch.
    out += "\n[schedule]\n";
    out += fmt::format("version = {}\n", s.schedule->version);
    if (!s.schedule->foundBy.empty()) out += "found_by = " + quote(s.schedule->foundBy) + "\n";
    out += "switches = [";
    for (const ScheduleSwitch& sw : s.schedule->switches) {
      if (sw.async)
        out += fmt::format("\n  {{ step = {}, async = {} }},", sw.step, *sw.async);
      else
        out += fmt::format("\n  {{ step = {}, cta = {}, warp = {}, lanes = \"0x{:08x}\" }},", sw.step, sw.cta, sw.warp,
                           sw.lanes);
    }
    out += s.schedule->switches.empty() ? "]\n" : "\n]\n";
  }

  const Expectations& x = s.expect;
  {
    if (x.stop || x.noOtherDiagnostics || x.printed || x.printedAnyOrder) out += "\n[expect]\n";  // [[expect.*]] alone need no header
    if (x.stop) out += "stop = " + quote(stopSlug(*x.stop)) + "\n";
    if (x.noOtherDiagnostics) out += "no_other_diagnostics = true\n";
    if (x.printed) out += "printed = " + text(*x.printed) + "\n";
    if (x.printedAnyOrder) out += "printed_order = \"any\"\n";
    for (const WordsExpect& b : x.buffers) {
      out += "\n[[expect.buffer]]\nname = " + quote(b.name) + "\n";
      out += b.whole ? "words = " + numbers(b.words) + "\n" : "at = " + atTable(b.at) + "\n";
    }
    for (const WordsExpect& r : x.registers) {
      out += "\n[[expect.register]]\nname = " + quote(r.name) + "\n";
      if (r.warp) out += fmt::format("warp = {}\n", r.warp);
      out += r.whole ? "values = " + numbers(r.words) + "\n" : "at = " + atTable(r.at) + "\n";
    }
    for (const DiagExpect& d : x.diagnostics) {
      out += "\n[[expect.diagnostic]]\nkind = " + quote(diagSlug(d.kind)) + "\n";
      if (d.lanes) out += "lanes = " + lanesArray(*d.lanes) + "\n";
      if (d.count) out += fmt::format("count = {}\n", *d.count);
      if (d.ptxLine) out += fmt::format("ptx_line = {}\n", *d.ptxLine);
    }
  }

  for (const Narration& n : s.narration) {
    out += "\n[[narration]]\n";
    if (n.step) out += fmt::format("step = {}\n", *n.step);
    if (n.ptxLine) out += fmt::format("ptx_line = {}\n", *n.ptxLine);
    out += "text = " + text(n.text) + "\n";
  }
  for (const Question& q : s.lesson.questions) out += formatQuestion(q);

  const SessionState& se = s.session;
  const bool viewEmpty = se.view.kind == FreeValue::Kind::Table && se.view.fields.empty();
  if (se.step || se.focus != Focus{} || !se.watches.empty() || !se.breakpoints.empty() || !viewEmpty) {
    out += "\n[session]\n";
    if (se.step) out += fmt::format("step = {}\n", se.step);
    if (se.focus != Focus{})
      out += fmt::format("focus = {{ cta = {}, warp = {}, lane = {} }}\n", se.focus.cta, se.focus.warp, se.focus.lane);
    if (!se.watches.empty()) {
      std::vector<std::string> w;
      for (const auto& s2 : se.watches) w.push_back(quote(s2));
      out += "watches = [" + fmt::format("{}", fmt::join(w, ", ")) + "]\n";
    }
    for (const ScenarioBreakpoint& b : se.breakpoints) {
      out += "\n[[session.breakpoint]]\n";
      if (b.ptxLine) out += fmt::format("ptx_line = {}\n", *b.ptxLine);
      if (b.cudaLine) out += fmt::format("cuda_line = {}\n", *b.cudaLine);
      if (!b.cudaFile.empty()) out += "cuda_file = " + quote(b.cudaFile) + "\n";
      if (!b.instruction.empty()) out += "instruction = " + quote(b.instruction) + "\n";
      if (!b.lanes.empty()) out += "lanes = " + quote(b.lanes) + "\n";
      if (!b.enabled) out += "enabled = false\n";
    }
    if (!viewEmpty) freeSection(out, "session.view", se.view);
  }
  return out;
}

}  // namespace ws::core
