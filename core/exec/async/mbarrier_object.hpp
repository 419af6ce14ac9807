#pragma once
// The mbarrier object (PTX ISA 9.7.13.15) as warpscope stores it: its 8 bytes
// of shared memory hold the whole state, so the object is journaled, stepped
// back and edited like any other memory. The PTX ISA leaves the contents
// opaque ("Contents of the mbarrier object", 9.7.13.15.2); this encoding is
// ours, chosen so that a zeroed object reads as uninitialised and the views can
// show every field:
//
//   bits [19:0]   pending arrival count        (0 .. 2^20-1)
//   bits [39:20]  expected arrival count       (0 .. 2^20-1)
//   bits [60:40]  tx-count, 21-bit two's complement (-(2^20-1) .. 2^20-1 valid)
//   bits [62:61]  phase number modulo 4 (bit 61 = the current phase's parity)
//   bit  63       initialised: set by mbarrier.init, cleared by mbarrier.inval
//
// Counts wrap modulo their field width when a program breaks the ISA's ranges
// (the H100 keeps its counts in fixed-width fields too); the handler reports
// that as a diagnostic. The state token returned by mbarrier.arrive is the
// object's word before the arrive (9.7.13.15.13: "capturing the phase of the
// mbarrier object prior to the arrive-on operation"), which also carries the
// pending count that mbarrier.pending_count reports (9.7.13.15.17).
//
// Everything here is a pure function of values; exec/mbarrier.cpp does the
// memory access, the diagnostics and the data flows.
#include <cstdint>

namespace ws::core::mbar {

inline constexpr std::uint32_t kMaxCount = (1u << 20) - 1;  // expected/pending arrival counts
inline constexpr std::int32_t kMaxTx = (1 << 20) - 1;        // |tx-count|
inline constexpr std::uint32_t kPhaseModulus = 4;
inline constexpr unsigned kBytes = 8;                        // size and alignment (9.7.13.15.1)

struct Mbarrier {
  bool initialised = false;
  std::uint32_t phase = 0;     // current phase number modulo 4
  std::uint32_t pending = 0;   // pending arrivals of the current phase
  std::uint32_t expected = 0;  // expected arrivals of each next phase
  std::int32_t tx = 0;         // tx-count of the current phase
  std::uint32_t parity() const { return phase & 1u; }
  bool operator==(const Mbarrier&) const = default;
};

std::uint64_t encode(const Mbarrier& m);
Mbarrier decode(std::uint64_t word);

// What one operation did, for diagnostics and the views.
struct Outcome {
  Mbarrier after;
  bool completed = false;          // the current phase completed (and the next began)
  bool overArrive = false;         // the pending arrival count would have gone below zero
  bool expectedUnderflow = false;  // arrive_drop took the expected count below zero
  bool txOutOfRange = false;       // the tx-count left [-(2^20-1), 2^20-1]
  bool pendingOverflow = false;    // an increment took the pending count past 2^20-1
};

// mbarrier.init (9.7.13.15.9): phase 0, expected = pending = count, tx-count 0.
Mbarrier init(std::uint32_t count);
// mbarrier.inval (9.7.13.15.10): the memory is no longer an mbarrier object.
// The counts are kept so the views can still show what it was.
Mbarrier invalidate(const Mbarrier& m);
// One atomic update of the object: an expect-tx (txDelta > 0) or complete-tx
// (txDelta < 0) of |txDelta|, then, with `drop`, lowering the expected count
// of this and every later phase by `arrivals` (arrive_drop, 9.7.13.15.14), then
// an arrive-on with `arrivals` (9.7.13.15.7), then the phase-completion check
// (9.7.13.15.6). expect_tx/complete_tx (9.7.13.15.11/12) are the tx-only forms,
// arrive.expect_tx the combined one.
struct Change {
  std::uint32_t arrivals = 0;
  bool drop = false;
  std::int64_t txDelta = 0;
};
Outcome apply(const Mbarrier& m, const Change& c);
inline Outcome arrive(const Mbarrier& m, std::uint32_t count, bool drop = false) { return apply(m, {count, drop, 0}); }
inline Outcome expectTx(const Mbarrier& m, std::uint32_t txCount) { return apply(m, {0, false, txCount}); }
inline Outcome completeTx(const Mbarrier& m, std::uint32_t txCount) {
  return apply(m, {0, false, -static_cast<std::int64_t>(txCount)});
}

// cp.async.mbarrier.arrive without .noinc (9.7.13.15.15): "the pending count
// of the mbarrier object is incremented by 1 prior to the asynchronous
// arrive-on operation". Never completes a phase (the count only grows).
Outcome addPending(const Mbarrier& m, std::uint32_t count);

// test_wait/try_wait.parity (9.7.13.15.16): the phase with this parity (the
// current or the immediately preceding one) has completed, i.e. the current
// phase has the other parity.
bool parityCompleted(const Mbarrier& m, std::uint32_t parity);

// State tokens.
inline std::uint64_t tokenOf(const Mbarrier& before) { return encode(before); }
inline std::uint32_t tokenParity(std::uint64_t token) { return decode(token).parity(); }
inline std::uint32_t tokenPendingCount(std::uint64_t token) { return decode(token).pending; }
// How many phases the token's phase lies behind the current one, modulo 4:
// 0 = the current phase, 1 = the immediately preceding one, 2 or 3 = a phase
// test_wait/try_wait may not ask about.
std::uint32_t tokenAge(const Mbarrier& m, std::uint64_t token);

}  // namespace ws::core::mbar
