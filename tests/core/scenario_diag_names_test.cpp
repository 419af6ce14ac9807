// Stable short names of diagnostic kinds (core/exec/diagnostics/diagnostic_names.hpp):
// they are part of the scenario file format, so the published ones are
// pinned here. Renaming a DiagKind must keep its old name loading (alias).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/exec/diagnostics/diagnostic_names.hpp"

namespace ws::core {
namespace {

TEST(ScenarioDiagNames, PublishedNamesArePinned) {
  const std::pair<DiagKind, const char*> pinned[] = {
      {DiagKind::NotInMembermask, "not-in-membermask"},
      {DiagKind::ShflSourceInactive, "shfl-source-inactive"},
      {DiagKind::MembermaskNeverArrives, "membermask-never-arrives"},
      {DiagKind::MembermaskMismatch, "membermask-mismatch"},
      {DiagKind::Deadlock, "deadlock"},
      {DiagKind::DivergentBarrier, "divergent-barrier"},
      {DiagKind::BarrierCountMismatch, "barrier-count-mismatch"},
      {DiagKind::RedAsyncNotRemote, "red-async-not-remote"},
      {DiagKind::MbarrierOverArrive, "mbarrier-over-arrive"},
      {DiagKind::MbarrierTxOverflow, "mbarrier-tx-overflow"},
      {DiagKind::MbarrierUninitialized, "mbarrier-uninitialized"},
      {DiagKind::MbarrierNoCompleteCompletes, "mbarrier-no-complete-completes"},
      {DiagKind::MbarrierCountRange, "mbarrier-count-range"},
      {DiagKind::MbarrierReinit, "mbarrier-reinit"},
      {DiagKind::MbarrierRemoteUnsupported, "mbarrier-remote-unsupported"},
      {DiagKind::MbarrierStalePhase, "mbarrier-stale-phase"},
      {DiagKind::FnsBaseRange, "fns-base-range"},
      {DiagKind::UninitializedRead, "uninitialized-read"},
      {DiagKind::OutOfBounds, "out-of-bounds"},
      {DiagKind::Misaligned, "misaligned"},
      {DiagKind::DivideByZero, "divide-by-zero"},
      {DiagKind::Unsupported, "unsupported"},
      {DiagKind::Trap, "trap"},
      {DiagKind::StepBudget, "step-budget"},
      {DiagKind::CallDepth, "call-depth"},
      {DiagKind::IsaDeviation, "isa-deviation"},
  };
  for (const auto& [kind, slug] : pinned) {
    EXPECT_EQ(diagSlug(kind), slug);
    EXPECT_EQ(diagFromSlug(slug), kind) << slug;
  }
}

TEST(ScenarioDiagNames, EveryKindHasAUniqueNameThatReadsBack) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < diagKindCount(); ++i) {
    const auto k = static_cast<DiagKind>(i);
    const std::string s(diagSlug(k));
    ASSERT_FALSE(s.empty());
    for (char c : s) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << s;
    EXPECT_TRUE(seen.insert(s).second) << "duplicate " << s;
    EXPECT_EQ(diagFromSlug(s), k) << s;
  }
}

TEST(ScenarioDiagNames, UnknownNamesAndAliases) {
  EXPECT_FALSE(diagFromSlug("").has_value());
  EXPECT_FALSE(diagFromSlug("ShflSourceInactive").has_value());
  EXPECT_FALSE(diagFromSlug("shfl-source").has_value());
  EXPECT_EQ(diagFromSlug("uninitialised-read"), DiagKind::UninitializedRead);
}

}  // namespace
}  // namespace ws::core
