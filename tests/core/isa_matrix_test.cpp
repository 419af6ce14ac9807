// The sm_90 ISA matrix (tests/data/isa): every instruction and modifier
// combination ptxas accepts for sm_90a in the integer, extended-precision,
// f32/f64, half-precision, comparison, logic, conversion and data-movement
// sections, run on an H100 and replayed here in hardware mode, one gtest
// case per recorded entry. Exact entries must match word for word; entries
// whose name ends in `_approx` are checked with the PTX ISA's error bounds
// (isa_approx_bounds.hpp), special values bit for bit. forms.json names the
// form, thread and result row of every out word, so a failure reads
// "cvt.rn.satfinite.e4m3x2.f32 d, a, b; thread 17: engine 0x.., H100 0x..".
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/core/isa_approx_bounds.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using ws::test::HwCase;

const std::string kDir = ws::test::dataPath("/isa");

// One form of forms.json: where its results lie and where its operands come from.
struct Form {
  std::string label;   // the PTX (and a tag such as "[r32]" where two forms share it)
  bool bytes = false;  // st.global: thread t's bytes at 4*outStart + t*bytesPerThread
  std::size_t outStart = 0, outWords = 0, rows = 0, bytesPerThread = 0;
  std::vector<std::string> results;                // what each row holds
  std::vector<std::vector<std::size_t>> operands;  // per operand: its words in the thread's record
  bool approx = false;
};

struct Entry {
  std::size_t threads = 0, wordsPerThread = 0;
  std::vector<Form> forms;
  bool approx = false;
  const Form* formAt(std::size_t word) const {
    for (const Form& f : forms)
      if (word >= f.outStart && word < f.outStart + f.outWords) return &f;
    return nullptr;
  }
};

const std::map<std::string, Entry>& entries() {
  static const std::map<std::string, Entry> all = [] {
    std::map<std::string, Entry> m;
    const auto doc = nlohmann::json::parse(ws::test::slurp(std::string(kDir) + "/forms.json"));
    for (const auto& [module, mod] : doc["modules"].items()) {
      for (const auto& e : mod["entries"]) {
        Entry en;
        en.threads = e["threads"].get<std::size_t>();
        en.wordsPerThread = e["in_words_per_thread"].get<std::size_t>();
        en.approx = e.value("approx", false);
        for (const auto& f : e["forms"]) {
          Form fm;
          fm.label = f.value("key", f["ptx"].get<std::string>());
          fm.bytes = f["layout"] == "bytes";
          fm.outStart = f["out_start"].get<std::size_t>();
          fm.outWords = f["out_words"].get<std::size_t>();
          fm.rows = f.value("rows", std::size_t{0});
          fm.bytesPerThread = f.value("bytes_per_thread", std::size_t{0});
          fm.results = f["results"].get<std::vector<std::string>>();
          for (const auto& o : f["operands"]) fm.operands.push_back(o[3].get<std::vector<std::size_t>>());
          fm.approx = f.value("approx", en.approx);
          en.forms.push_back(std::move(fm));
        }
        m.emplace(e["name"].get<std::string>(), std::move(en));
      }
    }
    return m;
  }();
  return all;
}

// "add.u64 d, a, b; thread 3 (d.hi)" for out word i of a rows form.
std::string describe(const Entry& en, const Form& f, std::size_t word) {
  const std::size_t off = word - f.outStart;
  if (f.bytes) {
    const std::size_t byte = 4 * off;
    return fmt::format("{} thread {} (bytes {}..{})", f.label, byte / f.bytesPerThread, byte % f.bytesPerThread,
                       byte % f.bytesPerThread + 3);
  }
  const std::size_t row = off / en.threads, thread = off % en.threads;
  std::string what = f.results.size() > 1 && row < f.results.size() ? " (" + f.results[row] + ")" : "";
  return fmt::format("{} thread {}{}", f.label, thread, what);
}

// The bits of element `half` (-1: the whole value) of an approximate form's
// result for one thread, from rows of the out buffer.
std::uint64_t element(const std::vector<std::uint32_t>& out, const Entry& en, const Form& f, std::size_t thread,
                      int half) {
  std::uint64_t v = 0;
  for (std::size_t r = 0; r < f.rows; ++r)
    v |= static_cast<std::uint64_t>(out[f.outStart + r * en.threads + thread]) << (32 * r);
  return half < 0 ? v : (v >> (16 * half)) & 0xffffu;
}

// Checks an approximate form thread by thread; returns the failure lines.
std::vector<std::string> checkApproxForm(const Entry& en, const Form& f, const std::vector<std::uint32_t>& in,
                                         const std::vector<std::uint32_t>& engine,
                                         const std::vector<std::uint32_t>& h100) {
  std::vector<std::string> bad;
  const auto af = ws::test::approxFormOf(f.label);
  if (!af) return {f.label + ": no error bound is known for this approximate form"};
  const bool half = af->fmt == ws::test::ElemFormat::F16 || af->fmt == ws::test::ElemFormat::BF16;
  for (std::size_t t = 0; t < en.threads; ++t) {
    std::vector<std::uint64_t> ops;
    for (const auto& words : f.operands) {
      std::uint64_t v = 0;
      for (std::size_t k = 0; k < words.size(); ++k)
        v |= static_cast<std::uint64_t>(in[en.wordsPerThread * t + words[k]]) << (32 * k);
      ops.push_back(v);
    }
    if (half && !af->packed && (element(engine, en, f, t, -1) >> 16) != (element(h100, en, f, t, -1) >> 16))
      bad.push_back(fmt::format("{} thread {}: upper half of the word: engine {:#x}, H100 {:#x}", f.label, t,
                                element(engine, en, f, t, -1), element(h100, en, f, t, -1)));
    // Elements: h = -1 is the whole f32/f64 value, 0 and 1 the 16-bit halves.
    const int first = half ? 0 : -1, last = half ? (af->packed ? 1 : 0) : -1;
    for (int h = first; h <= last; ++h) {
      std::vector<std::uint64_t> elemOps = ops;
      if (h >= 0)
        for (auto& o : elemOps) o = (o >> (16 * h)) & 0xffffu;
      const std::string why =
          ws::test::checkApprox(*af, elemOps, element(engine, en, f, t, h), element(h100, en, f, t, h));
      if (!why.empty())
        bad.push_back(fmt::format("{} thread {}{}: {}", f.label, t, h >= 0 ? fmt::format(" half {}", h) : "", why));
    }
  }
  return bad;
}

class H100 : public ::testing::TestWithParam<HwCase> {};

TEST_P(H100, Replays) {
  const HwCase& c = GetParam();
  const auto it = entries().find(c.name());
  ASSERT_NE(it, entries().end()) << c.name() << " is not in forms.json";
  const Entry& en = it->second;

  ws::core::EngineOptions opts;
  opts.mufu = ws::test::mufuTables();
  opts.mode = ws::core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  const ws::test::HwRun r = ws::test::runHwCase(c, opts);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, ws::core::StopReason::Finished);
  int errors = 0;
  for (const auto& d : r.result.diags)
    if (ws::core::diagInfo(d.kind).severity == ws::core::Severity::Error && errors++ < 5)
      ADD_FAILURE() << "diagnostic: " << d.message;

  const auto expected = c.t()["out"].get<std::vector<std::uint32_t>>();
  const auto in = c.t()["in"].get<std::vector<std::uint32_t>>();
  ASSERT_EQ(r.out.size(), expected.size());

  // Failures grouped by form, a few lines each.
  std::map<std::size_t, std::vector<std::string>> byForm;  // form index -> lines
  std::map<std::size_t, std::size_t> counts;
  for (const ws::test::WordDiff& d : ws::test::compareRecorded(c, r.out)) {
    const Form* f = en.formAt(d.index);
    if (f == nullptr) {
      ADD_FAILURE() << "out[" << d.index << "] belongs to no form: engine " << d.actual << ", H100 " << d.expected;
      continue;
    }
    if (f->approx) continue;  // checked below
    const auto k = static_cast<std::size_t>(f - en.forms.data());
    ++counts[k];
    byForm[k].push_back(fmt::format("{}: engine {:#x}, H100 {:#x}", describe(en, *f, d.index), d.actual, d.expected));
  }
  for (std::size_t k = 0; k < en.forms.size(); ++k) {
    if (!en.forms[k].approx) continue;
    const auto lines = checkApproxForm(en, en.forms[k], in, r.out, expected);
    counts[k] = lines.size();
    byForm[k] = lines;
  }
  std::size_t shown = 0;
  for (const auto& [k, lines] : byForm) {
    if (lines.empty()) continue;
    if (shown++ >= 40) {
      ADD_FAILURE() << "... and more forms";
      break;
    }
    std::string msg = fmt::format("{} of {} words differ:", counts[k], en.forms[k].outWords);
    for (std::size_t i = 0; i < lines.size() && i < 4; ++i) msg += "\n  " + lines[i];
    ADD_FAILURE() << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(IsaMatrix, H100, ::testing::ValuesIn(ws::test::loadHwCases(kDir)),
                         [](const auto& p) { return p.param.name(); });

}  // namespace
