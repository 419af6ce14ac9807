// vote.sync (with negated predicates), match.sync, elect.sync and activemask:
// full warps, partial membermasks inside branches, exited lanes, per-lane
// membermasks, flows. Expected values are worked out by hand from the PTX ISA.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/core/collectives_util.hpp"

namespace ws::test::coll {
namespace {

using core::DiagKind;
using core::FlowKind;
using core::StopReason;

// ---------------------------------------------------------------- vote.sync

// Eight rows from k on for predicate %p5 and membermask M: all p, all !p
// (.none), any p, any !p (.not_all), uni p, uni !p, ballot p, ballot !p.
std::string vote8(int k, const std::string& m) {
  std::string s;
  const char* modes[] = {"all", "all", "any", "any", "uni", "uni"};
  for (int i = 0; i < 6; ++i) {
    s += std::string("\tvote.sync.") + modes[i] + ".pred %p6, " + (i % 2 ? "!%p5" : "%p5") + ", " + m + ";\n";
    s += storePred(k + i, "%p6");
  }
  s += "\tvote.sync.ballot.b32 %r6, %p5, " + m + ";\n" + store(k + 6, "%r6");
  s += "\tvote.sync.ballot.b32 %r6, !%p5, " + m + ";\n" + store(k + 7, "%r6");
  return s;
}

// What the eight rows hold in a lane that votes over the lane set S (the
// non-exited lanes of its membermask) when B = the lanes of S whose predicate
// is true: .all <=> B == S; .none <=> B == 0; .any <=> B != 0;
// .not_all <=> B != S; .uni <=> B is 0 or S (for p and !p alike); ballot p = B;
// ballot !p = S & ~B.
std::array<std::uint32_t, 8> voteRows(std::uint32_t S, std::uint32_t B) {
  const auto b = [](bool x) { return x ? 1u : 0u; };
  const bool uni = B == 0 || B == S;
  return {b(B == S), b(B == 0), b(B != 0), b(B != S), b(uni), b(uni), B, S & ~B};
}

void expectVote8(const Run& r, int k, std::uint32_t lanes, std::uint32_t S, std::uint32_t B) {
  const auto want = voteRows(S, B);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(row(r, static_cast<std::size_t>(k + i)), rowOf([&](auto l) {
                return ((lanes >> l) & 1) ? want[static_cast<std::size_t>(i)] : untouched(static_cast<std::size_t>(k + i), l);
              }))
        << "row " << k + i;
}

// in[l] & 1 is true exactly for the lanes l % 3 == 0.
const std::vector<std::uint32_t> kThirds = laneValues([](auto l) { return l % 3 == 0 ? 1u : 0u; });
const std::string kPredFromIn = "\tld.global.u32 %r1, [%rd2];\n\tand.b32 %r2, %r1, 1;\n\tsetp.ne.u32 %p5, %r2, 0;\n";

TEST(Vote, FullWarpWithNegation) {
  std::string body = kPredFromIn + vote8(0, "0xffffffff");
  body += "\tsetp.eq.u32 %p5, %r0, %r0;\n" + vote8(8, "0xffffffff");   // always true
  body += "\tsetp.ne.u32 %p5, %r0, %r0;\n" + vote8(16, "0xffffffff");  // always false
  body += "\tsetp.lt.u32 %p5, %r0, 16;\n" + vote8(24, "0xffffffff");
  const ws::test::Run r = runRows(body, kThirds, 32);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  // Literal values for the first block: 11 of 32 lanes vote true.
  EXPECT_EQ(row(r, 0)[7], 0u);           // all
  EXPECT_EQ(row(r, 1)[7], 0u);           // none
  EXPECT_EQ(row(r, 2)[7], 1u);           // any
  EXPECT_EQ(row(r, 3)[7], 1u);           // not_all
  EXPECT_EQ(row(r, 4)[7], 0u);           // uni
  EXPECT_EQ(row(r, 5)[7], 0u);           // uni of !p
  EXPECT_EQ(row(r, 6)[7], 0x49249249u);  // ballot
  EXPECT_EQ(row(r, 7)[7], 0xb6db6db6u);  // ballot of !p
  expectVote8(r, 0, ~0u, ~0u, 0x49249249u);
  expectVote8(r, 8, ~0u, ~0u, ~0u);
  expectVote8(r, 16, ~0u, ~0u, 0u);
  expectVote8(r, 24, ~0u, ~0u, 0x0000ffffu);
  EXPECT_EQ(row(r, 9)[0], 0u);   // none of an all-true predicate
  EXPECT_EQ(row(r, 17)[0], 1u);  // none of an all-false predicate
  EXPECT_EQ(row(r, 21)[0], 1u);  // uni of !false
}

// Partial membermasks executed inside a branch by exactly the mask's lanes.
TEST(Vote, PartialMembermaskInBranch) {
  std::string body = kPredFromIn;
  body += "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_hi;\n" + vote8(0, "0x0000ffff") + "\tbra $L_j1;\n$L_hi:\n" +
          vote8(8, "0xffff0000") + "$L_j1:\n";
  body += "\tand.b32 %r3, %r0, 1;\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $L_j2;\n" + vote8(16, "0xaaaaaaaa") +
          "$L_j2:\n";
  // lanes l % 3 == 0 with their own mask and a predicate true for all of them.
  body += "\trem.u32 %r4, %r0, 3;\n\tsetp.ne.u32 %p2, %r4, 0;\n\t@%p2 bra $L_j3;\n";
  body += "\tsetp.eq.u32 %p5, %r0, %r0;\n" + vote8(24, "0x49249249") + "$L_j3:\n";
  const ws::test::Run r = runRows(body, kThirds, 32);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  expectVote8(r, 0, 0x0000ffffu, 0x0000ffffu, 0x00009249u);
  expectVote8(r, 8, 0xffff0000u, 0xffff0000u, 0x49240000u);
  expectVote8(r, 16, 0xaaaaaaaau, 0xaaaaaaaau, 0x08208208u);  // odd lanes 3, 9, 15, 21, 27
  expectVote8(r, 24, 0x49249249u, 0x49249249u, 0x49249249u);
  EXPECT_EQ(row(r, 30)[3], 0x49249249u);  // ballot over the mask's lanes only
  EXPECT_EQ(row(r, 24)[3], 1u);           // all
}

// Lanes >= 20 and lane 3 exit first; full-mask votes count the others only.
TEST(Vote, ExitedLanesDoNotCount) {
  std::string body = kPredFromIn;
  body += "\tsetp.ge.u32 %p2, %r0, 20;\n\tsetp.eq.or.u32 %p2, %r0, 3, %p2;\n\t@%p2 ret;\n";
  body += vote8(0, "0xffffffff") + vote8(8, "0x000fffff");
  body += "\tsetp.eq.u32 %p5, %r0, %r0;\n" + vote8(16, "0xffffffff");
  const ws::test::Run r = runRows(body, kThirds, 24);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const std::uint32_t live = 0x000ffff7u;
  // Survivors with l % 3 == 0: 0, 6, 9, 12, 15, 18.
  EXPECT_EQ(row(r, 6)[0], 0x00049241u);
  EXPECT_EQ(row(r, 7)[0], 0x000b6db6u);
  expectVote8(r, 0, live, live, 0x00049241u);
  expectVote8(r, 8, live, live, 0x00049241u);
  expectVote8(r, 16, live, live, live);
  EXPECT_EQ(row(r, 16)[0], 1u);  // all true over the live lanes
}

// A converged warp whose halves pass disjoint membermasks: each half votes
// among itself and ballot bits outside the lane's mask are 0. Every lane in a
// lane's mask passes the same mask, as the ISA asks: no diagnostic.
TEST(Vote, PerLaneMembermasks) {
  std::string body = kPredFromIn;
  body += "\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, 0x0000ffff, 0xffff0000, %p2;\n" + vote8(0, "%r9");
  const ws::test::Run r = runRows(body, kThirds, 8);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  const auto lo = voteRows(0x0000ffffu, 0x00009249u), hi = voteRows(0xffff0000u, 0x49240000u);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(row(r, i), rowOf([&](auto l) { return l < 16 ? lo[i] : hi[i]; })) << i;
}

TEST(Vote, FlowsEveryMemberToEveryMember) {
  Loaded ld = load(kPredFromIn + "\tvote.sync.ballot.b32 %r6, %p5, 0xffffffff;\n", kThirds, 32);
  ASSERT_TRUE(ld.engine);
  const auto rec = stepTo(*ld.engine, core::Opcode::Vote);
  ASSERT_TRUE(rec);
  const auto pairs = flowPairs(*rec, FlowKind::Vote);
  EXPECT_EQ(pairs.size(), 32u * 32u);
  for (const auto& f : rec->flows) {
    if (f.kind != FlowKind::Vote) continue;
    EXPECT_EQ(f.value, f.from.lane % 3 == 0 ? 1u : 0u);
  }
  EXPECT_NE(std::find(pairs.begin(), pairs.end(), std::make_pair(3, 30)), pairs.end());
}

// --------------------------------------------------------------- match.sync

// Four rows from k: match.any.b32 d, match.all.b32 d, its p, and p of
// match.all.b32 with d sunk (`_|p`), for value %r5 and membermask M.
std::string match32(int k, const std::string& m) {
  return "\tmatch.any.sync.b32 %r6, %r5, " + m + ";\n" + store(k, "%r6") + "\tmatch.all.sync.b32 %r6|%p6, %r5, " +
         m + ";\n" + store(k + 1, "%r6") + storePred(k + 2, "%p6") + "\tmatch.all.sync.b32 _|%p7, %r5, " + m +
         ";\n" + storePred(k + 3, "%p7");
}
// Three rows from k: match.any.b64, match.all.b64 d, its p, for %rd5.
std::string match64(int k, const std::string& m) {
  return "\tmatch.any.sync.b64 %r6, %rd5, " + m + ";\n" + store(k, "%r6") + "\tmatch.all.sync.b64 %r6|%p6, %rd5, " +
         m + ";\n" + store(k + 1, "%r6") + storePred(k + 2, "%p6");
}

// Lanes with l % 3 == r.
std::uint32_t residue3(std::uint32_t r) {
  std::uint32_t m = 0;
  for (std::uint32_t l = r; l < 32; l += 3) m |= 1u << l;
  return m;
}
// Lanes with l % 6 == r (lo = l % 3 and hi = l % 2 both equal).
std::uint32_t residue6(std::uint32_t r) {
  std::uint32_t m = 0;
  for (std::uint32_t l = r; l < 32; l += 6) m |= 1u << l;
  return m;
}

TEST(Match, FullWarp) {
  std::string body = "\trem.u32 %r5, %r0, 3;\n" + match32(0, "0xffffffff");
  body += "\tmov.u32 %r5, 7;\n" + match32(4, "0xffffffff");
  body += "\tshr.u32 %r5, %r0, 3;\n" + match32(8, "0xffffffff");
  body += "\trem.u32 %r7, %r0, 3;\n\trem.u32 %r8, %r0, 2;\n\tmov.b64 %rd5, {%r7, %r8};\n" + match64(12, "0xffffffff");
  body += "\tsetp.ge.u32 %p2, %r0, 16;\n\tselp.u32 %r8, 1, 0, %p2;\n\tmov.u32 %r7, 5;\n\tmov.b64 %rd5, {%r7, %r8};\n" +
          match64(15, "0xffffffff");
  body += "\tmov.b64 %rd5, 0x9abcdef012345678;\n" + match64(18, "0xffffffff");
  const ws::test::Run r = runRows(body, {}, 21);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(residue3(0), 0x49249249u);
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return residue3(l % 3); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 2), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 3), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 4), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 5), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 6), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 7), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 8), rowOf([](auto l) { return 0xffu << (8 * (l / 8)); }));
  EXPECT_EQ(row(r, 9), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 10), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 12), rowOf([](auto l) { return residue6(l % 6); }));
  EXPECT_EQ(row(r, 13), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 14), rowOf([](auto) { return 0u; }));
  // Equal low words, different high words: the comparison is on all 64 bits.
  EXPECT_EQ(row(r, 15), rowOf([](auto l) { return l < 16 ? 0x0000ffffu : 0xffff0000u; }));
  EXPECT_EQ(row(r, 16), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 17), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 18), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 19), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 20), rowOf([](auto) { return 1u; }));
}

TEST(Match, PartialMembermaskInBranch) {
  std::string body = "\trem.u32 %r5, %r0, 3;\n";
  body += "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_hi;\n" + match32(0, "0x0000ffff") + "\tbra $L_j1;\n$L_hi:\n" +
          match32(4, "0xffff0000") + "$L_j1:\n";
  body += "\tsetp.ne.u32 %p2, %r5, 0;\n\t@%p2 bra $L_j2;\n\tmov.u32 %r5, 42;\n" + match32(8, "0x49249249") + "$L_j2:\n";
  const ws::test::Run r = runRows(body, {}, 12);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? residue3(l % 3) & 0xffffu : untouched(0, l); }));
  EXPECT_EQ(row(r, 0)[1], 0x2492u);
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 16 ? 0u : untouched(1, l); }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return l >= 16 ? residue3(l % 3) & 0xffff0000u : untouched(4, l); }));
  EXPECT_EQ(row(r, 8), rowOf([](auto l) { return l % 3 == 0 ? 0x49249249u : untouched(8, l); }));
  EXPECT_EQ(row(r, 9), rowOf([](auto l) { return l % 3 == 0 ? 0x49249249u : untouched(9, l); }));
  EXPECT_EQ(row(r, 10), rowOf([](auto l) { return l % 3 == 0 ? 1u : untouched(10, l); }));
  EXPECT_EQ(row(r, 11), rowOf([](auto l) { return l % 3 == 0 ? 1u : untouched(11, l); }));
}

// Lanes >= 24 and lanes 5, 6 exit first with values unlike the others': the
// survivors all hold 9, so match.all succeeds over them.
TEST(Match, ExitedLanesDoNotCount) {
  std::string body = "\tsetp.ge.u32 %p2, %r0, 24;\n\tselp.u32 %r5, %r0, 9, %p2;\n";
  body += "\tsetp.eq.or.u32 %p2, %r0, 5, %p2;\n\tsetp.eq.or.u32 %p2, %r0, 6, %p2;\n\t@%p2 ret;\n";
  body += match32(0, "0xffffffff") + "\trem.u32 %r5, %r0, 3;\n" + match32(4, "0xffffffff");
  const ws::test::Run r = runRows(body, {}, 8);
  ASSERT_EQ(r.error, "");
  const std::uint32_t live = 0x00ffff9fu;
  const auto alive = [&](std::uint32_t l) { return ((live >> l) & 1) != 0; };
  EXPECT_EQ(row(r, 0), rowOf([&](auto l) { return alive(l) ? live : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([&](auto l) { return alive(l) ? live : untouched(1, l); }));
  EXPECT_EQ(row(r, 2), rowOf([&](auto l) { return alive(l) ? 1u : untouched(2, l); }));
  EXPECT_EQ(row(r, 4), rowOf([&](auto l) { return alive(l) ? residue3(l % 3) & live : untouched(4, l); }));
  EXPECT_EQ(row(r, 5), rowOf([&](auto l) { return alive(l) ? 0u : untouched(5, l); }));
}

// Flows: lane -> lane inside each group of equal values; groups numbered by
// their lowest lane (lane 0: residue 0 is group 0, lane 1: 1, lane 2: 2).
TEST(Match, FlowsNumberGroupsByLowestLane) {
  Loaded ld = load("\trem.u32 %r5, %r0, 3;\n\tmatch.any.sync.b32 %r6, %r5, 0xffffffff;\n", {}, 32);
  ASSERT_TRUE(ld.engine);
  const auto rec = stepTo(*ld.engine, core::Opcode::Match);
  ASSERT_TRUE(rec);
  std::size_t n = 0;
  for (const auto& f : rec->flows) {
    ASSERT_EQ(f.kind, FlowKind::Match);
    EXPECT_EQ(f.from.lane % 3, f.to.lane % 3);
    EXPECT_EQ(f.group, f.to.lane % 3u);
    EXPECT_EQ(f.value, f.from.lane % 3u);
    ++n;
  }
  EXPECT_EQ(n, 11u * 11u + 11u * 11u + 10u * 10u);
}

// --------------------------------------------------------------- elect.sync

TEST(Elect, LowestParticipatingLaneLeads) {
  std::string body = "\telect.sync %r6|%p6, 0xffffffff;\n" + store(0, "%r6") + storePred(1, "%p6");
  body += "\telect.sync _|%p7, 0xffffffff;\n" + storePred(2, "%p7");
  body += "\tand.b32 %r3, %r0, 1;\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $L_j;\n";
  body += "\telect.sync %r6|%p6, 0xaaaaaaaa;\n" + store(3, "%r6") + storePred(4, "%p6") + "$L_j:\n";
  body += "\tsetp.lt.u32 %p2, %r0, 4;\n\t@%p2 ret;\n";
  body += "\telect.sync %r6|%p6, 0xffffffff;\n" + store(5, "%r6") + storePred(6, "%p6");
  const ws::test::Run r = runRows(body, {}, 7);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(row(r, 0), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l == 0 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l == 0 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return (l & 1) ? 1u : untouched(3, l); }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return (l & 1) ? (l == 1 ? 1u : 0u) : untouched(4, l); }));
  EXPECT_EQ(row(r, 5), rowOf([](auto l) { return l >= 4 ? 4u : untouched(5, l); }));
  EXPECT_EQ(row(r, 6), rowOf([](auto l) { return l >= 4 ? (l == 4 ? 1u : 0u) : untouched(6, l); }));
}

TEST(Elect, FlowsEveryMemberToEveryMember) {
  Loaded ld = load("\telect.sync %r6|%p6, 0xffffffff;\n", {}, 32);
  ASSERT_TRUE(ld.engine);
  const auto rec = stepTo(*ld.engine, core::Opcode::Elect);
  ASSERT_TRUE(rec);
  EXPECT_EQ(flowPairs(*rec, FlowKind::Reduce).size(), 32u * 32u);
}

// --------------------------------------------------------------- activemask

TEST(Activemask, ExactlyTheExecutingLanes) {
  std::string body = "\tactivemask.b32 %r6;\n" + store(0, "%r6");
  body += "\tsetp.ge.u32 %p2, %r0, 10;\n\t@%p2 bra $L_else;\n\tactivemask.b32 %r6;\n" + store(1, "%r6") +
          "\tbra $L_join;\n$L_else:\n\tactivemask.b32 %r6;\n" + store(2, "%r6") + "$L_join:\n";
  body += "\tactivemask.b32 %r6;\n" + store(3, "%r6");
  // A false guard takes the lane out of the mask (and it writes nothing).
  body += "\tmov.u32 %r7, 0x5555;\n\tsetp.lt.u32 %p3, %r0, 8;\n\t@%p3 activemask.b32 %r7;\n" + store(4, "%r7");
  body += "\trem.u32 %r4, %r0, 3;\n\tsetp.eq.u32 %p2, %r4, 0;\n\t@%p2 ret;\n\tactivemask.b32 %r6;\n" + store(5, "%r6");
  const ws::test::Run r = runRows(body, {}, 6);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(row(r, 0), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 10 ? 0x3ffu : untouched(1, l); }));
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l >= 10 ? 0xfffffc00u : untouched(2, l); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto) { return 0xffffffffu; }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return l < 8 ? 0xffu : 0x5555u; }));
  EXPECT_EQ(row(r, 5), rowOf([](auto l) { return l % 3 ? 0xb6db6db6u : untouched(5, l); }));
}

TEST(Activemask, PartialWarp) {
  const ws::test::Run r = runRows("\tactivemask.b32 %r6;\n" + store(0, "%r6"), {}, 1, {}, "sm_90a", 20);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 20 ? 0x000fffffu : untouched(0, l); }));
}

}  // namespace
}  // namespace ws::test::coll
