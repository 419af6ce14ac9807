// shfl.sync: every row of the ISA's source-lane table, the c operand's clamp
// and segment mask, sub-warp widths, the d|p predicate, partial membermasks in
// branches, exited lanes, and the undefined source cases. Expected values are
// worked out by hand from the PTX ISA semantics (see core/exec/collectives/shfl.cpp);
// a lane's input is A(l) = 0x1000 + l, so a result names the lane it came from.
#include <gtest/gtest.h>

#include <bit>

#include "tests/core/collectives_util.hpp"

namespace ws::test::coll {
namespace {

using core::DiagKind;
using core::FlowKind;
using core::StopReason;

std::uint32_t A(std::uint32_t l) { return 0x1000u + l; }
const std::vector<std::uint32_t> kIn = laneValues(A);
const std::string kLoadA = "\tld.global.u32 %r1, [%rd2];\n";

// shfl with an immediate b and c over the full warp; d to row k, p to row k+1.
std::string shflRow(int k, const std::string& mode, const std::string& b, const std::string& c) {
  return "\tshfl.sync." + mode + ".b32 %r2|%p1, %r1, " + b + ", " + c + ", 0xffffffff;\n" + store(k, "%r2") +
         storePred(k + 1, "%p1");
}

TEST(Shfl, ModesOverFullWarp) {
  std::string body = kLoadA;
  body += shflRow(0, "up", "1", "0");        // j = l-1, p = j >= 0
  body += shflRow(2, "down", "3", "0x1f");   // j = l+3, p = j <= 31
  body += shflRow(4, "bfly", "0x10", "0x1f");// j = l^16
  body += shflRow(6, "idx", "5", "0x1f");    // j = 5
  body += shflRow(8, "idx", "31", "0x1f");   // j = 31
  body += shflRow(10, "up", "0", "0");       // j = l, p = l >= 0: a real transfer from itself
  body += shflRow(12, "down", "1", "0");     // maxLane = cval = 0: j = l+1 > 0 never in range
  body += shflRow(14, "idx", "17", "0xf");   // maxLane = 15: j = 17 out of range everywhere
  body += shflRow(16, "up", "1", "0x1f");    // maxLane = 31: j = l-1 >= 31 never
  const ws::test::Run r = runRows(body, kIn, 18);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l == 0 ? A(0) : A(l - 1); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l >= 1 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l <= 28 ? A(l + 3) : A(l); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return l <= 28 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return A(l ^ 16); }));
  EXPECT_EQ(row(r, 5), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 6), rowOf([](auto) { return A(5); }));
  EXPECT_EQ(row(r, 7), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 8), rowOf([](auto) { return A(31); }));
  EXPECT_EQ(row(r, 9), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 10), rowOf(A));
  EXPECT_EQ(row(r, 11), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 12), rowOf(A));
  EXPECT_EQ(row(r, 13), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 14), rowOf(A));
  EXPECT_EQ(row(r, 15), rowOf([](auto) { return 0u; }));
  EXPECT_EQ(row(r, 16), rowOf(A));
  EXPECT_EQ(row(r, 17), rowOf([](auto) { return 0u; }));
}

// Sub-warp width W: c = ((32-W)<<8) | (W-1) for down/bfly/idx, (32-W)<<8 for up.
// segmask = ~(W-1), so minLane = the segment's first lane and maxLane its last
// (its first for .up).
TEST(Shfl, SubWarpWidths) {
  for (std::uint32_t W : {4u, 8u, 16u}) {
    SCOPED_TRACE("width " + std::to_string(W));
    const std::string c = std::to_string(((32 - W) << 8) | (W - 1));
    const std::string cUp = std::to_string((32 - W) << 8);
    std::string body = kLoadA;
    body += shflRow(0, "idx", "5", c);
    body += shflRow(2, "up", "1", cUp);
    body += shflRow(4, "down", "2", c);
    body += shflRow(6, "bfly", "1", c);
    body += shflRow(8, "bfly", "5", c);
    body += shflRow(10, "up", "3", cUp);
    const ws::test::Run r = runRows(body, kIn, 12);
    ASSERT_EQ(r.error, "");
    const std::uint32_t lo = W - 1;
    // idx 5: lane (5 mod W) of the own segment.
    EXPECT_EQ(row(r, 0), rowOf([&](auto l) { return A((l & ~lo) | (5 & lo)); }));
    EXPECT_EQ(row(r, 1), rowOf([](auto) { return 1u; }));
    // up 1: from l-1 unless l is the first lane of its segment.
    EXPECT_EQ(row(r, 2), rowOf([&](auto l) { return (l & lo) >= 1 ? A(l - 1) : A(l); }));
    EXPECT_EQ(row(r, 3), rowOf([&](auto l) { return (l & lo) >= 1 ? 1u : 0u; }));
    // down 2: from l+2 unless that passes the segment's last lane.
    EXPECT_EQ(row(r, 4), rowOf([&](auto l) { return (l & lo) + 2 <= lo ? A(l + 2) : A(l); }));
    EXPECT_EQ(row(r, 5), rowOf([&](auto l) { return (l & lo) + 2 <= lo ? 1u : 0u; }));
    EXPECT_EQ(row(r, 6), rowOf([](auto l) { return A(l ^ 1); }));
    EXPECT_EQ(row(r, 7), rowOf([](auto) { return 1u; }));
    // bfly 5: j = l^5 is only bounded above by maxLane = segment end. For
    // W = 4, bit 2 of b leaves the segment: when l has bit 2 clear, j lies
    // in the next segment (> maxLane: own value, p = 0); when set, j lies in
    // the previous segment (<= maxLane: p = 1, a real cross-segment read).
    if (W == 4) {
      EXPECT_EQ(row(r, 8), rowOf([](auto l) { return (l & 4) ? A(l ^ 5) : A(l); }));
      EXPECT_EQ(row(r, 9), rowOf([](auto l) { return (l & 4) ? 1u : 0u; }));
    } else {
      EXPECT_EQ(row(r, 8), rowOf([](auto l) { return A(l ^ 5); }));
      EXPECT_EQ(row(r, 9), rowOf([](auto) { return 1u; }));
    }
    EXPECT_EQ(row(r, 10), rowOf([&](auto l) { return (l & lo) >= 3 ? A(l - 3) : A(l); }));
    EXPECT_EQ(row(r, 11), rowOf([&](auto l) { return (l & lo) >= 3 ? 1u : 0u; }));
  }
}

// Odd c values: W = 2 via 0x1e01 (maxLane = l | 1), a clamp below the
// segment (c = 0x1808: segmask 0x18, cval 8: maxLane = (l & 0x18) | 0),
// and bits of c outside [12:8] and [4:0], which the ISA ignores.
TEST(Shfl, ClampAndSegmentFields) {
  std::string body = kLoadA;
  body += shflRow(0, "down", "1", "0x1e01");
  body += shflRow(2, "up", "2", "0x1808");
  body += shflRow(4, "idx", "2", "0xe01f");      // c[12:8] = 0: whole warp, plain idx
  body += shflRow(6, "up", "1", "0xffffe000");   // c[12:8] = 0, cval = 0: plain up
  body += shflRow(8, "bfly", "1", "0x1c03");     // W = 4
  body += shflRow(10, "idx", "13", "0x1403");    // segmask 0x14, cval 3
  const ws::test::Run r = runRows(body, kIn, 12);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return (l & 1) == 0 ? A(l + 1) : A(l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return (l & 1) == 0 ? 1u : 0u; }));
  // up 2 with maxLane = l & 0x18: in range when l - 2 >= (l & 0x18), i.e. l mod 8 >= 2.
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return (l & 7) >= 2 ? A(l - 2) : A(l); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return (l & 7) >= 2 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 4), rowOf([](auto) { return A(2); }));
  EXPECT_EQ(row(r, 5), rowOf([](auto) { return 1u; }));
  EXPECT_EQ(row(r, 6), rowOf([](auto l) { return l >= 1 ? A(l - 1) : A(0); }));
  EXPECT_EQ(row(r, 7), rowOf([](auto l) { return l >= 1 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 8), rowOf([](auto l) { return A(l ^ 1); }));
  EXPECT_EQ(row(r, 9), rowOf([](auto) { return 1u; }));
  // idx 13, segmask 0x14 (bits 4 and 2), cval 3: j = (l & 0x14) | (13 & 0x0b) = (l & 0x14) | 9,
  // maxLane = (l & 0x14) | 3: j = ...|9 > ...|3 always, so every lane keeps its own value.
  EXPECT_EQ(row(r, 10), rowOf(A));
  EXPECT_EQ(row(r, 11), rowOf([](auto) { return 0u; }));
}

// b and c from registers, different per lane; b is used modulo 32.
TEST(Shfl, RegisterOperandsPerLane) {
  std::string body = kLoadA;
  body += "\tadd.u32 %r10, %r0, 32;\n";                 // b = l + 32: bval = l
  body += "\tshfl.sync.idx.b32 %r2|%p1, %r1, %r10, 0x1f, 0xffffffff;\n" + store(0, "%r2") + storePred(1, "%p1");
  body += "\tmov.u32 %r11, 33;\n";                       // up by 33 = up by 1
  body += "\tshfl.sync.up.b32 %r2|%p1, %r1, %r11, 0, 0xffffffff;\n" + store(2, "%r2") + storePred(3, "%p1");
  body += "\tand.b32 %r12, %r0, 7;\n";                   // down by l & 7
  body += "\tshfl.sync.down.b32 %r2|%p1, %r1, %r12, 0x1f, 0xffffffff;\n" + store(4, "%r2") + storePred(5, "%p1");
  // c = l: cval = l, segmask 0: idx 31 is in range only for lane 31.
  body += "\tshfl.sync.idx.b32 %r2|%p1, %r1, 31, %r0, 0xffffffff;\n" + store(6, "%r2") + storePred(7, "%p1");
  body += "\tshfl.sync.bfly.b32 %r2|%p1, %r1, %r0, 0x1f, 0xffffffff;\n" + store(8, "%r2") + storePred(9, "%p1");
  const ws::test::Run r = runRows(body, kIn, 10);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(row(r, 0), rowOf(A));
  EXPECT_EQ(row(r, 1), rowOf([](auto) { return 1u; }));  // in range: a transfer from itself
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l >= 1 ? A(l - 1) : A(0); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return l >= 1 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return l + (l & 7) <= 31 ? A(l + (l & 7)) : A(l); }));
  EXPECT_EQ(row(r, 5), rowOf([](auto l) { return l + (l & 7) <= 31 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 6), rowOf(A));
  EXPECT_EQ(row(r, 7), rowOf([](auto l) { return l == 31 ? 1u : 0u; }));
  EXPECT_EQ(row(r, 8), rowOf([](auto) { return A(0); }));  // l ^ l = 0
  EXPECT_EQ(row(r, 9), rowOf([](auto) { return 1u; }));
}

float asFloat(std::uint32_t b) { return std::bit_cast<float>(b); }
std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

// The ISA's examples: butterfly reduction and the .up inclusive scan, with
// x = l + 1 as f32 (every partial sum is exact), and the scan again on u32.
TEST(Shfl, ButterflyReductionAndUpScan) {
  std::string body = "\tadd.u32 %r1, %r0, 1;\n\tcvt.rn.f32.u32 %f1, %r1;\n\tmov.f32 %f2, %f1;\n";
  int k = 0;
  for (const char* off : {"0x10", "0x8", "0x4", "0x2", "0x1"}) {
    body += std::string("\tshfl.sync.bfly.b32 %f3, %f1, ") + off + ", 0x1f, 0xffffffff;\n\tadd.f32 %f1, %f3, %f1;\n";
    body += "\tmov.b32 %r5, %f1;\n" + store(k++, "%r5");
  }
  for (const char* off : {"0x1", "0x2", "0x4", "0x8", "0x10"}) {
    body += std::string("\tshfl.sync.up.b32 %f3|%p1, %f2, ") + off + ", 0x0, 0xffffffff;\n\t@%p1 add.f32 %f2, %f3, %f2;\n";
    body += "\tmov.b32 %r5, %f2;\n" + store(k++, "%r5");
  }
  for (const char* off : {"0x1", "0x2", "0x4", "0x8", "0x10"}) {
    body += std::string("\tshfl.sync.up.b32 %r3|%p1, %r1, ") + off + ", 0x0, 0xffffffff;\n\t@%p1 add.u32 %r1, %r3, %r1;\n";
    body += store(k++, "%r1");
  }
  const ws::test::Run r = runRows(body, {}, 15);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  // Step 1 adds x of l ^ 16; after five steps every lane holds 1 + ... + 32 = 528.
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return bitsOf(static_cast<float>((l + 1) + ((l ^ 16) + 1))); }));
  // After step s (offsets 16, 8, 4, 2, 1), lane l holds the sum over the lanes
  // that agree with l on bits 0 .. 3-s.
  for (std::uint32_t s = 0; s < 5; ++s) {
    const std::uint32_t low = (1u << (4 - s)) - 1;
    EXPECT_EQ(row(r, s), rowOf([&](auto l) {
                float sum = 0;
                for (std::uint32_t j = 0; j < 32; ++j)
                  if ((j & low) == (l & low)) sum += static_cast<float>(j + 1);
                return bitsOf(sum);
              })) << "bfly step " << s;
  }
  EXPECT_EQ(row(r, 4), rowOf([](auto) { return bitsOf(528.0f); }));
  EXPECT_EQ(asFloat(row(r, 4)[0]), 528.0f);
  // Scan after step s: sum of x over lanes max(0, l - 2^s + 1) .. l.
  for (std::uint32_t s = 0; s < 5; ++s) {
    const auto expect = [s](std::uint32_t l) {
      std::uint32_t sum = 0;
      const std::uint32_t span = 1u << (s + 1);
      for (std::uint32_t j = (l + 1 >= span ? l + 1 - span : 0); j <= l; ++j) sum += j + 1;
      return sum;
    };
    EXPECT_EQ(row(r, 5 + s), rowOf([&](auto l) { return bitsOf(static_cast<float>(expect(l))); })) << "f32 step " << s;
    EXPECT_EQ(row(r, 10 + s), rowOf(expect)) << "u32 step " << s;
  }
  // Fully scanned: (l + 1)(l + 2) / 2.
  EXPECT_EQ(row(r, 14), rowOf([](auto l) { return (l + 1) * (l + 2) / 2; }));
}

// Partial membermasks executed inside a branch by exactly the mask's lanes.
TEST(Shfl, PartialMembermaskInBranch) {
  std::string body = kLoadA;
  body += "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_hi;\n";
  body += "\tadd.u32 %r3, %r0, 3;\n\tand.b32 %r3, %r3, 15;\n";
  body += "\tshfl.sync.idx.b32 %r2, %r1, %r3, 0x1f, 0x0000ffff;\n" + store(0, "%r2");
  body += "\tshfl.sync.down.b32 %r2|%p1, %r1, 1, 0x100f, 0x0000ffff;\n" + store(1, "%r2") + storePred(2, "%p1");
  body += "\tbra $L_join;\n$L_hi:\n";
  body += "\tshfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffff0000;\n" + store(3, "%r2");
  body += "$L_join:\n";
  body += "\tand.b32 %r4, %r0, 1;\n\tsetp.eq.u32 %p3, %r4, 0;\n\t@%p3 bra $L_end;\n";
  body += "\tshfl.sync.bfly.b32 %r2, %r1, 2, 0x1f, 0xaaaaaaaa;\n" + store(4, "%r2");
  body += "\tshfl.sync.down.b32 %r2|%p1, %r1, 2, 0x1f, 0xaaaaaaaa;\n" + store(5, "%r2") + storePred(6, "%p1");
  body += "$L_end:\n";
  const ws::test::Run r = runRows(body, kIn, 7);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? A((l + 3) & 15) : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 16 ? (l < 15 ? A(l + 1) : A(15)) : untouched(1, l); }));
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l < 16 ? (l < 15 ? 1u : 0u) : untouched(2, l); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return l >= 16 ? A(l ^ 1) : untouched(3, l); }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return (l & 1) ? A(l ^ 2) : untouched(4, l); }));
  // down 2 from an odd lane reads the next odd lane; for lane 31, j = 33 is out of range.
  EXPECT_EQ(row(r, 5), rowOf([](auto l) { return (l & 1) ? (l <= 29 ? A(l + 2) : A(l)) : untouched(5, l); }));
  EXPECT_EQ(row(r, 6), rowOf([](auto l) { return (l & 1) ? (l <= 29 ? 1u : 0u) : untouched(6, l); }));
}

const std::string kExitHigh = "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 ret;\n";

// Lanes 16..31 exit first; full-mask shuffles whose sources are all live.
TEST(Shfl, ExitedLanesDoNotTakePart) {
  std::string body = kLoadA + kExitHigh;
  body += "\txor.b32 %r3, %r0, 1;\n";
  body += "\tshfl.sync.idx.b32 %r2, %r1, %r3, 0x1f, 0xffffffff;\n" + store(0, "%r2");
  body += "\tshfl.sync.bfly.b32 %r2, %r1, 8, 0x1f, 0xffffffff;\n" + store(1, "%r2");
  body += "\tshfl.sync.up.b32 %r2, %r1, 1, 0, 0xffffffff;\n" + store(2, "%r2");
  body += "\tshfl.sync.down.b32 %r2|%p1, %r1, 1, 0x100f, 0xffffffff;\n" + store(3, "%r2") + storePred(4, "%p1");
  const ws::test::Run r = runRows(body, kIn, 5);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? A(l ^ 1) : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 16 ? A(l ^ 8) : untouched(1, l); }));
  EXPECT_EQ(row(r, 2), rowOf([](auto l) { return l < 16 ? (l >= 1 ? A(l - 1) : A(0)) : untouched(2, l); }));
  EXPECT_EQ(row(r, 3), rowOf([](auto l) { return l < 16 ? (l < 15 ? A(l + 1) : A(15)) : untouched(3, l); }));
  EXPECT_EQ(row(r, 4), rowOf([](auto l) { return l < 16 ? (l < 15 ? 1u : 0u) : untouched(4, l); }));
}

const core::Diagnostic* firstDiag(const Run& r, DiagKind k) {
  for (const auto& d : r.result.diags)
    if (d.kind == k) return &d;
  return nullptr;
}

// Undefined: lanes 16..31 exited, then lanes 0..15 source lane l + 16.
const std::string kReadExited = kLoadA + kExitHigh + "\tadd.u32 %r3, %r0, 16;\n" +
                                "\tshfl.sync.idx.b32 %r2|%p1, %r1, %r3, 0x1f, 0xffffffff;\n" + store(0, "%r2") +
                                storePred(1, "%p1");
// Undefined: inside `if (l < 16)` with membermask 0x0000ffff, sources l + 16.
const std::string kReadInactive = kLoadA + "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_end;\n" +
                                  "\tadd.u32 %r3, %r0, 16;\n" +
                                  "\tshfl.sync.idx.b32 %r2|%p1, %r1, %r3, 0x1f, 0x0000ffff;\n" + store(0, "%r2") +
                                  storePred(1, "%p1") + "$L_end:\n";

TEST(Shfl, StrictStopsOnExitedSource) {
  const ws::test::Run r = runRows(kReadExited, kIn, 2);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const core::Diagnostic* d = firstDiag(r, DiagKind::ShflSourceInactive);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0x0000ffffu);
  EXPECT_NE(d->message.find("lane 0 reads lane 16"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("lane 15 reads lane 31"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("exited"), std::string::npos) << d->message;
  // Stopped after the shfl: nothing was stored.
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return untouched(0, l); }));
}

TEST(Shfl, StrictStopsOnSourceOutsideMembermask) {
  const ws::test::Run r = runRows(kReadInactive, kIn, 2);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  const core::Diagnostic* d = firstDiag(r, DiagKind::ShflSourceInactive);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0x0000ffffu);
  EXPECT_NE(d->message.find("lane 5 reads lane 21"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("not in membermask 0x0000ffff"), std::string::npos) << d->message;
}

// Hardware mode goes on and gives what the H100 gave (tests/data/hw/
// golden-shfl.json: shfl_undef_exited_src, shfl_undef_inactive_src): a source
// lane that does not execute the shfl reads as 0, and p is still true.
TEST(Shfl, HardwareReadsZeroFromExitedSource) {
  const ws::test::Run r = runRows(kReadExited, kIn, 2, hardwareMode());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const core::Diagnostic* d = firstDiag(r, DiagKind::ShflSourceInactive);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0x0000ffffu);
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 16 ? 0u : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 16 ? 1u : untouched(1, l); }));
}

TEST(Shfl, HardwareReadsZeroFromInactiveSource) {
  // down 8 inside `if (l < 16)`: lanes 0..7 read live lanes 8..15, lanes
  // 8..15 read the inactive lanes 16..23.
  const std::string body = kLoadA + "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_end;\n" +
                           "\tshfl.sync.down.b32 %r2|%p1, %r1, 8, 0x1f, 0x0000ffff;\n" + store(0, "%r2") +
                           storePred(1, "%p1") + "$L_end:\n";
  const ws::test::Run r = runRows(body, kIn, 2, hardwareMode());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const core::Diagnostic* d = firstDiag(r, DiagKind::ShflSourceInactive);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->lanes, 0x0000ff00u);
  EXPECT_NE(d->message.find("lane 8 reads lane 16"), std::string::npos) << d->message;
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 8 ? A(l + 8) : l < 16 ? 0u : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 16 ? 1u : untouched(1, l); }));
}

// A converged warp whose halves pass 0x0000ffff and 0xffff0000 and read
// lane l ^ 16: undefined (not in membermask), but the source executes the
// same shfl and the H100 hands over its real a (shfl_undef_not_in_mask).
TEST(Shfl, HardwareSourceOutsideMaskButActiveGivesItsValue) {
  const std::string body = kLoadA + "\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, 0x0000ffff, 0xffff0000, %p2;\n" +
                           "\tshfl.sync.bfly.b32 %r2|%p1, %r1, 16, 0x1f, %r9;\n" + store(0, "%r2") + storePred(1, "%p1");
  const ws::test::Run r = runRows(body, kIn, 2, hardwareMode());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return A(l ^ 16); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto) { return 1u; }));
  core::LaneMask flagged = 0;
  for (const auto& d : r.result.diags)
    if (d.kind == DiagKind::ShflSourceInactive) flagged |= d.lanes;
  EXPECT_EQ(flagged, 0xffffffffu);
}

// Out-of-range lanes copy their own a and are never undefined, whatever the
// membermask: down 8 with clamp 15 inside `if (l < 16)` reads lanes 8..15
// for lanes 0..7 only.
TEST(Shfl, OutOfRangeIsNeverUndefined) {
  std::string body = kLoadA + "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_end;\n" +
                     "\tshfl.sync.down.b32 %r2|%p1, %r1, 8, 0xf, 0x0000ffff;\n" + store(0, "%r2") +
                     storePred(1, "%p1") + "$L_end:\n";
  const ws::test::Run r = runRows(body, kIn, 2);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_FALSE(r.hasDiag(DiagKind::ShflSourceInactive));
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 8 ? A(l + 8) : l < 16 ? A(l) : untouched(0, l); }));
  EXPECT_EQ(row(r, 1), rowOf([](auto l) { return l < 8 ? 1u : l < 16 ? 0u : untouched(1, l); }));
}

// Flows of one shfl step: Shuffle from the source lane to the reader, and
// ShuffleKeep (from == to) where the source is out of range.
TEST(Shfl, FlowsOfOneStep) {
  const std::string body = kLoadA + "\tshfl.sync.down.b32 %r2, %r1, 3, 0x1f, 0xffffffff;\n";
  Loaded ld = load(body, kIn, 32);
  ASSERT_TRUE(ld.engine);
  const auto rec = stepTo(*ld.engine, core::Opcode::Shfl);
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->lanes, 0xffffffffu);
  ASSERT_EQ(rec->flows.size(), 32u);
  std::int32_t r1 = -1, r2 = -1;
  for (std::size_t i = 0; i < ld.program->regs.size(); ++i) {
    if (ld.program->regs[i].name == "%r1") r1 = static_cast<std::int32_t>(i);
    if (ld.program->regs[i].name == "%r2") r2 = static_cast<std::int32_t>(i);
  }
  for (std::uint32_t l = 0; l < 32; ++l) {
    const core::Flow& f = rec->flows[l];
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(f.kind, l <= 28 ? FlowKind::Shuffle : FlowKind::ShuffleKeep);
    EXPECT_EQ(f.from, core::Endpoint::ofLane(rec->warp, static_cast<int>(l <= 28 ? l + 3 : l), r1));
    EXPECT_EQ(f.to, core::Endpoint::ofLane(rec->warp, static_cast<int>(l), r2));
    EXPECT_EQ(f.value, l <= 28 ? A(l + 3) : A(l));
  }
}

}  // namespace
}  // namespace ws::test::coll
