// Strict mode over the hardware-mode matrix (tests/data/hwmode): every
// misuse the PTX ISA rules out stops with the diagnostic of the ISA sentence
// it breaks, naming the lanes; the defined controls (and the cases the ISA's
// own words define: exited members are not waited for) run clean.
#include <gtest/gtest.h>

#include <algorithm>

#include <set>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/hwmode_matrix.hpp"

namespace ws::test {
namespace {

using core::DiagKind;

std::uint32_t hexOf(const nlohmann::json& v) {
  return v.is_string() ? static_cast<std::uint32_t>(std::stoul(v.get<std::string>(), nullptr, 16)) : 0xffffffffu;
}

// Whether a shfl site of the case reads, for some lane that executes it, a
// source the ISA calls undefined: in the other lane group (P vs Q), which
// has exited, skipped the shuffle or passes the other membermask.
bool shflReadsAcross(const nlohmann::json& c) {
  const std::uint32_t P = hexOf(c["P"]);
  for (const auto& s : c["sites"]) {
    if (!s.contains("isa_src")) continue;
    const std::string path = s["path"].get<std::string>();
    for (std::uint32_t l = 0; l < 32; ++l) {
      const bool inP = (P >> l) & 1u;
      if ((path == "P" && !inP) || (path == "Q" && inP) || s["isa_p"][l].get<int>() == 0) continue;
      const auto src = s["isa_src"][l].get<std::uint32_t>();
      if (((P >> src) & 1u) != (inP ? 1u : 0u)) return true;
    }
  }
  return false;
}

// The diagnostics a case must raise in strict mode (empty: none).
std::set<DiagKind> expectedKinds(const nlohmann::json& c) {
  const std::string kind = c["kind"].get<std::string>();
  const bool shfl = c["instruction"] == "shfl.sync";
  if (kind.starts_with("a_")) return {DiagKind::NotInMembermask};
  if (kind == "c_super" || kind == "c_rand") return {DiagKind::MembermaskMismatch};
  if (kind.starts_with("d_")) return {DiagKind::ShflSourceInactive};
  // Live members at another collective (another instruction or other
  // qualifiers): the lanes wait for each other. (At another call site of the
  // same instruction they run it with them: b_site, below.)
  if (kind == "b_other" || kind == "b_mode") return {DiagKind::MembermaskNeverArrives};
  // Members that exited (before, or later without executing it) are not
  // waited for: "all non-exited threads corresponding to membermask". Two
  // self-consistent mask groups are defined too. What stays undefined is a
  // shfl source across the groups.
  if (kind == "b_exit" || kind == "b_late" || kind == "b_join" || kind == "b_trip" || kind == "c_split")
    return shfl && (kind == "b_trip" || shflReadsAcross(c)) ? std::set<DiagKind>{DiagKind::ShflSourceInactive}
                                                             : std::set<DiagKind>{};
  return {};  // def_*, am_* (am_wait: the ballot's members exit), b_iter (the same instruction)
}

class HwmodeStrict : public ::testing::TestWithParam<MatrixCase> {};

TEST_P(HwmodeStrict, GivesTheIsaDiagnostic) {
  const MatrixCase& mc = GetParam();
  const nlohmann::json& c = caseOf(mc.hw.name());
  ASSERT_FALSE(c.is_null());
  core::EngineOptions opts;
  opts.mode = core::ExecMode::Strict;
  opts.reportUninitializedReads = false;
  const HwRun r = runHwCase(mc.hw, opts, kMatrixSteps);
  ASSERT_EQ(r.error, "");
  std::string all;
  for (const auto& d : r.result.diags) all += "\n  [" + std::string(core::diagInfo(d.kind).title) + "] " + d.message;

  if (c["kind"] == "b_spin") {
    // Lanes spin for lanes that wait at bar.warp.sync for them: it never
    // finishes and the watchdog warp traps (as on the H100).
    EXPECT_EQ(r.result.stop, core::StopReason::Diagnostic) << all;
    ASSERT_FALSE(r.result.diags.empty());
    EXPECT_EQ(r.result.diags.back().kind, DiagKind::Trap) << all;
    return;
  }
  if (c["kind"] == "b_site" || c["kind"] == "b_site_join") {
    // Defined from sm_70: the lanes of both call sites run each collective
    // together. (This asserted a collective-across-sites warning before; the
    // ISA's rule is "For .target sm_6x or below, all threads in membermask
    // must execute the same shfl.sync ... instruction in convergence", and
    // these kernels are sm_90a: no warning.)
    EXPECT_EQ(r.result.stop, core::StopReason::Finished) << all;
    const auto joint = std::find_if(r.result.diags.begin(), r.result.diags.end(),
                                    [](const auto& d) { return d.kind == DiagKind::CollectiveAcrossSites; });
    EXPECT_EQ(joint, r.result.diags.end()) << all;
    for (const auto& d : r.result.diags)
      EXPECT_EQ(core::diagInfo(d.kind).severity, core::Severity::Warning) << d.message;
    return;
  }
  const std::set<DiagKind> want = expectedKinds(c);
  if (want.empty()) {
    EXPECT_EQ(r.result.stop, core::StopReason::Finished) << all;
    for (const auto& d : r.result.diags)
      EXPECT_EQ(core::diagInfo(d.kind).severity, core::Severity::Warning) << d.message;
    return;
  }
  const core::Diagnostic* hit = nullptr;
  for (const auto& d : r.result.diags)
    if (want.count(d.kind) && !hit) hit = &d;
  ASSERT_NE(hit, nullptr) << c["isa"].get<std::string>() << all;
  EXPECT_NE(r.result.stop, core::StopReason::Finished) << "strict mode stops at undefined behaviour" << all;
  EXPECT_NE(hit->lanes, 0u);
  EXPECT_NE(hit->message.find("lane"), std::string::npos) << hit->message;
  // Each of these kinds cites the sentence it breaks, word for word (diagnostic_quotes_test checks the words).
  EXPECT_FALSE(core::diagInfo(hit->kind).quote.empty());
  EXPECT_NE(core::diagInfo(hit->kind).source, core::QuoteSource::None);
}

INSTANTIATE_TEST_SUITE_P(Matrix, HwmodeStrict, ::testing::ValuesIn(matrixCases()),
                         [](const auto& p) { return p.param.hw.label; });

}  // namespace
}  // namespace ws::test
