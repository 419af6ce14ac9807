// The mbarrier object's encoding and its pure operations (exec/mbarrier_object.hpp),
// checked against the PTX ISA's description (9.7.13.15.2 - 9.7.13.15.17) with
// values worked out by hand.
#include <gtest/gtest.h>

#include "core/exec/async/mbarrier_object.hpp"

namespace {

using namespace ws::core::mbar;

TEST(MbarrierObject, ZeroedMemoryIsUninitialised) {
  const Mbarrier m = decode(0);
  EXPECT_FALSE(m.initialised);
  EXPECT_EQ(m.pending, 0u);
  EXPECT_EQ(m.expected, 0u);
  EXPECT_EQ(m.tx, 0);
  EXPECT_EQ(m.phase, 0u);
}

TEST(MbarrierObject, InitEncodesEveryField) {
  // init(3): pending 3 in [19:0], expected 3 in [39:20], tx 0, phase 0, bit 63 set.
  EXPECT_EQ(encode(init(3)), 0x8000000000300003ull);
  // init(2^20-1): both counts all ones.
  EXPECT_EQ(encode(init(kMaxCount)), 0x800000ffffffffffull);
}

TEST(MbarrierObject, EncodeDecodeRoundTripsNegativeTxAndPhase) {
  Mbarrier m;
  m.initialised = true;
  m.phase = 3;
  m.pending = 5;
  m.expected = 7;
  m.tx = -5;
  // tx -5 in 21 bits = 0x1ffffb at bit 40; phase 3 at bits 62:61.
  const std::uint64_t w = (1ull << 63) | (3ull << 61) | (0x1ffffbull << 40) | (7ull << 20) | 5ull;
  EXPECT_EQ(encode(m), w);
  EXPECT_EQ(decode(w), m);
  m.tx = -kMaxTx;
  EXPECT_EQ(decode(encode(m)).tx, -kMaxTx);
  m.tx = kMaxTx;
  EXPECT_EQ(decode(encode(m)).tx, kMaxTx);
}

TEST(MbarrierObject, ArrivalsCompleteThePhaseAndReloadPending) {
  Mbarrier m = init(2);
  Outcome o = arrive(m, 1);
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.pending, 1u);
  EXPECT_EQ(o.after.phase, 0u);
  o = arrive(o.after, 1);
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.phase, 1u);
  EXPECT_EQ(o.after.pending, 2u);  // reinitialised to the expected count
  EXPECT_EQ(o.after.expected, 2u);
  EXPECT_FALSE(o.overArrive);
}

TEST(MbarrierObject, ArriveWithCount) {
  Outcome o = arrive(init(3), 2);
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.pending, 1u);
  o = arrive(o.after, 1);
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.pending, 3u);
}

TEST(MbarrierObject, OverArrivalIsFlaggedAndWrapsTheField) {
  const Outcome o = arrive(init(1), 2);
  EXPECT_TRUE(o.overArrive);
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.pending, kMaxCount);  // 1 - 2 modulo 2^20
}

TEST(MbarrierObject, ArriveDropLowersExpectedForLaterPhases) {
  // init(3); arrive_drop: expected 3 -> 2, pending 3 -> 2.
  Outcome o = arrive(init(3), 1, true);
  EXPECT_EQ(o.after.expected, 2u);
  EXPECT_EQ(o.after.pending, 2u);
  o = arrive(o.after, 1);
  EXPECT_FALSE(o.completed);
  o = arrive(o.after, 1);
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.pending, 2u);  // the next phase expects 2
  EXPECT_EQ(o.after.phase, 1u);
}

TEST(MbarrierObject, ArriveDropOfTheLastArrivalCompletesWithTheNewCount) {
  // init(2), arrive, arrive_drop: completes; the next phase expects 1.
  Outcome o = arrive(init(2), 1);
  o = arrive(o.after, 1, true);
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.expected, 1u);
  EXPECT_EQ(o.after.pending, 1u);
}

TEST(MbarrierObject, ArriveDropBelowZeroExpectedIsFlagged) {
  const Outcome o = arrive(init(1), 2, true);
  EXPECT_TRUE(o.expectedUnderflow);
  EXPECT_TRUE(o.overArrive);
}

TEST(MbarrierObject, TxCountHoldsThePhaseUntilComplete) {
  // init(1); expect_tx 128; arrive: pending 0 but tx 128 -> not complete.
  Outcome o = expectTx(init(1), 128);
  EXPECT_EQ(o.after.tx, 128);
  EXPECT_FALSE(o.completed);
  o = arrive(o.after, 1);
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.pending, 0u);
  o = completeTx(o.after, 100);
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.tx, 28);
  o = completeTx(o.after, 28);
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.tx, 0);
  EXPECT_EQ(o.after.pending, 1u);
  EXPECT_EQ(o.after.phase, 1u);
}

TEST(MbarrierObject, CompleteTxBeforeExpectTxGoesNegative) {
  // The async data arrives before the expect: tx -4, then arrive.expect_tx 4
  // (expect-tx first, then the arrival) completes the phase.
  Outcome o = completeTx(init(1), 4);
  EXPECT_EQ(o.after.tx, -4);
  EXPECT_FALSE(o.completed);
  o = apply(o.after, {1, false, 4});
  EXPECT_TRUE(o.completed);
  EXPECT_EQ(o.after.tx, 0);
}

TEST(MbarrierObject, ArriveExpectTxExpectsBeforeArriving) {
  // init(1); arrive.expect_tx 16 must not complete: the tx is outstanding.
  const Outcome o = apply(init(1), {1, false, 16});
  EXPECT_FALSE(o.completed);
  EXPECT_EQ(o.after.pending, 0u);
  EXPECT_EQ(o.after.tx, 16);
}

TEST(MbarrierObject, TxCountOutsideItsRangeIsFlagged) {
  Outcome o = expectTx(init(1), kMaxTx);
  EXPECT_FALSE(o.txOutOfRange);
  o = expectTx(o.after, 1);
  EXPECT_TRUE(o.txOutOfRange);
  EXPECT_EQ(o.after.tx, -(1 << 20));  // 2^20 wrapped in 21 bits
  o = completeTx(init(1), (1u << 20));
  EXPECT_TRUE(o.txOutOfRange);
}

TEST(MbarrierObject, ParityWaitsOnCurrentAndPrecedingPhase) {
  Mbarrier m = init(1);
  // Phase 0 is current and incomplete; parity 1 names the preceding phase,
  // which counts as complete.
  EXPECT_FALSE(parityCompleted(m, 0));
  EXPECT_TRUE(parityCompleted(m, 1));
  m = arrive(m, 1).after;  // phase 0 completes
  EXPECT_TRUE(parityCompleted(m, 0));
  EXPECT_FALSE(parityCompleted(m, 1));
  EXPECT_TRUE(parityCompleted(m, 2));  // only the integer parity counts
}

TEST(MbarrierObject, PhaseNumberWrapsModuloFour) {
  Mbarrier m = init(1);
  for (int i = 0; i < 4; ++i) m = arrive(m, 1).after;
  EXPECT_EQ(m.phase, 0u);
  m = arrive(m, 1).after;
  EXPECT_EQ(m.phase, 1u);
  EXPECT_EQ(m.parity(), 1u);
}

TEST(MbarrierObject, TokensCarryPhaseAndPendingCountBeforeTheArrive) {
  const Mbarrier m0 = init(3);
  const std::uint64_t t0 = tokenOf(m0);
  EXPECT_EQ(tokenPendingCount(t0), 3u);  // "prior to the arrive-on operation"
  EXPECT_EQ(tokenParity(t0), 0u);
  Mbarrier m = arrive(m0, 1).after;
  EXPECT_EQ(tokenAge(m, t0), 0u);
  const std::uint64_t t1 = tokenOf(m);
  EXPECT_EQ(tokenPendingCount(t1), 2u);
  m = arrive(m, 2).after;  // completes phase 0
  EXPECT_EQ(tokenAge(m, t1), 1u);
  EXPECT_TRUE(parityCompleted(m, tokenParity(t1)));
  m = arrive(arrive(arrive(m, 1).after, 1).after, 1).after;  // completes phase 1
  EXPECT_EQ(tokenAge(m, t1), 2u);  // neither current nor preceding
}

TEST(MbarrierObject, InvalidateKeepsCountsButClearsTheMarker) {
  const Mbarrier m = arrive(init(4), 1).after;
  const Mbarrier v = invalidate(m);
  EXPECT_FALSE(v.initialised);
  EXPECT_EQ(v.pending, 3u);
  EXPECT_EQ(v.expected, 4u);
  EXPECT_EQ(encode(v) >> 63, 0u);
  const Mbarrier r = init(1);
  EXPECT_TRUE(r.initialised);
  EXPECT_EQ(r.phase, 0u);
}

}  // namespace
