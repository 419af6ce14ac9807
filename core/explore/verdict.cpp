#include "core/explore/verdict.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "core/scenario/expectations.hpp"
#include "core/util/fnv1a.hpp"

namespace ws::core::explore {
namespace {

std::size_t launchBuffers(const PreparedScenario& p) { return p.launch.buffers.size(); }

std::string bufferName(const PreparedScenario& p, std::size_t i) { return p.launch.buffers[i].name; }

std::uint32_t word(const std::vector<std::uint8_t>& b, std::size_t at) {
  std::uint32_t v = 0;
  std::memcpy(&v, b.data() + at, std::min<std::size_t>(4, b.size() - at));
  return v;
}

}  // namespace

Reference referenceOf(const Engine& e, const PreparedScenario& p) {
  Reference r;
  for (std::size_t i = 0; i < launchBuffers(p); ++i) r.buffers.push_back(e.buffer(static_cast<std::uint32_t>(i)));
  return r;
}

std::uint64_t finalState(const Engine& e, const PreparedScenario& p, StopReason stop) {
  Fnv1a h;
  const auto s = static_cast<std::uint8_t>(stop);
  h.add(&s, 1);
  for (std::size_t i = 0; i < launchBuffers(p); ++i) {
    const std::vector<std::uint8_t>& b = e.buffer(static_cast<std::uint32_t>(i));
    const std::uint64_t n = b.size();
    h.add(&n, sizeof n);
    h.add(b.data(), b.size());
  }
  return h.value;
}

std::optional<Failure> judge(const Scenario& s, const PreparedScenario& p, const Engine& e, const RunResult& r,
                             const Reference* ref) {
  // Errors and undefined behaviour the scenario does not list as expected.
  for (const Diagnostic& d : r.diags) {
    if (diagInfo(d.kind).severity == Severity::Warning) continue;
    const bool expected = std::any_of(s.expect.diagnostics.begin(), s.expect.diagnostics.end(),
                                      [&](const DiagExpect& x) { return x.kind == d.kind; });
    if (expected) continue;
    Failure f;
    f.kind = Failure::Kind::Diagnostic;
    f.diag = d.kind;
    const std::string_view firstLine = std::string_view(d.message).substr(0, d.message.find('\n'));
    f.what = fmt::format("{} at step {}: {}", diagSlug(d.kind), d.step, firstLine);
    return f;
  }
  if (hasExpectations(s)) {
    const ExpectationReport rep = checkExpectations(s, p, e, r.stop, r.diags, r.printed);
    if (rep.ok()) return std::nullopt;
    Failure f;
    f.kind = Failure::Kind::Expectation;
    f.what = fmt::format("expectation not met: {}", rep.failures.front());
    return f;
  }
  if (r.stop != StopReason::Finished) {
    Failure f;
    f.kind = Failure::Kind::Stop;
    f.stop = r.stop;
    f.what = fmt::format("the run ended {}", stopSlug(r.stop));
    return f;
  }
  if (!ref) return std::nullopt;
  for (std::size_t i = 0; i < ref->buffers.size() && i < launchBuffers(p); ++i) {
    const std::vector<std::uint8_t>& now = e.buffer(static_cast<std::uint32_t>(i));
    const std::vector<std::uint8_t>& was = ref->buffers[i];
    const auto diff = std::mismatch(now.begin(), now.end(), was.begin(), was.end());
    if (diff.first == now.end() && diff.second == was.end()) continue;
    const std::size_t at = static_cast<std::size_t>(diff.first - now.begin()) / 4 * 4;
    Failure f;
    f.kind = Failure::Kind::Differs;
    f.what = at < now.size() && at < was.size()
                 ? fmt::format("{}[{}] = {} here, {} under the scheduling policy", bufferName(p, i), at / 4,
                               word(now, at), word(was, at))
                 : fmt::format("{} differs from the scheduling policy's run", bufferName(p, i));
    return f;
  }
  return std::nullopt;
}

}  // namespace ws::core::explore
