#include "core/scenario/expectations.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/values.hpp"

namespace ws::core {
namespace {

constexpr std::size_t kMaxListed = 8;  // differing words listed per expectation

// The lines of `text` in sorted order, each ending in '\n' (a last line
// without one gets it: it is the same line printed).
std::string sortedLines(const std::string& text) {
  std::vector<std::string_view> lines;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  }
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (std::string_view l : lines) (out += l) += '\n';
  return out;
}

std::string lanesText(LaneMask m) {
  std::vector<int> v;
  for (int l = 0; l < 32; ++l)
    if ((m >> l) & 1u) v.push_back(l);
  return "[" + fmt::format("{}", fmt::join(v, ", ")) + "]";
}

class Checker {
 public:
  Checker(const Scenario& s, const PreparedScenario& p, const Engine& e, ExpectationReport& r)
      : m_s(s), m_p(p), m_e(e), m_r(r) {}

  void fail(const std::string& path, std::string msg) {
    const FilePos pos = m_s.source.at(path);
    if (m_s.source.file.empty() || pos.line == 0) m_r.failures.push_back(std::move(msg));
    else m_r.failures.push_back(fmt::format("{}:{}:{}: {}", m_s.source.file, pos.line, pos.col, msg));
  }

  void buffer(const WordsExpect& x, const std::string& path) {
    ++m_r.checked;
    const std::optional<std::uint32_t> at = launchBufferIndex(m_s, x.name);
    const std::uint32_t index = at.value_or(0);
    if (!at || index >= m_p.launch.buffers.size()) {
      fail(path, fmt::format("expected buffer '{}' does not exist", x.name));
      return;
    }
    const WordType type = m_p.bufferTypes[index];
    const auto& bytes = m_e.buffer(index);
    const std::size_t n = bytes.size() / 4;
    auto word = [&](std::size_t i) {
      std::uint32_t w = 0;
      for (std::size_t k = 0; k < 4; ++k) w |= static_cast<std::uint32_t>(bytes[i * 4 + k]) << (8 * k);
      return w;
    };
    std::vector<std::string> diffs;
    std::size_t ndiff = 0;
    auto compare = [&](std::size_t i, const Number& want) {
      std::string err;
      auto bits = wordBits(want, type, err);
      if (!bits) {
        diffs.push_back(fmt::format("{}[{}]: {}", x.name, i, err));
        ++ndiff;
        return;
      }
      if (i >= n) {
        ++ndiff;
        if (diffs.size() < kMaxListed) diffs.push_back(fmt::format("{}[{}] is past the end ({} words)", x.name, i, n));
        return;
      }
      const std::uint32_t got = word(i);
      if (got == *bits) return;
      ++ndiff;
      if (diffs.size() < kMaxListed)
        diffs.push_back(fmt::format("{}[{}] is {} ({:#010x}), expected {} ({:#010x})", x.name, i, formatWord(got, type),
                                    got, formatWord(*bits, type), *bits));
    };
    if (x.whole) {
      if (x.words.size() != n)
        diffs.push_back(fmt::format("{} has {} words, expected {}", x.name, n, x.words.size())), ++ndiff;
      for (std::size_t i = 0; i < x.words.size(); ++i) compare(i, x.words[i]);
    } else {
      for (const auto& [i, want] : x.at) compare(i, want);
    }
    report(path, x.name, diffs, ndiff);
  }

  void reg(const WordsExpect& x, const std::string& path) {
    ++m_r.checked;
    const Program& prog = m_e.program();
    const Function& fn = prog.functions[m_e.entry()];
    std::optional<std::uint32_t> r;
    for (std::uint32_t i = fn.regBegin; i < fn.regEnd && i < prog.regs.size(); ++i)
      if (prog.regs[i].name == x.name) r = i;
    const auto& warps = m_e.state().warps;
    if (!r || x.warp >= warps.size()) {
      fail(path, fmt::format("register {} of warp {} does not exist", x.name, x.warp));
      return;
    }
    const DataType t = prog.regs[*r].type;
    const WarpState& w = warps[x.warp];
    const int width = bitWidth(t);
    const std::uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    std::vector<std::string> diffs;
    std::size_t ndiff = 0;
    auto compare = [&](std::uint32_t lane, const Number& want) {
      std::string err;
      auto bits = valueBits(want, t, err);
      if (!bits) {
        ++ndiff;
        diffs.push_back(fmt::format("{} lane {}: {}", x.name, lane, err));
        return;
      }
      if (lane >= 32 || !((w.ctl.valid >> lane) & 1u)) {
        ++ndiff;
        diffs.push_back(fmt::format("lane {} does not exist in warp {}", lane, x.warp));
        return;
      }
      const std::uint64_t got = w.regs[static_cast<std::size_t>(*r) * kWarpSize + lane] & mask;
      const bool written = (w.written[*r] >> lane) & 1u;
      if (written && got == (*bits & mask)) return;
      ++ndiff;
      if (diffs.size() >= kMaxListed) return;
      if (!written) diffs.push_back(fmt::format("{} lane {} was never written, expected {}", x.name, lane,
                                                formatValue(*bits, t)));
      else if (isFloat(t) || t == DataType::Pred)
        diffs.push_back(fmt::format("{} lane {} is {}, expected {}", x.name, lane, formatValue(got, t),
                                    formatValue(*bits & mask, t)));
      else
        diffs.push_back(fmt::format("{} lane {} is {} ({:#0{}x}), expected {} ({:#0{}x})", x.name, lane,
                                    formatValue(got, t), got, width / 4 + 2, formatValue(*bits & mask, t),
                                    *bits & mask, width / 4 + 2));
    };
    if (x.whole) {
      for (std::size_t i = 0; i < x.words.size(); ++i) compare(static_cast<std::uint32_t>(i), x.words[i]);
    } else {
      for (const auto& [lane, want] : x.at) compare(lane, want);
    }
    report(path, fmt::format("{} (warp {})", x.name, x.warp), diffs, ndiff);
  }

  void report(const std::string& path, const std::string& what, const std::vector<std::string>& diffs,
              std::size_t ndiff) {
    if (diffs.empty()) return;
    std::string msg = fmt::format("{}: {}", what, fmt::join(diffs, "; "));
    if (ndiff > diffs.size()) msg += fmt::format("; and {} more", ndiff - diffs.size());
    fail(path, msg);
  }

  bool matches(const DiagExpect& x, const Diagnostic& d) const {
    if (d.kind != x.kind) return false;
    if (!x.ptxLine) return true;
    const auto& ins = m_e.program().instrs;
    return d.pc < ins.size() && ins[d.pc].pos.line == *x.ptxLine;
  }

  // The whole printed text must be the expected one; the report names the
  // first line that differs.
  void printed(const std::string& wantText, const std::vector<PrintedText>& printed, bool anyOrder) {
    ++m_r.checked;
    std::string got, want = wantText;
    for (const PrintedText& t : printed) got += t.text;
    if (got == want) return;
    if (anyOrder) {
      // Compared line by line, each side sorted: the first line that one
      // side has and the other lacks is named below.
      got = sortedLines(got);
      want = sortedLines(want);
      if (got == want) return;
    }
    std::size_t line = 1, at = 0;
    while (at < got.size() && at < want.size() && got[at] == want[at]) {
      if (got[at] == '\n') ++line;
      ++at;
    }
    auto lineAt = [&](const std::string& s) {
      const std::size_t b = s.rfind('\n', at == 0 ? 0 : at - 1), begin = b == std::string::npos || at == 0 ? 0 : b + 1;
      const std::size_t e = s.find('\n', begin);
      return s.substr(begin, e == std::string::npos ? std::string::npos : e - begin);
    };
    fail("expect.printed", fmt::format("printed line {} is \"{}\", expected \"{}\" ({} bytes printed, {} expected)", line,
                                       lineAt(got), lineAt(want), got.size(), want.size()));
  }

  void diagnostics(const std::vector<Diagnostic>& diags) {
    const auto& xs = m_s.expect.diagnostics;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      ++m_r.checked;
      const DiagExpect& x = xs[i];
      const std::string path = fmt::format("expect.diagnostic[{}]", i);
      std::uint32_t count = 0;
      LaneMask lanes = 0;
      for (const Diagnostic& d : diags)
        if (matches(x, d)) {
          ++count;
          lanes |= d.lanes;
        }
      const std::string what = x.ptxLine ? fmt::format("{} at PTX line {}", diagSlug(x.kind), *x.ptxLine)
                                         : std::string(diagSlug(x.kind));
      if (x.count ? count != *x.count : count == 0) {
        fail(path, fmt::format("expected {} {} diagnostic{}, got {}", x.count ? fmt::format("{}", *x.count) : "a",
                               what, x.count && *x.count == 1 ? "" : (x.count ? "s" : ""), count));
        continue;
      }
      if (x.lanes && count > 0 && lanes != *x.lanes)
        fail(path, fmt::format("{}: lanes {}, expected {}", what, lanesText(lanes), lanesText(*x.lanes)));
    }
    if (m_s.expect.noOtherDiagnostics) {
      ++m_r.checked;
      std::vector<std::string> extra;
      for (const Diagnostic& d : diags) {
        bool listed = false;
        for (const DiagExpect& x : xs) listed |= matches(x, d);
        if (listed) continue;
        const auto& ins = m_e.program().instrs;
        const std::uint32_t line = d.pc < ins.size() ? ins[d.pc].pos.line : 0;
        if (extra.size() < kMaxListed)
          extra.push_back(fmt::format("{} at {} lanes {}", diagSlug(d.kind), m_p.where(line), lanesText(d.lanes)));
      }
      if (!extra.empty()) fail("expect.no_other_diagnostics", fmt::format("unexpected diagnostics: {}", fmt::join(extra, "; ")));
    }
  }

 private:
  const Scenario& m_s;
  const PreparedScenario& m_p;
  const Engine& m_e;
  ExpectationReport& m_r;
};

}  // namespace

bool hasExpectations(const Scenario& s) {
  const Expectations& x = s.expect;
  return x.stop || x.noOtherDiagnostics || x.printed || !x.buffers.empty() || !x.registers.empty() ||
         !x.diagnostics.empty();
}

ExpectationReport checkExpectations(const Scenario& s, const PreparedScenario& p, const Engine& engine,
                                    StopReason stop, const std::vector<Diagnostic>& diags,
                                    const std::vector<PrintedText>& printed) {
  ExpectationReport r;
  Checker c(s, p, engine, r);
  // Without expect.stop, a run must finish, unless it expects diagnostics (a
  // strict-mode run stops at the first one).
  std::optional<StopReason> want = s.expect.stop;
  if (!want && s.expect.diagnostics.empty()) want = StopReason::Finished;
  if (want) {
    ++r.checked;
    if (stop != *want)
      c.fail("expect.stop", fmt::format("the run ended with '{}', expected '{}'", stopSlug(stop), stopSlug(*want)));
  }
  for (std::size_t i = 0; i < s.expect.buffers.size(); ++i)
    c.buffer(s.expect.buffers[i], fmt::format("expect.buffer[{}]", i));
  for (std::size_t i = 0; i < s.expect.registers.size(); ++i)
    c.reg(s.expect.registers[i], fmt::format("expect.register[{}]", i));
  c.diagnostics(diags);
  if (s.expect.printed) c.printed(*s.expect.printed, printed, s.expect.printedAnyOrder);
  return r;
}

}  // namespace ws::core
